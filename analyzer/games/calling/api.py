"""The banker's calling game (14 calls, joker first) and its family: treize, frustration solitaire.

>>> r = exact_calling(calling_game("banker-14"))
>>> float(r.p_no_match) > 0.35, r.mean_matches
(True, Fraction(1, 1))
"""

from analyzer.games.calling.exact import CallingExact, exact_calling, match_counts, rook_numbers
from analyzer.games.calling.game import (
    JOKER_RANK,
    PRESETS,
    CallingError,
    CallingGame,
    calling_game,
    parse_calls,
)
from analyzer.games.calling.sample import CallingSample, CallingTask, sample_calling
from analyzer.games.calling.table import exact_rows, sample_rows, summary_rows

__all__ = [
    "JOKER_RANK",
    "PRESETS",
    "CallingError",
    "CallingExact",
    "CallingGame",
    "CallingSample",
    "CallingTask",
    "calling_game",
    "exact_calling",
    "exact_rows",
    "match_counts",
    "parse_calls",
    "rook_numbers",
    "sample_calling",
    "sample_rows",
    "summary_rows",
]
