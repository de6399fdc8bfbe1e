"""Long batch kernels run in short pieces, so that Ctrl-C (SIGINT) stops them within about a second.

Python handles a signal only between bytecodes, never inside a compiled kernel call; a kernel over
many rows is therefore called on slices of rows sized to take about ``seconds`` each (the first
slice is small, later ones are scaled by the time measured), and the results are concatenated.
Each row's result depends only on that row, so the numbers are the same as in one call.

>>> import numpy as np
>>> in_pieces(lambda a, k: a * k, (np.arange(10),), 3).tolist()
[0, 3, 6, 9, 12, 15, 18, 21, 24, 27]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

__all__ = ["NO_PIECES", "PIECE_SECONDS", "in_pieces", "in_ranges"]

PIECE_SECONDS = 0.1  # wall seconds per call: with the exit itself, Ctrl-C lands well within a second
NO_PIECES = 1 << 62  # an engine task's piece_trials when its chunks run whole (fast trials, no search)


def in_ranges(n: int, step: Callable[[int, int], object], seconds: float = PIECE_SECONDS, first: int = 2,
              multiple: int = 1) -> None:
    """``step(i, j)`` on successive ranges covering ``0 .. n-1``, each sized (a multiple of
    ``multiple`` rows, at least ``first``) to take about ``seconds`` at the rate of the last one.

    >>> seen = []
    >>> in_ranges(7, lambda i, j: seen.append((i, j)), first=3)
    >>> seen[0], seen[-1][1]
    ((0, 3), 7)
    """
    i, size = 0, max(1, first)
    while i < n:
        j = min(n, i + size)
        t0 = time.perf_counter()
        step(i, j)
        rate = (j - i) / max(time.perf_counter() - t0, 1e-6)
        size = max(first, min(4 * size, int(rate * seconds) // multiple * multiple))  # grow at most 4x a step
        i = j


def in_pieces(kernel: Callable[..., np.ndarray], rows: Sequence[np.ndarray], *args: Any,
              seconds: float = PIECE_SECONDS, first: int = 2) -> np.ndarray:
    """``kernel(*[r[i:j] for r in rows], *args)`` over successive row slices, concatenated on axis 0.
    Each slice goes in C-contiguous (copied when ``r`` is strided): numpy flags a slice of one row
    contiguous even when its array is not, and numba would compile the kernel again for it."""
    parts: list[np.ndarray] = []
    in_ranges(len(rows[0]), lambda i, j: parts.append(kernel(*(np.ascontiguousarray(r[i:j]) for r in rows), *args)),
              seconds, first)
    if not parts:
        return kernel(*(np.ascontiguousarray(r[:0]) for r in rows), *args)
    return np.concatenate(parts, axis=0)
