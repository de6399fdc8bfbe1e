"""Trick games: the paranoid solver's time per seat value on random deals, heuristic self-play
deals per second (Georgian Joker), and the bid-value kernels (every bid of a hand played on each
deal) letting a play that stays short of two bids stand for both, against playing every bid: the
same totals, in the same run."""

from __future__ import annotations

import os
import time

import numpy as np

from analyzer.games.tricks.analysis.selfplay import play_deals
from analyzer.games.tricks.deck import trick_deck
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.solver import Deal, Solver
from analyzer.io import render_text_table

SOLVER_DEALS = 200
SELFPLAY_DEALS = 2_000_000


def random_deals(cards: int, n: int, seed: int) -> list[Deal]:
    rules = trick_rules("georgian-joker")
    deck = trick_deck("36j")
    rng = np.random.default_rng(seed)
    bits = np.array(deck.bits)
    out = []
    for _ in range(n):
        p = rng.permutation(bits)
        hands = tuple(int(sum(1 << int(b) for b in p[s * cards:(s + 1) * cards])) for s in range(4))
        out.append(Deal(rules, deck, hands, int(rng.integers(-1, 4)), int(rng.integers(0, 4))))
    return out


def solver_rows() -> list[dict[str, object]]:
    solver = Solver()
    solver.value(random_deals(3, 1, 0)[0], 0)  # compile / load the kernels
    rows = []
    for cards in (6, 9):
        times = []
        nodes = []
        for i, deal in enumerate(random_deals(cards, SOLVER_DEALS, cards)):
            solver.nodes[0] = 0
            t0 = time.perf_counter()
            solver.value(deal, i % 4)
            times.append(time.perf_counter() - t0)
            nodes.append(int(solver.nodes[0]))
        ms = np.array(times) * 1e3
        rows.append({"deal": f"Georgian {cards} cards, one seat", "deals": SOLVER_DEALS,
                     "median ms": float(np.median(ms)), "p90 ms": float(np.percentile(ms, 90)),
                     "p99 ms": float(np.percentile(ms, 99)), "max ms": float(ms.max()),
                     "median nodes": int(np.median(nodes))})
    return rows


def selfplay_rows() -> list[dict[str, object]]:
    rules = trick_rules("georgian-joker")
    rows = []
    play_deals(rules, 9, ["heuristic"] * 4, 1000, seed=0, quiet=True)  # compile
    for workers in (1, min(2, os.cpu_count() or 1)):
        for pol in ("heuristic", "random"):
            t0, c0 = time.perf_counter(), time.process_time()
            play_deals(rules, 9, [pol] * 4, SELFPLAY_DEALS, seed=1, workers=workers, quiet=True)
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            # on a shared machine the wall clock undercounts: deals per CPU-second is the speed
            # of one dedicated core
            rows.append({"self-play": f"9-card Georgian, {pol}", "workers": workers,
                         "deals": SELFPLAY_DEALS, "seconds": dt, "deals/s": SELFPLAY_DEALS / dt,
                         "CPU s": cpu, "deals per CPU-s": SELFPLAY_DEALS / cpu})
    return rows


REUSE_DEALS = 20_000


def reuse_rows() -> list[dict[str, object]]:
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.study_kernels import features_chunk
    from analyzer.games.tricks.deck import deck_array

    rows = []
    for game, over, cards in (("georgian-joker", [], 9), ("joker-54", [], 8), ("joker-54", ["draw=none"], 8)):
        r = trick_rules(game, over)
        args = (deck_array(trick_deck(r.deck)), r.players, cards, 0, r.params(), np.ones(r.players, np.int64),
                np.zeros(5, np.int64))
        features_chunk(chunk_state(0, 0), 10, *args, True)  # compile / load
        cpu = {}
        totals = {}
        for reuse in (False, True):
            c0 = time.process_time()
            totals[reuse] = features_chunk(chunk_state(1, 0), REUSE_DEALS, *args, reuse)
            cpu[reuse] = time.process_time() - c0
        assert np.array_equal(totals[False], totals[True])
        rows.append({"seat 0's bid values": f"{game}{' ' + over[0] if over else ''}, {cards} cards",
                     "deals": REUSE_DEALS, "bids": r.tricks_in_deal(cards) + 1, "every bid CPU s": cpu[False],
                     "reusing CPU s": cpu[True], "ratio": cpu[False] / cpu[True], "same totals": "yes"})
    return rows


def main() -> None:
    print(render_text_table(solver_rows()), end="")
    print(render_text_table(selfplay_rows()), end="")
    print(render_text_table(reuse_rows()), end="")


if __name__ == "__main__":
    main()
