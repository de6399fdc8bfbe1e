"""Durak with two jokers for notebooks: rules, self-play, the odds of a dealt hand, policy strength.

>>> from analyzer import durak
>>> sim = durak.simulate_durak(durak.durak_rules(), ["heuristic"] * 2, games=500, seed=1, quiet=True)
>>> sim.to_frame()[["seat", "fools"]].values.tolist(), sim.draws
([[0, 177], [1, 177]], 146)

``durak.durak_rules(players, deck, overrides)`` gives the rules; ``durak.simulate_durak`` a
:class:`DurakSimulation` (P(fool) by seat, by dealt-hand group, joker values);
``durak.hand_odds(rules, hand, trump)`` a :class:`HandOdds`; ``durak.strength(rules, lineup)``
seat-rotated policy strength; ``durak.DurakState`` the game move by move.
"""

from analyzer.games.durak.odds import HandOdds, hand_odds
from analyzer.games.durak.playthrough import game_trace
from analyzer.games.durak.rules import DurakError, DurakRules, durak_rules
from analyzer.games.durak.simulate import DurakSimulation, parse_lineup, simulate_durak
from analyzer.games.durak.state import DurakState
from analyzer.games.durak.strength import Strength, strength, strength_table
from analyzer.games.durak.sweep import Sweep, sweep

__all__ = [
    "DurakError",
    "DurakRules",
    "DurakSimulation",
    "DurakState",
    "HandOdds",
    "Strength",
    "Sweep",
    "durak_rules",
    "game_trace",
    "hand_odds",
    "parse_lineup",
    "simulate_durak",
    "strength",
    "strength_table",
    "sweep",
]
