"""Exchanging the dealer's up card (some J-poker houses): for a fee the up card is discarded (dead)
and a new one dealt from the stock, then the player folds or bets.

What happens to a "Dealer's Open Card" wild (the board made the up card wild): ``doc_rule``
``stays`` (default) — the designated card stays wild wherever it goes, so the discarded up card
takes the wild out of play; ``new_up_card`` — the new up card is wild. A designated card that is
not the up card stays wild in every case (it may turn up as the new up card). Values are exact:
every new up card, then every dealer hole-card set from the cards still unseen.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.games.stud.advise import parse_situation
from analyzer.games.stud.exact import hand_tables
from analyzer.games.stud.exchange import _kernel_args
from analyzer.games.stud.game import StudError, StudGame
from analyzer.games.stud.kernels.draw import hold_value, upswap_one, upswap_value

__all__ = ["DOC_RULES", "upcard_exchange"]

DOC_RULES = ("stays", "new_up_card")


def upcard_exchange(game: StudGame, hand: str, up: str, wild: str | None = None, fee: Fraction | None = None,
                    doc_rule: str = "stays") -> dict[str, Any]:
    """EV (antes) of standing and of exchanging the up card (fee paid), and the better choice."""
    if doc_rule not in DOC_RULES:
        raise StudError(f"unknown dealer's-open-card rule {doc_rule!r} (known: {', '.join(DOC_RULES)})")
    f = game.upcard_fee if fee is None else fee
    if f is None:
        f = Fraction(1)
    codes, u_code, wbits, wild_text = parse_situation(game, hand, up, wild)
    board = game.designation == "board"
    w = wbits.bit_length() - 1 if board else None
    tables = hand_tables(game, w)
    pos = np.sort(tables.code_pos[codes.astype(np.int64)])
    u = int(tables.code_pos[u_code])
    args = _kernel_args(game, tables)
    stand = float(hold_value(pos, u, 0, *args))
    doc = board and w == u_code
    if doc and doc_rule == "new_up_card":
        vals = []
        for p in range(tables.n):
            if p == u or p in pos:
                continue
            t2 = hand_tables(game, int(tables.pos_code[p]))
            vals.append(float(upswap_one(pos, u, p, *_kernel_args(game, t2))))
        swap = float(np.mean(vals))
    else:
        swap = float(upswap_value(pos, u, *args))
    ev = swap - float(f)
    return {"hand": hand, "up": up, "wild": wild_text, "doc_rule": doc_rule if doc else "-", "fee": float(f),
            "ev_stand": stand, "ev_exchange_before_fee": swap, "ev_exchange": ev,
            "best": "exchange the up card" if ev > stand else "keep the up card", "gain": max(ev - stand, 0.0)}
