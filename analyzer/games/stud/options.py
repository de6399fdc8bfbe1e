"""The "poker with joker" options: exchange any number of cards for one fee, or replace any card
with the joker ("buy the joker", when the joker is not dealt to the player or face up) for a fee,
before the fold/bet decision (``draw_fee`` and ``joker_fee`` in the game file; one ante each in
the shipped ``poker-with-joker`` game, as the texts give no figure).

Each option of a situation is valued exactly: every set of replacement cards from the 47 unseen
cards (the discards dead), then the better of folding and betting against every dealer hole-card
set from the cards still unseen. The joker is taken wherever it lies (the stock, or the dealer's
hole cards, the dealer then taking a card from the stock), so once the player holds it the dealer's
hole cards are any four of the other unseen cards. One option per hand: stand, one exchange, or the
joker. The edge with the options played optimally is the exact edge without them less the average
gain over random situations (player hand and up card); each option's value is the gain when only
that option is offered. The average is a two-phase sample (:mod:`.options_edge`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.cards import JOKER_CODES, format_card
from analyzer.games.stud.advise import parse_situation
from analyzer.games.stud.exact import BINOM, HandTables, hand_tables, kernel_payoffs
from analyzer.games.stud.game import StudError, StudGame
from analyzer.games.stud.kernels.pool import pool_options

__all__ = ["joker_option_rows", "option_fees", "pool_args"]


def option_fees(game: StudGame, draw_fee: Fraction | None, joker_fee: Fraction | None) -> tuple[float, float]:
    d = game.draw_fee if draw_fee is None else draw_fee
    j = game.joker_fee if joker_fee is None else joker_fee
    if d is None and j is None:
        raise StudError(f"game {game.name!r} has neither a draw nor a buy-the-joker option "
                        "(draw_fee / joker_fee in the game file, or --draw-fee / --joker-fee)")
    if game.designation == "board":
        raise StudError(f"game {game.name!r}: the draw and joker options are for games with a fixed joker")
    return (math.inf if d is None else float(d)), (math.inf if j is None else float(j))


def joker_pos(tables: HandTables) -> int:
    for j in JOKER_CODES:
        if tables.code_pos[j] >= 0:
            return int(tables.code_pos[j])
    return -1


def pool_args(game: StudGame, tables: HandTables) -> tuple[Any, ...]:
    """The payoff and table arguments of :mod:`.kernels.pool` after (hand, up, joker position)."""
    _, win_of, nq, tie, lose = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    return tables.n, win_of, nq, tie, lose, tables.cls, qc, BINOM


def after_fees(vals: np.ndarray, fees: tuple[float, float]) -> np.ndarray:
    """Option values after fees: [0] stand, [1..31] draws by discard mask, [32..36] buy the joker."""
    out = vals.copy()
    out[..., 1:32] -= fees[0]
    out[..., 32:] -= fees[1]
    return np.where(np.isnan(out), -np.inf, out)


def _values(game: StudGame, tables: HandTables, pos: np.ndarray, u: int, fees: tuple[float, float]) -> np.ndarray:
    return after_fees(pool_options(pos, u, joker_pos(tables), *pool_args(game, tables)), fees)


def joker_option_rows(game: StudGame, hand: str, up: str, draw_fee: Fraction | None = None,
                      joker_fee: Fraction | None = None) -> list[dict[str, Any]]:
    """Every option of a situation with its exact EV in antes (fee paid), best first.

    >>> from analyzer.games.stud.game import load_game
    >>> rows = joker_option_rows(load_game("poker-with-joker").with_changes(deck="32+1"), "Ah Kh Qh 9h 7c", "8d")
    >>> rows[0]["option"], rows[0]["discard"], round(rows[0]["ev"], 4)
    ('buy joker', '7c -> Jk', 7.4688)
    """
    fees = option_fees(game, draw_fee, joker_fee)
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


