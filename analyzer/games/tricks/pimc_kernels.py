"""numba kernels of ``pimc`` (perfect-information Monte Carlo scored against the player's own bid):
what plays reveal, worlds consistent with what the player has seen, and pimc's bid.

A world deals the cards the player has not seen to the other seats consistently with what it
knows: its hand, the turned card, the cards played, the voids shown (not following the led
suit, not trumping when bound to, the highest card forced by a led "take") and the heuristic
seats' bids (by rejection, up to a cap). The card play is in
:mod:`analyzer.games.tricks.pimc_move_kernels`; the set-valued search in
:mod:`analyzer.games.tricks.pimc_search_kernels`.

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
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.bid_kernels import bid_rest, play_out
from analyzer.games.tricks.kernels import (
    GIVE,
    JK1,
    TAKE,
    led_suit,
    popcount,
    suit_mask,
)
from analyzer.games.tricks.pimc_search_kernels import (
    bid_value,
    guaranteed_score,
    new_table,
    search_set,
    trick_bounds,
)
from analyzer.games.tricks.policies import HEURISTIC, choose_bid
from analyzer.games.tricks.rules import P
from analyzer.kernels.rng import bounded, deal

__all__ = ["PIMC", "bid_value", "guaranteed_score", "new_table", "note_play", "pimc_bid", "search_set",
           "trick_bounds", "world"]

PIMC = 2
R_MODEL = P.MODEL
R_MUST_TRUMP = P.MUST_TRUMP
R_HOOK = P.HOOK
R_JOKER_LEAD = P.JOKER_LEAD
SAMPLE_TRIES = 200
BID_WORLDS = 16  # worlds per K when bidding from playouts (they are cheap)


@njit(cache=True)
def note_play(forbid, seat, a, t_card, t_mode, k, trump, rp):
    """What a play shows about the player's hand, added to ``forbid[seat]`` (cards it cannot hold)."""
    b = a & 63
    if k == 0 or b >= JK1:
        return
    s = led_suit(t_card, t_mode, k, rp[R_MODEL])
    if s < 0:
        return
    if (b >> 4) != s:
        forbid[seat] |= suit_mask(s)
        if rp[R_MUST_TRUMP] and trump >= 0 and (b >> 4) != trump:
            forbid[seat] |= suit_mask(trump)
    elif rp[R_MODEL] == 0 and t_card[0] >= JK1 and TAKE <= t_mode[0] < GIVE:
        forbid[seat] |= suit_mask(s) & ~((uint64(2) << uint64(b)) - uint64(1))


@njit(cache=True)
def _sample(dstate, pool, npool, sizes, forbid, np_, me, my_hand, out):
    """Deal ``pool[:npool]`` to the other seats (``sizes``), the rest out of play, respecting
    ``forbid``: cards in random order (those some seat cannot hold first), each to a seat that
    may hold it, chosen in proportion to the room left (out of play counts as a seat). Close to
    uniform over the consistent deals, not exactly. False if it got stuck."""
    deal(dstate, pool[:npool], npool)  # a random order of the pool (the buffer may be longer)
    anyf = uint64(0)
    for s in range(np_):
        anyf |= forbid[s]
    j = 0
    for i in range(npool):  # cards some seat cannot hold go first (stable, still in random order)
        if anyf & (uint64(1) << uint64(pool[i])):
            c = pool[i]
            for q in range(i, j, -1):
                pool[q] = pool[q - 1]
            pool[j] = c
            j += 1
    room = np.zeros(np_ + 1, np.int64)
    used = 0
    for s in range(np_):
        out[s] = uint64(0)
        if s != me:
            room[s] = sizes[s]
            used += sizes[s]
    out[me] = my_hand
    room[np_] = npool - used
    for i in range(npool):
        c = pool[i]
        bit = uint64(1) << uint64(c)
        tot = 0
        for s in range(np_ + 1):
            if room[s] > 0 and (s == np_ or not forbid[s] & bit):
                tot += room[s]
        if tot == 0:
            return False
        x = bounded(dstate, tot)
        for s in range(np_ + 1):
            if room[s] > 0 and (s == np_ or not forbid[s] & bit):
                if x < room[s]:
                    room[s] -= 1
                    if s < np_:
                        out[s] |= bit
                    break
                x -= room[s]
    return True


@njit(cache=True)
def _bids_fit(world, played_by, np_, pol, bids, trump, tricks, n, rp, extra, pstate):
    """Would the heuristic seats have bid what they bid, holding these cards at the start?"""
    total = 0
    for s in range(np_):
        if pol[s] == HEURISTIC:
            forbidden = -1
            if s == np_ - 1 and rp[R_HOOK] != 2:
                forbidden = (tricks if rp[R_HOOK] == 0 else n) - total
            if choose_bid(HEURISTIC, world[s] | played_by[s], trump, tricks, forbidden, extra,
                          pstate) != bids[s]:
                return False
        total += bids[s]
    return True


@njit(cache=True)
def world(dstate, pstate, pool, npool, sizes, forbid, played_by, np_, me, my_hand, pol, bids,
          n_bids, trump, tricks, n, rp, out):
    """One world consistent with the player's information (the bids by rejection, up to a cap)."""
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    have = False
    for _ in range(SAMPLE_TRIES):
        if not _sample(dstate, pool, npool, sizes, forbid, np_, me, my_hand, out):
            continue
        have = True
        if n_bids == 0:
            return True
        if _bids_fit(out, played_by, n_bids, pol, bids, trump, tricks, n, rp, extra, pstate):
            return True
    if not have:  # the void constraints could not be met by the sequential draw: drop them
        nof = np.zeros(np_, np.uint64)
        _sample(dstate, pool, npool, sizes, nof, np_, me, my_hand, out)
    return False


@njit(cache=True)
def _pool(deck_mask, hands, me, played, up_bit, buf):
    seen = played | hands[me]
    if up_bit >= 0:
        seen |= uint64(1) << uint64(up_bit)
    x = deck_mask & ~seen
    m = 0
    while x:
        low = x & (~x + uint64(1))
        b = 0
        y = low
        while y > uint64(1):
            y >>= uint64(1)
            b += 1
        buf[m] = b
        m += 1
        x ^= low
    return m


@njit(cache=True)
def pimc_bid(me, hands, trump, rp, bids, legal, nlegal, leader, up_bit, deck_mask, np_, n, tricks,
             set_index, pol, kk, budget, tt, stamp, nodes, dstate, pstate, h_bid, mode):
    """pimc's bid: the legal bid (of ``legal[:nlegal]``) with the best mean value over K worlds:
    ``mode`` 0 the world played out by the heuristic for each bid (the default, see the module
    text), 2 :func:`bid_value` from the solver's trick bounds, 3 the guaranteed score."""
    pool_buf = np.zeros(64, np.int64)
    npool = _pool(deck_mask, hands, me, uint64(0), up_bit, pool_buf)
    sizes = np.zeros(np_, np.int64)
    for s in range(np_):
        sizes[s] = popcount(hands[s])
    forbid = np.zeros(np_, np.uint64)
    played_by = np.zeros(np_, np.uint64)
    worlds = np.zeros(np_, np.uint64)
    sums = np.zeros(nlegal, np.float64)
    tc = np.zeros(np_, np.int64)
    work = np.zeros(np_, np.uint64)
    wbids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    stock = np.zeros(0, np.int64)
    nw = kk * BID_WORLDS if mode == 0 else kk
    for _ in range(nw):
        world(dstate, pstate, pool_buf, npool, sizes, forbid, played_by, np_, me, hands[me], pol, bids,
              me, trump, tricks, n, rp, worlds)
        if mode == 0:
            for j in range(nlegal):
                for s in range(np_):
                    work[s] = worlds[s]
                for s in range(me):
                    wbids[s] = bids[s]
                wbids[me] = legal[j]
                bid_rest(work, trump, tricks, n, np_, rp, pol, wbids, me + 1, 0.0, pstate)
                play_out(work, stock, 0, trump, np_, n, tricks, set_index, rp, pol, wbids, deck_mask,
                         pstate, took, scores)
                sums[j] += scores[me]
            continue
        if mode == 3:
            for j in range(nlegal):
                sums[j] += guaranteed_score(worlds, np_, me, trump, rp, leader, 0, tc, tc, 0, tricks,
                                            legal[j], n, set_index, tt, stamp, nodes, budget)
            continue
        low, most = trick_bounds(worlds, np_, me, trump, rp, leader, tricks, tt, stamp, nodes, budget)
        for j in range(nlegal):
            sums[j] += bid_value(legal[j], low, most, n, set_index, rp)
    best = 0
    for j in range(nlegal):
        if sums[j] > sums[best]:
            best = j
    for j in range(nlegal):
        if legal[j] == h_bid and sums[j] == sums[best]:
            return h_bid
    return legal[best]
