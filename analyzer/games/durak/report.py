"""The report study "Durak with two jokers": who is the fool by seat and by dealt hand, what each
joker is worth (under the heuristic and under ismcts), the first attacker's edge, and how strong
the policies are."""

from __future__ import annotations

import matplotlib.pyplot as plt

from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.simulate import DEFAULT_BUDGET, DurakSimulation, simulate_durak
from analyzer.games.durak.strength import strength_table
from analyzer.games.durak.sweep import sweep
from analyzer.numfmt import interval, pct, se_decimals, sig, signed, with_ci
from analyzer.report.strength import strength_section
from analyzer.report.study import Study

GAMES = 40_000          # self-play games per (deck, players)
DEALS = 500             # deals per heads-up pairing (each played twice, seats swapped)
BUDGETS = (8, 16, 32, 64, 128)
BUDGET_DEALS = 150
SEED = 1
STRONG_GAMES = 1_000    # ismcts self-play games, heads-up 36+2 (about 0.012 CPU-s a game at the budget below)
STRONG_BUDGET = 200     # ismcts tree iterations per decision in the report


def _plot_values(study: Study, rows: list[dict], deck: str) -> None:
    fig, ax = plt.subplots(figsize=(7, 4))
    for holding, by in (("high joker", "role"), ("low joker", "role"), ("both jokers", "colour"),
                        ("first attack", "edge")):
        pts = [r for r in rows if r["deck"] == deck and r["holding"] == holding and r["by"] == by]
        x = [r["players"] for r in pts]
        ax.errorbar(x, [r["pp"] for r in pts], yerr=[1.96 * r["se_pp"] for r in pts], marker="o", capsize=3,
                    label=holding if by != "edge" else "first attacker's edge")
    ax.set_xticks(range(2, 7))
    ax.set_xlabel("players")
    ax.set_ylabel("lower P(fool), percentage points")
    ax.set_title(f"Deck {deck}: what a joker (or the first attack) is worth")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    odd = []
    for p in range(2, 7):
        both = _row(rows, deck=deck, players=p, holding="both jokers", by="colour")
        high = _row(rows, deck=deck, players=p, holding="high joker", by="role")
        if both and high and both["pp"] < high["pp"]:
            odd.append((p, both["ci_high_pp"] >= high["ci_low_pp"]))
    note = ""
    if odd:
        players = ", ".join(str(p) for p, _ in odd)
        noise = all(overlap for _, overlap in odd)
        note = (f" Both jokers read below the high joker alone at {players} players: "
                + ("their intervals overlap there — few hands hold both jokers, so the order is sampling noise."
                   if noise else "beyond sampling noise. The values measure the heuristic player, which plays "
                   "the pair no better than the high joker alone; compare the stronger player's values below."))
    study.figure(f"values-{deck.replace('+', 'j')}", fig, f"Deck {deck}: the higher a point, the more that card "
                 f"lowers the holder's chance of being the fool (95 % CI bars).{note}")


def value_comparison(weak: DurakSimulation, strong: DurakSimulation) -> tuple[list[dict], str]:
    """Joker values and the first attacker's edge under two lineups side by side, and a sentence on
    the largest difference (the runs are independent: the SE of a difference is the root sum of squares)."""
    rows = []
    a_rows = [*weak.value_rows(), {"holding": "first attack", "by": "edge", **weak.first_attacker_edge()}]
    b_rows = [*strong.value_rows(), {"holding": "first attack", "by": "edge", **strong.first_attacker_edge()}]
    for a, b in zip(a_rows, b_rows, strict=True):
        diff = b["estimate"] - a["estimate"]
        se = (a["se"] ** 2 + b["se"] ** 2) ** 0.5
        rows.append({"holding": a["holding"], "by": a["by"], f"{weak.lineup[0]} pp": a["estimate"],
                     f"{weak.lineup[0]} ci_low_pp": a["ci_low"], f"{weak.lineup[0]} ci_high_pp": a["ci_high"],
                     f"{strong.lineup[0]} pp": b["estimate"], f"{strong.lineup[0]} ci_low_pp": b["ci_low"],
                     f"{strong.lineup[0]} ci_high_pp": b["ci_high"], "change_pp": diff,
                     "change_ci_low_pp": diff - 1.96 * se, "change_ci_high_pp": diff + 1.96 * se})
    big = max(rows, key=lambda r: abs(r["change_pp"]))
    clear = [r for r in rows if r["change_ci_low_pp"] > 0 or r["change_ci_high_pp"] < 0]
    big_se = (big["change_ci_high_pp"] - big["change_ci_low_pp"]) / (2 * 1.96)
    sentence = (f"The largest change is the {big['holding']} ({big['by']}): "
                f"{signed(big['change_pp'], decimals=se_decimals(big_se))} percentage points (95 % CI "
                f"{interval(big['change_ci_low_pp'], big['change_ci_high_pp'], like=big_se)}); "
                + (f"{len(clear)} of {len(rows)} values differ beyond their 95 % intervals, so the values "
                   "depend on who plays." if clear else
                   f"none of the {len(rows)} values differs beyond its 95 % interval at these sample sizes."))
    return rows, sentence


def _strong_values(study: Study, weak: DurakSimulation) -> str:
    strong = simulate_durak(durak_rules(), ["ismcts"] * 2, STRONG_GAMES, SEED, STRONG_BUDGET, quiet=True)
    rows, sentence = value_comparison(weak, strong)
    study.heading("Do the values depend on the player?")
    study.text(f"Heads-up, 36+2: the joker values and the first attacker's edge from {weak.games:,} games of "
               f"heuristic self-play and from {strong.games:,} games in which both seats play ismcts "
               f"(information-set tree search with heuristic playouts, {STRONG_BUDGET} iterations a decision; "
               f"against the heuristic it is the fool far less often), seed {SEED}. {sentence}")
    study.table("values-by-player", rows, "Joker values under the heuristic and under ismcts, percentage points")
    return sentence


def _four_players(swept: DurakSimulation | None) -> DurakSimulation:
    """Heuristic self-play, 4 players, 36+2, :data:`GAMES` games, seed :data:`SEED`: the sweep's own
    run of it when it has one (the same rules, lineup, budget, games and seed: the same numbers),
    else played here."""
    rules = durak_rules(4)
    if (swept is not None and swept.rules == rules and swept.lineup == ("heuristic",) * 4
            and swept.budget == DEFAULT_BUDGET and swept.games == GAMES and swept.seed == SEED and not swept.later):
        return swept
    return simulate_durak(rules, ["heuristic"] * 4, GAMES, SEED, quiet=True)


def build() -> Study:
    study = Study("durak", "Durak with two jokers")
    study.text("Throw-in durak with 36 or 52 cards plus a red joker (Jk1) and a black joker (Jk2), six cards "
               "each, the next card turned for trump. The joker of the trump's colour (the high joker) beats "
               "every card; the other (the low joker) beats any card of its own colour but loses to a trump. "
               "A turned joker makes both suits of its colour trumps (equal ranks do not beat each other). "
               "At most as many attack cards as the defender holds, at most 6, at most 5 in the first bout. "
               "All numbers but one table are heuristic self-play with seat 0 on the dealer's left; 95 % intervals are "
               "Wilson for seat rates and cluster-robust (by game) for groups of players and their contrasts.")
    sw = sweep(games=GAMES, seed=SEED)
    study.heading("The fool by seat")
    study.text(f"{GAMES:,} games per deck and player count (seed {SEED}). The seats are alike (the deal "
               "decides who attacks first); the first attacker is the fool much less often than the others.")
    study.table("seats", sw.seat_rows, "P(fool) by seat, heuristic self-play")
    study.table("summary", sw.summary_rows, "Draws (the last two out together), first attacker vs the others, "
                "game length")
    fig, ax = plt.subplots(figsize=(7, 4))
    for deck in ("36+2", "52+2"):
        rows = [r for r in sw.summary_rows if r["deck"] == deck]
        x = [r["players"] for r in rows]
        ax.plot(x, [r["p_fool_first_attacker"] for r in rows], marker="o", label=f"{deck}: first attacker")
        ax.plot(x, [r["p_fool_others"] for r in rows], marker="s", ls="--", label=f"{deck}: the others")
        ax.plot(x, [r["p_draw"] for r in rows], marker="^", ls=":", label=f"{deck}: draw")
    ax.set_xticks(range(2, 7))
    ax.set_xlabel("players")
    ax.set_ylabel("probability")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    study.figure("first-attacker", fig, "P(fool) of the first attacker and of the others, and P(draw)")

    study.heading("What a joker is worth")
    study.text("Value = P(fool) holding no joker minus P(fool) holding it (dealt hand), in percentage points. "
               "By colour: red / black joker; by role: the high joker (of the trump's colour) and the low "
               "one. The first attacker's edge is the others' P(fool) minus his.")
    study.table("values", sw.value_rows, "Joker values and first-attacker edge, percentage points")
    for deck in ("36+2", "52+2"):
        _plot_values(study, sw.value_rows, deck)

    strong_sentence = _strong_values(study, sw.runs[("36+2", 2)])

    study.heading("By trump count")
    sim4 = _four_players(sw.runs.get(("36+2", 4)))
    trumps = sim4.group_rows("trumps")
    jokers = sim4.group_rows("roles")
    study.table("trumps-4p", trumps, "4 players, 36+2: P(fool) by ordinary trumps dealt (jokers apart)")
    study.table("jokers-4p", jokers, "4 players, 36+2: P(fool) by jokers dealt")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.errorbar(range(len(trumps)), [r["p_fool"] for r in trumps], yerr=[1.96 * r["se"] for r in trumps],
                marker="o", capsize=3)
    ax.set_xticks(range(len(trumps)), [r["group"].split()[0] for r in trumps])
    ax.set_xlabel("ordinary trumps dealt")
    ax.set_ylabel("P(fool)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    study.figure("trumps-4p", fig, "4 players, 36+2: P(fool) by trumps dealt (95 % CI bars)")

    study.heading("The game after a loss")
    study.text("In a game after one with a fool, the fool's neighbour attacks first: on his right (the fool "
               "is attacked first, the default) or on his left. How often is the same seat the fool again?")
    again_rows = []
    for p in (3, 4):
        for side in ("right", "left"):
            r = durak_rules(p, overrides=[f"after_loss={side}"])
            again = simulate_durak(r, ["heuristic"] * p, GAMES // 2, SEED, later=True, quiet=True).again()
            again_rows.append({"deck": r.deck, "players": p, "fool's neighbour attacks": side,
                               "games": again["games_after_a_fool"], "p_fool_again": again["p_fool_again"],
                               "ci_low": again["p_fool_again_ci_low"], "ci_high": again["p_fool_again_ci_high"]})
    study.table("after-loss", again_rows, "P(the last fool is the fool again), heuristic self-play")

    study.heading("Policy strength")
    study.text(f"Heads-up, 36+2, {DEALS} deals per pairing, each played twice with the seats swapped "
               "(same deal, same first attacker). Score = win 1, draw ½; the interval is over deals. "
               "random: uniform legal moves. heuristic: spends its cheapest card, keeps trumps and jokers "
               "back, throws in cheap ranks, takes rather than spend a card worth far more than the attack. "
               "search: determinized rollouts — it redeals the unseen cards, plays each move and finishes "
               "with the heuristic, and keeps the move that loses least.")
    pairs = [("search", "heuristic"), ("heuristic", "random")]
    study.table("strength", strength_table(durak_rules(), pairs, DEALS, SEED, DEFAULT_BUDGET, quiet=True),
                f"Heads-up strength (search budget {DEFAULT_BUDGET} rollouts per decision)")
    budget_rows = []
    for b in BUDGETS:
        row = strength_table(durak_rules(), [("search", "heuristic")], BUDGET_DEALS, SEED, b, quiet=True)[0]
        budget_rows.append(row)
    study.table("search-budget", budget_rows, f"Search against the heuristic by budget ({BUDGET_DEALS} deals each)")
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.errorbar([r["budget"] for r in budget_rows], [r["score"] for r in budget_rows],
                yerr=[1.96 * r["se"] for r in budget_rows], marker="o", capsize=3)
    ax.axhline(0.5, color="grey", ls="--", lw=1)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("rollouts per decision")
    ax.set_ylabel("score against the heuristic")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    study.figure("search-budget", fig, "Search policy score against the heuristic, heads-up (95 % CI bars)")
    study.text("Reproduce: joker-odds durak sweep --games 40000 --seed 1; joker-odds durak strength --deals 500 "
               "--seed 1; joker-odds durak simulate --players 4 --table trumps --games 40000 --seed 1.")
    _answer(study, sw.summary_rows, sw.value_rows, strong_sentence,
            sw.runs[("36+2", 2)].group_rows("first") if ("36+2", 2) in sw.runs else None)
    strength_section(study, ["durak"])  # how strong the players are: the measured ladder
    return study


def _row(rows: list[dict], **want: object) -> dict | None:
    return next((r for r in rows if all(r.get(k) == v for k, v in want.items())), None)


def _answer(study: Study, summary: list[dict], values: list[dict], strong: str,
            first: list[dict] | None = None) -> None:
    """Answer box, the joker-value card and the terms (heuristic self-play numbers)."""
    lines = []
    two = _row(summary, deck="36+2", players=2)
    if first and len(first) >= 2:
        a, b = first[0], first[1]
        lines.append(f"**Heads-up (36 cards + 2 jokers), the player who attacks first is the fool "
                     f"{with_ci(a['p_fool'], a['ci_low'], a['ci_high'], a['se'], percent=True)} of the time, "
                     f"the other {with_ci(b['p_fool'], b['ci_low'], b['ci_high'], b['se'], percent=True)}.**")
    elif two:
        lines.append(f"**Heads-up (36 cards + 2 jokers), the player who attacks first is the fool "
                     f"{pct(two['p_fool_first_attacker'])} of the time, the other {pct(two['p_fool_others'])}.**")
    for players in (3,):
        hi = _row(values, deck="36+2", players=players, holding="high joker", by="role")
        lo = _row(values, deck="36+2", players=players, holding="low joker", by="role")
        if hi and lo:
            lines.append(f"At {players} players the high joker (the trump colour's) lowers your chance of being "
                         f"the fool by {sig(hi['pp'], decimals=se_decimals(hi['se_pp']))} points (95 % CI "
                         f"{interval(hi['ci_low_pp'], hi['ci_high_pp'], like=hi['se_pp'])}), the low joker by "
                         f"{sig(lo['pp'], decimals=se_decimals(lo['se_pp']))} "
                         f"({interval(lo['ci_low_pp'], lo['ci_high_pp'], like=lo['se_pp'])}).")
    lines.append(f"Who plays matters: {strong[0].lower()}{strong[1:]}" if strong else "")
    lines.append(f"Heuristic self-play, {GAMES:,} games per deck and table size, seed {SEED}; 95 % intervals.")
    study.answer(*[x for x in lines if x])
    if lines:
        study.headline = lines[0].replace("**", "")
    card = []
    for deck in ("36+2", "52+2"):
        for players in range(2, 7):
            row: dict[str, object] = {"deck": deck, "players": players}
            for holding, by in (("high joker", "role"), ("low joker", "role"), ("both jokers", "colour"),
                                ("first attack", "edge")):
                r = _row(values, deck=deck, players=players, holding=holding, by=by)
                if r:
                    dec = se_decimals(r["se_pp"])
                    row[f"{holding} (points, 95 % CI)"] = (
                        f"{signed(r['pp'], decimals=dec)} ({interval(r['ci_low_pp'], r['ci_high_pp'], decimals=dec)})")
            if len(row) > 2:
                card.append(row)
    study.card("Strategy card: what a joker is worth", [
        "Points = how many percentage points lower your chance of being the fool is with that card "
        "(or as the first attacker) than without it, heuristic play; in brackets the 95 % interval.",
        "Defend with the high joker late: it beats every card, trumps included; the low joker beats only "
        "its own colour and loses to a trump.",
        "Attacking first is worth the points in the last column: with 2 players, be the first attacker "
        "if the rules let you choose."], card, name="card-joker-values", top=True,
        notes=[f"Heuristic self-play, {GAMES:,} games per deck and table size (seed {SEED}); positive points favour "
               "the holder."])
    study.rules([
        "Durak with two jokers: 36 cards (6 to ace) or 52, plus a red and a black joker; 2 to 6 players, six cards each.",
        "The last card of the stock is turned up: its suit is trumps. The player left of the dealer attacks first.",
        "The attacker leads a card; the defender beats it with a higher card of its suit or a trump, or takes "
        "everything on the table. Others may throw in cards of ranks already on the table.",
        "The joker of the trumps' colour (the high joker) beats every card; the other joker beats any card of "
        "its colour and loses to a trump.",
        "Hands are refilled to six from the stock after each bout; once the stock is gone, a player without "
        "cards is out.",
        "The last player left holding cards is the fool (the loser)."],
        ["the deck (36 or 52 cards)", "the number of players", "who attacks first in the next game"])
    study.term("fool", "the player left holding cards when everybody else is out: the loser of the game")
    study.term("first attacker", "the player who leads the first bout (the dealer's left in the first game)")
    study.term("high joker", "the joker of the trump's colour: it beats every card")
    study.term("low joker", "the joker of the other colour: it beats any card of its own colour, loses to a trump")
    study.term("percentage points", "a difference of two percentages: 30 % to 25 % is 5 points")
    study.term("ismcts", "information-set Monte Carlo tree search: a player that searches the moves over deals "
               "of the unseen cards consistent with what it has seen, playing each out with the heuristic")
    study.term("heuristic", "the project's rule-based player: spends its cheapest card, keeps trumps and "
               "jokers back, throws in cheap ranks")
