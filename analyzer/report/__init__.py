"""Reports: every registered study written under one folder with an index page.

``joker-odds report`` passes every study in: the core one (:mod:`analyzer.report.registry`) and
each game's declared study; ``report/`` itself imports no game. The report is built in a
temporary folder beside ``out`` and swapped in at the end, so an interrupted or failed build
leaves the previous report as it was.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import multiprocessing.context
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from analyzer.io import check_output_path, clip
from analyzer.report.index import write_index, write_meta
from analyzer.report.registry import CORE_STUDIES, StudySpec, build_study
from analyzer.report.study import PageContext, Study
from analyzer.scheduling import next_fitting, run_within, share_cores, stop_workers

__all__ = ["CORE_STUDIES", "MEMORY_MB", "Study", "StudySpec", "build_report", "build_study", "next_fitting"]

# What the worker processes of a parallel build may hold at once: the sum of the running studies'
# declared peaks (resident MB of a process building each alone) stays within it.
MEMORY_MB = 1000
PEAK_MB = 250  # what a spec that declares no peak is counted as


def build_report(out: Path, studies: Sequence[StudySpec], only: list[str] | None = None,
                 jobs: int = 1, memory_mb: int = MEMORY_MB) -> list[Study]:
    """Build the selected ``studies`` (all by default) and ``<out>/index.html`` linking them.

    ``jobs`` > 1 builds that many studies at a time, each in its own worker process (the studies
    are independent and seeded: the pages hold the same numbers as a build with ``jobs`` = 1). A
    study starts beside others only while their declared peaks (``memory_mb`` of each spec) add up
    to at most ``memory_mb``; one study alone always starts.

    Each page links to the others and ends with its build time and the command rebuilding it.
    The build happens in a temporary folder (holding a copy of what ``out`` had) that replaces
    ``out`` only once every study is written.
    """
    out = Path(out)
    specs = list(studies)
    chosen = [s for s in specs if only is None or s.name in only]
    unknown = set(only or []) - {s.name for s in specs}
    if unknown:
        from analyzer.errors import JokerOddsError

        raise JokerOddsError(f"unknown study {clip(sorted(unknown)[0])!r} "
                             f"(known: {', '.join(s.name for s in specs)})")
    check_output_path(out, folder=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    try:
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(tmp, out.stat().st_mode & 0o777 if out.is_dir() else 0o777 & ~mask)  # not mkdtemp's 0o700
        if out.is_dir():
            shutil.copytree(out, tmp, symlinks=True, dirs_exist_ok=True)
        built = _build_into(tmp, specs, chosen, jobs, memory_mb)
        _swap(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return built


def _swap(new: Path, out: Path) -> None:
    """Put folder ``new`` where ``out`` is (the old one removed once the new one is in place)."""
    if not out.exists():
        os.rename(new, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    os.rename(out, old / out.name)
    try:
        os.rename(new, out)
    except OSError:
        os.rename(old / out.name, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


# The studies by the CPU-seconds they take in a warm report (one kernel thread each, as two side by
# side have; issue 54): casino stud 48, tricks bidding 39, video poker 33, durak 20, showdown 13,
# short tricks 6.7, hand frequencies 5.1, Remi 5.0, calling 1.6 (171.7 in all). The order of a
# parallel build when the output folder holds no earlier timings, so that the long ones do not end
# alone (video poker waits while casino stud runs: the two pass the default memory budget).
_LONG_FIRST = ("casino-stud", "tricks", "video-poker", "durak", "showdown", "short-tricks", "hand-frequencies",
               "remi", "calling")


class _Spec(NamedTuple):
    """A picklable copy of a :class:`StudySpec` (sent to a worker process)."""

    name: str
    title: str
    target: str
    memory_mb: int = PEAK_MB


def _peak(spec: StudySpec) -> int:
    """The study's declared peak memory (MB); :data:`PEAK_MB` for a spec that declares none."""
    return int(getattr(spec, "memory_mb", PEAK_MB))


def _build_timed(spec: StudySpec) -> tuple[Study, float]:
    """Build one study; it and the seconds it took."""
    t0 = time.perf_counter()
    study = build_study(spec)
    return study, time.perf_counter() - t0


def _build_in_worker(spec: StudySpec) -> tuple[Study, float, int]:
    """What a worker process runs: :func:`_build_timed` and the process's peak resident memory
    (MB; the worker builds this study alone, so it is the study's peak)."""
    import resource

    study, seconds = _build_timed(spec)
    return study, seconds, round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


# What every study's worker imports (matplotlib, numpy: 0.6 CPU-s a process): the fork server
# imports it once and forks each fresh worker from there. Not numba, which reads its thread count
# when imported: each worker imports it after capping that (:func:`_worker_init`).
_PRELOAD = ["analyzer.report"]


def _worker_context() -> multiprocessing.context.BaseContext:
    """Where the workers come from: a fork server that has imported :data:`_PRELOAD`, so a fresh
    process per study starts without starting Python and importing that again (nine studies that
    only import the casino-stud module: 11.9 CPU-s spawned, 4.9 forked from the server; the report,
    about 7 CPU-s and 3.5 s on two cores less); spawn where there is no fork server. Not plain fork:
    a forked worker would inherit this process's threads (the status line) and locks; the fork
    server runs none. It keeps the environment it was started with (at this process's first
    parallel build), and its workers are its children: ``time joker-odds report`` does not count
    their CPU (the server is not waited for)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():  # pragma: no cover - Windows
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(_PRELOAD)
    return ctx


def _worker_init(build: int, jobs: int) -> None:
    """In a worker process: its kernels use its share of the cores beside the ``jobs`` built at once
    (:func:`analyzer.scheduling.share_cores`), and it exits as soon as the process ``build`` that
    started it is gone (killed). (Its OpenMP threads sleep between parallel loops: ``import
    analyzer`` asks for that.)"""
    share_cores(jobs)
    _exit_with_parent(build)


def _exit_with_parent(build: int) -> None:
    """In a worker process: exit as soon as process ``build`` is gone (killed). Its own parent is
    the fork server, which outlives the build while a worker holds its end of the server's pipe:
    the worker watches the build itself."""
    import threading

    def alive() -> bool:
        try:
            os.kill(build, 0)
        except (ProcessLookupError, PermissionError):  # gone (or its number taken by another user's)
            return False
        with contextlib.suppress(OSError, ValueError, IndexError):  # Linux: killed, not yet reaped
            stat = Path(f"/proc/{build}/stat").read_text(encoding="ascii", errors="replace")
            return stat[stat.rindex(")") + 2] != "Z"
        return True

    def watch() -> None:
        while alive():
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _longest_first(out: Path, chosen: list[StudySpec]) -> list[StudySpec]:
    """``chosen`` ordered by the seconds of their previous build (``meta.json`` under ``out``),
    longest first; studies without a timing keep the order of :data:`_LONG_FIRST`, then theirs."""
    def key(item: tuple[int, StudySpec]) -> tuple[float, int]:
        i, spec = item
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            return (-float(json.loads((out / spec.name / "meta.json").read_text(encoding="utf-8"))["seconds"]), i)
        rank = next((k for k, p in enumerate(_LONG_FIRST) if spec.name.startswith(p)), len(_LONG_FIRST))
        return (-1e6 + rank, i)

    return [spec for _, spec in sorted(enumerate(chosen), key=key)]


def _built(chosen: list[StudySpec], out: Path, jobs: int,
           memory_mb: int = MEMORY_MB) -> Iterator[tuple[StudySpec, Study, float, int | None]]:
    """Build the ``chosen`` studies, ``jobs`` at a time in worker processes (in this process when
    ``jobs`` is 1) and within ``memory_mb`` (:func:`next_fitting`); yields each with its seconds and
    its worker's peak memory (MB; None in this process) as it is done."""
    from analyzer.progress import status

    if jobs <= 1 or len(chosen) <= 1:
        for i, spec in enumerate(chosen, 1):
            with status(f"report {i}/{len(chosen)}: {spec.name}"):  # one line per study, terminal only
                study, seconds = _build_timed(spec)  # in this process: the spec as given
            yield spec, study, seconds, None  # (this process's peak is not the study's)
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    waiting = _longest_first(out, chosen)
    # a fresh process per study: a study's tables (650 MB for casino stud) leave with it
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_worker_context(),
                               initializer=_worker_init, initargs=(os.getpid(), jobs), max_tasks_per_child=1)
    try:
        with status(f"report: {len(chosen)} studies, {jobs} at a time"):

            def submit(s: StudySpec) -> Future[tuple[Study, float, int]]:
                return pool.submit(_build_in_worker, _Spec(s.name, s.title, s.target, _peak(s)))

            # the longest first, within the memory budget
            for spec, (study, seconds, peak_mb) in run_within(waiting, submit, _peak, jobs, memory_mb):
                yield spec, study, seconds, peak_mb
    except BaseException:  # a failed study or Ctrl-C: stop the other workers now, not when done
        stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _build_into(out: Path, specs: list[StudySpec], chosen: list[StudySpec], jobs: int = 1,
                memory_mb: int = MEMORY_MB) -> list[Study]:
    """Write the ``chosen`` studies under ``out`` and the index of every study found there."""
    chosen_names = {s.name for s in chosen}
    nav = tuple((s.name, s.title) for s in specs
                if s.name in chosen_names or (out / s.name / "index.html").is_file())
    built: dict[str, Study] = {}
    for spec, study, seconds, peak_mb in _built(chosen, out, jobs, memory_mb):
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        command = f"joker-odds report --study {spec.name}"
        study.write(out, PageContext(nav, stamp, seconds, command))
        write_meta(out, spec.name, spec.title, study.headline, stamp, seconds, command, study.terms, peak_mb)
        built[spec.name] = study
    write_index(out, [(s.name, s.title) for s in specs])
    return [built[s.name] for s in chosen]
