"""Hand-frequency sections for the optional rules: the four-flush and low hands (exact counts).

>>> [c[0] for c in FOUR_FLUSH_CASES]
['standard', 'joker-wild']
"""

from __future__ import annotations

from analyzer.frequencies import exact_frequencies, sampled_frequencies
from analyzer.lowball import exact_low_frequencies
from analyzer.report.study import Study
from analyzer.rules import get_rules

FOUR_FLUSH_CASES = (("standard", "52"), ("joker-wild", "52+1"))
BEST7_HANDS = 200_000  # sampled 7-card hands per case (every 5-card subset scored)
LOW_CASES = (("standard", "52", "high"), ("standard", "52", "high_or_low"), ("joker-wild", "52+1", "high_or_low"))


def add_sections(study: Study) -> None:
    """Append the four-flush and low-hand tables to a hand-frequency page."""
    study.heading("The four-flush")
    study.text("Four cards of one suit as a category between two pair and pair (four_flush = true); "
               "a wild card fills it as the highest free rank of the suit.")
    for name, deck in FOUR_FLUSH_CASES:
        t = exact_frequencies(get_rules(name, deck=deck, four_flush=True), deck)
        rows = [{"category": r.category, "count": r.count, "probability": r.probability} for r in t.rows]
        study.table(f"four-flush-{name}-{deck}".replace("+", "p"), rows,
                    f"{name} on {deck} with the four-flush ({t.total:,} hands)")
    study.heading("The four-flush in 7-card hands", level=3)
    study.text(f"Best 5 of 7 cards, the four-flush included (every 5-card subset scored), "
               f"{BEST7_HANDS:,} sampled hands per case, 95 % Wilson CIs. Reproduce: "
               f"`joker-odds freq --rules standard --four-flush --cards 7 --trials {BEST7_HANDS} --seed 7` "
               "(and `--rules joker-wild --deck 52+1`).")
    for name, deck in FOUR_FLUSH_CASES:
        t = sampled_frequencies(get_rules(name, deck=deck, four_flush=True), deck, cards=7, trials=BEST7_HANDS,
                                seed=7, quiet=True)
        rows = [{"category": r.category, "count": r.count, "probability": r.estimate, "se": r.se,
                 "ci_low": r.ci_low, "ci_high": r.ci_high} for r in t.rows]
        study.table(f"four-flush-best7-{name}-{deck}".replace("+", "p"), rows,
                    f"{name} on {deck} with the four-flush, best of 7 (sampled, seed 7)")
    study.heading("Low hands")
    study.text("The lowest hand by poker ranking wins the low (pairs, straights and flushes count "
               "against it); high-card hands by their top card, then each category; a wild card "
               "takes the value that makes the hand lowest.")
    summary = []
    for name, deck, ace in LOW_CASES:
        lt = exact_low_frequencies(get_rules(name, deck=deck, low_ace=ace), deck)
        study.table(f"low-{name}-{deck}-{ace}".replace("+", "p"), [r.__dict__ for r in lt.rows],
                    f"{name} on {deck}, ace {ace.replace('_', ' ')} ({lt.total:,} hands)")
        summary.append({"rules": name, "deck": deck, "ace": ace, "7-low or better": lt.seven_low_or_better,
                        "probability": lt.seven_low_or_better / lt.total})
    study.table("low-summary", summary, "7-low or better, exact")
