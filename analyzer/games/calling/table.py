"""Rows (lists of dicts) of exact and sampled calling-game results, for the CLI and the report.

>>> from analyzer.games.calling.game import calling_game
>>> from analyzer.games.calling.exact import exact_calling
>>> rows = summary_rows(exact_calling(calling_game("treize")))
>>> rows[0]["quantity"], rows[0]["exact"]
('P(no match)', '9571721884148096/26816424180170625')
"""

from __future__ import annotations

from typing import Any

from analyzer.games.calling.exact import CallingExact
from analyzer.games.calling.game import CallingGame, _rank_text
from analyzer.games.calling.sample import CallingSample

__all__ = ["exact_rows", "game_meta", "sample_rows", "summary_rows"]

TABLES = ("summary", "matches", "first")


def game_meta(game: CallingGame) -> dict[str, Any]:
    return {"game": game.name, "deck": game.deck.name, "cards": game.n_cards, "calls": game.calls_text,
            "first_pays": game.first_pays, "match_pays": game.match_pays, "miss_pays": game.miss_pays}


def summary_rows(ex: CallingExact, sample: CallingSample | None = None) -> list[dict[str, Any]]:
    """Headline numbers: exact fraction and value, plus estimate and 95 % CI when sampled."""
    rows = ex.rows()
    if sample is None:
        return rows
    q = sample.p_no_match
    f1 = sample.first_estimates()[1]
    ev = sample.banker_ev
    d_est, d_lo, d_hi = sample.deals_per_bank
    mm = sample.mean_matches
    est: dict[str, tuple[float | None, float | None, float | None]] = {
        "P(no match)": (q.estimate, q.ci_low, q.ci_high),
        "P(banker wins)": (1 - q.estimate, 1 - q.ci_high, 1 - q.ci_low),
        "P(first card matches)": (f1.estimate, f1.ci_low, f1.ci_high),
        "mean matches": (mm.mean, mm.ci_low, mm.ci_high),
        "banker EV per unit per player": (ev.mean, ev.ci_low, ev.ci_high),
        "deals per bank (losing deal included)": (d_est, d_lo, d_hi),
        "winning deals before the bank passes": (d_est - 1, d_lo - 1, d_hi - 1),
        "banker SD per deal": (ev.sd, None, None),
    }
    for r in rows:
        e, lo, hi = est.get(r["quantity"], (None, None, None))
        r.update({"estimate": e, "ci_low": lo, "ci_high": hi,
                  "in_ci": None if lo is None or hi is None or r["value"] is None
                  else bool(lo <= r["value"] <= hi)})
    return rows


def exact_rows(ex: CallingExact, table: str, sample: CallingSample | None = None) -> list[dict[str, Any]]:
    """``summary``, ``matches`` (number of matches) or ``first`` (first matching call) rows."""
    if table == "summary":
        return summary_rows(ex, sample)
    rows: list[dict[str, Any]] = []
    if table == "matches":
        for j, (c, prob) in enumerate(zip(ex.match_counts, ex.match_probabilities, strict=True)):
            rows.append({"matches": j, "deals": c, "probability": float(prob)})
        ests = sample.match_estimates() if sample is not None else None
    else:
        calls = ex.game.calls
        order = [*range(1, len(calls) + 1), 0]
        for p in order:
            rows.append({"first_match": p if p else "none", "call": _rank_text(calls[p - 1]) if p else "",
                         "deals": ex.first_counts[p], "probability": float(ex.first_probabilities[p]),
                         "payoff": ex.game.payoff(p)})
        ests = None
        if sample is not None:
            fe = sample.first_estimates()
            ests = [fe[p] for p in order]
    if ests is not None:
        for r, e in zip(rows, ests, strict=True):
            r.update({"estimate": e.estimate, "ci_low": e.ci_low, "ci_high": e.ci_high,
                      "in_ci": bool(e.ci_low <= r["probability"] <= e.ci_high)})
    return rows


def sample_rows(sample: CallingSample, table: str, ex: CallingExact) -> list[dict[str, Any]]:
    """Same as :func:`exact_rows` with the sample's estimates beside the exact values."""
    return exact_rows(ex, table, sample)
