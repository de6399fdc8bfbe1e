"""Low hands: the lowest hand by poker ranking wins (lowball, the low half of high-low split).

The rule set says how the ace plays (``low_ace``: ``high`` only, or ``high_or_low`` at the
player's choice) and whether straights and flushes count (``low_ignores_straights_flushes``,
the ace-to-five low); a wild card takes whatever value makes the hand lowest (the bug is an
ace, the semi card a blank). Smaller low keys are better low hands.

>>> from analyzer.rules import get_rules
>>> lev = LowEvaluator(get_rules("joker-wild", low_ace="high_or_low"))
>>> lev.describe("Jk 2s 3d 4h 6c"), lev.describe("As 2s 3d 4h 5c")
('6-4-3-2-A low (high card)', 'A-5-4-3-2 low (high card)')
>>> lev.low_key("Jk 2s 3d 4h 6c") < lev.low_key("7s 5d 4h 3c 2d")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from analyzer.cards import FIRST_JOKER, CardError, DeckSpec, parse_hand
from analyzer.kernels import low as L
from analyzer.kernels import suitclass as SC
from analyzer.kernels.codes import N_CATEGORIES
from analyzer.rules import CATEGORY_INDEX, Category, LowAce, RuleSet, WildMode, as_rules
from analyzer.scoretable import wild_bits

__all__ = ["LowEvaluator", "LowRow", "LowTable", "exact_low_frequencies"]

_CHARS = "23456789TJQKA"


class LowEvaluator:
    """Low keys (smaller = better low hand) of 5-7 card hands (the best low five)."""

    def __init__(self, rules: RuleSet | str, deck: DeckSpec | str | None = None):
        self.rules = as_rules(rules)
        self.deck = self.rules.deck_spec(deck)
        if self.deck.copies != 1 or self.deck.removed:
            raise CardError(f"low hands need a single complete deck, not {self.deck.name}")
        order = [c for c in self.rules.order_low_to_high if c is not Category.FOUR_FLUSH]
        self.order_low_to_high = tuple(order)
        self.cat_pos = np.full(N_CATEGORIES, -1, np.int64)
        for pos, cat in enumerate(order):
            self.cat_pos[CATEGORY_INDEX[cat]] = pos
        self.wbits = wild_bits(self.rules, self.deck)
        self.kind = {WildMode.BUG: L.WILD_ACE, WildMode.SEMI: L.WILD_BLANK}.get(self.rules.mode, L.WILD_ANY)
        self.lo = self.deck.lowest_rank
        self.ace_choice = self.rules.low_ace is LowAce.HIGH_OR_LOW
        self.ignore_sf = self.rules.low_ignores_straights_flushes

    def args(self) -> tuple[Any, ...]:
        """``(wbits, kind, lo, ace_choice, ignore_sf, cat_pos)`` for :mod:`analyzer.kernels.low`."""
        return self.wbits, self.kind, self.lo, self.ace_choice, self.ignore_sf, self.cat_pos

    def parse(self, hand: str | Iterable[str], size: int | None = None) -> np.ndarray:
        return parse_hand(hand, self.deck, size=size)

    def low_key(self, hand: str | Iterable[str] | np.ndarray) -> int:
        """The low key of a hand of 5-7 cards: its best (smallest) over every five of them."""
        codes = hand if isinstance(hand, np.ndarray) else self.parse(hand)
        if not 5 <= len(codes) <= 7:
            raise CardError(f"a low hand needs 5, 6 or 7 cards, got {len(codes)}")
        return min(int(L.low_key5(*(int(c) for c in sub), *self.args())) for sub in combinations(codes, 5))

    def low_keys(self, hands: np.ndarray) -> np.ndarray:
        """Low keys of an ``(n, 5)`` array of card codes."""
        arr = np.ascontiguousarray(hands, dtype=np.int64)
        out = np.empty(arr.shape[0], np.int64)
        L.low_keys_batch(arr, *self.args(), out)  # type: ignore[call-arg]
        return out

    def category(self, key: int) -> Category:
        return self.order_low_to_high[int(key) >> L.LOW_SHIFT]

    def describe(self, hand: str | Iterable[str] | np.ndarray) -> str:
        """``7-5-4-3-2 low (high card)``; cards are the tie-break values (``-`` a blank)."""
        key = self.low_key(hand)
        nibbles = [(key >> (4 * (4 - i))) & 0xF for i in range(5)]
        cat = self.category(key)
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
            return f"{_value_char(nibbles[0])}-high {cat.label}"
        return "-".join(_value_char(x) for x in nibbles) + f" low ({cat.label})"


def _value_char(nibble: int) -> str:
    v = nibble - 2
    return "-" if v == -2 else "A" if v == -1 else _CHARS[v]


@dataclass(frozen=True)
class LowRow:
    """One line of the low distribution, best low first: a high-card hand by its top card, or a category."""

    hand: str
    count: int
    probability: float
    cumulative: float


@dataclass(frozen=True)
class LowTable:
    """Exact low-hand distribution of 5-card hands for one rule set and deck."""

    deck: str
    rules: str
    low_ace: str
    total: int
    rows: list[LowRow]
    seven_low_or_better: int

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "rules": self.rules, "low_ace": self.low_ace, "total": self.total,
                "seven_low_or_better": self.seven_low_or_better,
                "seven_low_or_better_probability": self.seven_low_or_better / self.total,
                "rows": [r.__dict__ for r in self.rows]}


def exact_low_frequencies(rules: RuleSet | str, deck: str | None = None) -> LowTable:
    """Every 5-card hand's low value, counted: high-card hands by their top card ("7-low" is
    a high-card hand whose top card is a 7), then each category; "7-low or better" sums the
    high-card hands topped by a 7 or lower (the ace counts low when it may).

    >>> t = exact_low_frequencies("standard")
    >>> t.seven_low_or_better, t.rows[0].hand, t.rows[0].count
    (4080, '7-low', 4080)
    """
    lev = LowEvaluator(rules, deck)
    d = lev.deck.cards.astype(np.int64)
    n_pos = len(lev.order_low_to_high)
    ordinary, jokers = d[d < FIRST_JOKER], d[d >= FIRST_JOKER]
    if SC.suit_symmetric(ordinary, int(lev.wbits)):  # one hand per class of suit relabellings
        ranks = np.unique(ordinary >> 2)
        counts = L.count_low_by_classes(SC.class_tasks(5, len(ranks), len(jokers)), ranks, jokers,
                                        SC.masks_by_size(len(ranks)), SC.counts_by_size(len(ranks)), *lev.args(),
                                        n_pos)  # type: ignore[call-arg]
    else:
        counts = L.count_low_all(d, *lev.args(), n_pos)  # type: ignore[call-arg]
    total = comb(d.size, 5)
    assert int(counts.sum()) == total
    rows: list[tuple[str, int]] = []
    high = counts[0]
    for nib in range(16):
        if high[nib]:
            rows.append((f"{_value_char(nib)}-low", int(high[nib])))
    for pos in range(1, n_pos):
        rows.append((lev.order_low_to_high[pos].value, int(counts[pos].sum())))
    seven = int(high[: 5 + 3].sum())  # nibbles up to rank 7 (index 5) + 2
    out = []
    run = 0
    for name, c in rows:
        run += c
        out.append(LowRow(name, c, c / total, run / total))
    return LowTable(lev.deck.name, lev.rules.name, lev.rules.low_ace.value, total, out, seven)
