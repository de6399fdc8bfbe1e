"""numba kernels of a joker's value: the same deal played with none, one and two jokers at a seat.

One sample, from the chunk's deal stream (draws in this order):

1. the whole pack is shuffled (every position uniform: hands seat by seat, then the turned
   card and the stock, or the undealt cards);
2. the seat ``S`` studied: the given one, or ``bounded(players)``;
3. **version 0 (no joker)**: each joker in S's hand, in hand order, is swapped with a card at a
   uniformly random position outside S's hand that holds no joker (redrawn while it hits a
   joker). S's hand is then uniform among joker-free hands; the jokers sit at uniform positions
   elsewhere (another hand, the stock, the turned card or out of play);
4. **version 1 (one joker)**: one joker, ``Jk1`` or ``Jk2`` with ``bounded(2)``, is swapped with a
   uniformly random card of S's version-0 hand (that card goes where the joker was);
5. **version 2 (two jokers)**, when S holds two cards or more: the other joker is swapped with a
   uniformly random other card of S's version-0 hand.

Every other card stays where it was. The trump is the one of version 0's turned card in every
version (a joker moved out of the turned place leaves the deal without trump); in a full deal
(no card turned) seat 0 names it in each version from his own first three cards. Every seat
plays by its policy; the policies' stream is reset to the same state for each version (common
random numbers), so the versions differ only by where the jokers lie.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.dealing import pack_mask, policy_state, stock_after, turned_trump
from analyzer.games.tricks.kernels.moves import JK1
from analyzer.games.tricks.kernels.playout import (
    bid_and_play,
    first_leader,
    new_position,
    start_play,
)
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded, deal

__all__ = ["WIDTH", "joker_deals", "joker_value_chunk", "joker_versions"]


# per seat: deals, then per version v = 0, 1, 2: Σ score, Σ score², made, Σ tricks;
# then per difference (1 − 0, 2 − 0, 2 − 1): Σ d, Σ d²
WIDTH = 1 + 3 * 4 + 3 * 2


@no_refcount
def _position(pack, card):
    for i in range(pack.shape[0]):
        if pack[i] == card:
            return i
    return -1


@no_refcount
def joker_versions(dstate, pack, np_, n, seat, versions):
    """Shuffle ``pack`` and write the three versions (rows of ``versions``) of the sample
    described in the module text; returns the seat studied. Row 2 is row 1 when ``n == 1``."""
    size = pack.shape[0]
    deal(dstate, pack, size)
    s = seat if seat >= 0 else bounded(dstate, np_)
    lo = s * n
    v0 = versions[0]
    copy_into(v0, pack)
    for i in range(lo, lo + n):
        if v0[i] >= JK1:
            while True:
                j = bounded(dstate, size - n)
                if j >= lo:
                    j += n
                if v0[j] < JK1:
                    break
            t = v0[i]
            v0[i] = v0[j]
            v0[j] = t
    v1 = versions[1]
    copy_into(v1, v0)
    which = bounded(dstate, np.int64(2))  # int64: bounded compiles once for every caller
    p = _position(v1, JK1 + which)
    q = lo + bounded(dstate, n)
    v1[p] = v1[q]
    v1[q] = JK1 + which
    v2 = versions[2]
    copy_into(v2, v1)
    if n >= 2:
        p2 = _position(v2, JK1 + 1 - which)
        q2 = lo + (q - lo + 1 + bounded(dstate, n - 1)) % n
        v2[p2] = v2[q2]
        v2[q2] = JK1 + 1 - which
    return s


@kernel
def joker_deals(state, n_deals, pack0, np_, n, seat):
    """The samples of :func:`joker_value_chunk` (same state, same draws) without playing them:
    ``(versions[n_deals, 3, size], seats[n_deals])`` — for the tests."""
    dstate = state.copy()
    policy_state(dstate)  # the chunk draws the policies' stream first
    pack = pack0.copy()
    size = pack.shape[0]
    out = np.zeros((n_deals, 3, size), np.int64)
    seats = np.zeros(n_deals, np.int64)
    for d in range(n_deals):
        seats[d] = joker_versions(dstate, pack, np_, n, seat, out[d])
    return out, seats


@kernel(nogil=True)
def joker_value_chunk(state, n_deals, pack0, np_, n, rp, pol, seat):
    """``n_deals`` samples, each played in its versions; the result is ``WIDTH`` entries per seat
    (see ``WIDTH``), the seat being the one studied in the sample."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    size = pack.shape[0]
    dealt = np_ * n
    ns = stock_after(rp, size, dealt)
    tricks = n + ns // np_
    extra = (tricks - n) / np_
    nv = 3 if n >= 2 else 2
    nd = 3 if n >= 2 else 1
    out = np.zeros(np_ * WIDTH, np.int64)
    versions = np.zeros((3, size), np.int64)
    g = new_position(np_, size)
    hands, stock, bids, took, scores = g[0], g[1], g[6], g[7], g[8]
    moves = np.zeros(48, np.int64)
    saved = np.zeros(4, np.uint64)
    got = np.zeros(3, np.int64)
    deck_mask = pack_mask(pack)
    for _ in range(n_deals):
        s = joker_versions(dstate, pack, np_, n, seat, versions)
        trump0, up0 = turned_trump(versions[0], np_, n, rp, pol[0], pstate) if dealt < size else (0, -1)
        copy_into(saved, pstate)
        base = s * WIDTH
        out[base] += 1
        for v in range(nv):
            copy_into(pstate, saved)
            row = versions[v]
            trump = trump0 if dealt < size else turned_trump(row, np_, n, rp, pol[0], pstate)[0]
            for t in range(np_):
                hands[t] = uint64(0)
                for i in range(n):
                    hands[t] |= uint64(1) << uint64(row[t * n + i])
            copy_into(stock, row[dealt:dealt + ns])
            start_play(g, first_leader(np_, rp), trump, up0, n, tricks, np.int64(0), deck_mask, ns, np.int64(0))
            bid_and_play(g, np.int64(0), extra, rp, pol, pstate, moves)
            x = scores[s]
            got[v] = x
            j = base + 1 + 4 * v
            out[j] += x
            out[j + 1] += x * x
            if took[s] == bids[s]:
                out[j + 2] += 1
            out[j + 3] += took[s]
        for k in range(nd):  # 1 − 0, 2 − 0, 2 − 1
            if k == 0:
                d = got[1] - got[0]
            elif k == 1:
                d = got[2] - got[0]
            else:
                d = got[2] - got[1]
            out[base + 13 + 2 * k] += d
            out[base + 14 + 2 * k] += d * d
    return out
