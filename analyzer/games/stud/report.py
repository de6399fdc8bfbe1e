"""The casino-stud study: joker location, Caribbean Stud exact, J-poker edge, strategy in words,
exchange option, sensitivity. Each game is analysed in ONE pass that feeds every section."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt
import numpy as np

from analyzer.games.stud.edge import EdgeResult, house_edges
from analyzer.games.stud.exact import Tally, hand_tables, release_tables
from analyzer.games.stud.exchange import ExchangeCollector, ExchangeEdge, exchange_options
from analyzer.games.stud.game import StudGame, load_game
from analyzer.games.stud.location import location_probabilities
from analyzer.games.stud.options_edge import options_edge
from analyzer.games.stud.report_card import CellsAndMass, StudCard, stud_card
from analyzer.games.stud.report_options import (
    UPCARD_PER_STRATUM,
    poker_with_joker_section,
    upcard_section,
)
from analyzer.games.stud.sensitivity import doc_sensitivity, pay_sensitivity
from analyzer.games.stud.strategy import StrategyReport, strategy_report
from analyzer.games.stud.upcard_edge import UpcardCollector
from analyzer.numfmt import interval, pct, se_decimals
from analyzer.report.study import Study

EXCHANGE_SITUATIONS = 130  # valued on every exchange (a second or so per 25 situations)
EXCHANGE_SCREEN = 4160  # valued on the one-card exchanges: the gain's interval (exchange.py)
EXAMPLES = (("As Kd 9h 5c 2s", "Qh", "7d"), ("Ah Kh Qh 9h 2c", "5d", "7d"), ("7c 7d Kh 4s 2c", "Ac", "doc"))


def _summary_rows(results: list[EdgeResult]) -> list[dict[str, Any]]:
    """House edge by game, strategy and method (exact or sampled); the interval and sample size
    only where one was sampled (an exact edge's interval is the edge itself)."""
    sampled = any(r.se > 0 for r in results)
    keys = ("game", "strategy", "method", "house_edge", *(("house_edge_ci_low", "house_edge_ci_high") if sampled else ()),
            "element_of_risk", "bet_frequency", "p_dealer_qualifies", *(("trials",) if sampled else ()))
    return [{k: r.summary()[k] for k in keys} for r in results]


def _strategy_section(study: Study, name: str, rep: StrategyReport, card: StudCard, top: bool = False) -> None:
    """The card (the weakest hand to bet by up card, the rule of thumb, strategy → house edge) and,
    folded, the rule in words and the table it comes from."""
    study.csv(f"{name}-card-edges", card.edges, percent=("cost_vs_optimal",))
    # exact house edges to 6 digits and costs to 4, as in the table under the rules
    study.card(f"Strategy card: {rep.game}, bet or fold", [
        f"**Rule of thumb**: {card.thumb} (house edge {pct(card.thumb_edge, 6)}, "
        f"{pct(card.thumb_edge - card.optimal_edge)} of the ante more than optimal play).",
        f"**The card** (house edge {pct(card.card_edge, 6)}, {pct(card.card_edge - card.optimal_edge)} more "
        "than optimal): find the dealer's up card in the first column; "
        "bet the hand shown or any better hand, fold anything weaker."],
        card.rows, name=f"{name}-card", more=[f"{name}-card-edges"], top=top,
        notes=["Hands: 'A-K-J-8-3' is ace-king-jack-eight-three high; '6s, J-8-3' a pair of sixes with J-8-3; "
               "'up pairs yours': the up card's rank is one of your cards. House edge: your expected loss per ante; "
               "cost vs optimal: how much more of the ante a strategy loses than optimal play; element of risk: "
               "per unit of all you stake (ante plus bet). Every number is computed over every deal, not estimated."])
    study.text("The same rule in words, and what each simpler rule gives up:")
    for line in rep.text:
        study.text(line)
    study.table(f"{name}-strategy", rep.rows, f"{rep.game}: lowest hand to bet, by up card and wild state", fold=True)
    study.table(f"{name}-strategy-costs", rep.costs, f"{rep.game}: what each rule gives up against optimal play "
                "(gain over folding every hand, antes per deal)", fold=True)


def _pays_figure(study: Study, name: str, game: StudGame, res: EdgeResult) -> None:
    pays = pay_sensitivity(game, res)
    study.table(f"{name}-pays", pays, f"{game.name}: RTP change per unit of each pay line")
    pays = [r for r in pays if r["rtp_per_unit"] > 0]  # a line never paid has no bar on a log scale
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.barh([r["pay_line"] for r in pays], [100 * r["rtp_per_unit"] for r in pays])
    ax.set_xscale("log")
    ax.set_xlabel("RTP change per unit of odds, % of ante (log scale)")
    fig.tight_layout()
    study.figure(f"{name}-pays", fig, f"{game.name}: value of one more unit on each pay line")


def build() -> Study:
    study = Study("casino-stud", "Casino stud with a joker: J-poker and Caribbean Stud")
    study.text("Every situation (player hand, up card) is valued exactly over all C(46,4) = 163,185 "
               "dealer hole-card sets.")

    study.heading("Where J-poker's wild card lies")
    rows = [{**r, "probability": str(r["probability"])} for n in range(1, 8)
            for r in location_probabilities(n)]
    study.csv("location", rows)
    pivot: dict[int, dict[str, Any]] = {}
    for r in rows:
        pivot.setdefault(r["players"], {"players": r["players"]})[r["place"]] = float(r["decimal"])
    study.table("location-by-players", list(pivot.values()),
                "Probability of each place, by number of players (exact fractions in the CSV; "
                "the DOC probability is 3/55)", percent=sorted({k for r in pivot.values() for k in r} - {"players"}))

    carib = load_game("caribbean")
    c_cells = CellsAndMass()
    c_results = house_edges(carib, ("optimal", "always", "pair", "high_card:AK"), visit=c_cells)
    c_sums = c_cells.close()
    c_strat = strategy_report(carib, cells=c_sums)
    c_card = stud_card(carib, c_sums, c_cells.mass.close(),
                       {"optimal": c_results[0], "always": c_results[1], "pair": c_results[2]})
    study.heading("Caribbean Stud (exact)")
    study.text(f"Optimal strategy: house edge {pct(c_results[0].house_edge)} "
               f"(exactly `{c_results[0].summary()['house_edge_exact']}`), raise {pct(c_results[0].bet_frequency)} "
               f"of hands — the published figures, digit for digit ({c_results[0].seconds:.0f} s for all four "
               "strategies in one enumeration).")
    study.table("caribbean-outcomes", c_results[0].events, "Caribbean Stud, optimal strategy: outcome table "
                "(contribution: units × probability, in % of the ante)", percent=("contribution",))
    study.heading("Caribbean Stud: the optimal strategy in words", level=3)
    _strategy_section(study, "caribbean", c_strat, c_card)

    jp = load_game("j-poker")
    j_cells = CellsAndMass()
    j_exch = ExchangeCollector(jp, EXCHANGE_SITUATIONS, seed=3, screen=EXCHANGE_SCREEN)
    j_up = UpcardCollector(jp, UPCARD_PER_STRATUM, seed=4)

    def visit(w: int | None, doc: bool, p: float, tables: Any, part: Any) -> None:
        j_cells(w, doc, p, tables, part)
        j_exch(w, doc, p, tables)
        j_up(w, doc, p, tables)

    j_results = house_edges(jp, ("optimal", "pair", "always"), "exact", visit=visit)
    release_tables()  # the pass's last tables (~200 MB): the sections below build the ones they need
    j_opt = j_results[0]
    study.heading("J-poker")
    study.text("Every deal is enumerated: the 13 wild ranks (by suit symmetry), every player hand, every "
               "up card and every dealer hole-card set, for three strategies in one pass "
               f"({j_opt.seconds:.0f} s), which also gives the strategy card and feeds the options below. "
               f"House edge under optimal play: {pct_ci(j_opt)}, exactly "
               f"`{j_opt.summary().get('house_edge_exact', '')}` of the ante.")
    study.table("jpoker-outcomes", j_opt.events, "J-poker, optimal strategy: outcome table (exact; "
                "contribution: units × probability, in % of the ante)", percent=("contribution",))
    study.table("edges", _summary_rows([*c_results, *j_results]), "House edge by game and strategy")
    study.heading("J-poker: the optimal strategy in words", level=3)
    j_sums = j_cells.close()
    j_card = stud_card(jp, j_sums, j_cells.mass.close(),
                       {"optimal": j_results[0], "pair": j_results[1], "always": j_results[2]})
    _strategy_section(study, "jpoker", strategy_report(jp, cells=j_sums), j_card, top=True)

    study.heading("J-poker: the exchange option")
    ex = j_exch.result()
    elo, ehi = ex.ci
    study.text(f"Fees {', '.join(str(f) for f in jp.exchange_fees)} antes for 1, 2 cards. Strategy: take the best "
               "exchange when its exact EV beats the no-exchange decision. Average gain per deal "
               f"{pct(ex.gain)} of the ante (95 % CI {interval(elo, ehi, percent=True)}), exchanging in "
               f"{pct(ex.exchange_rate)} of deals: {_edge_ci_words(j_opt, ex)} with the "
               f"option (the exact edge less the sampled gain). {_two_phase_text(ex)} Larger samples: "
               "`joker-odds stud exchange-edge --game j-poker --situations N --screen M`.")
    ex_rows = []
    for hand, up, wild in EXAMPLES:
        for r in exchange_options(jp, hand, up, wild)[:4]:
            ex_rows.append({"hand": hand, "up": up, **r})
    study.table("jpoker-exchange-examples", ex_rows, "Best four exchange options of a few situations (exact)")
    release_tables()

    upcard_section(study, j_up, j_opt)
    poker_with_joker_section(study)

    study.heading("Sensitivity")
    doc_rows = doc_sensitivity(jp, j_opt)
    study.table("jpoker-doc", doc_rows, "J-poker house edge vs the DOC probability (linear in it)")
    fig, ax = plt.subplots(figsize=(7, 4))
    x = [r["doc"] * 55 for r in doc_rows]
    ax.plot(x, [100 * r["house_edge"] for r in doc_rows], marker="o", label="optimal strategy")
    if j_opt.se > 0:  # a sampled edge: its interval
        ax.fill_between(x, [100 * r["ci_low"] for r in doc_rows], [100 * r["ci_high"] for r in doc_rows],
                        alpha=0.3, label="95 % CI")
    ax.axvline(3, color="grey", ls="--", lw=1, label="J-poker's rule: 3/55")
    ax.set_xlabel("DOC probability × 55")
    ax.set_ylabel("house edge, % of ante")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    study.figure("jpoker-doc", fig, "J-poker: the house edge grows in a straight line with the chance of a "
                 "Dealer's Open Card deal; the dashed line is the rule as played (3/55)")
    _pays_figure(study, "jpoker", jp, j_opt)
    _pays_figure(study, "caribbean", carib, c_results[0])
    j_edge = pct_ci(j_opt)
    study.answer(
        f"**J-poker**: under optimal play the house keeps {j_edge} of each ante; the exchange option "
        f"turns it into {_edge_ci_words(j_opt, ex)}.",
        f"**Caribbean Stud**: house edge {pct(c_results[0].house_edge)} (exact), raising "
        f"{pct(c_results[0].bet_frequency)} of hands.",
        "The strategy cards below say when to bet: in J-poker it depends on the up card and on where "
        "the wild card lies.")
    study.rules([
        "You and the dealer get five cards each; the dealer's fifth card is dealt face up (the up card).",
        "You ante first; seeing your cards and the up card, you fold (losing the ante) or bet twice the ante.",
        "The dealer must qualify — J-poker: a pair or better; Caribbean Stud: ace-king or better. If not, "
        "the ante is paid even money and the bet is returned.",
        "If the dealer qualifies: a better hand than the dealer's is paid 1:1 on the ante and by the pay "
        "table on the bet (pair 1:1 up to five of a kind 150:1 in J-poker, royal flush 100:1 in Caribbean "
        "Stud); a worse one loses both; a tie pushes.",
        "J-poker: a board names one of the 52 cards wild for the deal, or (3 times in 55) says the dealer's "
        "up card is wild. The wild card counts for whoever holds it, but never makes three of a kind.",
        "J-poker's option: exchange one card for one ante, two cards for two antes, before deciding."],
        ["the chance of a Dealer's Open Card deal (3/55)", "the bet size (2 × the ante)", "the pay table",
         "the dealer's qualifying hand", "the exchange fees"])
    study.term("ante", "the first bet; every amount on this page is in antes")
    study.term("house edge", "the player's expected loss per ante (per unit of the first bet)")
    study.term("DOC", "Dealer's Open Card: a deal where the dealer's up card designates the wild rank; "
               "it happens with probability 3/55 under J-poker's rule")
    study.term("element of risk", "the expected loss per unit of everything the player stakes (ante "
               "plus bet), not per ante")
    study.term("qualifies", "the dealer plays only with ace–king or better; otherwise the bet pushes and "
               "the ante is paid even money")
    study.blocks.insert(0, ("text", "Player against dealer, five cards each, the dealer's fifth card face "
                                    "up. Money is in antes."))
    study.headline = (f"House edge: Caribbean Stud {pct(c_results[0].house_edge)} (exact); J-poker {j_edge}, "
                      f"{_edge_ci_words(j_opt, ex)} with the exchange option.")
    return study


def _two_phase_text(ex: ExchangeEdge) -> str:
    """How the exchange gain was sampled, and what the fully valued situations showed."""
    k = ex.two_card_best or 0
    seen = ("a two-card exchange, at its double fee, was the best option in none of them" if k == 0 else
            f"a two-card exchange was the best option in {k} of them")
    return (f"The gain is sampled in two phases, stratified by deal type: {ex.screen:,} situations valued "
            f"exactly on the one-card exchanges, and the first {ex.situations} of them on every exchange "
            f"for what the two-card ones add ({seen}).")


def _edge_ci_words(exact: EdgeResult, ex: ExchangeEdge) -> str:
    """The edge with the exchange option (exact edge − sampled gain) with its propagated 95 % CI,
    the side it favours named.

    >>> from analyzer.games.stud.exchange import ExchangeEdge
    >>> e = EdgeResult("g", "optimal", "exact", -0.0123)
    >>> _edge_ci_words(e, ExchangeEdge("g", 0.03642, 0.0021, 0.2, 100, 1.0))
    'a player edge of 2.41 % (95 % CI 2.00–2.82 %)'
    """
    edge = exact.house_edge - ex.gain
    glo, ghi = ex.ci
    lo, hi = exact.house_edge - ghi, exact.house_edge - glo
    side, lo, hi = ("house", lo, hi) if edge >= 0 else ("player", -hi, -lo)
    dec = se_decimals(ex.gain_se, 100)
    return (f"a {side} edge of {pct(abs(edge), decimals=dec)} "
            f"(95 % CI {interval(lo, hi, percent=True, decimals=dec)})")


def pct_ci(r: EdgeResult) -> str:
    """A house edge with its 95 % interval (or "exact")."""
    lo, hi = r.ci
    if r.ev_exact is not None or not r.se:
        return f"{pct(r.house_edge)} (exact)"
    return f"{pct(r.house_edge, decimals=se_decimals(r.se, 100))} (95 % CI {interval(lo, hi, percent=True, like=r.se)})"


def warm() -> None:
    """Compile the kernels only this study calls (no command does), on tiny inputs and one wild
    rank's tables: ``joker-odds warmup`` runs it, so the report starts warm."""
    jp = load_game("j-poker")
    release_tables()  # one table set at a time (≈ 200 MB each)
    tables = hand_tables(jp, 3)
    ExchangeCollector(jp, 2, seed=0, screen=2)(3, False, 1.0, tables)
    UpcardCollector(jp, 2, seed=0)(3, False, 1.0, tables)
    hand = np.arange(5, dtype=np.int64)[None]  # the card's sums of cells and of their probabilities
    CellsAndMass()(3, False, 1.0, tables, Tally(1, 1, 0, {}, 0, np.zeros((1, tables.n), np.float32), hand,
                                                np.ones(1, np.int64)))
    release_tables()
    pwj = load_game("poker-with-joker")
    options_edge(pwj.with_changes(deck="32+1", name="warm-up"), 2, seed=0, screen=4)
    release_tables()
