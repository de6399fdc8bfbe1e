"""Remi 51 rummy for notebooks: the best opening of a hand, P(open) from the deal, turns to open,
points left.

>>> from analyzer import rummy
>>> rummy.best_opening("9c Tc Jc Th Td Ts 2d").to_frame()
  kind     cards  points
0  run  9c Tc Jc      29
1  set  Td Th Ts      30

``rummy.open_odds(cards)`` gives an :class:`OpenOdds` (P(open) by jokers held, the value
distribution); ``rummy.turns_to_open(players)`` a :class:`TurnsResult`;
``rummy.points_left(players)`` a :class:`PointsResult`; ``rummy.RummyState`` the game move by move.
"""

from analyzer.games.rummy.odds import OpenOdds, open_odds
from analyzer.games.rummy.points import PointsResult, points_left
from analyzer.games.rummy.solver import OPENING, Meld, Opening, RummyError, best_opening
from analyzer.games.rummy.state import RummyState
from analyzer.games.rummy.turns import TurnsResult, turns_to_open

__all__ = [
    "OPENING",
    "Meld",
    "OpenOdds",
    "Opening",
    "PointsResult",
    "RummyError",
    "RummyState",
    "TurnsResult",
    "best_opening",
    "open_odds",
    "points_left",
    "turns_to_open",
]
