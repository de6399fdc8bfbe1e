"""A plain brute-force low-hand evaluator (test oracle only; shares no code with analyzer.kernels.low).

Every wild card is tried as every card it may stand for (wild/jpoker: each card of the deck
not held; the bug: each ace; the semi card: a blank), every choice of the ace (high, or low
when allowed), and the resolved hand is valued by the plain poker rules; the smallest value
is the low hand. The rule data come from :mod:`poker_sheets` (typed from the rules text).
Values are tuples ``(category position, tie-break)``: smaller = better low.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from poker_sheets import Sheet

BLANK = -99


class LowReference:
    def __init__(self, rules: Sheet):
        self.rules = rules
        order = [c for c in reversed(rules.order) if c != "four_flush"]  # worst first
        self.pos = {c: i for i, c in enumerate(order)}
        self.lo = rules.lowest_rank
        self.wild = set(rules.wild)
        self.cards = sorted({int(c) for c in rules.cards if int(c) < 52})
        self.ace_values = [12, self.lo - 1] if rules.low_ace == "high_or_low" else [12]
        self.plain = rules.low_ignores_straights_flushes

    def _value(self, cards: list[tuple[int, int]]) -> tuple:
        ranks = [r for r, _ in cards]
        real = [r for r in ranks if r != BLANK]
        counts = Counter(real)
        groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        grouped = tuple(r for r, c in groups for _ in range(c)) + (BLANK,) * (5 - len(real))
        desc = tuple(sorted(ranks, reverse=True))
        sizes = [*sorted(counts.values(), reverse=True), 0, 0]
        straight = (not self.plain and len(real) == 5 and len(counts) == 5 and max(real) - min(real) == 4)
        flush = not self.plain and len(real) == 5 and len({s for _, s in cards}) == 1
        sat = {"high_card": desc}
        if sizes[0] >= 2:
            sat["pair"] = grouped
        if sizes[0] >= 2 and sizes[1] >= 2:
            sat["two_pair"] = grouped
        if sizes[0] >= 3:
            sat["three_of_a_kind"] = grouped
        if straight:
            sat["straight"] = (max(real),)
        if flush:
            sat["flush"] = desc
        if sizes[0] >= 3 and sizes[1] >= 2:
            sat["full_house"] = grouped
        if sizes[0] >= 4:
            sat["four_of_a_kind"] = grouped
        if straight and flush:
            sat["straight_flush"] = (max(real),)
            if max(real) == 12:
                sat["royal_flush"] = ()
        if sizes[0] == 5:
            sat["five_of_a_kind"] = grouped
        return max((self.pos[c], tb) for c, tb in sat.items() if c in self.pos)

    def low(self, codes) -> tuple[str, tuple]:
        codes = [int(c) for c in codes]
        naturals = [(c >> 2, c & 3) for c in codes if c not in self.wild]
        w = len(codes) - len(naturals)
        held = {c for c in codes if c not in self.wild}
        if self.rules.mode == "semi":
            options = [[(BLANK, -1 - i) for i in range(w)]]
        elif self.rules.mode == "bug":
            options = [list(p) for p in product([(12, s) for s in range(4)], repeat=w)]
        else:
            free = [(c >> 2, c & 3) for c in self.cards if c not in held]
            options = [list(p) for p in product(free, repeat=w) if len(set(p)) == w]
        best = None
        for subs in options:
            hand = naturals + subs
            for ace in self.ace_values:
                resolved = [(ace if r == 12 else r, s) for r, s in hand]
                v = self._value(resolved)
                if best is None or v < best:
                    best = v
        assert best is not None
        names = {i: c for c, i in self.pos.items()}
        return names[best[0]], best
