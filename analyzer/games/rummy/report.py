"""The "Remi 51" study: P(open) from the deal by hand size and jokers, the distribution of opening
values, turns to open at tables of 2–7, and the points left when someone goes out."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt
import numpy as np

from analyzer.games.rummy.odds import OpenOdds, open_odds
from analyzer.games.rummy.points import points_left
from analyzer.games.rummy.solver import OPENING, best_opening
from analyzer.games.rummy.turns import TurnsResult, turns_to_open
from analyzer.numfmt import interval, pct, se_decimals, with_ci
from analyzer.report.strength import strength_section
from analyzer.report.study import Study

OPEN_TRIALS = 100_000
TURN_TRIALS = 300
POINT_DEALS = 400
SEED = 1
EXAMPLES = (
    "9c Tc Jc Th Td Ts",
    "9c Tc Jc Tc Th Td Ts",
    "Ac 2c 3c",
    "Qc Kc Ac",
    "Kc Ac 2c",
    "Jk Jk 5d",
    "Kc Kd Kh 9s Ts Js 2h 3h 4h",
    "Qh Jk Ah 7c 7d 7s 2d 3d",
)


def _open_section(study: Study) -> dict[tuple[str, int], OpenOdds]:
    study.heading("Can a dealt hand open?")
    study.text(f"Exact opening value of every sampled hand (the most points of disjoint melds; at least {OPENING} "
               f"opens), {OPEN_TRIALS:,} hands per line, 95 % Wilson intervals. Seat 0 holds 15 cards, the "
               "others 14; two jokers in 2x52+2, three in 3x52+3.")
    rows: list[dict[str, Any]] = []
    runs: dict[tuple[str, int], OpenOdds] = {}
    for deck in ("2x52+2", "2x52", "3x52+3"):
        for cards in (14, 15):
            o = open_odds(cards, deck, OPEN_TRIALS, seed=SEED, quiet=True)
            runs[(deck, cards)] = o
            for r in o.summary_rows():
                rows.append({"deck": deck, "cards": cards, **r})
    study.table("p-open", rows, "P(the hand can open) by deck, hand size and jokers held")
    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.2
    labels = ["all", "0", "1", "2"]
    for i, (deck, cards) in enumerate([("2x52+2", 14), ("2x52+2", 15), ("2x52", 14), ("2x52", 15)]):
        o = runs[(deck, cards)]
        ests = [o.p_open] + [o.p_open_jokers(j) if j in o.by_jokers_trials() else None for j in range(3)]
        xs, ys, lo, hi = [], [], [], []
        for k, e in enumerate(ests):
            if e is None or e.trials == 0:
                continue
            xs.append(k + (i - 1.5) * width)
            ys.append(e.estimate)
            lo.append(e.estimate - e.ci_low)
            hi.append(e.ci_high - e.estimate)
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=f"{deck}, {cards} cards")
    ax.set_xticks(range(4), [f"jokers: {x}" for x in labels])
    ax.set_ylabel("P(can open)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    study.figure("p-open", fig, "P(open) by hand size and jokers held (95 % CI bars): each joker held "
                 "multiplies the chance to open from the deal")

    value_rows = []
    fig, ax = plt.subplots(figsize=(8, 4))
    for (deck, cards), o in runs.items():
        vr = o.value_rows()
        for r in vr:
            value_rows.append({"deck": deck, "cards": cards, "value": r["value"], "p": r["p"],
                               "p_at_least": r["p_at_least"]})
        if deck != "2x52":
            ax.plot([r["value"] for r in vr], [r["p_at_least"] for r in vr], label=f"{deck}, {cards} cards")
    ax.axvline(OPENING, color="grey", ls="--", lw=1, label=f"{OPENING} points")
    ax.set_xlabel("opening value v")
    ax.set_ylabel("P(opening value ≥ v)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    study.table("opening-values", value_rows, "Distribution of opening values")
    study.figure("opening-values", fig, f"P(opening value ≥ v): read the curve where it crosses the dashed "
                 f"{OPENING}-point line — the chance to open from the deal")
    return runs


def _turns_section(study: Study) -> dict[tuple[str, int], TurnsResult]:
    study.heading("Turns to open")
    study.text("Table simulation of the drawing phase: seat 0 (after the dealer) starts by discarding its 15th "
               "card, nobody melds in the first round, each seat draws by its policy and throws the card that "
               "costs least; a seat's turn to open is its first own turn whose hand after the draw has an "
               f"opening value ≥ {OPENING}. {TURN_TRIALS:,} deals per table (rounds capped at 40). "
               "`joker-odds rummy turns` runs larger samples.")
    rows = []
    curves: dict[tuple[str, int], TurnsResult] = {}
    for policy in ("greedy", "stock-only"):
        for players in range(2, 8):
            if policy == "stock-only" and players not in (2, 4, 6):
                continue
            r = turns_to_open(players, policy, trials=TURN_TRIALS, seed=SEED, quiet=True)
            curves[(policy, players)] = r
            for row in r.summary_rows():
                rows.append({"players": players, **row})
    study.table("turns-to-open", rows, "P(a seat can open by its turn 2 / 5 / 10), by seat, policy and table size",
                percent=[k for k in (rows[0] if rows else {}) if k.startswith("p_") or k.startswith("ci_") or k == "se"])
    fig, ax = plt.subplots(figsize=(8, 4))
    for (policy, players), r in curves.items():
        if players not in (2, 4, 6):
            continue
        t = np.arange(2, r.max_turns + 1)
        mean = [np.mean([r.by_turn(s, int(x)).estimate for s in range(players)]) for x in t]
        ax.plot(t, mean, ls="-" if policy == "greedy" else "--", label=f"{players} players, {policy}")
    ax.set_xlim(2, 25)
    ax.set_xlabel("own turn t")
    ax.set_ylabel("P(seat can open by turn t), mean over seats")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    study.figure("turns-to-open", fig, "Turns-to-open curves: the more players, the fewer cards each "
                 "draws per round of the table, but each seat's own-turn curve barely moves")
    study.table("turns-curves", [{"players": p, "policy": pol, "turn": row["turn"], "p_seat0": row["seat0"],
                                  "p_mean_seat": float(np.mean([row[f"seat{s}"] for s in range(p)])),
                                  "p_any_seat": row["any_seat"]}
                                 for (pol, p), r in curves.items() for row in r.curve_rows()],
                "P(open by turn t): seat 0, the mean seat, and some seat at the table")
    return curves


def _points_section(study: Study) -> None:
    study.heading("Points left when someone goes out")
    study.text("Whole deals at a table of four: two greedy and two stock-only seats, every deal replayed with "
               "the policies rotated round the table (the same cards from every seat). Melding by the "
               "open-asap heuristic: open as soon as 51 points meld, lay every meld, take back table jokers, "
               "add to melds, go out. Going out scores −50 (−100 / −200 / −400 throwing jokers last); the "
               f"others score the points in hand (joker 10, 50 if alone). {POINT_DEALS:,} deals × 4 rotations.")
    r = points_left(4, "greedy,stock-only,greedy,stock-only", trials=POINT_DEALS, seed=SEED, rotate=True,
                    quiet=True)
    study.table("points-summary", r.summary_rows(), "Going out and points left by seat and by policy")
    left = r.left_rows()
    study.table("points-left", left, "Points left in the losers' hands (all seats)")
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar([x["points_from"] for x in left], [x["p"] for x in left], width=9, align="edge")
    ax.set_xlabel("points left in a loser's hand")
    ax.set_ylabel("share of losing hands")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    study.figure("points-left", fig, "Points left in losers' hands")


def build() -> Study:
    study = Study("remi-51", "Remi 51")
    study.text("Two packs and two jokers (106 cards), 2–7 players, 14 cards each and 15 for the player after "
               "the dealer. Sets: 3–4 cards of one rank in distinct suits. Runs: 3+ cards of one suit in "
               "A 2 3 … K A, no wrap-around; the low ace counts 0 toward the opening, the high ace 11. Jokers "
               "stand for any card and count as it; a meld holds at least one natural card. The first meld "
               f"of a deal, one or several melds together, must total {OPENING} points.")
    study.heading("The opening solver")
    study.text("The opening value is exact: every meld the hand can make is listed and every partition of the "
               "hand into melds searched (tested against a brute force on 20,000+ hands).")
    study.table("examples", [{"hand": o.hand, "opening_points": o.opening_points, "can_open": o.can_open,
                              "melds": "; ".join(m.text() for m in o.melds) or "-"}
                             for o in (best_opening(h) for h in EXAMPLES)], "Examples")
    runs = _open_section(study)
    curves = _turns_section(study)
    _points_section(study)
    _answer(study, runs, curves)
    strength_section(study, ["Remi 51"])  # how strong the players are: the measured ladder
    return study


def _ci(e: Any) -> str:
    """A sampled chance with its 95 % interval."""
    return with_ci(e.estimate, e.ci_low, e.ci_high, e.se, percent=True)


def _answer(study: Study, runs: dict[tuple[str, int], OpenOdds],
            curves: dict[tuple[str, int], TurnsResult]) -> None:
    """Answer box, strategy card (chance to open by jokers held) and terms."""
    dealt = runs[("2x52+2", 14)]
    p = dealt.p_open
    by_j = {j: dealt.p_open_jokers(j) for j in dealt.by_jokers_trials()}
    four = curves.get(("greedy", 4))
    lines = [f"**A dealt hand of 14 cards can open** (meld {OPENING} points at once) "
             f"{pct(p.estimate, decimals=se_decimals(p.se, 100))} of the time (95 % CI "
             f"{interval(p.ci_low, p.ci_high, percent=True, like=p.se)}); the 15-card hand of the player "
             f"after the dealer {_ci(runs[('2x52+2', 15)].p_open)}."]
    if 0 in by_j and 2 in by_j:
        lines.append(f"Jokers decide it: {_ci(by_j[0])} without a joker, "
                     f"{_ci(by_j[1])} with one, {_ci(by_j[2])} with both.")
    if four is not None:
        e5 = four.by_turn(0, 5)
        lines.append(f"At a table of four drawing greedily, a seat can open by its 5th turn "
                     f"{pct(e5.estimate)} of the time (95 % CI {interval(e5.ci_low, e5.ci_high, percent=True)}).")
    lines.append(f"Sampled: {OPEN_TRIALS:,} dealt hands per line, {TURN_TRIALS:,} simulated deals per table, "
                 f"seed {SEED}.")
    study.answer(*lines)
    study.headline = lines[0].replace("**", "")
    card = []
    for cards in (14, 15):
        o = runs[("2x52+2", cards)]
        for j in o.by_jokers_trials():
            e = o.p_open_jokers(j)
            card.append({"cards": cards, "jokers held": j, "probability to open": e.estimate, "se": e.se,
                         "ci_low": e.ci_low, "ci_high": e.ci_high})
    study.card("Strategy card: can this deal open?", [
        f"Count your best disjoint melds: {OPENING} points or more opens (low ace 0, high ace 11, "
        "a joker counts as the card it stands for).",
        "The table gives the chance that a dealt hand can open, by jokers held (two packs, two jokers): "
        "without a joker, expect to wait; with both, most hands open at once."],
        card, name="card-open-by-jokers", top=True,
        notes=[f"Sampled: {OPEN_TRIALS:,} dealt hands per line (seed {SEED}); se and the 95 % interval in "
               "percent, like the chance."])
    study.rules([
        "Two packs and two jokers (106 cards); 2–7 players get 14 cards each, the player after the dealer 15.",
        "On your turn draw one card (from the stock or the top discard), meld if you can, then discard one.",
        "Melds: a set is 3–4 cards of one rank in different suits; a run is 3 or more cards in sequence in one "
        "suit (A 2 3 … K A, no wrap-around).",
        f"Your first meld of a deal, one or several melds laid at once, must total at least {OPENING} points: "
        "number cards count their value, pictures 10, the ace 11 (0 as the low ace of A-2-3).",
        "A joker stands for any card and counts as that card; each meld holds at least one natural card.",
        "The first player out of cards wins the deal; the others score the points left in their hands."],
        [f"the opening total ({OPENING})", "the number of players", "cards dealt (14, 15 for the player after "
         "the dealer)", "jokers in the deck"])
    study.term("opening value", f"the most points a hand can lay down as disjoint melds; {OPENING} or "
               "more opens")
    study.term("meld", "a set (3–4 cards of one rank in distinct suits) or a run (3+ cards in sequence "
               "of one suit)")
    study.term("greedy", "a drawing policy that takes the top discard when it raises the hand's value, "
               "else draws from the stock")
    study.term("stock-only", "a drawing policy that always draws from the stock")
