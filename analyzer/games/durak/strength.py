"""Policy strength, seat-rotated on the same deals: each deal is played once per rotation of the
lineup around the table, with the same first attacker, so seat and deal luck cancel.

The heads-up score of a policy is P(the other is the fool) + ½ P(draw); its standard error is
taken over deals (the rotations of one deal are paired).

>>> from analyzer.games.durak.rules import durak_rules
>>> s = strength(durak_rules(), ["heuristic", "random"], deals=300, seed=1, quiet=True)
>>> s.deals, s.score(0)[0] > 0.5
(300, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.defaults import CHUNK
from analyzer.engine import run
from analyzer.games.durak.kernels.choose import search_arg
from analyzer.games.durak.kernels.play import strength_chunk, strength_piece
from analyzer.games.durak.rules import DurakError, DurakRules
from analyzer.games.durak.simulate import DEFAULT_BUDGET, PackPieces, policy_codes
from analyzer.games.durak.state import tables_for
from analyzer.results import TableResult
from analyzer.stats import mean_from_sums, share_interval

__all__ = ["BUDGETED", "Strength", "StrengthTask", "strength", "strength_table"]

BUDGETED = ("search", "ismcts")   # the policies that read the budget


@dataclass(frozen=True)
class StrengthTask(PackPieces):
    """Engine task: seat-rotated deals of one lineup (one policy per lineup slot)."""

    deck: np.ndarray
    rules: np.ndarray
    n_players: int
    lineup: np.ndarray
    budget: int
    tab: np.ndarray

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return strength_chunk(state, n, self.deck, self.rules, self.n_players, self.lineup,
                              search_arg(self.lineup, self.budget), self.tab)

    def sums_size(self) -> int:
        n = self.n_players
        return n + n * n + 3

    def run_piece(self, state: np.ndarray, carry: tuple[np.ndarray, np.ndarray], n: int) -> None:
        strength_piece(state, carry[0], n, self.rules, self.n_players, self.lineup,
                       search_arg(self.lineup, self.budget), self.tab, carry[1])

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals: each is played once per rotation and
        every game ends with one fool, a draw or an abort (layout: :func:`strength_chunk`)."""
        n = self.n_players
        return outcome_problem(totals, trials, {"deals": [n + n * n + 2]}) or outcome_problem(
            totals, trials, {"fools, draws and aborts": [*range(n), n + n * n, n + n * n + 1]}, n)


@dataclass(frozen=True)
class Strength(TableResult):
    """Summed counts: per slot fools, the matrix Σ f_i f_j over deals, draws, aborted, deals."""

    rules: DurakRules
    lineup: tuple[str, ...]
    budget: int
    totals: np.ndarray
    seed: int

    @property
    def n(self) -> int:
        return len(self.lineup)

    @property
    def deals(self) -> int:
        return int(self.totals[-1])

    @property
    def draws(self) -> int:
        return int(self.totals[-3])

    def _cross(self) -> np.ndarray:
        n = self.n
        return self.totals[n: n + n * n].reshape(n, n).astype(float)

    def p_fool(self, j: int) -> tuple[float, float]:
        """Slot j's P(fool) over all its games, SE over deals."""
        n, d = self.n, self.deals
        m = mean_from_sums(d, float(self.totals[j]) / n, float(self._cross()[j, j]) / n ** 2)
        return m.mean, m.se

    def score(self, j: int) -> tuple[float, float]:
        """Heads-up score of slot j (1 win, ½ draw, 0 loss) and its SE over deals."""
        if self.n != 2:
            raise DurakError("a score is defined heads-up; use p_fool for more players")
        k = 1 - j
        c = self._cross()
        margin_sum = (float(self.totals[k]) - float(self.totals[j])) / 2
        margin_sq = (c[k, k] + c[j, j] - 2 * c[j, k]) / 4
        m = mean_from_sums(self.deals, margin_sum, margin_sq)
        return 0.5 + m.mean / 2, m.se / 2

    def summary(self) -> dict[str, Any]:
        return {"deck": self.rules.deck, "players": self.n, "lineup": " ".join(self.lineup),
                "budget": self.budget, "deals": self.deals, "draws": self.draws, "seed": self.seed}

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for j, name in enumerate(self.lineup):
            p, se = self.p_fool(j)
            lo, hi = share_interval(p, se, self.deals * self.n)  # a proportion: inside [0, 1]
            row: dict[str, Any] = {"policy": name, "budget": self.budget if name in BUDGETED else None,
                                   "p_fool": p, "p_fool_se": se, "p_fool_ci_low": lo, "p_fool_ci_high": hi}
            if self.n == 2:
                s, sse = self.score(j)
                slo, shi = share_interval(s, sse, self.deals)  # 1, ½ or 0 a deal: inside [0, 1]
                row.update({"score": s, "score_se": sse, "score_ci_low": slo, "score_ci_high": shi})
            row.update({"deals": self.deals, "games": self.deals * self.n})
            out.append(row)
        return out


def strength(rules: DurakRules, lineup: Sequence[str], deals: int | None = 2_000, seed: int = 0,
             budget: int = DEFAULT_BUDGET, chunk_size: int = CHUNK["durak strength"], **engine: Any) -> Strength:
    """Play ``deals`` deals, each once per seat rotation of ``lineup`` (one policy per seat)."""
    if len(lineup) != rules.players:
        raise DurakError(f"{len(lineup)} policies for {rules.players} players")
    task = StrengthTask(rules.deck_cards(), rules.kernel_rules(), rules.players, policy_codes(lineup),
                        int(budget), np.array(tables_for(rules)))
    res = run(task, trials=deals, seed=seed, chunk_size=chunk_size, **engine)
    return Strength(rules, tuple(lineup), int(budget), np.asarray(res.totals), int(seed))


def strength_table(rules: DurakRules, pairs: Sequence[tuple[str, str]], deals: int, seed: int = 0,
                   budget: int = DEFAULT_BUDGET, **engine: Any) -> list[dict[str, Any]]:
    """Heads-up rows ``A vs B`` for each pair: A's score with its 95 % CI, both P(fool)."""
    rows = []
    for a, b in pairs:
        s = strength(rules, [a, b], deals, seed, budget, **engine)
        sc, se = s.score(0)
        pa, _ = s.p_fool(0)
        pb, _ = s.p_fool(1)
        lo, hi = share_interval(sc, se, s.deals)
        rows.append({"policy": a, "opponent": b, "budget": budget if {a, b} & set(BUDGETED) else None,
                     "deals": s.deals, "score": sc, "se": se, "ci_low": lo, "ci_high": hi,
                     "p_fool": pa, "p_fool_opponent": pb, "p_draw": s.draws / (2 * s.deals)})
    return rows
