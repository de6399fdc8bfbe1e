"""pimc's bid: the legal bid with the best mean value over worlds consistent with the earlier bids.

Bidding (``bid_mode``): 1, the default, is the heuristic's bid; 0 the legal bid with the best
mean score over 16·K worlds consistent with the earlier bids, each world played out by the
heuristic at every seat once per bid; 2 the bid with the best mean value from the solver's
trick bounds in K worlds (the most tricks the player makes sure of, the fewest he makes sure
not to exceed: exact when the bid lies between, else the score of the bound it misses by);
3 the best mean guaranteed score. Measured in duplicate against the heuristic (4-card Georgian
deals, K = 16, paranoid card play, before the world sampling was fixed to deal only the unseen
cards): 2 and 3 lose about 64 points a deal — three seats playing together against the player
make every solver bid far too pessimistic — and 0 was no better than 1, so pimc bids like the
heuristic by default.

>>> BID_WORLDS
16
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import popcount
from analyzer.games.tricks.kernels.playout import (
    CARDS,
    DECK,
    LEADER,
    SET,
    TRICKS,
    TRUMP,
    UP_BIT,
    bid_and_play,
    bid_blind,
    keep_short_play,
    new_position,
    playout_codes,
    reused_score,
    same_play,
    short_play,
    start_play,
)
from analyzer.games.tricks.policies.worlds import pool_of, world, world_stock
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.search.sets import bid_value, guaranteed_score, trick_bounds
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel

__all__ = ["BID_WORLDS", "pimc_bid"]

BID_WORLDS = 16  # worlds per K when bidding from playouts (they are cheap)
R_DRAW = P.DRAW


@kernel
def pimc_bid(g, me, legal, nlegal, rp, pol, kk, budget, tt, stamp, nodes, sstate, pstate, h_bid, mode):
    """Seat ``me``'s bid in a started position ``g`` (``bids[:me]`` made): the legal bid (of
    ``legal[:nlegal]``) with the best mean value over worlds consistent with its hand, the
    turned card and the earlier bids; ``mode`` 0 each world (16·K of them, with the stock in a
    fresh order when drawing) played out once per bid, the later seats bidding and every seat
    playing by its code (pimc as the heuristic; with the heuristic everywhere a play that stays short
    of two bids is played once, :func:`~analyzer.games.tricks.kernels.playout.same_play`); 2 :func:`bid_value` from the solver's trick
    bounds, 3 the guaranteed score (K worlds, no drawing). The heuristic's bid ``h_bid`` on a tie."""
    hands, _stock, pos, bits, _tc, _tm, bids, _took, _scores, played_by, forbid = g
    np_ = hands.shape[0]
    trump = pos[TRUMP]
    n = pos[CARDS]
    tricks = pos[TRICKS]
    up_bit = pos[UP_BIT]
    pool_buf = np.zeros(64, np.int64)
    npool = pool_of(bits[DECK], hands, me, uint64(0), up_bit, pool_buf)
    sizes = np.zeros(np_, np.int64)
    for s in range(np_):
        sizes[s] = popcount(hands[s])
    worlds = np.zeros(np_, np.uint64)
    sums = np.zeros(nlegal, np.float64)
    tc = np.zeros(np_, np.int64)
    drawing = rp[R_DRAW] == 1
    wstock = np.zeros(64, np.int64)
    wg = new_position(np_, np.int64(64))
    zero = np.int64(0)  # passed for the constant 0: each callee compiles once for every caller
    wpol = playout_codes(pol)
    blind = bid_blind(wpol, rp)  # the heuristic everywhere: a play short of two bids is both bids' play
    extra = (tricks - n) / np_
    ref = short_play(np_)  # a play that stayed short of its bid (see same_play)
    mv = np.zeros(48, np.int64)
    nw = kk * BID_WORLDS if mode == 0 else kk
    for _ in range(nw):
        world(sstate, pstate, pool_buf, npool, sizes, forbid, played_by, np_, me, hands[me], pol, bids, me, trump,
              tricks, n, rp, worlds)
        if mode == 0:
            ns = world_stock(pool_buf, npool, worlds, np_, up_bit >= 0, up_bit, sstate, wstock) if drawing else 0
            ref[0] = -1  # none yet in this world
            for i in range(nlegal):
                j = nlegal - 1 - i if blind else i  # highest first (the legal bids ascend)
                copy_into(wg[6], bids[:me])
                if blind and same_play(wg[6], me, legal[j], ref, worlds, trump, tricks, n, rp, wpol, extra, pstate):
                    sums[j] += reused_score(ref, legal[j], n, pos[SET], rp)
                    continue
                copy_into(wg[0], worlds)
                copy_into(wg[1], wstock[:ns])
                copy_into(wg[6], bids[:me])
                wg[6][me] = legal[j]
                start_play(wg, pos[LEADER], trump, up_bit, n, tricks, pos[SET], bits[DECK], ns, zero)
                bid_and_play(wg, me + 1, extra, rp, wpol, pstate, mv)
                sums[j] += wg[8][me]
                if blind:
                    keep_short_play(ref, legal[j], wg[7][me], wg[8][me], wg[6], n, pos[SET], rp)
            continue
        if mode == 3:
            for j in range(nlegal):
                sums[j] += guaranteed_score(worlds, np_, me, trump, rp, pos[LEADER], zero, tc, tc, zero, tricks, legal[j], n,
                                            pos[SET], tt, stamp, nodes, budget)
            continue
        low, most = trick_bounds(worlds, np_, me, trump, rp, pos[LEADER], tricks, tt, stamp, nodes, budget)
        for j in range(nlegal):
            sums[j] += bid_value(legal[j], low, most, n, pos[SET], rp)
    best = 0
    for j in range(nlegal):
        if sums[j] > sums[best]:
            best = j
    for j in range(nlegal):
        if legal[j] == h_bid and sums[j] == sums[best]:
            return h_bid
    return legal[best]
