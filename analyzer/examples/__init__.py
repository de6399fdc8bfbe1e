"""The example files shipped for a user to start from: simulation studies, pay tables, stud games.

Each kind of file lives in its own package folder (studies here in ``studies/``, pay tables and stud
games in their game's package); an :class:`ExampleSource` names the folder and the command that
reads such a file. :func:`catalogue` lists every shipped file, :func:`write_examples` copies some
into a folder of the user's, refusing to overwrite a file unless told to.

>>> STUDIES.kind, STUDIES.usage.format(file="my-study.toml")
('study', 'joker-odds simulate my-study.toml')
>>> [e.name for e in catalogue([STUDIES])]
['deuces-wild-relative', 'joker-wild-two-jokers', 'standard-precision']
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from analyzer.datafiles import shipped_dir, shipped_names
from analyzer.errors import JokerOddsError
from analyzer.io import atomic_write_text, check_output_path, clip

__all__ = ["STUDIES", "Example", "ExampleError", "ExampleSource", "catalogue", "find_examples",
           "write_examples"]


class ExampleError(JokerOddsError):
    """An unknown example name, or a file that would be overwritten."""


@dataclass(frozen=True)
class ExampleSource:
    """A kind of example file: the package folder that holds them and the command that reads one
    (``usage`` with a ``{file}`` placeholder)."""

    kind: str
    package: str
    folder: str
    usage: str


STUDIES = ExampleSource("study", "analyzer.examples", "studies", "joker-odds simulate {file}")


@dataclass(frozen=True)
class Example:
    """One shipped example file."""

    name: str
    kind: str
    summary: str
    usage: str
    source: Traversable

    @property
    def file_name(self) -> str:
        return self.name + ".toml"

    def text(self) -> str:
        """The file's text, comments included."""
        return self.source.read_text(encoding="utf-8")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "file": self.file_name, "what": self.summary,
                "use": self.usage.format(file=self.file_name)}


def _summary(text: str) -> str:
    """The file's one-line description: ``description`` or ``title``, at the top or under ``[game]``."""
    data = tomllib.loads(text)
    for table in (data, data.get("game", {})):
        for key in ("description", "title"):
            if isinstance(table, dict) and isinstance(table.get(key), str):
                return table[key]
    return ""


def catalogue(sources: Iterable[ExampleSource]) -> tuple[Example, ...]:
    """Every shipped example of ``sources``, in their order, each kind sorted by name."""
    out = []
    for src in sources:
        base = shipped_dir(src.package, src.folder)
        for name in shipped_names(src.package, src.folder):
            f = base.joinpath(name + ".toml")
            out.append(Example(name, src.kind, _summary(f.read_text(encoding="utf-8")), src.usage, f))
    names = [e.name for e in out]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:  # a shipped-data mistake, caught by the tests
        raise ExampleError(f"example names shipped twice: {', '.join(dup)}")
    return tuple(out)


def find_examples(examples: Sequence[Example], names: Iterable[str]) -> list[Example]:
    """The examples called ``names`` (in that order, each once); an unknown name lists the known ones.

    >>> [e.name for e in find_examples(catalogue([STUDIES]), ["standard-precision"])]
    ['standard-precision']
    >>> find_examples(catalogue([STUDIES]), ["nope"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    analyzer.examples.ExampleError: unknown example 'nope' (known: deuces-wild-relative, ...)
    """
    by_name = {e.name: e for e in examples}
    chosen: list[Example] = []
    for name in names:
        stem = name[:-5] if name.endswith(".toml") else name
        if stem not in by_name:
            raise ExampleError(f"unknown example {clip(name)!r} (known: {', '.join(by_name)})")
        if by_name[stem] not in chosen:
            chosen.append(by_name[stem])
    return chosen


def write_examples(examples: Sequence[Example], folder: str | Path, force: bool = False) -> list[Path]:
    """Write each example as ``folder/<name>.toml`` (the folder is created); returns the paths.

    Every target is checked before anything is written: an existing file is refused unless
    ``force``, and a path that is not a regular file (a folder, a symlink, a device) always is.
    """
    folder = Path(folder)
    targets = [folder / e.file_name for e in examples]
    for path in targets:
        check_output_path(path)
        if (path.exists() or path.is_symlink()) and not force:
            raise ExampleError(f"{path} exists: give --force to overwrite it")
    folder.mkdir(parents=True, exist_ok=True)
    for e, path in zip(examples, targets, strict=True):
        atomic_write_text(path, e.text())
    return targets
