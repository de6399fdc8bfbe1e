"""On-disk cache of built score tables, so a warm CLI call loads an array instead of running
the table builders (which also saves loading their compiled code).

The cache lives in ``$JOKER_ODDS_CACHE`` (default ``~/.cache/joker-odds``; ``off`` disables it).
A key is the table's defining parameters plus a digest of the builder sources, so a code change
never reads a stale table. Files are written atomically; an unwritable cache is skipped.

>>> import tempfile
>>> folder, calls = Path(tempfile.mkdtemp()), []
>>> build = lambda: calls.append(1) or np.arange(3, dtype=np.int32)
>>> [load_or_build({"k": 5}, build, folder).tolist() for _ in range(2)], len(calls)
([[0, 1, 2], [0, 1, 2]], 1)
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.io import atomic_write_bytes

__all__ = ["cache_dir", "load_or_build"]


def cache_dir() -> Path | None:
    """The cache folder, or None when caching is off."""
    value = os.environ.get("JOKER_ODDS_CACHE", "")
    if value.lower() == "off":
        return None
    return Path(value) if value else Path.home() / ".cache" / "joker-odds"


@lru_cache(maxsize=1)
def _source_digest() -> str:
    here = Path(__file__).parent / "kernels"
    h = hashlib.sha256()
    for name in ("tables.py", "handkey.py", "codes.py", "combinatorics.py"):  # what builds a table
        h.update((here / name).read_bytes())
    return h.hexdigest()[:16]


def load_or_build(key: dict[str, Any], build: Callable[[], np.ndarray],
                  folder: Path | None = None) -> np.ndarray:
    """The cached array for ``key`` (in ``folder``, default :func:`cache_dir`), or ``build()``."""
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return build()
    digest = hashlib.sha256((json.dumps(key, sort_keys=True) + _source_digest()).encode()).hexdigest()
    path = folder / f"table-{digest[:32]}.npy"
    try:
        return np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        pass
    table = build()
    buf = io.BytesIO()
    np.save(buf, table, allow_pickle=False)
    with contextlib.suppress(OSError):
        atomic_write_bytes(path, buf.getvalue())
    return table
