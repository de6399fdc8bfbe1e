"""Scoring a few hands without numba: the cached score table, loaded with numpy, and the
kernels' table keys computed in plain Python.

A warm ``joker-odds eval`` scores a handful of hands; importing numba and loading the compiled
key kernels costs far more than that. :func:`quick_evaluator` gives a :class:`QuickEvaluator`
over the rule set's flat table (:mod:`analyzer.scoretable`: read from the cache with numpy when
it is there, else built once with numba and cached). It never imports the batch evaluator; it has
the :class:`~analyzer.evaluator.Evaluator`'s ``deck``, ``parse``, ``score``, ``category`` and
``describe``, and gives the same scores: the keys here follow ``analyzer.kernels.handkey`` (the
flat layout: ``w * STRIDE`` + the colex index of the natural rank multiset, or + ``PLAIN_SIZE`` +
one suit's rank mask) and the four-flush follows ``analyzer.kernels.fourflush``; the tests
compare them with the kernels on every hand of small decks and on random hands of every preset.

>>> divmod(key5([40, 41, 30, 12, 52], 1 << 52), STRIDE)  # Qc Qd 9h 5c Jk: the block of one wild card
(1, 966)
>>> ev = quick_evaluator("j-poker")
>>> ev.describe("Qs Qd 9h 5c Jk")
'two pair, queens and nines, wild'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

import numpy as np

from analyzer.cards import DeckSpec, hand_codes, parse_hand
from analyzer.handwords import describe_score
from analyzer.kernels.codes import (
    CAT_SHIFT,
    NATCAT_SHIFT,
    NBW_CATEGORY,
    NBW_TIE,
    TB_SHIFT,
    category_position,
    tiebreak_ranks,
)
from analyzer.rules import NBW_CODE, Category, RuleSet, WildMode, as_rules
from analyzer.scoretable import (
    PLAIN_SIZE,
    STRIDE,
    cached_table,
    check_hand_size,
    score_table,
    wild_bits,
)

__all__ = ["QuickEvaluator", "cached_evaluator", "four_flush_score", "key5", "keys7", "quick_evaluator"]

# the four-flush fills of analyzer.kernels.fourflush
NO_WILD_FILL, WILD_FILLS = 0, 1

_TERM = [[comb(r + i, i + 1) for r in range(13)] for i in range(7)]  # term i of the multiset index


def _multiset_index(ranks: list[int]) -> int:
    ranks.sort()
    return sum(_TERM[i][r] for i, r in enumerate(ranks))


def key5(codes: Sequence[int], wbits: int) -> int:
    """Flat-table index of the score of a 5-card hand (as ``handkey.key5``)."""
    nat = [c for c in codes if not (wbits >> c) & 1]
    base = (len(codes) - len(nat)) * STRIDE
    if len({c & 3 for c in nat}) <= 1:  # the natural cards share a suit
        mask = 0
        for c in nat:
            mask |= 1 << (c >> 2)
        return base + PLAIN_SIZE + mask
    return base + _multiset_index([c >> 2 for c in nat])


def keys7(codes: Sequence[int], wbits: int) -> list[int]:
    """The suit-blind key, then the suited key of every suit that can make a flush (as
    ``handkey.keys7``, without its -1 entries); the score is the best of their entries."""
    nat = [c for c in codes if not (wbits >> c) & 1]
    w = len(codes) - len(nat)
    base = w * STRIDE
    keys = [base + _multiset_index([c >> 2 for c in nat])]
    for s in range(4):
        suited = [c >> 2 for c in nat if c & 3 == s]
        if len(suited) >= 5 - w:
            keys.append(base + PLAIN_SIZE + sum(1 << r for r in suited))
    return keys


def four_flush_score(codes: Sequence[int], wbits: int, pos: int, fill: int, nbw: int) -> int:
    """Score of the best four-flush of five card codes (-1: none), as ``fourflush.four_flush_score``:
    four cards of one suit (wild cards fill it as the highest ranks of the suit not held, unless
    ``fill`` is ``NO_WILD_FILL``), then the fifth card."""
    w = sum((wbits >> c) & 1 for c in codes)
    usable = w if fill == WILD_FILLS else 0
    best = -1
    for s in range(4):
        suited = {c >> 2 for c in codes if not (wbits >> c) & 1 and c & 3 == s}
        off = [c >> 2 for c in codes if not (wbits >> c) & 1 and c & 3 != s]
        for u in range(min(usable, 4) + 1):  # u wild cards in the four-flush
            held = sorted(suited, reverse=True)[: 4 - u]
            free = [r for r in range(12, -1, -1) if r not in suited][:u]
            if len(held) < 4 - u or len(free) < u:
                continue
            ranks = sorted(held + free, reverse=True)
            if len(suited) > 4 - u:
                fifth = max(suited - set(held))
            elif w > u:
                fifth = 12 if fill == WILD_FILLS else -1
            else:
                fifth = max(off, default=-2)
            tb = 0
            for r in [*ranks, fifth]:
                tb = tb * 16 + r + 1
            best = max(best, tb)
    if best < 0:
        return -1
    natcat = int(w == 0 and nbw == NBW_CATEGORY)
    nattie = int(w == 0 and nbw == NBW_TIE)
    return (pos << CAT_SHIFT) | (natcat << NATCAT_SHIFT) | (best << TB_SHIFT) | nattie


class QuickEvaluator:
    """Scores single hands from a loaded flat table (see the module docstring); no numba."""

    def __init__(self, rules: RuleSet, deck: DeckSpec, k: int, table: np.ndarray, wbits: int):
        self.rules, self.deck, self.k, self.table, self.wbits = rules, deck, k, table, wbits
        self.order_low_to_high = rules.order_low_to_high
        self.ff_pos = self.order_low_to_high.index(Category.FOUR_FLUSH) if rules.four_flush else -1
        self.ff_fill = NO_WILD_FILL if rules.mode is WildMode.SEMI else WILD_FILLS

    def __repr__(self) -> str:
        return f"QuickEvaluator({self.rules.name!r}, deck={self.deck.name!r}, k={self.k})"

    def parse(self, hand: str | Iterable[str]) -> np.ndarray:
        return parse_hand(hand, self.deck, size=self.k)

    def score(self, hand: str | Iterable[str] | np.ndarray) -> int:
        """Score of one hand (text or codes); higher is better."""
        codes = hand_codes(hand, self.deck, self.k)
        c = [int(x) for x in codes]
        if self.k == 5:
            s = int(self.table[key5(c, self.wbits)])
        else:
            s = max(int(self.table[key]) for key in keys7(c, self.wbits))
        if self.rules.four_flush:
            s = max(s, four_flush_score(c, self.wbits, self.ff_pos, self.ff_fill,
                                        NBW_CODE[self.rules.natural_beats_wild]))
        return s

    def category(self, score: int) -> Category:
        return self.order_low_to_high[category_position(int(score))]

    def describe(self, hand: str | Iterable[str] | np.ndarray) -> str:
        """Readable description, e.g. ``two pair, queens and nines, wild``."""
        codes = hand if isinstance(hand, np.ndarray) else self.parse(hand)
        s = self.score(codes)
        text = describe_score(self.category(s), tiebreak_ranks(s))
        if any((self.wbits >> int(c)) & 1 for c in codes):
            text += ", wild"
        return text


def cached_evaluator(rules: RuleSet, deck: DeckSpec, k: int) -> QuickEvaluator | None:
    """A :class:`QuickEvaluator` from the cached table, or None when it is not cached (yet)."""
    check_hand_size(rules, deck, k)
    table = cached_table(rules, deck, k)
    if table is None:
        return None
    return QuickEvaluator(rules, deck, k, table, wild_bits(rules, deck))


def quick_evaluator(rules: RuleSet | str, deck: DeckSpec | str | None = None, k: int = 5) -> QuickEvaluator:
    """The cheapest single-hand scorer: a :class:`QuickEvaluator` over the cached table, or over the
    table built now (with numba) and cached when it is not there yet. A preset name is resolved
    here, once."""
    rs = as_rules(rules)
    spec = rs.deck_spec(deck)
    quick = cached_evaluator(rs, spec, k)
    if quick is not None:
        return quick
    table, wbits = score_table(rs, spec, k)
    return QuickEvaluator(rs, spec, k, table, wbits)
