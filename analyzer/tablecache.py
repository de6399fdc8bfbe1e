"""On-disk cache of built score tables, so a warm CLI call loads an array instead of running
the table builders (which also saves loading their compiled code).

The cache lives in ``$JOKER_ODDS_CACHE`` (default ``~/.cache/joker-odds``; ``off`` disables it).
A key is the table's defining parameters plus a digest of the builder sources, so a code change
never reads a stale table. Files are written atomically; an unwritable cache is skipped.

A cache file is untrusted: it is a header line (format version, the key's digest, shape, dtype
and a SHA-256 of the contents) followed by the raw array. A file whose header or contents do not
match what the caller expects (shape, dtype, a value check) is rebuilt, with one line on stderr,
so the kernels never index with a table of the wrong size.

>>> import tempfile
>>> folder, calls = Path(tempfile.mkdtemp()), []
>>> build = lambda: calls.append(1) or np.arange(3, dtype=np.int32)
>>> [load_or_build({"k": 5}, build, folder).tolist() for _ in range(2)], len(calls)
([[0, 1, 2], [0, 1, 2]], 1)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.io import UnsafeFileError, atomic_write_bytes, read_untrusted_bytes
from analyzer.numbacache import cache_root

__all__ = ["FORMAT_VERSION", "MAGIC", "cache_dir", "cache_files", "clear_cache", "is_table_file", "load_cached",
           "load_or_build", "table_path"]

MAGIC = b"joker-odds-table"
FORMAT_VERSION = 2
_MAX_HEADER = 4096
_MAX_TABLE_BYTES = 256 << 20
_TABLE_NAME = re.compile(r"table-[0-9a-f]{32}\.bin")
_DTYPES = {"<i4", "<i8", "<u4", "|i1", "|u1", "<f8"}
_warned: set[str] = set()


def cache_dir() -> Path | None:
    """The cache folder, or None when caching is off."""
    return cache_root()


def is_table_file(path: Path) -> bool:
    """Whether ``path`` is a table this module wrote: a regular file (not a link) named
    ``table-<32 hex>.bin`` whose first line is :data:`MAGIC` and a JSON header with this module's
    fields. A file that only looks like a table by its name is not.

    >>> import tempfile
    >>> fake = Path(tempfile.mkdtemp()) / ("table-" + "0" * 32 + ".bin")
    >>> _ = fake.write_bytes(b"my own data"); is_table_file(fake)
    False
    """
    if not _TABLE_NAME.fullmatch(path.name) or path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open("rb") as fh:
            head = fh.read(_MAX_HEADER)
    except OSError:
        return False
    end = head.find(b"\n")
    if not head.startswith(MAGIC + b" ") or end < 0:
        return False
    try:
        header = json.loads(head[len(MAGIC) + 1:end])
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(header, dict) and {"version", "key", "shape", "dtype", "sha256"} <= header.keys()


def cache_files(folder: Path | None = None) -> list[Path]:
    """The cached tables in ``folder`` (default :func:`cache_dir`): the files :func:`is_table_file`
    proves are this module's, sorted; nothing else in the folder is ever counted or removed.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = load_or_build({"k": 1}, lambda: np.ones(2, np.int32), folder)
    >>> _ = (folder / "notes.txt").write_text("mine")
    >>> len(cache_files(folder)), clear_cache(folder)[0], len(cache_files(folder)), (folder / "notes.txt").exists()
    (1, 1, 0, True)
    """
    folder = folder if folder is not None else cache_dir()
    if folder is None or not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("table-*.bin") if is_table_file(p))


def clear_cache(folder: Path | None = None) -> tuple[int, int]:
    """Remove the cached tables of ``folder`` (see :func:`cache_files`); the files and bytes freed.
    The tables are rebuilt on next use."""
    files = bytes_freed = 0
    for path in cache_files(folder):
        size = path.stat().st_size
        path.unlink()
        files += 1
        bytes_freed += size
    return files, bytes_freed


@lru_cache(maxsize=1)
def _source_digest() -> str:
    here = Path(__file__).parent / "kernels"
    h = hashlib.sha256()
    for name in ("tables.py", "handkey.py", "codes.py", "combinatorics.py"):  # what builds a table
        h.update((here / name).read_bytes())
    return h.hexdigest()[:16]


def _key_digest(key: dict[str, Any]) -> str:
    return hashlib.sha256((json.dumps(key, sort_keys=True) + _source_digest()).encode()).hexdigest()


def table_path(key: dict[str, Any], folder: Path) -> Path:
    """Where the table for ``key`` is cached in ``folder``."""
    return folder / f"table-{_key_digest(key)[:32]}.bin"


def _encode(table: np.ndarray, digest: str) -> bytes:
    data = np.ascontiguousarray(table)
    header = {"version": FORMAT_VERSION, "key": digest, "shape": list(data.shape), "dtype": data.dtype.str,
              "sha256": hashlib.sha256(data.tobytes()).hexdigest()}
    return MAGIC + b" " + json.dumps(header, sort_keys=True).encode() + b"\n" + data.tobytes()


def _decode(blob: bytes, digest: str, shape: tuple[int, ...] | None, dtype: str | None) -> np.ndarray:
    """The array in ``blob``; ``ValueError`` naming the first thing that does not match."""
    end = blob.find(b"\n", 0, _MAX_HEADER)
    if not blob.startswith(MAGIC + b" ") or end < 0:
        raise ValueError("no table header")
    try:
        header = json.loads(blob[len(MAGIC) + 1:end])
    except (ValueError, UnicodeDecodeError):
        raise ValueError("unreadable header") from None
    if not isinstance(header, dict) or header.get("version") != FORMAT_VERSION:
        raise ValueError("another format version")
    if header.get("key") != digest:
        raise ValueError("another rule set")
    got_shape, got_dtype = header.get("shape"), header.get("dtype")
    if (not isinstance(got_shape, list) or len(got_shape) > 4
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 1 << 40 for n in got_shape)):
        raise ValueError("bad shape")
    if got_dtype not in _DTYPES:
        raise ValueError("bad dtype")
    if shape is not None and tuple(got_shape) != tuple(shape):
        raise ValueError(f"shape {tuple(got_shape)}, expected {tuple(shape)}")
    if dtype is not None and got_dtype != np.dtype(dtype).str:
        raise ValueError(f"dtype {got_dtype}, expected {np.dtype(dtype).str}")
    body = blob[end + 1:]
    if len(body) != int(np.prod(got_shape, dtype=np.int64)) * np.dtype(got_dtype).itemsize:
        raise ValueError("truncated or padded contents")
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        raise ValueError("checksum mismatch")
    return np.frombuffer(body, dtype=got_dtype).reshape(got_shape).copy()


def _say_rebuilt(path: Path, why: str) -> None:
    if str(path) not in _warned:
        _warned.add(str(path))
        print(f"joker-odds: cached table {path.name} is unusable ({why}); rebuilding it", file=sys.stderr)


def _read(path: Path, digest: str, shape: tuple[int, ...] | None, dtype: Any,
          check: Callable[[np.ndarray], str | None] | None) -> tuple[np.ndarray | None, str | None]:
    """``(table, None)`` from a usable cache file, else ``(None, why)`` (``why`` None: no file)."""
    try:
        blob = read_untrusted_bytes(path, _MAX_TABLE_BYTES)
    except FileNotFoundError:
        return None, None
    except UnsafeFileError as exc:
        return None, exc.strerror or str(exc)
    except OSError:
        return None, None
    try:
        table = _decode(blob, digest, shape, dtype)
    except ValueError as exc:
        return None, str(exc)
    problem = check(table) if check is not None else None
    return (table, None) if problem is None else (None, problem)


def load_cached(key: dict[str, Any], folder: Path | None = None, *, shape: tuple[int, ...] | None = None,
                dtype: Any = None, check: Callable[[np.ndarray], str | None] | None = None) -> np.ndarray | None:
    """The usable cached array for ``key``, or None (no cache, no file, or an unusable one: say
    nothing, :func:`load_or_build` reports and rebuilds it). Loads with numpy only.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> load_cached({"k": 7}, folder) is None
    True
    >>> _ = load_or_build({"k": 7}, lambda: np.ones(2, np.int32), folder)
    >>> load_cached({"k": 7}, folder, shape=(2,)).tolist(), load_cached({"k": 7}, folder, shape=(3,))
    ([1, 1], None)
    """
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return None
    return _read(table_path(key, folder), _key_digest(key), shape, dtype, check)[0]


def load_or_build(key: dict[str, Any], build: Callable[[], np.ndarray], folder: Path | None = None, *,
                  shape: tuple[int, ...] | None = None, dtype: Any = None,
                  check: Callable[[np.ndarray], str | None] | None = None) -> np.ndarray:
    """The cached array for ``key`` (in ``folder``, default :func:`cache_dir`), or ``build()``.

    ``shape``, ``dtype`` and ``check`` (an array → problem-or-None function, say a value range)
    state what a usable table is; a cached file failing any of them is rebuilt and rewritten.
    """
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return build()
    digest = _key_digest(key)
    path = table_path(key, folder)
    table, problem = _read(path, digest, shape, dtype, check)
    if table is not None:
        return table
    if problem is not None:
        _say_rebuilt(path, problem)
    from analyzer.progress import status

    with status("building lookup tables and compiling kernels, once"):
        table = build()
    with contextlib.suppress(OSError):
        atomic_write_bytes(path, _encode(table, digest))
    return table
