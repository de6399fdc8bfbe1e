"""Monte Carlo showdown kernel for the high game with 5-card hands (the common case, made fast).

One showdown = one deal of every seat's unknown cards from the cards left (``rest``), each seat's
hand scored, and the pot given to the best hand (split on a tie). The deal is a partial
Fisher–Yates on a copy of ``rest`` made once per chunk (the pack stays a permutation, so it is
dealt from again without a reset); the xoshiro256** state is held in registers and written back
at the end. A hand is scored from the sum of its cards' words (:mod:`analyzer.kernels.table5`:
rank counts, suit counts, wild count), added up as the cards are dealt, through the evaluator's
perfect hash of the flat table: no sort, no copy of the cards; a hand whose natural cards share
one suit reads the flat table's suited entry, its rank mask taken from the word's rank counts.
Per showdown only the set of seats holding the best hand is counted (one counter per set); the
totals (layout of :mod:`.kernels`) follow at the end.

The draws, their order and the redeals for hand classes are those of :func:`.kernels.mc_chunk`,
and the scores the flat table's own, so a seed gives the very same totals, only faster.

>>> from analyzer.games.showdown.equity import table_setup
>>> from analyzer.games.showdown.kernels import mc_chunk
>>> from analyzer.kernels.rng import chunk_state
>>> import numpy as np
>>> t = table_setup(["As Ad", "random"], 3, "standard")
>>> table, wbits = t.ev.kernel_args()
>>> args = (t.known, t.nknown, 5, t.rest, t.vlo, t.vhi, 0, 100, table, wbits)
>>> a = mc_high5(chunk_state(3, 0), 2000, *args)
>>> b = mc_chunk(chunk_state(3, 0), 2000, *args, *t.low_args)
>>> bool(np.array_equal(a, b)), int(a[0])
(True, 2000)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import int64, uint64

from analyzer.games.showdown.kernels import (
    ANY_HIGH,
    ERR_RANGE,
    HEAD,
    PER_SEAT,
    UNIT,
    strength,
)
from analyzer.kernels.handkey import PLAIN_SIZE, STRIDE
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.table5 import KEY_MASK

__all__ = ["bounded_regs", "deal_words", "hash_args", "mc_hash5", "mc_high5", "score_word"]

_M32 = uint64(0xFFFFFFFF)
_SUITS = uint64(0x8888)  # the top bit of each 4-bit suit counter (table5's one-suit test)


@no_refcount(inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@no_refcount(inline="always")
def bounded_regs(n, s0, s1, s2, s3):
    """:func:`analyzer.kernels.rng.bounded` on a state held in four scalars: (value, new state)."""
    nn = uint64(n)
    while True:
        x = (_rotl(s1 * uint64(5), 7) * uint64(9)) >> uint64(32)
        t = s1 << uint64(17)
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        m = x * nn
        low = m & _M32
        if low >= nn or low >= (uint64(0x100000000) - nn) % nn:
            return np.int64(m >> uint64(32)), s0, s1, s2, s3


@no_refcount(inline="always")
def _draw(pack, pos, m, s0, s1, s2, s3):
    """Swap a uniform card of ``pack[pos:m]`` to ``pack[pos]``: (its code, new state).
    Unsigned indices: numba adds no negative-index wraparound to them."""
    r, s0, s1, s2, s3 = bounded_regs(m - pos, s0, s1, s2, s3)
    r += pos
    c = pack[uint64(r)]
    pack[uint64(r)] = pack[uint64(pos)]
    pack[uint64(pos)] = c
    return c, s0, s1, s2, s3


@no_refcount(inline="always")
def deal_words(pack, pos, m, need, word, words, s0, s1, s2, s3):
    """Deal ``need`` cards from ``pack[pos]`` on, adding their words to ``word``:
    (the hand's word, the next position, new state)."""
    for _ in range(need):
        c, s0, s1, s2, s3 = _draw(pack, pos, m, s0, s1, s2, s3)
        word += words[uint64(c)]
        pos += 1
    return word, pos, s0, s1, s2, s3


@no_refcount
def _suited(word, table):
    """The flat table's suited entry of a one-suit hand: its natural cards have distinct ranks, so
    the quinary rank counts of the word (ranks 0..6 in bits 0..16, 7..12 in bits 17..30) are the
    rank mask's bits."""
    q = word & uint64(0x1FFFF)
    mask = 0
    for r in range(7):
        mask |= int64(q % uint64(5)) << r
        q //= uint64(5)
    q = (word >> uint64(17)) & uint64(0x3FFF)
    for r in range(7, 13):
        mask |= int64(q % uint64(5)) << r
        q //= uint64(5)
    return int64(table[int64(word >> uint64(48)) * STRIDE + PLAIN_SIZE + mask])


@no_refcount(inline="always")
def score_word(word, mult, shift_a, shift_b, mask_a, disp, slots, table):
    """The score of a 5-card hand from its word (:func:`analyzer.kernels.table5.score_rows5`'s lookup)."""
    w = word >> uint64(48)
    if (((word >> uint64(32)) & uint64(0xFFFF)) + (uint64(3) + w) * uint64(0x1111)) & _SUITS:
        return _suited(word, table)
    h = (word & uint64(KEY_MASK)) * mult
    return int64(slots[((h >> shift_a) & mask_a) ^ uint64(disp[h >> shift_b])])


@kernel(nogil=True)
def mc_hash5(state, n, known, nknown, rest, vlo, vhi, max_tries, table, words, mult, shift_a, shift_b, mask_a,
             disp, slots):
    """``n`` random showdowns of the high game with 5-card hands, scored through the perfect hash
    (``words`` .. ``slots``: :func:`hash_args`). Totals as :func:`.kernels.mc_chunk`'s."""
    p = known.shape[0]
    tot = np.zeros(HEAD + PER_SEAT * p, np.int64)
    by_set = np.zeros(1 << p, np.int64)  # by_set[x]: showdowns won by exactly the seats of bit set x
    pack = rest.copy()
    m = pack.shape[0]
    base = np.zeros(p, np.uint64)  # the words of each seat's known cards
    need = np.empty(p, np.int64)
    for i in range(p):
        need[i] = 5 - nknown[i]
        for j in range(nknown[i]):
            base[i] += words[known[i, j]]
    hi = np.empty(p, np.int64)
    need0 = need[0]
    lo0 = vlo[0]
    hi0 = vhi[0]
    others_free = True
    for i in range(1, p):
        if vlo[i] > 0 or vhi[i] < ANY_HIGH:
            others_free = False
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    err = False
    done = 0
    redeal0 = 0
    redeal = 0
    for _ in range(n):
        tries = 0
        while True:  # seat 0
            word, pos0, s0, s1, s2, s3 = deal_words(pack, 0, m, need0, base[0], words, s0, s1, s2, s3)
            sc = score_word(word, mult, shift_a, shift_b, mask_a, disp, slots, table)
            v = strength(sc)
            if lo0 <= v and v <= hi0:
                break
            tries += 1
            if tries >= max_tries:
                err = True
                break
        redeal0 += tries
        if err:
            break
        hi[0] = sc
        best = sc
        tries = 0
        while True:  # the other seats, together
            pos = pos0
            best = hi[0]
            ok = True
            for i in range(1, p):
                word, pos, s0, s1, s2, s3 = deal_words(pack, pos, m, need[i], base[i], words, s0, s1, s2, s3)
                sc = score_word(word, mult, shift_a, shift_b, mask_a, disp, slots, table)
                hi[i] = sc
                best = max(best, sc)
                if not others_free:
                    v = strength(sc)
                    if v < vlo[i] or v > vhi[i]:
                        ok = False
                        break
            if ok:
                break
            tries += 1
            if tries >= max_tries:
                err = True
                break
        redeal += tries
        if err:
            break
        done += 1
        x = 0
        for i in range(p):
            x |= (hi[i] == best) << i
        by_set[x] += 1
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    tot[0] = done
    tot[1] = redeal0
    tot[2] = redeal
    for x in range(1, 1 << p):
        w = by_set[x]
        if w == 0:
            continue
        t = 0
        for i in range(p):
            t += (x >> i) & 1
        share = UNIT // t
        for i in range(p):
            if (x >> i) & 1:
                b = HEAD + PER_SEAT * i
                tot[b + (0 if t == 1 else 1)] += w
                tot[b + 2] += share * w
                tot[b + 3] += share * share * w
    if err:
        tot[3] = ERR_RANGE
    return tot


def hash_args(table: np.ndarray, wbits: int, cards: np.ndarray) -> tuple[Any, ...]:
    """``(words, mult, shift_a, shift_b, mask_a, disp, slots)`` for :func:`mc_hash5`: the perfect
    hash of the 5-card flat ``table`` over the rank multisets of ``cards`` (every card in play);
    :meth:`analyzer.evaluator.Evaluator.kernel_args5` gives the same for a whole deck, cached."""
    from analyzer.kernels import table5, table7
    from analyzer.kernels.combinatorics import binomial_table

    natural = [int(c) for c in cards if not (wbits >> int(c)) & 1]
    lo = min(c >> 2 for c in natural) if natural else 0
    max_w = min(5, len(cards) - len(natural))
    words = table7.card_words(wbits)
    return (words, *table5.build_hash5(table, table7.card_words(0), lo, max_w, binomial_table(23, 8)))


def mc_high5(state: np.ndarray, n: int, known: np.ndarray, nknown: np.ndarray, k: int, rest: np.ndarray,
             vlo: np.ndarray, vhi: np.ndarray, game: int, max_tries: int, table: np.ndarray, wbits: int,
             hashed: tuple[Any, ...] | None = None) -> np.ndarray:
    """:func:`mc_hash5` with :func:`.kernels.mc_chunk`'s arguments (``k`` = 5 and ``game`` = high
    are checked by the caller); ``hashed``: :func:`hash_args`'s tuple, built here if not given."""
    if hashed is None:
        cards = np.concatenate([rest, known[known >= 0]])
        hashed = hash_args(table, wbits, cards)
    return mc_hash5(state, n, known, nknown, rest, vlo, vhi, max_tries, table, *hashed)  # type: ignore[no-any-return]
