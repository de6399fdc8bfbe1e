"""numba's disk cache in one folder per version of the sources, so no kernel runs stale code.

numba (``cache=True``) invalidates a kernel's cached machine code only when the kernel's *own*
file changes; a kernel calling jitted code from another file that was edited would run the old
code. ``import analyzer`` therefore points numba at ``<cache>/numba/<key>``, where the key is a
digest of every source file's name, size and modification time, the Python and numba versions:
any edit gives a new, empty folder (compiled once), and unchanged sources always find their
kernels compiled (the CLI, the tests and ``joker-odds warmup`` share them). ``<cache>`` is
``$JOKER_ODDS_CACHE`` (default ``~/.cache/joker-odds``); with ``off``, or when
``NUMBA_CACHE_DIR`` is set, numba's own default or that folder is used. Folders unused for two
days are removed (and, beyond the six most recent, those unused for an hour) -- but only folders
this tool made: a 16-hex-digit name holding the marker file :data:`MARKER` with its own text.
Anything else under ``<cache>/numba`` (a user's folder, a folder of an older version without the
marker) is never touched.

>>> len(sources_key())
16
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import sys
import time
from importlib.util import find_spec
from pathlib import Path

__all__ = ["MARKER", "cache_root", "configure", "is_ours", "mark", "sources_key"]

KEEP = 6  # folders of other source versions kept when used within the hour (other checkouts, edits)
STALE = 2 * 86400  # a folder unused this long is removed
MARKER = ".joker-odds-numba"  # written into every folder this module creates; pruning requires it
MARKER_TEXT = b"joker-odds numba cache: a folder of compiled kernels, safe to delete\n"
_KEY = re.compile(r"[0-9a-f]{16}")
ROOT = Path(__file__).resolve().parent


def cache_root() -> Path | None:
    """``$JOKER_ODDS_CACHE`` (default ``~/.cache/joker-odds``), or None when it is ``off``."""
    value = os.environ.get("JOKER_ODDS_CACHE", "")
    if value.lower() == "off":
        return None
    return Path(value) if value else Path.home() / ".cache" / "joker-odds"


def _numba_version() -> str:
    """numba's installed version, from its metadata folder's name (without importing numba)."""
    spec = find_spec("numba")
    if spec is None or spec.origin is None:
        return "-"
    site = Path(spec.origin).parent.parent
    return ",".join(sorted(p.name for p in site.glob("numba-*-info")))


def sources_key() -> str:
    """16 hex digits naming this version of ``analyzer/`` (each ``.py`` file's path, size and
    modification time), of Python and of numba, and whether ``JOKER_ODDS_REFCOUNT`` is set
    (:mod:`analyzer.kernels.jit`: the same kernels compiled otherwise)."""
    refcount = os.environ.get("JOKER_ODDS_REFCOUNT", "") == "1"
    h = hashlib.sha256(f"{sys.version}|{_numba_version()}|{refcount}\n".encode())
    for path in sorted(ROOT.rglob("*.py")):
        st = path.stat()
        h.update(f"{path.relative_to(ROOT).as_posix()}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def is_ours(folder: Path) -> bool:
    """Whether ``folder`` is a numba folder this module made: a 16-hex-digit name, a real folder
    (not a link) holding :data:`MARKER` with :data:`MARKER_TEXT`.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "my-old-project").mkdir(); (root / "0123456789abcdef").mkdir()
    >>> is_ours(root / "my-old-project"), is_ours(root / "0123456789abcdef")
    (False, False)
    >>> mark(root / "0123456789abcdef"); is_ours(root / "0123456789abcdef")
    True
    """
    if not _KEY.fullmatch(folder.name) or folder.is_symlink() or not folder.is_dir():
        return False
    marker = folder / MARKER
    try:
        return not marker.is_symlink() and marker.is_file() and marker.read_bytes() == MARKER_TEXT
    except OSError:
        return False


def mark(folder: Path) -> None:
    """Write the marker that lets :func:`_prune` remove ``folder`` one day."""
    (folder / MARKER).write_bytes(MARKER_TEXT)


def _prune(parent: Path, keep: Path) -> None:
    """Remove the folders of other source versions unused for :data:`STALE` seconds, or for an
    hour when more than :data:`KEEP` are left (a folder is "used" when a process starts with it).
    Only this module's own folders (:func:`is_ours`) are counted or removed."""
    try:
        others = sorted((p for p in parent.iterdir() if p != keep and is_ours(p)),
                        key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    now = time.time()
    for i, p in enumerate(others):
        with contextlib.suppress(OSError):
            idle = now - p.stat().st_mtime
            if idle > STALE or (i >= KEEP and idle > 3600):
                shutil.rmtree(p, ignore_errors=True)


def configure() -> Path | None:
    """Set ``NUMBA_CACHE_DIR`` to this source version's folder (unless it is set, caching is off
    or numba is already imported); the folder, or None."""
    if "NUMBA_CACHE_DIR" in os.environ or "numba" in sys.modules:
        return None
    root = cache_root()
    if root is None:
        return None
    folder = root / "numba" / sources_key()
    try:
        if folder.is_dir():
            os.utime(folder)  # used now: pruning keeps it
        else:
            folder.mkdir(parents=True)
            mark(folder)
            _prune(folder.parent, folder)
    except OSError:  # an unwritable cache: numba's default
        return None
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    return folder
