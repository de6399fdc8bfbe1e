"""The paranoid solver's tail: the time of one seat value (``Solver().value(deal, 0)``) over 2,000
random 9-card Georgian Joker deals (the deals of :func:`bench_tricks.random_deals`, 4 players) and
2,000 random 8-card deals of the 54-card game (3 players, no drawing): median, p90, p99 and max,
on the wall clock and in CPU time of the solving thread (on a shared machine the wall clock
counts the other processes' turns too), and the nodes searched. Every value is checked
against ``solver_tail_values.json`` beside this file (the values of the first 2,000 deals of
each game, recorded before the tail work that followed it: the solver's speed-ups must keep
every value); ``--record`` writes that file instead.

Usage: python benchmarks/bench_solver_tail.py [DEALS] [--record]   (2,000 by default)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

from analyzer.games.tricks.deck import trick_deck
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.solver import Deal, Solver
from analyzer.io import render_text_table

DEALS = 2_000
VALUES = Path(__file__).with_name("solver_tail_values.json")


def random_deals_54(cards: int, n: int, seed: int) -> list[Deal]:
    """``n`` random deals of ``cards`` cards each to the 3 players of the 54-card game (draw=none),
    a random trump (or none) and leader."""
    rules = trick_rules("joker-54", ["draw=none"])
    deck = trick_deck(rules.deck)
    rng = np.random.default_rng(seed)
    bits = np.array(deck.bits)
    out = []
    for _ in range(n):
        p = rng.permutation(bits)
        hands = tuple(int(sum(1 << int(b) for b in p[s * cards:(s + 1) * cards])) for s in range(rules.players))
        out.append(Deal(rules, deck, hands, int(rng.integers(-1, 4)), int(rng.integers(0, rules.players))))
    return out


def tail_rows(n: int = DEALS, values: dict[str, list[int]] | None = None) -> list[dict[str, object]]:
    """One row per game: the spread of one seat value's time and nodes over ``n`` deals; each
    game's values are put in ``values`` (when given) under its name."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_tricks import random_deals

    solver = Solver()
    solver.value(random_deals(3, 1, 0)[0], 0)  # compile / load the kernels
    rows = []
    for name, deals in (("Georgian Joker, 9 cards, seed 7", random_deals(9, n, 7)),
                        ("joker-54 draw=none, 8 cards, seed 8", random_deals_54(8, n, 8))):
        wall, cpu, nodes, got = [], [], [], []
        for deal in deals:
            solver.nodes[0] = 0
            t0, c0 = time.perf_counter(), time.thread_time()
            got.append(solver.value(deal, 0))
            cpu.append(time.thread_time() - c0)
            wall.append(time.perf_counter() - t0)
            nodes.append(int(solver.nodes[0]))
        if values is not None:
            values[name] = got
        for what, xs in (("wall ms", np.array(wall) * 1e3), ("CPU ms", np.array(cpu) * 1e3),
                         ("nodes", np.array(nodes, float))):
            p90, p99 = np.percentile(xs, [90, 99])
            rows.append({"deals (seat 0)": name, "n": n, "of": what, "median": float(np.median(xs)),
                         "p90": float(p90), "p99": float(p99), "max": float(xs.max())})
    return rows


def check_values(values: dict[str, list[int]]) -> str:
    """How the values compare with the recorded ones (raises on any difference)."""
    want = json.loads(VALUES.read_text())
    for name, got in values.items():
        ref = want[name][:len(got)]
        bad = [i for i, (a, b) in enumerate(zip(got, ref, strict=False)) if a != b]
        if bad:
            raise SystemExit(f"{name}: {len(bad)} values differ from {VALUES.name}, first deal {bad[0]}: "
                             f"{got[bad[0]]} != {ref[bad[0]]}")
    return f"values: all {sum(len(v) for v in values.values())} equal to {VALUES.name}\n"


def main(n: int = DEALS, record: bool = False) -> None:
    values: dict[str, list[int]] = {}
    print(render_text_table(tail_rows(n, values)), end="")
    if record:
        VALUES.write_text(json.dumps(values) + "\n")
        print(f"values: {sum(len(v) for v in values.values())} written to {VALUES.name}")
    else:
        print(check_values(values), end="")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--record"]
    main(int(args[0]) if args else DEALS, "--record" in sys.argv[1:])
