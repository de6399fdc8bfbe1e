"""House edge and return of a casino stud game under a strategy: exact, or sampled over
situations with each situation's exact result.

A board game (J-poker) is the mixture, over the designated card, of "card w is wild" deals
(probability (1 - doc)/n each on an n-card deck: 52, or a short 36 or 32) and "dealer's open
card" deals (doc). By suit symmetry only the ranks of w need work (13 on 52 cards).
Dealer's-open-card deals are always enumerated exactly. With ``method="sampled"`` the "card w is
wild" deals are stratified by the player's hand class (:mod:`analyzer.games.stud.stratified`):
sampled hands are valued exactly against every up card and every dealer hole-card set, and the
result carries a 95 % CI of that sampling. Several strategies are valued in one pass
(:func:`house_edges`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.cards import RANK_CHARS, get_deck
from analyzer.games.stud.exact import (
    BINOM,
    HandTables,
    Strategy,
    Tally,
    event_names,
    hand_tables,
    release_tables,
    strategy_rule,
    tallies,
    tally_value,
)
from analyzer.games.stud.game import StudError, StudGame
from analyzer.games.stud.stratified import StrataSample, fraction_for, sample_hands
from analyzer.results import TableResult
from analyzer.stats import Z95

__all__ = ["DEFAULT_HANDS", "STRATEGIES", "EdgeResult", "house_edge", "house_edges"]

STRATEGIES = ("optimal", "always", "qualifier", "pair", "high_card:AK")
DEFAULT_HANDS = 130_000
Visitor = Callable[[int | None, bool, float, HandTables, Tally | StrataSample], None]


@dataclass(frozen=True)
class EdgeResult(TableResult):
    """The player's expected result per deal (antes) and how it comes about."""

    game: str
    strategy: str
    method: str
    ev: float
    se: float = 0.0
    ev_exact: Fraction | None = None
    bet_frequency: float = 0.0
    p_qualify: float = 0.0
    events: list[dict[str, Any]] = field(default_factory=list)
    parts: dict[str, float] = field(default_factory=dict)
    trials: int = 0
    seconds: float = 0.0

    @property
    def house_edge(self) -> float:
        return -self.ev

    @property
    def ci(self) -> tuple[float, float]:
        return (self.house_edge - Z95 * self.se, self.house_edge + Z95 * self.se)

    @property
    def element_of_risk(self) -> float:
        """House edge per unit of total wager (ante + expected bet)."""
        return self.house_edge / (1 + self.bet * self.bet_frequency)

    bet: float = 2.0

    def summary(self) -> dict[str, Any]:
        lo, hi = self.ci
        out = {"game": self.game, "strategy": self.strategy, "method": self.method,
               "house_edge": self.house_edge, "house_edge_ci_low": lo, "house_edge_ci_high": hi,
               "return": 1 + self.ev, "element_of_risk": self.element_of_risk,
               "bet_frequency": self.bet_frequency, "p_dealer_qualifies": self.p_qualify,
               "trials": self.trials, "seconds": round(self.seconds, 2)}
        if self.ev_exact is not None:
            out["house_edge_exact"] = str(-self.ev_exact)
        out.update({f"ev_{k}": v for k, v in self.parts.items()})
        return out

    def rows(self) -> list[dict[str, Any]]:
        """The outcome events: probability and antes won of each."""
        return self.events


class _Mix:
    """Probability-weighted sums of exact parts (Fractions) and sampled parts (float ± var)."""

    def __init__(self, game: StudGame):
        self.game = game
        self.units = dict(event_names(game))
        self.exact_ev = Fraction(0)
        self.exact_events = {k: Fraction(0) for k in self.units}
        self.exact_bet = Fraction(0)
        self.exact_nq = Fraction(0)
        self.s_ev = 0.0
        self.s_var = 0.0
        self.s_events = dict.fromkeys(self.units, 0.0)
        self.s_events_var = dict.fromkeys(self.units, 0.0)
        self.s_bet = 0.0
        self.s_nq = 0.0
        self.trials = 0

    def add_tally(self, t: Tally, weight: Fraction, situations_total: int) -> None:
        """``weight`` × (tally over part of the deals / the deals of its whole stratum)."""
        dealer = t.combos // max(t.situations, 1)
        combos_total = situations_total * dealer
        for k, v in t.events.items():
            p = weight * Fraction(v, combos_total)
            self.exact_events[k] += p
            self.exact_ev += self.units[k] * p
        self.exact_bet += weight * Fraction(t.bet_situations, situations_total)
        self.exact_nq += weight * Fraction(t.not_qualified, combos_total)

    def add_sample(self, sample: StrataSample, k: int, weight: float) -> None:
        """``weight`` × strategy ``k``'s estimates of a stratified sample."""
        self.s_ev += weight * float(sample.ev[k])
        self.s_var += weight * weight * float(sample.var[k])
        self.s_bet += weight * float(sample.bet[k])
        self.s_nq += weight * float(sample.nq[k])
        for e, name in enumerate(self.units):
            self.s_events[name] += weight * float(sample.events[k, e])
            self.s_events_var[name] += weight * weight * float(sample.events_var[k, e])
        self.trials += sample.hands

    def result(self, strategy: str, method: str, seconds: float, parts: dict[str, float]) -> EdgeResult:
        exact_only = self.trials == 0
        rows = []
        for name, units in self.units.items():
            p = float(self.exact_events[name]) + self.s_events[name]
            row: dict[str, Any] = {"event": name, "units": float(units), "probability": p}
            if not exact_only:
                row["se"] = math.sqrt(self.s_events_var[name])
            row["contribution"] = float(units) * p
            rows.append(row)
        ev = float(self.exact_ev) + self.s_ev
        return EdgeResult(self.game.name, strategy, method, ev, math.sqrt(self.s_var),
                          self.exact_ev if exact_only else None,
                          float(self.exact_bet) + self.s_bet, 1 - float(self.exact_nq) - self.s_nq,
                          rows, parts, self.trials, seconds, bet=float(self.game.bet))


def house_edges(game: StudGame, strategies: tuple[Strategy, ...] = ("optimal",), method: str = "auto",
                hands: int = DEFAULT_HANDS, seed: int = 0, ranks: tuple[int, ...] | None = None,
                names: tuple[str, ...] | None = None, merge: int = 1,
                visit: Visitor | None = None) -> list[EdgeResult]:
    """House edge of ``game`` under each strategy (``optimal``, ``always``, ``qualifier``, a minimum
    hand such as ``pair`` or ``high_card:AK``, or a per-group rule array), in one pass.

    ``method``: ``exact`` (also ``auto``: every deal enumerated, quicker than the sample);
    ``sampled`` (board games: about ``hands`` player hands in all, spread over the deck's wild ranks,
    each valued against every up card). ``ranks`` limits a board game to some wild ranks (the result is then that mixture).
    ``merge``: adjacent hand classes per sampling stratum. ``visit(w, doc, probability, tables,
    part)`` sees every deal type while its tables are built (``part``: its Tally or StrataSample;
    with a visitor, gains are kept for it).
    """
    keep = visit is not None
    if method not in ("auto", "exact", "sampled"):
        raise StudError(f"unknown method {method!r} (known: auto, exact, sampled)")
    labels = names or tuple(s if isinstance(s, str) else f"rule {i}" for i, s in enumerate(strategies))
    t0 = time.perf_counter()
    mixes = [_Mix(game) for _ in strategies]
    if game.designation != "board":
        ts = tallies(game, strategies, keep_gain=keep)
        for mix, t in zip(mixes, ts, strict=True):
            mix.add_tally(t, Fraction(1), t.situations)
        if visit is not None:
            visit(None, False, 1.0, hand_tables(game), ts[0])
        secs = time.perf_counter() - t0
        return [m.result(name, "exact", secs, {}) for m, name in zip(mixes, labels, strict=True)]
    use_exact = method != "sampled"
    deck = get_deck(game.deck)
    if deck.jokers or deck.copies > 1 or deck.removed:
        raise StudError(f"a board designation names one card of a plain deck (52, 36 or 32 cards), not {game.deck!r}")
    n = deck.size
    rank_list = tuple(deck.ranks) if ranks is None else tuple(ranks)
    for r in rank_list:
        if r not in deck.ranks:
            raise StudError(f"bad wild rank {r}: the {n}-card deck's ranks are {deck.lowest_rank} "
                            f"({RANK_CHARS[deck.lowest_rank]}) .. 12 (A)")
    share = Fraction(1, len(rank_list))
    doc = game.doc_probability
    dealer_all = int(BINOM[n, 5]) * (n - 5)  # every player hand against every up card: the stratum
    ev_doc = [Fraction(0) for _ in strategies]
    fraction = fraction_for(max(1, hands // len(rank_list)), n)
    tds: list[Tally] = []
    tables: HandTables | None = None
    for r in rank_list:
        ts = tds = []  # the last rank's tallies and their gains (~100 MB each) go before this sweep,
        tables = None  # and its tables (~190 MB), before the next are built (their build alone
        release_tables()  # passes 250 MB for a moment): each rank's are built once in this pass
        w = r * 4 + 3
        tables = hand_tables(game, w)
        ts = tallies(game, strategies, wild_card=w, keep_gain=keep) if use_exact and doc < 1 else []
        tds = tallies(game, strategies, wild_card=w, doc=True, keep_gain=keep)  # exact: ts's sweep reused
        for k, td in enumerate(tds):
            mixes[k].add_tally(td, doc * share, td.situations)
            ev_doc[k] += share * tally_value(game, td)
        if visit is not None and doc > 0:
            visit(w, True, float(doc * share), tables, tds[0])
        tds = []  # its gains, a copy of ts's for one up card, are no longer needed
        if doc == 1:
            continue
        if use_exact:
            for mix, t in zip(mixes, ts, strict=True):
                mix.add_tally(t, (1 - doc) * share, dealer_all)
            if visit is not None:
                visit(w, False, float((1 - doc) * share), tables, ts[0])
            continue
        rules = np.array([strategy_rule(tables, game, s) for s in strategies], np.int64)
        sample = sample_hands(game, tables, rules, fraction, seed=np.random.SeedSequence(seed, spawn_key=(r,)),
                              keep_gain=keep, merge=merge)
        for k, mix in enumerate(mixes):
            mix.add_sample(sample, k, float((1 - doc) * share))
        if visit is not None:
            visit(w, False, float((1 - doc) * share), tables, sample)
    secs = time.perf_counter() - t0
    return [m.result(name, "exact" if use_exact else "sampled", secs, {"dealers_open_card": float(e)})
            for m, name, e in zip(mixes, labels, ev_doc, strict=True)]


def house_edge(game: StudGame, strategy: Strategy = "optimal", method: str = "auto",
               hands: int = DEFAULT_HANDS, seed: int = 0, ranks: tuple[int, ...] | None = None) -> EdgeResult:
    """:func:`house_edges` for one strategy."""
    return house_edges(game, (strategy,), method, hands, seed, ranks)[0]
