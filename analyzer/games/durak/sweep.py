"""One self-play run per (deck, player count): P(fool) by seat, joker values and the first
attacker's edge side by side, as flat rows (the report's tables; ``joker-odds durak sweep``).

>>> res = sweep([2], ["36+2"], games=1_000, seed=1)
>>> [r["seat"] for r in res.seat_rows], sorted({r["holding"] for r in res.value_rows})[1:3]
([0, 1], ['both jokers', 'first attack'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from analyzer.games.durak.rules import DurakError, durak_rules
from analyzer.games.durak.simulate import DurakSimulation, default_budget, simulate_durak
from analyzer.results import plain

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Sweep", "sweep"]


@dataclass
class Sweep:
    """The runs and their rows."""

    runs: dict[tuple[str, int], DurakSimulation] = field(default_factory=dict)
    seat_rows: list[dict[str, Any]] = field(default_factory=list)
    value_rows: list[dict[str, Any]] = field(default_factory=list)
    summary_rows: list[dict[str, Any]] = field(default_factory=list)

    TABLES = ("summary", "seats", "values")

    def table(self, name: str = "summary") -> list[dict[str, Any]]:
        """One of the sweep's tables: ``summary`` (one row per configuration), ``seats``, ``values``."""
        if name not in self.TABLES:
            raise DurakError(f"unknown table {name!r} (known: {', '.join(self.TABLES)})")
        return {"summary": self.summary_rows, "seats": self.seat_rows, "values": self.value_rows}[name]

    def to_dict(self) -> dict[str, Any]:
        return plain({name: self.table(name) for name in self.TABLES})

    def to_frame(self, table: str = "summary") -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self.table(table))


def sweep(players: Sequence[int] = (2, 3, 4, 5, 6), decks: Sequence[str] = ("36+2", "52+2"),
          games: int = 40_000, seed: int = 1, policy: str = "heuristic", overrides: Sequence[str] = (),
          budget: int | None = None) -> Sweep:
    """Self-play every configuration with ``games`` games (seed ``seed`` for each), every seat
    playing ``policy`` (``budget``: see :func:`~analyzer.games.durak.simulate.default_budget`)."""
    out = Sweep()
    for deck in decks:
        for p in players:
            rules = durak_rules(p, deck, overrides)
            sim = simulate_durak(rules, [policy] * p, games, seed, default_budget([policy], budget), quiet=True)
            out.runs[(deck, p)] = sim
            key = {"deck": deck, "players": p}
            out.seat_rows += [{**key, **{k: r[k] for k in ("seat", "p_fool", "se", "ci_low", "ci_high",
                                                             "p_first_attacker")}} for r in sim.seat_rows()]
            first = sim.group_rows("first")
            s = sim.summary()
            out.summary_rows.append({**key, "games": sim.games, "p_draw": s["p_draw"],
                                     "p_draw_ci_low": s["p_draw_ci_low"], "p_draw_ci_high": s["p_draw_ci_high"],
                                     "p_fool_first_attacker": first[0]["p_fool"],
                                     "p_fool_others": first[1]["p_fool"], "mean_bouts": s["mean_bouts"],
                                     "mean_moves": s["mean_moves"], "aborted": s["aborted"]})
            for r in sim.value_rows():
                out.value_rows.append({**key, "holding": r["holding"], "by": r["by"], "pp": r["estimate"],
                                       "se_pp": r["se"], "ci_low_pp": r["ci_low"], "ci_high_pp": r["ci_high"]})
            e = sim.first_attacker_edge()
            out.value_rows.append({**key, "holding": "first attack", "by": "edge", "pp": e["estimate"],
                                   "se_pp": e["se"], "ci_low_pp": e["ci_low"], "ci_high_pp": e["ci_high"]})
    return out
