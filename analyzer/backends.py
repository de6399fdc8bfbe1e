"""Where chunks run: local threads, a local process pool, or a Dask cluster.

Every backend runs ``task.run_chunk(chunk_state(seed, i), n)`` for the chunks the engine
submits and hands back the result vectors; the engine alone orders and sums them, so the
backend never changes the numbers. The task is shipped to each worker once (process
initializer, Dask scatter), and kernels are module-level ``@kernel`` functions, so a
worker compiles or loads them once, not per chunk.

>>> from analyzer.backends import make_backend
>>> make_backend("local", workers=2).name
'local'
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
import threading
import time
from typing import Any

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.kernels.rng import chunk_state
from analyzer.pieces import PIECE_SECONDS
from analyzer.scheduling import stop_workers

__all__ = ["BACKENDS", "Backend", "BackendError", "DaskBackend", "LocalBackend", "ProcessBackend",
           "make_backend"]

BACKENDS = ("local", "processes", "dask")
DASK_CONNECT_TIMEOUT = "10s"
MAX_WORKERS = 1024


class BackendError(JokerOddsError):
    """A backend that cannot be set up (bad options, unreachable scheduler, missing extra)."""


PIECE = 1 << 17  # trials between two looks at the cancel flag (a few milliseconds of kernel time)


class ChunkCancelled(Exception):
    """A chunk stopped between two pieces because the run was interrupted."""


def compute_chunk(task: Any, seed: int, index: int, n: int, cancel: Any = None) -> np.ndarray:
    """One chunk: the task on chunk ``index``'s own random stream.

    A task with ``start_chunk() -> carry``, ``run_piece(state, carry, m)`` and
    ``finish_chunk(carry) -> vector`` runs in pieces of :data:`PIECE` trials on the same stream
    and carry, so the result is the whole chunk's to the last bit; between pieces ``cancel``
    (an ``Event``) is checked, so Ctrl-C lands quickly whatever the chunk size. A task whose
    trials are slow (whole games with a search) sets ``piece_trials`` (say 1): pieces then start
    that small and are sized to take about :data:`analyzer.pieces.PIECE_SECONDS` each. A task whose
    trial is many steps of unequal cost (a game's deals of 1 to 9 cards, 0.2 ms to 0.1 s with
    pimc) sets ``piece_units`` (steps a trial): pieces are then ``piece_trials`` steps (one) each,
    stopping and starting within a trial (a piece sized by the rate of cheap steps would take many costly ones; a call
    costs microseconds).
    """
    state = chunk_state(seed, index)
    run_piece = getattr(task, "run_piece", None)
    first = int(getattr(task, "piece_trials", PIECE))  # slow trials (whole games): pieces sized by time
    units = int(getattr(task, "piece_units", 1))
    if run_piece is None or cancel is None or n * units <= first:
        return np.asarray(task.run_chunk(state, n))
    n *= units
    carry = task.start_chunk()
    start, size = 0, first
    while start < n:
        if cancel.is_set():
            raise ChunkCancelled(index)
        m = min(size, n - start)
        t0 = time.perf_counter()
        run_piece(state, carry, m)
        start += m
        if first < PIECE and units == 1:  # about PIECE_SECONDS a piece, growing at most 4x a step
            rate = m / max(time.perf_counter() - t0, 1e-6)
            size = max(first, min(4 * size, int(rate * PIECE_SECONDS)))
    return np.asarray(task.finish_chunk(carry))


class Backend:
    """Submit chunks, wait for some to finish, fetch results; a context manager."""

    name = "base"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def start(self, task: Any, seed: int) -> None:
        raise NotImplementedError

    @property
    def slots(self) -> int:
        """How many chunks the engine keeps in flight (enough to keep every worker busy)."""
        return 2 * self.workers

    def submit(self, index: int, n: int) -> Any:
        raise NotImplementedError

    def wait_any(self, handles: list[Any], timeout: float) -> list[Any]:
        done, _ = cf.wait(handles, timeout=timeout, return_when=cf.FIRST_COMPLETED)
        return list(done)

    def result(self, handle: Any) -> np.ndarray:
        return np.asarray(handle.result())

    def close(self) -> None:
        raise NotImplementedError

    def cancel(self) -> None:
        """Stop the chunks in flight at their next piece (their results are dropped)."""
        event = getattr(self, "_cancel", None)
        if event is not None:
            event.set()

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if exc_type is not None:  # Ctrl-C or an error: do not wait for whole chunks
            self.cancel()
        self.close()


class LocalBackend(Backend):
    """Python threads calling ``nogil`` numba kernels (the default)."""

    name = "local"

    def start(self, task: Any, seed: int) -> None:
        self._task, self._seed = task, seed
        self._cancel = threading.Event()
        self._pool = cf.ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="joker-odds")

    def submit(self, index: int, n: int) -> Any:
        return self._pool.submit(compute_chunk, self._task, self._seed, index, n, self._cancel)

    def close(self) -> None:
        if hasattr(self, "_pool"):
            self._pool.shutdown(wait=True, cancel_futures=True)


_WORKER: dict[str, Any] = {}


def _init_process(task: Any, seed: int, cancel: Any = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and checkpoints
    _WORKER["task"], _WORKER["seed"], _WORKER["cancel"] = task, seed, cancel


def _process_chunk(index: int, n: int) -> np.ndarray:
    return compute_chunk(_WORKER["task"], _WORKER["seed"], index, n, _WORKER.get("cancel"))


class ProcessBackend(Backend):
    """A ``spawn`` process pool; the task is sent once per worker through the initializer."""

    name = "processes"

    def start(self, task: Any, seed: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._cancel = ctx.Event()
        self._pool = cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                            initializer=_init_process, initargs=(task, seed, self._cancel))

    def submit(self, index: int, n: int) -> Any:
        return self._pool.submit(_process_chunk, index, n)

    def close(self) -> None:
        if hasattr(self, "_pool"):
            if self._cancel.is_set():  # stopped early: the workers' results are not wanted
                stop_workers(self._pool)
            self._pool.shutdown(wait=True, cancel_futures=True)


class DaskBackend(Backend):
    """``dask.distributed``: an existing scheduler, or a loopback LocalCluster for this run."""

    name = "dask"

    def __init__(self, workers: int, scheduler: str | None = None, processes: bool = True) -> None:
        super().__init__(workers)
        self.scheduler = scheduler
        self.processes = processes
        self._cluster: Any = None
        self._client: Any = None

    def start(self, task: Any, seed: int) -> None:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:  # pragma: no cover - dask is installed by make setup
            raise BackendError("the dask backend needs the extra: pip install 'joker-odds[dask]'") from exc
        try:
            if self.scheduler:
                self._client = Client(self.scheduler, timeout=DASK_CONNECT_TIMEOUT)
            else:
                # worker processes listen on loopback only; in-process workers use no network
                host = {"host": "127.0.0.1"} if self.processes else {}
                self._cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                             processes=self.processes, dashboard_address=None,
                                             **host)
                self._client = Client(self._cluster)
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            what = f"Dask scheduler {self.scheduler}" if self.scheduler else "a Dask LocalCluster"
            raise BackendError(f"cannot start or reach {what}: {exc}") from exc
        threads = sum(self._client.nthreads().values())
        if threads == 0:
            self.close()
            raise BackendError(f"Dask scheduler {self.scheduler} has no workers")
        self.workers = threads
        self._seed = seed
        self._task = self._client.scatter(task, broadcast=True)
        self._token = os.urandom(6).hex()

    def submit(self, index: int, n: int) -> Any:
        return self._client.submit(compute_chunk, self._task, self._seed, index, n, pure=False,
                                   key=f"joker-odds-chunk-{self._token}-{index}")

    def wait_any(self, handles: list[Any], timeout: float) -> list[Any]:
        from dask.distributed import wait

        try:
            done, _ = wait(handles, timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return []
        return list(done)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def make_backend(name: str, workers: int | None = None, scheduler: str | None = None,
                 dask_processes: bool = True) -> Backend:
    """A backend by name: ``local`` (threads), ``processes`` or ``dask``.

    ``workers`` is the number of threads, processes or LocalCluster workers (default: the
    machine's CPU count; 2 for a LocalCluster). ``scheduler`` (``tcp://host:port``) is only for
    ``dask``.
    """
    if name not in BACKENDS:
        raise BackendError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise BackendError(f"workers must be at least 1, got {workers}")
    if workers is not None and workers > MAX_WORKERS:
        raise BackendError(f"workers must be at most {MAX_WORKERS}, got {workers}")
    if scheduler and name != "dask":
        raise BackendError(f"a scheduler address needs the dask backend, not {name!r}")
    if name == "dask":
        return DaskBackend(workers or 2, scheduler, dask_processes)
    n = workers or os.cpu_count() or 1
    return LocalBackend(n) if name == "local" else ProcessBackend(n)
