"""The report study "Showdown odds": which hands to play (the break-even class at 2-5 players on
four decks and each class's equity), the equity of a few named hands, and the draw table."""

from __future__ import annotations

from typing import Any

from analyzer import numfmt
from analyzer.games.showdown.chart import PlayChart, play_chart
from analyzer.games.showdown.draw import draw_odds
from analyzer.games.showdown.equity import equity
from analyzer.report.study import Study

TRIALS = 1_000_000        # random showdowns per chart column (all seats random)
VERSUS_TRIALS = 250_000   # per column against players (redealt until they hold the threshold)
SEED = 26
PLAYERS = (2, 3, 4, 5)
DECKS = (  # (label, rules preset, deck)
    ("standard 52", "standard", "52"),
    ("52 + joker, wild", "joker-wild", "52+1"),
    ("short 32 + joker", "short-32", "32+1"),
    ("Odessa 32 + 2 jokers", "short-32", "32+2"),
)
NAMED = (  # (hand, rules, deck, players)
    ("As Ad Kc Kd 2s", "joker-wild", "52+1", 2),
    ("Jk Kd Kc 9s 4h", "joker-wild", "52+1", 2),
    ("Kh Kd 7c 4s 2h", "standard", "52", 2),
    ("Ah Kh Qh Jh 9c", "standard", "52", 2),
    ("Jk As Kd 9c 8h", "short-32", "32+1", 2),
    ("Ts Td 8c 9h Qd", "short-32", "32+1", 2),
    ("Jk Jk Ac 9h 8d", "short-32", "32+2", 2),
)
DRAWS = (  # (what, hand, hold, rules)
    ("a pair draws three", "Kh Kd 7c 4s 2h", "Kh Kd", "standard"),
    ("two pair draws one", "Kh Kd 7c 7s 2h", "Kh Kd 7c 7s", "standard"),
    ("four-flush draws one", "Ah 9h 6h 3h Kc", "Ah 9h 6h 3h", "standard"),
    ("open-ended straight draws one", "9h 8d 7c 6s 2h", "9h 8d 7c 6s", "standard"),
    ("three of a kind draws two", "Kh Kd Kc 7s 2h", "Kh Kd Kc", "standard"),
    ("a pair and the joker draw two", "Kh Kd Jk 7s 2h", "Kh Kd Jk", "joker-wild"),
    ("two pair draws one, joker in the deck", "Kh Kd 7c 7s 2h", "Kh Kd 7c 7s", "joker-wild"),
    ("four-flush draws one, joker in the deck", "Ah 9h 6h 3h Kc", "Ah 9h 6h 3h", "joker-wild"),
    ("open-ended straight, joker in the deck", "9h 8d 7c 6s 2h", "9h 8d 7c 6s", "joker-wild"),
    ("a pair draws three, joker in the deck", "Kh Kd 7c 4s 2h", "Kh Kd", "joker-wild"),
)


def pct(x: float, se: float | None = None) -> str:
    """A share in the one number style (:mod:`analyzer.numfmt`), with ``± SE`` when given; ``–``
    when no hand of the class was dealt.

    >>> pct(0.523149), pct(0.0061234, 0.0001)
    ('52.31 %', '0.612 % ± 0.010 %')
    """
    if x != x:
        return "–"
    return numfmt.pct(x) if se is None else numfmt.estimate(x, se, percent=True)


def _charts() -> dict[tuple[str, int], PlayChart]:
    return {(label, p): play_chart(rules, deck, p, trials=TRIALS, seed=SEED, versus_trials=VERSUS_TRIALS,
                                   quiet=True)
            for label, rules, deck in DECKS for p in PLAYERS}


def _answer_rows(charts: dict[tuple[str, int], PlayChart]) -> list[dict[str, Any]]:
    """The break-even class of each deck and table size, the weakest class first shown."""
    rows = []
    for label, _, _ in DECKS:
        row: dict[str, Any] = {"deck": label}
        for p in PLAYERS:
            c = charts[(label, p)]
            row[f"{p} players"] = c.threshold_name
        rows.append(row)
    return rows


def _threshold_rows(charts: dict[tuple[str, int], PlayChart]) -> list[dict[str, Any]]:
    """Each deck and table size: the break-even class and its pot share with SE and 95 % CI."""
    rows = []
    for label, _, _ in DECKS:
        for p in PLAYERS:
            c = charts[(label, p)]
            r = c.rows()[c.threshold]
            rows.append({"deck": label, "players": p, "break-even class": c.threshold_name,
                         "pot_share": r["pot_share"], "se": r["se_pot_share"], "ci_low": r["ci_low_pot_share"],
                         "ci_high": r["ci_high_pot_share"], "fair share": 1 / p})
    return rows


def _chart_figure(study: Study, name: str, label: str, charts: dict[tuple[str, int], PlayChart]) -> None:
    """Pot share by class, one line per table size, with the fair share 1/N dashed."""
    import matplotlib.pyplot as plt

    first = charts[(label, PLAYERS[0])]
    fig, ax = plt.subplots(figsize=(10, 3.8))
    x = list(range(len(first.names)))
    for p in PLAYERS:
        rows = charts[(label, p)].rows()
        line = ax.plot(x, [100 * r["pot_share"] for r in rows], marker=".", label=f"{p} players")[0]
        ax.axhline(100 / p, color=line.get_color(), ls="--", lw=0.8)
    ax.set_xticks(x, first.names, rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("pot share, % (dashed: fair share 1/N)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    study.figure(name, fig, f"{label}: a class is worth playing where its line is above its dashed fair-share "
                 "line (against random hands)")


def _deck_rows(label: str, charts: dict[tuple[str, int], PlayChart]) -> list[dict[str, Any]]:
    first = charts[(label, PLAYERS[0])]
    by_players = {p: charts[(label, p)].rows() for p in PLAYERS}  # each chart's rows made once, not per class
    rows = []
    for i, name in enumerate(first.names):
        row: dict[str, Any] = {"class": name, "dealt": pct(first.frequency[i])}
        for p in PLAYERS:
            row[f"{p}p vs random"] = pct(by_players[p][i]["pot_share"])
        for p in PLAYERS:
            row[f"{p}p vs players"] = pct(by_players[p][i]["vs_players_pot_share"])
        rows.append(row)
    return rows


def _largest_se(charts: dict[tuple[str, int], PlayChart], column: str) -> tuple[float, str]:
    """The largest standard error of ``column`` over the classes dealt 1 % of the time or more,
    and the chart it is in."""
    worst, where = 0.0, ""
    for (label, p), c in charts.items():
        for r in c.rows():
            if r["dealt_frequency"] >= 0.01 and r[column] == r[column] and r[column] > worst:
                worst, where = r[column], f"{label}, {p} players"
    return worst, where


def _se_text(charts: dict[tuple[str, int], PlayChart]) -> str:
    """What the page says of its precision: the largest standard errors, measured, not assumed."""
    rnd, rnd_at = _largest_se(charts, "se_pot_share")
    vs, vs_at = _largest_se(charts, "se_vs_players_pot_share")
    return (f"Standard errors, for the classes dealt 1 % of the time or more: at most {numfmt.pct(rnd, 2)} of the pot "
            f"against random hands ({rnd_at}) and {numfmt.pct(vs, 2)} against players ({vs_at}); each one is in the CSV.")


def build() -> Study:
    study = Study("showdown", "Showdown odds: which hands to play")
    charts = _charts()
    answer = _answer_rows(charts)
    few, many = PLAYERS[0], PLAYERS[-1]
    heads = {label: charts[(label, few)].threshold_name for label, _, _ in DECKS}
    fives = {label: charts[(label, many)].threshold_name for label, _, _ in DECKS}
    study.headline = (f"Break-even hand (pot share ≥ 1/N against random hands): {few} players "
                      + ", ".join(f"{k} {v}" for k, v in heads.items()) + f"; {many} players "
                      + ", ".join(f"{k} {v}" for k, v in fives.items()) + ".")
    std = next(r for r in answer if r["deck"] == DECKS[0][0])
    odessa = next(r for r in answer if r["deck"] == DECKS[-1][0])
    share = {(r["deck"], r["players"]): r for r in _threshold_rows(charts)}
    s2 = share[(DECKS[0][0], few)]
    study.answer(f"**Which hands to play**: the weakest hand that wins at least its fair share of the pot (1/N) "
                 f"against random hands — standard 52 cards: **{std[f'{few} players']}** heads-up (pot share "
                 f"{numfmt.with_ci(s2['pot_share'], s2['ci_low'], s2['ci_high'], s2['se'], percent=True)}), "
                 f"**{std[f'{many} players']}** at {many} players.",
                 f"With jokers the bar rises: Odessa (32 cards + 2 jokers) {odessa[f'{few} players']} heads-up, "
                 f"{odessa[f'{many} players']} at {many} players; every deck and table size is in the card below.",
                 "Against players who stay in only with that class or better, every class below it is nearly "
                 "hopeless (the 'vs players' columns of each chart).")
    study.card("Strategy card: which hands to play at a showdown", [
        "Play (stay in) with the hand shown or better; fold weaker hands. Against players who only stay in "
        "with that hand or better, play a class or two higher."], answer, name="play-thresholds", top=True,
        notes=[f"Sampled: {TRIALS:,} random showdowns per deck and table size (seed {SEED}); the pot shares "
               "with their 95 % intervals are in the table below."])
    study.rules([
        "Each player gets five cards; there is no draw: the best hand takes the pot, equal hands split it.",
        "Standard: 52 cards. With a joker: 53 cards, the joker fully wild.",
        "Short poker: 32 cards (7 to ace) plus a wild joker; no plain flush; A-7-8-9-10 is the lowest straight; "
        "five of a kind is the top hand. Odessa: the same with two jokers.",
        "A hand's fair share of the pot is 1/N with N players: a hand is worth playing if it wins more than that.",
        "Draw poker: keep some cards and draw the rest once from the deck; the discards are out of play."],
        ["the deck and its jokers", "the number of players", "whether opponents stay in with any hand"])
    study.table("play-threshold-shares", list(share.values()), "The break-even class and its pot share against "
                "random hands, with its 95 % interval (the fair share is 1/N)")
    study.text(f"How the charts are made: {TRIALS:,} random showdowns per table size (seed {SEED}), each "
               "player dealt five cards, the best hand takes the pot, equal hands split it; the first "
               "seat's pot share is tallied by its hand class (high card by its top card, a pair by its "
               "rank, each higher category whole), so a class's share averages its hands as often as "
               f"each is dealt. 'vs players': {VERSUS_TRIALS:,} showdowns where the other hands are "
               "redealt together until every one holds the break-even class or better. Short 32 is "
               "7 to ace plus a wild joker, no plain flush, A-7-8-9-10 the lowest straight, five of a "
               "kind on top; Odessa is the same with two jokers. " + _se_text(charts))
    long_rows: list[dict[str, Any]] = []
    for label, rules, deck in DECKS:
        study.heading(f"Chart: {label} ({rules}, deck {deck})")
        _chart_figure(study, f"chart-{deck.replace('+', 'j')}", label, charts)
        study.table(f"chart-{deck.replace('+', 'j')}", _deck_rows(label, charts),
                    f"{label}: each class's pot share (the fair share is 1/N)", fold=True)
        for p in PLAYERS:
            c = charts[(label, p)]
            long_rows += [{"deck": deck, "rules": rules, "players": p, **r} for r in c.rows()]
    study.csv("chart-long", long_rows)

    study.heading("Named hands, heads-up, exact")
    named = []
    for hand, rules, deck, p in NAMED:
        r = equity([hand], p, rules, deck)
        s = r.seats[0]
        named.append({"hand": hand, "rules": rules, "deck": deck, "players": p, "p_win": s.p_win,
                      "p_tie": s.p_tie, "pot_share": s.pot_share, "opponent hands": r.deals})
    study.table("named", named, "Pot share of a given hand against one random hand, every opponent hand "
                "enumerated (joker-odds equity HAND --rules R --deck D)")

    study.heading("Draw poker: one draw")
    draw_rows = []
    for what, hand, hold, rules in DRAWS:
        d = draw_odds(hand, hold, rules)
        best = dict(d.counts)
        draw_rows.append({"draw": what, "rules": rules, "dealt": hand, "hold": hold, "draws": d.draws,
                          "improves": d.improved, "p_improve": d.p_improve,
                          "full house": best["full_house"], "flush": best["flush"],
                          "straight": best["straight"]})
    study.table("draws", draw_rows, "Every draw enumerated; the discards are out of play "
                "(joker-odds draw HAND --hold CARDS --rules R)")
    return study


def warm() -> None:
    """Compile the kernels only this study calls (no command does), on tiny inputs: ``joker-odds
    warmup`` runs it, so the report starts warm."""
    play_chart("standard", "52", 2, trials=4_000, seed=SEED, versus_trials=2_000, quiet=True)
