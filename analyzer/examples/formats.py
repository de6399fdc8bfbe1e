"""The TOML file formats a user writes (pay tables, stud games, studies): every field, as data.

The declarations live in ``formats.toml`` beside this module; each format renders as the
reference that ``joker-odds examples --formats`` prints and ``docs/formats.md`` holds (``make
docs`` writes it; ``tests/test_examples.py`` checks that the fields listed are exactly the keys
each loader accepts, and that the file is up to date).

>>> [f.name for f in FORMATS]
['paytable', 'stud-game', 'study']
>>> "| `pays` |" in formats_markdown()
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

__all__ = ["FORMATS", "Field", "FileFormat", "Section", "formats_markdown"]


@dataclass(frozen=True)
class Field:
    """One key: its name, its TOML type, ``required`` or the default, and what it means."""

    key: str
    type: str
    default: str
    meaning: str


@dataclass(frozen=True)
class Section:
    """A TOML table of the file (``""`` = the top level) and its keys."""

    table: str
    fields: tuple[Field, ...]
    note: str = ""


@dataclass(frozen=True)
class FileFormat:
    """A file format: its name, the command that reads it, an introduction and its sections."""

    name: str
    title: str
    read_by: str
    intro: str
    example: str
    sections: tuple[Section, ...]


def _load() -> tuple[FileFormat, ...]:
    """The formats declared in ``formats.toml`` (shipped beside this module)."""
    doc = tomllib.loads(resources.files(__package__ or "analyzer.examples").joinpath("formats.toml")
                        .read_text(encoding="utf-8"))

    def fields(rows: list[list[str]] | str) -> tuple[Field, ...]:
        rows = doc[rows] if isinstance(rows, str) else rows
        return tuple(Field(k, t, d, m.replace("{categories}", doc["categories"])) for k, t, d, m in rows)

    return tuple(FileFormat(f["name"], f["title"], f["read_by"], f["intro"], f["example"],
                            tuple(Section(c["table"], fields(c["fields"]), c.get("note", "")) for c in f["section"]))
                 for f in doc["format"])


FORMATS: tuple[FileFormat, ...] = _load()


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def formats_markdown() -> str:
    """The reference of every format as Markdown (what ``docs/formats.md`` holds)."""
    out = ["# File formats", "",
           "The TOML files joker-odds reads. `joker-odds examples` lists a shipped file of each kind and "
           "writes copies to start from (`joker-odds examples NAME --out DIR`); `joker-odds examples "
           "--formats` prints this reference. An unknown key, a missing required key or a bad value stops "
           "with one line naming the file, the line and the key.", ""]
    for fmt in FORMATS:
        out += [f"## {fmt.title} (`{fmt.name}`)", "", fmt.intro, "",
                f"Read by `{fmt.read_by}`. Example: `joker-odds examples {fmt.example}`.", ""]
        for sec in fmt.sections:
            out += [f"### {sec.table or 'top level'}", ""]
            if sec.note:
                out += [sec.note, ""]
            out += ["| key | type | default | meaning |", "| --- | --- | --- | --- |"]
            out += [f"| `{f.key}` | {f.type} | {_cell(f.default)} | {_cell(f.meaning)} |" for f in sec.fields]
            out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # make docs: python -m analyzer.examples.formats > docs/formats.md
    print(formats_markdown(), end="")
