"""Plain-Python values of the "poker with joker" options (test oracle only), written from the rules.

One deck holds one joker, fully wild, and a hand without it wins an exact tie. The player sees
five cards and the dealer's up card; the dealer's four hole cards are among the cards the player
has not seen. Before folding (-1 ante) or betting (2 antes), the player may

* stand;
* discard any cards and draw as many from the unseen cards (never the up card; the discards are
  dead), one fee for the exchange;
* replace one card with the joker when the joker is not in the hand or face up, one fee: the
  joker is taken wherever it lies (the stock, or the dealer's hole cards, the dealer then taking a
  card from the stock), so the dealer's hole cards are any four of the cards the player does not
  hold, the joker and the discard excepted.

After the new cards the player folds or bets, whichever is worth more against every dealer hand
consistent with the player's final hand. Payoffs (antes): the dealer does not qualify (no pair)
+1; the player wins 1 + 2 x odds; tie 0; the dealer wins -3. Dealer hands are scored by the
brute-force evaluator of ``tests/reference.py``; nothing comes from ``analyzer.games.stud``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import numpy as np
from poker_sheets import sheet
from reference import Reference, dense_ranks

JOKER = 52
# poker with joker as the rules text states it: the joker fully wild, a hand without it winning
# an exact tie; five of a kind above the royal flush
ORDER = ("five_of_a_kind", "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "pair", "high_card")
ODDS = {"five_of_a_kind": 150, "royal_flush": 75, "straight_flush": 35, "four_of_a_kind": 15, "full_house": 7,
        "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "pair": 1, "high_card": 1}


class JokerTable:
    """One situation (player hand, up card) of poker with joker on ``deck`` ("52+1", "32+1", …)."""

    def __init__(self, deck: str, hand: Sequence[int], up: int) -> None:
        rules = sheet("poker-with-joker", deck=deck, order=ORDER, natural_beats_wild="tie")
        self.ref = Reference(rules)
        self.hand, self.up = list(hand), up
        self.unseen = [int(c) for c in rules.cards if int(c) not in self.hand and int(c) != up]
        holes = list(combinations(range(len(self.unseen)), 4))
        self.holes = np.array(holes, np.int16)
        keys, qual = [], []
        for h in holes:
            cat, key = self.ref.evaluate([self.unseen[i] for i in h] + [up])
            keys.append(key)
            qual.append(cat != "high_card")
        self.qual = np.array(qual)
        self.distinct = sorted(set(keys))
        self.rank = np.array(dense_ranks(keys))

    def bet(self, final: Sequence[int], dead: Sequence[int] = ()) -> Fraction:
        """Mean result of betting ``final`` over the dealer hands avoiding ``final`` and ``dead``."""
        out = [i for i, c in enumerate(self.unseen) if c in set(final) | set(dead)]
        ok = ~np.isin(self.holes, out).any(axis=1)
        cat, key = self.ref.evaluate(final)
        below = bisect_left(self.distinct, key)
        equal = below < len(self.distinct) and self.distinct[below] == key
        q = self.qual & ok
        nq = int((~self.qual & ok).sum())
        win = int((q & (self.rank < below)).sum())
        tie = int((q & (self.rank == below)).sum()) if equal else 0
        lose = int(q.sum()) - win - tie
        return Fraction(nq + win * (1 + 2 * ODDS[cat]) - 3 * lose, nq + win + tie + lose)

    def decide(self, final: Sequence[int], dead: Sequence[int] = ()) -> Fraction:
        return max(Fraction(-1), self.bet(final, dead))

    def stand(self) -> Fraction:
        return self.decide(self.hand)

    def draw(self, discard: Sequence[int]) -> Fraction:
        """Before the fee: every draw of len(discard) unseen cards, then fold or bet."""
        keep = [c for c in self.hand if c not in discard]
        vals = [self.decide(keep + list(new), discard) for new in combinations(self.unseen, len(discard))]
        return sum(vals, Fraction(0)) / len(vals)

    def joker(self, card: int) -> Fraction | None:
        """Before the fee: ``card`` replaced by the joker (None when the joker is held or up)."""
        if JOKER not in self.unseen:
            return None
        return self.decide([c for c in self.hand if c != card] + [JOKER], [card])
