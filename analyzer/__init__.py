"""joker-odds: odds and strategy for card games with jokers and wild cards."""

from analyzer.cards import DeckSpec, get_deck, parse_hand
from analyzer.evaluator import Evaluator
from analyzer.rules import Category, RuleSet, WildMode, get_rules

__all__ = ["Category", "DeckSpec", "Evaluator", "RuleSet", "WildMode", "get_deck", "get_rules", "parse_hand"]
__version__ = "0.1.0"
