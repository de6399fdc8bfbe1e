"""Root pytest configuration (also applies to the doctests in analyzer/).

numba cache: ``import analyzer`` points numba at a cache folder of its own per version of the
sources (:mod:`analyzer.numbacache`: a digest of every source file's name, size and modification
time), so a kernel calling jitted code in another, edited file never runs stale machine code, and
a second run on unchanged sources (or a run after ``make setup``'s ``joker-odds warmup``) finds
every kernel compiled. It is configured here, before anything can import numba (numba reads
``NUMBA_CACHE_DIR`` once, at import); subprocesses (the process-pool and Dask backends, CLI runs)
inherit it.

``JOKER_ODDS_TEST_CACHE=fresh``: the session gets private, empty caches (numba and the score
tables, ``JOKER_ODDS_CACHE``) in a temporary folder removed at exit, i.e. the cold run of a fresh
clone.

Warm-up: a session of many tests (the default suite) that finds kernels uncompiled first runs
``joker-odds warmup`` on every core (:mod:`analyzer.warmup`), so the compiling is shared out
instead of paid one kernel at a time by whichever test needs it first. With pytest-xdist workers
(``make test`` runs ``-n auto``) the controller does it once, before the workers start.

Width: ``COLUMNS`` is removed, so every test sees the same (unknown) terminal width.

Ctrl-C: a shell starting the tests as a background job (``make test &`` from a script) makes them
inherit an *ignored* SIGINT, and Python then installs no KeyboardInterrupt handler; the tests that
send themselves SIGINT would wait for ever. The session restores Python's own handler.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

if "numba" in sys.modules:  # pragma: no cover - a plugin imported numba before this file
    raise RuntimeError("numba was imported before conftest.py could choose its cache folder")

FRESH = os.environ.get("JOKER_ODDS_TEST_CACHE", "").lower() == "fresh"
# An xdist worker shares the controller's fresh caches (it inherits the variable below) and
# leaves their removal to the controller.
SHARED_FRESH = os.environ.get("JOKER_ODDS_TEST_FRESH_DIR") if "PYTEST_XDIST_WORKER" in os.environ else None
SESSION_DIR = (Path(SHARED_FRESH) if SHARED_FRESH
               else Path(tempfile.mkdtemp(prefix="joker-odds-test-")) if FRESH else None)
if SESSION_DIR is not None:
    os.environ["JOKER_ODDS_TEST_FRESH_DIR"] = str(SESSION_DIR)
    os.environ.pop("NUMBA_CACHE_DIR", None)
    os.environ["JOKER_ODDS_CACHE"] = str(SESSION_DIR)

from analyzer.numbacache import configure  # noqa: E402  (after the environment is set)

configure()
# The tables' width is the terminal's: the tests see none (100 columns), whatever the shell or
# pytest-xdist (which sets COLUMNS=80 in its workers) says; a test that wants a width sets it.
os.environ.pop("COLUMNS", None)
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


WARMUP_MIN_TESTS = 300  # sessions this large warm every command up first (when cold)


def _warm_up() -> None:
    """Compile the kernels of every warm-up group not yet warmed on these sources, on all cores.
    (Asking whether every command had run instead found the commands no warm-up line runs, such as
    ``stud exchange-edge``, cold after ``make setup`` and warmed everything again: ~25 s a session.)"""
    import analyzer.warmup as warmup
    from analyzer.cli.warmup_run import run_groups

    cold = warmup.cold_groups()
    if not cold:
        return
    jobs = max(1, min(2, os.cpu_count() or 1))
    for _ in run_groups(cold, jobs):
        pass


def _xdist_workers(config: object) -> int:
    """How many pytest-xdist workers this session starts (0: none, or this is a worker)."""
    if hasattr(config, "workerinput"):
        return 0
    getoption = getattr(config, "getoption", None)
    try:
        value = getoption("numprocesses") if getoption else None
    except ValueError:  # xdist is not installed
        return 0
    return int(value or 0)


def pytest_configure(config: object) -> None:
    """With xdist workers (``make test``): warm up once in the controller, before any worker starts
    (each worker would otherwise compile the same kernels at the same time)."""
    if _xdist_workers(config) > 0:
        _warm_up()


def pytest_collection_finish(session: object) -> None:
    """Without xdist: compile first when a large session starts cold."""
    config = getattr(session, "config", None)
    if hasattr(config, "workerinput") or _xdist_workers(config) > 0:
        return
    if len(getattr(session, "items", [])) >= WARMUP_MIN_TESTS:
        _warm_up()


def pytest_unconfigure(config: object) -> None:
    """Remove a ``fresh`` session's private caches."""
    if SESSION_DIR is not None and not SHARED_FRESH:
        shutil.rmtree(SESSION_DIR, ignore_errors=True)
