"""Trick-taking games with bids for notebooks: rules, exact paranoid values of a known deal,
self-play of deals and whole games.

>>> from analyzer import tricks
>>> res = tricks.solve("georgian-joker", ["Ah Kh", "Qh Jh", "Th 9h", "8h 7h"], trump="s")
>>> res.values, res.to_frame()["paranoid"].tolist()
((2, 0, 0, 0), [2, 0, 0, 0])

``tricks.trick_rules(game, overrides)`` gives the rules (presets ``georgian-joker``,
``joker-54``); ``tricks.solve`` a :class:`ParanoidValues` (:class:`Solver` keeps its table
between deals); ``tricks.play_deals`` / ``tricks.play_games`` self-play results;
``tricks.bid_table(tricks.situation(rules, hand, …))`` a hand's bidding table (``tricks bid``;
``bids=None``: the earlier bids unknown, sampled from the heuristic bidder);
``tricks.joker_value`` and ``tricks.strength`` what ``tricks joker-value`` / ``tricks strength``
print; ``tricks.score`` a deal's score; ``tricks.TrickState`` the game move by move.

>>> tricks.score("georgian-joker", cards=5, bid=3, took=0)
-200
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.games.tricks.analysis.bidding import (
    BidError,
    BidSituation,
    BidTable,
    bid_table,
    exact_bid_table,
    situation,
)
from analyzer.games.tricks.analysis.joker_value import JokerValueResult, joker_value
from analyzer.games.tricks.analysis.selfplay import GamesResult, PlayResult, play_deals, play_games
from analyzer.games.tricks.analysis.short import HandOdds as ShortHandOdds
from analyzer.games.tricks.analysis.short import hand_odds as short_hand_odds
from analyzer.games.tricks.analysis.short import play_short_deals, play_short_games, short_game_odds
from analyzer.games.tricks.analysis.strength import StrengthResult, strength
from analyzer.games.tricks.rules import (
    PRESET_NAMES,
    TrickRules,
    TrickRulesError,
    short_rules,
    trick_rules,
)
from analyzer.games.tricks.search.solver import Deal, DealError, Solver, parse_deal
from analyzer.games.tricks.state import TrickState
from analyzer.results import TableResult

__all__ = [
    "PRESET_NAMES",
    "BidError",
    "BidSituation",
    "BidTable",
    "Deal",
    "DealError",
    "GamesResult",
    "JokerValueResult",
    "ParanoidValues",
    "PlayResult",
    "ShortHandOdds",
    "Solver",
    "StrengthResult",
    "TrickRules",
    "TrickRulesError",
    "TrickState",
    "bid_table",
    "exact_bid_table",
    "joker_value",
    "parse_deal",
    "play_deals",
    "play_games",
    "play_short_deals",
    "play_short_games",
    "score",
    "short_game_odds",
    "short_hand_odds",
    "short_rules",
    "situation",
    "solve",
    "strength",
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
    from analyzer.games.tricks.deck import hand_as_given

    d = deal.describe()
    given = tuple(hand_as_given(h, deal.deck) for h in hands)  # each hand's cards in the order given
    return ParanoidValues(rules.name, given, d["trump"], d["leader"], tuple(s.paranoid(deal)),
                          tuple(move_text(a, rules.deck) for a in s.best_leads(deal)))


def score(game: str | TrickRules, cards: int, bid: int, took: int, set_no: int = 1) -> int:
    """The score of a deal of ``cards`` cards bid ``bid`` and took ``took`` (what ``tricks score``
    prints); ``set_no`` 1..4 for the scoring of a set."""
    from analyzer.errors import JokerOddsError
    from analyzer.games.tricks.kernels import deal_score

    rules = trick_rules(game)
    if not 1 <= cards <= rules.max_cards:  # the most the game deals (the 54-card game: 8)
        raise JokerOddsError(f"cards must be 1..{rules.max_cards} in {rules.name} with {rules.players} players, "
                             f"got {cards}")
    n = rules.tricks_in_deal(cards)
    if not 0 <= bid <= n:
        raise JokerOddsError(f"bid must be 0..{n}, got {bid}")
    if not 0 <= took <= n:
        raise JokerOddsError(f"tricks taken must be 0..{n}, got {took}")
    return int(deal_score(bid, took, cards, set_no - 1, rules.params()))
