"""The banker's calling game (14 calls, joker first) and its family: treize, frustration solitaire.

The public names load on first use (see :mod:`analyzer.games.calling.api`), so importing the
package for its ``GAME`` declaration stays light.
"""

# ruff: noqa: F405  (the names of __all__ reach the type checker by the star import below)
from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.games.info import GameInfo, StudyDecl
from analyzer.lazy import lazy_getattr

if TYPE_CHECKING:  # the type checker sees every public name of the façade
    from analyzer.games.calling.api import *  # noqa: F403

_API = "analyzer.games.calling.api"
__all__ = [
    "JOKER_RANK", "PRESETS", "CallingError", "CallingExact", "CallingGame", "CallingSample",
    "CallingTask", "calling_game", "exact_calling", "exact_rows", "match_counts", "parse_calls",
    "rook_numbers", "sample_calling", "sample_rows", "summary_rows"
]
__getattr__ = lazy_getattr(__name__, dict.fromkeys(__all__, _API))

GAME = GameInfo(
    "calling", "The banker's calling game",
    commands={"calling": "analyzer.games.calling.cli"},
    studies=(StudyDecl("calling-and-betting", "The banker's calling game and betting arithmetic",
                       "analyzer.games.calling.report:build", 250),),
)
