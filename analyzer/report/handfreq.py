"""The hand-frequency study: exact 5-card counts for every preset × deck, best-of-7 for 52 and
52+1, log-scale probability charts, and the ranking paradox."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from analyzer.cards import deck_names
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.frequencies import FreqTable, exact_frequencies, ranking_paradox
from analyzer.numfmt import count, pct
from analyzer.report.study import Study
from analyzer.rules import DEFAULT_ORDER, get_rules, preset_names

# (preset, deck) pairs shown; every preset on its own deck plus the two-joker variants.
EXTRA = [("joker-wild", "52+2"), ("bug", "52+2"), ("j-poker", "52+2"), ("semi-wild", "52+2"),
         ("standard", "32"), ("standard", "36")]

# (preset, deck) pairs of the best-5-of-7 tables.
SEVEN_CARD_CASES = (("standard", "52"), ("joker-wild", "52+1"))


def _cases() -> list[tuple[str, str]]:
    return [(name, get_rules(name).deck) for name in preset_names()] + EXTRA


def _all_valid_pairs() -> list[tuple[str, str]]:
    """Every preset × single-deck spec where the preset's wild cards exist in the deck."""
    pairs = []
    for name in preset_names():
        for deck in deck_names():
            try:
                Evaluator(get_rules(name), deck)
            except JokerOddsError:
                continue
            pairs.append((name, deck))
    return pairs


def _table(name: str, deck: str, cards: int = 5) -> FreqTable:
    return exact_frequencies(get_rules(name), deck, cards)


def build() -> Study:
    study = Study("hand-frequencies", "Hand-rank frequencies with jokers and wild cards")
    study.text("Every number here is exact: all C(N, 5) hands of the deck were enumerated and "
               "scored under the rule set. Categories are listed best first in the rule set's own "
               "order (short decks drop the plain flush; short-deck hold'em puts the flush above "
               "the full house).")
    tables = {}
    long_rows = []
    for name, deck in _cases():
        t = _table(name, deck)
        tables[(name, deck)] = t
        for r in t.rows:
            long_rows.append({"rules": name, "deck": deck, "category": r.category,
                              "count": r.count, "probability": r.probability})
    _answer(study, tables)
    study.heading("The main rule sets side by side")
    main = [k for k in (("standard", "52"), ("joker-wild", "52+1"), ("bug", "52+1"), ("deuces-wild", "52"),
                        ("j-poker", "32+1"), ("short-32", "32+1")) if k in tables]
    pivot = []
    for c in DEFAULT_ORDER:
        row: dict[str, object] = {"category": c.value.replace("_", " ")}
        for k in main:
            hit = next((r for r in tables[k].rows if r.category == c.value), None)
            row[f"{k[0]} ({k[1]})"] = hit.probability if hit else "-"
        if any(v != "-" for v in list(row.values())[1:]):
            pivot.append(row)
    study.table("main-rule-sets", pivot, "Probability of each category, 5 cards, exact",
                percent=[f"{k[0]} ({k[1]})" for k in main])
    study.heading("Counts by rule set and deck")
    study.text("Each rule set's exact counts, folded: open the one you need.")
    for (name, deck), t in tables.items():
        rows = [{"category": r.category, "count": r.count, "probability": r.probability,
                 "one in": (t.total / r.count) if r.count else None} for r in t.rows]
        rows.append({"category": "total", "count": t.total, "probability": 1.0, "one in": 1.0})
        study.table(f"freq5-{name}-{deck}".replace("+", "p"), rows, f"{name} on {deck} ({t.total:,} hands)",
                    fold=True)
    study.heading("Every preset on every deck")
    study.text("Probability of each category (5 cards) for every preset on every single deck that has "
               "its wild cards; '-' marks a category the rule set does not have.")
    matrix = []
    for name, deck in _all_valid_pairs():
        t = tables.get((name, deck)) or _table(name, deck)
        for r in t.rows:
            long_rows.append({"rules": name, "deck": deck, "category": r.category,
                              "count": r.count, "probability": r.probability})
        have = {r.category: r.probability for r in t.rows}
        matrix.append({"rules": name, "deck": deck, "hands": t.total,
                       **{c.value: have.get(c.value, "-") for c in DEFAULT_ORDER}})
    study.table("matrix", matrix, "Category probabilities, every preset × deck", fold=True,
                percent=[c.value for c in DEFAULT_ORDER])
    seen: set[tuple[str, str, str]] = set()
    unique_rows = []
    for row in long_rows:
        triple = (str(row["rules"]), str(row["deck"]), str(row["category"]))
        if triple not in seen:
            seen.add(triple)
            unique_rows.append(row)
    study.csv("freq5-all", unique_rows)
    study.text("All 5-card tables in one CSV (long format): tables/freq5-all.csv.")

    study.heading("Probabilities by preset (log scale)")
    fig, ax = plt.subplots(figsize=(11, 5))
    cats = [c.value for c in DEFAULT_ORDER]
    shown = [(n, d) for n, d in tables if d in ("52", "52+1")]
    width = 0.8 / len(shown)
    for i, key in enumerate(shown):
        t = tables[key]
        probs = [next((r.probability for r in t.rows if r.category == c), 0.0) or np.nan for c in cats]
        ax.bar(np.arange(len(cats)) + i * width, probs, width, label=f"{key[0]} ({key[1]})")
    ax.set_yscale("log")
    ax.set_xticks(np.arange(len(cats)) + 0.4, [c.replace("_", " ") for c in cats], rotation=35, ha="right")
    ax.set_ylabel("probability (5 cards)")
    ax.legend(fontsize=8)
    study.figure("probabilities-by-preset", fig, "Category probabilities, 5 cards, by rule set (log "
                 "scale): where a rule set's bar rises above the standard deck's, its wild cards make that "
                 "category more common")

    study.heading("The ranking paradox")
    study.text("With wild cards the order of categories by rank no longer matches their order by "
               "rarity. Each row lists the pairs where the better category is the more frequent one.")
    prow = []
    for (name, deck), t in tables.items():
        p = ranking_paradox(t)
        prow.append({"rules": name, "deck": deck,
                     "inversions": "; ".join(f"{a} more frequent than {b}" for a, b in p.inversions) or "none",
                     "order by rarity (rarest first)": ", ".join(p.by_rarity)})
    study.table("paradox", prow, "Rank order vs frequency order")

    study.heading("Best five of seven cards")
    for name, deck in SEVEN_CARD_CASES:
        t = exact_frequencies(get_rules(name), deck, 7)
        rows = [{"category": r.category, "count": r.count, "probability": r.probability} for r in t.rows]
        rows.append({"category": "total", "count": t.total, "probability": 1.0})
        study.table(f"freq7-{name}-{deck}".replace("+", "p"), rows, f"{name} on {deck}, best 5 of 7 "
                    f"({t.total:,} hands)", fold=True)
    from analyzer.report.poker_extras import add_sections

    add_sections(study)
    study.headline = f"{len(matrix)} rule set × deck pairs, every 5-card hand enumerated exactly."
    jw = tables.get(("joker-wild", "52+1"))
    if jw is not None:
        five = jw.row("five_of_a_kind")
        study.headline += (f" Joker wild on 52+1: five of a kind {five.count:,} of {jw.total:,} hands "
                           f"(1 in {jw.total / five.count:,.0f}).")
    return study


def _answer(study: Study, tables: dict[tuple[str, str], FreqTable]) -> None:
    """The answer box: how a joker changes the odds of the hands a player cares about."""
    std, jw, dw = (tables.get(k) for k in (("standard", "52"), ("joker-wild", "52+1"), ("deuces-wild", "52")))
    lines = []

    def p(t: FreqTable, cat: str) -> float:
        return next((float(r.probability or 0.0) for r in t.rows if r.category == cat), 0.0)

    if std is not None and jw is not None:
        lines.append(f"**One joker, fully wild (53 cards):** a pair or better comes "
                     f"{pct(1 - p(jw, 'high_card'))} of the time against {pct(1 - p(std, 'high_card'))} "
                     f"without it; three of a kind {pct(p(jw, 'three_of_a_kind'))} "
                     f"(vs {pct(p(std, 'three_of_a_kind'))}).")
        five = jw.row("five_of_a_kind")
        lines.append(f"Five of a kind needs the joker: {count(five.count)} of {count(jw.total)} hands, "
                     f"1 in {count(jw.total / five.count)}.")
        inv = ranking_paradox(jw).inversions
        if inv:
            a, b = inv[0]
            lines.append(f"With the joker, rank and rarity disagree: {a.replace('_', ' ')} is more frequent "
                         f"than {b.replace('_', ' ')}, which it beats ({len(inv)} such pair"
                         f"{'' if len(inv) == 1 else 's'}).")
    if dw is not None:
        lines.append(f"Deuces wild (52 cards): a pair or better {pct(1 - p(dw, 'high_card'))}, "
                     f"five of a kind {pct(p(dw, 'five_of_a_kind'))}.")
    lines.append("Every number on this page is exact: all hands of each deck were enumerated.")
    study.answer(*lines)
    study.rules([
        "A poker hand is five cards, ranked from high card up to the straight flush (royal flush on top); "
        "with wild cards, five of a kind ranks above them all.",
        "A joker is wild: it stands for whatever card makes the best hand, but may not duplicate a card "
        "already held except to make five of a kind.",
        "Bug rules: the joker is only an ace or completes a straight or flush. Semi-wild (the 53rd card): "
        "it only completes a straight or a flush, below every natural one.",
        "J-poker: a wild card never makes three of a kind (pair + wild = two pair).",
        "Short decks (32 or 36 cards, from 7 or 6 up) let the ace play low below the lowest rank; short poker "
        "has no plain flush."],
        ["the deck (52, 52 + 1 or 2 jokers, 32, 36)", "what a wild card may be (wild, bug, semi, J-poker)",
         "whether a natural hand beats an equal wild one"])
    study.term("ranking paradox", "with wild cards a better category can be more frequent than a worse "
               "one, because a wild card is played to make the best hand it can")
    study.term("bug", "a joker that counts only as an ace or to complete a straight or a flush")
