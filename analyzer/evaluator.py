"""The hand evaluator: a rule set and a deck compiled into lookup tables, with a batch API.

>>> ev = Evaluator("joker-wild")
>>> ev
Evaluator('joker-wild', deck='52+1', k=5, mode='wild', wild=['jokers'])
>>> s = ev.score("Qs Qd 9h 9c Jk")
>>> ev.category(s).value, ev.describe("Qs Qd 9h 9c Jk")
('full_house', 'full house, queens over nines, wild')
>>> ev.score("As Ks Qs Js Ts") > ev.score("Jk Ah Ad Ac As")
False
>>> Evaluator("j-poker").describe("Qs Qd 9h 5c Jk")
'two pair, queens and nines, wild'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import numpy as np

from analyzer.cards import NUM_CODES, CardError, DeckSpec, hand_codes, parse_hand
from analyzer.handwords import describe_score
from analyzer.kernels import fourflush as FF
from analyzer.kernels.codes import (
    category_position,
    is_natcat,
    is_nattie,
    tiebreak_ranks,
)
from analyzer.kernels.combinatorics import binomial_table
from analyzer.kernels.handkey import ABSENT, key5, keys7
from analyzer.rules import (
    NBW_CODE,
    Category,
    NaturalBeatsWild,
    RulesError,
    RuleSet,
    WildMode,
    as_rules,
)
from analyzer.scoretable import check_hand_size, score_table

__all__ = ["Evaluator", "HandScore", "decode_tiebreak", "describe_score"]

HandScore = int


def decode_tiebreak(score: int) -> list[int]:
    """The five tiebreak ranks of a score (rank index, -1 for a blank).

    >>> ev = Evaluator("standard")
    >>> decode_tiebreak(ev.score("Kd Kc 9s 9h 2c"))
    [11, 11, 7, 7, 0]
    """
    return tiebreak_ranks(score)


@lru_cache(maxsize=16)
def _hash5(rules: RuleSet, deck: DeckSpec) -> tuple[Any, ...]:
    """``(words, mult, shift_a, shift_b, mask_a, disp, slots)`` of ``table5.score_rows5``: the perfect
    hash of the flat 5-card table of ``rules`` on ``deck`` (built once per process, in milliseconds)."""
    from analyzer.kernels import table5, table7

    table, wbits = score_table(rules, deck, 5)
    max_w = int(min(5, (deck.max_copies * rules.wild_mask(deck)).sum()))
    words = table5.deck_words(table7.card_words(wbits), deck.max_copies > 0)
    return (words, *table5.build_hash5(table, table7.card_words(0), deck.lowest_rank, max_w, binomial_table(23, 8)))


class Evaluator:
    """Scores poker hands of ``k`` cards (best five) under a rule set on a deck.

    Higher score = better hand. Build once, then call :meth:`score_batch` on ``(n, k)`` arrays.
    """

    def __init__(self, rules: RuleSet | str, deck: DeckSpec | str | None = None, k: int = 5):
        self.rules = as_rules(rules)  # a preset name is resolved here, once; below, the RuleSet
        self.deck = self.rules.deck_spec(deck)
        check_hand_size(self.rules, self.deck, k)
        self.k = k
        self.four_flush = self.rules.four_flush
        self.ff_pos = self.rules.order_low_to_high.index(Category.FOUR_FLUSH) if self.four_flush else -1
        self.ff_fill = FF.NO_WILD_FILL if self.rules.mode is WildMode.SEMI else FF.WILD_FILLS
        self.table, self.wbits = score_table(self.rules, self.deck, k)
        self.wild = np.array([(self.wbits >> c) & 1 for c in range(NUM_CODES)], dtype=np.uint8)
        self.order_low_to_high = self.rules.order_low_to_high
        self._args7: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int] | None = None

    def __repr__(self) -> str:
        """``Evaluator('joker-wild', deck='52+1', k=5, mode='wild', wild=['jokers'])``."""
        return (f"Evaluator({self.rules.name!r}, deck={self.deck.name!r}, k={self.k}, "
                f"mode={self.rules.mode.value!r}, wild={list(self.rules.wild)!r})")

    def kernel_args(self) -> tuple[np.ndarray, int]:
        """``(table, wbits)`` for the numba kernels (``score_cards``, ``key5``, ``keys7``)."""
        if self.four_flush:
            raise RulesError(f"rules {self.rules.name!r} have the four-flush, which only eval, freq --exact "
                             "and pot split score; use rules without it here")
        return self.table, self.wbits

    def ff_args(self) -> tuple[int, int, int]:
        """``(position, fill, nbw)`` for the four-flush kernels (:mod:`analyzer.kernels.fourflush`)."""
        return self.ff_pos, self.ff_fill, NBW_CODE[self.rules.natural_beats_wild]

    def kernel_args7(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
        """``(words, high, low, plain, table, wbits)`` for ``table7.score_rows7`` (k = 6, 7)."""
        if self._args7 is None:
            from analyzer.kernels import table7

            max_w = int(min(self.k, (self.deck.max_copies * self.wild).sum()))
            high, low, plain = table7.build_table7(self.table, self.k, max_w, binomial_table(23, 8))
            self._args7 = (table7.card_words(self.wbits), high, low, plain, self.table, self.wbits)
        return self._args7

    def kernel_args5(self) -> tuple[Any, ...]:
        """``(words, mult, shift_a, shift_b, mask_a, disp, slots, table, wbits)`` for
        ``table5.score_rows5`` (k = 5, rules without the four-flush)."""
        return (*_hash5(self.rules, self.deck), self.table, self.wbits)

    def parse(self, hand: str | Iterable[str]) -> np.ndarray:
        return parse_hand(hand, self.deck, size=self.k)

    def score(self, hand: str | Iterable[str] | np.ndarray) -> int:
        """Score of one hand (text or codes)."""
        codes = hand_codes(hand, self.deck, self.k)
        c = [int(x) for x in codes] + [ABSENT] * (7 - self.k)
        if self.four_flush:
            return int(FF.score5_ff(c[0], c[1], c[2], c[3], c[4], self.table, self.wbits, *self.ff_args()))
        if self.k == 5:  # one small compiled function: cheap to load for a single hand
            return int(self.table[key5(c[0], c[1], c[2], c[3], c[4], self.wbits)])
        keys = keys7(c[0], c[1], c[2], c[3], c[4], c[5], c[6], self.wbits)
        return max(int(self.table[key]) for key in keys if key >= 0)

    def score_batch(self, hands: np.ndarray, parallel: bool = True) -> np.ndarray:
        """Scores (int32) for an ``(n, k)`` array of card codes."""
        arr = np.ascontiguousarray(hands, dtype=np.int64)
        if arr.ndim != 2 or arr.shape[1] != self.k:
            raise CardError(f"expected an (n, {self.k}) array of card codes, got shape {arr.shape}")
        out = np.empty(arr.shape[0], np.int32)
        many = parallel and arr.shape[0] > 50_000
        if self.k > 5:  # the kernel checks the codes as it goes
            from analyzer.kernels import table7

            if many:
                bad = table7.score_batch7(arr, *self.kernel_args7(), out)
            else:
                bad = table7.score_rows7(arr, 0, arr.shape[0], *self.kernel_args7(), out)
            if bad:
                raise CardError("card codes out of range")
            return out
        if self.four_flush:
            if arr.size and arr.view(np.uint64).max() >= NUM_CODES:  # one pass: negative codes are huge
                raise CardError("card codes out of range")
            FF.score_batch_ff(arr, self.table, self.wbits, *self.ff_args(), out)
            return out
        from analyzer.kernels import table5

        if many:  # one perfect-hash lookup a hand; the kernel checks the codes as it goes
            bad = table5.score_batch5(arr, *self.kernel_args5(), out)
        else:
            bad = table5.score_rows5(arr, 0, arr.shape[0], *self.kernel_args5(), out)
        if bad:
            raise CardError(f"card codes out of range (or not in deck {self.deck.name})")
        return out

    def category(self, score: int) -> Category:
        return self.order_low_to_high[category_position(int(score))]

    def categories(self, scores: np.ndarray) -> np.ndarray:
        """Category position (0 = worst in the rule set's order) of each score."""
        return category_position(np.asarray(scores))

    def is_natural_score(self, score: int) -> bool | None:
        """Whether the score is marked natural (only known under a natural_beats_wild rule)."""
        nbw = self.rules.natural_beats_wild
        if nbw is NaturalBeatsWild.TIE:
            return is_nattie(score)
        if nbw is NaturalBeatsWild.CATEGORY:
            return is_natcat(score)
        return None

    def describe(self, hand: str | Iterable[str] | np.ndarray) -> str:
        """Readable description, e.g. ``two pair, queens and nines, wild``."""
        codes = hand if isinstance(hand, np.ndarray) else self.parse(hand)
        s = self.score(codes)
        text = describe_score(self.category(s), decode_tiebreak(s))
        if any(self.wild[int(c)] for c in codes):
            text += ", wild"
        return text

