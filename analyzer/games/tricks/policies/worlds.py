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

__all__ = ["SAMPLE_TRIES", "pool_of", "world", "world_rejection", "world_stock"]

SAMPLE_TRIES = 200
STUCK, FITS, MISFIT = 0, 1, 2  # how a try of world ends
BID_WORLDS = 16  # worlds per K when bidding from playouts (they are cheap)


@no_refcount(inline="always")
def _deal_in_proportion(dstate, pool, k, room, forbid, np_, out):
    """Deal ``pool[:k]`` in order, each card to a seat that may hold it (``forbid``) with
    probability proportional to the room left there (``room[np_]``: out of play); False if a card
    finds no room (stuck)."""
    for i in range(k):
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
    return _deal_in_proportion(dstate, pool, npool, room, forbid, np_, out)


@no_refcount(inline="always")
def _checked(s, n_bids, pol):
    """Whether seat ``s``'s bid is evidence a world must fit (a heuristic seat that has bid)."""
    return s < n_bids and pol[s] == HEURISTIC


@no_refcount(inline="always")
def _fits(hand, s, np_, bids, trump, tricks, n, rp, extra, pstate):
    """Would the heuristic at seat ``s``, holding ``hand`` at the start, have bid what it bid?"""
    return choose_bid(np.int64(HEURISTIC), hand, trump, tricks, forbidden_bid(bids, s, np_, tricks, n, rp), extra,
                      pstate) == bids[s]


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
    """One world consistent with the player's information (the bids by rejection, up to a cap):
    the law of :func:`world_rejection`, drawn with less work.

    A try of plain rejection (:func:`_sample`) shuffles the pool, takes the cards some seat cannot
    hold first and deals each card to a seat that may hold it with probability proportional to
    the room left there (out of play counting as a seat). Once those cards are dealt every seat
    may hold every card left, and dealing each in proportion to the room left is a uniformly
    random split of the rest into the rooms left, whatever their order: the probability of a
    given split is prod(room!) / (cards left)! for every split. :func:`_try` deals the first
    part as :func:`_sample` does (the same process: the constrained cards in a random order, the
    same proportional draw) and the rest by Fisher–Yates draws, hand after hand, the heuristic
    seats that have bid first: a try comes out with the law of :func:`_sample`'s.

    Each heuristic seat's fit depends on its own hand only, so a try is stopped as soon as a
    dealt hand does not fit its bid: it would be rejected whatever the other hands. The tries
    are independent and each starts afresh, so stopping a rejected try changes which random
    numbers later tries use, not their law: the world kept is distributed as the first try that
    fits, as under plain rejection. What plain rejection reads from rejected tries stays the
    same: whether a try got stuck (only in the first part, before any stop) and the last try's
    sample, returned when none fits (the last try is never stopped). Fewer random numbers (one
    per card dealt until the try fails against two per pool card) and no rejected try dealt in
    full; ``tests/test_tricks_pimc.py`` compares the two samplers, with and without voids."""
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    anyf = uint64(0)
    for s in range(np_):
        anyf |= forbid[s]
    m = 0  # the cards some seat cannot hold go to pool[:m]
    for i in range(npool):
        if anyf & (uint64(1) << uint64(pool[i])):
            c = pool[i]
            pool[i] = pool[m]
            pool[m] = c
            m += 1
    room = np.zeros(np_ + 1, np.int64)
    have = False
    for t in range(SAMPLE_TRIES):
        r = _try(dstate, pstate, pool, npool, m, sizes, forbid, played_by, np_, me, my_hand, pol, bids, n_bids,
                 trump, tricks, n, rp, extra, out, room, t < SAMPLE_TRIES - 1)
        if r == STUCK:
            continue
        have = True
        if r == FITS:
            return True
    if not have:  # the void constraints could not be met by the sequential draw: drop them
        nof = np.zeros(np_, np.uint64)
        _sample(dstate, pool, npool, sizes, nof, np_, me, my_hand, out)
    return False


@no_refcount
def _try(dstate, pstate, pool, npool, m, sizes, forbid, played_by, np_, me, my_hand, pol, bids, n_bids, trump,
         tricks, n, rp, extra, out, room, stop):
    """One try of :func:`world` (``pool[:m]`` the cards some seat cannot hold, ``room`` scratch of
    ``np_ + 1``): :data:`STUCK`, :data:`FITS` or :data:`MISFIT` (with ``stop``, possibly before
    every hand is dealt)."""
    used = 0
    for s in range(np_):
        out[s] = uint64(0)
        room[s] = 0
        if s != me:
            room[s] = sizes[s]
            used += sizes[s]
    out[me] = my_hand
    room[np_] = npool - used
    deal(dstate, pool[:m], m)  # the constrained cards in a random order, dealt as by _sample
    if not _deal_in_proportion(dstate, pool, m, room, forbid, np_, out):
        return STUCK
    j = m  # the free cards: pool[m:npool], drawn hand after hand
    fits = True
    for s in range(np_):
        if not _checked(s, n_bids, pol):
            continue
        if s != me:
            out[s] |= _draw(dstate, pool, npool, j, room[s])
            j += room[s]
        if fits and not _fits(out[s] | played_by[s], s, np_, bids, trump, tricks, n, rp, extra, pstate):
            fits = False
            if stop:
                return MISFIT
    for s in range(np_):
        if s != me and not _checked(s, n_bids, pol):
            out[s] |= _draw(dstate, pool, npool, j, room[s])
            j += room[s]
    return FITS if fits else MISFIT


@kernel
def world_rejection(dstate, pstate, pool, npool, sizes, forbid, played_by, np_, me, my_hand, pol, bids,
                    n_bids, trump, tricks, n, rp, out):
    """One world by plain rejection: :func:`_sample` until the heuristic seats' bids fit, at most
    :data:`SAMPLE_TRIES` times (else the last sample): the reference of :func:`world`, which draws
    the same law with less work (the tests compare the two; no kernel calls this one)."""
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
def _draw(dstate, pool, npool, j, k):
    """Steps ``j .. j + k - 1`` of a Fisher–Yates shuffle of ``pool[:npool]``: a uniformly random
    ``k`` of ``pool[j:npool]`` go to ``pool[j:j + k]``; their mask."""
    h = uint64(0)
    for i in range(j, j + k):
        r = i + bounded(dstate, npool - i)
        c = pool[r]
        pool[r] = pool[i]
        pool[i] = c
        h |= uint64(1) << uint64(c)
    return h


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
