"""Points left: whole deals played out (:mod:`analyzer.games.rummy.game`) on the engine.

Every deal is played by the drawing policies given seat by seat and the ``open-asap`` melding
heuristic; with ``rotate`` each deal is replayed once per rotation of the policies round the
table, so that policies are compared on the same cards from every seat. Counted per seat (and
per policy slot when rotating): the deal's score (−50·2^jokers for going out, else the points
left in hand); blocked deals (no one out within the turn cap) are counted apart.

>>> r = points_left(players=3, trials=60, seed=2, chunk_size=30, quiet=True)
>>> int(r.seat_hist.sum()) + 3 * r.blocked == 3 * 60
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.defaults import CHUNK
from analyzer.engine import run
from analyzer.games.rummy.game import M_TURNS, M_WINNER, play_deal, scores
from analyzer.games.rummy.policy import POLICIES
from analyzer.games.rummy.solver import joker_cap
from analyzer.games.rummy.turns import check_range, table_setup
from analyzer.kernels.jit import kernel
from analyzer.results import TableResult
from analyzer.stats import (
    MeanEstimate,
    ProportionEstimate,
    estimate_pairs,
    mean_from_sums,
    proportion,
)

__all__ = ["OUT_SCORES", "PointsResult", "PointsTask", "points_chunk", "points_left"]

LOW = 400   # score bin offset: index = score + LOW
NBINS = 1001
ROUNDS = 201
OUT_SCORES = (-50, -100, -200, -400)


@kernel(nogil=True)
def points_chunk(state, n, deck, policies, cap, max_turns, joker_points, rotate):
    """``n`` deals: [seat score hists, policy-slot score hists, blocked count, rounds hist]."""
    players = policies.shape[0]
    out = np.zeros(2 * players * NBINS + 1 + ROUNDS, np.int64)
    hands = np.zeros((players, 55), np.int64)
    stock = np.zeros(deck.shape[0], np.int64)
    pile = np.zeros(deck.shape[0], np.int64)
    table = np.zeros((48, 6), np.int64)
    tjok = np.zeros(55, np.int64)
    opened = np.zeros(players, np.int64)
    own = np.zeros(players, np.int64)
    meta = np.zeros(16, np.int64)
    free = np.zeros(55, np.int64)
    rows = np.zeros((8, 16), np.int64)
    sc = np.zeros(players, np.int64)
    seat_pol = np.zeros(players, np.int64)
    saved = state.copy()
    pack = deck.copy()
    base = 2 * players * NBINS
    for _ in range(n):
        saved[:] = state
        reps = players if rotate else 1
        after = state.copy()
        for r in range(reps):
            if rotate:
                state[:] = saved
                pack[:] = deck
            for s in range(players):
                seat_pol[s] = policies[(s + r) % players]
            play_deal(state, pack, hands, stock, pile, table, tjok, opened, own, meta, seat_pol, cap,
                      max_turns, joker_points, free, rows)
            if r == 0:
                after[:] = state
            scores(hands, meta, sc)
            rounds = (meta[M_TURNS] + players - 1) // players
            out[base + 1 + min(rounds, ROUNDS - 1)] += 1
            if meta[M_WINNER] < 0:
                out[base] += 1
                continue
            for s in range(players):
                b = min(max(sc[s] + LOW, 0), NBINS - 1)
                out[s * NBINS + b] += 1
                slot = (s + r) % players
                out[(players + slot) * NBINS + b] += 1
        if rotate:
            state[:] = after
    return out


@dataclass(frozen=True)
class PointsTask:
    """Engine task for :func:`points_chunk`."""

    deck: np.ndarray
    policies: np.ndarray
    cap: int
    max_turns: int
    joker_points: int
    rotate: bool

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return points_chunk(state, n, self.deck, self.policies, self.cap, self.max_turns, self.joker_points,
                            self.rotate)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals (once per rotation with ``rotate``):
        each seat's and each slot's histogram plus the blocked deals, and the rounds histogram,
        count every deal once (layout: :func:`points_chunk`)."""
        players = self.policies.shape[0]
        base = 2 * players * NBINS
        groups: dict[str, Any] = {f"score histogram {h} with the blocked deals": [*range(h * NBINS, (h + 1) * NBINS), base]
                  for h in range(2 * players)}
        groups["rounds histogram"] = slice(base + 1, None)
        return outcome_problem(totals, trials, groups, players if self.rotate else 1)

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """Each seat's P(going out)."""
        h = totals[:self.policies.shape[0] * NBINS].reshape(-1, NBINS)
        return estimate_pairs((f"seat{s}_out", proportion(int(h[s, :LOW].sum()), int(h[s].sum())))
                              for s in range(h.shape[0]))


def _mean(hist: np.ndarray, lo: int = 0, hi: int = NBINS) -> MeanEstimate:
    v = np.arange(NBINS, dtype=float) - LOW
    h = hist[lo:hi].astype(float)
    return mean_from_sums(int(h.sum()), float((h * v[lo:hi]).sum()), float((h * v[lo:hi] ** 2).sum()))


@dataclass(frozen=True)
class PointsResult(TableResult):
    """Score histograms (index = score + 400) by seat and by policy slot, blocked deals, rounds;
    ``to_frame()``: the summary rows."""

    players: int
    policies: tuple[str, ...]
    deck: str
    seat_hist: np.ndarray
    slot_hist: np.ndarray
    blocked: int
    rounds_hist: np.ndarray
    rotate: bool
    extra: dict[str, Any] = field(default_factory=dict)

    def p_out(self, hist: np.ndarray) -> ProportionEstimate:
        return proportion(int(hist[:LOW].sum()), int(hist.sum()))

    def _row(self, label: str, policy: str, h: np.ndarray) -> dict[str, Any]:
        win = self.p_out(h)
        score = _mean(h)
        left = _mean(h, LOW + 1) if h[LOW + 1:].sum() else None
        row: dict[str, Any] = {"who": label, "policy": policy, "deals": int(h.sum()), "p_out": win.estimate,
                               "ci_low": win.ci_low, "ci_high": win.ci_high, "mean_score": score.mean,
                               "se_score": score.se,
                               "mean_points_left": left.mean if left else float("nan")}
        for v in OUT_SCORES:
            row[f"p_{-v}"] = float(h[v + LOW] / h.sum()) if h.sum() else float("nan")
        return row

    def summary(self) -> dict[str, Any]:
        return {"players": self.players, "policies": list(self.policies), "deck": self.deck,
                "rotate": self.rotate, "deals": int(self.seat_hist[0].sum()) + self.blocked,
                "blocked": self.blocked}

    def rows(self) -> list[dict[str, Any]]:
        return self.summary_rows()

    def summary_rows(self) -> list[dict[str, Any]]:
        """Per seat (and per policy when rotating): P(going out), mean score, mean points left."""
        rows = [self._row(f"seat{s}", self.policies[s] if not self.rotate else "rotated", self.seat_hist[s])
                for s in range(self.players)]
        if self.rotate:
            rows += [self._row(f"slot{i}", self.policies[i], self.slot_hist[i]) for i in range(self.players)]
        return rows

    def left_rows(self, width: int = 10) -> list[dict[str, Any]]:
        """The distribution of points left in the losers' hands (all seats), in bins of ``width``."""
        h = self.seat_hist.sum(axis=0)[LOW:]
        n = h.sum()
        rows = []
        top = int(np.nonzero(h)[0].max()) if h.any() else 0
        for lo in range(0, top + 1, width):
            c = int(h[lo:lo + width].sum())
            rows.append({"points_from": lo, "points_to": lo + width - 1, "hands": c, "p": float(c / n) if n else 0.0})
        return rows


def points_left(players: int = 4, policy: str | list[str] = "greedy", deck: str = "2x52+2",
                trials: int | None = None, seed: int = 0, cap: int | None = None, max_turns: int = 1000,
                joker_points: int = 10, rotate: bool = False, chunk_size: int = CHUNK["rummy points"],
                **engine: Any) -> PointsResult:
    """Play ``trials`` whole deals at a table of ``players`` and count the scores."""
    players, spec, codes = table_setup(players, deck, policy)
    joker_points = check_range(joker_points, "joker points", 0, 50)
    max_turns = check_range(max_turns, "max_turns", 10, 100_000)
    if trials is None and engine.get("target_se") is None and engine.get("target_rel_se") is None:
        trials = 2_000
    task = PointsTask(spec.cards.astype(np.int64), codes, joker_cap(cap), int(max_turns), int(joker_points),
                      bool(rotate))
    res = run(task, trials=trials, seed=seed, chunk_size=chunk_size, **engine)
    t = np.asarray(res.totals, dtype=np.int64)
    base = 2 * players * NBINS
    names = {v: k for k, v in POLICIES.items()}
    extra = {"trials": res.trials, "chunks": res.chunks_done, "chunk_size": chunk_size,
             "stop": res.stop_reason, "seed": seed, **res.precision}
    return PointsResult(players, tuple(names[int(c)] for c in codes), spec.name,
                        t[:players * NBINS].reshape(players, NBINS).copy(),
                        t[players * NBINS:base].reshape(players, NBINS).copy(), int(t[base]),
                        t[base + 1:].copy(), bool(rotate), extra)

