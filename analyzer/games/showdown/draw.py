"""Draw poker's one draw: the exact distribution of the final category when a player keeps part
of his five dealt cards and draws the rest from the cards he has not seen (his discards are out).

>>> d = draw_odds("Kh Kd 7c 4s 2h", hold="Kh Kd")
>>> d.draws, d.improved, round(d.p_improve, 4)
(16215, 4656, 0.2871)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from analyzer.cards import format_hand, parse_hand
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.games.showdown.hand_kernels import draw_counts
from analyzer.rules import RuleSet, get_rules

__all__ = ["DrawError", "DrawOdds", "draw_odds"]


class DrawError(JokerOddsError):
    """A draw that cannot be set up: not five dealt cards, held cards not in the hand."""


@dataclass(frozen=True)
class DrawOdds:
    """Final-category counts over every draw (best category first) and how often the hand improves
    on its dealt category."""

    rules: str
    deck: str
    hand: str
    hold: str
    dealt: str
    draws: int
    counts: tuple[tuple[str, int], ...]
    improved: int

    @property
    def p_improve(self) -> float:
        return self.improved / self.draws

    def rows(self) -> list[dict[str, Any]]:
        out = []
        run = 0
        for cat, c in self.counts:
            run += c
            out.append({"category": cat, "count": c, "probability": c / self.draws,
                        "p_this_or_better": run / self.draws,
                        "probability_exact": str(Fraction(c, self.draws)) if c else "0"})
        return out

    def summary(self) -> dict[str, Any]:
        return {"rules": self.rules, "deck": self.deck, "hand": self.hand, "hold": self.hold,
                "dealt": self.dealt, "draws": self.draws, "improved": self.improved,
                "p_improve": self.p_improve}

    def to_dict(self) -> dict[str, Any]:
        return {**self.summary(), "rows": self.rows()}

    def to_frame(self) -> Any:
        import pandas as pd

        return pd.DataFrame(self.rows())


def draw_odds(hand: str, hold: str = "", rules: RuleSet | str = "standard", deck: str | None = None,
              dead: str | None = None) -> DrawOdds:
    """Keep ``hold`` (cards of the 5-card ``hand``; empty = draw five) and draw the rest from the
    deck less the hand and the ``dead`` cards; every draw is enumerated.

    >>> draw_odds("9h 8d 7c 6s 2h", hold="9h 8d 7c 6s").rows()[5]["count"]  # straight: 8 of 47
    8
    """
    rs = get_rules(rules) if isinstance(rules, str) else rules
    ev = Evaluator(rs, deck, k=5)
    table, wbits = ev.kernel_args()
    cards = parse_hand(hand, ev.deck, size=5)
    kept = parse_hand(hold, ev.deck) if hold.strip() else np.zeros(0, np.int8)
    in_hand = [int(c) for c in cards]
    for c in kept:
        if int(c) not in in_hand:
            raise DrawError(f"held card {format_hand(np.array([c]))} is not in the hand {format_hand(cards)}")
        in_hand.remove(int(c))
    gone = {int(c) for c in cards} | ({int(c) for c in parse_hand(dead, ev.deck)} if dead else set())
    if dead and len(gone) != 5 + len(parse_hand(dead, ev.deck)):
        raise DrawError("a dead card is in the hand")
    rest = np.array([int(c) for c in ev.deck.cards if int(c) not in gone], np.int64)
    d = 5 - kept.size
    if d > rest.size:
        raise DrawError(f"drawing {d} needs {d} cards; {rest.size} are left")
    n_pos = len(ev.order_low_to_high)
    counts = draw_counts(kept.astype(np.int64), rest, d, table, wbits, n_pos)
    total = comb(rest.size, d)
    assert int(counts.sum()) == total
    dealt_pos = ev.score(cards) >> 22
    order = ev.order_low_to_high
    rows = tuple((order[p].value, int(counts[p])) for p in range(n_pos - 1, -1, -1))
    return DrawOdds(rs.name, ev.deck.name, format_hand(cards), format_hand(kept), order[dealt_pos].value, total,
                    rows, int(counts[dealt_pos + 1:].sum()))
