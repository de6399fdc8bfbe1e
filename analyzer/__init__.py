"""joker-odds: odds and strategy for card games with jokers and wild cards.

The public names load on first use, so ``import analyzer`` (and the CLI) stays light:

>>> import analyzer
>>> analyzer.Evaluator("joker-wild").describe("Qs Qd 9h 5c Jk")
'three of a kind, queens, wild'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.lazy import lazy_getattr

if TYPE_CHECKING:
    from analyzer.cards import DeckSpec, get_deck, parse_hand
    from analyzer.evaluator import Evaluator
    from analyzer.rules import Category, RuleSet, WildMode, get_rules

__all__ = ["Category", "DeckSpec", "Evaluator", "RuleSet", "WildMode", "get_deck", "get_rules", "parse_hand"]
__version__ = "0.1.0"

_EXPORTS = {
    "Category": "analyzer.rules", "DeckSpec": "analyzer.cards", "Evaluator": "analyzer.evaluator",
    "RuleSet": "analyzer.rules", "WildMode": "analyzer.rules", "get_deck": "analyzer.cards",
    "get_rules": "analyzer.rules", "parse_hand": "analyzer.cards",
}
__getattr__ = lazy_getattr(__name__, _EXPORTS)
