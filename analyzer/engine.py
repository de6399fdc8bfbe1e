"""Monte Carlo runner: fixed chunks, one independent random stream per chunk, parallel backends.

A run is cut into chunks of ``chunk_size`` trials (the last one shorter) whose boundaries
depend only on the trial count (or the ``max_trials`` cap) and the chunk size; chunk i draws
from the xoshiro256** state derived from ``SeedSequence(seed, spawn_key=(i,))``. Chunk results
are integer or float vectors summed in chunk order, and a precision target is checked every
``check_every`` chunks in that order, so a seed gives bit-identical numbers with 1 or 2
threads, a process pool or a Dask cluster (:mod:`analyzer.backends`). Completed chunks can be
checkpointed and resumed (:mod:`analyzer.checkpoint`); stopping rules live in
:mod:`analyzer.stopping`.

>>> from analyzer.evaluator import Evaluator
>>> from analyzer.frequencies import FreqTask
>>> r = run(FreqTask.from_evaluator(Evaluator("standard")), trials=20_000, seed=7, chunk_size=5_000)
>>> int(r.totals.sum()), r.chunks_done, r.stop_reason
(20000, 4, 'trials')
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from analyzer.backends import Backend, make_backend
from analyzer.checkpoint import (
    Checkpoint,
    CheckpointError,
    load_checkpoint,
    save_checkpoint,
    task_fingerprint,
)
from analyzer.errors import JokerOddsError
from analyzer.io import clip
from analyzer.kernels.rng import chunk_state
from analyzer.progress import Progress, note_missed_target, progress_enabled
from analyzer.stopping import DEFAULT_CHECK_EVERY, Estimates, RunInterrupted, StopRule, precision

__all__ = ["DEFAULT_CHUNK", "RunInterrupted", "RunResult", "StopRule", "Task", "chunk_state", "run"]

DEFAULT_CHUNK = 1 << 20
_CHECKPOINT_SECONDS = 1.0
_POLL_SECONDS = 0.2


class Task(Protocol):
    """What the engine runs: a pure, picklable chunk function returning a result vector.

    Tasks used with precision targets also define ``estimates(totals) -> {name: (estimate, se)}``.
    """

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray: ...


@dataclass(frozen=True)
class RunResult:
    """Summed chunk results and how the run went (``stop_reason``: trials, target, max_trials,
    max_time or interrupted; ``estimates`` when the task tracks some)."""

    totals: np.ndarray
    trials: int
    chunks_done: int
    seed: int
    stop_reason: str = "trials"
    elapsed: float = 0.0
    estimates: Estimates = field(default_factory=dict)
    resumed_chunks: int = 0
    backend: str = "local"

    @property
    def precision(self) -> dict[str, float]:
        """The worst SE and relative SE among the tracked estimates."""
        return precision(self.estimates)


@contextmanager
def _stop_signals(enabled: bool) -> Iterator[list[int]]:
    """Turn SIGINT/SIGTERM into a flag (a second signal interrupts at once)."""
    caught: list[int] = []
    if not enabled or threading.current_thread() is not threading.main_thread():
        yield caught
        return
    old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}

    def handler(signum: int, frame: Any) -> None:
        if caught:
            raise KeyboardInterrupt
        caught.append(signum)

    for s in old:
        signal.signal(s, handler)
    try:
        yield caught
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def _check_int(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise JokerOddsError(f"{name} must be an integer ≥ {minimum}, got {value!r}")
    return int(value)


def run(task: Task, trials: int | None = None, seed: int = 0, chunk_size: int = DEFAULT_CHUNK,
        threads: int | None = None, *, target_se: float | None = None,
        target_rel_se: float | None = None, max_trials: int | None = None,
        max_time: float | None = None, check_every: int = DEFAULT_CHECK_EVERY,
        checkpoint: str | Path | None = None, backend: str | Backend = "local",
        workers: int | None = None, scheduler: str | None = None, dask_processes: bool = True,
        quiet: bool = False, on_chunk: Callable[[RunResult], None] | None = None) -> RunResult:
    """Run ``task`` for ``trials`` trials, or until every tracked estimate reaches ``target_se``
    (absolute) / ``target_rel_se`` (relative) within ``max_trials`` / ``max_time`` seconds.

    ``threads`` is the old name of ``workers`` for the local backend. ``checkpoint`` saves
    the completed chunks there and resumes from it; SIGINT/SIGTERM then stop at a chunk
    boundary and raise :class:`RunInterrupted`. ``on_chunk`` is called (main thread) with the
    running result after each chunk joins the ordered sum. The progress bar shows only on a TTY.
    """
    seed = _check_int("seed", seed, 0)
    chunk_size = _check_int("chunk_size", chunk_size, 1)
    rule = StopRule(None if trials is None else _check_int("trials", trials, 1), target_se,
                    target_rel_se, None if max_trials is None else _check_int("max_trials", max_trials, 1),
                    max_time, _check_int("check_every", check_every, 1))
    estimates_of = getattr(task, "estimates", None)
    if rule.has_target and not callable(estimates_of):
        raise JokerOddsError(f"{type(task).__name__} tracks no estimates, so it cannot run to a precision target")
    be = backend if isinstance(backend, Backend) else make_backend(
        backend, workers if workers is not None else threads, scheduler, dask_processes)
    identity = {"task": f"{type(task).__module__}.{type(task).__qualname__}",
                "task_hash": task_fingerprint(task), "seed": seed, "chunk_size": chunk_size,
                **rule.identity()}
    res = _Driver(task, seed, chunk_size, rule, be, identity, estimates_of,
                  None if checkpoint is None else Path(checkpoint), quiet, on_chunk).go()
    if rule.has_target and res.stop_reason in ("max_trials", "max_time"):
        note_missed_target(res.stop_reason)  # the command's output says so (analyzer.cli.options.emit)
    return res


class _Driver:
    """Submits chunks in order, folds finished ones into the ordered prefix sum, decides when to stop."""

    def __init__(self, task: Any, seed: int, chunk_size: int, rule: StopRule, backend: Backend,
                 identity: dict[str, Any], estimates_of: Any, checkpoint: Path | None, quiet: bool,
                 on_chunk: Callable[[RunResult], None] | None) -> None:
        self.task, self.seed, self.chunk_size, self.rule = task, seed, chunk_size, rule
        self.backend, self.identity, self.estimates_of = backend, identity, estimates_of
        self.checkpoint, self.quiet, self.on_chunk = checkpoint, quiet, on_chunk
        cap = rule.cap
        self.n_chunks = None if cap is None else -(-cap // chunk_size)
        self.totals: np.ndarray | None = None
        self.done = self.trials = self.resumed = 0
        self.elapsed_before = 0.0
        self.t0 = time.perf_counter()

    def size(self, i: int) -> int:
        cap = self.rule.cap
        return self.chunk_size if cap is None else min(self.chunk_size, cap - i * self.chunk_size)

    def elapsed(self) -> float:
        return self.elapsed_before + time.perf_counter() - self.t0

    def estimates(self) -> Estimates:
        if self.totals is None or not callable(self.estimates_of):
            return {}
        return dict(self.estimates_of(self.totals))

    def result(self, reason: str) -> RunResult:
        totals = self.totals if self.totals is not None else np.zeros(0, np.int64)
        return RunResult(totals, self.trials, self.done, self.seed, reason, self.elapsed(),
                         self.estimates(), self.resumed, self.backend.name)

    def save(self, complete: bool = False, reason: str | None = None) -> None:
        if self.checkpoint is not None:
            save_checkpoint(self.checkpoint, Checkpoint(self.identity, self.done, self.trials,
                                                        self.totals, self.elapsed(), complete, reason))

    def resume(self) -> RunResult | None:
        if self.checkpoint is None:
            return None
        ck = load_checkpoint(self.checkpoint, self.identity)
        if ck is None:
            return None
        self.check_resumed(ck)
        self.totals, self.done, self.trials = ck.totals, ck.chunks_done, ck.trials_done
        self.resumed, self.elapsed_before = ck.chunks_done, ck.elapsed
        self.t0 = time.perf_counter()
        if ck.complete:
            return RunResult(self.totals if self.totals is not None else np.zeros(0, np.int64),
                             self.trials, self.done, self.seed, ck.stop_reason or "trials", ck.elapsed,
                             self.estimates(), self.resumed, self.backend.name)
        return None

    def check_resumed(self, ck: Checkpoint) -> None:
        """Refuse a checkpoint whose counts this run could not have written (edited or corrupted)."""
        cap = self.rule.cap
        why = None
        if self.n_chunks is not None and ck.chunks_done > self.n_chunks:
            why = f"{ck.chunks_done} chunks done, but the run has {self.n_chunks}"
        elif ck.trials_done != (ck.chunks_done * self.chunk_size if cap is None
                                else min(ck.chunks_done * self.chunk_size, cap)):
            why = f"trials_done {ck.trials_done:,} does not match {ck.chunks_done} chunks of {self.chunk_size:,}"
        elif ck.totals is not None:
            probe = np.asarray(self.task.run_chunk(chunk_state(self.seed, 0), 0))
            check = getattr(self.task, "check_totals", None)
            if ck.totals.shape != probe.shape or ck.totals.dtype.kind != probe.dtype.kind:
                why = f"totals of shape {ck.totals.shape}, the task gives {probe.shape}"
            elif probe.dtype.kind in "iu" and (ck.totals < 0).any():
                why = "negative counts"
            elif callable(check):
                why = check(ck.totals, ck.trials_done)
        if why is not None:
            raise CheckpointError(f"checkpoint {clip(str(self.checkpoint))}: inconsistent ({why}); delete it")

    def fold(self, vec: np.ndarray) -> str | None:
        """Add the next chunk in order; the stop reason if the run ends here."""
        self.totals = vec.copy() if self.totals is None else self.totals + vec
        self.trials += self.size(self.done)
        self.done += 1
        rule = self.rule
        if rule.has_target and self.done % rule.check_every == 0 and rule.met(self.estimates()):
            return "target"
        if self.n_chunks is not None and self.done >= self.n_chunks:
            if rule.has_target and rule.met(self.estimates()):
                return "target"
            return "trials" if rule.trials is not None else "max_trials"
        if rule.max_time is not None and self.elapsed() >= rule.max_time:
            return "max_time"
        return None

    def go(self) -> RunResult:
        finished = self.resume()
        if finished is not None:
            return finished
        if self.rule.max_time is not None and self.done and self.elapsed() >= self.rule.max_time:
            return self.result("max_time")
        bar = Progress(self.rule.cap, progress_enabled(self.quiet), initial=self.trials)
        try:
            with _stop_signals(self.checkpoint is not None) as caught, self.backend as be:
                be.start(self.task, self.seed)
                reason = self._loop(be, caught, bar)
                if reason not in ("trials", "max_trials"):
                    # stopped early (a target met, the time up, Ctrl-C): the chunks still in flight are
                    # not folded, so they stop at their next piece instead of running to their end
                    be.cancel()
        finally:
            bar.close()
        if reason == "interrupted":
            self.save()
            where = f"; checkpoint {self.checkpoint} resumes it" if self.checkpoint else ""
            raise RunInterrupted(f"stopped after {self.trials:,} trials ({self.done} chunks){where}",
                                 self.result(reason))
        self.save(complete=reason != "max_time", reason=reason)
        return self.result(reason)

    def _drain(self, be: Backend, pending: dict[int, Any], ready: dict[int, np.ndarray]) -> str:
        """On an interrupt, fold the chunks that have already finished (in order), then stop."""
        finished = {id(h) for h in be.wait_any(list(pending.values()), 0)}
        for i in [i for i, h in pending.items() if id(h) in finished]:
            ready[i] = be.result(pending.pop(i))
        while self.done in ready:
            reason = self.fold(ready.pop(self.done))
            if reason is not None:
                return reason
        return "interrupted"

    def _loop(self, be: Backend, caught: list[int], bar: Progress) -> str:
        pending: dict[int, Any] = {}
        ready: dict[int, np.ndarray] = {}
        nxt = self.done
        last_save = time.perf_counter()
        while True:
            if caught:
                return self._drain(be, pending, ready)
            while len(pending) + len(ready) < be.slots and (self.n_chunks is None or nxt < self.n_chunks):
                pending[nxt] = be.submit(nxt, self.size(nxt))
                nxt += 1
            if not pending and not ready:  # nothing left to run (a checkpoint at the cap)
                return "trials" if self.rule.trials is not None else "max_trials"
            finished = {id(h) for h in be.wait_any(list(pending.values()), _POLL_SECONDS)}
            for i in [i for i, h in pending.items() if id(h) in finished]:
                ready[i] = be.result(pending.pop(i))
            while self.done in ready:
                n = self.size(self.done)
                reason = self.fold(ready.pop(self.done))
                bar.advance(n, self.estimates)
                if self.on_chunk is not None:
                    self.on_chunk(self.result("running"))
                if reason is not None:
                    return reason
                if caught:
                    return "interrupted"
            if self.checkpoint is not None and time.perf_counter() - last_save >= _CHECKPOINT_SECONDS:
                self.save()
                last_save = time.perf_counter()

