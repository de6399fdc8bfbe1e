"""The one TOML file reader: every error names the file (and the line where TOML says it).

Pay tables, stud games and simulation studies all read their files here, each raising its
own :class:`~analyzer.errors.JokerOddsError` subclass.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "t.toml"
>>> _ = p.write_text('a = 1\\n[[line]]\\nb = 2\\n')
>>> doc = read_toml(p, ValueError)
>>> doc.data["a"], header_lines(doc.text, "line")
(1, [2])
>>> _ = p.write_text("a = 1\\nb = ?")
>>> read_toml(p, ValueError, "paytable ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: paytable ...t.toml: not valid TOML (Invalid value (at line 2, column 5))
"""

from __future__ import annotations

import re
import tomllib
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, NamedTuple

from analyzer.io import read_untrusted_bytes

__all__ = ["TomlFile", "header_lines", "key_line", "read_toml"]


class TomlFile(NamedTuple):
    """A parsed TOML file: its mapping, its text and the name errors give it."""

    data: dict[str, Any]
    text: str
    source: str

    def locate(self, message: str, prefix: str = "") -> str:
        """``<source>: … key 'k' …`` → ``<source>:<line>: …`` where the file sets ``k``."""
        head = f"{prefix}{self.source}: "
        found = re.search(r"key '([^']+)'", message)
        if not message.startswith(head) or found is None:
            return message
        line = key_line(self.text, found.group(1))
        return message if line is None else f"{head[:-2]}:{line}: {message[len(head):]}"


def read_toml(path: str | Path | Traversable, error: type[Exception], what: str = "") -> TomlFile:
    """Read and parse ``path``; any failure raises ``error("<what><path>: <reason>")``."""
    source = str(path)
    where = f"{what}{source}"
    p: Path | Traversable = Path(path) if isinstance(path, str) else path
    try:  # a user's file is untrusted (regular files under a size cap); shipped data is not
        raw = read_untrusted_bytes(p) if isinstance(p, Path) else p.read_bytes()
    except OSError as exc:
        raise error(f"{where}: cannot read ({exc.strerror or exc})") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{where}: not UTF-8 text (byte {exc.start}: {exc.reason})") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where}: not valid TOML ({exc})") from exc
    return TomlFile(data, text, source)


def header_lines(text: str, table: str) -> list[int]:
    """The 1-based line of each ``[[table]]`` header, in order (for ``file line N`` messages)."""
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
    return [i + 1 for i, s in enumerate(text.splitlines()) if pattern.match(s)]


def key_line(text: str, dotted: str, root: str = "game") -> int | None:
    """The 1-based line that sets ``dotted`` (``tie``, ``pays.pair``), also under ``[root]``.

    >>> key_line('[game]\\nname = "x"\\n[game.pays]\\npair = -1\\n', "pays.pair")
    4
    """
    want = dotted.split(".")
    table: list[str] = []
    for i, raw in enumerate(text.splitlines(), 1):
        s = raw.split("#", 1)[0].strip()
        header = re.match(r"^\[\s*([^\[\]]+?)\s*\]$", s)
        if header:
            table = [p.strip().strip('"') for p in header.group(1).split(".")]
            if table in (want, [root, *want]):
                return i
            continue
        assign = re.match(r'^([A-Za-z0-9_\-."]+)\s*=', s)
        if assign:
            full = table + [p.strip().strip('"') for p in assign.group(1).split(".")]
            if full in (want, [root, *want]):
                return i
    return None
