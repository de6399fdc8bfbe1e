"""Words for a scored poker hand: its category and tie-break ranks as a phrase (no numba).

>>> describe_score(Category.FULL_HOUSE, [11, 11, 11, 7, 7])
'full house, kings over nines'
>>> describe_score(Category.PAIR, [-1, -1, 9, 5, 3])
'pair of blanks'
"""

from __future__ import annotations

from analyzer.rules import Category

__all__ = ["describe_score"]

_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace"]
_PLURAL = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces"]


_PHRASES = {  # {oneI} / {manyI}: tiebreak rank I in the singular / the plural
    Category.FIVE_OF_A_KIND: "five of a kind, {many0}",
    Category.ROYAL_FLUSH: "royal flush",
    Category.STRAIGHT_FLUSH: "straight flush, {one0} high",
    Category.FOUR_OF_A_KIND: "four of a kind, {many0}",
    Category.FULL_HOUSE: "full house, {many0} over {many3}",
    Category.FLUSH: "flush, {one0} high",
    Category.STRAIGHT: "straight, {one0} high",
    Category.THREE_OF_A_KIND: "three of a kind, {many0}",
    Category.TWO_PAIR: "two pair, {many0} and {many2}",
    Category.PAIR: "pair of {many0}",
    Category.FOUR_FLUSH: "four-flush, {one0} high",
}


def describe_score(cat: Category, tb: list[int]) -> str:
    """Words for a category and its tiebreak ranks (rank index, -1 for a blank)."""
    words = {}
    for i, r in enumerate(tb):
        words[f"one{i}"] = _NAMES[r] if r >= 0 else "blank"
        words[f"many{i}"] = _PLURAL[r] if r >= 0 else "blanks"
    return _PHRASES.get(cat, "high card, {one0}").format_map(words)
