"""The casino-stud study's sections for the optional rules: "poker with joker" (exchange any
cards, buy the joker) and J-poker's exchange of the dealer's up card."""

from __future__ import annotations

import math
from typing import Any

from analyzer.games.stud.edge import EdgeResult, house_edge
from analyzer.games.stud.game import load_game
from analyzer.games.stud.options_edge import options_edge
from analyzer.games.stud.upcard_edge import UpcardCollector
from analyzer.numfmt import pct
from analyzer.report.study import Study
from analyzer.stats import Z95

OPTION_SITUATIONS = 6    # fully valued situations (every draw: seconds each), so a wide interval
OPTION_SCREEN = 20_000   # situations valued on the joker alone
UPCARD_PER_STRATUM = 150  # J-poker up-card exchange: situations in each of the 26 strata
PWJ_DECK = "52+1"         # the shipped game's deck (a smaller one keeps a test of the section fast)


def poker_with_joker_section(study: Study) -> None:
    """Edge without the options (exact), with them (two-phase sample), each option's value."""
    game = load_game("poker-with-joker")
    if game.deck != PWJ_DECK:
        game = game.with_changes(deck=PWJ_DECK, name=f"{game.name} ({PWJ_DECK})")
    base = house_edge(game)
    res = options_edge(game, OPTION_SITUATIONS, seed=0, screen=OPTION_SCREEN)
    h0 = base.house_edge
    favoured = ("the player is favoured: the wild joker helps the player's paid hands more than the "
                "dealer's qualifying" if h0 < 0 else "the house is favoured")
    study.heading("Poker with joker: exchanging any cards, buying the joker")
    study.text(f"{game.name}: {game.deck} cards, fully wild joker, a hand without the joker wins an exact tie; before deciding the "
               f"player may exchange any cards (one fee, {res.fees[0]:g} ante) or replace one card with the "
               f"joker (one fee, {res.fees[1]:g} ante), one option per hand. Without the options the house edge "
               f"is exactly {pct(h0)} ({favoured}). The joker is worth far more than one ante: held, it turns "
               "every hand into a pair or better and the dealer can no longer have it. Gains in antes per hand, "
               f"from {res.screen:,} random situations valued on the joker and {res.situations} of them on "
               "every exchange (a small sample: the exchange's interval is wide; "
               "`joker-odds stud options-edge --situations N --screen M` for more).")
    # exact: no interval (an empty cell, not one of zero width)
    rows: list[dict[str, Any]] = [{"options": "none (exact)", "gain (antes)": 0.0, "ci_low": None, "ci_high": None,
                                   "house_edge": h0, "house_edge_ci_low": None, "house_edge_ci_high": None,
                                   "taken": 0.0}]
    for r in res.rows(h0):
        rows.append({("gain (antes)" if k == "gain" else k): r[k]
                     for k in ("options", "gain", "ci_low", "ci_high", "house_edge", "house_edge_ci_low",
                               "house_edge_ci_high", "taken")})
    study.table("poker-with-joker-options", rows, "Poker with joker: house edge with the options played "
                "optimally and each option's value (antes per hand, 95 % CI)")
    note = (": no fee gives the house an edge, as the game without options already favours the player"
            if h0 < 0 else "")
    study.table("poker-with-joker-joker-fee", res.curve_rows(h0),
                f"Poker with joker, the joker alone at other fees (antes per hand){note}")


def upcard_section(study: Study, col: UpcardCollector, j_opt: EdgeResult) -> None:
    """J-poker with the dealer's up-card exchange, each DOC rule (the collector fed by the J-poker pass)."""
    res = col.result()
    rows = []
    for r in res.rows():  # the J-poker pass's wild ranks (all 13 in the study)
        se = math.sqrt(r["se"] ** 2 + j_opt.se ** 2)  # independent samples
        rows.append({"doc_rule": r["doc_rule"], "fee (antes)": r["fee"], "gain": r["gain"], "gain_ci_low": r["ci_low"],
                     "gain_ci_high": r["ci_high"], "taken": r["taken"], "gain_on_doc_deals": r["gain_on_doc_deals"],
                     "house_edge": j_opt.house_edge - r["gain"],
                     "house_edge_ci_low": j_opt.house_edge - r["gain"] - Z95 * se,
                     "house_edge_ci_high": j_opt.house_edge - r["gain"] + Z95 * se})
    study.heading("J-poker: exchanging the dealer's up card")
    study.text(f"Some houses let the player exchange the dealer's up card for a fee ({res.fee:g} ante): the old "
               "card is dead, a new one comes from the stock, then the player folds or bets. A designated card "
               "stays wild wherever it goes; on a dealer's-open-card deal either the wild leaves with the old "
               "up card (stays) or the new up card is wild (new_up_card). Gain per deal with the option taken "
               f"when it is worth more: a stratified sample of {res.strata * res.per_stratum:,} exactly valued situations "
               f"({res.strata // 2} wild ranks x dealer's open card or not). Larger samples: `joker-odds stud upcard-edge "
               "--per-stratum N`.")
    study.table("jpoker-upcard", rows, "J-poker with the up-card exchange: gain (antes per deal) and house edge "
                "(95 % CI, with the J-poker edge's sampling error)")
