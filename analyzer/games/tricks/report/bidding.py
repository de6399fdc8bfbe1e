"""The report study "Trick-taking games with bids": bid values by hand features, what drawing does
to a bid, the hook's cost beside EV by seat, a joker's value paired on the same deals, policies in
duplicate, and whole games — sized to build in about 20 s on two cores (~35 CPU-s, kernels cached).

Every number is sampled through the simulation engine with a fixed seed and carries a 95 % CI;
the headline's rows take a fixed sample, the other rows run to a precision target (:data:`TARGET_SE`);
every section says its policy, its sample sizes and the CLI command of a bigger run. The tables
are computed in :mod:`analyzer.games.tricks.report.rows`, drawn in
:mod:`analyzer.games.tricks.report.figures`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.defaults import PIMC_ENDGAME
from analyzer.games.tricks.report.figures import (
    draw_figure,
    finals_figure,
    heatmap,
    hook_figure,
    joker_figure,
    made_heatmap,
)
from analyzer.games.tricks.report.rows import (
    FeatureTask,
    HookTask,
    bid_value_rows,
    draw_rows,
    feature_rows,
    feature_totals,
    hook_rows,
    joker_rows,
    pad,
)
from analyzer.games.tricks.rules import trick_rules
from analyzer.numfmt import interval, pct, se_decimals, signed
from analyzer.report.strength import strength_section
from analyzer.report.study import Study
from analyzer.stats import proportion

__all__ = ["FeatureTask", "HookTask", "build", "feature_rows", "hook_rows"]

SEED = 2026
FEATURE_DEALS = 12_000  # per deal size and seat
HOOK_DEALS = 40_000  # per deal size (the 54-card game: half)
JOKER_DEALS = 20_000  # per deal size and game
GAMES = 2_000
STRENGTH = ((4, 300), (6, 200), (9, 120))  # (cards, duplicate deals of pimc against the heuristic)
STRENGTH_BASE = 2_000  # duplicate deals of heuristic against random
K = 16  # pimc's sampled worlds per decision in this study (the command's default is 256)
PIMC_GAMES = 24  # whole games with one pimc player
PIMC_FEATURES = ((2, 1600), (4, 1500), (6, 1000))  # (cards, deals) of seat 0's bids under pimc: cells seen 30 times
PIMC_FEATURE_K = 16  # pimc's worlds per decision there
GJ_SIZES = list(range(1, 10))
J54_SIZES = list(range(2, 9))
HEADLINE_CARDS = 5  # the Georgian deal size of the headline: its rows always take the full sample
# Precision targets, points a deal: a row's sample stops once the SE of its value reaches the
# target (checked chunk by chunk, so the same seed stops at the same deal), at most the sizes above.
TARGET_SE: dict[tuple[str, str], dict[str, float]] = {
    ("georgian-joker", "none"): {"hook": 0.75, "joker": 1.5, "strength": 2.5},
    ("joker-54", "after-trick"): {"hook": 0.1, "joker": 0.45, "strength": 2.0},
    ("joker-54", "none"): {"hook": 0.03, "joker": 0.12, "strength": 0.5},
}


def _target(rules: Any, what: str, cards: int) -> float | None:
    """The SE a row of ``what`` runs to (None: the headline's rows, at their full size)."""
    if rules.name == "georgian-joker" and cards == HEADLINE_CARDS and what in ("hook", "joker"):
        return None
    return TARGET_SE[(rules.name, rules.draw)][what]


def _targets_text(what: str, cap: str) -> str:
    """How a table's rows were sized, for its section's sample line."""
    names = {("georgian-joker", "none"): "Georgian Joker", ("joker-54", "after-trick"): "54 cards, drawing",
             ("joker-54", "none"): "54 cards, no drawing"}
    per = ", ".join(f"{t[what]:g} ({names[key]})" for key, t in TARGET_SE.items())
    return f"each row until the SE of its value is at most {per} points a deal, at most {cap}"


def _how(s: Study, policy: str, sample: str, command: str, note: str = "") -> None:
    """The line every section carries: its policy, its sample, the command of a bigger run."""
    s.text(f"Policy: {policy}. Sample: {sample}. A bigger run: `{command}`" + (f" ({note})." if note else "."))


def _strength_rows() -> list[dict[str, Any]]:
    from analyzer.games.tricks.analysis.strength import strength

    rows = []
    for game, over in (("georgian-joker", []), ("joker-54", []), ("joker-54", ["draw=none"])):
        r = trick_rules(game, over)
        for size, deals in STRENGTH:
            cards = min(size, r.max_cards)  # no more than the game deals (the 54-card game: 8)
            for a, b, n in (("pimc", "heuristic", deals), ("heuristic", "random", STRENGTH_BASE)):
                # checked every 64 pimc deals (512 others): no row stops on a tiny first sample
                x = strength(r, cards, a, b, deals=None, seed=SEED, k=K, target_se=_target(r, "strength", cards),
                             max_trials=n, check_every=4 if a == "pimc" else 2, chunk_size=16 if a == "pimc" else 256)
                label = game if game == "georgian-joker" else f"{game} (draw={r.draw})"
                rows.append({"game": label, "cards": cards, "a": a, "b": b,
                             "deals": x.deals, "diff": x.diff.mean, "ci_low": x.diff.ci_low,
                             "ci_high": x.diff.ci_high, "a_score": float(np.mean(x.a_score)),
                             "b_score": float(np.mean(x.b_score))})
    return rows


def _kept_games(rules: Any, policies: list[str], games: int, pimc: dict[str, Any] | None = None
                ) -> tuple[Any, np.ndarray]:
    """Whole games, one game per chunk, and every game's final totals."""
    from analyzer.games.tricks.analysis.selfplay import play_games_each

    return play_games_each(rules, policies, games, SEED, pimc=pimc)


def _games_rows() -> tuple[list[dict[str, Any]], dict[str, np.ndarray]]:
    """Whole games with the heuristic at every seat, and their final totals per game."""
    rows = []
    finals: dict[str, np.ndarray] = {}
    for game, over in (("georgian-joker", []), ("joker-54", []), ("joker-54", ["draw=none"])):
        r = trick_rules(game, over)
        g, per_game = _kept_games(r, ["heuristic"] * r.players, GAMES)
        finals[f"{game} draw={r.draw}"] = per_game
        rows += _game_table_rows(game, r.draw, len(r.schedule_cards()), g, per_game)
    return rows, finals


def _pimc_games_rows() -> list[dict[str, Any]]:
    """Whole games with pimc as player 0 and the heuristic at the other seats."""
    rows = []
    for game in ("georgian-joker", "joker-54"):
        r = trick_rules(game)
        g, per_game = _kept_games(r, ["pimc"] + ["heuristic"] * (r.players - 1), PIMC_GAMES, {"k": K})
        rows += _game_table_rows(game, r.draw, len(r.schedule_cards()), g, per_game)
    return rows


def _game_table_rows(game: str, draw: str, deals: int, g: Any, per_game: np.ndarray) -> list[dict[str, Any]]:
    rows = []
    for row in g.rows():
        q = np.quantile(per_game[:, row["player"]], [0.05, 0.25, 0.5, 0.75, 0.95])
        rows.append({"game": game, "draw": draw, "deals": deals, "games": g.games, "policy": row["policy"],
                     "player": row["player"], "mean_total": row["mean_total"],
                     "ci_low": row["ci_low"], "ci_high": row["ci_high"],
                     "sd_total": g.total[row["player"]].sd, "q05": float(q[0]), "q25": float(q[1]),
                     "median": float(q[2]), "q75": float(q[3]), "q95": float(q[4]),
                     "p_best": row["p_best"], "p_best_low": row["p_best_low"],
                     "p_best_high": row["p_best_high"], "premiums_per_game": row["premiums"],
                     "p_premium_per_set": row["p_premium_per_set"], "p_premium_low": row["p_premium_low"],
                     "p_premium_high": row["p_premium_high"]})
    return rows


def build() -> Study:
    """The study, at the sizes and targets of the module constants (about 20 s on two cores, kernels cached)."""
    s = Study("tricks-bidding", "Trick-taking games with bids")
    s.text("Georgian Joker (36 cards, 4 players) and the 54-card bidding game (3 players). Seat 0 sits "
           "left of the dealer and bids first; the dealer is the last seat and bids under the hook. "
           "Every figure comes from seeded self-play through the simulation engine (seed "
           f"{SEED}); intervals are 95 %. The heuristic policy bids the tricks its high cards, trumps "
           "and jokers should take and then plays to make exactly its bid. Every table is also a CSV "
           "file beside this page.")

    s.heading("The best bid by hand features")
    _how(s, "heuristic at every seat; the studied seat plays every bid in turn on each deal",
         f"{FEATURE_DEALS:,} deals per deal size and seat",
         "joker-odds tricks bid --game georgian-joker --hand \"Ah Kh 9s Jk1\" --up 7h --seat 2 --bids 1,0 "
         "--samples 200000 --seed 1", "one hand's table")
    gj = trick_rules("georgian-joker")
    rows: list[dict[str, Any]] = []
    sizes = [1, 3, 5, 7, 9]
    for c in sizes:
        for seat in (0, 3):
            rows += feature_rows(gj, c, seat, FEATURE_DEALS, SEED + c + 10 * seat)
    s.table("bid-features-georgian", pad(rows), "Georgian Joker, seats 0 and 3 (the dealer): per hand-feature "
            "cell the best bid (highest sampled EV, the others bidding by the heuristic), its EV with CI, "
            "the mean tricks taken at it, and P(made) of every bid")
    heatmap(s, "best-bid-georgian-seat0", [r for r in rows if r["seat"] == 0], sizes,
            "Georgian Joker, seat 0: the best bid by trumps and jokers held (mean over aces, weighted)")
    made_heatmap(s, "p-made-georgian-seat0", [r for r in rows if r["seat"] == 0],
                 "Georgian Joker, seat 0: P(made) by bid and deal size (over hand cells, weighted)")
    _how(s, f"pimc (K = {PIMC_FEATURE_K}, playout model) at seat 0 playing every bid in turn, the heuristic at "
         "the other seats: the strongest player this report affords", ", ".join(
             f"{d:,} deals of {c} cards" for c, d in PIMC_FEATURES),
         "joker-odds tricks bid --game georgian-joker --hand \"Ah Kh 9s Jk1\" --up 7h --seat 0 --policy pimc "
         "--samples 2000 --seed 1", "one hand's table under pimc play")
    prow: list[dict[str, Any]] = []
    for c, d in PIMC_FEATURES:
        t = feature_totals(gj, c, 0, d, SEED + c, pimc_k=PIMC_FEATURE_K)
        prow += [{**x, "player": "pimc"} for x in feature_rows(gj, c, 0, d, SEED + c, t)]
    s.table("bid-features-georgian-pimc", pad(prow), "Georgian Joker, seat 0 played by pimc: per hand-feature "
            "cell the best bid, its EV with CI and P(made) of every bid (cells seen 30 times or more)",
            fold=True)
    seen = sorted({r["cards"] for r in prow})  # the deal sizes with a cell seen often enough
    unseen = [c for c, _ in PIMC_FEATURES if c not in seen]
    if seen:
        heatmap(s, "best-bid-georgian-seat0-pimc", prow, seen,
                "Georgian Joker, seat 0 played by pimc: the best bid by trumps and jokers held (beside the "
                "heuristic's above)" + (f"; at {', '.join(map(str, unseen))} cards no hand cell was seen 30 "
                                        "times in this sample" if unseen else ""))
    made_heatmap(s, "p-made-georgian-seat0-pimc", prow,
                 "Georgian Joker, seat 0 played by pimc: P(made) by bid and deal size")

    s.heading("What drawing does to the value of a bid (the 54-card game)")
    _how(s, "heuristic at every seat; seat 0 plays every bid in turn on each deal, drawing after each "
         "trick and without drawing (the same seeds)", f"{FEATURE_DEALS:,} deals per deal size and rule",
         "joker-odds tricks bid --game joker-54 --rule draw=none --hand \"Ah Kh Jk1\" --up 7s --seat 0 "
         "--samples 200000 --seed 1", "one hand; the same without --rule draw=none for drawing")
    rows54: list[dict[str, Any]] = []
    per_bid: dict[str, list[dict[str, Any]]] = {}
    for over in ([], ["draw=none"]):
        r54 = trick_rules("joker-54", over)
        per_bid[r54.draw] = []
        for c in (2, 5, 8):
            t = feature_totals(r54, c, 0, FEATURE_DEALS, SEED + c)
            rows54 += [{**x, "draw": r54.draw} for x in feature_rows(r54, c, 0, FEATURE_DEALS, SEED + c, t)]
            per_bid[r54.draw] += bid_value_rows(r54, c, 0, t)
    side = draw_rows(per_bid["after-trick"], per_bid["none"])
    s.table("draw-vs-none", side, "Seat 0's EV (95 % CI) and P(made) of every bid over all hands, drawing "
            "after each trick (more tricks than cards: bids range up to the tricks of the deal) beside no "
            "drawing (bids up to the cards); empty where the bid is impossible without drawing")
    draw_figure(s, "draw-vs-none", side, "EV and P(made) per bid of seat 0: draw=after-trick against draw=none")
    s.table("bid-features-54", pad(rows54), "The 54-card game, seat 0, by hand features, both drawing rules")

    s.heading("The hook's cost beside EV by seat")
    _how(s, "heuristic at every seat; each deal played with the hook on and again with it off",
         _targets_text("hook", f"{HOOK_DEALS:,} paired deals per Georgian deal size and {HOOK_DEALS // 2:,} per "
                       f"54-card one; the {HEADLINE_CARDS}-card Georgian row, the headline, takes all {HOOK_DEALS:,}")
         + " (the deals column)",
         "joker-odds tricks play --game georgian-joker --cards 5 --deals 1000000 --rule hook=off --seed 1",
         "beside the same command without --rule hook=off: the same seed plays the same deals, and the "
         "dealer's two means differ by the hook's cost, with an unpaired CI")
    hooks = [hook_rows(gj, c, HOOK_DEALS, SEED + c, _target(gj, "hook", c))[0] for c in GJ_SIZES]
    for over in ([], ["draw=none"]):
        r54 = trick_rules("joker-54", over)
        hooks += [hook_rows(r54, c, HOOK_DEALS // 2, SEED + c, _target(r54, "hook", c))[0] for c in J54_SIZES]
    s.table("hook-cost", pad(hooks), "The dealer's EV with the hook minus his EV on the same deals with the hook "
            "off (the rule's own effect, apart from what sitting last does), beside each seat's EV with the "
            "hook on, each with its 95 % CI")
    hook_figure(s, "hook-cost", hooks, "Left: the hook's cost to the dealer by deal size. Right: EV by seat "
                "with the hook on (seat 0 bids first, the dealer last). Bars: 95 % CI")

    s.heading("A joker's value, on the same deals")
    _how(s, "heuristic at every seat", "each deal played three times; " + _targets_text(
        "joker", f"{JOKER_DEALS:,} deals; the {HEADLINE_CARDS}-card Georgian rows, the headline, take all "
        f"{JOKER_DEALS:,}") + " (the deals column)",
         "joker-odds tricks joker-value --game georgian-joker --cards 5 --deals 1000000 --seed 1",
         "--seat S for one seat; --game joker-54, with --rule draw=none for no drawing")
    s.text("Design: each deal is dealt at random and a seat is drawn. Version 0 gives that seat no joker (a "
           "joker it was dealt is swapped with a random ordinary card from elsewhere in the pack); version "
           "1 swaps one joker (wherever it lies: another hand, the stock, the turned card or out of play) "
           "into a random card of that hand, the card going where the joker was; version 2 swaps the "
           "second joker into another of its cards. The other cards, the trump (that of version 0's "
           "turned card; in a full deal seat 0 names it in each version) and the policies' random "
           "choices are the same in the three plays, so the values below are paired differences on the "
           "very same deals: the joker's own effect, not that of the hands jokers happen to come with.")
    jokers: list[dict[str, Any]] = []
    for c in GJ_SIZES:
        jokers += joker_rows(gj, c, JOKER_DEALS, SEED + c, _target(gj, "joker", c))
    for over in ([], ["draw=none"]):
        r54 = trick_rules("joker-54", over)
        for c in J54_SIZES:
            jokers += joker_rows(r54, c, JOKER_DEALS, SEED + c, _target(r54, "joker", c))
    s.table("joker-value", pad(jokers), "EV with one and with two jokers against none (and two against one), "
            "the mean paired difference per deal with SE and 95 % CI, with each version's EV and P(made)")
    five = [x for x in jokers if x["game"] == "georgian-joker" and x["cards"] == 5 and x["against"] == 0]
    hook5 = next(h for h in hooks if h["game"] == "georgian-joker" and h["cards"] == 5)
    one, two = five[0], five[1]
    s.headline = (f"Georgian Joker, 5 cards, heuristic play, on the same deals: one joker is worth "
                  f"{_pts(one['value'], one)} points a deal (95 % CI {_ci(one)}), two {_pts(two['value'], two)} "
                  f"({_ci(two)}); the hook changes the dealer's EV by {_pts(hook5['hook_cost'], hook5)} "
                  f"({_ci(hook5)})")
    _answer(s, one, two, hook5, rows, prow, rows54)
    joker_figure(s, "joker-value", jokers, "A joker's value by deal size: EV with one (two) jokers minus EV "
                 "with none on the same deals, heuristic play (bars: 95 % CI). In the 54-card game the value "
                 "can fall below zero: the heuristic leads its jokers and pays the 10-point lead penalty — a "
                 "cost of this player, not of the card (the table without the penalty below shows it)")
    s.text("In the 54-card game the heuristic gains little or even loses with jokers: it leads them, and "
           "leading a joker costs 10 points unless it is the player's last card. The same deals with "
           "that penalty off (--rule joker_lead_penalty=0, without drawing) show what the joker itself "
           "brings; the value measured is the value to this player, not to the best one.")
    free = trick_rules("joker-54", ["draw=none", "joker_lead_penalty=0"])
    nopen = [{**x, "draw": "none, no lead penalty"} for c in J54_SIZES
             for x in joker_rows(free, c, JOKER_DEALS, SEED + c, _target(free, "joker", c))]
    s.table("joker-value-no-lead-penalty", pad(nopen), "The 54-card game without drawing, leading a joker "
            "free: one and two jokers against none on the same deals (95 % CI)")

    s.heading("pimc against the heuristic, in duplicate")
    _how(s, f"pimc (K = {K} sampled worlds per decision, playout model, exact solver for the last {PIMC_ENDGAME} tricks) "
         "and the heuristic against the heuristic; random against the heuristic as a baseline",
         _targets_text("strength", ", ".join(f"{d} {c}-card deals" for c, d in STRENGTH)
                       + f" ({trick_rules('joker-54').max_cards}-card in the 54-card game, its largest deal)"
                       + f" for pimc and {STRENGTH_BASE:,} for random") + " (the deals column), "
         "each played once per seat",
         "joker-odds tricks strength --game georgian-joker --cards 9 --a pimc --b heuristic --deals 600 --seed 1",
         "K = 256 by default")
    s.text("Each deal is played with the heuristic at every seat, then once per seat with the tested "
           "policy there; the row is the mean over seats and deals of the tested policy's score minus the "
           "heuristic's at the same seat. pimc deals K worlds consistent with everything it has seen (its "
           "hand, the turned card, the bids, the cards played, the voids shown, the stock still to draw), "
           "values each legal card in each world by playing the deal out with every seat's own policy "
           "(itself counted as the heuristic: one step of policy improvement), lets the exact solver "
           f"score its own bid once at most {PIMC_ENDGAME} tricks remain and nothing is left to draw, and plays the "
           "best mean; it bids like the heuristic. The 54-card game is shown with drawing after each "
           "trick (the rule as played) and without.")
    s.table("strength", _strength_rows(), "Mean score difference per deal with 95 % CI")

    s.heading("Whole games")
    _how(s, "heuristic at every seat (the deal passes clockwise)", f"{GAMES:,} whole games per game",
         "joker-odds tricks play --game georgian-joker --schedule --deals 100000 --seed 1",
         "--game joker-54, with or without --rule draw=none")
    games, finals = _games_rows()
    s.table("whole-games", games, "Final totals per player over whole games (the deal passes "
            "clockwise; Georgian Joker with the premium): mean with CI, SD and quantiles, "
            "P(best total, shared counts) and P(premium) per set")
    finals_figure(s, finals)
    _how(s, f"pimc (K = {K}) as player 0, the heuristic at the other seats", f"{PIMC_GAMES} whole games per game",
         "joker-odds tricks play --game georgian-joker --schedule --policy-seat 0=pimc --deals 200 --seed 1")
    s.table("whole-games-pimc", _pimc_games_rows(), "Whole games with one pimc player: final totals, "
            "P(best total) and P(premium) per set by player")
    s.text("The per-player P(best) is P(win) by starting seat: player p deals the deal p - 1 first.")
    strength_section(s, ["Georgian Joker", "54-card"])  # how strong the players are: the measured ladder
    return s


def _se_of(row: dict[str, Any]) -> float:
    return (row["ci_high"] - row["ci_low"]) / (2 * 1.959963984540054)


def _pts(value: float, row: dict[str, Any]) -> str:
    """Points with a sign, to the precision of the row's interval."""
    return signed(value, decimals=se_decimals(_se_of(row)))


def _ci(row: dict[str, Any]) -> str:
    return interval(row["ci_low"], row["ci_high"], like=_se_of(row))


def _bid_card(rows: list[dict[str, Any]], cards: int, seat: int) -> list[dict[str, Any]]:
    """Best bid and its P(made) by trumps × jokers (columns: aces held), one deal size and seat."""
    cells = [r for r in rows if r["cards"] == cards and r["seat"] == seat]
    out = []
    for tr in ("none", "0", "1", "2", "3+"):
        for jk in (0, 1, 2):
            line: dict[str, Any] = {"trumps": tr, "jokers": jk}
            for ac, col in (("0", "0 aces"), ("1", "1 ace"), ("2+", "2+ aces")):  # "–": seen too rarely
                c = next((r for r in cells if r["trumps"] == tr and r["jokers"] == jk and r["aces"] == ac), None)
                line[col] = "–"
                if c is not None:
                    made = c.get(f"p_made_{c['best_bid']}")
                    line[col] = f"bid {c['best_bid']}"
                    if made == made and made is not None and c.get("hands"):
                        e = proportion(round(made * c["hands"]), int(c["hands"]))  # P(made) of the cell's hands
                        dec = se_decimals(e.se, 100)
                        line[col] += (f"\u00a0({pct(e.estimate, decimals=dec)}, "
                                      f"{interval(e.ci_low, e.ci_high, percent=True, decimals=dec)})")
            if any(v != "–" for k, v in line.items() if k not in ("trumps", "jokers")):
                out.append(line)
    return out


def _answer(s: Study, one: dict[str, Any], two: dict[str, Any], hook5: dict[str, Any],
            rows: list[dict[str, Any]], prow: list[dict[str, Any]],
            rows54: list[dict[str, Any]] | None = None) -> None:
    """Answer box, the bidding cards (heuristic and pimc play) and the words the page uses."""
    s.answer(f"**A Georgian Joker hand with one joker is worth {_pts(one['value'], one)} points a deal** "
             f"(5 cards, 95 % CI {_ci(one)}), two jokers {_pts(two['value'], two)} ({_ci(two)}) — measured on "
             "the same deals with and without the joker, heuristic play.",
             f"The hook changes the dealer's expected score by {_pts(hook5['hook_cost'], hook5)} points a deal "
             f"at 5 cards ({_ci(hook5)}).",
             "What to bid: the cards below give the best bid and its chance of being made by trumps, jokers "
             "and aces held; the pimc card is the stronger player's view.",
             f"Sampled by seeded self-play (seed {SEED}); every interval is 95 %.")
    note = (f"Sampled by heuristic self-play ({FEATURE_DEALS:,} deals per deal size and seat, seed {SEED}); "
            "in brackets P(made) of the best bid and its 95 % interval. '–': a cell seen too rarely.")
    s.card("Bidding card: Georgian Joker, 9 cards, first to bid (seat 0), heuristic play", [
        "Find your row by trumps and jokers held, your column by aces: the best bid and, in brackets, how "
        "often it is made."], _bid_card(rows, 9, 0), name="card-bid-georgian-9-seat0", top=True, notes=[note])
    s.card("Bidding card: Georgian Joker, 9 cards, the dealer (seat 3, bids last under the hook)", [
        "The same for the dealer, who may not make the bids add up to the cards dealt."],
        _bid_card(rows, 9, 3), name="card-bid-georgian-9-seat3", notes=[note])
    if rows54:
        big = max(r["cards"] for r in rows54)
        s.card(f"Bidding card: the 54-card game, {big} cards, first to bid (seat 0), drawing after each trick", [
            "Find your row by trumps and jokers held, your column by aces: the best bid and, in brackets, how "
            "often it is made."], _bid_card([r for r in rows54 if r.get("draw") == "after-trick"], big, 0),
            name=f"card-bid-54-{big}-seat0", notes=[note])
    top = max((r["cards"] for r in prow), default=None)  # the largest deal with a cell seen 30 times
    if top is not None:
        s.card(f"Bidding card under pimc play: Georgian Joker, {top} cards, seat 0", [
            f"pimc (K = {PIMC_FEATURE_K}) plays seat 0 against the heuristic; cells seen 30 times or more "
            f"(the largest deal size of the pimc sample with such cells)."],
            _bid_card(prow, top, 0), name=f"card-bid-georgian-{top}-seat0-pimc")
    s.rules([
        "Georgian Joker: 36 cards (6 to ace) in which the 6♣ and 6♠ are the two jokers; 4 players; deals of "
        "1 to 9 cards in four sets (pulkas).",
        "The card turned after the deal names trumps (a joker: no trumps); in 9-card deals the first bidder "
        "names trumps after seeing three cards.",
        "Each player bids the tricks he will take, from the dealer's left; the dealer, last, may not make the "
        "bids add up to the cards dealt (the hook).",
        "Follow suit if you can, else trump if you can; a joker may always be played: high (it wins) or low, "
        "or when led 'take' or 'give' a named suit.",
        "Exact bids score 50 a trick plus 50 (all the cards: 100 each); a bid of 1 or more with no trick "
        "taken (hisht) loses 200; other misses score 10 a trick.",
        "The 54-card game: 52 cards and 2 jokers, 3 players, deals of 2 to 8 cards; after each trick everyone "
        "draws a card while the stock lasts; an exact bid scores 10 a trick, each missing trick −10."],
        ["the hook (on)", "the hisht penalty (−200)", "drawing after each trick in the 54-card game",
         "the number of players"])
    s.term("hook", "the dealer, bidding last, may not bid so that the bids add up to the number of cards "
           "dealt: somebody must fail")
    s.term("pulka", "one of the four sets of deals of a Georgian Joker game (1 to 8 cards, four deals of 9, "
           "8 down to 1, four deals of 9), each scored for the premium")
    s.term("premium", "the bonus for making every bid of a pulka: the player adds his best deal score and "
           "the next player loses his")
    s.term("hisht", "bidding one or more tricks and taking none: −200 points (or more by set, by the rule)")
    s.term("pimc", "perfect-information Monte Carlo: deal the unseen cards many times consistently with "
           "what was seen, play each deal out, choose the best card on average")
    s.term("duplicate", "the same deals played again with the seats' policies swapped, so luck cancels")
    s.term("EV", "expected score: the average points a deal over all the hands it could be")


def warm() -> None:
    """Compile the kernels only this study calls (no command does), on tiny inputs: ``joker-odds
    warmup`` runs it, so the report starts warm."""
    gj = trick_rules("georgian-joker")
    feature_rows(gj, 3, 0, 64, SEED)
    hook_rows(gj, 3, 64, SEED)
