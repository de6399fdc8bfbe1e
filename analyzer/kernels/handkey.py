"""Scalar-only hand keys: card codes in, indices into the evaluator's flat score table out.

Numba functions that receive arrays pay reference counting on every call, which triples the
cost of a table lookup in a hot loop. These functions take and return plain integers, so a
kernel computes the key with a call and does the lookup itself::

    key = key5(c0, c1, c2, c3, c4, wbits)
    score = table[key]

``wbits`` is the wild mask as a bit set over card codes (``1 << code``; codes are < 64).
For best-of-k (k = 6, 7) ``keys7`` returns the suit-blind key and up to four suited keys
(-1 = none); the score is the maximum of the table entries.

Flat table layout (see ``flatten``): for w wild cards, the suit-blind block starts at
``w * STRIDE`` (indexed by the natural rank-multiset index) and the suited block at
``w * STRIDE + PLAIN_SIZE`` (indexed by one suit's 13-bit rank mask).
"""

from __future__ import annotations

from math import comb

import numpy as np

from analyzer.kernels.jit import no_refcount

PLAIN_SIZE = 50388  # C(19, 7): rank multisets of up to seven natural cards
SUITED_SIZE = 8192
STRIDE = PLAIN_SIZE + SUITED_SIZE
ABSENT = -1
_SENTINEL = 15  # rank given to wild/absent cards so they sort after every natural rank


def flatten(plain: np.ndarray, suited: np.ndarray) -> np.ndarray:
    """One int32 array holding ``plain[w]`` and ``suited[w]`` blocks for every w."""
    n_w = plain.shape[0]
    out = np.full(n_w * STRIDE, -1, np.int32)
    for w in range(n_w):
        out[w * STRIDE : w * STRIDE + plain.shape[1]] = plain[w]
        out[w * STRIDE + PLAIN_SIZE : (w + 1) * STRIDE] = suited[w]
    return out


def five_card_tables(table5: np.ndarray, max_w: int, binom: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``tables.build_tables_k(table5, 5, …)`` without compiling it: with five cards the best five
    are the hand itself, so ``plain[w]`` is ``table5[w, 0]`` and ``suited[w, mask]`` is
    ``table5[w, 1]`` at the multiset index of the mask's ``5 - w`` ranks (-1 elsewhere).

    >>> t5 = np.full((6, 2, 6188), -1, np.int32); t5[0, 1, 5642] = 7  # ten to ace, suited (its index)
    >>> plain, suited = five_card_tables(t5, 0, np.array([[comb(n, k) for k in range(9)] for n in range(24)]))
    >>> int(suited[0, 0b1111100000000]), int((suited >= 0).sum()), plain.shape
    (7, 1, (6, 50388))
    """
    plain = np.full((6, PLAIN_SIZE), -1, np.int32)
    suited = np.full((6, SUITED_SIZE), -1, np.int32)
    masks = np.arange(SUITED_SIZE)
    bits = (masks[:, None] >> np.arange(13)) & 1
    pop = bits.sum(axis=1)
    small = pop <= 5
    b = bits[small]
    nth = np.cumsum(b, axis=1) - 1  # the rank's place among the mask's ranks, ascending
    index = np.where(b == 1, binom[np.arange(13) + nth.clip(0), nth.clip(0) + 1], 0).sum(axis=1)
    for w in range(min(max_w, 5) + 1):
        plain[w, : table5.shape[2]] = table5[w, 0]
        pick = pop[small] == 5 - w
        suited[w, masks[small][pick]] = table5[w, 1, index[pick]]
    return plain, suited


def wild_bits(mask: np.ndarray) -> int:
    """The wild mask (bool/uint8 over card codes) as an int bit set."""
    return int(sum(1 << int(c) for c in np.flatnonzero(mask)))


def _index_table() -> np.ndarray:
    """``_IDX[i, r] = C(r + i, i + 1)``: term i of the multiset index; row entries for the
    sentinel rank are 0, so wild and absent cards add nothing."""
    t = np.zeros((7, _SENTINEL + 1), np.int64)
    for i in range(7):
        for r in range(13):
            t[i, r] = comb(r + i, i + 1)
    return t


_IDX = _index_table()  # a global array: numba compiles it in as a constant (no refcounting)


@no_refcount(inline="always")
def _idx_term(r, i):
    """Term i of the multiset index of a sorted rank list."""
    return _IDX[i, r]


@no_refcount(inline="always")
def _sorted_index5(r0, r1, r2, r3, r4):
    """Multiset index of five ranks (sentinels for wild cards sort last and add nothing)."""
    r0, r1 = min(r0, r1), max(r0, r1)
    r3, r4 = min(r3, r4), max(r3, r4)
    r2, r4 = min(r2, r4), max(r2, r4)
    r2, r3 = min(r2, r3), max(r2, r3)
    r0, r3 = min(r0, r3), max(r0, r3)
    r0, r2 = min(r0, r2), max(r0, r2)
    r1, r4 = min(r1, r4), max(r1, r4)
    r1, r3 = min(r1, r3), max(r1, r3)
    r1, r2 = min(r1, r2), max(r1, r2)
    return _idx_term(r0, 0) + _idx_term(r1, 1) + _idx_term(r2, 2) + _idx_term(r3, 3) + _idx_term(r4, 4)


@no_refcount(inline="always")
def key5(c0, c1, c2, c3, c4, wbits):
    """Flat-table index of the score of a 5-card hand."""
    one = np.int64(1)
    if wbits == 0 or ((one << c0) | (one << c1) | (one << c2) | (one << c3) | (one << c4)) & wbits == 0:
        s = c0 & 3
        if (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s and (c4 & 3) == s:
            return PLAIN_SIZE + ((1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2))
                                 | (1 << (c3 >> 2)) | (1 << (c4 >> 2)))
        return _sorted_index5(c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2, c4 >> 2)
    w0 = (wbits >> c0) & 1
    w1 = (wbits >> c1) & 1
    w2 = (wbits >> c2) & 1
    w3 = (wbits >> c3) & 1
    w4 = (wbits >> c4) & 1
    w = w0 + w1 + w2 + w3 + w4
    r0 = _SENTINEL if w0 else c0 >> 2
    r1 = _SENTINEL if w1 else c1 >> 2
    r2 = _SENTINEL if w2 else c2 >> 2
    r3 = _SENTINEL if w3 else c3 >> 2
    r4 = _SENTINEL if w4 else c4 >> 2
    # do the natural cards share one suit? (-1 marks a wild card)
    s0 = -1 if w0 else c0 & 3
    s1 = -1 if w1 else c1 & 3
    s2 = -1 if w2 else c2 & 3
    s3 = -1 if w3 else c3 & 3
    s4 = -1 if w4 else c4 & 3
    s = max(s0, s1, s2, s3, s4)
    one_suit = ((s0 < 0 or s0 == s) and (s1 < 0 or s1 == s) and (s2 < 0 or s2 == s)
                and (s3 < 0 or s3 == s) and (s4 < 0 or s4 == s))
    if one_suit:
        mask = 0
        if r0 < _SENTINEL:
            mask |= 1 << r0
        if r1 < _SENTINEL:
            mask |= 1 << r1
        if r2 < _SENTINEL:
            mask |= 1 << r2
        if r3 < _SENTINEL:
            mask |= 1 << r3
        if r4 < _SENTINEL:
            mask |= 1 << r4
        return w * STRIDE + PLAIN_SIZE + mask
    return w * STRIDE + _sorted_index5(r0, r1, r2, r3, r4)


@no_refcount(inline="always")
def _rank(c, wbits):
    """Rank of a natural card; the sentinel for a wild or absent card."""
    if c < 0 or (wbits >> c) & 1:
        return _SENTINEL
    return c >> 2


@no_refcount(inline="always")
def _suit(c, wbits):
    """Suit of a natural card; -1 for a wild or absent card."""
    if c < 0 or (wbits >> c) & 1:
        return -1
    return c & 3


@no_refcount(inline="always")
def _bit(hit, r):
    """``1 << r`` when ``hit``, else 0."""
    return (1 << r) if hit else 0


@no_refcount(inline="always")
def _suit_mask(s, r0, s0, r1, s1, r2, s2, r3, s3, r4, s4, r5, s5, r6, s6):
    """The rank mask and the number of the natural cards of suit ``s``."""
    m = (_bit(s0 == s, r0) | _bit(s1 == s, r1) | _bit(s2 == s, r2) | _bit(s3 == s, r3) | _bit(s4 == s, r4)
         | _bit(s5 == s, r5) | _bit(s6 == s, r6))
    n = (s0 == s) + (s1 == s) + (s2 == s) + (s3 == s) + (s4 == s) + (s5 == s) + (s6 == s)
    return m, n


@no_refcount(python=True)
def keys7(c0, c1, c2, c3, c4, c5, c6, wbits):
    """Keys of a 5-, 6- or 7-card hand (pass ABSENT for missing c5/c6).

    Returns ``(plain, s0, s1, s2, s3)``; the score is ``max(table[key])`` over keys >= 0.
    """
    r0 = _rank(c0, wbits)
    r1 = _rank(c1, wbits)
    r2 = _rank(c2, wbits)
    r3 = _rank(c3, wbits)
    r4 = _rank(c4, wbits)
    r5 = _rank(c5, wbits)
    r6 = _rank(c6, wbits)
    t0 = _suit(c0, wbits)
    t1 = _suit(c1, wbits)
    t2 = _suit(c2, wbits)
    t3 = _suit(c3, wbits)
    t4 = _suit(c4, wbits)
    t5 = _suit(c5, wbits)
    t6 = _suit(c6, wbits)
    w = ((t0 < 0 and c0 >= 0) + (t1 < 0 and c1 >= 0) + (t2 < 0 and c2 >= 0) + (t3 < 0 and c3 >= 0)
         + (t4 < 0 and c4 >= 0) + (t5 < 0 and c5 >= 0) + (t6 < 0 and c6 >= 0))
    base = w * STRIDE
    need = 5 - w
    m, n = _suit_mask(0, r0, t0, r1, t1, r2, t2, r3, t3, r4, t4, r5, t5, r6, t6)
    k0 = base + PLAIN_SIZE + m if n >= need else -1
    m, n = _suit_mask(1, r0, t0, r1, t1, r2, t2, r3, t3, r4, t4, r5, t5, r6, t6)
    k1 = base + PLAIN_SIZE + m if n >= need else -1
    m, n = _suit_mask(2, r0, t0, r1, t1, r2, t2, r3, t3, r4, t4, r5, t5, r6, t6)
    k2 = base + PLAIN_SIZE + m if n >= need else -1
    m, n = _suit_mask(3, r0, t0, r1, t1, r2, t2, r3, t3, r4, t4, r5, t5, r6, t6)
    k3 = base + PLAIN_SIZE + m if n >= need else -1
    # sorting network for 7 (16 comparators)
    r0, r6 = min(r0, r6), max(r0, r6)
    r2, r3 = min(r2, r3), max(r2, r3)
    r4, r5 = min(r4, r5), max(r4, r5)
    r0, r2 = min(r0, r2), max(r0, r2)
    r1, r4 = min(r1, r4), max(r1, r4)
    r3, r6 = min(r3, r6), max(r3, r6)
    r0, r1 = min(r0, r1), max(r0, r1)
    r2, r5 = min(r2, r5), max(r2, r5)
    r3, r4 = min(r3, r4), max(r3, r4)
    r1, r2 = min(r1, r2), max(r1, r2)
    r4, r6 = min(r4, r6), max(r4, r6)
    r2, r3 = min(r2, r3), max(r2, r3)
    r4, r5 = min(r4, r5), max(r4, r5)
    r1, r2 = min(r1, r2), max(r1, r2)
    r3, r4 = min(r3, r4), max(r3, r4)
    r5, r6 = min(r5, r6), max(r5, r6)
    idx = (_idx_term(r0, 0) + _idx_term(r1, 1) + _idx_term(r2, 2) + _idx_term(r3, 3)
           + _idx_term(r4, 4) + _idx_term(r5, 5) + _idx_term(r6, 6))
    return base + idx, k0, k1, k2, k3
