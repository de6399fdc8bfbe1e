"""The flat score table of a rule set on a deck for k-card hands: its layout, its cache key and
checks, loaded from the on-disk cache or built (numba, imported only to build).

Both scorers read this table: the batch :class:`analyzer.evaluator.Evaluator` (numba kernels)
and the numba-free :class:`analyzer.quickeval.QuickEvaluator`. Everything here takes a resolved
:class:`~analyzer.rules.RuleSet` and :class:`~analyzer.cards.DeckSpec`; a preset name is resolved
once, by the public entry point (``Evaluator("joker-wild")``, ``quick_evaluator``, a game's façade).

Flat layout (as ``analyzer.kernels.handkey``; a test checks they agree): for w wild cards, the
suit-blind block starts at ``w * STRIDE`` (indexed by the colex index of the natural rank
multiset) and the suited block at ``w * STRIDE + PLAIN_SIZE`` (indexed by one suit's rank mask).

>>> from analyzer.rules import get_rules
>>> rs = get_rules("joker-wild")
>>> key, shape, max_w = table_spec(rs, rs.deck_spec(), 5)
>>> shape, max_w, key["mode"]
((351480,), 1, 'wild')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from analyzer.cards import CardError, DeckSpec
from analyzer.kernels.codes import CAT_SHIFT
from analyzer.rules import CATEGORY_INDEX, MODE_CODE, NBW_CODE, RulesError, RuleSet
from analyzer.tablecache import load_cached, load_or_build

__all__ = ["PLAIN_SIZE", "STRIDE", "SUITED_SIZE", "cached_table", "check_hand_size", "reachable_keys", "score_table",
           "scores_in_range", "table_spec", "wild_bits"]

PLAIN_SIZE = 50388  # C(19, 7): rank multisets of up to seven natural cards
SUITED_SIZE = 8192
STRIDE = PLAIN_SIZE + SUITED_SIZE


def check_hand_size(rules: RuleSet, deck: DeckSpec, k: int) -> None:
    """Raise unless hands of ``k`` cards of ``deck`` can be scored under ``rules``."""
    if deck.copies != 1:
        raise CardError(f"poker hands need a single deck, not {deck.name}")
    if deck.removed:
        raise CardError(f"poker hands are not defined on deck {deck.name} (some of its ranks are "
                        "incomplete: its black sixes are jokers)")
    if k not in (5, 6, 7):
        raise CardError(f"hands of {k} cards are not supported (5, 6 or 7)")
    if rules.four_flush and k != 5:
        raise RulesError(f"rules {rules.name!r}: the four-flush is evaluated for 5-card hands only")


def wild_bits(rules: RuleSet, deck: DeckSpec) -> int:
    """The wild cards of ``deck`` under ``rules`` as an int bit set over card codes (``1 << code``)."""
    return sum(1 << int(c) for c in np.flatnonzero(rules.wild_mask(deck)))


def table_spec(rules: RuleSet, deck: DeckSpec, k: int) -> tuple[dict[str, Any], tuple[int, ...], int]:
    """``(cache key, shape, max_w)`` of the flat score table for ``k``-card hands (``max_w``: the
    most wild cards a hand can hold)."""
    order = rules.order_low_to_high
    max_w = int(min(k, (deck.max_copies * rules.wild_mask(deck)).sum()))
    key = {"mode": rules.mode.value, "order": [c.value for c in order], "lowest_rank": deck.lowest_rank,
           "ace_low": rules.ace_low_straight, "double_ace_flush": rules.double_ace_flush,
           "natural_beats_wild": rules.natural_beats_wild.value, "max_w": max_w, "k": k}
    return key, ((k + 1) * STRIDE,), max_w


def reachable_keys(m: int, ranks: int) -> int:
    """Rank multisets of ``m`` natural cards from one deck of ``ranks`` ranks (at most four of a rank):
    the entries of a plain block that hold a score.

    >>> reachable_keys(2, 13), reachable_keys(5, 1)
    (91, 0)
    """
    poly = [1]
    for _ in range(ranks):  # (1 + x + x^2 + x^3 + x^4) ** ranks
        poly = [sum(poly[i - j] for j in range(5) if 0 <= i - j < len(poly)) for i in range(len(poly) + 4)]
    return poly[m] if m < len(poly) else 0


def scores_in_range(n_pos: int, k: int | None = None, lowest_rank: int = 0, max_w: int = 0) -> Any:
    """The cache's value check of a table under its rule set: every score's category position
    exists, and (given ``k``) each wild-count block holds a score for exactly the rank multisets one
    deck can deal (a forged table of -1s, or one with scores blanked, is rebuilt, never used)."""
    def check(table: np.ndarray) -> str | None:
        if table.size and (int(table.min()) < -1 or int(table.max()) >> CAT_SHIFT >= n_pos):
            return "scores out of range"
        if k is None:
            return None
        for w in range(k + 1):
            plain = table[w * STRIDE: w * STRIDE + PLAIN_SIZE]
            want = reachable_keys(k - w, 13 - lowest_rank) if w <= min(max_w, k) else 0
            got = int(np.count_nonzero(plain >= 0))
            if got != want:
                return f"{got:,} scores for {k - w} natural cards and {w} wild, expected {want:,}"
        return None

    return check


def _check(rules: RuleSet, deck: DeckSpec, k: int, max_w: int) -> Any:
    """A loaded table's checks: its score ranges and reachable entries, then every natural hand's
    category recomputed from the rules (:mod:`analyzer.tablecheck`): a forged table is rebuilt."""
    from analyzer.tablecheck import natural_category_check

    return natural_category_check(rules, deck, k, max_w, scores_in_range(len(rules.order), k, deck.lowest_rank,
                                                                         max_w))


def cached_table(rules: RuleSet, deck: DeckSpec, k: int) -> np.ndarray | None:
    """The cached flat table (numpy only, no numba), or None when it is not cached (yet)."""
    key, shape, max_w = table_spec(rules, deck, k)
    return load_cached(key, shape=shape, dtype=np.int32,
                       check=_check(rules, deck, k, max_w))


@lru_cache(maxsize=64)
def score_table(rules: RuleSet, deck: DeckSpec, k: int) -> tuple[np.ndarray, int]:
    """``(flat table, wild bit set)`` for ``k``-card hands: from the cache, else built by the
    numba table builders (and cached)."""
    check_hand_size(rules, deck, k)
    key, shape, max_w = table_spec(rules, deck, k)

    def build() -> np.ndarray:
        from analyzer.kernels import tables as T
        from analyzer.kernels.handkey import five_card_tables, flatten

        binom = T.binomial_table()
        cat_pos = np.full(T.N_CATEGORIES, -1, np.int64)
        pos_cat = np.full(T.N_CATEGORIES, -1, np.int64)
        for pos, cat in enumerate(rules.order_low_to_high):
            cat_pos[CATEGORY_INDEX[cat]] = pos
            pos_cat[pos] = CATEGORY_INDEX[cat]
        table5 = T.build_table5(
            MODE_CODE[rules.mode], cat_pos, pos_cat, deck.lowest_rank, rules.ace_low_straight,
            rules.double_ace_flush, NBW_CODE[rules.natural_beats_wild], min(max_w, 5), binom,
        )
        if k == 5:  # the hand is its best five: a lookup, and no best-of-k kernel to compile
            plain, suited = five_card_tables(table5, max_w, binom)
        else:
            plain, suited = T.build_tables_k(table5, k, deck.lowest_rank, max_w, binom)
        return flatten(plain, suited)

    check = _check(rules, deck, k, max_w)
    table = load_or_build(key, build, shape=shape, dtype=np.int32, check=check)
    return table, wild_bits(rules, deck)
