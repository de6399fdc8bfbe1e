"""An independent brute-force poker evaluator written from RULES.md §1 (test oracle only).

It shares nothing with ``analyzer.kernels`` / ``analyzer.evaluator``: for a 5-card hand it
tries every substitution of every wild card by every ordinary card of the deck in use, keeps
the substitutions the wild mode allows, evaluates the resulting natural hand with a plain
category-by-category evaluator and takes the best. Keys are tuples: a larger key is a better
hand, equal keys are exact ties. The rule data (mode, order, tie rule, deck, wild cards) come
from :mod:`poker_sheets`, typed from the rules text; nothing is imported from ``analyzer``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from poker_sheets import Sheet

Card = tuple[int, int]  # (rank, suit); rank -1 = a blank (semi-wild card that counts as nothing)
Key = tuple

ACE = 12
STRAIGHTISH = {"straight", "flush", "straight_flush", "royal_flush"}


@cache
def satisfied(ranks: tuple[int, ...], flush: bool, lo: int, ace_low: bool) -> dict[str, tuple]:
    """Every category the 5 resolved ranks satisfy, each with its tiebreak tuple."""
    real = [r for r in ranks if r >= 0]
    counts = Counter(real)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    grouped = tuple(r for r, c in by_count for _ in range(c)) + (-1,) * (5 - len(real))
    desc = tuple(sorted(ranks, reverse=True))
    sizes = [*sorted(counts.values(), reverse=True), 0, 0]
    top = None
    if len(real) == 5 and len(counts) == 5:
        rs = set(real)
        if max(rs) - min(rs) == 4:
            top = max(rs)
        elif ace_low and rs == {ACE, lo, lo + 1, lo + 2, lo + 3}:
            top = lo + 3
    is_flush = flush and len(real) == 5
    out: dict[str, tuple] = {"high_card": desc}
    if sizes[0] >= 2:
        out["pair"] = grouped
    if sizes[0] >= 2 and sizes[1] >= 2:
        out["two_pair"] = grouped
    if sizes[0] >= 3:
        out["three_of_a_kind"] = grouped
    if top is not None:
        out["straight"] = (top,)
    if is_flush:
        out["flush"] = desc
    if sizes[0] >= 3 and sizes[1] >= 2:
        out["full_house"] = grouped
    if sizes[0] >= 4:
        out["four_of_a_kind"] = grouped
    if top is not None and is_flush:
        out["straight_flush"] = (top,)
        if top == ACE:
            out["royal_flush"] = ()
    if sizes[0] == 5:
        out["five_of_a_kind"] = grouped
    return out


# (sorted ranks, one suit, no card repeated, only aces repeated, every substitute an ace)
Pattern = tuple[tuple[int, ...], bool, bool, bool, bool]


@cache
def substitutions(naturals: tuple[Card, ...], w: int, candidates: tuple[Card, ...]) -> frozenset:
    """Every resolved hand (as a Pattern) reachable by replacing the w wild cards by candidates.

    Wild cards are interchangeable, so the substitutes are a multiset of candidate cards: all
    but the last are enumerated by ``combinations_with_replacement``, the last by a plain loop.
    """
    out: set[Pattern] = set()
    if w == 0:
        return frozenset(out)
    for head in combinations_with_replacement(range(len(candidates)), w - 1):
        first = head[-1] if head else 0
        part = list(naturals) + [candidates[i] for i in head]
        ranks = [r for r, _ in part]
        suits = {s for _, s in part}
        seen = set(part)
        part_distinct = len(seen) == len(part)
        head_aces = all(r == ACE for r, _ in part[len(naturals):])
        for card in candidates[first:]:
            r, s = card
            flush = len(suits) == 1 and s in suits
            distinct = part_distinct and card not in seen
            dup_aces = distinct or _only_aces_repeated([*part, card])
            out.add((tuple(sorted([*ranks, r])), flush, distinct, dup_aces, head_aces and r == ACE))
    return frozenset(out)


def _only_aces_repeated(cards: list[Card]) -> bool:
    return all(c[0] == ACE for c, k in Counter(cards).items() if k > 1)


class Reference:
    """Brute-force evaluation of 5-card hands under one rule set and deck."""

    def __init__(self, rules: Sheet):
        self.rules = rules
        self.mode = rules.mode
        self.order = list(rules.order)  # best first
        self.pos = {c: len(self.order) - 1 - i for i, c in enumerate(self.order)}  # 0 = worst
        self.lo = rules.lowest_rank
        self.ace_low = rules.ace_low_straight
        self.dab = rules.double_ace_flush
        self.nbw = rules.natural_beats_wild
        self.wild = set(rules.wild)
        codes = sorted({int(c) for c in rules.cards if int(c) < 52})
        self.candidates: tuple[Card, ...] = tuple((c >> 2, c & 3) for c in codes)
        # the evaluation is the same for every relabelling of suits when each rank has all 4
        self.suit_symmetric = len(codes) == 4 * (13 - self.lo)
        self._memo: dict[tuple, Key] = {}

    # -- natural evaluation ------------------------------------------------------------------
    @cache  # noqa: B019  (the test oracle lives as long as the test session)
    def natural(self, ranks: tuple[int, ...], flush: bool) -> tuple[str, tuple]:
        """Highest listed category of a resolved hand (sorted ranks) and its tiebreak."""
        sat = satisfied(ranks, flush, self.lo, self.ace_low)
        for cat in self.order:
            if cat in sat:
                return cat, sat[cat]
        raise AssertionError("high_card is always listed")

    # -- legality of a substitution ---------------------------------------------------------
    def _value(self, pattern: Pattern, n_wild: int) -> tuple[str, tuple] | None:
        """Category and tiebreak of a fully resolved hand, or None when the mode forbids it."""
        ranks, flush, distinct, dup_aces, subs_aces = pattern
        if not distinct:  # a wild card duplicating a card: five of a kind or a double-ace flush
            five = len(set(ranks)) == 1
            if not (five or (self.dab and dup_aces and flush)):
                return None
        cat, tb = self.natural(ranks, flush)
        if n_wild == 0:
            return cat, tb
        if self.mode == "jpoker" and cat == "three_of_a_kind":
            return None
        if self.mode == "bug" and cat not in STRAIGHTISH and not subs_aces:
            return None
        if self.mode == "semi":
            sat = satisfied(ranks, flush, self.lo, self.ace_low)
            for c in self.order:  # never counted higher than flush / straight
                if c in ("flush", "straight") and c in sat:
                    return c, sat[c]
            return None
        return cat, tb

    def four_flush(self, naturals: tuple[Card, ...], w: int) -> tuple | None:
        """Best four-flush tiebreak (four suited ranks highest first, then the fifth card) or None.

        Every wild card is tried as every card of the deck not held (the semi card only as a
        blank); four of the five resolved cards must share a suit.
        """
        held = set(naturals)
        if self.mode == "semi":
            options: list[tuple[Card, ...]] = [((-1, -1),) * w]
        else:
            free = [c for c in self.candidates if c not in held]
            options = [tuple(free[i] for i in idx) for idx in combinations(range(len(free)), w)]
        best = None
        for subs in options:
            cards = list(naturals) + list(subs)
            for out in range(5):
                four = [c for i, c in enumerate(cards) if i != out]
                if len({s for _, s in four}) == 1 and four[0][1] >= 0:
                    tb = (*sorted((r for r, _ in four), reverse=True), cards[out][0])
                    if best is None or tb > best:
                        best = tb
        return best

    def _best(self, naturals: tuple[Card, ...], w: int) -> tuple[str, tuple]:
        val = self._best_regular(naturals, w)
        if "four_flush" in self.pos and self.pos[val[0]] < self.pos["four_flush"]:
            ff = self.four_flush(naturals, w)
            if ff is not None:
                return "four_flush", ff
        return val

    def _best_regular(self, naturals: tuple[Card, ...], w: int) -> tuple[str, tuple]:
        best: tuple[int, tuple] | None = None
        best_val: tuple[str, tuple] | None = None
        if w == 0 or self.mode == "semi":
            # semi: wild cards that complete nothing are blanks below every rank
            ranks = tuple(sorted([r for r, _ in naturals] + [-1] * w))
            cat, tb = self.natural(ranks, w == 0 and _one_suit(naturals))
            best, best_val = (self.pos[cat], tb), (cat, tb)
        if w > 0:
            for pattern in substitutions(naturals, w, self.candidates):
                val = self._value(pattern, w)
                if val is None:
                    continue
                k = (self.pos[val[0]], val[1])
                if best is None or k > best:
                    best, best_val = k, val
        assert best_val is not None, f"no legal substitution for {naturals} + {w} wild"
        return best_val

    # -- public API --------------------------------------------------------------------------
    def split(self, codes: Iterable[int]) -> tuple[tuple[Card, ...], int]:
        """Natural cards (rank, suit) and the number of wild cards of a hand of codes."""
        naturals = []
        w = 0
        for c in codes:
            c = int(c)
            if c in self.wild:
                w += 1
            else:
                assert c < 52, f"a joker {c} that is not wild"
                naturals.append((c >> 2, c & 3))
        return tuple(sorted(naturals)), w

    def evaluate(self, codes: Iterable[int]) -> tuple[str, Key]:
        """``(category, key)`` of a 5-card hand; compare keys with ``<`` / ``==``."""
        naturals, w = self.split(codes)
        assert len(naturals) + w == 5
        memo_key = (_relabel(naturals) if self.suit_symmetric else naturals, w)
        hit = self._memo.get(memo_key)
        if hit is None:
            cat, tb = self._best(memo_key[0], w)
            natural = w == 0
            pos = self.pos[cat]
            if self.nbw == "tie":
                hit = (cat, (pos, tb, natural))
            elif self.nbw == "category":
                hit = (cat, (pos, natural, tb))
            else:
                hit = (cat, (pos, tb))
            self._memo[memo_key] = hit
        return hit

    def category(self, codes: Iterable[int]) -> str:
        return self.evaluate(codes)[0]

    def key(self, codes: Iterable[int]) -> Key:
        return self.evaluate(codes)[1]

    def best_of(self, codes: Sequence[int]) -> tuple[str, Key]:
        """Best 5 of more cards: the best key over all 5-card subsets."""
        results = [self.evaluate(sub) for sub in combinations(codes, 5)]
        return max(results, key=lambda ck: ck[1])


def _one_suit(cards: Sequence[Card]) -> bool:
    return len({s for _, s in cards}) == 1


def _relabel(naturals: tuple[Card, ...]) -> tuple[Card, ...]:
    """Rename suits in order of first appearance (a bijection, so the value is unchanged)."""
    names: dict[int, int] = {}
    out = []
    for r, s in naturals:
        if s not in names:
            names[s] = len(names)
        out.append((r, names[s]))
    return tuple(sorted(out))


def dense_ranks(keys: Sequence) -> list[int]:
    """Dense rank (0 = lowest) of each item; equal items share a rank."""
    distinct = sorted(set(keys))
    index = {k: i for i, k in enumerate(distinct)}
    return [index[k] for k in keys]
