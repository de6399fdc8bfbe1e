"""The tables of the bidding study: bid values by hand features and per bid, the hook's cost
beside EV by seat, and a joker's value paired on the same deals — each row with its 95 % CI.

>>> from analyzer.games.tricks.rules import trick_rules
>>> row = hook_rows(trick_rules("georgian-joker"), 2, 2000, 1)[0]
>>> row["deals"], row["ci_low"] <= row["hook_cost"] <= row["ci_high"]
(2000, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.engine import run
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import TrickRules, trick_rules
from analyzer.stats import Z95, mean_from_sums, proportion

__all__ = ["FEATURES", "FeatureTask", "HookTask", "bid_value_rows", "draw_rows", "feature_rows",
           "feature_totals", "hook_rows", "joker_rows", "pad"]

HOOK_CHUNK = 4096  # deals per chunk of the hook's paired run


@dataclass(frozen=True)
class FeatureTask:
    """Engine task of :func:`analyzer.games.tricks.analysis.study_kernels.features_chunk`."""

    params: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    seat: int
    policies: np.ndarray
    cfg: np.ndarray = field(default_factory=lambda: np.zeros(5, np.int64))  # pimc's options

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.study_kernels import features_chunk

        return features_chunk(state, n, self.pack, self.players, self.cards, self.seat, self.params,
                              self.policies, self.cfg, True)


@dataclass(frozen=True)
class HookTask:
    """Engine task of :func:`analyzer.games.tricks.analysis.study_kernels.hook_chunk`."""

    on: np.ndarray
    off: np.ndarray
    pack: np.ndarray
    players: int
    cards: int
    policies: np.ndarray

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.study_kernels import hook_chunk

        return hook_chunk(state, n, self.pack, self.players, self.cards, self.on, self.off, self.policies, True)

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """The hook's cost to the dealer per deal and its SE (each deal counts each seat once in
        the joker groups, so the deals are their count over the seats)."""
        p = self.players
        n = int(sum(totals[2 + 2 * p + 3 * j] for j in range(3))) // p
        d = mean_from_sums(n, float(totals[0]), float(totals[1]))
        return {"hook_cost": (d.mean, d.se)}


FEATURES = [(tr, jk, ac, nt) for tr in range(4) for jk in range(3) for ac in range(3) for nt in range(2)]


def feature_totals(rules: TrickRules, cards: int, seat: int, deals: int, seed: int, pimc_k: int = 0) -> np.ndarray:
    """Per hand-feature cell and bid: [count, Σ score, Σ score², made, Σ tricks], shape
    ``(cells, bids, 5)``, heuristic at every seat (``pimc_k`` > 0: the studied seat plays pimc
    with that many worlds per decision)."""
    from analyzer.games.tricks.analysis.strength import pimc_cfg

    pol = np.ones(rules.players, np.int64)
    cfg = np.zeros(5, np.int64)
    if pimc_k:
        pol[seat], cfg = 2, pimc_cfg(rules, k=pimc_k)
    task = FeatureTask(rules.params(), deck_array(trick_deck(rules.deck)), rules.players, cards, seat, pol, cfg)
    t = run(task, trials=deals, seed=seed, chunk_size=16 if pimc_k else 2048, quiet=True).totals
    return np.asarray(t).reshape(len(FEATURES), rules.tricks_in_deal(cards) + 1, 5)


def feature_rows(rules: TrickRules, cards: int, seat: int, deals: int, seed: int,
                 totals: np.ndarray | None = None) -> list[dict[str, Any]]:
    """Per hand-feature cell (seen at least 30 times): the best bid, its EV, the mean tricks at
    it, and P(made) of each bid, heuristic at every seat."""
    t = feature_totals(rules, cards, seat, deals, seed) if totals is None else totals
    nb = t.shape[1]
    rows = []
    for c, (tr, jk, ac, nt) in enumerate(FEATURES):
        if nt and tr:
            continue
        cell = t[c]
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


def bid_value_rows(rules: TrickRules, cards: int, seat: int, totals: np.ndarray) -> list[dict[str, Any]]:
    """Per bid, over every hand (the feature cells pooled): the seat's EV with CI, P(made) with
    its Wilson interval and the mean tricks when it always makes that bid."""
    rows = []
    pooled = totals.sum(axis=0)
    for b in range(pooled.shape[0]):
        n, s, s2, made, tricks = (int(x) for x in pooled[b])
        if n == 0:
            continue
        e, p = mean_from_sums(n, float(s), float(s2)), proportion(made, n)
        rows.append({"game": rules.name, "draw": rules.draw, "cards": cards, "seat": seat, "bid": b, "deals": n,
                     "ev": e.mean, "ci_low": e.ci_low, "ci_high": e.ci_high, "p_made": p.estimate,
                     "p_made_low": p.ci_low, "p_made_high": p.ci_high, "mean_tricks": tricks / n})
    return rows


def draw_rows(after: list[dict[str, Any]], none: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The per-bid rows of the two drawing rules side by side, one row per (cards, bid)."""
    keyed = {(r["cards"], r["bid"]): r for r in none}
    rows = []
    for a in after:
        z = keyed.get((a["cards"], a["bid"]))
        row: dict[str, Any] = {"cards": a["cards"], "bid": a["bid"]}
        for tag, r in (("after_trick", a), ("none", z)):
            for k in ("ev", "ci_low", "ci_high", "p_made"):
                row[f"{k}_{tag}"] = None if r is None else r[k]
        rows.append(row)
    return rows


def hook_rows(rules: TrickRules, cards: int, deals: int, seed: int, target_se: float | None = None
              ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The dealer's EV with the hook minus without it (same deals) beside EV by seat with it (CIs);
    and the observed mean score of a seat dealt 0, 1 and 2 jokers (not paired: the jokers come
    with the rest of the hand). With ``target_se``: deals until the hook's cost has that SE, at
    most ``deals`` (checked every :data:`HOOK_CHUNK` deals)."""
    off = trick_rules(rules, {"hook": "off"})
    p = rules.players
    task = HookTask(rules.params(), off.params(), deck_array(trick_deck(rules.deck)), p, cards,
                    np.ones(p, np.int64))
    size = {"trials": deals} if target_se is None else {"target_se": target_se, "max_trials": deals, "check_every": 1}
    res = run(task, seed=seed, chunk_size=HOOK_CHUNK, quiet=True, **size)
    t, deals = res.totals, res.trials
    d = mean_from_sums(deals, float(t[0]), float(t[1]))
    row: dict[str, Any] = {"game": rules.name, "draw": rules.draw, "cards": cards, "deals": deals,
                           "hook_cost": d.mean, "ci_low": d.ci_low, "ci_high": d.ci_high}
    for s in range(p):
        e = mean_from_sums(deals, float(t[2 + s]), float(t[2 + p + s]))
        row[f"ev_seat{s}"] = e.mean
        row[f"ev_seat{s}_low"] = e.ci_low
        row[f"ev_seat{s}_high"] = e.ci_high
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
                    "ev": g.mean, "se": g.se, "ev_no_joker": z.mean, "se_no_joker": z.se, "value": diff,
                    "ci_low": diff - Z95 * se, "ci_high": diff + Z95 * se})
    return row, jok


def joker_rows(rules: TrickRules, cards: int, deals: int, seed: int, target_se: float | None = None
               ) -> list[dict[str, Any]]:
    """One and two jokers against none at a random seat, paired on the same deals
    (:func:`analyzer.games.tricks.analysis.joker_value.joker_value`), the seats pooled. With
    ``target_se``: deals until both values have that SE, at most ``deals``."""
    from analyzer.games.tricks.analysis.joker_value import joker_value

    size: dict[str, Any] = {} if target_se is None else {"target_se": target_se, "max_trials": deals,
                                                         "check_every": 1}
    r = joker_value(rules, cards, None if target_se else deals, seed, quiet=True, **size)
    return [{"game": rules.name, "draw": rules.draw, "cards": cards, **{k: v for k, v in x.items() if k != "seat"}}
            for x in r.rows() if x["seat"] == "all"]


def pad(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with one set of columns (missing ones empty), in the order they first appear."""
    cols: dict[str, None] = {}
    for r in rows:
        cols.update(dict.fromkeys(r))
    return [{c: r.get(c) for c in cols} for r in rows]
