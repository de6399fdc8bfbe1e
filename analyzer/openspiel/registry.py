"""Registers every joker-odds game with OpenSpiel (idempotent).

>>> from analyzer.openspiel.registry import GAMES, register_all
>>> register_all()
>>> import pyspiel
>>> sorted(set(GAMES) & set(pyspiel.registered_names())) == sorted(GAMES)
True
"""

from __future__ import annotations

from analyzer.openspiel.spiel import pyspiel

__all__ = ["GAMES", "register_all"]

GAMES = ("joker_odds_georgian_joker", "joker_odds_joker54", "joker_odds_short_tricks", "joker_odds_durak",
         "joker_odds_rummy")

_done = False


def register_all() -> None:
    """Register the wrapped games with pyspiel once per process."""
    global _done
    if _done:
        return
    from analyzer.openspiel.durak import DurakGame, durak_game_type
    from analyzer.openspiel.rummy import RummyGame, rummy_game_type
    from analyzer.openspiel.tricks import GAME_CLASSES, trick_game_type

    for name, cls in GAME_CLASSES.items():
        pyspiel.register_game(trick_game_type(name), cls)
    pyspiel.register_game(durak_game_type(), DurakGame)
    pyspiel.register_game(rummy_game_type(), RummyGame)
    _done = True
