"""Input and output helpers: tables as text/CSV/JSON, atomic file writes (no half-written files,
never through a symlink, FIFO or device), and reads of untrusted files (regular files only, under
a size cap).

>>> print(render([{"a": 1, "b": 0.5}], "csv").strip())
a,b
1,0.5
>>> clip("x" * 200)[-13:]
'… (200 chars)'
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["MAX_TEXT_BYTES", "STDIO", "UnsafeFileError", "atomic_write_bytes", "atomic_write_text",
           "check_output_path", "clip", "json_text", "read_untrusted_bytes", "read_untrusted_text",
           "render", "render_text_table", "write_output"]

MAX_TEXT_BYTES = 1 << 20  # a pay table, game or study file is a few KB
STDIO = "-"  # ``--out -`` is standard output, ``--input -`` standard input


class UnsafeFileError(OSError):
    """A path the tool refuses to read or replace (not a regular file, too big, empty name).

    An ``OSError``, so every reader's ``except OSError`` reports it like an unreadable file.
    """

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__(0, why, clip(str(path)))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def clip(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters for an error line (its length said when cut)."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} chars)"


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_untrusted_bytes(path: str | Path, max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file (or a symlink to one) of at most ``max_bytes``.

    A FIFO, device, socket or folder is refused without blocking on it (``--paytable /dev/zero``);
    ``-`` reads standard input (up to the same cap). Raises :class:`UnsafeFileError`.

    >>> read_untrusted_bytes("/dev/zero")
    Traceback (most recent call last):
    ...
    analyzer.io.UnsafeFileError: /dev/zero: not a regular file (a character device)
    """
    if str(path) == STDIO:
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise UnsafeFileError("<stdin>", f"more than {max_bytes:,} bytes")
        return data
    if str(path) == "":
        raise UnsafeFileError("''", "empty file name")
    mode = os.stat(path).st_mode  # follows symlinks: a link to a regular file reads that file
    if not stat.S_ISREG(mode):
        raise UnsafeFileError(path, f"not a regular file ({_kind(mode)})")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as fh:
        real = os.fstat(fh.fileno())  # swapped for a FIFO between stat and open
        if not stat.S_ISREG(real.st_mode):
            raise UnsafeFileError(path, f"not a regular file ({_kind(real.st_mode)})")
        if real.st_size > max_bytes:
            raise UnsafeFileError(path, f"too big ({real.st_size:,} bytes; at most {max_bytes:,})")
        data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UnsafeFileError(path, f"too big (over {max_bytes:,} bytes)")
    return data


def read_untrusted_text(path: str | Path, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """:func:`read_untrusted_bytes` decoded as UTF-8 (``UnicodeDecodeError`` when it is not)."""
    return read_untrusted_bytes(path, max_bytes).decode("utf-8")


def check_output_path(path: str | Path, folder: bool = False) -> None:
    """Refuse an output path that must not be written: an empty name, or an existing entry that
    is not a regular file (a folder when ``folder``) — a symlink, FIFO or device is never replaced.

    >>> check_output_path("/dev/null")
    Traceback (most recent call last):
    ...
    analyzer.io.UnsafeFileError: /dev/null: refusing to replace a character device (give a regular file)
    """
    if str(path) == "":
        raise UnsafeFileError("''", "empty output path")
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):  # a new file (a blocked folder is said later)
        return
    except OSError as exc:
        raise UnsafeFileError(path, exc.strerror or str(exc)) from exc
    ok = stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode)
    if not ok:
        want = "a folder" if folder else "a regular file"
        raise UnsafeFileError(path, f"refusing to replace {_kind(mode)} (give {want})")


def write_output(out: str | Path | None, text: str) -> None:
    """``text`` to standard output (``out`` None or ``-``) or atomically to the file ``out``."""
    if out is None or str(out) == STDIO:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        atomic_write_text(out, text)


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
    A target that exists but is not a regular file (symlink, FIFO, device, folder) is refused.
    """
    check_output_path(path)
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


def render_text_table(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None,
                      units: dict[str, str] | None = None) -> str:
    """An aligned text table fitted to the terminal (see :mod:`analyzer.textfmt`); ``units``: the
    unit of a column, named in its header (``gain (antes)``)."""
    from analyzer.textfmt import format_table

    return format_table(rows, columns=columns, units=units) + "\n"


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
