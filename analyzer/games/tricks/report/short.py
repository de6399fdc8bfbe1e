"""The report study "Short poker for tricks": which hands to play, the maker's tricks against the
double-dummy value, and the game to 5 (exact chain, checked by whole-game self-play).

Every number is sampled through the simulation engine with a fixed seed and carries a 95 % CI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.engine import run
from analyzer.games.tricks.analysis.short import play_short_deals, play_short_games
from analyzer.games.tricks.analysis.short_game import DealOutcomes, game_odds
from analyzer.games.tricks.rules import TrickRules, short_rules
from analyzer.numfmt import interval, pct, se_decimals, sig, with_ci
from analyzer.report.strength import strength_section
from analyzer.report.study import Study
from analyzer.stats import Z95, mean_from_sums

__all__ = ["FeatureTask", "build", "play_table"]

SEED = 2027
FEATURE_DEALS = 60_000
DD_DEALS = 20_000
CHAIN_DEALS = 200_000
GAMES = 3_000


@dataclass(frozen=True)
class FeatureTask:
    """Engine task: random deals, every seat that gets to choose played both ways (play, pass)."""

    rp: np.ndarray
    pack: np.ndarray
    policies: np.ndarray

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.short_chunks import features_chunk

        return features_chunk(state, n, self.pack.copy(), self.rp, self.policies)  # type: ignore[no-any-return]

    def trials_in(self, totals: np.ndarray) -> int:
        return int(totals[-1])


def play_table(rules: TrickRules, deals: int, seed: int) -> list[dict[str, Any]]:
    """Play minus pass (points, heuristic everywhere) by seat, trumps held (jokers counted), off-suit aces.

    >>> rows = play_table(short_rules(), 2_000, 1)
    >>> {"seat", "trumps", "aces", "deals", "gain", "ci_low", "ci_high", "p_make"} <= set(rows[0])
    True
    """
    from analyzer.games.tricks.analysis.short_chunks import trick_bits

    task = FeatureTask(rules.params(), np.array(trick_bits(rules), np.int64), np.ones(rules.players, np.int64))
    t = run(task, trials=deals, seed=seed, chunk_size=5_000, quiet=True).totals
    rows = []
    for seat in range(min(rules.players, 4)):
        for trumps in range(7):
            for aces in range(3):
                c = ((seat * 7 + trumps) * 3 + aces) * 5
                n = int(t[c])
                if n < 30:
                    continue
                e = mean_from_sums(n, float(t[c + 1]), float(t[c + 2]))
                rows.append({"seat": seat, "trumps": trumps, "aces": "2+" if aces == 2 else str(aces), "deals": n,
                             "gain": e.mean, "ci_low": e.ci_low, "ci_high": e.ci_high,
                             "ev_play": float(t[c + 3]) / n, "p_make": float(t[c + 4]) / n})
    return rows


def _threshold(rows: list[dict[str, Any]], seat: int, aces: str) -> int | None:
    """The fewest trumps from which playing gains on average (CI above 0) at ``seat`` with ``aces``."""
    for r in sorted((r for r in rows if r["seat"] == seat and r["aces"] == aces), key=lambda r: r["trumps"]):
        if r["ci_low"] > 0:
            return int(r["trumps"])
    return None


def _figure(rows: list[dict[str, Any]]) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 4, figsize=(12, 3.2), sharey=True)
    for seat, ax in enumerate(axes):
        for aces in ("0", "1", "2+"):
            pts = sorted((r["trumps"], r["gain"], r["ci_low"], r["ci_high"]) for r in rows
                         if r["seat"] == seat and r["aces"] == aces)
            if not pts:
                continue
            x = [p[0] for p in pts]
            ax.errorbar(x, [p[1] for p in pts], yerr=[[p[1] - p[2] for p in pts], [p[3] - p[1] for p in pts]],
                        marker="o", capsize=2, label=f"{aces} off-suit aces")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_title(f"seat {seat}" + (" (dealer)" if seat == 3 else ""))
        ax.set_xlabel("trumps held (jokers counted)")
    axes[0].set_ylabel("play minus pass (points)")
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    return fig


def chain_interval(outcomes: DealOutcomes, deals: int, rules: TrickRules, h: float = 1e-4) -> tuple[float, float, float]:
    """P(the side left of the first dealer wins the game to 5) from 0:0 with its SE and a 95 % CI
    propagated from the sampled deal outcomes (delta method: the chain's gradient in each outcome's
    probability, by finite differences, against their multinomial covariance over ``deals``; a
    thrown-in deal is the remaining category)."""
    base = game_odds(outcomes, rules).win(0, 0)
    probs = [p for _, p in outcomes.eldest] + [p for _, p in outcomes.dealer]
    grad = np.zeros(len(probs))
    ne = len(outcomes.eldest)
    for i in range(len(probs)):
        e = {k: p + (h if j == i else 0.0) for j, (k, p) in enumerate(outcomes.eldest)}
        d = {k: p + (h if ne + j == i else 0.0) for j, (k, p) in enumerate(outcomes.dealer)}
        grad[i] = (game_odds(DealOutcomes.from_probs(e, d), rules).win(0, 0) - base) / h
    p = np.array(probs)
    cov = (np.diag(p) - np.outer(p, p)) / deals
    se = float(np.sqrt(max(0.0, float(grad @ cov @ grad))))
    return base, se, Z95 * se


def build() -> Study:
    """The study at the module's sizes (a few minutes on two cores with the kernels cached)."""
    rules = short_rules()
    pols = ["heuristic"] * 4
    s = Study("short-tricks", "Short poker for tricks")
    feats = play_table(rules, FEATURE_DEALS, SEED)
    deals = play_short_deals(rules, pols, CHAIN_DEALS, SEED + 1, quiet=True)
    odds = game_odds(deals.outcomes, rules)
    games = play_short_games(rules, pols, GAMES, SEED + 2, quiet=True)
    th = {seat: _threshold(feats, seat, "0") for seat in range(4)}
    th_ace = {seat: _threshold(feats, seat, "1") for seat in range(4)}
    win0 = odds.win(0, 0)
    _, win_se, half = chain_interval(deals.outcomes, deals.deals, rules)
    win_text = with_ci(win0, win0 - half, win0 + half, win_se, percent=True)
    s.headline = (f"Play with {th[0]}+ trumps (joker counted) and no off-suit ace at seat 0, {th_ace[0]}+ with one; "
                  f"game to 5: the side left of the first dealer wins {win_text}")
    s.answer(f"**Say \"play\" at seat 0** (left of the dealer) with {th[0]} or more trumps counting the joker "
             f"and no off-suit ace, with {th_ace[0]} or more holding one off-suit ace (the dealer, seat 3: "
             f"{th[3]} and {th_ace[3]}).",
             f"From 0:0 the side that speaks first in the first deal wins the game to 5 {win_text} of the time "
             f"(exact Markov chain on {deals.deals:,} self-play deals, the interval carried over from the sampled "
             "deal outcomes); whole-game self-play gives "
             f"{pct(games.p_win.estimate, decimals=se_decimals(games.p_win.se, 100))} (95 % CI "
             f"{interval(games.p_win.ci_low, games.p_win.ci_high, percent=True, like=games.p_win.se)}, "
             f"{games.games:,} games).",
             "Partners sit opposite; 32 cards + the joker; heuristic players at every seat.")
    card = []
    for seat in range(4):
        row: dict[str, Any] = {"seat": f"{seat}" + (" (left of the dealer)" if seat == 0 else
                                                    " (dealer)" if seat == 3 else "")}
        for aces, col in (("0", "no off-suit ace"), ("1", "one off-suit ace"), ("2+", "two or more")):
            t = _threshold(feats, seat, aces)
            g = next((r for r in feats if r["seat"] == seat and r["aces"] == aces and r["trumps"] == t), None)
            row[col] = "pass" if t is None or g is None else (
                f"play with {t}+ trumps (+{sig(g['gain'], decimals=se_decimals((g['ci_high'] - g['ci_low']) / 3.92))}, "
                f"{interval(g['ci_low'], g['ci_high'], decimals=se_decimals((g['ci_high'] - g['ci_low']) / 3.92))})")
        card.append(row)
    s.card("Strategy card: short poker for tricks, play or pass", [
        "Your turn comes when every seat before you passed: say \"play\" with at least the trumps shown "
        "(the joker counts as a trump), pass with fewer.",
        "In brackets: the points your side gains by playing that hand rather than passing, with its 95 % interval."],
        card, name="card-play-or-pass", top=True,
        after=[f"The game to 5 from 0:0: the side left of the first dealer wins {win_text}."],
        notes=[f"Heuristic self-play, {FEATURE_DEALS:,} deals with a trump (seed {SEED}); the fewest trumps "
               "whose gain's interval is above zero."])
    s.rules([
        "Four players in two partnerships (partners opposite); 32 cards (7 to ace) and a joker; five cards each.",
        "A card is turned for trumps. From the dealer's left, each player says \"play\" or passes; the first "
        "to say \"play\" is the maker: his side must take 3 of the 5 tricks. If all pass, the deal is thrown in.",
        "Follow suit if you can, else trump if you can; the joker is the highest card and counts as a trump.",
        "The maker's side writes 1 point for 3 or 4 tricks, 2 for all five (a march), −2 for fewer than 3.",
        "The first side to 5 points wins the game; the losers pay a premium of 3, 2 or 1 by their own points."],
        ["the target (5 points)", "the points for a march and for failing", "who may play first"])
    s.term("maker", "the first player to say \"play\": his side must take 3 of the 5 tricks")
    s.term("march", "all 5 tricks to the maker's side: 2 points")
    s.term("double-dummy", "the result of best play by both sides with every hand known")
    s.term("premium", "what the losers of a game to 5 pay the winners: 3, 2 or 1 by their own points")
    s.heading("Which hands to play")
    s.text(f"Policy: heuristic at every seat (says \"play\" from a hand strength of 1.6: joker 1, trump A .9, K .7, "
           f"Q .5, other trumps .35, off-suit A .6, K .2). Sample: {FEATURE_DEALS:,} deals with a trump, seed {SEED}; "
           "each seat whose turn comes (all before it passed) is played both ways on the same cards. "
           "Gain = points of its side when it plays minus when it passes (the later seats then decide). "
           "A bigger run for one hand: `joker-odds tricks hand-odds --hand \"Jk As Ks 7h 8d\" --trump s "
           "--seat 0 --deals 200000 --seed 1`.")
    s.figure("play-or-pass", _figure(feats), "Play minus pass by trumps held, per seat and off-suit aces (95 % CI)")
    seat0 = [r for r in feats if r["seat"] == 0]
    s.table("play-or-pass-seat0", [{k: r[k] for k in ("trumps", "aces", "deals", "gain", "ci_low", "ci_high",
                                                      "p_make")} for r in seat0][:40],
            "Seat 0: play minus pass (points) and P(3+ tricks) when playing")
    s.csv("play-or-pass-all-seats", feats)
    s.heading("The maker's tricks and the double-dummy value")
    dd = play_short_deals(rules, pols, DD_DEALS, SEED + 3, dd=True, quiet=True)
    s.text(f"Policy: heuristic. Sample: {dd.deals:,} deals (seed {SEED + 3}); in {pct(dd.p_throw_in.estimate)} of them "
           "all passed (thrown in). The double-dummy value is what the maker's side takes with every hand known "
           "and best play by both sides. A bigger run: `joker-odds tricks play --game short-tricks --deals 1000000 "
           "--seed 1`.")
    s.table("tricks", [{k: r[k] for k in ("tricks", "points", "p", "ci_low", "ci_high", "p_dd")}
                       for r in dd.rows()], "The maker's side's tricks: played by the heuristic, and double dummy")
    s.heading("The game to 5")
    s.text(f"Exact Markov chain over the two sides' scores (the chance of ever falling below its floor of "
           f"{odds.low} is under one in a billion), fed with the per-deal outcomes of {deals.deals:,} heuristic self-play deals "
           f"(seed {SEED + 1}); \"score\" is the side left of the next dealer. Check: {games.games:,} whole games "
           f"(seed {SEED + 2}). A bigger run: `joker-odds tricks game-odds --deals 1000000 --seed 1`.")
    rows = [r for r in odds.rows(-2) if r["opponents"] in (-2, 0, 2, 4)]
    s.table("game-odds", [{"score": r["score"], "opponents": r["opponents"], "p_win": r["p_win"],
                           "exp_premium": r["exp_premium"]} for r in rows][:40], "P(win the game) from a score")
    prem = odds.premium_dist(0, 0)
    s.table("premium", [{"event": k, "p_chain": v, "p_self_play": games.premium[k].estimate,
                         "p_self_play_low": games.premium[k].ci_low,
                         "p_self_play_high": games.premium[k].ci_high} for k, v in prem.items()],
            "From 0:0: who wins and the premium (points the losers pay), chain against self-play")
    strength_section(s, ["short poker"])  # how strong the players are: the measured ladder
    return s


def warm() -> None:
    """Compile the kernels only this study calls (no command does), on tiny inputs: ``joker-odds
    warmup`` runs it, so the report starts warm."""
    rules = short_rules()
    play_table(rules, 64, SEED)
    play_short_games(rules, ["heuristic"] * rules.players, 2, SEED, quiet=True)
