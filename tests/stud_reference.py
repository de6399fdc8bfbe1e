"""An independent casino-stud settler (test oracle only), written from the game rules.

Hands are scored by the brute-force evaluator of ``tests/reference.py``; the dealer's qualifier,
the showdown and the payoffs are plain Python here. Nothing comes from ``analyzer.games.stud``
(no kernels, no tables, no win/tie/lose constants, no game file): the pay tables below are
typed in from the published rules. The only analyzer imports are the rule-set data the
reference evaluator reads (the ``j-poker`` preset with one designated wild card) and the deck.

Money is in antes: ante 1, bet 2 antes. Fold: -1. Dealer does not qualify: ante paid 1:1, bet
returned (+1). Player wins: ante 1:1 and the bet at the table's odds. Tie: push. Dealer wins: -3.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations

import numpy as np
from poker_sheets import sheet
from reference import Reference, dense_ranks

ACE, KING = 12, 11
RANKS = "23456789TJQKA"
SUITS = "cdhs"


@dataclass(frozen=True)
class StudRules:
    """A pay table (odds on the bet by the player's category) and the dealer's qualifier."""

    name: str
    pays: tuple[tuple[str, int], ...]
    qualifier: str  # "pair": a pair or better; "ace-king": ace and king or better

    def pay(self, category: str) -> int:
        return dict(self.pays)[category]


# Caribbean Stud: raise pays royal 100 … pair or less 1; dealer qualifies with A-K or better.
CARIBBEAN = StudRules("caribbean", (
    ("royal_flush", 100), ("straight_flush", 50), ("four_of_a_kind", 20), ("full_house", 7),
    ("flush", 5), ("straight", 4), ("three_of_a_kind", 3), ("two_pair", 2), ("pair", 1),
    ("high_card", 1)), "ace-king")
# J-poker (the seed's table): five of a kind 150 … pair 1; dealer qualifies with a pair.
JPOKER = StudRules("jpoker", (
    ("five_of_a_kind", 150), ("royal_flush", 75), ("straight_flush", 35), ("four_of_a_kind", 15),
    ("full_house", 7), ("flush", 5), ("straight", 4), ("three_of_a_kind", 3), ("two_pair", 2),
    ("pair", 1), ("high_card", 1)), "pair")


def code(text: str) -> int:
    """``"As"`` → 51 (rank × 4 + suit, written out here rather than imported)."""
    return RANKS.index(text[0].upper()) * 4 + SUITS.index(text[1].lower())


def codes(text: str) -> list[int]:
    return [code(t) for t in text.split()]


@cache
def evaluator(wild: int | None) -> Reference:
    """Caribbean (no wild card) or J-poker with ``wild`` (a card code) designated."""
    if wild is None:
        return Reference(sheet("standard"))
    name = RANKS[wild >> 2] + SUITS[wild & 3]
    return Reference(sheet("j-poker", deck="52", wild=[name]))


def qualifies(rules: StudRules, category: str, dealer: Sequence[int]) -> bool:
    if category != "high_card":
        return True
    ranks = {c >> 2 for c in dealer}
    return rules.qualifier == "ace-king" and ACE in ranks and KING in ranks


@dataclass(frozen=True)
class Outcome:
    """Dealer hands by result for one player hand, and the bet's total result in antes."""

    not_qualified: int
    wins: int
    ties: int
    losses: int
    units: Fraction

    @property
    def hands(self) -> int:
        return self.not_qualified + self.wins + self.ties + self.losses

    @property
    def ev_bet(self) -> Fraction:
        return self.units / self.hands


class Situation:
    """Every dealer hand (the up card + 4 of the unseen cards) of a deal, scored once."""

    def __init__(self, rules: StudRules, seen: Sequence[int], up: int, wild: int | None) -> None:
        self.rules, self.up, self.ref = rules, up, evaluator(wild)
        self.unseen = [c for c in range(52) if c not in set(seen) | {up}]
        holes = list(combinations(range(len(self.unseen)), 4))
        self.holes = np.array(holes, np.int8)
        keys, qual = [], []
        for h in holes:
            dealer = [self.unseen[i] for i in h] + [up]
            cat, key = self.ref.evaluate(dealer)
            keys.append(key)
            qual.append(qualifies(rules, cat, dealer))
        self.qual = np.array(qual)
        self.distinct = sorted(set(keys))
        self.dealer_rank = np.array(dense_ranks(keys))

    def outcome(self, hand: Sequence[int], dead: Sequence[int] = ()) -> Outcome:
        """The player's ``hand`` against every dealer hand avoiding ``hand`` and ``dead``."""
        out = set(hand) | set(dead)
        idx = [i for i, c in enumerate(self.unseen) if c in out]
        ok = ~np.isin(self.holes, idx).any(axis=1)
        cat, key = self.ref.evaluate(hand)
        below = bisect_left(self.distinct, key)  # dealer keys smaller than the player's
        equal = below < len(self.distinct) and self.distinct[below] == key
        q = self.qual & ok
        nq = int((~self.qual & ok).sum())
        win = int((q & (self.dealer_rank < below)).sum())
        tie = int((q & (self.dealer_rank == below)).sum()) if equal else 0
        lose = int(q.sum()) - win - tie
        units = nq + win * (1 + 2 * self.rules.pay(cat)) - 3 * lose
        return Outcome(nq, win, tie, lose, Fraction(units))


@lru_cache(maxsize=8)  # about 3 MB each
def situation(rules: StudRules, hand: str, up: str, wild: int | None) -> Situation:
    return Situation(rules, codes(hand), code(up), wild)


def advise(rules: StudRules, hand: str, up: str, wild: int | None) -> Outcome:
    """Outcome of betting in one situation (``wild``: the designated card's code, or None)."""
    return situation(rules, hand, up, wild).outcome(codes(hand))


def option_value(rules: StudRules, hand: str, up: str, wild: int | None, discard: str) -> Fraction:
    """Exchange ``discard`` (one or two cards): the average over every replacement draw of the
    better of folding (-1) and betting, the discards dead; before the fee."""
    h, d = codes(hand), codes(discard)
    keep = [c for c in h if c not in d]
    sit = situation(rules, hand, up, wild)
    total, draws = Fraction(0), 0
    for new in combinations(sit.unseen, len(d)):
        o = sit.outcome([*keep, *new], dead=d)
        total += max(Fraction(-1), o.ev_bet)
        draws += 1
    return total / draws


# Regression pin of the exact enumeration (not an independent source): the house edges of
# J-poker with aces wild (the "ace of spades is wild" deals by suit symmetry, mixed 52:3 with
# the dealer's-open-card deals), ``house_edges(JPOKER, ("optimal", "pair"), "exact",
# ranks=(12,))``; recomputed by test_stud.py::test_jpoker_one_rank_exact_pins (slow).
JPOKER_ACES_EXACT = {"optimal": Fraction(234_178_058_567, 7_027_741_528_500),   # 3.3322 %
                     "pair": Fraction(40_465_404_437, 468_516_101_900)}         # 8.6369 %


def situation_groups(hands: np.ndarray, ups: np.ndarray, pos_code: np.ndarray,
                     wild_pos: np.ndarray) -> np.ndarray:
    """The strategy group (the kernels' ``up_group``) of each (hand row, up card) pair, in NumPy:
    6·rank(up) + 3·(up pairs a hand card) + wild state (0 none seen, 1 held, 2 the up card)."""
    hr = pos_code[hands] >> 2
    ur = pos_code[ups] >> 2
    match = (hr == ur[:, None]).any(axis=1) & (ur < 13)
    held = wild_pos[hands].any(axis=1)
    ws = np.where(wild_pos[ups].astype(bool), 2, held.astype(np.int64))
    return (ur * 6 + match * 3 + ws).astype(np.int64)
