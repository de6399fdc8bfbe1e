"""pimc's worlds: deals of the cards a player has not seen that agree with everything it has seen.

A world deals the cards the player has not seen to the other seats consistently with what it
knows: its hand, the turned card, the cards played, the voids shown (not following the led
suit, not trumping when bound to, the highest card forced by a led "take") and the heuristic
seats' bids (by rejection, up to a cap); when drawing, the stock still to draw in a fresh
order, the turned card last. The card play is in :mod:`analyzer.games.tricks.policies.pimc_move`,
the bids in :mod:`analyzer.games.tricks.policies.pimc_bid`.

>>> import numpy as np
>>> out = np.zeros(4, np.int64)
>>> n = world_stock(np.array([3, 5, 7]), 3, np.array([1 << 5], np.uint64), 1, True, 9,
...                 np.array([1, 2, 3, 4], np.uint64), out)
>>> n, sorted(out[:2].tolist()), int(out[2])
(3, [3, 7], 9)
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.playout import forbidden_bid
from analyzer.games.tricks.policies.basic import HEURISTIC, choose_bid
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded, deal

__all__ = ["SAMPLE_TRIES", "pool_of", "world", "world_stock"]

SAMPLE_TRIES = 200
BID_WORLDS = 16  # worlds per K when bidding from playouts (they are cheap)


@kernel
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
        tot = np.int64(0)  # int64 from the start: bounded is not compiled first for the constant 0
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


@no_refcount
def _bids_fit(world, played_by, np_, n_bids, pol, bids, trump, tricks, n, rp, extra, pstate):
    """Would the heuristic seats among the first ``n_bids`` have bid what they bid, holding these
    cards at the start?"""
    for s in range(n_bids):
        if pol[s] == HEURISTIC:
            forbidden = forbidden_bid(bids, s, np_, tricks, n, rp)
            if choose_bid(np.int64(HEURISTIC), world[s] | played_by[s], trump, tricks, forbidden, extra,
                          pstate) != bids[s]:
                return False
    return True


@kernel
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
        if _bids_fit(out, played_by, np_, n_bids, pol, bids, trump, tricks, n, rp, extra, pstate):
            return True
    if not have:  # the void constraints could not be met by the sequential draw: drop them
        nof = np.zeros(np_, np.uint64)
        _sample(dstate, pool, npool, sizes, nof, np_, me, my_hand, out)
    return False


@no_refcount
def pool_of(deck_mask, hands, me, played, up_bit, buf):
    """The cards seat ``me`` has not seen (not in its hand, not played, not the turned card),
    written to ``buf``; returns how many."""
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


@no_refcount
def world_stock(pool, npool, worlds, np_, up_in_stock, up_bit, sstate, out):
    """The stock of a world when drawing: the cards of ``pool[:npool]`` no seat holds in
    ``worlds``, in a fresh random order, then the turned card when it is still in the stock
    (it is drawn last). Writes ``out`` and returns its length."""
    held = uint64(0)
    for s in range(np_):
        held |= worlds[s]
    m = np.int64(0)  # int64 from the start: deal is not compiled first for the constant 0
    for i in range(npool):
        if not held & (uint64(1) << uint64(pool[i])):
            out[m] = pool[i]
            m += 1
    deal(sstate, out[:m], m)
    if up_in_stock:
        out[m] = up_bit
        m += 1
    return m
