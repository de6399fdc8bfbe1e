"""Where the board's wild card lies: exact fractions and a Monte Carlo check.

A deal gives ``players`` hands of 5 and the dealer 4 hole cards and an up card from 52 cards;
the board designates one card (each with probability (1 - doc)/52) or the dealer's open card
(doc).

>>> rows = location_probabilities(1)
>>> [str(r["probability"]) for r in rows]
['4/55', '1/11', '0', '4/55', '42/55']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.engine import run
from analyzer.games.stud import kernels as K
from analyzer.games.stud.game import StudError
from analyzer.stats import proportion

__all__ = ["PLACES", "LocationTask", "location_probabilities", "sampled_locations"]

PLACES = ("dealer's up card", "player 1's hand", "other players' hands", "dealer's hole cards",
          "undealt stock")
DOC = Fraction(3, 55)


def _check(players: int, doc: Fraction) -> None:
    if not 1 <= players <= 7:
        raise StudError(f"players must be 1..7, got {players}")
    if not 0 <= doc <= 1:
        raise StudError(f"the DOC probability must be in [0, 1], got {doc}")


def location_probabilities(players: int = 1, doc: Fraction = DOC) -> list[dict[str, Any]]:
    """Exact P(wild card in each place) for ``players`` hands at the table."""
    _check(players, doc)
    card = (1 - doc) / 52  # each ordinary card's chance to be designated
    counts = (1, 5, 5 * (players - 1), 4, 52 - 5 * players - 5)
    rows = []
    for place, k in zip(PLACES, counts, strict=True):
        p = card * k + (doc if place == PLACES[0] else 0)
        rows.append({"players": players, "place": place, "probability": p, "decimal": float(p)})
    return rows


@dataclass(frozen=True)
class LocationTask:
    """Engine task: deal, designate, count where the wild card is."""

    players: int
    doc_num: int
    doc_den: int

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return K.location_chunk(state, n, self.players, self.doc_num, self.doc_den)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals: the wild card lies in one place each."""
        return outcome_problem(totals, trials, {"places": slice(None)})


def sampled_locations(players: int = 1, doc: Fraction = DOC, trials: int = 1_000_000,
                      seed: int = 0) -> list[dict[str, Any]]:
    """Monte Carlo estimates with 95 % Wilson intervals beside the exact values."""
    _check(players, doc)
    res = run(LocationTask(players, doc.numerator, doc.denominator), trials=trials, seed=seed,
              chunk_size=min(trials, 1 << 18), quiet=True)
    rows = location_probabilities(players, doc)
    for row, count in zip(rows, res.totals, strict=True):
        est = proportion(int(count), trials)
        row.update({"estimate": est.estimate, "ci_low": est.ci_low, "ci_high": est.ci_high,
                    "inside_ci": est.ci_low <= row["decimal"] <= est.ci_high})
    return rows
