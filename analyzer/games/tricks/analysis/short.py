"""Short poker for tricks, the numbers a player asks for: per-deal odds, one hand's play/pass, the game to 5.

Every Monte Carlo figure runs through :func:`analyzer.engine.run` (same seed, same numbers on any
number of workers) and carries its SE and 95 % CI.

>>> r = short_rules()
>>> d = play_short_deals(r, ["heuristic"] * 4, deals=2_000, seed=1)
>>> 0 < d.p_throw_in.estimate < 1 and abs(sum(d.tricks_dist) - 1) < 1e-9
True
>>> solve_short(r, ["Jk As Ks Qs Js", "7c 8c 9c Tc Jc", "7d 8d 9d Td Jd", "7h 8h 9h Th Jh"], "s", 0)
5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from importlib import import_module
from typing import Any, ClassVar

import numpy as np

from analyzer.engine import DEFAULT_CHUNK, run
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.analysis.short_game import DealOutcomes, GameOdds, game_odds
from analyzer.games.tricks.deck import parse_mask, parse_trump, trick_deck
from analyzer.games.tricks.rules import TrickRules, short_rules
from analyzer.results import TableResult
from analyzer.stats import (
    MeanEstimate,
    ProportionEstimate,
    estimate_pairs,
    mean_from_sums,
    proportion,
)

__all__ = ["HandOdds", "PackTask", "ShortDeals", "ShortGames", "hand_odds", "play_short_deals", "play_short_games",
           "short_game_odds", "short_rules", "solve_short"]
_CHUNKS = "analyzer.games.tricks.analysis.short_chunks"  # the kernels, loaded on first use


def _policy_codes(rules: TrickRules, policies: Sequence[str]) -> np.ndarray:
    from analyzer.games.tricks.kernels.short import SHORT_POLICIES

    if len(policies) != rules.players:
        raise JokerOddsError(f"{len(policies)} policies for {rules.players} players")
    for p in policies:
        if p not in SHORT_POLICIES:
            raise JokerOddsError(f"unknown policy {p!r} for short-tricks (known: {', '.join(SHORT_POLICIES)})")
    return np.array([SHORT_POLICIES.index(p) for p in policies], np.int64)


def _cfg(rules: TrickRules, codes: np.ndarray, pimc: dict[str, Any] | None) -> np.ndarray:
    """pimc's options array (zeros when no seat plays pimc; pimc declares as the heuristic)."""
    from analyzer.games.tricks.analysis.strength import pimc_cfg
    from analyzer.games.tricks.policies.pimc_move import CFG_SIZE

    opts = dict(pimc or {})
    if opts.get("bid_mode", "heuristic") != "heuristic":
        raise JokerOddsError("short-tricks: pimc says play or pass as the heuristic (no --bid-mode)")
    if not (codes == 2).any():
        return np.zeros(CFG_SIZE, np.int64)
    return pimc_cfg(rules, **opts)


def _pack(rules: TrickRules) -> np.ndarray:
    from analyzer.games.tricks.analysis.short_chunks import trick_bits

    return np.array(trick_bits(rules), np.int64)


@dataclass(frozen=True)
class PackTask:
    """An engine task whose kernel ``KERNEL`` (``"module:name"``, loaded on first use) takes ``(state, n,
    pack, rp, *rest)``: a copy of the pack (the kernel shuffles it), the rules' parameters, then the
    subclass's own fields in order.

    >>> [f.name for f in fields(_DealsTask)], _DealsTask.KERNEL.split(":")[1]
    (['rp', 'pack', 'policies', 'dd', 'cfg'], 'deals_chunk')
    """

    rp: np.ndarray
    pack: np.ndarray
    KERNEL: ClassVar[str] = ""

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        module, _, name = self.KERNEL.partition(":")
        rest = [getattr(self, f.name) for f in fields(self)[2:]]
        return getattr(import_module(module), name)(state, n, self.pack.copy(), self.rp, *rest)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class _DealsTask(PackTask):
    KERNEL: ClassVar[str] = f"{_CHUNKS}:deals_chunk"
    policies: np.ndarray
    dd: int
    cfg: np.ndarray

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """What a precision target covers: P(thrown in) and P(the maker's side takes k tricks), over deals."""
        n = int(totals[0])
        by_seat = totals[2:len(totals) - 36 * int(self.dd)].reshape(-1, 6)
        return estimate_pairs([("p_throw_in", proportion(int(totals[1]), n)),
                               *((f"p_tricks_{k}", proportion(int(by_seat[:, k].sum()), n)) for k in range(6))])


@dataclass(frozen=True)
class ShortDeals(TableResult):
    """Random deals under chosen policies: who makes, the maker side's tricks, the DD value."""

    rules: TrickRules
    policies: tuple[str, ...]
    deals: int
    seed: int
    p_throw_in: ProportionEstimate
    p_maker: list[ProportionEstimate]  # by seat
    tricks: list[ProportionEstimate]  # the maker side's tricks 0..5, over made deals
    dd: np.ndarray | None  # joint counts [dd tricks, tricks taken] over made deals
    outcomes: DealOutcomes

    @property
    def tricks_dist(self) -> list[float]:
        return [t.estimate for t in self.tricks]

    def summary(self) -> dict[str, Any]:
        made = self.tricks[3].count + self.tricks[4].count + self.tricks[5].count
        return {"game": self.rules.name, "deals": self.deals, "seed": self.seed, "policies": list(self.policies),
                "p_throw_in": self.p_throw_in.estimate, "p_made": made / max(1, self.tricks[0].trials)}

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for k, t in enumerate(self.tricks):
            row = {"tricks": k, "points": self.rules.deal_points(k), "p": t.estimate, "se": t.se,
                   "ci_low": t.ci_low, "ci_high": t.ci_high}
            if self.dd is not None:
                n = max(1.0, float(self.dd.sum()))
                row["p_dd"] = float(self.dd[k].sum()) / n
            out.append(row)
        return out


def play_short_deals(rules: TrickRules, policies: Sequence[str], deals: int | None = 100_000, seed: int = 0,
                     dd: bool = False, chunk_size: int = DEFAULT_CHUNK, pimc: dict[str, Any] | None = None,
                     **engine: Any) -> ShortDeals:
    """Play random deals (seat 0 left of the dealer); ``dd`` also solves each made deal double-dummy;
    ``pimc``: the pimc seats' options (k, budget, model, endgame)."""
    codes = _policy_codes(rules, policies)
    task = _DealsTask(rules.params(), _pack(rules), codes, int(dd), _cfg(rules, codes, pimc))
    res = run(task, trials=deals, seed=seed, chunk_size=chunk_size, **engine)
    t = res.totals
    n = int(t[0])
    p = rules.players
    by_seat = t[2:2 + 6 * p].reshape(p, 6)
    made = int(by_seat.sum())
    tricks = [proportion(int(by_seat[:, k].sum()), made) for k in range(6)]
    eldest: dict[int, float] = {}
    dealer: dict[int, float] = {}
    for seat in range(p):
        target = eldest if rules.side_of(seat) == rules.side_of(0) else dealer
        for k in range(6):
            pts = rules.deal_points(k)
            target[pts] = target.get(pts, 0.0) + float(by_seat[seat, k]) / n
    joint = t[2 + 6 * p:].reshape(6, 6) if dd else None
    outcomes = DealOutcomes.from_probs(eldest, dealer) if rules.sides == 2 and made else DealOutcomes((), ())
    return ShortDeals(rules, tuple(policies), n, seed, proportion(int(t[1]), n),
                      [proportion(int(by_seat[s].sum()), n) for s in range(p)], tricks, joint, outcomes)


@dataclass(frozen=True)
class _HandTask:
    hand: int
    seat: int
    cand: int
    pack: np.ndarray
    rp: np.ndarray
    policies: np.ndarray
    cfg: np.ndarray

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """What a precision target covers: P(3+ tricks) and play minus pass, over the deals measured."""
        n = int(totals[1])
        return estimate_pairs([("p_make", proportion(int(totals[5:8].sum()), n)),
                               ("gain", mean_from_sums(n, float(totals[12]), float(totals[13])))])

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.short_chunks import hand_chunk

        return hand_chunk(state, n, np.uint64(self.hand), self.seat, np.uint64(self.cand),  # type: ignore[no-any-return]
                          self.pack.copy(), self.rp, self.policies, self.cfg)


@dataclass(frozen=True)
class HandOdds(TableResult):
    """One hand at one seat with a known trump: the maker side's tricks if it plays, EV play vs pass."""

    rules: TrickRules
    hand: str
    trump: str
    seat: int
    deals: int
    seed: int
    tricks: list[ProportionEstimate]
    ev_play: MeanEstimate
    ev_pass: MeanEstimate
    gain: MeanEstimate  # play minus pass, paired on the same deals
    p_reach: ProportionEstimate  # P(every seat before this one passes)

    @property
    def p_make(self) -> ProportionEstimate:
        n = self.tricks[0].trials
        return proportion(sum(t.count for t in self.tricks[3:]), n)

    def summary(self) -> dict[str, Any]:
        return {"hand": self.hand, "trump": self.trump, "seat": self.seat, "deals": self.deals, "seed": self.seed,
                "p_make": self.p_make.estimate, "p_march": self.tricks[5].estimate,
                "ev_play": self.ev_play.mean, "ev_pass": self.ev_pass.mean, "gain": self.gain.mean,
                "gain_se": self.gain.se, "decision": "play" if self.gain.mean > 0 else "pass"}

    def rows(self) -> list[dict[str, Any]]:
        return [{"tricks": k, "points": self.rules.deal_points(k), "p": t.estimate, "se": t.se,
                 "ci_low": t.ci_low, "ci_high": t.ci_high} for k, t in enumerate(self.tricks)]


def hand_odds(rules: TrickRules, hand: str, trump: str | None, seat: int = 0,
              policies: Sequence[str] | None = None, deals: int | None = 20_000, seed: int = 0,
              chunk_size: int = 1_000, **engine: Any) -> HandOdds:
    """Monte Carlo over the unseen cards: ``hand`` at ``seat`` (0 = left of the dealer) with ``trump``.

    The turned card is a random card of the trump suit (a joker for ``none`` under the turned-card
    rule); every seat before ``seat`` has passed. Points are the hand's side's (negative when the
    other side writes them).
    """
    deck = trick_deck(rules.deck)
    mask = parse_mask(hand, deck)
    if bin(mask).count("1") != 5:
        raise JokerOddsError(f"a hand has 5 cards, got {bin(mask).count('1')}: {hand!r}")
    if not 0 <= seat < rules.players:
        raise JokerOddsError(f"seat must be 0..{rules.players - 1}, got {seat}")
    t = parse_trump(trump)
    pols = list(policies) if policies is not None else ["heuristic"] * rules.players
    codes = _policy_codes(rules, pols)
    rest = [b for b in _pack(rules).tolist() if not mask >> b & 1]
    if rules.trump == "none":
        if t >= 0:
            raise JokerOddsError("these rules play without trumps: give --trump none")
        cand = 0
    elif t >= 0:
        cand = sum(1 << b for b in rest if b < 61 and b >> 4 == t)
    else:
        cand = sum(1 << b for b in rest if b >= 61)
        if not cand:
            raise JokerOddsError("no trump needs a turned joker, but the hand holds every joker")
    task = _HandTask(mask, seat, cand, np.array(rest, np.int64), rules.params(), codes, _cfg(rules, codes, None))
    res = run(task, trials=deals, seed=seed, chunk_size=chunk_size, **engine)
    tot = res.totals
    n = int(tot[1])
    if n == 0:
        raise JokerOddsError("the seats before this one practically never pass: no deal to measure")
    return HandOdds(rules, hand, "none" if t < 0 else "cdhs"[t], seat, n, seed,
                    [proportion(int(tot[2 + k]), n) for k in range(6)],
                    mean_from_sums(n, float(tot[8]), float(tot[9])),
                    mean_from_sums(n, float(tot[10]), float(tot[11])),
                    mean_from_sums(n, float(tot[12]), float(tot[13])), proportion(n, int(tot[0])))


@dataclass(frozen=True)
class _GamesTask(PackTask):
    KERNEL: ClassVar[str] = f"{_CHUNKS}:games_chunk"
    policies: np.ndarray
    target: int
    premium: np.ndarray
    cfg: np.ndarray

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """What a precision target covers: P(the first deal's eldest side wins the game)."""
        return estimate_pairs([("p_win", proportion(int(totals[1]), int(totals[0])))])


@dataclass(frozen=True)
class ShortGames(TableResult):
    """Whole games to the target by self-play: P(the first deal's eldest side wins), the premiums."""

    rules: TrickRules
    policies: tuple[str, ...]
    games: int
    seed: int
    p_win: ProportionEstimate
    premium: dict[str, ProportionEstimate]
    mean_deals: float

    def summary(self) -> dict[str, Any]:
        return {"games": self.games, "seed": self.seed, "p_win": self.p_win.estimate,
                "p_win_se": self.p_win.se, "mean_deals": self.mean_deals}

    def rows(self) -> list[dict[str, Any]]:
        return [{"event": k, "p": v.estimate, "se": v.se, "ci_low": v.ci_low, "ci_high": v.ci_high}
                for k, v in self.premium.items()]


def play_short_games(rules: TrickRules, policies: Sequence[str], games: int | None = 20_000, seed: int = 0,
                     chunk_size: int = 1_000, pimc: dict[str, Any] | None = None, **engine: Any) -> ShortGames:
    """Self-play of whole games (``policies`` by first-deal seat; the deal passes clockwise;
    ``pimc``: the pimc seats' options)."""
    if rules.sides != 2:
        raise JokerOddsError("whole games are played by two sides (partners, or 2 players)")
    if max(rules.premium_table) > 5 or min(rules.premium_table) < 1:
        raise JokerOddsError("whole-game self-play counts premiums 1..5")
    codes = _policy_codes(rules, policies)
    task = _GamesTask(rules.params(), _pack(rules), codes, rules.target, np.array(rules.premium_table, np.int64),
                      _cfg(rules, codes, pimc))
    res = run(task, trials=games, seed=seed, chunk_size=chunk_size, **engine)
    t = res.totals
    n = int(t[0])
    values = sorted(set(rules.premium_table), reverse=True)
    prem = {f"win {v}": proportion(int(t[2 + v - 1]), n) for v in values}
    prem.update({f"lose {v}": proportion(int(t[2 + 5 + v - 1]), n) for v in values})
    return ShortGames(rules, tuple(policies), n, seed, proportion(int(t[1]), n), prem, float(t[12]) / max(n, 1))


def short_game_odds(rules: TrickRules, policies: Sequence[str], deals: int | None = 200_000, seed: int = 0,
                    show_from: int = -4, **engine: Any) -> tuple[GameOdds, ShortDeals]:
    """The exact game chain fed with the per-deal outcome frequencies of ``policies`` (self-play).

    ``policies`` are by seat of the first deal; side 0 (seat 0's) is eldest in even deals. With
    different policies on the two sides, a second run with the seats rotated gives the odd deals.
    """
    if rules.sides != 2:
        raise JokerOddsError("the game chain covers two sides (partners, or 2 players)")
    from analyzer.games.tricks.analysis.short_game import LOWEST_SHOWN, check_game_can_end

    check_game_can_end(rules)  # before any deal is played
    if not -LOWEST_SHOWN <= show_from <= 0:
        raise JokerOddsError(f"the lowest score shown must be -{LOWEST_SHOWN}..0, got {show_from}")
    pols = list(policies)
    d = play_short_deals(rules, pols, deals, seed, **engine)
    rot = pols[1:] + pols[:1]
    second = None if rot == pols else play_short_deals(rules, rot, deals, seed + 1, **engine).outcomes
    return game_odds(d.outcomes, rules, show_from, second=second), d


def solve_short(rules: TrickRules, hands: Sequence[str], trump: str | None, maker: int) -> int:
    """Double-dummy tricks of the maker's side (seat 0 leads), every hand known."""
    from analyzer.games.tricks.kernels.short import dd_table, dd_tricks

    deck = trick_deck(rules.deck)
    if len(hands) != rules.players:
        raise JokerOddsError(f"{rules.players} hands needed, got {len(hands)}")
    masks = [parse_mask(h, deck) for h in hands]
    sizes = {bin(m).count("1") for m in masks}
    if len(sizes) != 1 or not 1 <= sizes.pop() <= 5:
        raise JokerOddsError("every hand must hold the same number of cards, 1 to 5")
    seen = 0
    for m in masks:
        if seen & m:
            raise JokerOddsError("a card is in two hands")
        seen |= m
    if not 0 <= maker < rules.players:
        raise JokerOddsError(f"maker must be a seat 0..{rules.players - 1}, got {maker}")
    t = parse_trump(trump)
    if rules.trump == "none":
        t = -1
    return int(dd_tricks(np.array(masks, np.uint64), t, maker, rules.params(), dd_table(12)))
