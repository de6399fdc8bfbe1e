"""The report study "Trick-taking games with bids": bid values by hand features, the hook's cost,
a joker's value, policies in duplicate, and whole games — sized to build in a few minutes.

Every number is sampled through the simulation engine with a fixed seed and carries a 95 % CI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.engine import run
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import TrickRules, trick_rules
from analyzer.report.study import Study
from analyzer.stats import Z95, mean_from_sums

__all__ = ["FeatureTask", "HookTask", "build", "feature_rows", "hook_rows"]

SEED = 2026
FEATURE_DEALS = 12_000  # per deal size and seat
HOOK_DEALS = 40_000  # per deal size
GAMES = 2_000
STRENGTH = ((4, 600), (6, 400))  # (cards, duplicate deals) at K = 16
K = 16


@dataclass(frozen=True)
class FeatureTask:
    """Engine task of :func:`analyzer.games.tricks.study_kernels.features_chunk`."""

    params: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    seat: int
    policies: np.ndarray

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.study_kernels import features_chunk

        return features_chunk(state, n, self.pack, self.players, self.cards, self.seat, self.params,
                              self.policies)


@dataclass(frozen=True)
class HookTask:
    """Engine task of :func:`analyzer.games.tricks.study_kernels.hook_chunk`."""

    on: np.ndarray
    off: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    policies: np.ndarray

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.study_kernels import hook_chunk

        return hook_chunk(state, n, self.pack, self.players, self.cards, self.on, self.off, self.policies)


FEATURES = [(tr, jk, ac, nt) for tr in range(4) for jk in range(3) for ac in range(3) for nt in range(2)]


def feature_rows(rules: TrickRules, cards: int, seat: int, deals: int, seed: int) -> list[dict[str, Any]]:
    """Per hand-feature cell (seen at least 30 times): the best bid, its EV, the mean tricks at
    it, and P(made) of each bid, heuristic at every seat."""
    pol = np.ones(rules.players, np.int64)
    task = FeatureTask(rules.params(), deck_array(trick_deck(rules.deck)), rules.players, cards, seat, pol)
    t = run(task, trials=deals, seed=seed, chunk_size=2048, quiet=True).totals
    nb = rules.tricks_in_deal(cards) + 1
    rows = []
    for c, (tr, jk, ac, nt) in enumerate(FEATURES):
        if nt and tr:
            continue
        cell = t[c * nb * 5:(c + 1) * nb * 5].reshape(nb, 5)
        n = int(cell[:, 0].max())
        if n < 30:
            continue
        evs = [cell[b, 1] / cell[b, 0] if cell[b, 0] else -np.inf for b in range(nb)]
        best = int(np.argmax(evs))
        e = mean_from_sums(int(cell[best, 0]), float(cell[best, 1]), float(cell[best, 2]))
        row: dict[str, Any] = {"game": rules.name, "cards": cards, "seat": seat, "trumps": "none" if nt else
                               ("3+" if tr == 3 else str(tr)), "jokers": jk, "aces": "2+" if ac == 2 else str(ac),
                               "hands": n, "best_bid": best, "ev": e.mean, "ci_low": e.ci_low,
                               "ci_high": e.ci_high, "mean_tricks": float(cell[best, 4] / cell[best, 0])}
        for b in range(nb):
            row[f"p_made_{b}"] = float(cell[b, 3] / cell[b, 0]) if cell[b, 0] else float("nan")
        rows.append(row)
    return rows


def hook_rows(rules: TrickRules, cards: int, deals: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The dealer's EV with the hook minus without it (same deals), EV by seat with it, and the
    mean score of a seat dealt 0, 1 and 2 jokers."""
    off = trick_rules(rules, {"hook": "off"})
    p = rules.players
    task = HookTask(rules.params(), off.params(), deck_array(trick_deck(rules.deck)), p, cards,
                    np.ones(p, np.int64))
    t = run(task, trials=deals, seed=seed, chunk_size=4096, quiet=True).totals
    d = mean_from_sums(deals, float(t[0]), float(t[1]))
    row: dict[str, Any] = {"game": rules.name, "draw": rules.draw, "cards": cards, "deals": deals,
                           "hook_cost": d.mean, "ci_low": d.ci_low, "ci_high": d.ci_high}
    for s in range(p):
        e = mean_from_sums(deals, float(t[2 + s]), float(t[2 + p + s]))
        row[f"ev_seat{s}"] = e.mean
        row[f"se_seat{s}"] = e.se
    jok = []
    base = 2 + 2 * p
    groups = [mean_from_sums(int(t[base + 3 * j]), float(t[base + 3 * j + 1]), float(t[base + 3 * j + 2]))
              for j in range(3)]
    for j in (1, 2):
        g, z = groups[j], groups[0]
        if g.trials < 30:
            continue
        diff = g.mean - z.mean
        se = float(np.hypot(g.se, z.se))
        jok.append({"game": rules.name, "draw": rules.draw, "cards": cards, "jokers": j, "seats": g.trials,
                    "ev": g.mean, "se": g.se, "ev_no_joker": z.mean, "se_no_joker": z.se, "value": diff, "ci_low": diff - Z95 * se,
                    "ci_high": diff + Z95 * se})
    return row, jok


def _pad(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with one set of columns (missing ones empty), in the order they first appear."""
    cols: dict[str, None] = {}
    for r in rows:
        cols.update(dict.fromkeys(r))
    return [{c: r.get(c) for c in cols} for r in rows]


def _heatmap(study: Study, name: str, rows: list[dict[str, Any]], sizes: list[int], caption: str) -> None:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(sizes), figsize=(3.9 * len(sizes), 3.2), squeeze=False)
    for ax, c in zip(axes[0], sizes, strict=True):
        grid = np.full((5, 3), np.nan)
        labels = ["none", "0", "1", "2", "3+"]
        for tr_i, tr in enumerate(labels):
            for jk in range(3):
                sel = [r for r in rows if r["cards"] == c and r["trumps"] == tr and r["jokers"] == jk]
                if sel:
                    w = np.array([r["hands"] for r in sel], float)
                    grid[tr_i, jk] = float(np.average([r["best_bid"] for r in sel], weights=w))
        im = ax.imshow(grid, cmap="viridis", aspect="auto", vmin=0, vmax=max(c, 1))
        ax.set_title(f"{c} cards")
        ax.set_xticks(range(3), ["0", "1", "2"])
        ax.set_yticks(range(5), labels)
        ax.set_xlabel("jokers")
        ax.set_ylabel("trumps")
        for (i, j), v in np.ndenumerate(grid):
            if not np.isnan(v):
                ax.text(j, i, f"{v:.1f}", ha="center", va="center", color="w", fontsize=8)
        fig.colorbar(im, ax=ax, fraction=0.05)
    study.figure(name, fig, caption)


def _made_heatmap(study: Study, name: str, rows: list[dict[str, Any]], caption: str) -> None:
    import matplotlib.pyplot as plt

    sizes = sorted({r["cards"] for r in rows})
    top = max(sizes)
    grid = np.full((len(sizes), top + 1), np.nan)
    for i, c in enumerate(sizes):
        sel = [r for r in rows if r["cards"] == c]
        w = np.array([r["hands"] for r in sel], float)
        for b in range(c + 1):
            vals = np.array([r.get(f"p_made_{b}", np.nan) for r in sel], float)
            ok = ~np.isnan(vals)
            if ok.any():
                grid[i, b] = float(np.average(vals[ok], weights=w[ok]))
    fig, ax = plt.subplots(figsize=(6, 3))
    im = ax.imshow(grid, cmap="magma", aspect="auto", vmin=0, vmax=1)
    ax.set_yticks(range(len(sizes)), [str(c) for c in sizes])
    ax.set_xlabel("bid")
    ax.set_ylabel("cards")
    fig.colorbar(im, ax=ax)
    study.figure(name, fig, caption)


def _strength_rows() -> list[dict[str, Any]]:
    from analyzer.games.tricks.strength import strength

    rows = []
    for game, over in (("georgian-joker", []), ("joker-54", ["draw=none"])):
        r = trick_rules(game, over)
        for cards, deals in STRENGTH:
            for a, b, n in (("pimc", "heuristic", deals), ("heuristic", "random", 2000)):
                x = strength(r, cards, a, b, deals=n, seed=SEED, k=K)
                rows.append({"game": game + (" (draw=none)" if over else ""), "cards": cards, "a": a, "b": b,
                             "deals": x.deals, "diff": x.diff.mean, "ci_low": x.diff.ci_low,
                             "ci_high": x.diff.ci_high, "a_score": float(np.mean(x.a_score)),
                             "b_score": float(np.mean(x.b_score))})
    return rows


def _games_rows() -> tuple[list[dict[str, Any]], dict[str, np.ndarray]]:
    """Whole games, one game per engine chunk so that every game's final totals are kept."""
    from analyzer.engine import RunResult
    from analyzer.games.tricks.selfplay import play_games

    rows = []
    finals: dict[str, np.ndarray] = {}
    for game, over in (("georgian-joker", []), ("joker-54", []), ("joker-54", ["draw=none"])):
        r = trick_rules(game, over)
        p = r.players
        seen: list[np.ndarray] = []
        last = np.zeros(p, np.int64)

        def keep(res: RunResult, p: int = p, seen: list[np.ndarray] = seen) -> None:
            nonlocal last
            now = np.asarray(res.totals[:p], np.int64)
            seen.append(now - last)
            last = now.copy()

        g = play_games(r, ["heuristic"] * p, GAMES, SEED, chunk_size=1, quiet=True, on_chunk=keep)
        per_game = np.array(seen)
        label = f"{game} draw={r.draw}"
        finals[label] = per_game
        for row in g.rows():
            q = np.quantile(per_game[:, row["player"]], [0.05, 0.25, 0.5, 0.75, 0.95])
            rows.append({"game": game, "draw": r.draw, "deals": len(r.schedule_cards()), "games": g.games,
                         "player": row["player"], "mean_total": row["mean_total"],
                         "ci_low": row["ci_low"], "ci_high": row["ci_high"],
                         "sd_total": g.total[row["player"]].sd, "q05": float(q[0]), "q25": float(q[1]),
                         "median": float(q[2]), "q75": float(q[3]), "q95": float(q[4]),
                         "p_best": row["p_best"], "p_best_low": row["p_best_low"],
                         "p_best_high": row["p_best_high"], "premiums_per_game": row["premiums"]})
    return rows, finals


def _finals_figure(study: Study, finals: dict[str, np.ndarray]) -> None:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(finals), figsize=(4.2 * len(finals), 3.2), squeeze=False)
    for ax, (label, totals) in zip(axes[0], finals.items(), strict=True):
        ax.hist(totals.ravel(), bins=40, color="#3b6ea8")
        ax.set_title(label, fontsize=9)
        ax.set_xlabel("final total")
    axes[0][0].set_ylabel("players")
    study.figure("final-totals", fig, "Final totals of whole games (every player, heuristic play)")


def build() -> Study:
    """The study, at the sizes of the module constants (a few minutes on two cores)."""
    s = Study("tricks-bidding", "Trick-taking games with bids")
    s.text("Georgian Joker (36 cards, 4 players) and the 54-card bidding game (3 players). Seat 0 sits "
           "left of the dealer and bids first; the dealer is the last seat and bids under the hook. "
           "Every figure comes from seeded self-play through the simulation engine with the heuristic "
           "policy at every seat unless a row says otherwise; intervals are 95 %.")
    s.text(f"Sizes of this build: {FEATURE_DEALS:,} deals per deal size and seat for the hand features, "
           f"{HOOK_DEALS:,} paired deals per deal size for the hook and the jokers, {GAMES:,} whole games "
           f"per game, duplicate matches of {', '.join(f'{d} {c}-card deals' for c, d in STRENGTH)} "
           f"(pimc K = {K}). A bigger run of any table: joker-odds tricks play --game georgian-joker "
           "--deals 1000000 --cards 5 --rule hook=off --seed 1 (compare with the hook on); joker-odds "
           "tricks strength --game georgian-joker --cards 9 --deals 400 --k 32 --seed 1; joker-odds "
           "tricks bid --hand … --up … --seat … --bids … --samples 200000; joker-odds tricks play "
           "--schedule --deals 100000.")

    s.heading("The best bid by hand features")
    gj = trick_rules("georgian-joker")
    rows: list[dict[str, Any]] = []
    sizes = [1, 3, 5, 7, 9]
    for c in sizes:
        for seat in (0, 3):
            rows += feature_rows(gj, c, seat, FEATURE_DEALS, SEED + c + 10 * seat)
    s.table("bid-features-georgian", _pad(rows), "Georgian Joker, seats 0 and 3 (the dealer): per hand-feature "
            "cell the best bid (highest sampled EV, the others bidding by the heuristic), its EV with CI, "
            "the mean tricks taken at it, and P(made) of every bid")
    _heatmap(s, "best-bid-georgian-seat0", [r for r in rows if r["seat"] == 0], sizes,
             "Georgian Joker, seat 0: the best bid by trumps and jokers held (mean over aces, weighted)")
    _made_heatmap(s, "p-made-georgian-seat0", [r for r in rows if r["seat"] == 0],
                  "Georgian Joker, seat 0: P(made) by bid and deal size (over hand cells, weighted)")
    rows54: list[dict[str, Any]] = []
    for over in ([], ["draw=none"]):
        r54 = trick_rules("joker-54", over)
        for c in (2, 5, 8):
            rows54 += [{**x, "draw": r54.draw} for x in feature_rows(r54, c, 0, FEATURE_DEALS, SEED + c)]
    s.table("bid-features-54", _pad(rows54), "The 54-card game, seat 0, drawing after each trick and without "
            "drawing side by side: what drawing does to the value of a bid")

    s.heading("The hook's cost, EV by seat, and a joker's value")
    hooks = []
    jokers = []
    for c in range(1, 10):
        h, j = hook_rows(gj, c, HOOK_DEALS, SEED + c)
        hooks.append(h)
        jokers += j
    for over in ([], ["draw=none"]):
        r54 = trick_rules("joker-54", over)
        for c in (2, 4, 6, 8):
            h, j = hook_rows(r54, c, HOOK_DEALS // 2, SEED + c)
            hooks.append(h)
            jokers += j
    s.table("hook-cost", _pad(hooks), "The dealer's EV with the hook minus his EV on the same deals with the hook "
            "off (the rule's own effect), and each seat's EV with the hook on")
    s.table("joker-value", _pad(jokers), "A seat dealt one or two jokers against a seat dealt none: the mean score "
            "difference per deal (the jokers come with the rest of the hand as dealt)")

    s.heading("pimc against the heuristic, in duplicate")
    s.text("Each deal is played with the heuristic at every seat, then once per seat with the tested "
           "policy there; the row is the mean over seats and deals of the tested policy's score minus the "
           "heuristic's at the same seat. pimc: 16 sampled worlds per decision, each scored by the exact "
           "solver with the guaranteed score of its own bid; it bids like the heuristic. The 54-card game "
           "is played without drawing here (the solver needs every card known). Measured apart (60 "
           "deals, K = 16), pimc does not beat the heuristic on full 9-card Georgian deals: the "
           "guaranteed score against three seats playing together is too pessimistic that early in "
           "a long deal; it does on 9-card deals of the 54-card game.")
    s.table("strength", _strength_rows(), "Mean score difference per deal with 95 % CI")

    s.heading("Whole games")
    games, finals = _games_rows()
    s.table("whole-games", games, "Final totals per player over whole games (the deal passes "
            "clockwise; Georgian Joker with the premium): mean with CI, SD and quantiles, and "
            "P(best total, shared counts)")
    _finals_figure(s, finals)
    s.text("The per-player P(best) is P(win) by starting seat: player p deals the deal p - 1 first.")
    return s
