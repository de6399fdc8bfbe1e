"""Self-play of the trick games through the simulation engine, with 95 % intervals.

Deals are played inside kernels (:mod:`analyzer.games.tricks.analysis.selfplay_kernels`); a run is cut
into engine chunks, so a seed gives the same numbers on every backend and thread count.

>>> from analyzer.games.tricks.rules import trick_rules
>>> r = play_deals(trick_rules("georgian-joker"), cards=3, policies=["heuristic"] * 4, deals=2000, seed=1)
>>> r.deals, len(r.score), round(sum(r.bid_hist[0]), 6)
(2000, 4, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.checkpoint import order_problem, outcome_problem
from analyzer.defaults import CHUNK, chunk_for
from analyzer.engine import RunResult, chunk_state, run
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import TrickRules
from analyzer.pieces import NO_PIECES
from analyzer.results import TableResult
from analyzer.stats import MeanEstimate, ProportionEstimate, mean_from_sums, proportion

__all__ = ["GamesResult", "PlayResult", "PlayTask", "parse_policies", "play_deals", "play_games",
           "play_games_each"]

POLICIES = ("random", "heuristic", "pimc", "pimc-bid")  # kernel codes 0..3
DEFAULT_CHUNK = CHUNK["tricks play"]


def parse_policies(players: int, default: str, seats: Sequence[str] = ()) -> list[str]:
    """Per-seat policy names from a default and ``SEAT=POLICY`` overrides.

    >>> parse_policies(4, "heuristic", ["2=random"])
    ['heuristic', 'heuristic', 'random', 'heuristic']
    """
    if default not in POLICIES:
        raise JokerOddsError(f"unknown policy {default!r} (known: {', '.join(POLICIES)})")
    out = [default] * players
    for item in seats:
        seat, sep, name = str(item).partition("=")
        if not sep or not seat.strip().isdigit():
            raise JokerOddsError(f"policy seat {item!r} is not SEAT=POLICY")
        s = int(seat)
        if not 0 <= s < players:
            raise JokerOddsError(f"policy seat {s} is not a seat 0..{players - 1}")
        if name.strip() not in POLICIES:
            raise JokerOddsError(f"unknown policy {name.strip()!r} (known: {', '.join(POLICIES)})")
        out[s] = name.strip()
    return out


def _codes(policies: Sequence[str]) -> np.ndarray:
    return np.array([POLICIES.index(p) for p in policies], dtype=np.int64)


@dataclass(frozen=True)
class PlayTask:
    """Engine task: independent deals of ``cards`` cards (``games``: whole games instead)."""

    params: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    policies: np.ndarray
    games: bool = False
    schedule: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    sets: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    bins: int = 0
    cfg: np.ndarray | None = None  # pimc's options when a seat plays pimc

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.selfplay_kernels import deals_chunk, games_chunk

        cfg = self.cfg  # None: no pimc seat, and the kernels are compiled without pimc
        if cfg is not None:  # the pieces' kernels: pimc is compiled once
            carry: list[Any] = self.start_chunk()
            self.run_piece(state, carry, n * self.piece_units)
            return self.finish_chunk(carry)
        if self.games:
            return games_chunk(state, n, self.pack, self.players, self.schedule, self.sets, self.params,
                               self.policies, cfg)
        return deals_chunk(state, n, self.pack, self.players, self.cards, self.params, self.policies, cfg)

    @property
    def piece_trials(self) -> int:
        """The first piece's deals when a chunk runs in timed pieces (Ctrl-C lands between two):
        one with a pimc seat (a deal takes tenths of a second), else no pieces (whole chunks)."""
        return 1 if self.cfg is not None else NO_PIECES

    @property
    def piece_units(self) -> int:
        """Deals in a trial: a game's (pieces may stop and start within a game), else one."""
        return len(self.schedule) if self.games else 1

    def start_chunk(self) -> list[Any]:
        return [None]  # the carry of deals_start (games_start), made by the first piece from the chunk's state

    def run_piece(self, state: np.ndarray, carry: list[Any], n: int) -> None:
        """The chunk's next ``n`` deals (with ``games``: in the games on the schedule)."""
        from analyzer.games.tricks.analysis import selfplay_kernels as k

        if self.games:
            if carry[0] is None:
                carry[0] = k.games_start(state, self.pack, self.players, self.policies, self.cfg)
            k.games_piece(carry[0], n, self.players, self.schedule, self.sets, self.params, self.policies)
            return
        if carry[0] is None:
            carry[0] = k.deals_start(state, self.pack, self.players, self.cards, self.params, self.policies, self.cfg)
        k.deals_piece(carry[0], n, self.players, self.cards, self.params, self.policies)

    def finish_chunk(self, carry: list[Any]) -> np.ndarray:
        return np.asarray(carry[0][0][3] if self.games else carry[0][3])

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals (games): every seat's bid and trick
        histograms count each deal once, bids made and wins at most that."""
        p, nb = self.players, self.bins
        if self.games:
            return outcome_problem(totals, trials, {"games": [5 * p]}) or order_problem(
                totals, [(f"wins of player {s}", [2 * p + s], [5 * p]) for s in range(p)])
        hist = {f"seat {s} {what}": slice(3 * p + (h * p + s) * nb, 3 * p + (h * p + s + 1) * nb)
                for h, what in enumerate(("bids", "tricks")) for s in range(p)}
        return outcome_problem(totals, trials, hist) or order_problem(
            totals, [(f"seat {s} bids made", [2 * p + s], hist[f"seat {s} bids"]) for s in range(p)])

    def trials_in(self, totals: np.ndarray) -> int:
        p = self.players
        return int(totals[5 * p]) if self.games else int(totals[3 * p:3 * p + self.bins].sum())

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """Each seat's (player's) mean score and its standard error."""
        p = self.players
        n = self.trials_in(totals)
        out = {}
        for s in range(p):
            e = mean_from_sums(n, float(totals[s]), float(totals[p + s]))
            out[f"score{s}"] = (e.mean, e.se)
        return out


@dataclass(frozen=True)
class PlayResult(TableResult):
    """Per seat: mean score, P(bid made), bid and trick distributions (fractions of deals)."""

    rules: TrickRules
    cards: int
    policies: tuple[str, ...]
    deals: int
    seed: int
    score: list[MeanEstimate]
    made: list[ProportionEstimate]
    bid_hist: list[list[float]]
    trick_hist: list[list[float]]
    mean_bid: list[float]
    mean_tricks: list[float]
    run: RunResult

    def summary(self) -> dict[str, Any]:
        return {"game": self.rules.name, "cards": self.cards, "policies": list(self.policies),
                "deals": self.deals, "seed": self.seed}

    def rows(self) -> list[dict[str, Any]]:
        return [{"seat": s, "policy": self.policies[s], "mean_score": e.mean, "se": e.se,
                 "ci_low": e.ci_low, "ci_high": e.ci_high, "p_made": m.estimate,
                 "p_made_low": m.ci_low, "p_made_high": m.ci_high, "mean_bid": self.mean_bid[s],
                 "mean_tricks": self.mean_tricks[s]}
                for s, (e, m) in enumerate(zip(self.score, self.made, strict=True))]


def _check_cards(rules: TrickRules, cards: int) -> None:
    top = rules.max_cards if rules.jokers == "georgian" else rules.deck_size // rules.players
    if rules.draw == "after-trick":
        top = (rules.deck_size - 1) // rules.players
    if not 1 <= cards <= top:
        raise JokerOddsError(f"cards must be 1..{top} for {rules.players} players, got {cards}")


def _pimc(rules: TrickRules, policies: Sequence[str], pimc: dict[str, Any] | None) -> np.ndarray | None:
    """pimc's options array when a seat plays pimc (``pimc``: k, budget, bid_mode, model, endgame)."""
    if not any(p.startswith("pimc") for p in policies):
        return None
    from analyzer.games.tricks.analysis.strength import pimc_cfg

    return pimc_cfg(rules, **(pimc or {}))


def play_deals(rules: TrickRules, cards: int, policies: Sequence[str], deals: int | None = None,
               seed: int = 0, chunk_size: int | None = None, pimc: dict[str, Any] | None = None,
               **engine: Any) -> PlayResult:
    """Play ``deals`` independent deals of ``cards`` cards each (seat 0 left of the dealer);
    ``pimc``: the options of the pimc seats (see :func:`analyzer.games.tricks.analysis.strength.pimc_cfg`)."""
    _check_cards(rules, cards)
    if len(policies) != rules.players:
        raise JokerOddsError(f"{len(policies)} policies for {rules.players} players")
    cfg = _pimc(rules, policies, pimc)
    task = PlayTask(rules.params(), deck_array(trick_deck(rules.deck)), rules.players, cards,
                    _codes(policies), bins=rules.tricks_in_deal(cards) + 1, cfg=cfg)
    cs = chunk_size or chunk_for("tricks play", pimc=cfg is not None)
    res = run(task, trials=deals, seed=seed, chunk_size=cs, **engine)
    t = res.totals
    p = rules.players
    nb = rules.tricks_in_deal(cards) + 1
    n = res.trials
    bh = t[3 * p:3 * p + p * nb].reshape(p, nb)
    th = t[3 * p + p * nb:3 * p + 2 * p * nb].reshape(p, nb)
    score = [mean_from_sums(n, float(t[s]), float(t[p + s])) for s in range(p)]
    made = [proportion(int(t[2 * p + s]), n) for s in range(p)]
    vals = np.arange(nb)
    return PlayResult(rules, cards, tuple(policies), n, seed, score, made,
                      [(row / n).tolist() for row in bh], [(row / n).tolist() for row in th],
                      [float((row * vals).sum() / n) for row in bh],
                      [float((row * vals).sum() / n) for row in th], res)


@dataclass(frozen=True)
class GamesResult(TableResult):
    """Per player over whole games: mean total, P(best total, shared counts), exact deals."""

    rules: TrickRules
    policies: tuple[str, ...]
    games: int
    seed: int
    total: list[MeanEstimate]
    wins: list[ProportionEstimate]
    exact_per_game: list[float]
    premiums_per_game: list[float]
    premium_per_set: list[ProportionEstimate]
    premium_by_set: list[list[ProportionEstimate]]
    run: RunResult

    def summary(self) -> dict[str, Any]:
        return {"game": self.rules.name, "policies": list(self.policies), "games": self.games,
                "seed": self.seed}

    def rows(self) -> list[dict[str, Any]]:
        return [{"player": s, "policy": self.policies[s], "mean_total": e.mean, "se": e.se,
                 "ci_low": e.ci_low, "ci_high": e.ci_high, "p_best": w.estimate,
                 "p_best_low": w.ci_low, "p_best_high": w.ci_high,
                 "exact_deals": self.exact_per_game[s], "premiums": self.premiums_per_game[s],
                 "p_premium_per_set": self.premium_per_set[s].estimate,
                 "p_premium_se": self.premium_per_set[s].se,
                 "p_premium_low": self.premium_per_set[s].ci_low,
                 "p_premium_high": self.premium_per_set[s].ci_high}
                for s, (e, w) in enumerate(zip(self.total, self.wins, strict=True))]


def _games_task(rules: TrickRules, policies: Sequence[str], pimc: dict[str, Any] | None) -> PlayTask:
    """The engine task of whole games on the rules' schedule, the policies checked."""
    if len(policies) != rules.players:
        raise JokerOddsError(f"{len(policies)} policies for {rules.players} players")
    sched = np.array(rules.schedule_cards(), dtype=np.int64)
    for c in sched:
        _check_cards(rules, int(c))
    sets = np.array(rules.schedule_sets(), dtype=np.int64)
    return PlayTask(rules.params(), deck_array(trick_deck(rules.deck)), rules.players, 0,
                    _codes(policies), True, sched, sets, cfg=_pimc(rules, policies, pimc))


def play_games(rules: TrickRules, policies: Sequence[str], games: int | None = None, seed: int = 0,
               chunk_size: int | None = None, pimc: dict[str, Any] | None = None,
               **engine: Any) -> GamesResult:
    """Play whole games on the rules' schedule; player p deals deal p-1, p-1+P, … (``policies``
    by player; ``pimc``: the options of the pimc players). P(premium) per set: the chance that a
    player is exact in every deal of a set, over all his sets (sets are independent: fresh deals),
    and by set."""
    task = _games_task(rules, policies, pimc)
    cs = chunk_size or chunk_for("tricks play --schedule", pimc=task.cfg is not None)
    return _games_result(rules, policies, run(task, trials=games, seed=seed, chunk_size=cs, **engine))


def play_games_each(rules: TrickRules, policies: Sequence[str], games: int, seed: int = 0,
                    pimc: dict[str, Any] | None = None, workers: int | None = None
                    ) -> tuple[GamesResult, np.ndarray]:
    """:func:`play_games` with one game per chunk (the same numbers as ``chunk_size=1``), and
    every game's final totals by player, shape ``(games, players)``. The chunks run in this
    process on ``workers`` threads (default: the CPUs), without the engine's per-chunk round
    trip, which costs more than a heuristic game.

    >>> from analyzer.games.tricks.rules import trick_rules
    >>> r = trick_rules("joker-54")
    >>> g, finals = play_games_each(r, ["heuristic"] * 3, 4, seed=1)
    >>> finals.shape, bool((finals.sum(axis=0) == g.run.totals[:3]).all())
    ((4, 3), True)
    """
    import os
    from concurrent.futures import ThreadPoolExecutor
    from itertools import pairwise

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise JokerOddsError(f"games must be an integer ≥ 1, got {games!r}")
    task = _games_task(rules, policies, pimc)
    each: list[np.ndarray] = [np.zeros(0, np.int64)] * games

    def play(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            each[i] = task.run_chunk(chunk_state(seed, i), 1)

    n_workers = max(1, min(workers or os.cpu_count() or 1, games))
    cuts = np.linspace(0, games, n_workers + 1).astype(int)
    with ThreadPoolExecutor(n_workers) as pool:
        for fut in [pool.submit(play, int(a), int(b)) for a, b in pairwise(cuts)]:
            fut.result()
    per_game = np.stack(each)
    res = RunResult(per_game.sum(axis=0), games, games, seed)
    return _games_result(rules, policies, res), per_game[:, :rules.players].copy()


def _games_result(rules: TrickRules, policies: Sequence[str], res: RunResult) -> GamesResult:
    """The :class:`GamesResult` of a games run's summed vector."""
    sets = np.array(rules.schedule_sets(), dtype=np.int64)
    seed = res.seed
    t = res.totals
    p = rules.players
    n = res.trials
    n_sets = int(sets.max()) + 1
    by_set = t[5 * p + 1:5 * p + 1 + 4 * p].reshape(p, 4)[:, :n_sets]
    return GamesResult(rules, tuple(policies), n, seed,
                       [mean_from_sums(n, float(t[s]), float(t[p + s])) for s in range(p)],
                       [proportion(int(t[2 * p + s]), n) for s in range(p)],
                       [float(t[3 * p + s]) / n for s in range(p)],
                       [float(t[4 * p + s]) / n for s in range(p)],
                       [proportion(int(by_set[s].sum()), n * n_sets) for s in range(p)],
                       [[proportion(int(x), n) for x in by_set[s]] for s in range(p)], res)
