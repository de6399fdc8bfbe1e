"""The simple playing policies as numba kernels: ``random``, ``heuristic`` and ``search``.

- **random** picks uniformly among the legal moves (taking and passing included).
- **heuristic** spends cards in the order of their value (non-trumps by rank, then the joker not
  of the trump's colour, then trumps by rank, then the high joker). It leads its cheapest card,
  beats with the cheapest card that does, and takes instead when that card is worth at least
  :data:`TAKE_COST` more than the attack card while the stock still has cards and at most two
  attack cards lie on the table. It throws in (and gives to a taker) its cheapest card of a rank
  on the table if that card is a non-trump of rank jack or lower (any non-trump once the stock
  is empty); it never throws trumps.
- **search** (determinized rollouts, "PIMC"): at a decision with several moves it redeals the
  cards it cannot see consistently with what it has seen (cards picked up from the table and
  the turned trump stay where they are), plays every move in that deal and finishes the game with
  the heuristic for everyone; ``budget`` rollouts per decision are spread over the moves (at
  least one deal each, every move on the same deals) and the move that makes it the fool least
  often is played (a draw counts a quarter of a loss).
"""

from __future__ import annotations

import numpy as np

from analyzer.games.durak.kernels.layout import (
    ABORTED,
    CTX,
    DEFEND,
    DRAW,
    HAND,
    HIGHJ,
    KNOWN,
    LEAD,
    LOWJ,
    MAX_MOVES,
    MOVES,
    NATT,
    NPL,
    OVER,
    PASS,
    PHASE,
    RANKS,
    RESULT,
    SLEN,
    SPOS,
    STOCK,
    TAKE,
    TRUMPS,
    TURN,
    UNBEATEN,
    VALUE,
)
from analyzer.games.durak.kernels.moves import apply_action, bit, legal_mask, nth_bit, popcount
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.bits import low_bit
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded

TAKE_COST = 26
THROW_MAX_EARLY = 9   # value: jacks and lower while the stock lasts
THROW_MAX_LATE = 18   # any non-trump once it is empty


@no_refcount
def random_action(S, tab, rng):
    m = legal_mask(S, tab)
    return nth_bit(m, bounded(rng, popcount(m)))


_PLAIN = (np.int64(1) << 52) - 1  # the 52 cards that are not jokers


@no_refcount(inline="always")
def _cheapest(tab, ctx, m):
    """The first card of ``m`` in the spending order (``ORDER``: non-trumps by rank, the low joker,
    trumps by rank, the high joker; a rank's suits by card code, as the masks hold them), -1 if none."""
    trumps = tab[ctx, TRUMPS]
    plain = m & _PLAIN & ~trumps
    if plain:
        return low_bit(plain)
    low = tab[ctx, LOWJ]
    if (m >> low) & 1:
        return low
    if m & trumps:
        return low_bit(m & trumps)
    high = tab[ctx, HIGHJ]
    if (m >> high) & 1:
        return high
    return np.int64(-1)


@no_refcount(python=True)
def heuristic_action(S, tab):
    ctx = S[CTX]
    ph = S[PHASE]
    stock_left = S[SLEN] - S[SPOS]
    if ph == LEAD:
        return _cheapest(tab, ctx, S[HAND + S[TURN]])
    if ph == DEFEND:
        a = S[UNBEATEN]
        m = legal_mask(S, tab) & ~bit(TAKE)
        if m == 0:
            return TAKE
        b = _cheapest(tab, ctx, m)
        if stock_left > 0 and S[NATT] <= 2 and tab[ctx, VALUE + b] - tab[ctx, VALUE + a] >= TAKE_COST:
            return TAKE
        return b
    m = S[HAND + S[TURN]] & S[RANKS]
    c = _cheapest(tab, ctx, m)
    limit = THROW_MAX_EARLY if stock_left > 0 else THROW_MAX_LATE
    if c >= 0 and tab[ctx, VALUE + c] <= limit:
        return c
    return PASS


@no_refcount
def finish_heuristic(S, tab):
    """Play the game out with the heuristic in every seat."""
    while S[PHASE] != OVER:
        if S[MOVES] >= MAX_MOVES:
            S[RESULT] = ABORTED
            S[PHASE] = OVER
            return
        apply_action(S, tab, heuristic_action(S, tab))


@no_refcount
def resample(S, seat, rng, pool):
    """Redeal what ``seat`` cannot see: other hands' unseen cards and the stock above the turned
    card (``pool``: scratch int64 array of 54). The unseen cards are gathered seat by seat in
    ascending code order, then the stock top first, and shuffled (tests/durak_tree_reference.py
    keeps the card-by-card scan as the reference)."""
    n = S[NPL]
    k = 0
    for q in range(n):
        if q == seat:
            continue
        unk = S[HAND + q] & ~S[KNOWN + q]
        while unk:  # its set bits, lowest first (the cards in ascending code order)
            pool[k] = low_bit(unk)
            k += 1
            unk &= unk - 1
    for i in range(S[SPOS], S[SLEN] - 1):
        pool[k] = S[STOCK + i]
        k += 1
    for i in range(k - 1):
        j = i + bounded(rng, k - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    idx = 0
    for q in range(n):
        if q == seat:
            continue
        cnt = popcount(S[HAND + q] & ~S[KNOWN + q])
        m = S[KNOWN + q]
        for _ in range(cnt):
            m |= bit(pool[idx])
            idx += 1
        S[HAND + q] = m
    for i in range(S[SPOS], S[SLEN] - 1):
        S[STOCK + i] = pool[idx]
        idx += 1


@kernel
def search_action(S, tab, rng, budget):
    m = legal_mask(S, tab)
    n = popcount(m)
    if n == 1:
        return nth_bit(m, np.int64(0))  # int64, as below: nth_bit compiles once
    seat = S[TURN]
    actions = np.empty(n, np.int64)
    for i in range(n):
        actions[i] = nth_bit(m, i)
    deals = max(1, budget // n)
    loss = np.zeros(n, np.float64)
    det = np.empty_like(S)
    work = np.empty_like(S)
    pool = np.empty(54, np.int64)
    for _ in range(deals):
        copy_into(det, S)
        resample(det, seat, rng, pool)
        for i in range(n):
            copy_into(work, det)
            apply_action(work, tab, actions[i])
            finish_heuristic(work, tab)
            r = work[RESULT]
            if r == seat:
                loss[i] += 1.0
            elif r == DRAW:
                loss[i] += 0.25
    best = 0
    for i in range(1, n):
        if loss[i] < loss[best]:
            best = i
    return actions[best]


__all__ = ["finish_heuristic", "heuristic_action", "random_action", "resample", "search_action"]
