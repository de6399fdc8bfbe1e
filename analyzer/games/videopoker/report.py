"""The video poker study: for each shipped pay table, the table, its PAR sheet, the summary
numbers, return-contribution and payout-distribution plots, and the strategy table."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullLocator

from analyzer.games.videopoker.exact import Analysis, analyze
from analyzer.games.videopoker.paytable import PayTable, load_paytable, paytable_names
from analyzer.games.videopoker.report_card import VideoPokerCard, video_poker_card
from analyzer.games.videopoker.strategy import HoldPatterns, StrategyTable, strategy_table
from analyzer.numfmt import pct
from analyzer.report.study import Study

__all__ = ["build"]

TABLES = ("joker-poker-kings", "jacks-or-better-9-6", "jacks-or-better-8-5", "deuces-wild-full-pay")


@dataclass(frozen=True)
class _Done:
    """What the page reads of one pay table's analysis, without its per-deal arrays (the
    analyses are made one after another; holding every table's EVs would double the peak)."""

    table: PayTable
    ret: Fraction
    sd: float
    hit_frequency: float
    counts: np.ndarray
    total: int
    rows: list[dict[str, Any]]
    cards_drawn: dict[int, float]
    by_wild: dict[int, tuple[float, float]]
    strategy: StrategyTable
    card: VideoPokerCard

    @classmethod
    def of(cls, a: Analysis) -> _Done:
        hold = HoldPatterns(a)  # the strategy table's and the card's: built once
        s = strategy_table(a, patterns=hold)
        return cls(a.table, a.ret, a.sd, a.hit_frequency, a.counts, a.total, a.rows(), a.cards_drawn(),
                   a.return_by_wild_dealt(), s, video_poker_card(a, s, patterns=hold))


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _card(study: Study, table: PayTable, c: VideoPokerCard, top: bool) -> None:
    """The card: hold lines best first, footnoted qualifiers, its return and the simple strategy's."""
    notes: dict[str, str] = {}

    def marked(line: str, note: str) -> str:
        if not note:
            return line
        if note not in notes:
            notes[note] = str(len(notes) + 1).translate(_SUPERSCRIPT)
        return f"{line} {notes[note]}"

    lines = [marked(ln.text, ln.note) for ln in c.lines]
    simple = "; ".join(f"{i}. {ln.text}" for i, ln in enumerate(c.simple, 1))
    cost = c.optimal_return - c.card_return
    s_cost = c.optimal_return - c.simple_return
    after = [f"This card returns **{pct(c.card_return, 6)}** played exactly as written (perfect play "
             f"{pct(c.optimal_return, 6)}: it costs {pct(cost, 3)} of each bet).",
             f"**Simple strategy**, {len(c.simple)} lines, returns {pct(c.simple_return, 6)} (costs "
             f"{pct(s_cost, 3)} of each bet): {simple}."]
    study.card(f"Strategy card: {table.name}",
               lines,
               notes=["Hold the first line your five cards match; when a line fits several ways, keep the highest "
                      "cards. Both returns are exact, from playing the list over every deal."] +
                     [f"{m} {n}." for n, m in notes.items()],
               ordered=True, top=top, after=after)


def _plots(study: Study, name: str, a: _Done) -> None:
    rows = [r for r in a.rows if r["hand"] not in ("total", "nothing")]
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.barh([r["hand"] for r in rows][::-1], [r["contribution"] for r in rows][::-1], color="tab:blue")
    ax.set_xlabel("contribution to the return (per unit bet)")
    ax.set_title(f"{a.table.name}: return {pct(float(a.ret), 6)}")
    study.figure(f"{name}-contribution", fig, f"{a.table.name}: where the return comes from — the longest "
                 "bars are the hands that pay for the game")

    by_pay: dict[float, int] = defaultdict(int)
    for pay, c in zip(a.table.pays, a.counts, strict=True):
        by_pay[float(pay)] += int(c)
    pays = sorted(by_pay)
    probs = np.array([by_pay[p] for p in pays]) / a.total
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar([f"{p:g}" for p in pays], probs, color="tab:orange")
    ax.set_yscale("log")
    ax.yaxis.set_minor_locator(NullLocator())  # the decades only: each minor tick is drawn and laid out (half the time)
    ax.set_xlabel("payout (for 1)")
    ax.set_ylabel("probability")
    ax.set_title(f"{a.table.name}: distribution of payouts (SD {a.sd:.3f} units)")
    study.figure(f"{name}-payouts", fig, f"{a.table.name}: how often each payout comes (log scale) — most "
                 "hands lose or push; the rare top awards carry the variance")


def _variants(study: Study, known: dict[str, float]) -> None:
    """Every shipped pay table with its exact return under optimal play, by game."""
    study.heading("Pay-table variants")
    study.text("The same machines are set to different pay tables; each line below is a shipped TOML file "
               "(`joker-odds videopoker analyze --paytable NAME`), its return exact under optimal play. "
               "One unit off the four-of-a-kind or full-house pay, or a higher lowest paying pair, moves "
               "the return by whole points.")
    rows: list[dict[str, Any]] = []
    for name in paytable_names():
        if name.startswith("test-") or name.startswith("warm"):
            continue
        t = load_paytable(name)
        ret = known[name] if name in known else float(analyze(t).ret)
        pays = {ln.name: ln.pays for ln in t.lines}
        rows.append({"pay table": t.name, "file": name, "deck": t.deck.name,
                     "schedule": "/".join(str(int(pays[k])) for k in ("four of a kind", "full house", "flush", "straight")
                                          if k in pays),
                     "lowest paying hand": t.lines[-1].name, "return": ret, "house edge": 1 - ret})
    rows.sort(key=lambda r: (str(r["deck"]), -float(r["return"])))
    study.table("variants", rows, "Shipped pay tables and their exact returns (schedule: four of a kind / full "
                "house / flush / straight)", percent=("return", "house edge"))


def build() -> Study:
    study = Study("video-poker", "Video poker: exact returns and optimal strategy")
    results = []
    for name in TABLES:
        done = _Done.of(analyze(load_paytable(name)))  # this table's EVs go before the next is analysed
        results.append((name, done.table, done, done.strategy))
    best = max(results, key=lambda r: r[2].ret)
    study.answer(*(f"**{t.name}**: optimal play returns **{pct(float(a.ret), 6)}** — "
                   + (f"the player's edge is {pct(float(a.ret) - 1)}" if a.ret >= 1 else
                      f"a house edge of {pct(1 - float(a.ret))}")
                   + f"; its {len(a.card.lines)}-line card returns {pct(a.card.card_return, 6)}, "
                     f"a {len(a.card.simple)}-line simple strategy {pct(a.card.simple_return, 6)}."
                   for _, t, a, s in results),
                 f"Every number is exact (every deal and every hold enumerated). The best game here is "
                 f"{best[1].name}.")
    first = results[0]
    study.rules([
        "Bet one unit; you are dealt five cards from a shuffled deck (52 cards, or 53 with the joker).",
        "Keep any of them (from none to all five); the ones you throw away are replaced from the same deck.",
        "The final five cards are paid by the machine's pay table: a royal flush pays the most, the lowest "
        "paying hand is a pair (kings or better in Joker Poker, jacks or better in Jacks or Better).",
        "Joker Poker: the joker is wild, it stands for any card (a natural royal, made without it, pays more). "
        "Deuces Wild: all four 2s are wild.",
        "Pays are for 1 at the maximum-coin column (the royal's 800 assumes the maximum bet).",
        "Every decision is yours: the return below is for the best hold on every deal."],
        ["the pay table (each line's pay; see the variants below)", "the number of jokers or wild cards",
         "the lowest paying pair"])
    _card(study, first[1], first[2].card, top=True)
    study.term("return", "what a unit bet pays back on average under optimal play (over 100 % favours "
               "the player)")
    study.term("PAR sheet", "the table of final hands under optimal play: how many of all weighted "
               "outcomes end in each hand and what each contributes to the return")
    study.term("hit frequency", "the chance that a hand pays anything")
    study.term("strategy card", "holds in order of priority: keep the first line your five cards match")
    study.text("Every number is exact: each deal (up to suit symmetry) and each of its 32 holds was "
               "analysed through per-subset final-hand counts and inclusion–exclusion over the "
               "discards; the optimal hold maximises EV, equal EVs going to the first hold in card "
               "order. Combinations follow the published convention: each deal weighs "
               "lcm_k C(rem, k) = 5·C(rem, 5), spread evenly over the draws of its optimal hold.")
    study.heading("Overview")
    study.table("overview", [{"paytable": t.name, "deck": t.deck.name, "return": float(a.ret),
                              "house edge": 1 - float(a.ret), "SD (units)": a.sd,
                              "hit frequency": a.hit_frequency,
                              "strategy card return": a.card.card_return,
                              "simple strategy return": a.card.simple_return}
                             for _, t, a, s in results], "All shipped pay tables (exact)")
    for name, table, a, s in results:
        study.heading(table.name)
        if table.description:
            study.text(table.description + ".")
        if name != TABLES[0]:
            _card(study, table, a.card, top=False)
        study.table(f"{name}-paytable", [{"line": ln.name, "final hand": ln.describe(),
                                          "pays (for 1)": float(ln.pays)} for ln in table.lines],
                    f"{table.name}: pay table (first matching line pays)")
        facts = [{"quantity": "return", "value": float(a.ret)},
                 {"quantity": "standard deviation (units)", "value": a.sd},
                 {"quantity": "hit frequency", "value": a.hit_frequency}]
        facts += [{"quantity": f"share of deals drawing {k} card{'' if k == 1 else 's'}", "value": v}
                  for k, v in a.cards_drawn.items()]
        if len(a.by_wild) > 1:
            for w, (share, ret) in a.by_wild.items():
                facts.append({"quantity": f"return when {w} wild cards are dealt ({pct(share)} of deals)",
                              "value": ret})
        study.table(f"{name}-summary", facts, f"{table.name}: summary")
        study.table(f"{name}-par", a.rows, f"{table.name}: PAR sheet ({a.total:,} weighted outcomes; "
                    "the contribution is the share of the bet each hand pays back)", percent=("contribution",))
        _plots(study, name, a)
        study.text(f"The full strategy table behind the card ({len(s.lines)} lines, returning "
                   f"{pct(s.mechanical_return, 6)}): a pattern names the wild cards held (none if it names "
                   "none) and what the natural cards make; 'ways' counts the sets of natural cards the "
                   "draw can bring to complete a straight; 'of its suit thrown' counts discarded cards of "
                   "a suited draw's suit. Each line's share of deals and the return it loses against perfect play:")
        study.table(f"{name}-strategy", s.rows(), f"{table.name}: strategy lines, their use and cost", fold=True)
    _variants(study, {name: float(a.ret) for name, _, a, _ in results})
    study.headline = "Exact returns under optimal play: " + "; ".join(
        f"{t.name} {pct(float(a.ret), 6)}" for _, t, a, _ in results) + "."
    return study
