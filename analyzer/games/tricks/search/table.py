"""The transposition tables of the searches: positions at a trick's start keyed by hands and leader.

A table is a tuple ``(keys, lead, a, b, stamp, best)`` of ``2**n`` slots probed four at a time
(a slot counts only under the current ``stamp``). The paranoid solver keeps *bounds* in it
(``a``/``b`` the fewest/most tricks seat S makes from the position, valid across targets,
``best`` the move that cut); the set search keeps *answers* (``a`` the accepted set seen from
the tricks already won, ``b`` 1 or 0).

>>> tt = new_table(4)
>>> [a.shape[0] for a in tt]
[16, 16, 16, 16, 16, 1]
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["MAXP", "find", "hash_hands", "new_table", "store_answer", "store_bounds"]

MAXP = 6


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


@no_refcount
def find(tt, stamp, hands, np_, leader, acc, idx):
    """The slot of a position (and, ``acc >= 0``, an accepted set) in a table, -1 when absent."""
    keys, tlead, ta, _tb, tstamp, _tbest = tt
    tmask = tstamp.shape[0] - 1
    for j in range(4):
        slot = (idx + j) & tmask
        if tstamp[slot] != stamp or tlead[slot] != leader or (acc >= 0 and ta[slot] != acc):
            continue
        same = True
        for i in range(np_):
            if keys[slot, i] != hands[i]:
                same = False
                break
        if same:
            return slot
    return -1


@no_refcount
def _claim(tt, stamp, hands, np_, leader, idx):
    """A slot for a new entry (the first of the four free under ``stamp``, else the first), keyed."""
    keys, tlead, _ta, _tb, tstamp, _tbest = tt
    tmask = tstamp.shape[0] - 1
    slot = idx & tmask
    for j in range(4):
        s = (idx + j) & tmask
        if tstamp[s] != stamp:
            slot = s
            break
    tstamp[slot] = stamp
    tlead[slot] = leader
    for i in range(np_):
        keys[slot, i] = hands[i]
    return slot


@no_refcount
def store_bounds(tt, stamp, hands, np_, leader, idx, lb, ub, best):
    """Keep tighter trick bounds (and the move that cut, when ``best >= 0``) for a position."""
    _keys, _tlead, ta, tb, _tstamp, tbest = tt
    slot = find(tt, stamp, hands, np_, leader, np.int64(-1), idx)
    if slot < 0:
        slot = _claim(tt, stamp, hands, np_, leader, idx)
        ta[slot] = lb
        tb[slot] = ub
        tbest[slot] = best
        return
    if best >= 0:
        tbest[slot] = best
    if lb > ta[slot]:
        ta[slot] = lb
    if ub < tb[slot]:
        tb[slot] = ub


@no_refcount
def store_answer(tt, stamp, hands, np_, leader, idx, acc, r):
    """Keep the answer for a (position, accepted set)."""
    slot = _claim(tt, stamp, hands, np_, leader, idx)
    tt[2][slot] = acc
    tt[3][slot] = 1 if r else 0


@kernel
def new_table(log_size):
    """An empty answers table (``2**log_size`` entries) for the set search."""
    size = 1 << log_size
    return (np.zeros((size, MAXP), np.uint64), np.zeros(size, np.int8), np.zeros(size, np.int64),
            np.zeros(size, np.int8), np.zeros(size, np.int32), np.zeros(1, np.int16))
