"""Output helpers: tables as text/CSV/JSON, and atomic file writes (no half-written files).

>>> print(render([{"a": 1, "b": 0.5}], "csv").strip())
a,b
1,0.5
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["atomic_write_bytes", "atomic_write_text", "json_text", "render", "render_text_table"]


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _new_file_mode(target: Path) -> int:
    """The mode a plain ``open(target, "w")`` would give: the old file's, else 0o666 less the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename (folders created).

    An ``OSError`` names ``path`` itself (never the temporary file); nothing is left behind.
    """
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(target)) from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):  # mkstemp's 0o600 would hide results from other users
                os.fchmod(fh.fileno(), _new_file_mode(target))
            fh.write(data)
        os.replace(tmp, target)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OSError(exc.errno, exc.strerror, str(target)) from exc
        raise


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        if v == 0:
            return "0"
        if abs(v) < 1e-3 or abs(v) >= 1e7:
            return f"{v:.6e}"
        return f"{v:.6f}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return "" if v is None else str(v)


def render_text_table(rows: Sequence[dict[str, Any]]) -> str:
    """A plain aligned text table (numbers right-aligned)."""
    if not rows:
        return "(no rows)\n"
    cols = list(rows[0])
    cells = [[_fmt(r.get(c)) for c in cols] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(cols)]
    numeric = [all(isinstance(r.get(c), (int, float)) and not isinstance(r.get(c), bool)
                   for r in rows if r.get(c) is not None) for c in cols]
    def line(vals: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if num else v.ljust(w)
                         for v, w, num in zip(vals, widths, numeric, strict=True)).rstrip()
    out = [line(cols), line(["-" * w for w in widths])]
    out += [line(row) for row in cells]
    return "\n".join(out) + "\n"


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def json_text(payload: Any) -> str:
    """Indented, strictly valid JSON: NaN and ±infinity (say, the relative SE of a category not
    yet seen) become ``null`` instead of the ``NaN``/``Infinity`` that JSON parsers reject.

    >>> json_text({"se": float("inf"), "p": [0.5, float("nan")]}).split()
    ['{', '"se":', 'null,', '"p":', '[', '0.5,', 'null', ']', '}']
    """
    return json.dumps(_finite(payload), indent=2, allow_nan=False) + "\n"


def render(rows: Sequence[dict[str, Any]], fmt: str, meta: dict[str, Any] | None = None) -> str:
    """Rows as ``table``, ``csv`` or ``json`` (JSON: ``meta`` plus a ``rows`` list)."""
    if fmt == "json":
        payload: Any = {**(meta or {}), "rows": list(rows)} if meta is not None else list(rows)
        return json_text(payload)
    if fmt == "csv":
        buf = io.StringIO()
        if rows:
            writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        return buf.getvalue()
    return render_text_table(rows)
