"""Exact analysis of a pay table: every deal (up to suit symmetry) × its 32 holds, optimal play.

Counting convention (the one published counts use): every deal weighs ``W = lcm_k C(rem, k)`` (``= 5·C(rem, 5)`` for
rem = 47, 48), spread evenly over the draws of the optimal hold, so the total is ``C(N, 5)·W``.
Ties in EV (there are many exact ones: in Deuces Wild 706 suit classes of deals have two holds
of equal EV but different outcomes) are broken by ``tie_break``: ``first`` (default) keeps the
first optimal hold in mask order — bit i = the i-th dealt card in code order (rank, then suit
c < d < h < s), masks tried 0..31 — which is the convention that reproduces the published counts
for all three tables; ``low-variance`` / ``high-variance`` prefer the smaller / larger second
moment (the return is the same, only the counts and the variance move).

>>> a = analyze(load_paytable("jacks-or-better-9-6"))
>>> f"{float(a.ret):.6f}", a.total
('0.995439', 19933230517200)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm, sqrt
from typing import Any

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.games.videopoker import kernels as K
from analyzer.games.videopoker.classify import VideoPokerGame, game_for
from analyzer.games.videopoker.paytable import PayTable, load_paytable
from analyzer.results import TableResult

__all__ = ["Analysis", "analyze", "draw_weight"]

TIE_TOL = 1e-12
TIE_BREAKS = {"first": 0, "low-variance": 1, "high-variance": 2}


def draw_weight(rem: int) -> int:
    """``W``: the weight of one deal, divisible by every ``C(rem, k)``, k = 0..5."""
    return lcm(*(comb(rem, k) for k in range(6)))


@dataclass(frozen=True)
class Analysis(TableResult):
    """The exact result of one pay table under optimal play."""

    table: PayTable
    game: VideoPokerGame
    counts: np.ndarray  # final-hand counts over all deals × draws (the published convention), per class
    total: int
    ret: Fraction
    second_moment: Fraction
    evs: np.ndarray  # (D, 32) scaled EV of every hold of every canonical deal (EV · W)
    best: np.ndarray  # optimal hold mask per canonical deal
    weight: int
    seconds: float
    tie_break: str = "first"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def variance(self) -> float:
        return float(self.second_moment - self.ret * self.ret)

    @property
    def sd(self) -> float:
        return sqrt(self.variance)

    @property
    def hit_frequency(self) -> float:
        pays = self.table.pays
        return float(Fraction(int(self.counts[pays > 0].sum()), self.total))

    def optimal_ev(self) -> np.ndarray:
        """EV of the optimal hold of each canonical deal (float)."""
        return self.evs[np.arange(self.best.size), self.best] / self.weight

    def cards_drawn(self) -> dict[int, float]:
        """Fraction of deals whose optimal hold draws 0..5 cards."""
        drawn = 5 - _popcount(self.best)
        n = int(self.game.mult.sum())
        return {k: float(self.game.mult[drawn == k].sum()) / n for k in range(6)}

    def return_by_wild_dealt(self) -> dict[int, tuple[float, float]]:
        """For each number of wild cards dealt: (share of deals, return of those deals)."""
        g = self.game
        nwild = g.wild[g.codes[g.deals]].sum(axis=1)
        ev = self.optimal_ev()
        n = float(g.mult.sum())
        out = {}
        for w in np.unique(nwild):
            sel = nwild == w
            mass = float(g.mult[sel].sum())
            out[int(w)] = (mass / n, float((g.mult[sel] * ev[sel]).sum() / mass))
        return out

    def rows(self) -> list[dict[str, Any]]:
        """The PAR-sheet rows: hand, pays, combinations, probability, contribution to return."""
        out: list[dict[str, Any]] = []
        for name, pay, c in zip(self.table.classes, self.table.exact_pays, self.counts, strict=True):
            out.append({"hand": name, "pays": int(pay) if pay.denominator == 1 else float(pay),
                        "combinations": int(c),
                        "probability": int(c) / self.total,
                        "contribution": float(pay * Fraction(int(c), self.total))})
        out.append({"hand": "total", "pays": None, "combinations": self.total, "probability": 1.0,
                    "contribution": float(self.ret)})
        return out

    def summary(self) -> dict[str, Any]:
        """Scalar results (JSON-friendly)."""
        return {
            "paytable": self.table.name, "deck": self.table.deck.name, "return": float(self.ret),
            "house_edge": float(1 - self.ret), "variance": self.variance, "sd": self.sd,
            "hit_frequency": self.hit_frequency, "total": self.total,
            "cards_drawn": {str(k): v for k, v in self.cards_drawn().items()},
            "return_by_wild_dealt": {str(k): {"share": s, "return": r}
                                     for k, (s, r) in self.return_by_wild_dealt().items()},
            "canonical_deals": int(self.game.deals.shape[0]), "seconds": round(self.seconds, 3),
        }


def _popcount(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.int64)
    return sum(((x >> i) & 1) for i in range(5))  # type: ignore[return-value]


def analyze(table: PayTable | str, tie_break: str = "first") -> Analysis:
    """Optimal play over every deal: return, final-hand counts, variance and the optimal holds."""
    t0 = time.perf_counter()
    if tie_break not in TIE_BREAKS:
        raise JokerOddsError(f"unknown tie break {tie_break!r} (known: {', '.join(TIE_BREAKS)})")
    table = load_paytable(table) if isinstance(table, str) else table
    game = game_for(table)
    w = draw_weight(game.rem)
    scale = np.array([w // comb(game.rem, k) for k in range(6)], np.float64)
    evs, best, best_counts = K.hold_table(game.deals, game.m, game.off, game.class5, game.binom,
                                          game.ncls, table.pays, scale, TIE_TOL,
                                          TIE_BREAKS[tie_break])
    drawn = 5 - _popcount(best)
    per_deal = game.mult * (w // np.array([comb(game.rem, k) for k in range(6)], np.int64))[drawn]
    counts = (best_counts * per_deal[:, None]).sum(axis=0)
    total = comb(game.n, 5) * w
    if int(counts.sum()) != total:  # pragma: no cover - an internal consistency check
        raise AssertionError(f"counts add up to {int(counts.sum())}, expected {total}")
    pays = table.exact_pays
    ret = sum((Fraction(int(c)) * p for c, p in zip(counts, pays, strict=True)), Fraction(0)) / total
    m2 = sum((Fraction(int(c)) * p * p for c, p in zip(counts, pays, strict=True)), Fraction(0)) / total
    return Analysis(table, game, counts, total, ret, m2, evs, best, w, time.perf_counter() - t0,
                    tie_break)
