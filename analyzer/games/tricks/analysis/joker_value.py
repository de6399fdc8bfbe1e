"""A joker's value, causal and paired: the same deals played with none, one and two jokers at a seat.

For every sampled deal a seat is studied (the given one, or one drawn at random). Version 0
gives that seat no joker (any joker it was dealt is swapped with a random non-joker card from
elsewhere in the pack); version 1 swaps one joker into a random card of that hand; version 2
swaps the second joker into another card of it. Every other card, the trump (that of the
version-0 turned card; in a full deal seat 0 names it in each version) and the policies'
random stream are the same in all versions, so ``EV(one) − EV(none)`` and ``EV(two) − EV(none)``
are paired differences on the very same deals, with an SE from their spread over deals. The
swapped-out card goes where the joker was: into another hand, the stock, the turned place or
out of play. All seats play by the policy (heuristic by default). Runs through the engine
(seeded, every backend); the sampling is in :mod:`analyzer.games.tricks.analysis.joker_value_kernels`.

>>> from analyzer.games.tricks.rules import trick_rules
>>> r = joker_value(trick_rules("georgian-joker"), 3, deals=400, seed=1)
>>> r.one.trials, r.one.mean > 0
(400, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.engine import RunResult, run
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import TrickRules
from analyzer.stats import MeanEstimate, estimate_pairs, mean_from_sums, proportion

__all__ = ["JokerValueResult", "JokerValueTask", "joker_value"]

POLICIES = {"random": 0, "heuristic": 1}
WIDTH = 19  # = joker_value_kernels.WIDTH (kept here so that the module imports without numba)
COMPARISONS = ((1, 0), (2, 0), (2, 1))  # (jokers, against)


def _block(totals: np.ndarray, players: int, seat: int | None) -> np.ndarray:
    """The seat's sums, or every seat's added together (``seat`` None)."""
    t = np.asarray(totals).reshape(players, WIDTH)
    return t.sum(axis=0) if seat is None else t[seat]


def _diff(b: np.ndarray, k: int) -> MeanEstimate:
    return mean_from_sums(int(b[0]), float(b[13 + 2 * k]), float(b[14 + 2 * k]))


def _ev(b: np.ndarray, v: int) -> MeanEstimate:
    return mean_from_sums(int(b[0]), float(b[1 + 4 * v]), float(b[2 + 4 * v]))


@dataclass(frozen=True)
class JokerValueTask:
    """Engine task of :func:`analyzer.games.tricks.analysis.joker_value_kernels.joker_value_chunk`."""

    params: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    policies: np.ndarray
    seat: int  # -1: drawn for each deal

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.joker_value_kernels import joker_value_chunk

        return joker_value_chunk(state, n, self.pack, self.players, self.cards, self.params, self.policies,
                                 self.seat)

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """The paired value of one joker (and of two, when the seat holds two cards or more)."""
        b = _block(totals, self.players, None)
        names = ("one_vs_none", "two_vs_none")[: 2 if self.cards >= 2 else 1]
        return estimate_pairs((name, _diff(b, k)) for k, name in enumerate(names))


@dataclass(frozen=True)
class JokerValueResult:
    """The paired joker values over every studied seat, and by seat."""

    rules: TrickRules
    cards: int
    seat: int | None
    policy: str
    deals: int
    seed: int
    totals: np.ndarray
    run: RunResult

    @property
    def one(self) -> MeanEstimate:
        """EV with one joker minus EV with none, per deal (the seats studied pooled)."""
        return _diff(_block(self.totals, self.rules.players, None), 0)

    @property
    def two(self) -> MeanEstimate | None:
        """EV with two jokers minus EV with none (None for 1-card deals)."""
        return _diff(_block(self.totals, self.rules.players, None), 1) if self.cards >= 2 else None

    def rows(self) -> list[dict[str, Any]]:
        """One row per seat (``all`` first when the seat is drawn) and comparison: EVs, P(made), the paired value with CI."""
        p = self.rules.players
        seats: list[int | None] = [self.seat] if self.seat is not None else [None, *range(p)]
        rows = []
        for s in seats:
            b = _block(self.totals, p, s)
            if b[0] == 0:
                continue
            for k, (j, a) in enumerate(COMPARISONS):
                if j == 2 and self.cards < 2:
                    continue
                d, ev, base = _diff(b, k), _ev(b, j), _ev(b, a)
                rows.append({"seat": "all" if s is None else str(s), "jokers": j, "against": a,
                             "deals": d.trials, "ev": ev.mean, "ev_against": base.mean,
                             "p_made": proportion(int(b[3 + 4 * j]), d.trials).estimate,
                             "p_made_against": proportion(int(b[3 + 4 * a]), d.trials).estimate,
                             "value": d.mean, "se": d.se, "ci_low": d.ci_low, "ci_high": d.ci_high})
        return rows

    def meta(self) -> dict[str, Any]:
        return {"game": self.rules.name, "draw": self.rules.draw, "cards": self.cards,
                "tricks": self.rules.tricks_in_deal(self.cards),
                "seat": "random" if self.seat is None else self.seat, "policy": self.policy,
                "deals": self.deals, "seed": self.seed, "stop": self.run.stop_reason}


def joker_value(rules: TrickRules, cards: int, deals: int | None = 20_000, seed: int = 0, seat: int | None = None,
                policy: str = "heuristic", chunk_size: int | None = None, **engine: Any) -> JokerValueResult:
    """The paired value of one and of two jokers at ``seat`` (None: a random seat per deal) on
    ``deals`` deals of ``cards`` cards, every seat playing ``policy``."""
    if policy not in POLICIES:
        raise JokerOddsError(f"policy must be one of {', '.join(POLICIES)}, got {policy!r}")
    p = rules.players
    if not 1 <= cards <= rules.deck_size // p:
        raise JokerOddsError(f"cards must be 1..{rules.deck_size // p}, got {cards}")
    if seat is not None and not 0 <= seat < p:
        raise JokerOddsError(f"seat must be 0..{p - 1} (0 left of the dealer, {p - 1} the dealer), got {seat}")
    deck = trick_deck(rules.deck)
    if deck.spec.jokers < 2:
        raise JokerOddsError(f"deck {rules.deck} has fewer than two jokers")
    task = JokerValueTask(rules.params(), deck_array(deck), p, cards, np.full(p, POLICIES[policy], np.int64),
                          -1 if seat is None else seat)
    res = run(task, trials=deals, seed=seed, chunk_size=chunk_size or 2048, **engine)
    return JokerValueResult(rules, cards, seat, policy, res.trials, seed, np.asarray(res.totals), res)
