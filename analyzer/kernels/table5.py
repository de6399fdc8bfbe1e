"""Five-card batch scoring by one perfect-hash lookup (the batch twin of ``handkey.key5``).

A hand's key is the sum of its cards' words (:func:`analyzer.kernels.table7.card_words`: quinary
rank counts in bits 0..30, four suit counters in bits 32..47, the wild count in bits 48..51), so
no sort: five loads and four adds. A hand whose natural cards share one suit (a suit's count plus
the wild count makes five) reads the flat table's suited entry, as ``key5`` does. Every other hand
is a (wild count, rank multiset) key, and those keys (6,175 for a natural deck, 7,995 with one
joker) are hashed without collision into a small table:

    h = key * mult (mod 2**64);  slot = (bits of h below the top dbits) ^ disp[top dbits of h]

a multiplicative hash whose top bits pick a displacement (``disp``, uint16, 2**(tbits - 2) of
them) that moves the bucket's keys to free slots of ``slots`` (int32, 2**tbits; -1 unused). The
build ("hash and displace": buckets largest first, each given the first displacement that lands
all its keys on free slots) tries multipliers from a fixed sequence, so a table always gets the
same layout. ``slots`` holds the flat table's own scores: the numbers cannot change.

Sizes: a natural deck has tbits = 13 (8,192 slots, 32 KiB, and 4 KiB of displacements), a deck
with jokers or wild deuces tbits = 14 (64 KiB + 8 KiB); ``key5`` on the flat table reads the colex
block (6,188 entries, 24 KiB for natural hands) through a sorting network and a 7 x 16 index table.

>>> import numpy as np
>>> from analyzer.evaluator import Evaluator
>>> ev = Evaluator("joker-wild", "52+1")
>>> hands = np.array([ev.parse("Qs Qd 9h 9c Jk"), ev.parse("As Ks Qs Js Ts"), ev.parse("2c 7d 9h Jh Kc")])
>>> out = np.empty(3, np.int32)
>>> score_rows5(hands, 0, 3, *ev.kernel_args5(), out)
0
>>> out.tolist() == [ev.score(h) for h in hands]
True
"""

from __future__ import annotations

import numpy as np
from numba import int64, prange, uint64

from analyzer.kernels.combinatorics import next_multiset
from analyzer.kernels.handkey import PLAIN_SIZE, STRIDE
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.table7 import BAD

KEY_MASK = 0x7FFFFFFF | (0xF << 48)  # the rank counts and the wild count of a word sum
_SUITS = 0x8888
_MAX_KEYS = 4 * 6188  # rank multisets of 5, 4, 3 and 2 cards: at most C(17, 5) each
_GOLDEN = 0x9E3779B97F4A7C15


def deck_words(words: np.ndarray, present: np.ndarray) -> np.ndarray:
    """``words`` with every code the deck does not hold (``present[code]`` false) made no card
    (``BAD``): such a hand scores -1 and is counted as bad, never hashed to another hand's slot."""
    out = words.copy()
    out[: present.size][~present.astype(bool)] = BAD
    return out


def _mix(z: int) -> int:
    """splitmix64's output function: the multipliers tried, in a fixed order."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


@kernel
def _keys(flat, plain_words, lo, max_w, binom):
    """The hashed keys and their scores: every rank multiset of 5 - w >= 2 natural cards over ranks
    lo..12 with a score in the flat table's plain block w, for w = 0 .. max_w."""
    keys = np.empty(_MAX_KEYS, np.uint64)
    vals = np.empty(_MAX_KEYS, np.int32)
    n = 0
    nat = np.zeros(5, np.int64)
    for w in range(min(max_w, 3) + 1):
        m = 5 - w
        for i in range(m):
            nat[i] = lo
        while True:
            idx = 0
            x = uint64(w) << uint64(48)
            for i in range(m):
                idx += binom[nat[i] + i, i + 1]
                x += plain_words[4 * nat[i]] & uint64(0x7FFFFFFF)
            v = flat[w * STRIDE + idx]
            if v >= 0:
                keys[n] = x
                vals[n] = v
                n += 1
            if not next_multiset(nat, m, lo, np.int64(12)):
                break
    return keys[:n], vals[:n]


@kernel
def _displace(keys, vals, mult, tbits, dbits):
    """``(disp, slots)`` for one multiplier, or empty arrays when two keys cannot be separated."""
    n = keys.shape[0]
    n_slots = 1 << tbits
    n_disp = 1 << dbits
    shift_a = uint64(64 - dbits - tbits)
    shift_b = uint64(64 - dbits)
    a = np.empty(n, np.int64)
    b = np.empty(n, np.int64)
    count = np.zeros(n_disp, np.int64)
    for j in range(n):
        h = keys[j] * mult
        a[j] = int64((h >> shift_a) & uint64(n_slots - 1))
        b[j] = int64(h >> shift_b)
        count[b[j]] += 1
    start = np.zeros(n_disp + 1, np.int64)
    for d in range(n_disp):
        start[d + 1] = start[d] + count[d]
    fill = start[:n_disp].copy()
    members = np.empty(n, np.int64)
    for j in range(n):
        members[fill[b[j]]] = j
        fill[b[j]] += 1
    used = np.zeros(n_slots, np.bool_)
    disp = np.zeros(n_disp, np.uint16)
    slots = np.full(n_slots, -1, np.int32)
    top = 0
    for d in range(n_disp):
        top = max(top, count[d])
    for size in range(top, 0, -1):  # the largest buckets first
        for bk in range(n_disp):
            if count[bk] != size:
                continue
            for p in range(start[bk], start[bk + 1]):  # two keys of a bucket on one slot: no displacement
                for q in range(start[bk], p):
                    if a[members[q]] == a[members[p]]:
                        return np.empty(0, np.uint16), np.empty(0, np.int32)
            found = -1
            for t in range(n_slots):
                ok = True
                for p in range(start[bk], start[bk + 1]):
                    if used[a[members[p]] ^ t]:
                        ok = False
                        break
                if ok:
                    found = t
                    break
            if found < 0:
                return np.empty(0, np.uint16), np.empty(0, np.int32)
            disp[bk] = found
            for p in range(start[bk], start[bk + 1]):
                s = a[members[p]] ^ found
                used[s] = True
                slots[s] = vals[members[p]]
    return disp, slots


def build_hash5(flat: np.ndarray, plain_words: np.ndarray, lo: int, max_w: int,
                binom: np.ndarray) -> tuple[np.uint64, np.uint64, np.uint64, np.uint64, np.ndarray, np.ndarray]:
    """``(mult, shift_a, shift_b, mask_a, disp, slots)`` for :func:`score_rows5`: the perfect hash
    of the flat table's suit-blind 5-card keys (``plain_words``: the words with no wild card)."""
    keys, vals = _keys(flat, plain_words, np.int64(lo), np.int64(max_w), binom)
    tbits = 13
    while keys.size > 0.8 * (1 << tbits):
        tbits += 1
    z = _GOLDEN
    while True:
        dbits = tbits - 2
        for _ in range(64):
            z = (z + _GOLDEN) & 0xFFFFFFFFFFFFFFFF
            mult = np.uint64(_mix(z) | 1)
            disp, slots = _displace(keys, vals, mult, np.int64(tbits), np.int64(dbits))
            if slots.size:
                return (mult, np.uint64(64 - dbits - tbits), np.uint64(64 - dbits), np.uint64((1 << tbits) - 1),
                        disp, slots)
        tbits += 1  # pragma: no cover  (a sparser table: never needed by the decks shipped)


@no_refcount(inline="always")
def _nat_bit(c, wbits):
    """The rank bit of a natural card (0 for a wild card)."""
    c = int64(c)
    if (wbits >> c) & 1:
        return 0
    return 1 << (c >> 2)


@no_refcount(inline="always")
def _score(s, c0, c1, c2, c3, c4, mult, shift_a, shift_b, mask_a, disp, slots, flat, wbits):
    w = s >> uint64(48)
    if (((s >> uint64(32)) & uint64(0xFFFF)) + (uint64(3) + w) * uint64(0x1111)) & uint64(_SUITS):
        mask = (_nat_bit(c0, wbits) | _nat_bit(c1, wbits) | _nat_bit(c2, wbits) | _nat_bit(c3, wbits)
                | _nat_bit(c4, wbits))
        return flat[int64(w) * STRIDE + PLAIN_SIZE + mask]  # one suit: the suited entry, as key5
    # unsigned indices: numba adds no negative-index wraparound to the lookups
    h = (s & uint64(KEY_MASK)) * mult
    return slots[((h >> shift_a) & mask_a) ^ uint64(disp[h >> shift_b])]


@no_refcount(python=True)  # called from Python as well: one compile serves both
def score_rows5(hands, lo, hi, words, mult, shift_a, shift_b, mask_a, disp, slots, flat, wbits, out):
    """Scores of rows lo..hi-1 of an (n, 5) array of card codes into ``out``; returns the number of
    rows holding a code that is no card of the deck (scored -1)."""
    bad = 0
    for i in range(lo, hi):
        c0, c1, c2, c3, c4 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4]
        if (uint64(c0) | uint64(c1) | uint64(c2) | uint64(c3) | uint64(c4)) >= 64:
            out[i] = -1
            bad += 1
            continue
        s = words[uint64(c0)] + words[uint64(c1)] + words[uint64(c2)] + words[uint64(c3)] + words[uint64(c4)]
        if s >= uint64(BAD):
            out[i] = -1
            bad += 1
            continue
        out[i] = _score(s, c0, c1, c2, c3, c4, mult, shift_a, shift_b, mask_a, disp, slots, flat, wbits)
    return bad


@kernel(parallel=True)
def score_batch5(hands, words, mult, shift_a, shift_b, mask_a, disp, slots, flat, wbits, out):
    """:func:`score_rows5` over blocks of rows, in parallel; returns the rows that are no hand."""
    n = hands.shape[0]
    n_blocks = (n + 8191) // 8192
    bad = np.zeros(n_blocks, np.int64)
    for b in prange(n_blocks):
        bad[b] = score_rows5(hands, b * 8192, min(n, (b + 1) * 8192), words, mult, shift_a, shift_b, mask_a,
                             disp, slots, flat, wbits, out)
    return bad.sum()
