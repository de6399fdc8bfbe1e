"""joker-odds games as OpenSpiel games (the ``openspiel`` extra: ``pip install 'joker-odds[openspiel]'``).

:func:`register` registers Georgian Joker (``joker_odds_georgian_joker``), the 54-card game
(``joker_odds_joker54``), short poker for tricks (``joker_odds_short_tricks``), durak
(``joker_odds_durak``) and Remi 51 (``joker_odds_rummy``) with ``pyspiel``; every OpenSpiel
algorithm then runs on them (``pyspiel.load_game("joker_odds_durak", {"players": 3})``). The
modules here are the only ones that import ``pyspiel``; nothing else in the package needs it.
:mod:`analyzer.openspiel.ladder` measures the project's players against OpenSpiel's ISMCTS.

>>> from analyzer.openspiel import register
>>> register()
"""

from __future__ import annotations

__all__ = ["register"]


def register() -> None:
    """Register every joker-odds game with OpenSpiel (needs the ``openspiel`` extra)."""
    from analyzer.openspiel.registry import register_all

    register_all()
