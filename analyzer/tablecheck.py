"""What a loaded score table must hold, recomputed without it: the category of every natural hand.

A table read from the cache passes its checksum even when forged (the checksum is recomputed), so
its contents are checked against what the rules alone say. Without a wild card a hand's category
(off a flush) follows from its rank multiset — four, three and two of a kind, a straight of five
consecutive ranks (the ace also below the deck's lowest rank) — so the natural block of the table
(no wild card) must give each multiset exactly that category, and the count of each category
there must equal the exact count. A wild card never makes a hand worse than its natural cards, so
each block with wild cards must rank every multiset at least as high as its natural cards alone.
A table failing either is rebuilt (:func:`analyzer.tablecache.load_or_build` with this check).

>>> from analyzer.rules import get_rules
>>> rs = get_rules("standard")
>>> counts = natural_category_counts(rs, rs.deck_spec(), 5)
>>> counts["pair"], counts["high_card"], counts["straight"]  # rank multisets of five cards
(2860, 1277, 10)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from analyzer.kernels.codes import CAT_SHIFT
from analyzer.rules import Category, RuleSet

__all__ = ["natural_category_check", "natural_category_counts", "natural_positions"]

PLAIN_SIZE = 50388  # as analyzer.kernels.handkey: rank multisets of up to seven natural cards
SUITED_SIZE = 8192
STRIDE = PLAIN_SIZE + SUITED_SIZE

# the off-flush categories, worst first, in the order every preset keeps them
_PLAIN = (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND,
          Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)


def _multisets(lowest: int, m: int) -> np.ndarray:
    """Every rank multiset of ``m`` cards from ranks ``lowest..12`` (at most four of a rank), as
    rows of counts by rank (13 columns)."""
    rows, total = np.zeros((1, 13), np.int8), np.zeros(1, np.int64)
    for r in range(lowest, 13):
        parts, totals = [], []
        for c in range(5):
            fits = total + c <= m
            part = rows[fits]
            part[:, r] = c
            parts.append(part)
            totals.append(total[fits] + c)
        rows, total = np.concatenate(parts), np.concatenate(totals)
    return rows[total == m].astype(np.int64)


def _indices(counts: np.ndarray) -> np.ndarray:
    """The colex index of each multiset in a plain block (as ``handkey``: Σ C(r_i + i, i + 1) over
    its ranks sorted, r_i at place i)."""
    term = np.array([[comb(r + i, i + 1) for i in range(8)] for r in range(13)], np.int64)
    upto = np.concatenate([np.zeros((13, 1), np.int64), np.cumsum(term, axis=1)], axis=1)  # Σ_{i<j}
    place = np.concatenate([np.zeros((len(counts), 1), np.int64), np.cumsum(counts, axis=1)[:, :-1]], axis=1)
    ranks = np.arange(13)
    return (upto[ranks, place + counts] - upto[ranks, place]).sum(axis=1)  # type: ignore[no-any-return]


def _qualifies(counts: np.ndarray, lowest: int, ace_low: bool) -> dict[Category, np.ndarray]:
    """For each off-flush category, which multisets make it (with any five of their cards)."""
    top = -np.sort(-counts, axis=1)
    present = counts > 0
    low = present[:, 12] if ace_low else np.zeros(len(counts), bool)  # the ace below the lowest rank
    ext = np.concatenate([low[:, None], present[:, lowest:]], axis=1)
    straight = np.zeros(len(counts), bool)
    for r in range(ext.shape[1] - 4):
        straight |= ext[:, r:r + 5].all(axis=1)
    return {Category.HIGH_CARD: np.ones(len(counts), bool), Category.PAIR: top[:, 0] >= 2,
            Category.TWO_PAIR: (top[:, 0] >= 2) & (top[:, 1] >= 2), Category.THREE_OF_A_KIND: top[:, 0] >= 3,
            Category.STRAIGHT: straight, Category.FULL_HOUSE: (top[:, 0] >= 3) & (top[:, 1] >= 2),
            Category.FOUR_OF_A_KIND: top[:, 0] >= 4}


@lru_cache(maxsize=32)
def natural_positions(order: tuple[Category, ...], lowest: int, ace_low: bool, m: int
                      ) -> tuple[np.ndarray, np.ndarray] | None:
    """``(indices, positions)``: for every rank multiset of ``m`` natural cards (at most four of a
    rank) its index in a plain block and the position (in ``order``, worst first) of its best
    off-flush category; ``None`` when ``order`` leaves out or reorders an off-flush category (its
    hands then rank by rules this check does not restate)."""
    kept = [c for c in order if c in _PLAIN]
    if tuple(kept) != _PLAIN:
        return None
    counts = _multisets(lowest, m)
    best = np.full(len(counts), -1, np.int64)
    for cat, makes in _qualifies(counts, lowest, ace_low).items():
        if cat in order:
            best = np.where(makes, np.maximum(best, order.index(cat)), best)
    return _indices(counts), best


def natural_category_counts(rules: RuleSet, deck: Any, k: int) -> dict[str, int]:
    """The exact count of each off-flush category over the rank multisets of ``k`` natural cards
    (what the table's natural block must hold)."""
    order = rules.order_low_to_high
    found = natural_positions(tuple(order), deck.lowest_rank, rules.ace_low_straight, k)
    if found is None:
        return {}
    _, best = found
    return {order[p].value: int(n) for p, n in zip(*np.unique(best, return_counts=True), strict=True)}


def natural_category_check(rules: RuleSet, deck: Any, k: int, max_w: int,
                           base: Callable[[np.ndarray], str | None] | None = None
                           ) -> Callable[[np.ndarray], str | None]:
    """The check :func:`analyzer.tablecache.load_or_build` runs on a loaded table: ``base`` first
    (ranges, reachable entries), then the natural categories (each multiset's and each category's
    count) and, with wild cards, no hand below its natural cards."""
    order = tuple(rules.order_low_to_high)
    skip = bool(getattr(rules, "four_flush", False))  # the four-flush depends on suits: not restated here

    def check(table: np.ndarray) -> str | None:
        problem = base(table) if base is not None else None
        if problem is not None or skip:
            return problem
        for w in range(min(max_w, k) + 1):
            found = natural_positions(order, deck.lowest_rank, rules.ace_low_straight, k - w)
            if found is None:
                return None
            idx, best = found
            scores = table[w * STRIDE + idx]
            got = np.where(scores >= 0, scores >> CAT_SHIFT, -1)
            if w == 0:
                if not np.array_equal(got, best):
                    want = np.bincount(best, minlength=len(order))
                    have = np.bincount(got[got >= 0], minlength=len(order))
                    bad = next((i for i in range(len(order)) if want[i] != have[i]), int(best[got != best][0]))
                    return (f"{int(have[bad]):,} natural {k}-card hands scored {order[bad].value}, "
                            f"expected {int(want[bad]):,}")
            elif bool((got < best).any()):
                return f"a hand with {w} wild card(s) ranks below its natural cards"
        return None

    return check
