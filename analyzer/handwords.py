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


def describe_score(cat: Category, tb: list[int]) -> str:
    """Words for a category and its tiebreak ranks (rank index, -1 for a blank)."""
    def one(r: int) -> str:
        return _NAMES[r] if r >= 0 else "blank"

    def many(r: int) -> str:
        return _PLURAL[r] if r >= 0 else "blanks"

    if cat is Category.FIVE_OF_A_KIND:
        return f"five of a kind, {many(tb[0])}"
    if cat is Category.ROYAL_FLUSH:
        return "royal flush"
    if cat is Category.STRAIGHT_FLUSH:
        return f"straight flush, {one(tb[0])} high"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {many(tb[0])}"
    if cat is Category.FULL_HOUSE:
        return f"full house, {many(tb[0])} over {many(tb[3])}"
    if cat is Category.FLUSH:
        return f"flush, {one(tb[0])} high"
    if cat is Category.STRAIGHT:
        return f"straight, {one(tb[0])} high"
    if cat is Category.THREE_OF_A_KIND:
        return f"three of a kind, {many(tb[0])}"
    if cat is Category.TWO_PAIR:
        return f"two pair, {many(tb[0])} and {many(tb[2])}"
    if cat is Category.PAIR:
        return f"pair of {many(tb[0])}"
    if cat is Category.FOUR_FLUSH:
        return f"four-flush, {one(tb[0])} high"
    return f"high card, {one(tb[0])}"
