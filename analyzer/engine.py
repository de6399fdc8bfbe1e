"""Monte Carlo runner: fixed chunks, one independent random stream per chunk, parallel backends.

A run of N trials is cut into chunks of ``chunk_size`` (the last one shorter); chunk i draws
from the xoshiro256** state derived from ``SeedSequence(seed, spawn_key=(i,))``. Chunk results
are integer or float vectors combined in chunk order, so a seed gives the same numbers on any
number of threads.

>>> import numpy as np
>>> from analyzer.evaluator import Evaluator
>>> r = run(FreqTask.from_evaluator(Evaluator("standard")), trials=20_000, seed=7, chunk_size=5_000)
>>> int(r.totals.sum()), r.chunks_done
(20000, 4)
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from analyzer.evaluator import Evaluator
from analyzer.kernels.freq import freq_chunk

__all__ = ["FreqTask", "RunResult", "Task", "chunk_state", "run"]

DEFAULT_CHUNK = 1 << 20


def chunk_state(seed: int, chunk: int) -> np.ndarray:
    """The four xoshiro256** state words of chunk ``chunk`` of a run seeded with ``seed``."""
    words = np.random.SeedSequence(int(seed), spawn_key=(int(chunk),)).generate_state(4, np.uint64)
    if not words.any():  # pragma: no cover
        words[0] = 1
    return words


class Task(Protocol):
    """What the engine runs: a pure, picklable chunk function returning a result vector."""

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray: ...


@dataclass(frozen=True)
class FreqTask:
    """Deal k-card hands and count category positions."""

    deck: np.ndarray
    k: int
    wild: np.ndarray
    plain: np.ndarray
    suited: np.ndarray
    binom: np.ndarray
    n_pos: int

    @classmethod
    def from_evaluator(cls, ev: Evaluator) -> FreqTask:
        wild, plain, suited, binom = ev.kernel_args()
        return cls(ev.deck.cards.astype(np.int64), ev.k, wild, plain, suited, binom,
                   len(ev.order_low_to_high))

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return freq_chunk(state, n, self.deck, self.k, self.wild, self.plain, self.suited,
                          self.binom, self.n_pos)


@dataclass(frozen=True)
class RunResult:
    """Summed chunk results and how the run went."""

    totals: np.ndarray
    trials: int
    chunks_done: int
    seed: int


def _chunk_sizes(trials: int, chunk_size: int) -> list[int]:
    full, rest = divmod(trials, chunk_size)
    return [chunk_size] * full + ([rest] if rest else [])


def run(task: Any, trials: int, seed: int = 0, chunk_size: int = DEFAULT_CHUNK,
        threads: int | None = None) -> RunResult:
    """Run ``trials`` trials of ``task`` in fixed chunks on a local thread pool."""
    if trials <= 0:
        raise ValueError("trials must be positive")
    sizes = _chunk_sizes(int(trials), int(chunk_size))
    workers = threads or os.cpu_count() or 1

    def one(i: int) -> np.ndarray:
        return np.asarray(task.run_chunk(chunk_state(seed, i), sizes[i]))

    with ThreadPoolExecutor(max_workers=workers) as pool:
        parts = list(pool.map(one, range(len(sizes))))
    totals = parts[0].copy()
    for p in parts[1:]:
        totals = totals + p
    return RunResult(totals, int(trials), len(sizes), int(seed))
