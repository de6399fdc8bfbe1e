"""The video poker study: for each shipped pay table, the table, its PAR sheet, the summary
numbers, return-contribution and payout-distribution plots, and the strategy table."""

from __future__ import annotations

from collections import defaultdict

import matplotlib.pyplot as plt
import numpy as np

from analyzer.games.videopoker.exact import Analysis, analyze
from analyzer.games.videopoker.paytable import load_paytable
from analyzer.games.videopoker.strategy import strategy_table
from analyzer.report.study import Study

__all__ = ["build"]

TABLES = ("joker-poker-kings", "jacks-or-better-9-6", "jacks-or-better-8-5", "deuces-wild-full-pay")


def _plots(study: Study, name: str, a: Analysis) -> None:
    rows = [r for r in a.rows() if r["hand"] not in ("total", "nothing")]
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.barh([r["hand"] for r in rows][::-1], [r["contribution"] for r in rows][::-1], color="tab:blue")
    ax.set_xlabel("contribution to the return (per unit bet)")
    ax.set_title(f"{a.table.name}: return {float(a.ret):.6f}")
    study.figure(f"{name}-contribution", fig, f"{a.table.name}: return contribution by final hand")

    by_pay: dict[float, int] = defaultdict(int)
    for pay, c in zip(a.table.pays, a.counts, strict=True):
        by_pay[float(pay)] += int(c)
    pays = sorted(by_pay)
    probs = np.array([by_pay[p] for p in pays]) / a.total
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar([f"{p:g}" for p in pays], probs, color="tab:orange")
    ax.set_yscale("log")
    ax.set_xlabel("payout (for 1)")
    ax.set_ylabel("probability")
    ax.set_title(f"{a.table.name}: distribution of payouts (SD {a.sd:.4f})")
    study.figure(f"{name}-payouts", fig, f"{a.table.name}: distribution of the payout per hand")


def build() -> Study:
    study = Study("video-poker", "Video poker: exact returns and optimal strategy")
    study.text("Every number is exact: each deal (up to suit symmetry) and each of its 32 holds was "
               "analysed through per-subset final-hand counts and inclusion–exclusion over the "
               "discards; the optimal hold maximises EV, equal EVs going to the first hold in card "
               "order. Combinations follow the published convention: each deal weighs "
               "lcm_k C(rem, k) = 5·C(rem, 5), spread evenly over the draws of its optimal hold.")
    overview = []
    for name in TABLES:
        table = load_paytable(name)
        a = analyze(table)
        s = strategy_table(a)
        overview.append({"paytable": table.name, "deck": table.deck.name, "return": float(a.ret),
                         "house edge": 1 - float(a.ret), "SD": a.sd, "hit frequency": a.hit_frequency,
                         "strategy list return": s.mechanical_return})
        study.heading(table.name)
        if table.description:
            study.text(table.description + ".")
        study.table(f"{name}-paytable", [{"line": ln.name, "final hand": ln.describe(),
                                          "pays": float(ln.pays)} for ln in table.lines],
                    f"{table.name}: pay table (first matching line pays)")
        study.table(f"{name}-par", a.rows(), f"{table.name}: PAR sheet ({a.total:,} weighted outcomes)")
        facts = [{"quantity": "return", "value": float(a.ret)},
                 {"quantity": "variance", "value": a.variance},
                 {"quantity": "standard deviation", "value": a.sd},
                 {"quantity": "hit frequency", "value": a.hit_frequency}]
        facts += [{"quantity": f"deals drawing {k} card{'' if k == 1 else 's'}", "value": v} for k, v in a.cards_drawn().items()]
        if len(a.return_by_wild_dealt()) > 1:
            for w, (share, ret) in a.return_by_wild_dealt().items():
                facts.append({"quantity": f"return when {w} wild cards are dealt ({share:.4%} of deals)",
                              "value": ret})
        study.table(f"{name}-summary", facts, f"{table.name}: summary")
        _plots(study, name, a)
        study.text(f"Strategy list ({len(s.lines)} lines, from {s.patterns} hold patterns): follow the "
                   f"first line whose pattern the hand holds (the highest cards when several holds fit). "
                   f"A pattern names the wild cards held (none if it names none) and what the natural "
                   f"cards make; 'ways' counts the sets of natural cards the draw can bring to complete "
                   f"a straight; 'of its suit thrown' counts discarded cards of a suited draw's suit. "
                   f"Played mechanically over every deal it returns {s.mechanical_return:.6f} vs optimal "
                   f"{s.optimal_return:.6f} (lost {s.optimal_return - s.mechanical_return:.2e}, shown "
                   f"per line); it picks an optimal hold on {s.agreement:.2%} of deals.")
        study.table(f"{name}-strategy", s.rows(), f"{table.name}: strategy table")
    study.heading("Overview")
    study.table("overview", overview, "All shipped pay tables")
    study.headline = "Exact returns under optimal play: " + "; ".join(
        f"{o['paytable']} {o['return']:.6f}" for o in overview) + "."
    return study
