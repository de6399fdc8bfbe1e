"""The optimal fold/bet decisions turned into a rule a player can use, and what it costs.

Every situation's bet-minus-fold EV (exact, or from the stratified sample for a board game) is
summed by *cell*: the up card's rank, whether it pairs one of the player's cards, the wild state
(none seen, the player holds it, the up card is wild) and the player's hand strength. In each
group the rule is one threshold hand — bet it or better, fold below — chosen to lose the least
against optimal play. The loss of that rule, and of the named simple strategies, is read off the
same sums (per ante, over all deals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.cards import RANK_CHARS
from analyzer.evaluator import Evaluator, decode_tiebreak
from analyzer.games.stud.edge import DEFAULT_HANDS, house_edges
from analyzer.games.stud.exact import BINOM, HandTables, Tally
from analyzer.games.stud.game import StudError, StudGame, parse_threshold
from analyzer.games.stud.kernels import N_GROUPS
from analyzer.games.stud.kernels.loops import cell_mass_sums, cell_sums
from analyzer.games.stud.stratified import StrataSample
from analyzer.kernels.distinct import set_classes
from analyzer.results import plain
from analyzer.rules import Category

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CellCollector", "CellSums", "StrategyReport", "best_thresholds", "collect_cells", "hand_words",
           "strategy_report"]

WILD_STATES = ("no wild card seen", "you hold the wild card", "the up card is wild")
RANK_NAMES = "23456789TJQKA*"


def hand_words(score: int, ev: Evaluator) -> str:
    """A hand strength in words, e.g. ``high card A-K-J-8-3`` or ``pair of 6s, J-8-3``.

    >>> ev = Evaluator("standard")
    >>> hand_words(ev.score("As Kd Jh 8c 3s"), ev), hand_words(ev.score("6s 6d Jh 8c 3s"), ev)
    ('high card A-K-J-8-3', 'pair of 6s, J-8-3')
    """
    cat = ev.category(score)
    ranks = [RANK_CHARS[r] for r in decode_tiebreak(score) if r >= 0]
    if cat is Category.PAIR and len(ranks) == 5:
        return f"pair of {ranks[0]}s, {'-'.join(ranks[2:])}"
    return f"{cat.label} {'-'.join(ranks)}"


@dataclass
class CellSums:
    """Σ P(situation)·(bet EV − fold EV) by (group, player score), and Σ P·max(0, ·)."""

    groups: np.ndarray  # (cells,)
    scores: np.ndarray  # (cells,) ascending within a group
    gain: np.ndarray    # (cells,)
    optimal_gain: float  # Σ P·max(0, gain) over situations: what optimal betting adds to folding all
    evaluator: Evaluator
    sampled: bool = False  # from a stratified sample of hands (else every situation)
    group_prob: np.ndarray = field(default_factory=lambda: np.zeros(N_GROUPS))
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=list)

    def add(self, groups: np.ndarray, scores: np.ndarray, values: np.ndarray) -> None:
        self.parts.append((groups, scores, values))

    def close(self) -> None:
        g = np.concatenate([p[0] for p in self.parts]).astype(np.int64)
        s = np.concatenate([p[1] for p in self.parts]).astype(np.int64)
        v = np.concatenate([p[2] for p in self.parts])
        key = g << 32 | (s & 0xFFFFFFFF)
        uniq, inv = np.unique(key, return_inverse=True)
        self.groups, self.scores = uniq >> 32, uniq & 0xFFFFFFFF
        self.gain = np.bincount(inv, v, uniq.size)
        self.parts = []


def best_thresholds(groups: np.ndarray, scores: np.ndarray, gain: np.ndarray) -> dict[int, tuple[int, float]]:
    """Per group, the threshold score t maximising Σ gain over scores ≥ t (``2**31``: never bet),
    with that sum.

    >>> best_thresholds(np.array([0, 0, 0]), np.array([1, 2, 3]), np.array([-1.0, 0.5, 2.0]))
    {0: (2, 2.5)}
    """
    key = groups.astype(np.int64) << 32 | (scores.astype(np.int64) & 0xFFFFFFFF)
    uniq, inv = np.unique(key, return_inverse=True)
    groups, scores, gain = uniq >> 32, uniq & 0xFFFFFFFF, np.bincount(inv, gain, uniq.size)
    out: dict[int, tuple[int, float]] = {}
    for g in np.unique(groups):
        sel = groups == g
        sc, ga = scores[sel], gain[sel]
        tail = np.cumsum(ga[::-1])[::-1]  # Σ gain over scores ≥ sc[i]
        i = int(np.argmax(tail))
        out[int(g)] = (int(sc[i]), float(tail[i])) if tail[i] > 0 else (2**31, 0.0)
    return out


def _add_situations(sums: CellSums, tables: HandTables, hands: np.ndarray, gain: np.ndarray,
                    prob: np.ndarray, first_up: int = 0, mass: CellSums | None = None,
                    pc: np.ndarray | None = None) -> None:
    """Add situations (hands × up cards ``first_up`` onwards, NaN gain = none) with probability
    ``prob`` per hand, summed by cell at once (an exact pass has millions of situations per deal type);
    ``mass``: also each cell's probability, summed in the same sweep; ``pc``: the hands' classes if known."""
    wild_pos = tables.evaluator.wild[tables.pos_code].astype(np.uint8)
    hands = np.ascontiguousarray(hands, np.int64)
    if pc is None:
        pc = set_classes(hands, tables.cls, BINOM)
    args = (hands, gain, np.ascontiguousarray(prob, np.float64), pc,
            tables.scores.size, tables.pos_code, wild_pos, first_up)
    if mass is None:
        dense, group_prob, positive = cell_sums(*args)
    else:
        dense, group_prob, positive, dense_mass, total = cell_mass_sums(*args)
        _add_dense(mass, tables, dense_mass, group_prob, total)
    _add_dense(sums, tables, dense, group_prob, positive)


def _add_dense(sums: CellSums, tables: HandTables, dense: np.ndarray, group_prob: np.ndarray,
               positive: float) -> None:
    """Add a kernel's (group, class) sums, its sums by group and its positive part to ``sums``."""
    grp, cls = np.nonzero(dense)
    sums.add(grp, tables.scores[cls], dense[grp, cls])
    sums.group_prob += group_prob
    sums.optimal_gain += positive


class CellCollector:
    """A :func:`house_edges` visitor that sums every visited situation's gain by cell; with
    ``mass``, also each cell's probability (in :attr:`mass`, a collector of its own) from the same
    situations, in the same sweep."""

    def __init__(self, mass: bool = False) -> None:
        self.sums: CellSums | None = None
        self.mass_sums: CellCollector | None = CellCollector() if mass else None

    def _open(self, tables: HandTables, sampled: bool) -> CellSums:
        """The sums, made on the first situations seen."""
        if self.sums is None:
            self.sums = CellSums(np.empty(0), np.empty(0), np.empty(0), 0.0, tables.evaluator)
        self.sums.sampled |= sampled
        return self.sums

    def __call__(self, w: int | None, doc: bool, p: float, tables: HandTables,
                 part: Tally | StrataSample) -> None:
        if isinstance(part, Tally):
            assert part.gain is not None and part.reps is not None and part.weights is not None
            hands, prob, first_up = part.reps, p * part.weights / part.situations, part.first_up
            pc = part.classes
        else:
            assert part.gain is not None and part.hand_pos is not None and part.hand_weight is not None
            n = tables.n
            hands, prob, first_up = part.hand_pos, p * part.hand_weight / (comb(n, 5) * (n - 5)), 0
            pc = None
        sampled = not isinstance(part, Tally)
        mass = None if self.mass_sums is None else self.mass_sums._open(tables, sampled)
        _add_situations(self._open(tables, sampled), tables, hands, part.gain, prob, first_up, mass, pc)

    @property
    def mass(self) -> CellCollector:
        """The collector of each cell's probability (made with ``mass=True``)."""
        if self.mass_sums is None:
            raise StudError("this collector sums no cell probabilities (make it with mass=True)")
        return self.mass_sums

    def close(self) -> CellSums:
        assert self.sums is not None, "nothing visited"
        self.sums.close()
        return self.sums


def collect_cells(game: StudGame, hands: int = DEFAULT_HANDS, seed: int = 0, merge: int = 1,
                  method: str = "exact") -> CellSums:
    """Every situation's bet-minus-fold EV summed by cell (exact; ``method="sampled"``: a board
    game's hands sampled as in :func:`house_edges`)."""
    collector = CellCollector()
    house_edges(game, ("optimal",), method, hands, seed, merge=merge, visit=collector)
    return collector.close()


@dataclass
class StrategyReport:
    """The threshold rule per group, in a table and in words, and the costs against optimal."""

    game: str
    method: str
    rows: list[dict[str, Any]]
    text: list[str]
    costs: list[dict[str, Any]]
    thresholds: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        """The rule table, the rule in words and the costs of simpler rules, as plain values."""
        return plain({"game": self.game, "method": self.method, "rule": self.text, "rows": self.rows,
                      "costs": self.costs})

    def to_frame(self, table: str = "rows") -> pd.DataFrame:
        """The rule table (``rows``) or the costs of simpler rules (``costs``) as a DataFrame."""
        import pandas as pd

        if table not in ("rows", "costs"):
            raise StudError(f"unknown table {table!r} (known: rows, costs)")
        return pd.DataFrame(self.rows if table == "rows" else self.costs)

    def rule_array(self, tables: HandTables) -> np.ndarray:
        """The rule as a kernel strategy row for ``tables`` (groups never seen: optimal)."""
        row = np.full(N_GROUPS, -1, np.int64)
        for g, t in self.thresholds.items():
            row[g] = tables.scores.size if t >= 2**31 else tables.class_at_least(t)
        return row


def _ranges(ranks: list[int]) -> str:
    runs: list[list[int]] = []
    for r in ranks:
        if runs and r == runs[-1][-1] + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    return ", ".join(RANK_NAMES[a[0]] + (f"–{RANK_NAMES[a[-1]]}" if len(a) > 1 else "") for a in runs)


def strategy_report(game: StudGame, hands: int = DEFAULT_HANDS, seed: int = 0,
                    cells: CellSums | None = None, method: str = "exact") -> StrategyReport:
    """Turn the optimal decisions into one threshold hand per group; cost of it and of simple rules
    (from ``cells``, or from every situation; ``method="sampled"``: a board game's sampled hands)."""
    sums = cells if cells is not None else collect_cells(game, hands, seed, method=method)
    ev = sums.evaluator
    best = best_thresholds(sums.groups, sums.scores, sums.gain)
    rule_gain = sum(v for _, v in best.values())
    rows: list[dict[str, Any]] = []
    text: list[str] = []
    never = "never bet"
    has_wild = bool(ev.wbits) or game.designation == "board"  # Caribbean Stud has none: say nothing of it
    for ws, ws_name in enumerate(WILD_STATES):
        for match in (0, 1):
            col: dict[str, list[int]] = {}
            for ur in range(14):
                g = ur * 6 + match * 3 + ws
                if g not in best:
                    continue
                t = best[g][0]
                words = never if t >= 2**31 else hand_words(t, ev)
                col.setdefault(words, []).append(ur)
                rows.append({"up_card": RANK_NAMES[ur], "up_pairs_your_card": bool(match),
                             "wild": ws_name if has_wild else "none in this game", "bet_at_least": words,
                             "probability": float(sums.group_prob[g])})
            if col:
                where = f"{'' if ws == 0 else ws_name + ', '}up card {'pairing' if match else 'not pairing'} one of yours"
                parts = [f"against {_ranges(r)} {'never bet' if w == never else 'bet ' + w + ' or better'}"
                         for w, r in sorted(col.items(), key=lambda kv: kv[1][0])]
                text.append(f"{where[0].upper()}{where[1:]}: " + "; ".join(parts) + ".")
    costs: list[dict[str, Any]] = [{"strategy": "optimal (every situation)", "gain_over_folding": sums.optimal_gain, "cost": 0.0},
             {"strategy": "threshold rule above", "gain_over_folding": rule_gain,
              "cost": sums.optimal_gain - rule_gain}]
    seen: set[int] = set()
    for name in ("qualifier", "pair", "high_card:AK", "always"):
        try:
            q = strategy_threshold_score(game, ev, name)
        except StudError:  # a threshold the game's rules cannot express
            continue
        if q in seen:
            continue
        seen.add(q)
        g_sum = float(sums.gain[sums.scores >= q].sum())
        costs.append({"strategy": f"bet {name} or better" if name != "always" else "always bet",
                      "gain_over_folding": g_sum, "cost": sums.optimal_gain - g_sum})
    coarse = best_thresholds(sums.groups % 6, sums.scores, sums.gain) if sums.scores.size else {}
    coarse_gain = sum(v for _, v in coarse.values())
    costs.insert(2, {"strategy": "one threshold per column (ignore the up card's rank)",
                     "gain_over_folding": coarse_gain, "cost": sums.optimal_gain - coarse_gain})
    for key, (t, _) in sorted(coarse.items()):
        ws, match = key % 3, key // 3
        text.append(f"Simpler ({WILD_STATES[ws] + ', ' if has_wild else ''}up card {'pairing' if match else 'not pairing'} one of yours): "
                    + ("never bet." if t >= 2**31 else f"bet {hand_words(t, ev)} or better."))
    text.append(f"The rule by up card costs {costs[1]['cost']:.4%} of the ante against optimal play; "
                f"the simpler one {costs[2]['cost']:.4%}.")
    return StrategyReport(game.name, "sampled" if sums.sampled else "exact", rows, text,
                          costs, {g: t for g, (t, _) in best.items()})


def strategy_threshold_score(game: StudGame, ev: Evaluator, name: str) -> int:
    """The lowest score a named simple strategy bets."""
    if name == "always":
        return -(2**31)
    if name == "qualifier":
        return game.qualifier.min_score(ev.rules)
    return parse_threshold(name, "strategy").min_score(ev.rules)
