"""The banker's calling game (14 calls, joker first) and its family: treize, frustration solitaire.

The public names load on first use (see :mod:`analyzer.games.calling.api`), so importing the
package for its ``GAME`` declaration stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.games.info import GameInfo, StudyDecl
from analyzer.lazy import lazy_getattr

if TYPE_CHECKING:
    from analyzer.games.calling.api import (
        JOKER_RANK,
        PRESETS,
        CallingError,
        CallingExact,
        CallingGame,
        CallingSample,
        CallingTask,
        calling_game,
        exact_calling,
        exact_rows,
        match_counts,
        parse_calls,
        rook_numbers,
        sample_calling,
        sample_rows,
        summary_rows,
    )

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
