"""Showdown kernels (numba): deal or enumerate the unknown cards of every seat, score each seat's
hand through the evaluator's flat table (high) and the low kernels (low), split the pot.

A table of ``P`` seats is given as ``known`` (``(P, 7)`` card codes, ``nknown[i]`` of them per
seat), the ``k`` cards a hand holds (5, 6 or 7: the best five count), and ``rest``: the cards the
unknown ones come from (the deck less every known and dead card). A seat may be restricted to a
class of hands: its strength ``v`` (the score without the natural-beats-wild bits, see
:func:`strength`) must lie in ``[vlo[i], vhi[i]]``.

Pot shares are integers in units of ``UNIT`` = 1/5040 pot (5040 = 7!, divisible by 1..10, and
its half by 1..10 too), so a chunk's totals are exact integers. Totals layout (int64)::

    [deals, seat-0 redeals, others' redeals, error] + per seat [whole pot, part of it, share, share²]

"whole pot" = the seat takes the whole pot (alone best high, or best high and best low in a
high-low split), "part" = it takes some of it but not all, share in units (share² in units²).

Games: ``HIGH`` (the best hand), ``LOW`` (the lowest hand by the rule set's low rules) and
``HILO`` (the pot halved between the best high and the best low hand).
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.kernels.combinatorics import unrank
from analyzer.kernels.evaluate import best_of_keys
from analyzer.kernels.handkey import ABSENT, PLAIN_SIZE, _idx_term, key5, keys7
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.low import low_key5
from analyzer.kernels.rng import bounded

ANY_HIGH = 1 << 30       # vhi of a seat without a class

HIGH, LOW, HILO = range(3)
UNIT = 5040
HEAD = 4                 # deals, seat-0 redeals, others' redeals, error flag
PER_SEAT = 4             # whole pot, part of it, share, share²
ERR_RANGE = 1            # a seat's class was not met in ``max_tries`` deals


@no_refcount(inline="always")
def strength(score):
    """A score without its natural-beats-wild bits: ``pos << 20 | tiebreak`` (what classes bound)."""
    return ((score >> 22) << 20) | ((score >> 1) & 0xFFFFF)


@no_refcount(inline="always")
def high_score(c, i, k, table, wbits):
    """The high score of the first ``k`` (5..7) codes of row ``i`` of ``c`` (scalars read, no view)."""
    if k == 5:
        return table[key5(c[i, 0], c[i, 1], c[i, 2], c[i, 3], c[i, 4], wbits)]
    c6 = c[i, 6] if k == 7 else ABSENT
    kp, s0, s1, s2, s3 = keys7(c[i, 0], c[i, 1], c[i, 2], c[i, 3], c[i, 4], c[i, 5], c6, wbits)
    return best_of_keys(table, kp, s0, s1, s2, s3)


@kernel
def low_score(c, i, k, wbits, kind, lo, ace_choice, ignore_sf, cat_pos):
    """The low key (smaller = better) of the best low five of the first ``k`` codes of row ``i`` of ``c``."""
    if k == 5:
        return low_key5(c[i, 0], c[i, 1], c[i, 2], c[i, 3], c[i, 4], wbits, kind, lo, ace_choice, ignore_sf,
                        cat_pos)
    best = np.int64(1) << 50
    for a in range(k):
        for b in range(a + 1, k):
            for d in range(b + 1, k):
                for e in range(d + 1, k):
                    for f in range(e + 1, k):
                        v = low_key5(c[i, a], c[i, b], c[i, d], c[i, e], c[i, f], wbits, kind, lo, ace_choice, ignore_sf,
                                     cat_pos)
                        if v < best:
                            best = v
    return best


@no_refcount
def settle(hi, lo, game, p, tot, w=1):
    """Split one pot among ``p`` seats and add each seat's result, ``w`` times, to ``tot`` (see the layout)."""
    best_hi = hi[0]
    best_lo = lo[0]
    for i in range(1, p):
        best_hi = max(best_hi, hi[i])
        best_lo = min(best_lo, lo[i])
    n_hi = 0
    n_lo = 0
    for i in range(p):
        n_hi += hi[i] == best_hi
        n_lo += lo[i] == best_lo
    for i in range(p):
        share = 0
        if game == HIGH:
            if hi[i] == best_hi:
                share = UNIT // n_hi
        elif game == LOW:
            if lo[i] == best_lo:
                share = UNIT // n_lo
        else:
            if hi[i] == best_hi:
                share += UNIT // 2 // n_hi
            if lo[i] == best_lo:
                share += UNIT // 2 // n_lo
        base = HEAD + PER_SEAT * i
        if share == UNIT:
            tot[base] += w
        elif share > 0:
            tot[base + 1] += w
        tot[base + 2] += share * w
        tot[base + 3] += share * share * w


@no_refcount
def _in_class(score, vlo, vhi, i):
    v = strength(score)
    return vlo[i] <= v and v <= vhi[i]


@kernel(nogil=True)
def mc_chunk(state, n, known, nknown, k, rest, vlo, vhi, game, max_tries, table, wbits,
             kind, lo, ace_choice, ignore_sf, cat_pos):
    """``n`` random showdowns. Seat 0's unknown cards are dealt until its hand is in its class;
    then the other seats' unknown cards are dealt (together) until every one is in its class."""
    p = known.shape[0]
    tot = np.zeros(HEAD + PER_SEAT * p, np.int64)
    pack = rest.copy()
    m = pack.shape[0]
    cards = np.empty((p, 7), np.int64)
    for i in range(p):
        for j in range(nknown[i]):
            cards[i, j] = known[i, j]
    hi = np.zeros(p, np.int64)
    low = np.zeros(p, np.int64)
    need0 = k - nknown[0]
    others_free = True
    for i in range(1, p):
        if vlo[i] > 0 or vhi[i] < ANY_HIGH:
            others_free = False
    for _ in range(n):
        tries = 0
        while True:  # seat 0
            for j in range(need0):
                r = j + bounded(state, m - j)
                t = pack[j]
                pack[j] = pack[r]
                pack[r] = t
                cards[0, nknown[0] + j] = pack[j]
            hi[0] = high_score(cards, 0, k, table, wbits)
            if _in_class(hi[0], vlo, vhi, np.int64(0)):
                break
            tries += 1
            tot[1] += 1
            if tries >= max_tries:
                tot[3] = ERR_RANGE
                return tot
        tries = 0
        while True:  # the other seats, together
            pos = need0
            ok = True
            for i in range(1, p):
                for j in range(nknown[i], k):
                    r = pos + bounded(state, m - pos)
                    t = pack[pos]
                    pack[pos] = pack[r]
                    pack[r] = t
                    cards[i, j] = pack[pos]
                    pos += 1
                hi[i] = high_score(cards, i, k, table, wbits)
                if not others_free and not _in_class(hi[i], vlo, vhi, i):
                    ok = False
                    break
            if ok:
                break
            tries += 1
            tot[2] += 1
            if tries >= max_tries:
                tot[3] = ERR_RANGE
                return tot
        if game != HIGH:
            for i in range(p):
                low[i] = low_score(cards, i, k, wbits, kind, lo, ace_choice, ignore_sf, cat_pos)
        tot[0] += 1
        settle(hi, low, game, p, tot, np.int64(1))
    return tot


@no_refcount(inline="always")
def next_colex(a, m, n):
    """Advance the sorted positions ``a[:m]`` to the next subset in colex order; False at the end."""
    for i in range(m):
        limit = a[i + 1] if i + 1 < m else n
        if a[i] + 1 < limit:
            a[i] += 1
            for j in range(i):
                a[j] = j
            return True
    return False


@kernel
def _exact_block(start, stop, radix, need, known, nknown, k, rest, vlo, vhi, game, binom, table, wbits,
                 kind, lo, ace_choice, ignore_sf, cat_pos, tot):
    """Deals ``start .. stop-1`` of the mixed-radix space (seat 0 slowest) into ``tot``."""
    p = known.shape[0]
    n = rest.shape[0]
    comb = np.zeros((p, 8), np.int64)
    cards = np.empty((p, 7), np.int64)
    masks = np.zeros(p, np.uint64)
    hi = np.zeros(p, np.int64)
    low = np.zeros(p, np.int64)
    for i in range(p):
        for j in range(nknown[i]):
            cards[i, j] = known[i, j]
    x = start
    for i in range(p - 1, -1, -1):  # decode the first deal
        unrank(x % radix[i], n, need[i], binom, comb[i])
        x //= radix[i]
    first = 0  # seats from here on need their cards and scores refreshed
    for _ in range(start, stop):
        for i in range(first, p):
            mk = np.uint64(0)
            for j in range(need[i]):
                cards[i, nknown[i] + j] = rest[comb[i, j]]
                mk |= np.uint64(1) << np.uint64(comb[i, j])
            masks[i] = mk
            hi[i] = high_score(cards, i, k, table, wbits)
            if game != HIGH:
                low[i] = low_score(cards, i, k, wbits, kind, lo, ace_choice, ignore_sf, cat_pos)
        used = np.uint64(0)
        ok = True
        for i in range(p):
            if used & masks[i]:
                ok = False
                break
            used |= masks[i]
            if not _in_class(hi[i], vlo, vhi, i):
                ok = False
                break
        if ok:
            tot[0] += 1
            settle(hi, low, game, p, tot, np.int64(1))
        first = p  # advance the odometer: the last seat with unknown cards fastest
        for i in range(p - 1, -1, -1):
            if need[i] == 0:
                continue
            if next_colex(comb[i], need[i], n):
                first = i
                break
            for j in range(need[i]):
                comb[i, j] = j
        if first == p:
            break


@kernel(parallel=True)
def exact_all(total, n_blocks, radix, need, known, nknown, k, rest, vlo, vhi, game, binom, table, wbits,
              kind, lo, ace_choice, ignore_sf, cat_pos):
    """Every deal of the unknown cards (``total`` = the product of ``radix``), in ``n_blocks``
    parallel blocks; deals where two seats share a card, or a seat is outside its class, are
    skipped. Totals as :func:`mc_chunk` (``deals`` = the deals counted)."""
    p = known.shape[0]
    per = np.zeros((n_blocks, HEAD + PER_SEAT * p), np.int64)
    step = (total + n_blocks - 1) // n_blocks
    for b in prange(n_blocks):
        a = b * step
        z = min(total, a + step)
        if a < z:
            _exact_block(a, z, radix, need, known, nknown, k, rest, vlo, vhi, game, binom, table, wbits,
                         kind, lo, ace_choice, ignore_sf, cat_pos, per[b])
    return per.sum(axis=0)


@kernel
def _free_block(start, stop, f, need, known, nknown, k, rest, vlo, vhi, game, binom, table, wbits,
                kind, lo, ace_choice, ignore_sf, cat_pos, best_hi, best_lo, buckets):
    """Completions ``start .. stop-1`` (colex) of seat ``f``, counted by how they compare with the
    best high and low hands of the other seats (``buckets[hi_cmp + 1, lo_cmp + 1]``; +1 = better)."""
    p = known.shape[0]
    n = rest.shape[0]
    a = np.zeros(8, np.int64)
    cards = np.empty((p, 7), np.int64)
    for j in range(nknown[f]):
        cards[f, j] = known[f, j]
    unrank(start, n, need, binom, a)
    base = nknown[f]
    for _ in range(start, stop):
        for j in range(need):
            cards[f, base + j] = rest[a[j]]
        s = high_score(cards, f, k, table, wbits)
        v = strength(s)
        if vlo[f] <= v and v <= vhi[f]:
            hc = 1 if s > best_hi else (0 if s == best_hi else -1)
            lc = 0
            if game != HIGH:
                x = low_score(cards, f, k, wbits, kind, lo, ace_choice, ignore_sf, cat_pos)
                lc = 1 if x < best_lo else (0 if x == best_lo else -1)
            buckets[hc + 1, lc + 1] += 1
        if not next_colex(a, need, n):
            break


@no_refcount
def _fifth_keys(r0, r1, r2, r3, out):
    """``out[r]`` = the suit-blind table key of the natural ranks ``r0..r3`` plus a fifth card of
    rank ``r`` (what :func:`key5` gives a natural non-flush hand), from one sort of the four."""
    r0, r1 = min(r0, r1), max(r0, r1)
    r2, r3 = min(r2, r3), max(r2, r3)
    r0, r2 = min(r0, r2), max(r0, r2)
    r1, r3 = min(r1, r3), max(r1, r3)
    r1, r2 = min(r1, r2), max(r1, r2)
    # the fifth rank goes to place p (p = how many of the four are below it): the four before it
    # keep their terms, those after it move up one place
    a1 = _idx_term(r0, 0)
    a2 = a1 + _idx_term(r1, 1)
    a3 = a2 + _idx_term(r2, 2)
    a4 = a3 + _idx_term(r3, 3)
    b3 = _idx_term(r3, 4)
    b2 = b3 + _idx_term(r2, 3)
    b1 = b2 + _idx_term(r1, 2)
    b0 = b1 + _idx_term(r0, 1)
    for r in range(13):
        if r <= r0:
            out[r] = _idx_term(r, 0) + b0
        elif r <= r1:
            out[r] = a1 + _idx_term(r, 1) + b1
        elif r <= r2:
            out[r] = a2 + _idx_term(r, 2) + b2
        elif r <= r3:
            out[r] = a3 + _idx_term(r, 3) + b3
        else:
            out[r] = a4 + _idx_term(r, 4)


@kernel
def _free5_walk(a0, f, rest, vlo, vhi, table, wbits, best_hi, buckets):
    """Every 5-card hand of ``rest`` whose smallest position is ``a0``, against the best fixed high
    hand (high game, nested loops: no per-hand bookkeeping). For four natural cards the keys of
    every fifth natural card are made once (:func:`_fifth_keys`), so the innermost loop is a rank
    lookup; a wild card goes through :func:`key5`."""
    n = rest.shape[0]
    lo_v = vlo[f]
    hi_v = vhi[f]
    better = 0
    equal = 0
    worse = 0
    one = np.int64(1)
    fifth = np.empty(13, np.int64)
    c0 = rest[a0]
    for i1 in range(a0 + 1, n):
        c1 = rest[i1]
        for i2 in range(i1 + 1, n):
            c2 = rest[i2]
            for i3 in range(i2 + 1, n):
                c3 = rest[i3]
                wild4 = ((one << c0) | (one << c1) | (one << c2) | (one << c3)) & wbits != 0
                suit = c0 & 3
                flush4 = (c1 & 3) == suit and (c2 & 3) == suit and (c3 & 3) == suit
                mask4 = (one << (c0 >> 2)) | (one << (c1 >> 2)) | (one << (c2 >> 2)) | (one << (c3 >> 2))
                if not wild4:
                    _fifth_keys(c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2, fifth)
                for i4 in range(i3 + 1, n):
                    c4 = rest[i4]
                    if wild4 or (wbits >> c4) & 1:
                        s = table[key5(c0, c1, c2, c3, c4, wbits)]
                    elif flush4 and (c4 & 3) == suit:
                        s = table[PLAIN_SIZE + (mask4 | (one << (c4 >> 2)))]
                    else:
                        s = table[fifth[c4 >> 2]]
                    v = strength(s)
                    if v < lo_v or v > hi_v:
                        continue
                    if s > best_hi:
                        better += 1
                    elif s == best_hi:
                        equal += 1
                    else:
                        worse += 1
    buckets[2, 1] += better
    buckets[1, 1] += equal
    buckets[0, 1] += worse


@kernel(parallel=True)
def exact_one_free(f, n_blocks, known, nknown, k, rest, vlo, vhi, game, binom, table, wbits,
                   kind, lo, ace_choice, ignore_sf, cat_pos):
    """Exact totals (layout as :func:`mc_chunk`) when only seat ``f`` has unknown cards: every
    completion of seat ``f`` is scored once and compared with the best of the fixed seats."""
    p = known.shape[0]
    n = rest.shape[0]
    need = k - nknown[f]
    hi = np.zeros(p, np.int64)
    low = np.zeros(p, np.int64)
    cards = np.empty((p, 7), np.int64)
    best_hi = np.int64(-1)
    best_lo = np.int64(1) << 60
    for i in range(p):
        if i == f:
            continue
        for j in range(k):
            cards[i, j] = known[i, j]
        hi[i] = high_score(cards, i, k, table, wbits)
        best_hi = max(best_hi, hi[i])
        if game != HIGH:
            low[i] = low_score(cards, i, k, wbits, kind, lo, ace_choice, ignore_sf, cat_pos)
            best_lo = min(best_lo, low[i])
    total = binom[n, need]
    if game == HIGH and k == 5 and need == 5:
        per = np.zeros((n, 3, 3), np.int64)
        for a0 in prange(n):
            # int64: the parallel loop's index is unsigned, and _free5_walk would compile twice
            _free5_walk(np.int64(a0), f, rest, vlo, vhi, table, wbits, best_hi, per[a0])
        n_blocks = 0
    else:
        per = np.zeros((n_blocks, 3, 3), np.int64)
    step = (total + n_blocks - 1) // n_blocks if n_blocks else 0
    for b in prange(n_blocks):
        a0 = b * step
        z = min(total, a0 + step)
        if a0 < z:
            _free_block(a0, z, f, need, known, nknown, k, rest, vlo, vhi, game, binom, table, wbits,
                        kind, lo, ace_choice, ignore_sf, cat_pos, best_hi, best_lo, per[b])
    buckets = per.sum(axis=0)
    tot = np.zeros(HEAD + PER_SEAT * p, np.int64)
    for hc in range(3):
        for lc in range(3):
            c = buckets[hc, lc]
            if c == 0:
                continue
            hi[f] = best_hi + hc - 1
            low[f] = best_lo - (lc - 1)
            tot[0] += c
            settle(hi, low, game, p, tot, c)
    return tot
