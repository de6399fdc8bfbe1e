"""The calling-game study (the banker's 14 calls; treize; frustration solitaire) and the
betting arithmetic of pot limit and table stakes (pot-limit ladder, side pots)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from analyzer.games.betting import BettingRound, chip_breakdown, pot_limit_ladder, split_pots
from analyzer.games.calling import PRESETS, calling_game, exact_calling, exact_rows, sample_calling
from analyzer.numfmt import count, pct, sig, signed
from analyzer.report.study import Study

TRIALS = 400_000
SEED = 2024


def _calling(study: Study) -> None:
    study.heading("The banker's calling game and its family")
    study.text("The banker turns cards one at a time, naming ranks in a fixed order; a match is a "
               "card of the rank named. Every exact number comes from the rook polynomial of the "
               "calls × cards board (inclusion–exclusion), as a fraction over all ordered deals. "
               "Deals per bank = 1 / P(no match) counts the losing deal; the banker's EV per turn "
               "at the bank is EV per deal × deals per bank (Wald). Payoffs per unit staked per "
               "player: +2 on a first-card (joker) match in banker-14, +1 on any other match, −1 "
               "when nothing matches.")
    results = {}
    rows = []
    for name in PRESETS:
        ex = exact_calling(calling_game(name))
        results[name] = ex
        for r in exact_rows(ex, "summary"):
            rows.append({"game": name, **r})
    study.csv("calling-summary", rows)
    pivot: dict[str, dict[str, object]] = {}
    for r in rows:
        pivot.setdefault(r["quantity"], {"quantity": r["quantity"]})[r["game"]] = r["value"]
    study.table("calling-summary-by-game", list(pivot.values()),
                "Exact headline numbers by game (banker-14 on 54 cards, treize and frustration on 52; "
                "the exact fractions: tables/calling-summary.csv)")

    for name, ex in results.items():
        study.table(f"calling-matches-{name}", exact_rows(ex, "matches"),
                    f"{name}: number of matches among the {ex.game.n_calls} calls (exact)")
    study.table("calling-first-banker-14", exact_rows(results["banker-14"], "first"),
                "banker-14: position of the first match (exact) and the banker's payoff")

    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.27
    for i, (name, ex) in enumerate(results.items()):
        probs = [float(p) for p in ex.match_probabilities][:16]
        ax.bar(np.arange(len(probs)) + (i - 1) * width, [100 * p for p in probs], width, label=name)
    ax.set_xlabel("number of matches")
    ax.set_ylabel("probability, %")
    ax.set_xticks(range(16))
    ax.legend()
    study.figure("calling-match-distribution", fig, "Distribution of the number of matches (exact)")

    study.heading("Monte Carlo check")
    study.text(f"{TRIALS:,} simulated deals per game (seed {SEED}) through the simulation engine; "
               "95 % Wilson intervals for probabilities, normal intervals for means.")
    mc = []
    for name, ex in results.items():
        sample = sample_calling(ex.game, TRIALS, SEED)
        for r in exact_rows(ex, "summary", sample):
            if r.get("ci_low") is not None:
                mc.append({"quantity": r["quantity"], "game": name, "exact": r["value"],
                           "estimate": r["estimate"], "ci_low": r["ci_low"], "ci_high": r["ci_high"],
                           "in_ci": "yes" if r["in_ci"] else "no"})
    study.table("calling-monte-carlo", mc, "Exact values against the simulation (each row in its quantity's "
                "unit: probabilities in %)")


def _betting(study: Study) -> None:
    study.heading("Betting arithmetic: pot limit and table stakes")
    study.text("Pot limit: a raise may be at most the pot after calling. Starting from a pot of 7, "
               "each player in turn calls and raises the most (how fast a pot-limit pot grows).")
    study.table("pot-limit-ladder", [
        {"seat": s.seat, "pot": s.pot_before, "to_call": s.to_call, "max_raise": s.max_raise,
         "put_in": s.put_in, "pot_after": s.pot_after, "chips": chip_breakdown(s.put_in)}
        for s in pot_limit_ladder(7, 7)], "Pot-limit escalation from a pot of 7, seven players")
    rnd = BettingRound({"A": 160, "B": 110, "C": 40}, limit="table")
    for p, a in (("B", "bet"), ("C", "call"), ("A", "call")):
        rnd.act(p, a, 70 if a == "bet" else None)
    study.text("Table stakes: A has 160, B 110, C 40; B bets 70, C calls all-in for 40, A calls.")
    study.table("side-pots", [
        {"pot": p.name, "amount": p.amount, "eligible": " ".join(p.eligible),
         "from": ", ".join(f"{n} {v}" for n, v in p.shares)}
        for p in split_pots(rnd.contributions)], "Main and side pot when the short stack is all-in")


def build() -> Study:
    study = Study("calling-and-betting", "The banker's calling game (treize family) and betting arithmetic")
    banker, treize = (exact_calling(calling_game(n)) for n in ("banker-14", "treize"))
    study.answer(
        f"**The banker wins.** In the banker's 14 calls (54 cards) the banker keeps the bank on "
        f"{pct(1 - float(banker.p_no_match))} of deals and gains {signed(float(banker.banker_ev))} "
        f"units per player per deal (exact).",
        f"He keeps the bank for {sig(float(banker.deals_per_bank or 0))} deals on average, worth "
        f"{signed(float(banker.ev_per_bank or 0))} units per player over his whole turn.",
        f"Treize (13 calls, 52 cards): no match on {pct(float(treize.p_no_match))} of deals, "
        f"banker's edge {signed(float(treize.banker_ev))} units per player per deal.",
        f"Pot limit: from a pot of 7, the seventh player in turn may raise by up to "
        f"{count(pot_limit_ladder(7, 7)[-1].max_raise)} (the ladder below).")
    study.rules([
        "Any number of players stake against the banker (up to an agreed cap); 54 cards (52 and 2 jokers).",
        "The banker turns 14 cards one at a time, calling in order: joker, ace, king, queen, jack, ten, … two.",
        "If a card matches its call the banker takes every stake; a match on the first card (the joker) "
        "doubles it: each player pays a second stake.",
        "If none of the 14 matches, the banker pays each player his stake and the bank passes to the left.",
        "Treize: 52 cards and 13 calls (ace to king); frustration: all 52 cards, A to K called four times.",
        "Betting: pot limit lets a raise be at most the pot after calling; under table stakes a player "
        "all-in wins only the part of the pot he matched."],
        ["the number of cards turned and called", "the jokers in the deck", "the double stake on a joker match"])
    study.term("rook polynomial", "a count of the ways to place k non-attacking rooks on the board of "
               "forbidden (call, card) pairs; inclusion–exclusion over it gives the exact chance of "
               "every number of matches")
    study.term("match", "a card turned while the banker names its rank")
    study.term("side pot", "the part of the pot an all-in player cannot win: it holds only what the "
               "others put in beyond his stake")
    _calling(study)
    _betting(study)
    study.headline = (f"Banker's 14 calls: the banker wins {pct(1 - float(banker.p_no_match))} of deals, "
                      f"{signed(float(banker.banker_ev))} units per player per deal; treize: "
                      f"{pct(1 - float(treize.p_no_match))} (exact).")
    return study
