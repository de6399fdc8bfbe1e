"""The "poker with joker" options: exchange any number of cards for one fee, or replace any card
with the joker ("buy the joker", when the joker is not dealt to the player or face up) for a fee,
before the fold/bet decision (``draw_fee`` and ``joker_fee`` in the game file; one ante each in
the shipped ``poker-with-joker`` game, as the texts give no figure).

Each option of a situation is valued exactly: every set of replacement cards from the 47 unseen
cards (the discards dead), then the better of folding and betting against every dealer hole-card
set from the cards still unseen. The edge with the options played optimally is the exact edge
without them less the average gain over random situations (player hand and up card), with its
standard error and 95 % CI; each option's value is the gain when only that option is offered.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.cards import JOKER_CODES, format_card
from analyzer.games.stud.advise import parse_situation
from analyzer.games.stud.exact import HandTables, hand_tables
from analyzer.games.stud.exchange import _kernel_args
from analyzer.games.stud.game import StudError, StudGame
from analyzer.games.stud.kernels.draw import option_values, options_batch
from analyzer.results import TableResult
from analyzer.stats import Z95

__all__ = ["OptionsEdge", "joker_option_rows", "options_edge"]


def _fees(game: StudGame, draw_fee: Fraction | None, joker_fee: Fraction | None) -> tuple[float, float]:
    d = game.draw_fee if draw_fee is None else draw_fee
    j = game.joker_fee if joker_fee is None else joker_fee
    if d is None and j is None:
        raise StudError(f"game {game.name!r} has neither a draw nor a buy-the-joker option "
                        "(draw_fee / joker_fee in the game file, or --draw-fee / --joker-fee)")
    if game.designation == "board":
        raise StudError(f"game {game.name!r}: the draw and joker options are for games with a fixed joker")
    return (math.inf if d is None else float(d)), (math.inf if j is None else float(j))


def _joker_pos(tables: HandTables) -> int:
    for j in JOKER_CODES:
        if tables.code_pos[j] >= 0:
            return int(tables.code_pos[j])
    return -1


def _after_fees(vals: np.ndarray, fees: tuple[float, float]) -> np.ndarray:
    """Option values after fees: [0] stand, [1..31] draws by discard mask, [32..36] buy the joker."""
    out = vals.copy()
    out[..., 1:32] -= fees[0]
    out[..., 32:] -= fees[1]
    return np.where(np.isnan(out), -np.inf, out)


def _values(game: StudGame, tables: HandTables, pos: np.ndarray, u: int, fees: tuple[float, float]) -> np.ndarray:
    return _after_fees(option_values(pos, u, _joker_pos(tables), *_kernel_args(game, tables)), fees)


def joker_option_rows(game: StudGame, hand: str, up: str, draw_fee: Fraction | None = None,
                      joker_fee: Fraction | None = None) -> list[dict[str, Any]]:
    """Every option of a situation with its exact EV in antes (fee paid), best first."""
    fees = _fees(game, draw_fee, joker_fee)
    codes, u, _, _ = parse_situation(game, hand, up, None)
    tables = hand_tables(game)
    pos = tables.code_pos[codes.astype(np.int64)]
    order = np.argsort(pos)
    pos, codes = pos[order], codes[order]
    vals = _values(game, tables, pos, int(tables.code_pos[u]), fees)
    rows = []
    for k, v in enumerate(vals.tolist()):
        if v == -math.inf:
            continue
        if k < 32:
            drop = [format_card(int(codes[i])) for i in range(5) if k >> i & 1]
            option = "stand" if k == 0 else "draw " + str(len(drop))
            what = " ".join(drop) if drop else "(keep all)"
            fee = 0.0 if k == 0 else fees[0]
        else:
            option, what, fee = "buy joker", f"{format_card(int(codes[k - 32]))} -> Jk", fees[1]
        rows.append({"option": option, "discard": what, "fee": fee, "ev": v, "ev_before_fee": v + fee})
    rows.sort(key=lambda r: -r["ev"])
    for i, r in enumerate(rows):
        r["best"] = i == 0
    return rows


@dataclass(frozen=True)
class OptionsEdge(TableResult):
    """Average gains (antes) of the options played optimally, over random situations."""

    game: str
    situations: int
    seed: int
    gains: dict[str, tuple[float, float]]  # name -> (mean gain, SE)
    rates: dict[str, float]                 # name -> share of situations where it is taken
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


def options_edge(game: StudGame, situations: int = 200, seed: int = 0, draw_fee: Fraction | None = None,
                 joker_fee: Fraction | None = None) -> OptionsEdge:
    """Gains of: both options, draw only, joker only, over ``situations`` random situations
    (player hand and up card uniformly dealt; each situation valued exactly)."""
    if situations < 2:
        raise StudError("need at least 2 situations for a standard error")
    fees = _fees(game, draw_fee, joker_fee)
    tables = hand_tables(game)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 16]))
    t0 = time.perf_counter()
    hands = np.empty((situations, 5), np.int64)
    ups = np.empty(situations, np.int64)
    for i in range(situations):
        cards = rng.choice(tables.n, 6, replace=False)
        hands[i], ups[i] = np.sort(cards[:5]), cards[5]
    vals = _after_fees(options_batch(hands, ups, _joker_pos(tables), *_kernel_args(game, tables)), fees)
    base = vals[:, 0]
    g = np.stack([vals.max(axis=1) - base, vals[:, :32].max(axis=1) - base,
                  np.maximum(vals[:, 32:].max(axis=1), base) - base], axis=1)
    names = ("draw or joker", "draw only", "joker only")
    gains = {n: (float(g[:, j].mean()), float(g[:, j].std(ddof=1) / math.sqrt(situations)))
             for j, n in enumerate(names)}
    rates = {n: float((g[:, j] > 0).mean()) for j, n in enumerate(names)}
    return OptionsEdge(game.name, situations, seed, gains, rates, time.perf_counter() - t0)
