"""Numba kernels for strategy tables: the pattern of every hold, packed in an int64.

A hold's pattern says what a player sees in the held cards: the number of wild cards held, and
what the natural cards make::

    kind · 2^44 | wild held · 2^40 | naturals held · 2^36 | ways · 2^28 | high cards · 2^24
    | flags · 2^20 | extra (a rank mask for royal draws and named cards, the class of a pat hand)

kinds (:data:`KINDS`): draw five / wild cards alone, pat hand, quads, trips, two pair, pair,
to a royal, to a straight flush, to a flush, to a straight, named cards (all high, or one or two
cards), three or more odd cards. ``ways``: for straight (flush) draws, the number of different
sets of natural ranks the draw can bring that complete the straight with the wild cards held
(4-card draws: 2 = open-ended, 1 = inside; ranks that are all wild, like the deuces, never count
as naturals; 0 when only drawn wild cards complete it, as A-3-4-5 in Deuces Wild). ``high``:
natural singletons at or above the lowest paying pair. ``flags`` bit 0: the pair pays on its
own, bit 1: the naturals are suited, bits 2-3: when suited, the natural cards of that suit
thrown away (0..3, the "flush penalty").

:func:`pattern_of` is the plain-Python definition of the same packing (used by the tests as a
brute-force reference); the kernels are its compiled twin.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from numba import prange

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["FIELDS", "KINDS", "field", "hold_patterns", "pattern_of", "representatives"]

KINDS = ("draw", "pat", "quads", "trips", "two_pair", "pair", "royal", "straight_flush", "flush",
         "straight", "named", "other")
FIELDS = {"kind": (44, 15), "wild": (40, 15), "n": (36, 15), "ways": (28, 255), "high": (24, 15),
          "flags": (20, 15), "extra": (0, 0xFFFFF)}


def field(p: int, name: str) -> int:
    """One field of a packed pattern.

    >>> field((7 << 44) | (1 << 40) | (3 << 36) | (4 << 28), "ways")
    4
    """
    shift, mask = FIELDS[name]
    return (int(p) >> shift) & mask


def _window(lo: int) -> int:
    m = 0
    for r in range(lo, lo + 5):
        m |= 1 << (12 if r == -1 else r)
    return m


def _ways_py(rmask: int, n: int, w: int, wild_ranks: int) -> int:
    d = 5 - n - w
    found = set()
    for lo in range(-1, 9):  # window lo..lo+4, lo = -1 is A-2-3-4-5
        win = _window(lo)
        if rmask & ~win:
            continue
        avail = [r for r in range(13) if (win & ~rmask & ~wild_ranks) >> r & 1]
        found |= {frozenset(s) for s in combinations(avail, d)}
    return len(found)


def pattern_of(cards: list[int], held: list[int], wild: set[int], hp: int, cls: int,
               wild_ranks: int) -> int:
    """Reference definition of a hold's packed pattern (``held``: indices into ``cards``;
    ``hp``: lowest paying pair rank, 13 for none; ``cls``: class of the whole deal)."""
    nat = [cards[i] for i in held if cards[i] not in wild]
    w, n = len(held) - len(nat), len(nat)
    if len(held) == 5:
        return (1 << 44) | (w << 40) | cls
    if n == 0:
        return w << 40
    ranks = [c >> 2 for c in nat]
    groups = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    high = sum(1 for r in set(ranks) if ranks.count(r) == 1 and r >= hp)
    base = (w << 40) | (n << 36) | (high << 24)
    if groups[0] >= 2:
        kind = {4: 2, 3: 3}.get(groups[0], 4 if groups[:2] == [2, 2] else 5)
        paying = 1 if kind == 5 and max(r for r in ranks if ranks.count(r) == 2) >= hp else 0
        return (kind << 44) | base | (paying << 20)
    rmask = sum(1 << r for r in ranks)
    suits = {c & 3 for c in nat}
    suited = len(suits) == 1
    fits = any(rmask & ~_window(lo) == 0 for lo in range(-1, 9))
    ways = _ways_py(rmask, n, w, wild_ranks)
    pen = sum(1 for i, c in enumerate(cards) if i not in held and c not in wild and c & 3 in suits) \
        if suited else 0
    base |= (min(ways, 255) << 28) | (int(suited) << 21) | (min(pen, 3) << 22)
    if n >= 2 and suited and fits:
        return ((6 << 44) | base | rmask) if rmask & ~(0x1F << 8) == 0 else (7 << 44) | base
    if n >= 3 and suited:
        return (8 << 44) | base
    if n >= 3 and fits:
        return (9 << 44) | base
    if high == n or n <= 2:
        return (10 << 44) | base | rmask
    return (11 << 44) | (w << 40) | (n << 36) | (high << 24)


@kernel
def _ways(rmask, n, w, wild_ranks):
    d = 5 - n - w
    seen = np.empty(320, np.int64)
    m = 0
    for lo in range(-1, 9):
        win = 0
        for r in range(lo, lo + 5):
            win |= 1 << (12 if r == -1 else r)
        if rmask & ~win:
            continue
        avail = win & ~rmask & ~wild_ranks
        s = avail
        while True:  # every submask of avail with d bits
            c = 0
            x = s
            while x:
                x &= x - 1
                c += 1
            if c == d:
                j = 0
                while j < m and seen[j] != s:
                    j += 1
                if j == m:
                    seen[m] = s
                    m += 1
            if s == 0:
                break
            s = (s - 1) & avail
    return min(m, 255)


@kernel
def ways_table(wild_ranks):
    """``ways`` of every rank mask (at most four ranks) with 0..4 wild cards held; -1 when the
    ranks fit no straight."""
    out = np.zeros((1 << 13, 5), np.int64)
    for rmask in range(1 << 13):
        n = 0
        x = rmask
        while x:
            x &= x - 1
            n += 1
        if n == 0 or n > 4:
            continue
        fits = False
        for lo in range(-1, 9):
            win = 0
            for r in range(lo, lo + 5):
                win |= 1 << (12 if r == -1 else r)
            fits = fits or rmask & ~win == 0
        for w in range(5 - n):
            out[rmask, w] = _ways(rmask, n, w, wild_ranks) if fits else -1
    return out


@no_refcount
def _pattern(cards, mask, wild, hp, class_all, ways_of, cnt):
    """The pattern of hold ``mask`` of ``cards``; ``cnt``: 13 slots of scratch (the caller's, so
    that the 32 holds of every deal allocate nothing)."""
    w = 0
    n = 0
    for r in range(13):
        cnt[r] = 0
    suitmask = 0
    rmask = 0
    for i in range(5):
        if (mask >> i) & 1:
            c = cards[i]
            if wild[c]:
                w += 1
            else:
                n += 1
                cnt[c >> 2] += 1
                suitmask |= 1 << (c & 3)
                rmask |= 1 << (c >> 2)
    if n + w == 5:
        return (1 << 44) | (w << 40) | class_all
    if n == 0:
        return w << 40
    pairs = 0
    trips = 0
    quads = 0
    top = -1
    high = 0
    for r in range(13):
        if cnt[r] == 2:
            pairs += 1
            top = r
        elif cnt[r] == 3:
            trips += 1
        elif cnt[r] == 4:
            quads += 1
        elif cnt[r] == 1 and r >= hp:
            high += 1
    base = (w << 40) | (n << 36) | (high << 24)
    if quads:
        return (2 << 44) | base
    if trips:
        return (3 << 44) | base
    if pairs == 2:
        return (4 << 44) | base
    if pairs == 1:
        return (5 << 44) | base | ((1 if top >= hp else 0) << 20)
    suited = 1 if (suitmask & (suitmask - 1)) == 0 else 0
    ways = ways_of[rmask, w]
    pen = 0
    if suited:
        for i in range(5):
            c = cards[i]
            if not (mask >> i) & 1 and not wild[c] and (suitmask >> (c & 3)) & 1:
                pen += 1
    base |= (max(ways, 0) << 28) | (suited << 21) | (min(pen, 3) << 22)
    if n >= 2 and suited and ways >= 0:
        if rmask & ~(0x1F << 8) == 0:
            return (6 << 44) | base | rmask
        return (7 << 44) | base
    if n >= 3 and suited:
        return (8 << 44) | base
    if n >= 3 and ways >= 0:
        return (9 << 44) | base
    if high == n or n <= 2:
        return (10 << 44) | base | rmask
    return (11 << 44) | (w << 40) | (n << 36) | (high << 24)


@kernel(parallel=True)
def hold_patterns(deals, codes, wild, hp, class5, binom, wild_ranks):
    """Pattern (int64) and tie key (higher = higher cards) of every hold of every deal."""
    nd = deals.shape[0]
    pat = np.empty((nd, 32), np.int64)
    key = np.empty((nd, 32), np.int64)
    ways_of = ways_table(wild_ranks)
    for d in prange(nd):
        cards = np.empty(5, np.int64)
        cnt = np.empty(13, np.int64)
        idx = 0
        for i in range(5):
            cards[i] = codes[deals[d, i]]
            idx += binom[deals[d, i], i + 1]
        cls = class5[idx]
        for h in range(32):
            pat[d, h] = _pattern(cards, h, wild, hp, cls, ways_of, cnt)
            k = 0
            for i in range(4, -1, -1):  # cards are sorted by code: highest first
                if (h >> i) & 1:
                    k = k * 16 + (cards[i] >> 2) + 1 if cards[i] < 52 else k * 16 + 15
            key[d, h] = k
    return pat, key


@kernel(parallel=True)
def representatives(pid, key, evs):
    """Per deal, the patterns present (``-1`` pads) and the EV of each one's mechanical hold:
    the hold with the highest cards (largest key), the first one when keys are equal."""
    nd = pid.shape[0]
    rep_ev = np.zeros((nd, 32))
    rep_p = np.full((nd, 32), -1, np.int64)
    for d in prange(nd):
        rep_k = np.empty(32, np.int64)
        m = 0
        for h in range(32):
            p = pid[d, h]
            j = 0
            while j < m and rep_p[d, j] != p:
                j += 1
            if j == m:
                rep_p[d, m] = p
                rep_ev[d, m] = evs[d, h]
                rep_k[m] = key[d, h]
                m += 1
            elif key[d, h] > rep_k[j]:
                rep_ev[d, j] = evs[d, h]
                rep_k[j] = key[d, h]
    return rep_p, rep_ev

