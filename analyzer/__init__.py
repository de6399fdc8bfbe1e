"""joker-odds: odds and strategy for card games with jokers and wild cards.

The public names load on first use, so ``import analyzer`` (and the CLI) stays light. Each
game has a façade module with an explicit ``__all__``: :mod:`analyzer.videopoker`,
:mod:`analyzer.stud`, :mod:`analyzer.calling`, :mod:`analyzer.betting`, :mod:`analyzer.durak`,
:mod:`analyzer.rummy`, :mod:`analyzer.tricks`; every result object
is a frozen dataclass with ``to_dict()`` and ``to_frame()`` (pandas).

>>> import analyzer
>>> analyzer.Evaluator("joker-wild").describe("Qs Qd 9h 5c Jk")
'three of a kind, queens, wild'
>>> from analyzer import calling
>>> frame = calling.exact_calling(calling.calling_game("treize")).to_frame()
>>> frame.loc[0, "quantity"], round(float(frame.loc[0, "value"]), 6)
('P(no match)', 0.356935)
"""

from __future__ import annotations

import os as _os
from importlib.util import find_spec
from typing import TYPE_CHECKING

from analyzer.games import GAME_PACKAGES
from analyzer.lazy import lazy_getattr
from analyzer.numbacache import configure as _configure_numba_cache

_configure_numba_cache()  # before any kernel imports numba: one cache folder per source version
# OpenMP threads sleep between parallel loops rather than spin: a spinning thread steals the core
# of the other process beside it (two report studies, two test workers) and burns CPU alone too.
_os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # read when the first parallel loop starts

if TYPE_CHECKING:
    from analyzer.cards import DeckSpec, get_deck, parse_hand
    from analyzer.evaluator import Evaluator
    from analyzer.games.betting import api as betting
    from analyzer.games.calling import api as calling
    from analyzer.games.durak import api as durak
    from analyzer.games.rummy import api as rummy
    from analyzer.games.stud import api as stud
    from analyzer.games.tricks import api as tricks
    from analyzer.games.videopoker import api as videopoker
    from analyzer.rules import Category, RuleSet, WildMode, get_rules

__all__ = ["Category", "DeckSpec", "Evaluator", "RuleSet", "WildMode", "betting", "calling", "durak", "get_deck",
           "get_rules", "parse_hand", "rummy", "stud", "tricks", "videopoker"]
__version__ = "0.1.0"

_EXPORTS = {
    "Category": "analyzer.rules", "DeckSpec": "analyzer.cards", "Evaluator": "analyzer.evaluator",
    "RuleSet": "analyzer.rules", "WildMode": "analyzer.rules", "get_deck": "analyzer.cards",
    "get_rules": "analyzer.rules", "parse_hand": "analyzer.cards",
}
# Every registered game with a façade module (``analyzer/games/<game>/api.py``) is ``analyzer.<game>``.
_FACADES = [g for g in GAME_PACKAGES if find_spec(f"analyzer.games.{g}.api") is not None]
_EXPORTS.update({g: f"analyzer.games.{g}.api:" for g in _FACADES})
__all__ += [g for g in _FACADES if g not in __all__]
__getattr__ = lazy_getattr(__name__, _EXPORTS)
