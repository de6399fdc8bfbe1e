"""Root pytest configuration (also applies to the doctests in analyzer/).

Caches: every test session uses a numba cache (``NUMBA_CACHE_DIR``) and a score-table cache
(``JOKER_ODDS_CACHE``) in a folder named by a digest of every source and data file under
``analyzer/`` (plus the Python and numba versions): ``.test-cache/<digest>/`` at the top of the
project.

- numba invalidates a ``cache=True`` kernel only when *its own* file changes, so a kernel calling
  jitted code from another, edited file could run stale machine code from a shared cache. Any edit
  to any file changes the digest, so the session starts from an empty folder and compiles every
  kernel from the current sources; a second run on unchanged code finds them compiled (warm).
- ``JOKER_ODDS_TEST_CACHE=fresh`` gives the session a private empty folder, removed at exit (what
  every session did before: a cold run, as on a fresh clone).
- Folders of other digests are removed once they are a day old (at most a few are kept).

The variables must be set before numba is imported (numba reads them once, at import).
Subprocesses (the process-pool and Dask backends, the CLI tests) inherit them.

Ctrl-C: a shell starting the tests as a background job (``make test &`` from a script) makes them
inherit an *ignored* SIGINT, and Python then installs no KeyboardInterrupt handler; the tests that
send themselves SIGINT would wait for ever. The session restores Python's own handler.
"""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import signal
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

if "numba" in sys.modules:  # pragma: no cover - a plugin imported numba before this file
    raise RuntimeError("numba was imported before conftest.py could set NUMBA_CACHE_DIR")

ROOT = Path(__file__).resolve().parent
CACHE_ROOT = ROOT / ".test-cache"
KEEP_SECONDS = 86400  # other digests' folders older than this are removed
KEEP_FOLDERS = 4  # and never more than this many are kept


def source_digest(package: Path = ROOT / "analyzer") -> str:
    """SHA-256 (16 hex digits) of every ``.py`` and ``.toml`` file under ``package`` (names and
    contents), the Python version and the numba version: any edit gives a new digest."""
    h = hashlib.sha256()
    try:
        numba_version = version("numba")
    except PackageNotFoundError:  # pragma: no cover
        numba_version = "-"
    h.update(f"{sys.version}|{platform.machine()}|numba {numba_version}\n".encode())
    for path in sorted(p for p in package.rglob("*") if p.suffix in (".py", ".toml") and p.is_file()):
        h.update(path.relative_to(package).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _prune(keep: Path) -> None:
    """Remove the folders of other digests that are old (or beyond the most recent few)."""
    others = sorted((p for p in CACHE_ROOT.iterdir() if p.is_dir() and p != keep),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    now = time.time()
    for i, p in enumerate(others):
        age = now - p.stat().st_mtime
        if age > KEEP_SECONDS or (i >= KEEP_FOLDERS - 1 and age > 3600):
            shutil.rmtree(p, ignore_errors=True)


FRESH = os.environ.get("JOKER_ODDS_TEST_CACHE", "").lower() == "fresh"
if FRESH:
    SESSION_DIR = Path(tempfile.mkdtemp(prefix="joker-odds-test-"))
else:
    SESSION_DIR = CACHE_ROOT / source_digest()
    SESSION_DIR.mkdir(parents=True, exist_ok=True)
    os.utime(SESSION_DIR)  # the most recently used folder is kept
    _prune(SESSION_DIR)
(SESSION_DIR / "numba").mkdir(exist_ok=True)
(SESSION_DIR / "tables").mkdir(exist_ok=True)
os.environ["NUMBA_CACHE_DIR"] = str(SESSION_DIR / "numba")
os.environ["JOKER_ODDS_CACHE"] = str(SESSION_DIR / "tables")
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_unconfigure(config: object) -> None:
    """Remove a private (``fresh``) session's caches; a digest folder stays for the next run."""
    if FRESH:
        shutil.rmtree(SESSION_DIR, ignore_errors=True)
