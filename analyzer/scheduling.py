"""Jobs side by side within a memory budget (the report's studies, the warm-up's groups): each job
declares the peak resident memory of a process running it alone; the next to start is the first
waiting one that fits beside those running. Each such process gives its parallel kernels only its
share of the cores (:func:`share_cores`).

>>> next_fitting([700, 400, 200], [], 1000), next_fitting([700, 400, 200], [700], 1000)
(0, 2)
>>> next_fitting([700, 400, 200], [700, 200], 1000) is None
True
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

__all__ = ["kernel_threads", "next_fitting", "run_within", "share_cores", "stop_workers"]

T = TypeVar("T")
R = TypeVar("R")


def next_fitting(waiting_mb: Sequence[int], running_mb: Sequence[int], budget_mb: int) -> int | None:
    """Index of the first waiting job whose declared peak fits beside the running ones, within
    ``budget_mb`` (the first one whatever its peak when none runs); None when none fits."""
    if not waiting_mb:
        return None
    if not running_mb:
        return 0
    room = budget_mb - sum(running_mb)
    return next((i for i, mb in enumerate(waiting_mb) if mb <= room), None)


def run_within(waiting: list[T], submit: Callable[[T], cf.Future[R]], peak_mb: Callable[[T], int], jobs: int,
               budget_mb: int) -> Iterator[tuple[T, R]]:
    """Submit the ``waiting`` jobs (in order of preference; the list is consumed), at most ``jobs``
    at once and within ``budget_mb`` (:func:`next_fitting`); yield each (job, result) as it is
    done, after starting what then fits, so no process waits while the caller handles a result."""
    pending: dict[cf.Future[R], T] = {}

    def start_what_fits() -> None:
        while len(pending) < jobs:
            nxt = next_fitting([peak_mb(j) for j in waiting], [peak_mb(j) for j in pending.values()], budget_mb)
            if nxt is None:
                return
            job = waiting.pop(nxt)
            pending[submit(job)] = job

    start_what_fits()
    while pending:
        done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
        finished = [(pending.pop(fut), fut.result()) for fut in done]
        start_what_fits()
        yield from finished


def kernel_threads(jobs: int, cores: int | None = None) -> int:
    """The threads a parallel kernel gets in each of ``jobs`` processes running side by side: its
    share of the ``cores`` (default: this machine's), at least one.

    >>> kernel_threads(2, cores=2), kernel_threads(2, cores=8), kernel_threads(3, cores=2)
    (1, 4, 1)
    """
    return max(1, (cores if cores is not None else os.cpu_count() or 1) // max(1, jobs))


def share_cores(jobs: int) -> None:
    """In a process that runs beside ``jobs - 1`` others (a report study, a warm-up group, a test
    worker): cap numba's threads at the process's share of the cores (:func:`kernel_threads`; a lower
    ``NUMBA_NUM_THREADS`` already set is kept). Without the cap each process's chunk threads run
    parallel kernels of as many threads as the machine has cores, nested, on cores the other
    processes use too: on two cores the report took 131.5 s and 255 CPU-s, 119.9 s and 234 CPU-s
    with it, the same numbers; the tests 245 s and 181 s. numba reads the setting when it is first
    imported: called later, this changes nothing."""
    if "numba" in sys.modules:
        return
    share = kernel_threads(jobs)
    current = os.environ.get("NUMBA_NUM_THREADS", "")
    if current.isdigit() and 0 < int(current) <= share:
        return
    os.environ["NUMBA_NUM_THREADS"] = str(share)


def stop_workers(pool: cf.ProcessPoolExecutor) -> None:
    """Terminate ``pool``'s worker processes now (an interrupted or failed run: their results are
    not wanted), so that its shutdown does not wait for the jobs they are running."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        proc.terminate()
