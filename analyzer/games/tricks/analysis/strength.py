"""Policies compared in duplicate: the same deals, policy A rotated over every seat against B.

For each deal, every seat plays B once (the baseline), then for each seat s the deal is
replayed with A at s and B at the others; the deal's value is the mean over seats of A's score
at s minus B's score at s. With ``others`` (a third policy at the other seats) the deal is
played twice per seat s, A at s and B at s, ``others`` elsewhere (pimc-bid against pimc, both
among heuristic players, is the worth of pimc's bidding by search). Its mean over deals carries an SE and a 95 % CI (deals are
independent). Deals with or without drawing (when drawing, every line-up draws the same
stock). Runs through the engine (seeded, every backend). pimc's options (:func:`pimc_cfg`): K
worlds per decision, the solver's node budget, the bid mode, the world model (``playout``: the
rest of the deal played by every seat's policy, the exact solver for the last ``endgame``
tricks once nothing is left to draw; ``paranoid``: the exact solver's guaranteed score
throughout, no drawing).

>>> from analyzer.games.tricks.rules import trick_rules
>>> r = strength(trick_rules("georgian-joker"), 3, "heuristic", "random", deals=300, seed=1)
>>> r.diff.mean > 0, r.deals
(True, 300)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.defaults import PIMC_ENDGAME, PIMC_K, chunk_for
from analyzer.engine import RunResult, run
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import TrickRules
from analyzer.pieces import NO_PIECES
from analyzer.results import TableResult
from analyzer.stats import MeanEstimate, mean_from_sums

__all__ = ["CODES", "MODELS", "StrengthResult", "StrengthTask", "pimc_cfg", "strength"]

CODES = {"random": 0, "heuristic": 1, "pimc": 2, "pimc-bid": 3}
BID_MODES = {"heuristic": 1, "playouts": 0, "bounds": 2, "guaranteed": 3}  # kernel codes
MODELS = {"paranoid": 0, "playout": 1}  # pimc's world models (kernel codes)


@dataclass(frozen=True)
class StrengthTask:
    """Engine task of :func:`strength`."""

    params: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    a: int
    b: int
    cfg: np.ndarray
    others: int = -1  # the other seats' policy (-1: B)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals (their count is the last entry)."""
        return outcome_problem(totals, trials, {"deals": [totals.size - 1]})

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        carry = self.start_chunk()
        self.run_piece(state, carry, n)
        return self.finish_chunk(carry)

    @property
    def piece_trials(self) -> int:
        """The first piece's deals when a chunk runs in timed pieces (Ctrl-C lands between two):
        one with a pimc seat (a deal takes tenths of a second), else no pieces (whole chunks)."""
        return 1 if max(self.a, self.b, self.others) >= CODES["pimc"] else NO_PIECES

    def start_chunk(self) -> list[Any]:
        return [None]  # the carry of strength_start, made by the first piece from the chunk's state

    def run_piece(self, state: np.ndarray, carry: list[Any], n: int) -> None:
        from analyzer.games.tricks.analysis.strength_kernels import strength_piece, strength_start

        others = self.b if self.others < 0 else self.others
        if carry[0] is None:
            carry[0] = strength_start(state, self.pack, self.players, self.a, self.b, others, self.cfg)
        strength_piece(carry[0], n, self.players, self.cards, self.params, self.a, self.b, others)

    def finish_chunk(self, carry: list[Any]) -> np.ndarray:
        return np.asarray(carry[0][3])

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """The mean difference per deal and its SE."""
        e = _diff(totals, self.players, int(totals[3 + 4 * self.players]))
        return {"diff": (e.mean, e.se)}


def _diff(t: np.ndarray, p: int, n: int) -> MeanEstimate:
    e = mean_from_sums(n, float(t[0]), float(t[1]))
    return MeanEstimate(e.trials, e.mean / p, e.sd / p, e.se / p, e.ci_low / p, e.ci_high / p)


@dataclass(frozen=True)
class StrengthResult(TableResult):
    """A against B: the mean score difference per deal, and by seat."""

    rules: TrickRules
    cards: int
    a: str
    b: str
    deals: int
    seed: int
    diff: MeanEstimate
    by_seat: list[MeanEstimate]
    a_score: list[float]
    b_score: list[float]
    nodes: int
    k: int
    budget: int
    bid_mode: str
    model: str
    endgame: int
    run: RunResult
    others: str = ""  # the other seats' policy when not B

    def rows(self) -> list[dict[str, Any]]:
        rows = [{"seat": "all", "a": self.a, "b": self.b, "deals": self.deals, "diff": self.diff.mean,
                 "se": self.diff.se, "ci_low": self.diff.ci_low, "ci_high": self.diff.ci_high,
                 "a_score": float(np.mean(self.a_score)), "b_score": float(np.mean(self.b_score))}]
        for s, e in enumerate(self.by_seat):
            rows.append({"seat": str(s), "a": self.a, "b": self.b, "deals": self.deals, "diff": e.mean,
                         "se": e.se, "ci_low": e.ci_low, "ci_high": e.ci_high, "a_score": self.a_score[s],
                         "b_score": self.b_score[s]})
        return rows

    def summary(self) -> dict[str, Any]:
        return self.meta()

    def meta(self) -> dict[str, Any]:
        m = {"game": self.rules.name, "cards": self.cards, "a": self.a, "b": self.b, "deals": self.deals,
             "seed": self.seed, "stop": self.run.stop_reason}
        if self.others:
            m["others"] = self.others
        if any(x.startswith("pimc") for x in (self.a, self.b, self.others)):
            m.update({"k": self.k, "budget": self.budget, "bid_mode": self.bid_mode, "model": self.model,
                      "endgame": self.endgame, "solver_nodes": self.nodes})
        return m


def pimc_cfg(rules: TrickRules, k: int = PIMC_K, budget: int = 200_000, bid_mode: str = "heuristic",
             model: str = "playout", endgame: int = PIMC_ENDGAME) -> np.ndarray:
    """pimc's options as the kernels' array, checked against the rules.

    >>> from analyzer.games.tricks.rules import trick_rules
    >>> pimc_cfg(trick_rules("georgian-joker"), k=16).tolist()
    [16, 200000, 1, 1, 3]
    """
    from analyzer.games.tricks.policies.pimc_move import (
        C_BID,
        C_BUDGET,
        C_ENDGAME,
        C_K,
        C_MODEL,
        CFG_SIZE,
    )

    if bid_mode not in BID_MODES:
        raise JokerOddsError(f"bid_mode must be one of {', '.join(BID_MODES)}, got {bid_mode!r}")
    if model not in MODELS:
        raise JokerOddsError(f"model must be one of {', '.join(MODELS)}, got {model!r}")
    if k < 1 or budget < 1 or endgame < 0:
        raise JokerOddsError(f"pimc needs k >= 1, budget >= 1 and endgame >= 0, got {k}, {budget}, {endgame}")
    if rules.draw != "none" and model == "paranoid":
        raise JokerOddsError("the paranoid model needs the exact solver, which needs draw=none "
                             "(use --model playout)")
    if rules.draw != "none" and bid_mode not in ("heuristic", "playouts"):
        raise JokerOddsError("with drawing pimc bids by the heuristic or by playouts (--bid-mode heuristic "
                             "or playouts): the solver needs draw=none")
    cfg = np.zeros(CFG_SIZE, np.int64)
    cfg[C_K], cfg[C_BUDGET], cfg[C_BID] = k, budget, BID_MODES[bid_mode]
    cfg[C_MODEL], cfg[C_ENDGAME] = MODELS[model], endgame
    return cfg


def strength(rules: TrickRules, cards: int, a: str = "pimc", b: str = "heuristic", deals: int | None = 200,
             seed: int = 0, k: int = PIMC_K, budget: int = 200_000, bid_mode: str = "heuristic",
             model: str = "playout", endgame: int = PIMC_ENDGAME, chunk_size: int | None = None, others: str | None = None,
             **engine: Any) -> StrengthResult:
    """A (rotated over the seats) against B on the same ``deals`` deals of ``cards`` cards (the
    other seats play ``others``, by default B)."""
    if a not in CODES or b not in CODES or (others is not None and others not in CODES):
        raise JokerOddsError(f"unknown policy (known: {', '.join(CODES)})")
    top = rules.deck_size // rules.players if rules.draw == "none" else (rules.deck_size - 1) // rules.players
    if not 1 <= cards <= top:
        raise JokerOddsError(f"cards must be 1..{top}, got {cards}")
    cfg = pimc_cfg(rules, k, budget, bid_mode, model, endgame)
    oth = "" if others is None or others == b else others
    task = StrengthTask(rules.params(), deck_array(trick_deck(rules.deck)), rules.players, cards, CODES[a],
                        CODES[b], cfg, CODES[oth] if oth else -1)
    cs = chunk_size or chunk_for("tricks strength", pimc=any(x.startswith("pimc") for x in (a, b, oth)))
    res = run(task, trials=deals, seed=seed, chunk_size=cs, **engine)
    t = res.totals
    p = rules.players
    n = res.trials
    by_seat = [mean_from_sums(n, float(t[2 + s]), float(t[2 + p + s])) for s in range(p)]
    return StrengthResult(rules, cards, a, b, n, seed, _diff(t, p, n), by_seat,
                          [float(t[2 + 3 * p + s]) / n for s in range(p)],
                          [float(t[2 + 2 * p + s]) / n for s in range(p)], int(t[2 + 4 * p]), k, budget,
                          bid_mode, model, endgame, res, oth)
