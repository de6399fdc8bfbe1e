"""The transposition tables of the searches: positions at a trick's start keyed by hands and leader.

A table is one ``uint64`` array of ``2**n`` rows of 8 words, each row one 64-byte cache line
(the array starts on a line, whether made from Python or in a kernel), probed four rows at a
time: words 0-5 the key (the hands), word 6 ``a``, word 7 the ``stamp`` (bits 0-31; a row counts only under the current stamp),
the leader (bits 32-39), ``b`` (bits 40-47) and the best move + 1 (bits 48-63). A probe reads
one line per row, where six arrays side by side cost six. The paranoid solver keeps *bounds*
in it (``a``/``b`` the fewest/most tricks seat S makes from the position, valid across targets,
the best move the one that cut); the set search keeps *answers* (``a`` the accepted set seen
from the tricks already won, ``b`` 1 or 0).

>>> tt = new_table(4)
>>> tt.shape, tt.ctypes.data % 64
((16, 8), 0)
>>> h = np.array([3, 5, 9, 17], np.uint64)
>>> store_bounds(tt, 1, h, 4, 2, 7, 1, 3, 12)
>>> s = find(tt, 1, h, 4, 2, -1, 7)
>>> int(lower(tt, s)), int(upper(tt, s)), int(best_move(tt, s)), find(tt, 2, h, 4, 2, -1, 7)
(1, 3, 12, -1)
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["MAXP", "ROW", "best_move", "find", "hash_hands", "lower", "new_table", "store_answer", "store_bounds",
           "upper"]

MAXP = 6
ROW = 8  # words a row: the key, a, the packed stamp / leader / b / best
_LOW32 = 0xFFFFFFFF


@no_refcount(inline="always")
def hash_hands(hands, np_, leader):
    """A 64-bit hash of the hands and the leader."""
    h = uint64(leader + 1) * uint64(0x94D049BB133111EB)
    for i in range(np_):
        x = hands[i] * uint64(0x9E3779B97F4A7C15) + uint64(i)
        x ^= x >> uint64(31)
        h = (h ^ x) * uint64(0xBF58476D1CE4E5B9)
    h ^= h >> uint64(29)
    return h


@no_refcount(inline="always")
def _tag(stamp, leader):
    """Word 7's stamp and leader bits."""
    return (uint64(stamp) & uint64(_LOW32)) | ((uint64(leader) & uint64(0xFF)) << uint64(32))


@no_refcount(inline="always")
def lower(tt, slot):
    """A row's ``a`` (the fewest tricks, or the accepted set)."""
    return np.int64(tt[slot, 6])


@no_refcount(inline="always")
def upper(tt, slot):
    """A row's ``b`` (the most tricks, or the answer)."""
    return np.int64((tt[slot, 7] >> uint64(40)) & uint64(0xFF))


@no_refcount(inline="always")
def best_move(tt, slot):
    """A row's best move (-1: none)."""
    return np.int64(tt[slot, 7] >> uint64(48)) - 1


@no_refcount(inline="always")
def _pack(tag, b, best):
    return tag | (uint64(b & 0xFF) << uint64(40)) | (uint64(best + 1) << uint64(48))


@no_refcount(inline="always")
def find(tt, stamp, hands, np_, leader, acc, idx):
    """The row of a position (and, ``acc >= 0``, an accepted set) in a table, -1 when absent."""
    tmask = tt.shape[0] - 1
    tag = _tag(stamp, leader)
    for j in range(4):
        slot = (idx + j) & tmask
        if (tt[slot, 7] & uint64(0xFFFFFFFFFF)) != tag or (acc >= 0 and np.int64(tt[slot, 6]) != acc):
            continue
        same = True
        for i in range(np_):
            if tt[slot, i] != hands[i]:
                same = False
                break
        if same:
            return slot
    return -1


@no_refcount
def _claim(tt, stamp, hands, np_, idx):
    """A row for a new entry (the first of the four free under ``stamp``, else the first), keyed."""
    tmask = tt.shape[0] - 1
    st = uint64(stamp) & uint64(_LOW32)
    slot = idx & tmask
    for j in range(4):
        s = (idx + j) & tmask
        if (tt[s, 7] & uint64(_LOW32)) != st:
            slot = s
            break
    for i in range(np_):
        tt[slot, i] = hands[i]
    return slot


@no_refcount
def store_bounds(tt, stamp, hands, np_, leader, idx, lb, ub, best):
    """Keep tighter trick bounds (and the move that cut, when ``best >= 0``) for a position."""
    slot = find(tt, stamp, hands, np_, leader, np.int64(-1), idx)
    tag = _tag(stamp, leader)
    if slot < 0:
        slot = _claim(tt, stamp, hands, np_, idx)
        tt[slot, 6] = uint64(lb)
        tt[slot, 7] = _pack(tag, ub, best)
        return
    if best < 0:
        best = best_move(tt, slot)
    if lb > lower(tt, slot):
        tt[slot, 6] = uint64(lb)
    tt[slot, 7] = _pack(tag, min(ub, upper(tt, slot)), best)


@no_refcount
def store_answer(tt, stamp, hands, np_, leader, idx, acc, r):
    """Keep the answer for a (position, accepted set)."""
    slot = _claim(tt, stamp, hands, np_, idx)
    tt[slot, 6] = uint64(acc)
    tt[slot, 7] = _pack(_tag(stamp, leader), 1 if r else 0, -1)


@kernel(python=True)  # called from Python (the solver's table) as well: one compile serves both
def new_table(log_size):
    """An empty table of ``2**log_size`` rows, its first row on a 64-byte line."""
    size = 1 << log_size
    flat = np.zeros(size * ROW + ROW, np.uint64)
    off = ((64 - flat.ctypes.data % 64) % 64) // 8
    return flat[off:off + size * ROW].reshape((size, ROW))
