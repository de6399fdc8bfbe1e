"""Showdown odds for notebooks: equity of hands, partial hands and hand classes at a table of N
players, the "which hands to play" chart, and draw-poker draw odds.

>>> from analyzer import showdown
>>> r = showdown.equity(["As Ad Kc Kd 2s"], players=2, rules="joker-wild")
>>> r.to_frame()[["hand", "pot_share"]].round(4).values.tolist()
[['As Ad Kc Kd 2s', 0.9313], ['random (seat 1)', 0.0687]]
>>> showdown.draw_odds("Kh Kd 7c 7s 2h", hold="Kh Kd 7c 7s").improved  # two pair fills 4 of 47
4

``showdown.equity(hands, players, rules, deck, dead, cards, game, opponents, method, trials, seed)``
gives an :class:`Equity`; ``showdown.parse_class(text, evaluator)`` a :class:`HandClass`
("pair of kings", "two pair or better", "top 20 %"); ``showdown.play_chart(...)`` the chart of
each hand class's equity; ``showdown.draw_odds(hand, hold, rules)`` a :class:`DrawOdds`.
"""

from analyzer.games.showdown.chart import PlayChart, play_chart
from analyzer.games.showdown.classes import ClassError, HandClass, class_frequency, parse_class
from analyzer.games.showdown.draw import DrawError, DrawOdds, draw_odds
from analyzer.games.showdown.equity import Equity, EquityError, SeatResult, equity

__all__ = [
    "ClassError",
    "DrawError",
    "DrawOdds",
    "Equity",
    "EquityError",
    "HandClass",
    "PlayChart",
    "SeatResult",
    "class_frequency",
    "draw_odds",
    "equity",
    "parse_class",
    "play_chart",
]
