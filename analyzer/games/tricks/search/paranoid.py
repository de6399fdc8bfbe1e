"""The paranoid solver: the tricks a side makes sure of when every other seat plays against it.

The side S is a bit mask of seats (one seat; a partnership such as seats 0+2 in short poker for
tricks, where the paranoid value is the double-dummy value of a two-team zero-sum deal).
The question "can S make sure of at least ``target`` more tricks?" is the alpha-beta of
:mod:`analyzer.games.tricks.search.alphabeta` on the set of counts from ``target`` up, with
the paranoid node knowledge (sure tricks, a table of trick bounds keyed by relative ranks,
valid across targets); the value is the largest target it can make sure of, found from the most
the others leave it down (a failure above the value is cheaper than a success below it).

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> from analyzer.games.tricks.search.table import new_table
>>> rp = trick_rules("georgian-joker").params()
>>> hands = np.array([(1 << 44) | (1 << 3), (1 << 43) | (1 << 4), (1 << 42) | (1 << 5), (1 << 41) | (1 << 6)],
...                  np.uint64)                       # Ah 5c, Kh 6c, Qh 7c, Jh 8c; hearts trump
>>> int(paranoid_kernel(hands, 4, 0b1, 2, rp, 0, -1, 0, new_table(10), 1, np.zeros(1, np.int64)))   # seat 0
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
from analyzer.games.tricks.search.bounds import (
    MAX_MOVES,
    canonical,
    sort_suits,
)
from analyzer.games.tricks.search.sure import sure_against, sure_tricks
from analyzer.games.tricks.search.table import MAXP, find, hash_hands, lower, upper
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


@no_refcount
def _search(hands, np_, s_mask, trump, rp, leader, first, target, tt, stamp, nodes, mv, keyb, tcard, tmode, hist,
            canon, st):
    """:func:`paranoid_kernel`'s searches, on its copy of the hands and its work arrays (compiled
    without reference counting: the search slices rows of them at every node). The value: the
    targets from the most the others leave the side down to the first it makes sure of (a
    failure above the value costs less than a success below it, and the table's bounds carry
    from one target to the next)."""
    rem = _tricks_left(hands, np_)
    zero = np.int64(0)
    # one call of the search below for both questions: it is compiled once, with what it calls at every
    # node copied into it (two calls compiled it twice, about 10 CPU-s more)
    if first >= 0:  # one search: does the side still make sure of ``target`` after the first card?
        k0 = np.int64(1)
        lo = target - 1
        hi = target
    else:
        k0 = zero
        lo = np.int64(sure_tricks(hands, np_, s_mask, trump, leader, zero, rp))
        hi = rem - sure_against(hands, np_, s_mask, trump, leader, zero, rp, zero)
    while hi > lo:
        if first < 0:
            slot = _root_slot(hands, np_, trump, leader, tt, stamp, canon[0])
            if slot >= 0:  # what the searches so far (or a twin's under this stamp) proved of the deal
                lo = max(lo, lower(tt, slot))
                hi = min(hi, upper(tt, slot))
                if hi <= lo:
                    break
        made = alphabeta(known_bounds, remember_bounds, hands, np_, s_mask, trump, rp, leader, k0, zero, rem,
                         _at_least(hi), tt, stamp, nodes, UNBOUNDED, mv, keyb, tcard, tmode, hist, canon, st) == 1
        if first >= 0:
            return np.int64(1) if made else np.int64(0)
        if made:
            break
        hi -= 1
    return hi


@no_refcount
def _root_slot(hands, np_, trump, leader, tt, stamp, ch):
    """The table slot of the deal's first position (its key written to ``ch``), -1 when absent."""
    canonical(hands, np_, ch)
    sort_suits(ch, np_, trump)
    return find(tt, stamp, ch, np_, leader, np.int64(-1), np.int64(hash_hands(ch, np_, leader) >> uint64(40)))


@kernel(python=True)
def paranoid_kernel(hands0, np_, s_mask, trump, rp, leader, first, target, tt, stamp, nodes):
    """The paranoid value of the side ``s_mask`` for a deal at the start of its first trick
    (``first`` < 0); with a first card ``first`` (a move) of the leader, 1 when the side still
    makes sure of ``target`` tricks after it, else 0. The table ``tt`` (rows of
    :mod:`analyzer.games.tricks.search.table`) under ``stamp``. One kernel for both questions: a command
    asking both compiles the search once."""
    hands = hands0.copy()
    rem = _tricks_left(hands, np_)
    mv, keyb, tcard, tmode, hist, canon, st = buffers(np_, rem)
    if first >= 0:
        b = first & 63
        hands[leader] ^= uint64(1) << uint64(b)
        tcard[0, 0] = b
        tmode[0, 0] = first >> 6
    return _search(hands, np_, s_mask, trump, rp, leader, first, target, tt, stamp, nodes, mv, keyb, tcard, tmode,
                   hist, canon, st)
