"""Running the warm-up: each group's command lines through the CLI, in fresh worker processes.

The data (which lines, each group's peak, the markers of warm groups) is :mod:`analyzer.warmup`;
this module runs it, and is the only part of the warm-up that imports the CLI, so the CLI and
the compile notices it shows do not import each other.

>>> sorted(warmup.WARMUP)[:2]
['calling', 'draw']
"""

from __future__ import annotations

import contextlib
import importlib
import io
import time
from collections.abc import Iterable, Iterator

from analyzer import warmup
from analyzer.cli import main
from analyzer.warmup import COMPILE_SECONDS, MEMORY_MB, RELEASE, STUDY_WARMUP, WARMUP, mark_warm

__all__ = ["run_group", "run_groups"]


def _command_of(argv: tuple[str, ...]) -> str:
    """The command a warm-up line runs: ``"rummy best"``, or ``"eval"``."""
    two = " ".join(argv[:2])
    return two if two in COMPILE_SECONDS else argv[0]


def run_group(group: str) -> float:
    """Run ``group``'s warm-up commands in this process (output discarded); the seconds taken."""
    t0 = time.perf_counter()
    for argv in WARMUP[group]:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main.main(["--quiet", *argv], prog_name="joker-odds", standalone_mode=False)
        mark_warm(_command_of(argv))
        if group in RELEASE:
            _call(RELEASE[group])
    for target in STUDY_WARMUP.get(group, ()):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            _call(target)
    mark_warm(f"group {group}")
    return time.perf_counter() - t0


def _call(target: str) -> None:
    """Call the function named ``"module:function"``."""
    module, name = target.split(":")
    getattr(importlib.import_module(module), name)()


def run_groups(groups: Iterable[str], jobs: int = 1, memory_mb: int = MEMORY_MB) -> Iterator[tuple[str, float]]:
    """Warm ``groups`` with up to ``jobs`` processes, the next group starting only while the
    declared peaks of the groups running (:data:`GROUP_PEAK_MB`) fit in ``memory_mb`` (one group
    alone always starts); yields (group, seconds) as each is done."""
    names = list(groups)
    if jobs <= 1 or len(names) <= 1:
        for g in names:
            yield g, run_group(g)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from analyzer import scheduling

    # spawn: a fork of a process that has loaded numba (a test session) could inherit its locks; a
    # fresh process per group: numba keeps what it compiled in memory, so a worker reused for a
    # second group would hold both (two such side by side passed 1.2 GB)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=scheduling.share_cores, initargs=(jobs,), max_tasks_per_child=1) as pool:
        try:
            yield from scheduling.run_within(names, lambda g: pool.submit(run_group, g), warmup.GROUP_PEAK_MB.__getitem__,
                                             jobs, memory_mb)
        except BaseException:  # Ctrl-C or a failed group: stop compiling now, not when the groups are done
            scheduling.stop_workers(pool)
            raise
