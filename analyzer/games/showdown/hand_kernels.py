"""Showdown kernels that value hands one at a time rather than seat against seat: the final-hand
counts of one draw, every hand's strength of a deck (or a sample of it), and the play chart's
random showdowns tallied by seat 0's hand class.

>>> callable(draw_counts) and callable(chart_chunk)
True
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.showdown.kernels import (
    ERR_RANGE,
    HEAD,
    HIGH,
    PER_SEAT,
    high_score,
    next_colex,
    settle,
    strength,
)
from analyzer.games.showdown.sampling import bounded_regs, deal_words, score_word
from analyzer.kernels.handkey import key5
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded

__all__ = ["CHART_HEAD", "CHART_PER", "chart_chunk", "chart_hash5", "draw_counts", "sample_strengths", "strengths_all"]


@kernel
def draw_counts(held, rest, d, table, wbits, n_pos):
    """Final category-position counts of ``held`` plus every ``d``-subset of ``rest`` (5 cards)."""
    counts = np.zeros(n_pos, np.int64)
    h = held.shape[0]
    c = np.empty(7, np.int64)
    for j in range(h):
        c[j] = held[j]
    n = rest.shape[0]
    a = np.zeros(8, np.int64)
    for j in range(d):
        a[j] = j
    while True:
        for j in range(d):
            c[h + j] = rest[a[j]]
        s = table[key5(c[0], c[1], c[2], c[3], c[4], wbits)]
        counts[s >> 22] += 1
        if d == 0 or not next_colex(a, d, n):
            break
    return counts


@kernel(parallel=True)
def strengths_all(deck, table, wbits, total):
    """The strength of every 5-card hand of ``deck`` (``total`` = C(len(deck), 5)), any order."""
    n = deck.shape[0]
    out = np.empty(total, np.int64)
    offsets = np.zeros(n + 1, np.int64)
    for a in range(n):  # hands whose smallest index is a: C(n - 1 - a, 4)
        r = n - 1 - a
        offsets[a + 1] = offsets[a] + (r * (r - 1) * (r - 2) * (r - 3) // 24 if r >= 4 else 0)
    for a in prange(n):
        t = offsets[a]
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        out[t] = strength(table[key5(deck[a], deck[b], deck[c], deck[d], deck[e], wbits)])
                        t += 1
    return out


@kernel
def sample_strengths(state, n, deck, k, table, wbits):
    """The strengths of ``n`` random ``k``-card hands dealt from ``deck``."""
    pack = deck.copy()
    m = pack.shape[0]
    out = np.empty(n, np.int64)
    row = np.empty((1, 7), np.int64)
    for t in range(n):
        for j in range(k):
            r = j + bounded(state, m - j)
            x = pack[j]
            pack[j] = pack[r]
            pack[r] = x
            row[0, j] = pack[j]
        out[t] = strength(high_score(row, 0, k, table, wbits))
    return out


CHART_HEAD = 3           # deals, opponents' redeals, error flag
CHART_PER = 5            # per hero class: hands, whole pot, part of it, share, share²


@no_refcount(inline="always")
def _tally_chart(hi, low, p, seat, tot, b):
    """Settle one dealt high showdown (``hi``) and add seat 0's result to its class's counts at
    ``tot[b:b + 5]`` (and the deal to ``tot[0]``)."""
    for i in range(HEAD + PER_SEAT):
        seat[i] = 0
    settle(hi, low, np.int64(HIGH), p, seat, np.int64(1))  # typed: one compiled settle
    tot[0] += 1
    tot[b] += 1
    tot[b + 1] += seat[HEAD]
    tot[b + 2] += seat[HEAD + 1]
    tot[b + 3] += seat[HEAD + 2]
    tot[b + 4] += seat[HEAD + 3]


@kernel(nogil=True)
def chart_chunk(state, n, p, k, deck, bounds, opp_vlo, max_tries, table, wbits):
    """``n`` random high showdowns of ``p`` hands of ``k`` cards from ``deck``, tallied by seat
    0's class (class c: ``bounds[c] <= strength < bounds[c + 1]``). The other seats are redealt
    together until every one has strength ≥ ``opp_vlo`` (0: any hand); a seat-0 hand weaker than
    ``opp_vlo`` loses to any such deal, so it is tallied as lost without dealing them (exact, and
    most of the cost when the floor is high: four opponents holding three of a kind)."""
    nc = bounds.shape[0]
    tot = np.zeros(CHART_HEAD + CHART_PER * nc, np.int64)
    pack = deck.copy()
    m = pack.shape[0]
    hi = np.zeros(p, np.int64)
    low = np.zeros(p, np.int64)
    cards = np.empty((p, 7), np.int64)
    seat = np.zeros(HEAD + PER_SEAT * p, np.int64)
    s0 = state[0]  # the generator's state in registers (the draws of ``bounded`` on ``state``)
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    for _ in range(n):
        for j in range(k):
            r, s0, s1, s2, s3 = bounded_regs(m - j, s0, s1, s2, s3)
            r += j
            t = pack[j]
            pack[j] = pack[r]
            pack[r] = t
            cards[0, j] = pack[j]
        hi[0] = high_score(cards, 0, k, table, wbits)
        v = strength(hi[0])
        c = np.searchsorted(bounds, v, side="right") - 1
        b = CHART_HEAD + CHART_PER * c
        if v < opp_vlo:  # below every opponent's floor: lost whatever they hold, no deal needed
            tot[0] += 1
            tot[b] += 1
            continue
        tries = 0
        while True:
            pos = k
            ok = True
            for i in range(1, p):
                for j in range(k):
                    r, s0, s1, s2, s3 = bounded_regs(m - pos, s0, s1, s2, s3)
                    r += pos
                    t = pack[pos]
                    pack[pos] = pack[r]
                    pack[r] = t
                    cards[i, j] = pack[pos]
                    pos += 1
                hi[i] = high_score(cards, i, k, table, wbits)
                if opp_vlo > 0 and strength(hi[i]) < opp_vlo:
                    ok = False
                    break
            if ok:
                break
            tries += 1
            tot[1] += 1
            if tries >= max_tries:
                tot[2] = ERR_RANGE
                break
        if tot[2]:
            break
        _tally_chart(hi, low, p, seat, tot, b)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return tot


@kernel(nogil=True)
def chart_hash5(state, n, p, deck, bounds, opp_vlo, max_tries, table, words, mult, shift_a, shift_b, mask_a,
                disp, slots):
    """:func:`chart_chunk` for 5-card hands (``k`` = 5), each hand scored from the sum of its cards'
    words through the perfect hash (``words`` .. ``slots``: :func:`.sampling.hash_args`, or the
    deck's :meth:`analyzer.evaluator.Evaluator.kernel_args5`), as :func:`.sampling.mc_hash5` does:
    the same draws in the same order and the flat table's own scores, so a seed gives the very same
    totals; most of the cost is the opponents' redeals (their hands are only scored, not sorted)."""
    nc = bounds.shape[0]
    tot = np.zeros(CHART_HEAD + CHART_PER * nc, np.int64)
    pack = deck.copy()
    m = pack.shape[0]
    hi = np.zeros(p, np.int64)
    low = np.zeros(p, np.int64)
    seat = np.zeros(HEAD + PER_SEAT * p, np.int64)
    zero = np.uint64(0)
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    for _ in range(n):
        word, pos, s0, s1, s2, s3 = deal_words(pack, 0, m, 5, zero, words, s0, s1, s2, s3)
        hi[0] = score_word(word, mult, shift_a, shift_b, mask_a, disp, slots, table)
        v = strength(hi[0])
        c = np.searchsorted(bounds, v, side="right") - 1
        b = CHART_HEAD + CHART_PER * c
        if v < opp_vlo:  # below every opponent's floor: lost whatever they hold, no deal needed
            tot[0] += 1
            tot[b] += 1
            continue
        tries = 0
        while True:
            pos = 5
            ok = True
            for i in range(1, p):
                word, pos, s0, s1, s2, s3 = deal_words(pack, pos, m, 5, zero, words, s0, s1, s2, s3)
                hi[i] = score_word(word, mult, shift_a, shift_b, mask_a, disp, slots, table)
                if opp_vlo > 0 and strength(hi[i]) < opp_vlo:
                    ok = False
                    break
            if ok:
                break
            tries += 1
            tot[1] += 1
            if tries >= max_tries:
                tot[2] = ERR_RANGE
                break
        if tot[2]:
            break
        _tally_chart(hi, low, p, seat, tot, b)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return tot
