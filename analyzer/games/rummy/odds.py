"""P(a dealt hand can open) and the distribution of opening values, on the simulation engine.

A chunk deals ``n`` hands of ``k`` cards and counts them by (jokers held, opening value); every
estimate — P(open) overall and by jokers held, the value distribution — comes from that table.

>>> o = open_odds(cards=14, trials=2_000, seed=1, chunk_size=1_000, quiet=True)
>>> o.trials, sum(o.by_jokers_trials().values())
(2000, 2000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.defaults import CHUNK
from analyzer.engine import run
from analyzer.games.rummy.kernels import hand_counts, opening_value
from analyzer.games.rummy.solver import OPENING, rummy_deck
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import deal
from analyzer.results import TableResult
from analyzer.stats import ProportionEstimate, estimate_pairs, proportion

__all__ = ["MAX_VALUE", "OpenOdds", "OpenTask", "open_chunk", "open_odds"]

MAX_VALUE = 200  # value bins 0..199 (a 15-card hand cannot reach 166)
JOKER_ROWS = 4


@kernel(nogil=True)
def open_chunk(state, n, deck, k, cap):
    """``n`` deals of ``k`` cards: counts by ``jokers * MAX_VALUE + opening value``."""
    pack = deck.copy()
    out = np.zeros(JOKER_ROWS * MAX_VALUE, np.int64)
    for _ in range(n):
        deal(state, pack, k)
        counts = hand_counts(pack, k)
        jokers = counts[52] + counts[53] + counts[54]
        out[jokers * MAX_VALUE + min(opening_value(counts, cap), MAX_VALUE - 1)] += 1
    return out


@dataclass(frozen=True)
class OpenTask:
    """Engine task: deal ``k``-card hands from ``deck`` (card codes) and value them."""

    deck: np.ndarray
    k: int
    cap: int
    threshold: int = OPENING

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return open_chunk(state, n, self.deck, self.k, self.cap)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` hands of this task (each hand one cell)."""
        return outcome_problem(totals, trials, {"the hands table": slice(None)})

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """P(open) overall and by jokers held, with standard errors."""
        table = totals.reshape(JOKER_ROWS, MAX_VALUE)
        return estimate_pairs([("p_open", proportion(int(table[:, self.threshold:].sum()), int(table.sum()))),
                               *((f"p_open_{jk}_jokers", proportion(int(table[jk, self.threshold:].sum()),
                                                                    int(table[jk].sum())))
                                 for jk in range(JOKER_ROWS) if table[jk].sum())])


@dataclass(frozen=True)
class OpenOdds(TableResult):
    """A run's (jokers held × opening value) table and the estimates drawn from it (``to_frame()``:
    the summary rows)."""

    deck: str
    cards: int
    table: np.ndarray  # [jokers held, opening value] -> hands
    seed: int
    extra: dict[str, Any]
    threshold: int = OPENING

    @property
    def trials(self) -> int:
        return int(self.table.sum())

    @property
    def p_open(self) -> ProportionEstimate:
        return proportion(int(self.table[:, self.threshold:].sum()), self.trials)

    def by_jokers_trials(self) -> dict[int, int]:
        return {jk: int(self.table[jk].sum()) for jk in range(JOKER_ROWS) if self.table[jk].sum()}

    def p_open_jokers(self, jokers: int) -> ProportionEstimate:
        row = self.table[jokers]
        return proportion(int(row[self.threshold:].sum()), int(row.sum()))

    def summary(self) -> dict[str, Any]:
        p = self.p_open
        return {"deck": self.deck, "cards": self.cards, "seed": self.seed, "p_open": p.estimate, "se": p.se,
                "ci_low": p.ci_low, "ci_high": p.ci_high, "trials": p.trials, "mean_value": self.mean_value()}

    def rows(self) -> list[dict[str, Any]]:
        return self.summary_rows()

    def summary_rows(self) -> list[dict[str, Any]]:
        """One row for all hands, then one per number of jokers held."""
        rows = []
        for label, est in [("all", self.p_open)] + [(str(jk), self.p_open_jokers(jk))
                                                   for jk in self.by_jokers_trials()]:
            rows.append({"jokers": label, "trials": est.trials, "p_open": est.estimate, "se": est.se,
                         "ci_low": est.ci_low, "ci_high": est.ci_high,
                         "mean_value": self.mean_value(None if label == "all" else int(label))})
        return rows

    def mean_value(self, jokers: int | None = None) -> float:
        row = self.table.sum(axis=0) if jokers is None else self.table[jokers]
        n = row.sum()
        return float((row * np.arange(MAX_VALUE)).sum() / n) if n else float("nan")

    def value_rows(self) -> list[dict[str, Any]]:
        """The distribution of opening values: P(value = v) and P(value ≥ v), by jokers held."""
        rows = []
        total = self.table.sum(axis=0)
        top = int(np.nonzero(total)[0].max()) if total.any() else 0
        n = self.trials
        at_least = n
        for v in range(top + 1):
            row: dict[str, Any] = {"value": v, "hands": int(total[v]), "p": total[v] / n, "p_at_least": at_least / n}
            for jk, nj in self.by_jokers_trials().items():
                row[f"p_{jk}_jokers"] = self.table[jk, v] / nj
            rows.append(row)
            at_least -= int(total[v])
        return rows


def open_odds(cards: int = 14, deck: str = "2x52+2", trials: int | None = None, seed: int = 0,
              cap: int | None = None, chunk_size: int = CHUNK["rummy open"], **engine: Any) -> OpenOdds:
    """Deal ``trials`` hands of ``cards`` cards (or run to a precision target) and value them.

    ``cap`` limits jokers per meld (default: any number); other keywords go to the engine.
    """
    from analyzer.games.rummy.solver import check_hand_size, joker_cap

    spec = rummy_deck(deck)
    check_hand_size(cards)
    if trials is None and engine.get("target_se") is None and engine.get("target_rel_se") is None:
        trials = 100_000
    task = OpenTask(spec.cards.astype(np.int64), int(cards), joker_cap(cap))
    res = run(task, trials=trials, seed=seed, chunk_size=chunk_size, **engine)
    table = np.asarray(res.totals, dtype=np.int64).reshape(JOKER_ROWS, MAX_VALUE)
    extra = {"trials": res.trials, "chunks": res.chunks_done, "chunk_size": chunk_size,
             "stop": res.stop_reason, **res.precision}
    return OpenOdds(spec.name, int(cards), table, int(seed), extra)
