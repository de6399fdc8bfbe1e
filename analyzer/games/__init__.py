"""Games built on the core. Each package declares itself with a ``GAME`` (:class:`GameInfo`).

Adding a game: a new folder ``analyzer/games/<game>/`` whose ``__init__.py`` defines ``GAME``,
plus its name in :data:`GAME_PACKAGES` below — nothing else to edit.

>>> [g.name for g in game_infos()][:2]
['videopoker', 'stud']
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from analyzer.games.info import GameInfo, StudyDecl

__all__ = ["GAME_PACKAGES", "GameInfo", "StudyDecl", "game_infos"]

# One line per game, in the order the report lists them.
GAME_PACKAGES: tuple[str, ...] = (
    "videopoker",
    "stud",
    "calling",
    "betting",
    "durak",
    "rummy",
    "tricks",
    "showdown",
)


@lru_cache(maxsize=1)
def game_infos() -> tuple[GameInfo, ...]:
    """Every registered game's declaration (imports only the light ``__init__`` modules)."""
    return tuple(import_module(f"analyzer.games.{name}").GAME for name in GAME_PACKAGES)
