"""How the house edge moves with the DOC probability and with each pay-table line.

* DOC: the player sees the board before deciding, so the optimal-strategy EV is linear in the
  DOC probability d: EV(d) = (1 - d)·EV(card designated) + d·EV(dealer's open card).
* Pay lines: at a fixed strategy the return changes by ``bet × P(win with that hand)`` per unit
  of that line's odds; for the optimal strategy this is the exact derivative (a decision that
  flips gains nothing at first order).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from analyzer.games.stud.edge import EdgeResult
from analyzer.games.stud.game import StudError, StudGame
from analyzer.stats import Z95

__all__ = ["doc_sensitivity", "pay_sensitivity"]


def doc_sensitivity(game: StudGame, res: EdgeResult, steps: int = 10) -> list[dict[str, Any]]:
    """House edge for DOC probability 0/55 … ``steps``/55 (linear in it), with its 95 % interval
    when ``res`` is sampled (an exact edge has none); ``rule_as_played`` marks the game's own."""
    d0 = float(game.doc_probability)
    if game.designation != "board" or "dealers_open_card" not in res.parts:
        raise StudError(f"game {game.name!r} has no board: no DOC probability to vary")
    if d0 >= 1:
        raise StudError("the DOC probability is 1: the designated-card part is unknown")
    ev_doc = res.parts["dealers_open_card"]
    ev_card = (res.ev - d0 * ev_doc) / (1 - d0)
    se_card = res.se / (1 - d0)
    rows = []
    for k in range(steps + 1):
        d = Fraction(k, 55)
        edge = -((1 - float(d)) * ev_card + float(d) * ev_doc)
        row: dict[str, Any] = {"doc_probability": str(d), "doc": float(d), "house_edge": edge}
        if res.se > 0:
            half = Z95 * se_card * (1 - float(d))
            row.update(ci_low=edge - half, ci_high=edge + half)
        rows.append({**row, "rule_as_played": d == game.doc_probability})
    return rows


def pay_sensitivity(game: StudGame, res: EdgeResult) -> list[dict[str, Any]]:
    """Per pay line: P(win with it) and the RTP change per unit of its odds."""
    rows = []
    for ev in res.events:
        name = str(ev["event"])
        if not name.startswith("win, "):
            continue
        label = name.removeprefix("win, ")
        cat = next(c for c in game.pays if c.label == label)
        p = float(ev["probability"])
        row: dict[str, Any] = {"pay_line": label, "odds": float(game.pays[cat]), "p_win": p,
                               "rtp_per_unit": float(game.bet) * p}
        if "se" in ev:
            row["rtp_per_unit_se"] = float(game.bet) * float(ev["se"])
        rows.append(row)
    return rows
