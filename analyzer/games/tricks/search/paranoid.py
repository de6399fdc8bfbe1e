"""The paranoid solver: the tricks a side makes sure of when every other seat plays against it.

The side S is a bit mask of seats (one seat; a partnership such as seats 0+2 in short poker for
tricks, where the paranoid value is the double-dummy value of a two-team zero-sum deal).
The question "can S make sure of at least ``target`` more tricks?" is the alpha-beta of
:mod:`analyzer.games.tricks.search.alphabeta` on the set of counts from ``target`` up, with
the paranoid node knowledge (sure tricks, a table of trick bounds keyed by relative ranks,
valid across targets); the value is the largest target it can make sure of.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> from analyzer.games.tricks.search.table import MAXP
>>> rp = trick_rules("georgian-joker").params()
>>> hands = np.array([(1 << 44) | (1 << 3), (1 << 43) | (1 << 4), (1 << 42) | (1 << 5), (1 << 41) | (1 << 6)],
...                  np.uint64)                       # Ah 5c, Kh 6c, Qh 7c, Jh 8c; hearts trump
>>> size = 1 << 10
>>> tt = (np.zeros((size, MAXP), np.uint64), np.zeros(size, np.int8), np.zeros(size, np.int64),
...       np.zeros(size, np.int8), np.zeros(size, np.int32), np.full(size, -1, np.int16))
>>> int(paranoid_kernel(hands, 4, 0b1, 2, rp, 0, -1, 0, *tt, 1, np.zeros(1, np.int64)))   # seat 0
1
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import popcount
from analyzer.games.tricks.search.alphabeta import (
    UNBOUNDED,
    alphabeta,
    buffers,
    known_bounds,
    remember_bounds,
)
from analyzer.games.tricks.search.bounds import MAX_MOVES
from analyzer.games.tricks.search.table import MAXP
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["MAXP", "MAX_MOVES", "paranoid_kernel"]


@no_refcount
def _tricks_left(hands, np_):
    rem = 0
    for i in range(np_):
        rem = max(rem, popcount(hands[i]))
    return rem


@no_refcount
def _at_least(target):
    """The accepted set "at least ``target`` tricks"."""
    return -(np.int64(1) << target)


@kernel(python=True)
def paranoid_kernel(hands0, np_, s_mask, trump, rp, leader, first, target, keys, tlead, tlb, tub, tstamp, tbest, stamp,
                    nodes):
    """The paranoid value of the side ``s_mask`` for a deal at the start of its first trick
    (``first`` < 0); with a first card ``first`` (a move) of the leader, 1 when the side still
    makes sure of ``target`` tricks after it, else 0. The table: ``keys``, ``tlead``, ``tlb``,
    ``tub``, ``tstamp``, ``tbest`` under ``stamp``. One kernel for both questions: a command
    asking both compiles the search once."""
    hands = hands0.copy()
    rem = _tricks_left(hands, np_)
    tt = (keys, tlead, tlb, tub, tstamp, tbest)
    mv, keyb, tcard, tmode, hist, canon = buffers(np_, rem)
    zero = np.int64(0)
    k0 = zero
    if first >= 0:
        b = first & 63
        hands[leader] ^= uint64(1) << uint64(b)
        tcard[0, 0] = b
        tmode[0, 0] = first >> 6
        k0 = np.int64(1)
    # one call of the search, which is compiled into this kernel: the first card's question, or
    # the value found by raising the target a trick at a time
    lo = np.int64(0)
    while lo < rem:
        want = target if first >= 0 else lo + 1
        made = alphabeta(known_bounds, remember_bounds, hands, np_, s_mask, trump, rp, leader, k0, zero, rem,
                         _at_least(want), tt, stamp, nodes, UNBOUNDED, mv, keyb, tcard, tmode, hist, canon) == 1
        if first >= 0:
            return np.int64(1) if made else np.int64(0)
        if not made:
            break
        lo += 1
    return lo
