"""Self-play Monte Carlo through :func:`analyzer.engine.run`: P(fool) by seat, draws, game
length, and P(fool) by what each player was dealt (jokers, trumps, first attack).

>>> from analyzer.games.durak.rules import durak_rules
>>> sim = simulate_durak(durak_rules(), ["heuristic"] * 2, games=2_000, seed=1, quiet=True)
>>> sim.games, sum(r["fools"] for r in sim.seat_rows()) + sim.draws + sim.aborted
(2000, 2000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.defaults import CHUNK
from analyzer.engine import RunResult, run
from analyzer.games.durak.groups import Rate, contrast, group_rates, rate_dict
from analyzer.games.durak.kernels.choose import POLICY_NAMES, search_arg
from analyzer.games.durak.kernels.play import FAMILIES, SIM_LEN, sim_chunk, sim_piece
from analyzer.games.durak.kernels.tree import ISMCTS_BUDGET
from analyzer.games.durak.rules import DurakError, DurakRules
from analyzer.games.durak.state import tables_for
from analyzer.results import TableResult, plain
from analyzer.stats import estimate_pairs, mean_from_sums, proportion, share_interval

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DEFAULT_BUDGET", "FAMILY_LABELS", "ISMCTS_BUDGET", "DurakSimulation", "DurakTask", "PackPieces", "chunk_for",
           "default_budget", "parse_lineup", "policy_codes", "simulate_durak"]

DEFAULT_BUDGET = 64     # search: rollouts per decision
DEFAULT_CHUNK = CHUNK["durak simulate"]
TREE_CHUNK = 32         # games per chunk when a seat plays a tree search (seconds a game, not microseconds)
TREE_POLICIES = ("ismcts", "uct-random")
FAMILY_LABELS: dict[str, tuple[str, ...]] = {
    "jokers": ("no joker", "red joker", "black joker", "both jokers"),
    "roles": ("no joker", "high joker", "low joker", "both jokers"),
    "trumps": ("0 trumps", "1 trump", "2 trumps", "3 trumps", "4 trumps", "5 trumps", "6+ trumps"),
    "first": ("first attacker", "other players"),
}


def policy_codes(names: Sequence[str]) -> np.ndarray:
    """Kernel codes of policy names, padded to six seats."""
    codes = np.zeros(6, np.int64)
    for i, name in enumerate(names):
        if name not in POLICY_NAMES:
            raise DurakError(f"unknown policy {name!r} (known: {', '.join(POLICY_NAMES)})")
        codes[i] = POLICY_NAMES.index(name)
    return codes


def default_budget(names: Sequence[str], budget: int | None = None) -> int:
    """``budget`` if given, else :data:`ISMCTS_BUDGET` when a seat plays ismcts, else :data:`DEFAULT_BUDGET`.

    >>> default_budget(["ismcts", "heuristic"]), default_budget(["search"]), default_budget(["search"], 8)
    (1000, 64, 8)
    """
    if budget is not None:
        return int(budget)
    return ISMCTS_BUDGET if "ismcts" in names else DEFAULT_BUDGET


def chunk_for(names: Sequence[str], chunk_size: int | None = None) -> int:
    """``chunk_size`` if given, else :data:`TREE_CHUNK` when a seat plays a tree search, else :data:`DEFAULT_CHUNK`.

    >>> chunk_for(["heuristic", "ismcts"]), chunk_for(["heuristic"]), chunk_for(["ismcts"], 8)
    (32, 4096, 8)
    """
    if chunk_size is not None:
        return int(chunk_size)
    return TREE_CHUNK if set(names) & set(TREE_POLICIES) else DEFAULT_CHUNK


def parse_lineup(players: int, policy: str, seats: Sequence[str] = ()) -> list[str]:
    """Every seat's policy: ``policy`` everywhere, then ``SEAT=POLICY`` overrides.

    >>> parse_lineup(3, "heuristic", ["1=random"])
    ['heuristic', 'random', 'heuristic']
    """
    lineup = [policy] * players
    for item in seats:
        seat, sep, name = item.partition("=")
        try:
            s = int(seat)
        except ValueError:
            s = -1
        if not sep or not 0 <= s < players:
            raise DurakError(f"bad --policy-seat {item!r}: write SEAT=POLICY with a seat 0..{players - 1}")
        lineup[s] = name.strip()
    policy_codes(lineup)
    return lineup


class PackPieces:
    """Engine plumbing of a task whose chunks run in timed pieces (a game with a search takes
    milliseconds): the carry is the pack (shuffled game after game) and the sums, which end the chunk."""

    piece_trials = 1
    deck: np.ndarray

    def sums_size(self) -> int:
        """The length of the chunk's result vector."""
        raise NotImplementedError

    def start_chunk(self) -> tuple[np.ndarray, np.ndarray]:
        return self.deck.copy(), np.zeros(self.sums_size(), np.int64)

    def finish_chunk(self, carry: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        return carry[1]


@dataclass(frozen=True)
class DurakTask(PackPieces):
    """Engine task: self-play games of one rule set and lineup."""

    deck: np.ndarray
    rules: np.ndarray
    n_players: int
    policies: np.ndarray
    budget: int
    tab: np.ndarray
    later: bool = False

    @classmethod
    def make(cls, rules: DurakRules, lineup: Sequence[str], budget: int = DEFAULT_BUDGET,
             later: bool = False) -> DurakTask:
        if len(lineup) != rules.players:
            raise DurakError(f"{len(lineup)} policies for {rules.players} players")
        if budget < 1:
            raise DurakError(f"search budget must be at least 1, got {budget}")
        return cls(rules.deck_cards(), rules.kernel_rules(), rules.players, policy_codes(lineup),
                   int(budget), np.array(tables_for(rules)), bool(later))

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return sim_chunk(state, n, self.deck, self.rules, self.n_players, self.policies,
                         search_arg(self.policies, self.budget), self.tab,
                         self.later)

    def sums_size(self) -> int:
        return SIM_LEN

    def run_piece(self, state: np.ndarray, carry: tuple[np.ndarray, np.ndarray], n: int) -> None:
        sim_piece(state, carry[0], n, self.rules, self.n_players, self.policies,
                  search_arg(self.policies, self.budget), self.tab, self.later, carry[1])

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` games: each ends with one fool, a draw or an abort."""
        return outcome_problem(totals, trials, {"fools, draws and aborts": [*range(self.n_players), 6, 7]})

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """P(fool) of each seat and P(draw) with their standard errors."""
        n = int(totals[6] + totals[7] + totals[: self.n_players].sum())
        return estimate_pairs([*((f"p_fool_seat{s}", proportion(int(totals[s]), n)) for s in range(self.n_players)),
                               ("p_draw", proportion(int(totals[6]), n))])


@dataclass(frozen=True)
class DurakSimulation(TableResult):
    """Summed kernel counts of a run and the estimates derived from them (``to_frame()``: the seat rows)."""

    rules: DurakRules
    lineup: tuple[str, ...]
    budget: int
    seed: int
    totals: np.ndarray
    run: RunResult | None = field(default=None, compare=False)
    later: bool = False

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def games(self) -> int:
        return int(self.totals[: self.players].sum() + self.totals[6] + self.totals[7])

    @property
    def draws(self) -> int:
        return int(self.totals[6])

    @property
    def aborted(self) -> int:
        return int(self.totals[7])

    def seat_rows(self) -> list[dict[str, Any]]:
        """P(fool) by seat (Wilson 95 % CI) and how often each seat attacked first."""
        rows = []
        for s in range(self.players):
            e = proportion(int(self.totals[s]), self.games)
            rows.append({"seat": s, "policy": self.lineup[s], "fools": e.count, "p_fool": e.estimate,
                         "se": e.se, "ci_low": e.ci_low, "ci_high": e.ci_high,
                         "p_first_attacker": int(self.totals[12 + s]) / self.games})
        return rows

    def rows(self) -> list[dict[str, Any]]:
        return self.seat_rows()

    def summary(self) -> dict[str, Any]:
        d = proportion(self.draws, self.games)
        b = mean_from_sums(self.games, float(self.totals[8]), float(self.totals[9]))
        m = mean_from_sums(self.games, float(self.totals[10]), float(self.totals[11]))
        return {"deck": self.rules.deck, "players": self.players, "games": self.games, "seed": self.seed,
                "lineup": " ".join(self.lineup), "p_draw": d.estimate, "p_draw_ci_low": d.ci_low,
                "p_draw_ci_high": d.ci_high, "mean_bouts": b.mean, "mean_bouts_se": b.se,
                "mean_moves": m.mean, "mean_moves_se": m.se, "aborted": self.aborted,
                **self.again()}

    def again(self) -> dict[str, Any]:
        """In games after a fool (``later``): how often the same seat is the fool again."""
        if not self.later:
            return {}
        e = proportion(int(self.totals[19]), int(self.totals[18]))
        return {"after_loss": self.rules.after_loss, "games_after_a_fool": e.trials, "p_fool_again": e.estimate,
                "p_fool_again_ci_low": e.ci_low, "p_fool_again_ci_high": e.ci_high}

    def _family(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        idx = list(FAMILY_LABELS).index(name)
        off, g = FAMILIES[idx]
        T = self.totals[off: off + 2 * g]
        M = self.totals[off + 2 * g: off + 2 * g + 4 * g * g].reshape(2 * g, 2 * g)
        return T, M

    def group_rows(self, name: str) -> list[dict[str, Any]]:
        """P(fool) by dealt-hand group of one family (``jokers``, ``roles``, ``trumps``, ``first``)."""
        T, M = self._family(name)
        g = T.size // 2
        rows = []
        for k, (est, se) in enumerate(group_rates(T, M, self.games)):
            lo, hi = share_interval(est, se, int(T[g + k]))  # a proportion: inside [0, 1]
            rows.append({"group": FAMILY_LABELS[name][k], "players": int(T[g + k]), "fools": int(T[k]),
                         "p_fool": est, "se": se, "ci_low": lo, "ci_high": hi})
        return rows

    def _contrast(self, name: str, plus: int, minus: int) -> Rate:
        T, M = self._family(name)
        coef = np.zeros(T.size // 2)
        coef[plus] += 1.0
        coef[minus] -= 1.0
        return contrast(T, M, self.games, coef)

    def value_rows(self) -> list[dict[str, Any]]:
        """What each joker is worth: P(fool) without it minus with it, in percentage points."""
        rows = []
        for fam, names in (("jokers", ("red joker", "black joker", "both jokers")),
                           ("roles", ("high joker", "low joker"))):
            for k, label in enumerate(names, start=1):
                est, se = self._contrast(fam, 0, k)
                rows.append({"holding": label, "by": "colour" if fam == "jokers" else "role",
                             **rate_dict(est, se, 100.0)})
        return rows

    def first_attacker_edge(self) -> dict[str, float]:
        """P(fool) of the other players minus that of the first attacker, in percentage points."""
        est, se = self._contrast("first", 1, 0)
        return rate_dict(est, se, 100.0)

    TABLES = ("seats", "values", *FAMILY_LABELS)

    def table(self, name: str = "seats") -> list[dict[str, Any]]:
        """One of the tables the CLI prints: ``seats``, ``values`` (the jokers' worth) or a group
        family (``jokers``, ``roles``, ``trumps``, ``first``)."""
        if name == "seats":
            return self.seat_rows()
        if name == "values":
            return self.value_rows()
        if name in FAMILY_LABELS:
            return self.group_rows(name)
        raise DurakError(f"unknown table {name!r} (known: {', '.join(self.TABLES)})")

    def to_dict(self) -> dict[str, Any]:
        """The summary, the seat rows, every other table and the first attacker's edge."""
        out = super().to_dict()
        out.update(plain({"tables": {n: self.table(n) for n in self.TABLES if n != "seats"},
                          "first_attacker_edge": self.first_attacker_edge()}))
        return out

    def to_frame(self, table: str = "seats") -> pd.DataFrame:
        """A table as a DataFrame: ``to_frame("values")`` what each joker is worth, in points."""
        import pandas as pd

        return pd.DataFrame(self.table(table))


def simulate_durak(rules: DurakRules, lineup: Sequence[str], games: int | None = 20_000, seed: int = 0,
                   budget: int = DEFAULT_BUDGET, chunk_size: int | None = None, later: bool = False,
                   **engine: Any) -> DurakSimulation:
    """Play ``games`` self-play games (or run to an engine precision target).

    ``later``: each tallied game is the one after a game on another deal, so its first attacker
    is the last fool's neighbour (rule ``after_loss``; after a draw the ``first_attack`` rule).
    """
    task = DurakTask.make(rules, lineup, budget, later)
    res = run(task, trials=games, seed=seed, chunk_size=chunk_for(lineup, chunk_size), **engine)
    return DurakSimulation(rules, tuple(lineup), int(budget), int(seed), np.asarray(res.totals), res, later)
