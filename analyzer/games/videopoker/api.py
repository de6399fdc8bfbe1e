"""Video poker for notebooks: load a pay table, analyze it exactly, get the strategy and advice.

>>> from analyzer import videopoker as vp
>>> t = vp.load_paytable("joker-poker-kings")
>>> t.name, t.deck.name, len(t.lines)
('Joker Poker, Kings or Better', '52+1', 11)

``vp.analyze(t)`` gives the exact return (1.006463 here) as an :class:`Analysis` whose
``to_frame()`` is the PAR sheet; ``vp.strategy_table(a)`` the hold list; ``vp.advise(t, hand)``
every hold of one hand; ``vp.simulate(a, trials)`` a Monte Carlo cross-check.
"""

from analyzer.games.videopoker.advisor import HoldOption, advise
from analyzer.games.videopoker.exact import Analysis, analyze
from analyzer.games.videopoker.montecarlo import MonteCarloCheck, simulate
from analyzer.games.videopoker.paytable import (
    PayLine,
    PayTable,
    PaytableError,
    load_paytable,
    paytable_names,
)
from analyzer.games.videopoker.strategy import StrategyLine, StrategyTable, strategy_table

__all__ = [
    "Analysis",
    "HoldOption",
    "MonteCarloCheck",
    "PayLine",
    "PayTable",
    "PaytableError",
    "StrategyLine",
    "StrategyTable",
    "advise",
    "analyze",
    "load_paytable",
    "paytable_names",
    "simulate",
    "strategy_table",
]
