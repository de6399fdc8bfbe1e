"""A deal played with a policy code per seat, pimc included: the bids, then the one playout loop.

The seats bid in order (a pimc seat by its bid mode, else by its code); then
:func:`analyzer.games.tricks.kernels.playout.play_on` plays every seat it can and hands each
pimc decision to :func:`analyzer.games.tricks.policies.pimc_move.pimc_move`. pimc's search
context is one tuple ``search = (cfg, tt, ctr, sstate)``: its options, its transposition
table, the counters (``ctr[0]`` solver nodes, ``ctr[1]`` the table stamp) and its random
stream. Without a pimc seat the play is exactly the loop's.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> from analyzer.games.tricks.deck import deck_array, trick_deck
>>> rp = trick_rules("georgian-joker").params()
>>> pack = deck_array(trick_deck("36j"))
>>> g = new_position(4, pack.size)
>>> search = new_search(np.zeros(5, np.int64), np.ones(4, np.uint64), 1)
>>> trump = deal_and_play(np.array([1, 2, 3, 4], np.uint64), np.ones(4, np.uint64), pack, g, 5, 0, rp,
...                       np.array([1, 1, 1, 1]), search, np.zeros(48, np.int64))
>>> int(sum(g[7]))   # took: five tricks
5
"""

from __future__ import annotations

import numpy as np

from analyzer.games.tricks.kernels.dealing import (
    deal_cards,
    pack_mask,
    policy_state,
    search_state,
    stock_after,
)
from analyzer.games.tricks.kernels.playout import (
    CARDS,
    EXTERNAL,
    TRICKS,
    TRUMP,
    apply_move,
    bid_and_play,
    first_leader,
    forbidden_bid,
    new_position,
    play_on,
    score_deal,
    start_play,
)
from analyzer.games.tricks.policies.basic import HEURISTIC, PIMC, PIMC_BID, choose_bid
from analyzer.games.tricks.policies.pimc_bid import pimc_bid
from analyzer.games.tricks.policies.pimc_move import C_BID, C_BUDGET, C_K, pimc_move
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.search.sets import new_table
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount

__all__ = [
    "LOG_TABLE",
    "bid_and_play_seats",
    "bid_seats",
    "deal_and_play",
    "deal_and_play_plain",
    "deal_into",
    "has_external",
    "new_position",
    "new_search",
    "piece_carry",
    "play_decisions",
    "play_seats",
    "search_for",
    "seat_bid",
]

R_DRAW = P.DRAW
LOG_TABLE = 18  # pimc's transposition table: 2**18 entries


@kernel
def new_search(cfg, sstate, log_size):
    """pimc's search context: options ``cfg``, a table of ``2**log_size`` entries, zero counters."""
    return (cfg, new_table(log_size), np.zeros(2, np.int64), sstate)


@no_refcount
def has_external(pol):
    """Whether a seat's code decides outside the playout loop (a pimc seat)."""
    i = 0
    while i < pol.shape[0] and pol[i] < EXTERNAL:
        i += 1
    return i < pol.shape[0]


@kernel
def search_for(pol, cfg, sstate):
    """A search context sized for the line-up: the full table only when a seat is pimc."""
    return new_search(cfg, sstate, LOG_TABLE if has_external(pol) else 1)


@kernel
def piece_carry(state, pack0, out, pol, cfg):
    """What a chunk run in pieces carries from one piece to the next (the pieces move it on): the
    deals' stream (from the chunk's ``state``) and the policies' stream drawn from it, a copy of
    the pack ``pack0``, the result vector ``out``, pimc's search for the line-up ``pol`` (on its
    own stream, see :func:`search_for`)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    return dstate, pstate, pack0.copy(), out, search_for(pol, cfg, search_state(state))


# The levels of the seat loop below are inlined into their callers (inline="always"): as separate
# kernels, numba optimized pimc's search again at every level (see analyzer.compiles).
@kernel(inline="always")
def seat_bid(g, s, extra, rp, pol, search, pstate):
    """Seat ``s``'s bid in a started position with ``bids[:s]`` made: a pimc seat by its bid
    mode (``PIMC_BID`` always by search, ``PIMC`` by ``cfg[C_BID]``, 1 being the heuristic's
    bid), any other seat by its code; ``extra`` the tricks expected from drawn cards."""
    hands, _stock, pos, _bits, _t_card, _t_mode, bids, _took, _scores, _played_by, _forbid = g
    cfg, tt, ctr, sstate = search
    np_ = hands.shape[0]
    tricks = pos[TRICKS]
    forbidden = forbidden_bid(bids, s, np_, tricks, pos[CARDS], rp)
    b = choose_bid(pol[s], hands[s], pos[TRUMP], tricks, forbidden, extra, pstate)
    mode = 0 if pol[s] == PIMC_BID else (cfg[C_BID] if pol[s] == PIMC else 1)
    if mode == 1 or (mode != 0 and rp[R_DRAW] == 1):
        return b
    legal = np.zeros(tricks + 1, np.int64)
    m = np.int64(0)  # int64 from the start: pimc_bid is not compiled for the constant 0 first
    for x in range(tricks + 1):
        if x != forbidden:
            legal[m] = x
            m += 1
    ctr[1] += 1
    return pimc_bid(g, s, legal, m, rp, pol, cfg[C_K], cfg[C_BUDGET], tt, ctr[1], ctr, sstate, pstate, b, mode)


@kernel(inline="always")
def bid_seats(g, start, extra, rp, pol, search, pstate):
    """Bids of seats ``start..`` (``bids[:start]`` made) in a started position, each by
    :func:`seat_bid`."""
    bids = g[6]
    for s in range(start, bids.shape[0]):
        bids[s] = seat_bid(g, s, extra, rp, pol, search, pstate)


@kernel(inline="always")
def play_decisions(g, rp, pol, search, pstate, moves):
    """Play a position with its bids made to the end, pimc seats by pimc's card (not scored)."""
    cfg, tt, ctr, sstate = search
    while True:
        seat = play_on(g, rp, pol, pstate, moves)
        if seat < 0:
            break
        ctr[1] += 1
        apply_move(g, pimc_move(g, rp, pol, cfg, tt, ctr[1], ctr, sstate, pstate), rp)


@kernel(inline="always")
def play_seats(g, rp, pol, search, pstate, moves):
    """Play a position with its bids made to the end, pimc seats by pimc's card, and score it."""
    play_decisions(g, rp, pol, search, pstate, moves)
    score_deal(g, rp)


@kernel(inline="always")
def bid_and_play_seats(g, start, rp, pol, search, pstate, moves):
    """From a started position with ``bids[:start]`` made: the other seats bid (the heuristic's
    share of the tricks from drawn cards counted), then the deal is played out and scored."""
    pos = g[2]
    bid_seats(g, start, (pos[TRICKS] - pos[CARDS]) / g[0].shape[0], rp, pol, search, pstate)
    play_seats(g, rp, pol, search, pstate, moves)


@no_refcount(inline="always")
def deal_into(dstate, pstate, pack, g, n, set_index, rp, pol):
    """Shuffle ``pack``, deal ``n`` cards each into position ``g`` (its stock as long as the pack),
    name the trump and start the play (the bids not yet made); returns the trump (-1: none)."""
    hands, stock, _pos, _bits, _t_card, _t_mode, _bids, _took, _scores, _played_by, _forbid = g
    np_ = hands.shape[0]
    trump, up_bit, dealt = deal_cards(dstate, pack, np_, n, rp, HEURISTIC if pol[0] >= EXTERNAL else pol[0],
                                      pstate, hands)
    ns = stock_after(rp, pack.shape[0], dealt)
    copy_into(stock, pack[dealt:dealt + ns])
    tricks = n + ns // np_
    start_play(g, first_leader(np_, rp), trump, up_bit, n, tricks, set_index, pack_mask(pack), ns,
               1 if has_external(pol) else 0)
    return trump


@kernel(inline="always")
def deal_and_play(dstate, pstate, pack, g, n, set_index, rp, pol, search, moves):
    """Shuffle ``pack``, deal ``n`` cards each into position ``g`` (its stock as long as the
    pack), bid and play the deal with the seats' codes; returns the trump (-1: none)."""
    trump = deal_into(dstate, pstate, pack, g, n, set_index, rp, pol)
    bid_and_play_seats(g, np.int64(0), rp, pol, search, pstate, moves)
    return trump


@kernel(inline="always")
def deal_and_play_plain(dstate, pstate, pack, g, n, set_index, rp, pol, moves):
    """:func:`deal_and_play` when no seat plays pimc (the same deal, bids and cards, drawing on the
    same streams), without pimc's search compiled in: a chunk kernel given no pimc options
    (None) takes this path, pruned by the argument's type, and compiles about a third as much."""
    pos = g[2]
    trump = deal_into(dstate, pstate, pack, g, n, set_index, rp, pol)
    bid_and_play(g, np.int64(0), (pos[TRICKS] - pos[CARDS]) / g[0].shape[0], rp, pol, pstate, moves)
    return trump
