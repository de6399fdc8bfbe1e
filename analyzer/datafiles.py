"""The data files the tool ships inside its package, read through :mod:`importlib.resources`.

Pay tables, stud games and rule presets live in the package (never found by walking up from a
module's file), so an installed wheel finds them from any folder.

>>> "joker-poker-kings" in shipped_names("analyzer.games.videopoker", "paytables")
True
>>> shipped_file("analyzer.games.stud", "games", "nowhere") is None
True
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

__all__ = ["shipped_dir", "shipped_file", "shipped_names"]


def shipped_dir(package: str, folder: str) -> Traversable:
    """The shipped ``folder`` of ``package`` (a path on disk for an ordinary install)."""
    return resources.files(package).joinpath(folder)


def shipped_names(package: str, folder: str, suffix: str = ".toml") -> list[str]:
    """The sorted stems of the files ending in ``suffix`` in a shipped folder."""
    base = shipped_dir(package, folder)
    if not base.is_dir():
        return []
    return sorted(p.name[: -len(suffix)] for p in base.iterdir() if p.is_file() and p.name.endswith(suffix))


def shipped_file(package: str, folder: str, name: str, suffix: str = ".toml") -> Traversable | None:
    """The shipped file ``<folder>/<name><suffix>``, or None when there is none."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    f = shipped_dir(package, folder).joinpath(name + suffix)
    return f if f.is_file() else None
