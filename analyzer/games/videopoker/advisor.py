"""Per-hand advisor: every hold of a dealt hand ranked by EV, with its final-hand distribution.

>>> best = advise("jacks-or-better-9-6", "Qd Td 2s 4s 5c")[0]
>>> best.held, round(best.ev, 6)
('Qd Td', 0.497071)
>>> frame = advise("jacks-or-better-9-6", "Qd Td 2s 4s 5c").to_frame()
>>> frame.loc[0, "hold"], round(float(frame.loc[0, "ev"]), 6)
('Qd Td', 0.497071)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.cards import format_hand, parse_hand
from analyzer.games.videopoker import kernels as K
from analyzer.games.videopoker.classify import VideoPokerGame, game_for
from analyzer.games.videopoker.paytable import PayTable, load_paytable
from analyzer.results import plain

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["HoldAdvice", "HoldOption", "advise", "hold_counts"]


@dataclass(frozen=True)
class HoldOption:
    """One hold: the cards kept, its exact EV, the number of draws and the outcome counts."""

    held: str
    mask: int  # bit i = the i-th card as dealt
    ev: float
    ev_exact: Fraction
    draws: int
    distribution: dict[str, int]

    def row(self) -> dict[str, Any]:
        return {"hold": self.held or "(draw five)", "ev": self.ev, "draws": self.draws,
                **self.distribution}


class HoldAdvice(list[HoldOption]):
    """Every hold of a dealt hand, best EV first (a list of :class:`HoldOption`), with the
    result methods: ``to_dict()`` (the hand, the pay table and the rows) and ``to_frame()``."""

    def __init__(self, options: list[HoldOption], hand: str = "", paytable: str = "") -> None:
        super().__init__(options)
        self.hand, self.paytable = hand, paytable

    def rows(self) -> list[dict[str, Any]]:
        return [o.row() for o in self]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "paytable": self.paytable,
                "rows": [{**o.row(), "ev_exact": plain(o.ev_exact)} for o in self]}

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self.rows())


def hold_counts(game: VideoPokerGame, pos: np.ndarray) -> np.ndarray:
    """``(32, ncls)`` outcome counts of every hold (bit i = i-th of the sorted positions)."""
    f = np.empty((32, game.ncls), np.int64)
    K.deal_hold_counts(np.sort(np.asarray(pos, np.int64)), game.m, game.off, game.class5, game.binom,
                       game.ncls, f)
    return f


def advise(table: PayTable | str, hand: str) -> HoldAdvice:
    """All 32 holds of ``hand``, best EV first (equal EVs in the analysis' ``first`` order)."""
    table = load_paytable(table) if isinstance(table, str) else table
    game = game_for(table)
    codes = parse_hand(hand, table.deck, size=5)
    pos = game.pos_of_code()[codes.astype(np.int64)]
    order = np.argsort(pos, kind="stable")  # sorted slot j holds dealt card order[j]
    f = hold_counts(game, pos)
    pays = table.exact_pays
    options = []
    for h in range(32):
        dealt_mask = sum(1 << int(order[j]) for j in range(5) if (h >> j) & 1)
        draws = comb(game.rem, 5 - bin(h).count("1"))
        ev = sum((Fraction(int(c)) * p for c, p in zip(f[h], pays, strict=True)), Fraction(0)) / draws
        held = format_hand([int(codes[i]) for i in range(5) if (dealt_mask >> i) & 1], table.deck)
        dist = {name: int(c) for name, c in zip(table.classes, f[h], strict=True)}
        options.append((h, HoldOption(held, dealt_mask, float(ev), ev, draws, dist)))
    options.sort(key=lambda item: (-item[1].ev_exact, item[0]))
    return HoldAdvice([opt for _, opt in options], format_hand([int(c) for c in codes], table.deck), table.name)
