"""Root pytest configuration (also applies to the doctests in analyzer/).

Every test session gets private, empty caches in one temporary folder, removed at exit:

- ``NUMBA_CACHE_DIR``: numba invalidates a ``cache=True`` kernel only when *its own* file changes,
  so a kernel calling jitted code from another edited file could run stale machine code. A fresh
  cache means every kernel the session uses is compiled from the current sources (the default
  suite took about 250 s from an empty cache against about 175 s warm, on 2 cores). It must be
  set before numba is imported: numba reads it once, at import.
- ``JOKER_ODDS_CACHE``: the built score tables (:mod:`analyzer.tablecache`).

Subprocesses (the process-pool and Dask backends) inherit both through the environment.

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
    raise RuntimeError("numba was imported before conftest.py could give it a fresh NUMBA_CACHE_DIR")

SESSION_DIR = Path(tempfile.mkdtemp(prefix="joker-odds-test-"))
(SESSION_DIR / "numba").mkdir()
(SESSION_DIR / "tables").mkdir()
os.environ["NUMBA_CACHE_DIR"] = str(SESSION_DIR / "numba")
os.environ["JOKER_ODDS_CACHE"] = str(SESSION_DIR / "tables")
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_unconfigure(config: object) -> None:
    """Remove the session's caches (about 80 MB of tables and compiled kernels)."""
    shutil.rmtree(SESSION_DIR, ignore_errors=True)
