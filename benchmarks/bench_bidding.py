"""Bidding expectations: ``tricks bid`` with heuristic playouts to ±2 points (95 %) on a 9-card
hand, and the time of a deal with one ``pimc`` seat (K = 32; the default playout model with the
solver's last 4 tricks, and the paranoid model) against three heuristic seats."""

from __future__ import annotations

import time

import numpy as np

from analyzer.games.tricks.analysis.bidding import bid_table, situation
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import trick_rules
from analyzer.io import render_text_table
from analyzer.kernels.rng import deal, seed_words

HAND9 = "Ah Kh Qd Js Tc 9h 8d 7s Jk1"


def _bid_row(workers: int) -> dict[str, object]:
    s = situation(trick_rules("georgian-joker"), HAND9, trump="h", seat=1, bids=[2])
    bid_table(s, "heuristic", samples=256, seed=0, workers=workers)  # compile
    t0 = time.perf_counter()
    t = bid_table(s, "heuristic", samples=None, seed=1, workers=workers, target_se=2 / 1.959964, check_every=1,
                  max_trials=2_000_000, chunk_size=1024, quiet=True)
    dt = time.perf_counter() - t0
    half = max(1.959964 * r["se"] for r in t.rows)
    return {"what": f"tricks bid, heuristic, 9 cards, {workers} core(s)", "samples": t.meta["samples"],
            "max half-width": half, "seconds": dt, "goal s": 2.0}


def _pimc_rows(cards: int, deals: int, k: int = 32, model: str = "playout") -> dict[str, object]:
    from analyzer.games.tricks.analysis.strength import pimc_cfg
    from analyzer.games.tricks.kernels.playout import first_leader, start_play
    from analyzer.games.tricks.policies.seats import (
        LOG_TABLE,
        bid_and_play_seats,
        new_position,
        new_search,
    )

    rules = trick_rules("georgian-joker")
    rp = rules.params()
    cfg = pimc_cfg(rules, k=k, model=model)
    pack = deck_array(trick_deck("36j"))
    dstate = seed_words(5)
    pstate = seed_words(6)
    sstate = seed_words(7)
    search = new_search(cfg, sstate, LOG_TABLE)
    mask = np.uint64(sum(1 << int(b) for b in pack))
    g = new_position(4, 0)
    moves = np.zeros(48, np.int64)
    times = []
    for i in range(deals + 1):
        deal(dstate, pack, 36)
        g[0][:] = [sum(1 << int(b) for b in pack[s * cards:(s + 1) * cards]) for s in range(4)]
        up = int(pack[4 * cards]) if 4 * cards < 36 else -1
        trump = 2 if up < 0 else (-1 if up >= 61 else up >> 4)
        pol = np.ones(4, np.int64)
        pol[i % 4] = 2
        t0 = time.perf_counter()
        start_play(g, first_leader(4, rp), trump, up, cards, cards, 0, mask, 0, 1)
        bid_and_play_seats(g, 0, rp, pol, search, pstate, moves)
        if i:  # the first deal compiles
            times.append(time.perf_counter() - t0)
    a = np.array(times)
    return {"what": f"pimc K={k} ({model}) + 3 heuristic, {cards} cards, 1 core", "samples": deals,
            "max half-width": float("nan"), "seconds": float(np.median(a)),
            "goal s": 5.0 if cards == 9 else 0.5, "p90 s": float(np.quantile(a, 0.9)),
            "max s": float(a.max())}


def main() -> None:
    rows = [_bid_row(2), _bid_row(1), _pimc_rows(6, 40), _pimc_rows(9, 40), _pimc_rows(9, 20, k=256),
            _pimc_rows(6, 20, model="paranoid"),
            _pimc_rows(9, 8, model="paranoid")]
    for r in rows:
        r.setdefault("p90 s", float("nan"))
        r.setdefault("max s", float("nan"))
    print(render_text_table(rows), end="")
    print("pimc rows: median seconds per deal (p90, max over the deals); the pimc seat rotates.")


if __name__ == "__main__":
    main()
