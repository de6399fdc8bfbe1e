"""What a game package declares about itself, in one place: its CLI, its report study, its data.

Each ``analyzer/games/<game>/__init__.py`` defines ``GAME = GameInfo(...)`` and keeps its imports
light (no numba, no plotting), so that the CLI can list every command without loading a game.
The CLI (:mod:`analyzer.cli`) and the report command read these declarations through
:func:`analyzer.games.game_infos`; adding a game is a new folder plus one line in
``analyzer.games.GAME_PACKAGES``.

>>> g = GameInfo("demo", "A demo game", commands={"demo": "analyzer.games.demo.cli"})
>>> g.commands["demo"]
'analyzer.games.demo.cli'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.examples import ExampleSource

__all__ = ["GameInfo", "StudyDecl"]


@dataclass(frozen=True)
class StudyDecl:
    """A report study: its folder name, title, the ``module:function`` that builds it, and the
    peak memory (MB, resident) of a process building it alone, which a parallel build keeps
    within its budget."""

    name: str
    title: str
    target: str
    memory_mb: int = 250  # the report's count for a study that declares none (``report.PEAK_MB``)


@dataclass(frozen=True)
class GameInfo:
    """A game's declaration.

    ``commands`` maps each top-level CLI command name to the module whose ``COMMANDS`` list
    defines it (imported only when that command runs); ``studies`` are its report studies;
    ``data`` the package-relative globs of the files it ships (read with ``importlib.resources``);
    ``examples`` the shipped folders a user starts own files from (``joker-odds examples``).
    """

    name: str
    title: str
    commands: dict[str, str] = field(default_factory=dict)
    studies: tuple[StudyDecl, ...] = ()
    data: tuple[str, ...] = ()
    examples: tuple[ExampleSource, ...] = ()
