"""Monte Carlo showdown kernel for the high game with 5-card hands (the common case, made fast).

One showdown = one deal of every seat's unknown cards from the cards left (``rest``), each seat's
hand scored through the evaluator's flat table (the key lookup exact enumeration uses), and the
pot given to the best hand (split on a tie). The deal is a partial Fisher–Yates on a copy of
``rest`` made once per chunk (the pack stays a permutation, so it is dealt from again without a
reset); the xoshiro256** state is held in registers and written back at the end. Per seat only
the size of the tie it won is counted; the totals (layout of :mod:`.kernels`) follow at the end.

The draws, their order and the redeals for hand classes are those of :func:`.kernels.mc_chunk`,
so a seed gives the very same totals, only faster.

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

import numpy as np
from numba import uint64

from analyzer.games.showdown.kernels import (
    ANY_HIGH,
    ERR_RANGE,
    HEAD,
    PER_SEAT,
    UNIT,
    strength,
)
from analyzer.kernels.handkey import key5
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["bounded_regs", "mc_high5"]

_M32 = uint64(0xFFFFFFFF)
_TIES = 11  # a tie among 1..10 seats


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
def _score(h, b, table, wbits):
    return np.int64(table[key5(h[b], h[b + 1], h[b + 2], h[b + 3], h[b + 4], wbits)])


@kernel(nogil=True)
def mc_high5(state, n, known, nknown, k, rest, vlo, vhi, game, max_tries, table, wbits):
    """``n`` random showdowns of the high game with 5-card hands (``k`` and ``game`` are checked by
    the caller; they are taken to keep :func:`.kernels.mc_chunk`'s signature). Totals as there."""
    p = known.shape[0]
    tot = np.zeros(HEAD + PER_SEAT * p, np.int64)
    won = np.zeros(p * _TIES, np.int64)  # won[i * 11 + t]: seat i among the t best hands
    pack = rest.copy()
    m = pack.shape[0]
    h = np.empty(5 * p, np.int64)
    for i in range(p):
        for j in range(nknown[i]):
            h[5 * i + j] = known[i, j]
    hi = np.empty(p, np.int64)
    nk0 = nknown[0]
    need0 = 5 - nk0
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
    for _ in range(n):
        tries = 0
        while True:  # seat 0
            for j in range(need0):
                r, s0, s1, s2, s3 = bounded_regs(m - j, s0, s1, s2, s3)
                r += j
                c = pack[r]
                pack[r] = pack[j]
                pack[j] = c
                h[nk0 + j] = c
            sc = _score(h, 0, table, wbits)
            hi[0] = sc
            v = strength(sc)
            if lo0 <= v and v <= hi0:
                break
            tries += 1
            tot[1] += 1
            if tries >= max_tries:
                err = True
                break
        if err:
            break
        tries = 0
        while True:  # the other seats, together
            pos = need0
            ok = True
            for i in range(1, p):
                b = 5 * i
                for j in range(nknown[i], 5):
                    r, s0, s1, s2, s3 = bounded_regs(m - pos, s0, s1, s2, s3)
                    r += pos
                    c = pack[r]
                    pack[r] = pack[pos]
                    pack[pos] = c
                    h[b + j] = c
                    pos += 1
                sc = _score(h, b, table, wbits)
                hi[i] = sc
                if not others_free:
                    v = strength(sc)
                    if v < vlo[i] or v > vhi[i]:
                        ok = False
                        break
            if ok:
                break
            tries += 1
            tot[2] += 1
            if tries >= max_tries:
                err = True
                break
        if err:
            break
        tot[0] += 1
        best = hi[0]
        for i in range(1, p):
            if hi[i] > best:
                best = hi[i]
        ties = 0
        for i in range(p):
            if hi[i] == best:
                ties += 1
        for i in range(p):
            if hi[i] == best:
                won[i * _TIES + ties] += 1
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    for i in range(p):
        base = HEAD + PER_SEAT * i
        for t in range(1, _TIES):
            w = won[i * _TIES + t]
            share = UNIT // t
            if t == 1:
                tot[base] += w
            else:
                tot[base + 1] += w
            tot[base + 2] += share * w
            tot[base + 3] += share * share * w
    if err:
        tot[3] = ERR_RANGE
    return tot
