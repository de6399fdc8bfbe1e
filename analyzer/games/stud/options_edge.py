"""House edge of "poker with joker" with its options played optimally: a two-phase sample.

Random situations (player hand and up card, uniformly dealt) are valued exactly. Phase 1 values
``screen`` situations on the cheap options only (stand and the five buy-the-joker choices: one
dealer count each); phase 2 values the first ``situations`` of them on all 37 options (every
hold-and-draw set as well, several seconds each). The gain of the joker alone is the phase-1 mean.
The gains with the exchange are regression estimators on the phase-1 variables (the joker's gain,
the stand value, whether the hand folds, whether the joker is out of reach; the joker's gain alone
when fewer than 40 situations are fully valued):
``ȳ₂ + b·(x̄₁ − x̄₂)``, variance ``var(y − b·x)/n₂ + bᵀ·cov(x)·b/n₁`` (the two terms are uncorrelated
for the least-squares ``b``). The house edge with options = the exact edge without them − gain.

With the texts' one-ante fee the joker is worth far more than it costs: held, a fully wild card
turns every hand into a pair or better (a four-flush into a flush paying 5 to 1, two pair into a
full house paying 7 to 1, trips into four of a kind paying 15 to 1), and the dealer can no longer
hold it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.games.stud.exact import hand_tables
from analyzer.games.stud.exchange import _kernel_args
from analyzer.games.stud.game import StudError, StudGame
from analyzer.games.stud.kernels.draw import joker_batch
from analyzer.games.stud.kernels.pool import option_draws, pool_parts, pool_prepare
from analyzer.games.stud.options import after_fees, joker_pos, option_fees, pool_args
from analyzer.pieces import in_pieces
from analyzer.results import TableResult
from analyzer.stats import Z95

__all__ = ["DEFAULT_SCREEN", "OPTION_SETS", "OptionsEdge", "options_edge"]

DEFAULT_SCREEN = 50_000
_DEAL_ROWS = 1 << 15
ROW_DRAWS = 1 << 14  # draws valued per row (about 0.03 CPU-seconds on 47 unseen cards)
OPTION_SETS = ("draw or joker", "draw only", "joker only")


@dataclass(frozen=True)
class OptionsEdge(TableResult):
    """Average gains (antes per hand) of the options played optimally, over random situations.

    ``joker_curve``: (joker fee, gain of the joker alone, its SE) for a few fees (phase 1).
    """

    game: str
    situations: int
    screen: int
    seed: int
    fees: tuple[float, float]
    gains: dict[str, tuple[float, float]]  # name -> (mean gain, SE)
    rates: dict[str, float]                 # name -> share of the phase-2 situations where it is taken
    joker_curve: tuple[tuple[float, float, float], ...]
    seconds: float

    def rows(self, house_edge: float | None = None) -> list[dict[str, Any]]:
        out = []
        for name, (g, se) in self.gains.items():
            row: dict[str, Any] = {"options": name, "gain": g, "se": se, "ci_low": g - Z95 * se,
                                   "ci_high": g + Z95 * se, "taken": self.rates[name]}
            if house_edge is not None:
                row["house_edge"] = house_edge - g
                row["house_edge_ci_low"] = house_edge - g - Z95 * se
                row["house_edge_ci_high"] = house_edge - g + Z95 * se
            out.append(row)
        return out

    def curve_rows(self, house_edge: float | None = None) -> list[dict[str, Any]]:
        out = []
        for fee, g, se in self.joker_curve:
            row: dict[str, Any] = {"joker_fee": fee, "gain": g, "se": se}
            if house_edge is not None:
                row.update({"house_edge": house_edge - g, "house_edge_ci_low": house_edge - g - Z95 * se,
                            "house_edge_ci_high": house_edge - g + Z95 * se})
            out.append(row)
        return out


def deal_situations(n: int, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` random situations of an ``n``-card deck: sorted 5-card hands and up cards (positions).

    >>> h, u = deal_situations(53, 3, 0)
    >>> h.shape, bool((np.diff(h, axis=1) > 0).all()), bool(all(x not in r for x, r in zip(u, h)))
    ((3, 5), True, True)
    """
    rng = np.random.default_rng(np.random.SeedSequence([seed, 16]))
    hands, ups = np.empty((count, 5), np.int64), np.empty(count, np.int64)
    for i in range(0, count, _DEAL_ROWS):  # the same stream as one draw of (count, n), in bounded memory
        rows = min(_DEAL_ROWS, count - i)
        cards = np.argsort(rng.random((rows, n)), axis=1)[:, :6]
        hands[i:i + rows] = np.sort(cards[:, :5], axis=1)
        ups[i:i + rows] = cards[:, 5]
    return hands, ups


def option_rows(nu: int, binom: np.ndarray, draws: int = ROW_DRAWS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 37 options of a situation with ``nu`` unseen cards cut into rows of at most ``draws``
    draws: (option, first draw, end), the longest rows first.

    >>> from analyzer.games.stud.exact import BINOM
    >>> k, a, z = option_rows(47, BINOM)
    >>> len(k), int((z - a).max()), int((z - a).sum())  # every draw once: Σ C(5, d)·C(47, d) = C(52, 5), + 5
    (180, 16384, 2598965)
    """
    rows = []
    for k in range(37):
        total = int(option_draws(k, nu, binom))
        rows += [(k, a, min(total, a + draws)) for a in range(0, total, draws)]
    rows.sort(key=lambda r: r[1] - r[2])  # stable: the longest rows first, then by option and draw
    table = np.array(rows, np.int64)
    return table[:, 0], table[:, 1], table[:, 2]


def pool_values(hands: np.ndarray, ups: np.ndarray, jp: int, args: tuple[Any, ...]) -> np.ndarray:
    """:func:`pool_batch`'s (k, 37) option values. A situation takes seconds, so its options are
    cut into rows of at most :data:`ROW_DRAWS` draws (a few hundredths of a CPU-second each),
    valued a few rows per kernel call (Ctrl-C is seen between the calls); an option's value is the
    exactly rounded sum of its rows (``math.fsum``) over its draws, so it does not depend on how
    the rows were grouped into calls."""
    n, win_of, nq, tie, lose, cls, qc, binom = args
    out = np.empty((len(hands), 37), np.float64)
    for r in range(len(hands)):
        unseen, nu, jl, *dealer = pool_prepare(hands[r], ups[r], jp, n, cls, binom)
        ks, starts, stops = option_rows(nu, binom, ROW_DRAWS)
        part = in_pieces(pool_parts, (ks, starts, stops), hands[r], unseen, nu, jl, jp, win_of, nq, tie, lose, cls,
                         qc, *dealer, binom)
        for k in range(37):
            mine = ks == k
            out[r, k] = part[mine][0] if k >= 32 else math.fsum(part[mine][np.argsort(starts[mine])]) / int(
                option_draws(k, nu, binom))
    return out


def joker_gain(cheap: np.ndarray, fee: float) -> np.ndarray:
    """Per-situation gain of the joker alone at ``fee`` from the phase-1 values (stand, 5 jokers)."""
    best = np.where(np.isnan(cheap[:, 1:]), -np.inf, cheap[:, 1:] - fee).max(axis=1)
    return np.maximum(best, cheap[:, 0]) - cheap[:, 0]


def _regression(y: np.ndarray, x2: np.ndarray, x1: np.ndarray) -> tuple[float, float]:
    """Two-phase regression estimate of E[y] and its SE (``x2``: phase-2 rows of ``x1``)."""
    n2, n1 = len(y), len(x1)
    if n2 < 10 * x1.shape[1]:  # a small phase 2: the first variable only (the joker's gain)
        x1, x2 = x1[:, :1], x2[:, :1]
    keep = x1.std(axis=0) > 0
    x1, x2 = x1[:, keep], x2[:, keep]
    if x1.shape[1] == 0 or n2 <= x1.shape[1] + 1:
        return float(y.mean()), float(y.std(ddof=1) / math.sqrt(n2))
    d2 = x2 - x2.mean(axis=0)
    b, *_ = np.linalg.lstsq(d2, y - y.mean(), rcond=None)
    est = y.mean() + (x1.mean(axis=0) - x2.mean(axis=0)) @ b
    resid = y - y.mean() - d2 @ b
    var = resid @ resid / (n2 - x1.shape[1] - 1) / n2 + b @ np.cov(x1, rowvar=False).reshape(len(b), len(b)) @ b / n1
    return float(est), float(math.sqrt(max(var, 0.0)))


def options_edge(game: StudGame, situations: int = 200, seed: int = 0, draw_fee: Fraction | None = None,
                 joker_fee: Fraction | None = None, screen: int = DEFAULT_SCREEN,
                 curve_fees: tuple[float, ...] = (1, 2, 3, 5, 10, 20)) -> OptionsEdge:
    """Gains of: both options offered, the exchange only, the joker only (see the module text)."""
    if situations < 2:
        raise StudError("need at least 2 fully valued situations for a standard error")
    if screen < situations:
        raise StudError(f"the screen ({screen:,}) must hold at least the {situations:,} fully valued situations")
    fees = option_fees(game, draw_fee, joker_fee)
    tables = hand_tables(game)
    jp = joker_pos(tables)
    t0 = time.perf_counter()
    hands, ups = deal_situations(tables.n, screen, seed)
    cheap = in_pieces(joker_batch, (hands, ups), jp, *_kernel_args(game, tables), first=64)
    full = after_fees(pool_values(hands[:situations], ups[:situations], jp, pool_args(game, tables)), fees)
    base = full[:, 0]
    g2 = {"draw or joker": full.max(axis=1) - base, "draw only": full[:, :32].max(axis=1) - base,
          "joker only": np.maximum(full[:, 32:].max(axis=1), base) - base}
    gj = joker_gain(cheap, fees[1]) if math.isfinite(fees[1]) else np.zeros(screen)
    x1 = np.stack([gj, cheap[:, 0], (cheap[:, 0] <= -1).astype(float), np.isnan(cheap[:, 1]).astype(float)], axis=1)
    gains = {"joker only": (float(gj.mean()), float(gj.std(ddof=1) / math.sqrt(screen)))}
    for name in ("draw or joker", "draw only"):
        gains[name] = _regression(g2[name], x1[:situations], x1)
    gains = {n: gains[n] for n in OPTION_SETS}
    rates = {n: float((g2[n] > 0).mean()) for n in OPTION_SETS}
    rates["joker only"] = float((gj > 0).mean())
    curve = []
    for f in curve_fees:
        g = joker_gain(cheap, float(f))
        curve.append((float(f), float(g.mean()), float(g.std(ddof=1) / math.sqrt(screen))))
    return OptionsEdge(game.name, situations, screen, seed, fees, gains, rates, tuple(curve),
                       time.perf_counter() - t0)
