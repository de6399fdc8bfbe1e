"""Best-of-6/7 batch scoring from one additive card key (the batch twin of ``handkey.keys7``).

Every card code maps to one int64 word (:func:`card_words`): a natural card adds 5^rank to a
quinary count of the ranks (ranks 0..6 in bits 0..16, ranks 7..12 in bits 17..30) and 1 to
the 4-bit counter of its suit (bits 32..47); a wild card adds 1 to the wild counter (bits
48..51). The sum of a hand's words holds all the suit-blind lookup needs: the wild count w
and the rank multiset, whose dense index is ``high[w, x_hi] + low[x_lo]`` (ordered by the high
ranks, then the low ranks: a mixed-radix index). Only a hand with a suit whose count + w
reaches 5 looks further, at the suited entries of the flat table (as ``keys7`` does).

>>> import numpy as np
>>> from analyzer.evaluator import Evaluator
>>> ev = Evaluator("joker-wild", "52+1", 7)
>>> hands = np.array([ev.parse("As Ks Qs Js 2d 3c Jk"), ev.parse("2c 2d 7h 7s 9c Td Kh")], np.int64)
>>> scores = np.empty(2, np.int32)
>>> score_rows7(hands, 0, 2, *ev.kernel_args7(), scores)
0
>>> scores.tolist() == [ev.score(h) for h in hands]
True
"""

from __future__ import annotations

import numpy as np
from numba import int64, prange, uint64

from analyzer.kernels.handkey import PLAIN_SIZE, STRIDE
from analyzer.kernels.jit import kernel, no_refcount

N_LOW = 5**7   # quinary counts of ranks 0..6
N_HIGH = 5**6  # quinary counts of ranks 7..12
_LOW_RANKS = 7
_SUITS = 0x8888
BAD = 1 << 56  # a code that is no card: the row scores -1 and is counted


def card_words(wbits: int) -> np.ndarray:
    """The (uint64) word of every code 0..63 for the wild set ``wbits``; a code that is no card
    (a joker that is not wild, 55..63) sets the ``BAD`` bits."""
    words = np.full(64, BAD, np.uint64)
    for c in range(64):
        if (wbits >> c) & 1:
            words[c] = 1 << 48
        elif c < 52:
            r, s = c >> 2, c & 3
            q = 5**r if r < _LOW_RANKS else (5 ** (r - _LOW_RANKS)) << 17
            words[c] = q | (1 << (32 + 4 * s))
    return words


@kernel
def _digit_sums(n, digits):
    out = np.zeros(n, np.int64)
    for x in range(n):
        t = x
        for _ in range(digits):
            out[x] += t % 5
            t //= 5
    return out


@kernel
def build_table7(flat, k, max_w, binom):
    """``(high, low, plain)``: the mixed-radix index tables and the suit-blind scores, copied from
    the flat table's suit-blind blocks (``flat[w * STRIDE + colex multiset index]``)."""
    lo_size = _digit_sums(N_LOW, _LOW_RANKS)
    hi_size = _digit_sums(N_HIGH, 13 - _LOW_RANKS)
    low = np.zeros(N_LOW, np.uint16)  # only sizes ≤ 7 are looked up: < 1716 each
    n_low = np.zeros(8 * _LOW_RANKS, np.int64)
    for x in range(N_LOW):
        if lo_size[x] <= 7:
            low[x] = n_low[lo_size[x]]
        n_low[lo_size[x]] += 1
    top_w = min(max_w, k)
    high = np.zeros((top_w + 1) * N_HIGH, np.int32)
    total = 0
    for w in range(top_w + 1):
        m = k - w
        for x in range(N_HIGH):
            j = hi_size[x]
            if j <= m:
                high[w * N_HIGH + x] = total
                total += n_low[m - j]
    plain = np.full(total, -1, np.int32)
    ranks = np.empty(8, np.int64)
    by_size = np.argsort(lo_size, kind="mergesort")
    first = np.zeros(8 * _LOW_RANKS + 1, np.int64)
    for x in range(N_LOW):
        first[lo_size[x] + 1] += 1
    first = np.cumsum(first)
    for w in range(top_w + 1):
        m = k - w
        for xh in range(N_HIGH):
            j = hi_size[xh]
            if j > m:
                continue
            for t in range(first[m - j], first[m - j + 1]):
                xl = by_size[t]
                # the sorted ranks: low ranks (from the low quinary), then high ranks
                n = 0
                q = xl
                for r in range(_LOW_RANKS):
                    for _ in range(q % 5):
                        ranks[n] = r
                        n += 1
                    q //= 5
                q = xh
                for r in range(_LOW_RANKS, 13):
                    for _ in range(q % 5):
                        ranks[n] = r
                        n += 1
                    q //= 5
                idx = 0
                for i in range(n):
                    idx += binom[ranks[i] + i, i + 1]
                plain[high[w * N_HIGH + xh] + low[xl]] = flat[w * STRIDE + idx]
    return high, low, plain


@no_refcount(inline="always")
def _bit(c, suit, wbits):
    """The rank bit of a natural card of ``suit`` (0 for other cards, wild cards, -1)."""
    c = int64(c)
    if c < 0 or (wbits >> c) & 1 or (c & 3) != suit:
        return 0
    return 1 << (c >> 2)


@no_refcount
def _suited(s, w, c0, c1, c2, c3, c4, c5, c6, wbits, flat, v):
    """The best of ``v`` and the suited entries of every suit with count + w ≥ 5."""
    base = w * STRIDE + PLAIN_SIZE
    for suit in range(4):
        if ((s >> (32 + 4 * suit)) & 15) + w < 5:
            continue
        mask = (_bit(c0, suit, wbits) | _bit(c1, suit, wbits) | _bit(c2, suit, wbits) | _bit(c3, suit, wbits)
                | _bit(c4, suit, wbits) | _bit(c5, suit, wbits) | _bit(c6, suit, wbits))
        v = max(v, flat[base + mask])
    return v


@no_refcount(inline="always")
def _finish(s, c0, c1, c2, c3, c4, c5, c6, high, low, plain, flat, wbits):
    # unsigned indices: numba adds no negative-index wraparound to the lookups (half the time)
    w = s >> uint64(48)
    v = plain[uint64(high[w * uint64(N_HIGH) + ((s >> uint64(17)) & uint64(0x3FFF))])
              + uint64(low[s & uint64(0x1FFFF)])]
    if (((s >> uint64(32)) & uint64(0xFFFF)) + (uint64(3) + w) * uint64(0x1111)) & uint64(_SUITS):
        v = _suited(int64(s), int64(w), c0, c1, c2, c3, c4, c5, c6, wbits, flat, v)
    return v


@no_refcount
def score_rows7(hands, lo, hi, words, high, low, plain, flat, wbits, out):
    """Scores of rows lo..hi-1 of an (n, 6) or (n, 7) array of card codes into ``out``; returns
    the number of rows holding a code that is no card (scored -1)."""
    bad = 0
    if hands.shape[1] == 7:
        for i in range(lo, hi):
            c0, c1, c2, c3, c4, c5, c6 = (hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4],
                                          hands[i, 5], hands[i, 6])
            if (uint64(c0) | uint64(c1) | uint64(c2) | uint64(c3) | uint64(c4) | uint64(c5) | uint64(c6)) >= 64:
                out[i] = -1
                bad += 1
                continue
            s = (words[uint64(c0)] + words[uint64(c1)] + words[uint64(c2)] + words[uint64(c3)]
                 + words[uint64(c4)] + words[uint64(c5)] + words[uint64(c6)])
            if s >= uint64(BAD):
                out[i] = -1
                bad += 1
                continue
            out[i] = _finish(s, c0, c1, c2, c3, c4, c5, c6, high, low, plain, flat, wbits)
    else:
        for i in range(lo, hi):
            c0, c1, c2, c3, c4, c5 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], hands[i, 5]
            if (uint64(c0) | uint64(c1) | uint64(c2) | uint64(c3) | uint64(c4) | uint64(c5)) >= 64:
                out[i] = -1
                bad += 1
                continue
            s = (words[uint64(c0)] + words[uint64(c1)] + words[uint64(c2)] + words[uint64(c3)]
                 + words[uint64(c4)] + words[uint64(c5)])
            if s >= uint64(BAD):
                out[i] = -1
                bad += 1
                continue
            # no seventh card: int64(-1), not the constant -1 (_suited compiles once for six cards and seven)
            out[i] = _finish(s, c0, c1, c2, c3, c4, c5, int64(-1), high, low, plain, flat, wbits)
    return bad


@kernel(parallel=True)
def score_batch7(hands, words, high, low, plain, flat, wbits, out):
    """:func:`score_rows7` over blocks of rows, in parallel; returns the rows that are no hand."""
    n = hands.shape[0]
    n_blocks = (n + 8191) // 8192
    bad = np.zeros(n_blocks, np.int64)
    for b in prange(n_blocks):
        bad[b] = score_rows7(hands, b * 8192, min(n, (b + 1) * 8192), words, high, low, plain, flat, wbits, out)
    return bad.sum()
