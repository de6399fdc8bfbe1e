"""Low hands (lowball, the low half of high-low split): the lowest hand by poker ranking wins.

A hand's low key is its poker value with the smallest key best: ``pos << 20 | tiebreak``, the
category position in the rule set's order (the four-flush does not count: unimproved it is no
pair) and five 4-bit nibbles of card values + 2, grouped as in high poker. Card values: -2 a
blank (the semi card), -1 an ace played low (below the deck's lowest rank), else the rank.
With ``ace_choice`` the player plays the aces (all of them) high or low, whichever is lower;
a wild card takes whatever value makes the hand lowest (``WILD_ANY``: any rank, off-suit so it
never makes a flush; ``WILD_ACE``: the bug, an ace; ``WILD_BLANK``: the semi card, a blank).
``ignore_sf``: straights and flushes do not count (ace-to-five low).

>>> low_key5(20, 13, 8, 4, 0, 0, WILD_ANY, 0, False, False, _POS) >> 20  # 7-5-4-3-2: high card
0
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.codes import ALL_CATS, VALUE_POS_SHIFT
from analyzer.kernels.combinatorics import next_multiset
from analyzer.kernels.jit import kernel
from analyzer.kernels.suitclass import class_step
from analyzer.kernels.tables import best_category, rank_shape

WILD_ANY, WILD_ACE, WILD_BLANK = range(3)
LOW_SHIFT = VALUE_POS_SHIFT  # 20
_POS = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1], np.int64)  # the default order (doctest)


@kernel
def _poker_key(v, flush, cat_pos, lo, ignore_sf):
    """``pos << 20 | tiebreak`` of five card values (see the module docstring)."""
    cnt = np.zeros(15, np.int64)  # index value + 2
    for i in range(5):
        cnt[v[i] + 2] += 1
    c1, c2, distinct, desc, grp = rank_shape(cnt, 0)
    top = -99
    if distinct == 5 and cnt[0] == 0 and not ignore_sf:
        mx = -99
        mn = 99
        for i in range(5):
            s = lo - 1 if v[i] == -1 else v[i]
            mx = max(mx, s)
            mn = min(mn, s)
        if mx - mn == 4:
            top = mx
    return best_category(cat_pos, ALL_CATS, c1, c2, top + 2 if top > -99 else 0, 14, flush and not ignore_sf,
                         desc, grp)


@kernel(python=True)
def low_key5(c0, c1, c2, c3, c4, wbits, kind, lo, ace_choice, ignore_sf, cat_pos):
    """The low key (smaller = better low hand) of five card codes."""
    cards = (c0, c1, c2, c3, c4)
    nat = np.empty(5, np.int64)
    n = 0
    suit = -1
    one_suit = True
    for c in cards:
        if (wbits >> c) & 1:
            continue
        nat[n] = c >> 2
        n += 1
        if suit < 0:
            suit = c & 3
        elif (c & 3) != suit:
            one_suit = False
    w = 5 - n
    flush = w == 0 and one_suit
    v = np.empty(5, np.int64)
    opts = np.zeros(5, np.int64)
    best = 1 << 40
    for ace_low in range(2 if ace_choice else 1):
        ace = -1 if ace_low else 12
        for i in range(n):
            v[i] = ace if nat[i] == 12 else nat[i]
        if w == 0 or kind != WILD_ANY:
            fill = ace if kind == WILD_ACE else -2
            for i in range(n, 5):
                v[i] = fill
            best = min(best, _poker_key(v, flush, cat_pos, lo, ignore_sf))
            continue
        for j in range(w):
            opts[j] = lo
        while True:
            for j in range(w):
                v[n + j] = ace if opts[j] == 12 else opts[j]
            best = min(best, _poker_key(v, flush, cat_pos, lo, ignore_sf))
            if not next_multiset(opts, w, lo, np.int64(12)):  # the next rank list
                break
    return best


@kernel(parallel=True)
def low_keys_batch(hands, wbits, kind, lo, ace_choice, ignore_sf, cat_pos, out):
    """Low keys of an ``(n, 5)`` array of card codes."""
    for i in prange(hands.shape[0]):
        out[i] = low_key5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4],
                          wbits, kind, lo, ace_choice, ignore_sf, cat_pos)


@kernel(parallel=True)
def count_low_all(deck, wbits, kind, lo, ace_choice, ignore_sf, cat_pos, n_pos):
    """Counts over every 5-card hand of ``deck`` by (category position, highest card nibble)."""
    n = deck.shape[0]
    per_first = np.zeros((n, n_pos, 16), np.int64)
    for i0 in prange(n):
        for i1 in range(i0 + 1, n):
            for i2 in range(i1 + 1, n):
                for i3 in range(i2 + 1, n):
                    for i4 in range(i3 + 1, n):
                        k = low_key5(deck[i0], deck[i1], deck[i2], deck[i3], deck[i4],
                                     wbits, kind, lo, ace_choice, ignore_sf, cat_pos)
                        per_first[i0, k >> LOW_SHIFT, (k >> 16) & 0xF] += 1
    return per_first.sum(axis=0)


@kernel(parallel=True)
def count_low_by_classes(tasks, ranks, jokers, by, nby, wbits, kind, lo, ace_choice, ignore_sf, cat_pos, n_pos):
    """:func:`count_low_all` over one 5-card hand per class of suit relabellings (the tasks of
    :func:`analyzer.kernels.suitclass.class_tasks`), each weighted by its relabellings."""
    per = np.zeros((tasks.shape[0], n_pos, 16), np.int64)
    for t in prange(tasks.shape[0]):
        cards, m, idx = np.empty(7, np.int64), np.empty(4, np.int64), np.zeros(3, np.int64)
        w = class_step(tasks[t], idx, ranks, jokers, by, nby, cards, m)
        while w:
            k = low_key5(cards[0], cards[1], cards[2], cards[3], cards[4], wbits, kind, lo, ace_choice, ignore_sf,
                         cat_pos)
            per[t, k >> LOW_SHIFT, (k >> 16) & 0xF] += w
            w = class_step(tasks[t], idx, ranks, jokers, by, nby, cards, m)
    out = np.zeros((n_pos, 16), np.int64)
    for t in range(tasks.shape[0]):  # a loop, not per.sum(axis=0): no string code compiled
        for i in range(n_pos):
            for j in range(16):
                out[i, j] += per[t, i, j]
    return out
