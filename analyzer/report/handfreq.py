"""The hand-frequency study: exact 5-card counts for every preset × deck, best-of-7 for 52 and
52+1, log-scale probability charts, and the ranking paradox."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from analyzer.cards import deck_names
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.frequencies import FreqTable, exact_frequencies, ranking_paradox
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
    study.heading("Counts by rule set and deck")
    for (name, deck), t in tables.items():
        rows = [{"category": r.category, "count": r.count, "probability": r.probability,
                 "one in": (t.total / r.count) if r.count else None} for r in t.rows]
        rows.append({"category": "total", "count": t.total, "probability": 1.0, "one in": 1.0})
        study.table(f"freq5-{name}-{deck}".replace("+", "p"), rows, f"{name} on {deck} ({t.total:,} hands)")
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
    study.table("matrix", matrix, "Category probabilities, every preset × deck")
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
    study.figure("probabilities-by-preset", fig, "Category probabilities, 5 cards, by rule set")

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
                    f"({t.total:,} hands)")
    from analyzer.report.poker_extras import add_sections

    add_sections(study)
    study.headline = f"{len(matrix)} rule set × deck pairs, every 5-card hand enumerated exactly."
    jw = tables.get(("joker-wild", "52+1"))
    if jw is not None:
        five = jw.row("five_of_a_kind")
        study.headline += (f" Joker wild on 52+1: five of a kind {five.count:,} of {jw.total:,} hands "
                           f"(1 in {jw.total / five.count:,.0f}).")
    return study
