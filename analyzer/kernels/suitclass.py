"""Exact category counts over a deck's k-card hands, one hand per class of suit relabellings.

When every rank of a deck has its four suits and the wild cards are whole ranks (or jokers),
relabelling the suits changes no hand's score. A hand is then its jokers and four rank masks,
one per suit; the hands that differ only by the suits' labels share a score, and there are
``4! / ∏ m!`` of them (``m``: how many suits hold the same mask). So the count walks the
multisets of four masks — each once, ordered by (size, index in the list of masks of that size)
— and adds that weight: about 24 times fewer hands than :func:`.evaluate.count_all` (C(53,7):
154 million hands, 6.5 million classes).

>>> import numpy as np
>>> by = masks_by_size(3)
>>> [by[p][: counts_by_size(3)[p]].tolist() for p in range(4)]
[[0], [1, 2, 4], [3, 5, 6], [7]]
>>> int(class_weight(np.array([5, 5, 1, 0])))
12
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import prange

from analyzer.kernels.arrays import sum_rows
from analyzer.kernels.codes import CAT_SHIFT
from analyzer.kernels.evaluate import score5, score_cards
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["class_cards", "class_step", "class_tasks", "class_weight", "count_by_classes", "counts_by_size", "masks_by_size",
           "next_class", "suit_symmetric"]

# Task columns: the jokers' bit set (over the deck's joker list), the four suits' mask sizes
# (non-increasing) and the index of suit 0's mask in its size's list.
T_JOKERS, T_P0, T_P1, T_P2, T_P3, T_I0 = 0, 1, 2, 3, 4, 5
TASK_WIDTH = 6


def masks_by_size(r: int) -> np.ndarray:
    """Row p: every r-bit mask with p bits set, ascending (padded with -1)."""
    out = np.full((r + 1, comb(r, r // 2)), -1, np.int64)
    fill = np.zeros(r + 1, np.int64)
    for m in range(1 << r):
        p = m.bit_count()
        out[p, fill[p]] = m
        fill[p] += 1
    return out


def counts_by_size(r: int) -> np.ndarray:
    """How many r-bit masks have p bits set, p = 0..r."""
    return np.array([comb(r, p) for p in range(r + 1)], np.int64)


@no_refcount
def class_weight(m):
    """How many suit relabellings of the four masks ``m`` (equal ones adjacent) are distinct hands."""
    w = 24
    run = 1
    for s in range(1, 4):
        if m[s] == m[s - 1]:
            run += 1
            w //= run
        else:
            run = 1
    return w


@no_refcount
def class_cards(task, idx, ranks, jokers, by, cards, m):
    """A task's class ``idx`` (the mask indices of suits 1..3) as card codes into ``cards``
    (jokers first; codes rank * 4 + suit) and its four masks into ``m``."""
    t = 0
    for j in range(jokers.shape[0]):
        if (task[T_JOKERS] >> j) & 1:
            cards[t] = jokers[j]
            t += 1
    m[0] = by[task[T_P0], task[T_I0]]
    m[1] = by[task[T_P1], idx[0]]
    m[2] = by[task[T_P2], idx[1]]
    m[3] = by[task[T_P3], idx[2]]
    for s in range(4):
        mm = m[s]
        b = 0
        while mm:
            if mm & 1:
                cards[t] = ranks[b] * 4 + s
                t += 1
            mm >>= 1
            b += 1


@no_refcount
def next_class(task, nby, idx):
    """Step ``idx`` (zeros: a task's first class) to the task's next class; False after its last.
    Equal sizes keep the indices non-increasing, so every multiset of masks comes once."""
    p0, p1, p2, p3 = task[T_P0], task[T_P1], task[T_P2], task[T_P3]
    idx[2] += 1
    if idx[2] < (idx[1] + 1 if p3 == p2 else nby[p3]):
        return True
    idx[2] = 0
    idx[1] += 1
    if idx[1] < (idx[0] + 1 if p2 == p1 else nby[p2]):
        return True
    idx[1] = 0
    idx[0] += 1
    return idx[0] < (task[T_I0] + 1 if p1 == p0 else nby[p1])


@no_refcount(inline="always")
def class_step(task, idx, ranks, jokers, by, nby, cards, m):
    """The task's class at ``idx`` into ``cards`` / ``m`` (:func:`class_cards`), ``idx`` stepped on;
    its weight, or 0 once the task is done. Start with ``idx`` zeros (cards: 7 slots, m: 4)."""
    if idx[0] < 0:
        return 0
    class_cards(task, idx, ranks, jokers, by, cards, m)
    if not next_class(task, nby, idx):
        idx[0] = -1
    return class_weight(m)


@kernel
def _one_task(task, k, ranks, jokers, by, nby, table, wbits, counts):
    """Add every class of one task into ``counts``, each weighted by its relabellings (``k``
    None: five-card hands, compiled without the best-of-six/seven code)."""
    cards, m, idx = np.empty(7, np.int64), np.empty(4, np.int64), np.zeros(3, np.int64)
    w = class_step(task, idx, ranks, jokers, by, nby, cards, m)
    while w:
        if k is None:  # a None argument: numba drops the other branch from this copy
            s = score5(cards, table, wbits)
        else:
            s = score_cards(cards, k, table, wbits)
        counts[s >> CAT_SHIFT] += w
        w = class_step(task, idx, ranks, jokers, by, nby, cards, m)


@kernel(parallel=True)
def count_by_classes(tasks, k, ranks, jokers, by, nby, table, wbits, n_pos):
    """Category-position counts (int64[n_pos]) of the ``k``-card hands of ``tasks`` (rows of
    TASK_WIDTH: see the module), each class weighted by its relabellings; the sum is the same for
    any number of threads. ``k`` None counts five-card hands, with a copy compiled without the
    best-of-six/seven code (a first exact count compiles about a second less)."""
    per = np.zeros((tasks.shape[0], n_pos), np.int64)
    for t in prange(tasks.shape[0]):
        _one_task(tasks[t], k, ranks, jokers, by, nby, table, wbits, per[t])
    return sum_rows(per)


def class_tasks(k: int, r: int, n_jokers: int) -> np.ndarray:
    """The task rows of k-card hands from r full ranks and ``n_jokers`` jokers (see the module).

    >>> class_tasks(2, 2, 0)[:, 1:].tolist()
    [[1, 1, 0, 0, 0], [1, 1, 0, 0, 1], [2, 0, 0, 0, 0]]
    """
    nby = counts_by_size(r)
    rows = []
    for jm in range(1 << n_jokers):
        rest = k - jm.bit_count()
        if rest < 0:
            continue
        for p in _partitions(rest, min(r, rest)):
            rows += [(jm, *p, i0) for i0 in range(nby[p[0]])]
    return np.array(sorted(rows, key=lambda x: (x[1:5], x[0], x[5])), np.int64).reshape(-1, TASK_WIDTH)


def _partitions(n: int, top: int) -> list[tuple[int, int, int, int]]:
    """Non-increasing 4-tuples of sizes 0..top summing to n."""
    return [(a, b, c, n - a - b - c) for a in range(top, -1, -1) for b in range(min(a, n - a), -1, -1)
            for c in range(min(b, n - a - b), -1, -1) if 0 <= n - a - b - c <= c]


def suit_symmetric(ordinary: np.ndarray, wbits: int) -> bool:
    """Whether relabelling the suits maps a deck's ``ordinary`` (non-joker, distinct) codes onto
    themselves and keeps its wild cards wild: every rank has its four suits, each wild or not as a whole.

    >>> suit_symmetric(np.arange(52), 0), suit_symmetric(np.arange(52), 1 << 0), suit_symmetric(np.arange(51), 0)
    (True, False, False)
    """
    codes = {int(c) for c in ordinary}
    if len(codes) != len(ordinary):
        return False
    for c in codes:
        r = c >> 2
        if any(r * 4 + s not in codes or (wbits >> (r * 4 + s)) & 1 != (wbits >> c) & 1 for s in range(4)):
            return False
    return True
