"""Betting arithmetic: pot-limit maximums, table stakes, side pots, payouts.

The public names load on first use (see :mod:`analyzer.games.betting.api`), so importing the
package for its ``GAME`` declaration stays light.
"""

# ruff: noqa: F405  (the names of __all__ reach the type checker by the star import below)
from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.games.info import GameInfo
from analyzer.lazy import lazy_getattr

if TYPE_CHECKING:  # the type checker sees every public name of the façade
    from analyzer.games.betting.api import *  # noqa: F403

_API = "analyzer.games.betting.api"
__all__ = [
    "ACTIONS", "ActionRecord", "BettingError", "BettingRound", "LadderStep", "Pot", "PotAward",
    "award_pots", "chip_breakdown", "parse_action", "pot_limit_ladder", "pot_limit_max", "showdown",
    "split_pots", "total_payouts"
]
__getattr__ = lazy_getattr(__name__, dict.fromkeys(__all__, _API))

GAME = GameInfo("betting", "Betting arithmetic", commands={"pot": "analyzer.games.betting.cli"})
