"""The "which hands to play" chart: each hand class's showdown equity at a table of N players,
against random hands or against opponents who only play a hand at least as strong as the chart's
own break-even class (the weakest class whose equity against random hands is at least 1/N).

Classes, weakest first: high card by its top card, a pair by its rank, then each higher category
whole. Every seat's hand is dealt at random; seat 0's result is tallied by its class, so a class's
equity averages its hands as often as each is dealt. Against players the other seats are redealt
together until every one holds the threshold class or better.

>>> c = play_chart("standard", players=2, trials=50_000, seed=1, quiet=True)
>>> c.threshold_name
'pair of twos'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from analyzer.engine import run
from analyzer.evaluator import Evaluator
from analyzer.games.showdown import kernels as SK
from analyzer.games.showdown.classes import strength_distribution
from analyzer.games.showdown.equity import MAX_TRIES, EquityError
from analyzer.games.showdown.hand_kernels import CHART_HEAD, CHART_PER, chart_chunk, chart_hash5
from analyzer.games.showdown.sampling import hash_args
from analyzer.results import TableResult
from analyzer.rules import Category, RuleSet, get_rules
from analyzer.stats import mean_from_sums, share_interval

__all__ = ["ChartTask", "PlayChart", "chart_classes", "play_chart"]

_PLURAL = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces"]
_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
DEFAULT_CHUNK = 1 << 17


def chart_classes(ev: Evaluator) -> tuple[list[str], np.ndarray]:
    """The chart's classes (weakest first) that occur under the rules: names and lower strengths."""
    values, _ = strength_distribution(ev)
    order = ev.order_low_to_high
    names: list[str] = []
    bounds: list[int] = []
    for pos, cat in enumerate(order):
        if cat in (Category.HIGH_CARD, Category.PAIR):
            for r in range(-1, 13):
                lo = pos << 20 | (r + 1) << 16
                if ((values >= lo) & (values <= lo | 0xFFFF)).any():
                    if cat is Category.PAIR:
                        names.append(f"pair of {_PLURAL[r]}" if r >= 0 else "pair of blanks")
                    else:
                        names.append(f"{_NAMES[r]}-high" if r >= 0 else "blank-high")
                    bounds.append(lo)
        elif ((values >> 20) == pos).any():
            names.append(cat.label)
            bounds.append(pos << 20)
    return names, np.array(bounds, np.int64)


@dataclass(frozen=True)
class ChartTask:
    """Engine task: random showdowns tallied by seat 0's class (:func:`hand_kernels.chart_chunk`)."""

    players: int
    k: int
    deck: np.ndarray
    bounds: np.ndarray
    opp_vlo: int
    table: np.ndarray
    wbits: int

    @cached_property
    def hashed(self) -> tuple[Any, ...]:
        """The perfect hash :func:`chart_hash5` scores 5-card hands through (built once per task, not
        a field: derived from the table and the deck, it is no part of the task's identity)."""
        return hash_args(self.table, self.wbits, self.deck)

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        if self.k == 5:  # the same draws and totals, faster
            return chart_hash5(state, n, self.players, self.deck, self.bounds, self.opp_vlo,  # type: ignore[no-any-return]
                               MAX_TRIES, self.table, *self.hashed)
        return chart_chunk(state, n, self.players, self.k, self.deck, self.bounds, self.opp_vlo,  # type: ignore[no-any-return]
                           MAX_TRIES, self.table, self.wbits)


@dataclass(frozen=True)
class PlayChart(TableResult):
    """Each class's equity at one table size, against random hands and against players."""

    rules: str
    deck: str
    players: int
    trials: int
    seed: int
    names: tuple[str, ...]
    frequency: tuple[float, ...]
    random: np.ndarray            # per class: hands, whole pot, part, share units, share² units
    versus: np.ndarray            # the same against players holding the threshold class or better
    threshold: int

    @property
    def threshold_name(self) -> str:
        return self.names[self.threshold]

    def _eq(self, tot: np.ndarray, c: int) -> tuple[float, float]:
        n = int(tot[c, 0])
        if n < 2:
            return float("nan"), float("nan")
        m = mean_from_sums(n, tot[c, 3] / SK.UNIT, tot[c, 4] / SK.UNIT**2)
        return m.mean, m.se

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for c, name in enumerate(self.names):
            e, se = self._eq(self.random, c)
            e2, se2 = self._eq(self.versus, c)
            lo, hi = share_interval(e, se, int(self.random[c, 0]))  # a share of the pot: inside [0, 1]
            out.append({"class": name, "dealt_frequency": self.frequency[c], "pot_share": e, "se_pot_share": se,
                        "ci_low_pot_share": lo, "ci_high_pot_share": hi,
                        "vs_players_pot_share": e2, "se_vs_players_pot_share": se2,
                        "hands": int(self.random[c, 0])})
        return out

    def summary(self) -> dict[str, Any]:
        return {"rules": self.rules, "deck": self.deck, "players": self.players, "trials": self.trials,
                "seed": self.seed, "threshold": self.threshold_name, "fair_share": 1 / self.players}


def _run_chart(task: ChartTask, trials: int, seed: int, **engine: Any) -> np.ndarray:
    totals = np.asarray(run(task, trials=trials, seed=seed, chunk_size=min(DEFAULT_CHUNK, trials), **engine).totals)
    if totals[2]:
        raise EquityError(f"opponents holding the threshold class were not dealt in {MAX_TRIES:,} tries")
    return totals[CHART_HEAD:].reshape(-1, CHART_PER)


def _threshold(eq: np.ndarray, fair: float) -> int:
    """The weakest class from which every stronger class (dealt in the run) wins at least ``fair``."""
    c = len(eq)
    while c > 0 and (np.isnan(eq[c - 1]) or eq[c - 1] >= fair):
        c -= 1
    while c < len(eq) - 1 and np.isnan(eq[c]):
        c += 1
    return min(c, len(eq) - 1)


def play_chart(rules: RuleSet | str = "short-32", deck: str | None = None, players: int = 2, cards: int = 5,
               trials: int = 1_000_000, seed: int = 0, versus_trials: int | None = None,
               **engine: Any) -> PlayChart:
    """Each class's pot share against ``players − 1`` random hands (``trials`` showdowns), and
    against players who hold the break-even class or better (``versus_trials``, default ``trials``;
    see the module docstring)."""
    rs = get_rules(rules) if isinstance(rules, str) else rules
    ev = Evaluator(rs, deck, k=cards)
    table, wbits = ev.kernel_args()
    if not 2 <= players <= 10 or players * cards > ev.deck.size:
        raise EquityError(f"{players} players of {cards} cards do not fit deck {ev.deck.name}")
    names, bounds = chart_classes(ev)
    values, counts = strength_distribution(ev)
    idx = np.searchsorted(bounds, values, side="right") - 1
    freq = np.bincount(idx, weights=counts, minlength=len(names)) / counts.sum()
    deck_cards = ev.deck.cards.astype(np.int64)
    rnd = _run_chart(ChartTask(players, cards, deck_cards, bounds, 0, table, wbits), trials, seed, **engine)
    with np.errstate(invalid="ignore", divide="ignore"):
        eq = rnd[:, 3] / SK.UNIT / rnd[:, 0]
    threshold = _threshold(eq, 1.0 / players)
    vs = _run_chart(ChartTask(players, cards, deck_cards, bounds, int(bounds[threshold]), table, wbits),
                    versus_trials or trials, seed + 1, **engine)
    return PlayChart(rs.name, ev.deck.name, players, trials, seed, tuple(names), tuple(float(f) for f in freq),
                     rnd, vs, threshold)
