"""Trick-taking games with bids for notebooks: rules, exact paranoid values of a known deal,
self-play of deals and whole games.

>>> from analyzer import tricks
>>> res = tricks.solve("georgian-joker", ["Ah Kh", "Qh Jh", "Th 9h", "8h 7h"], trump="s")
>>> res.values, res.to_frame()["paranoid"].tolist()
((2, 0, 0, 0), [2, 0, 0, 0])

``tricks.trick_rules(game, overrides)`` gives the rules (presets ``georgian-joker``,
``joker-54``); ``tricks.solve`` a :class:`ParanoidValues` (:class:`Solver` keeps its table
between deals); ``tricks.play_deals`` / ``tricks.play_games`` self-play results;
``tricks.TrickState`` the game move by move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.games.tricks.analysis.selfplay import GamesResult, PlayResult, play_deals, play_games
from analyzer.games.tricks.rules import PRESET_NAMES, TrickRules, TrickRulesError, trick_rules
from analyzer.games.tricks.search.solver import Deal, DealError, Solver, parse_deal
from analyzer.games.tricks.state import TrickState
from analyzer.results import TableResult

__all__ = [
    "PRESET_NAMES",
    "Deal",
    "DealError",
    "GamesResult",
    "ParanoidValues",
    "PlayResult",
    "Solver",
    "TrickRules",
    "TrickRulesError",
    "TrickState",
    "parse_deal",
    "play_deals",
    "play_games",
    "solve",
    "trick_rules",
]


@dataclass(frozen=True)
class ParanoidValues(TableResult):
    """Every seat's paranoid value of one deal and the leader's first cards that keep its value."""

    game: str
    hands: tuple[str, ...]
    trump: str
    leader: int
    values: tuple[int, ...]
    best_leads: tuple[str, ...]

    def summary(self) -> dict[str, Any]:
        return {"game": self.game, "trump": self.trump, "leader": self.leader,
                "best_leads": list(self.best_leads)}

    def rows(self) -> list[dict[str, Any]]:
        return [{"seat": s, "hand": h, "paranoid": v} for s, (h, v) in enumerate(zip(self.hands, self.values,
                                                                                      strict=True))]


def solve(game: str | TrickRules, hands: Sequence[str], trump: str | None = "none", leader: int = 0,
          solver: Solver | None = None) -> ParanoidValues:
    """Paranoid values of the deal ``hands`` (seat 0 first) as ``tricks solve`` prints them."""
    from analyzer.games.tricks.state import move_text

    rules = trick_rules(game)
    deal = parse_deal(rules, hands, trump, leader)
    s = solver if solver is not None else Solver()
    d = deal.describe()
    return ParanoidValues(rules.name, tuple(d["hands"]), d["trump"], d["leader"], tuple(s.paranoid(deal)),
                          tuple(move_text(a, rules.deck) for a in s.best_leads(deal)))
