"""The exchange option: before deciding, the player may swap cards for a fee in antes
(J-poker: one card for one ante, two cards for a double ante; ``exchange_fees`` in the game file).

An option's EV is exact: every set of replacement cards from the 46 unseen cards, then the better
of folding and betting against every dealer hole-card set from the cards still unseen (the
discards are dead), minus the fee. The edge under the strategy "take the best option when it
beats not exchanging" is the optimal-strategy edge minus the average gain, sampled over
situations (stratified by the wild card's rank and the dealer's-open-card deal, proportional
allocation) with a 95 % CI. The gain is mostly 0 with rare large values (a flush draw against a
wild up card gains over one ante), so the normal-theory interval needs many situations: in a
simulation from 3,120 J-poker gains it covered the truth ~87 % of the time with 130 situations,
~94 % with 1,040 (~82 % with 104 split equally over the deal types).

A two-phase sample (``screen``) sharpens the interval at a fraction of the cost: the gain of the
one-card exchanges alone (``h``, about 1/60 of the cost) over ``screen`` situations, and the
extra gain of the two-card ones (``g − h`` ≥ 0, usually 0: a double fee is seldom worth paying) over
the first ``situations`` of them; the estimate is ``mean(h) + mean(g − h)``, unbiased, its variance
``var(h)/screen + var(g − h)/situations + 2 cov(h, g − h)/screen`` (the small sample nested in the
large one). With ``screen`` equal to ``situations`` it is the plain sample's, number for number.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.cards import format_card
from analyzer.games.stud import kernels as K
from analyzer.games.stud.advise import parse_situation
from analyzer.games.stud.exact import BINOM, HandTables, hand_tables, kernel_payoffs
from analyzer.games.stud.game import StudError, StudGame
from analyzer.results import TableResult
from analyzer.stats import Z95

__all__ = ["DEFAULT_SITUATIONS", "ExchangeCollector", "ExchangeEdge", "exchange_edge", "exchange_options",
           "game_fees"]

DEFAULT_SITUATIONS = 1040  # enough for a roughly honest 95 % CI of the skewed gain (see above)


def game_fees(game: StudGame, fees: tuple[Fraction, ...] | None = None) -> tuple[Fraction, ...]:
    """The fees for exchanging 1, 2, … cards (``fees`` overrides the game's)."""
    out = game.exchange_fees if fees is None else tuple(fees)
    if not out:
        raise StudError(f"game {game.name!r} has no exchange option: give fees (e.g. --fees 1,2)")
    if len(out) > 2:
        raise StudError(f"exchanges of up to 2 cards are supported, got {len(out)} fees")
    if any(f < 0 for f in out):
        raise StudError(f"exchange fees must be at least 0, got {[str(f) for f in out]}")
    return out


def _kernel_args(game: StudGame, tables: HandTables) -> tuple[Any, ...]:
    _, win_of, nq, tie, lose = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    return win_of, nq, tie, lose, *tables.kernel_tables(), BINOM, qc


def _fee_vector(masks: np.ndarray, fees: tuple[Fraction, ...]) -> np.ndarray:
    return np.array([0.0 if m == 0 else float(fees[bin(int(m)).count("1") - 1]) for m in masks])


def exchange_options(game: StudGame, hand: str, up: str, wild: str | None = None,
                     fees: tuple[Fraction, ...] | None = None) -> list[dict[str, Any]]:
    """Every exchange option of a situation with its exact EV (antes, fee paid), best first."""
    fee = game_fees(game, fees)
    codes, u, wbits, wild_text = parse_situation(game, hand, up, wild)
    tables = hand_tables(game, wbits.bit_length() - 1 if game.designation == "board" else None)
    pos = tables.code_pos[codes.astype(np.int64)]
    order = np.argsort(pos)
    pos, codes = pos[order], codes[order]
    masks = K.exchange_rows(len(fee))
    vals = K.exchange_values(pos, int(tables.code_pos[u]), masks, *_kernel_args(game, tables))
    fv = _fee_vector(masks, fee)
    rows = []
    for m, v, f in zip(masks.tolist(), vals.tolist(), fv.tolist(), strict=True):
        drop = [format_card(int(codes[i])) for i in range(5) if m >> i & 1]
        rows.append({"discard": " ".join(drop) if drop else "(no exchange)", "cards": len(drop),
                     "fee": f, "ev_before_fee": v, "ev": v - f})
    rows.sort(key=lambda r: -r["ev"])
    for i, r in enumerate(rows):
        r["best"] = i == 0
        r["wild"] = wild_text
    return rows


@dataclass(frozen=True)
class ExchangeEdge(TableResult):
    """The average gain of exchanging optimally, and how often it is taken."""

    game: str
    gain: float
    gain_se: float
    exchange_rate: float
    situations: int
    seconds: float
    screen: int = 0  # situations valued on the one-card exchanges (0: every situation on every option)
    two_card_best: int | None = None  # fully valued situations where a two-card exchange beat the rest
    house_edge: float | None = None  # the exact edge without the option (``exact_edge=True``)
    house_edge_exact: str | None = None  # the same as a fraction of the ante

    @property
    def ci(self) -> tuple[float, float]:
        return (self.gain - Z95 * self.gain_se, self.gain + Z95 * self.gain_se)

    def summary(self, house_edge: float | None = None) -> dict[str, Any]:
        """The gain (antes per deal) with its 95 % CI; with the exact edge without the option
        (``house_edge``, else the one computed by ``exact_edge=True``) first, and after the gain
        the edge with the option, exact edge − sampled gain, its interval carried over."""
        lo, hi = self.ci
        edge = self.house_edge if house_edge is None else house_edge
        out: dict[str, Any] = {"game": self.game}
        if edge is not None:
            out["house_edge"] = edge
            if house_edge is None and self.house_edge_exact is not None:
                out["house_edge_exact"] = self.house_edge_exact
        out.update({"exchange_gain": self.gain, "gain_ci_low": lo, "gain_ci_high": hi})
        if edge is not None:
            out.update({"house_edge_with_exchange": edge - self.gain, "house_edge_with_exchange_ci_low": edge - hi,
                        "house_edge_with_exchange_ci_high": edge - lo})
        out.update({"exchange_rate": self.exchange_rate, "situations": self.situations, "screen": self.screen,
                    "two_card_best": self.two_card_best, "seconds": round(self.seconds, 2)})
        return out


def _strata(game: StudGame) -> list[tuple[int | None, bool, float]]:
    """(wild card, dealer's open card?, probability) of each deal type; suit symmetry: 13 ranks."""
    if game.designation != "board":
        return [(None, False, 1.0)]
    doc = float(game.doc_probability)
    out: list[tuple[int | None, bool, float]] = []
    for r in range(13):
        if doc < 1:
            out.append((4 * r + 3, False, (1 - doc) / 13))
        if doc > 0:
            out.append((4 * r + 3, True, doc / 13))
    return out


def stratum_situations(tables: HandTables, w: int | None, doc: bool, count: int,
                       rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``count`` random situations of one deal type: player hands (sorted positions) and up cards
    (on a dealer's-open-card deal, the wild card ``w``); the first ``k`` of ``count`` are those of
    ``k`` drawn from the same stream."""
    n = tables.n
    hands = np.empty((count, 5), np.int64)
    ups = np.empty(count, np.int64)
    for i in range(count):
        if doc:
            up = int(tables.code_pos[w])
            hands[i] = np.sort(rng.choice(np.delete(np.arange(n), up), 5, replace=False))
            ups[i] = up
        else:
            cards = rng.choice(n, 6, replace=False)
            hands[i], ups[i] = np.sort(cards[:5]), cards[5]
    return hands, ups


def situation_gains(game: StudGame, tables: HandTables, hands: np.ndarray, ups: np.ndarray,
                    fees: tuple[Fraction, ...]) -> np.ndarray:
    """Per situation: max(0, best exchange of at most ``len(fees)`` cards, fee paid − no exchange)."""
    masks = K.exchange_rows(len(fees))
    out = K.exchange_batch(hands, ups, masks, _fee_vector(masks, fees), *_kernel_args(game, tables))
    return np.maximum(out[:, 1] - out[:, 0], 0.0)


class ExchangeCollector:
    """Sums exchange gains over deal types: standalone, or as a :func:`house_edges` visitor.

    About ``situations`` situations in all, allocated to each deal type in proportion to its
    probability (at least 2): J-poker's dealer's-open-card deals (3/55) get few, as their gains
    weigh little in the average (an equal split wasted half the sample on them).

    >>> from analyzer.games.stud.game import load_game
    >>> col = ExchangeCollector(load_game("j-poker"), 1040)
    >>> col.count_for(52 / 55 / 13), col.count_for(3 / 55 / 13)
    (76, 4)
    """

    def __init__(self, game: StudGame, situations: int, seed: int = 0,
                 fees: tuple[Fraction, ...] | None = None, screen: int = 0) -> None:
        game.require_52("the exchange option's edge")
        self.game, self.total, self.fees = game, situations, game_fees(game, fees)
        if screen and screen < situations:
            raise StudError(f"the screen ({screen:,}) must hold at least the {situations:,} fully valued situations")
        self.screen = screen if len(self.fees) > 1 else 0  # one fee: every option is a one-card one
        self.rng = np.random.default_rng(np.random.SeedSequence([seed, 5]))
        self.gain = self.var = self.rate = 0.0
        self.done = self.screened = self.two_card_best = 0
        self.t0 = time.perf_counter()

    def count_for(self, p: float) -> int:
        """Situations valued on every option for a deal type of probability ``p``."""
        return max(2, round(self.total * p))

    def screen_for(self, p: float) -> int:
        """Situations valued on the one-card exchanges for a deal type of probability ``p``."""
        return max(self.count_for(p), round(self.screen * p))

    def __call__(self, w: int | None, doc: bool, p: float, tables: HandTables, part: object = None) -> None:
        n = self.count_for(p)
        if not self.screen:
            g = situation_gains(self.game, tables, *stratum_situations(tables, w, doc, n, self.rng), self.fees)
            self._add(p, float(g.mean()), float(g.var(ddof=1)) / n, float((g > 0).mean()), n, 0)
            return
        m = self.screen_for(p)
        hands, ups = stratum_situations(tables, w, doc, m, self.rng)
        h = situation_gains(self.game, tables, hands, ups, self.fees[:1])
        d = situation_gains(self.game, tables, hands[:n], ups[:n], self.fees) - h[:n]
        var = float(h.var(ddof=1)) / m + float(d.var(ddof=1)) / n + 2 * float(np.cov(h[:n], d)[0, 1]) / m
        rate = float((h > 0).mean()) + float(((h[:n] == 0) & (d > 0)).mean())
        self._add(p, float(h.mean()) + float(d.mean()), var, rate, n, m)
        self.two_card_best += int((d > 0).sum())

    def _add(self, p: float, gain: float, var: float, rate: float, n: int, m: int) -> None:
        self.gain += p * gain
        self.var += p * p * var
        self.rate += p * rate
        self.done += n
        self.screened += m

    def result(self) -> ExchangeEdge:
        return ExchangeEdge(self.game.name, self.gain, math.sqrt(max(self.var, 0.0)), self.rate, self.done,
                            time.perf_counter() - self.t0, self.screened,
                            self.two_card_best if self.screen else None)


def exchange_edge(game: StudGame, situations: int = DEFAULT_SITUATIONS, seed: int = 0,
                  fees: tuple[Fraction, ...] | None = None, screen: int = 0,
                  exact_edge: bool = False) -> ExchangeEdge:
    """Average of max(0, best exchange EV − no-exchange EV) over random situations (player hand,
    up card, designation), stratified by deal type with about ``situations`` in all; ``screen`` >
    0: the two-phase sample of the module docstring (about ``screen`` situations on the one-card
    exchanges, the first ``situations`` of them on every exchange). ``exact_edge``: also the
    exact house edge under optimal play without the option, from one pass that enumerates every
    deal and samples the exchange from the same tables (the deal types in that pass's order, so
    the sample differs from the one without it); the result then gives the edge with the option."""
    col = ExchangeCollector(game, situations, seed, fees, screen)
    if exact_edge:
        from analyzer.games.stud.edge import house_edges

        base = house_edges(game, ("optimal",), "exact",
                           visit=lambda w, doc, p, tables, _part: col(w, doc, p, tables))[0]
        return replace(col.result(), house_edge=base.house_edge,
                       house_edge_exact=base.summary().get("house_edge_exact"))
    for w, doc, p in _strata(game):
        col(w, doc, p, hand_tables(game, w))
    return col.result()
