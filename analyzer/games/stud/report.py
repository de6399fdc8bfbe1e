"""The casino-stud study: joker location, Caribbean Stud exact, J-poker edge, sensitivity."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt

from analyzer.games.stud.edge import EdgeResult, house_edge
from analyzer.games.stud.game import load_game
from analyzer.games.stud.location import location_probabilities
from analyzer.games.stud.sensitivity import doc_sensitivity, pay_sensitivity
from analyzer.report.study import Study

JPOKER_TRIALS = 1_500_000


def _summary_rows(results: list[EdgeResult]) -> list[dict[str, Any]]:
    rows = []
    for r in results:
        s = r.summary()
        rows.append({k: s[k] for k in ("game", "strategy", "method", "house_edge", "house_edge_ci_low",
                                        "house_edge_ci_high", "element_of_risk", "bet_frequency",
                                        "p_dealer_qualifies", "trials")})
    return rows


def build() -> Study:
    study = Study("casino-stud", "Casino stud with a joker: J-poker and Caribbean Stud")
    study.text("Player against dealer, five cards each, the dealer's fifth card face up (RULES.md §2). "
               "Money is in antes; house edge = expected loss per ante. Every situation (player hand, "
               "up card) is valued exactly over all C(46,4) = 163,185 dealer hole-card sets.")

    study.heading("Where J-poker's wild card lies")
    rows = [{**r, "probability": str(r["probability"])} for n in range(1, 8)
            for r in location_probabilities(n)]
    study.table("location", rows, "Exact probabilities, DOC probability 3/55, 1..7 players")

    carib = load_game("caribbean")
    c_results = [house_edge(carib, s) for s in ("optimal", "always", "pair", "high_card:AK")]
    study.heading("Caribbean Stud (exact)")
    study.text(f"Optimal strategy: house edge {c_results[0].house_edge:.4%} "
               f"(exactly {c_results[0].summary()['house_edge_exact']}), raise {c_results[0].bet_frequency:.2%} "
               "of hands — ANCHORS.md's figures, digit for digit.")
    study.table("caribbean-outcomes", c_results[0].events, "Caribbean Stud, optimal strategy: outcome table")

    jp = load_game("jpoker")
    j_opt = house_edge(jp, "optimal", "sampled", trials=JPOKER_TRIALS, seed=1)
    j_pair = house_edge(jp, "pair", "sampled", trials=JPOKER_TRIALS // 3, seed=2)
    study.heading("J-poker")
    study.text("Dealer's-open-card deals and player hands better than three of a kind are "
               "enumerated exactly; the other hands are sampled (post-stratified by category) with "
               "each situation's exact EV, so the interval is a 95 % CI of the sampling only. "
               f"The cost of the simple rule 'bet any pair or better' over optimal play: "
               f"{j_pair.house_edge - j_opt.house_edge:.3%} of the ante.")
    study.table("jpoker-outcomes", j_opt.events, "J-poker, optimal strategy: outcome table (sampled part ± se)")
    study.table("edges", _summary_rows([*c_results, j_opt, j_pair]), "House edge by game and strategy")

    study.heading("Sensitivity")
    doc_rows = doc_sensitivity(jp, j_opt)
    study.table("jpoker-doc", doc_rows, "J-poker house edge vs the DOC probability (linear in it)")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([r["doc"] * 55 for r in doc_rows], [100 * r["house_edge"] for r in doc_rows], marker="o")
    ax.set_xlabel("DOC probability × 55")
    ax.set_ylabel("house edge, % of ante")
    ax.grid(alpha=0.3)
    study.figure("jpoker-doc", fig, "J-poker: house edge vs DOC probability")
    for name, res, game in (("jpoker", j_opt, jp), ("caribbean", c_results[0], carib)):
        pays = pay_sensitivity(game, res)
        study.table(f"{name}-pays", pays, f"{game.name}: RTP change per unit of each pay line")
        fig, ax = plt.subplots(figsize=(8, 4))
        ax.barh([r["pay_line"] for r in pays], [100 * r["rtp_per_unit"] for r in pays])
        ax.set_xscale("log")
        ax.set_xlabel("RTP change per unit of odds, % of ante")
        study.figure(f"{name}-pays", fig, f"{game.name}: value of one more unit on each pay line")
    return study
