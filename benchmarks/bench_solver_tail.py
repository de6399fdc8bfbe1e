"""The paranoid solver's tail: the time of one seat value (``Solver().value(deal, 0)``) over 2,000
random 9-card Georgian Joker deals (the deals of :func:`bench_tricks.random_deals`, 4 players) and
2,000 random 8-card deals of the 54-card game (3 players, no drawing): median, p90, p99 and max,
on the wall clock and in CPU time of the solving thread (on a shared machine the wall clock
counts the other processes' turns too), and the nodes searched. Every value is checked
against ``solver_tail_values.json`` beside this file (the values of the first 2,000 deals of
each game, recorded before the tail work that followed it: the solver's speed-ups must keep
every value); ``--record`` writes that file instead.

``--probes`` prints instead where the slowest deals' nodes go: a seat value is a series of
searches "at least t tricks?" from the most the others leave the seat down to the first that
succeeds (:mod:`analyzer.games.tricks.search.paranoid`); each of the ten slowest deals of each game
gets its bounds, the value and the nodes of each search (the searches replayed one at a time on
a fresh table, as the kernel runs them: their total is the kernel's own count, checked).

Usage: python benchmarks/bench_solver_tail.py [DEALS] [--record | --probes]   (2,000 by default)
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


def _games(n: int) -> list[tuple[str, list[Deal]]]:
    """(name, deals) of the two games: the first ``n`` deals of each."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_tricks import random_deals

    return [("Georgian Joker, 9 cards, seed 7", random_deals(9, n, 7)),
            ("joker-54 draw=none, 8 cards, seed 8", random_deals_54(8, n, 8))]


def _warm_solver() -> Solver:
    """A solver whose kernels are compiled (or loaded) already."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_tricks import random_deals

    solver = Solver()
    solver.value(random_deals(3, 1, 0)[0], 0)
    return solver


def tail_rows(n: int = DEALS, values: dict[str, list[int]] | None = None) -> list[dict[str, object]]:
    """One row per game: the spread of one seat value's time and nodes over ``n`` deals; each
    game's values are put in ``values`` (when given) under its name."""
    solver = _warm_solver()
    rows = []
    for name, deals in _games(n):
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


def probe_series(deal: Deal, seat: int = 0) -> tuple[int, int, int, list[tuple[int, int, int]]]:
    """The seat value of ``deal`` replayed search by search as the paranoid kernel runs it, on a
    fresh table: (lower bound, upper bound, value, [(target, 1 if made sure of else 0, nodes)])."""
    from analyzer.games.tricks.search.alphabeta import (
        UNBOUNDED,
        alphabeta,
        buffers,
        known_bounds,
        remember_bounds,
    )
    from analyzer.games.tricks.search.paranoid import _root_slot
    from analyzer.games.tricks.search.sure import sure_against, sure_tricks
    from analyzer.games.tricks.search.table import lower, upper

    solver = Solver()
    tt = solver.table
    hands = np.array(deal.hands, np.uint64)
    np_, rp, zero, side = len(hands), deal.rules.params(), np.int64(0), 1 << seat
    rem = np.int64(deal.cards)
    work = buffers(np_, rem)  # one set for every search, the cut-off history carried over as in the kernel
    lo0 = lo = int(sure_tricks(hands, np_, side, deal.trump, deal.leader, zero, rp))
    hi0 = hi = int(rem) - int(sure_against(hands, np_, side, deal.trump, deal.leader, zero, rp, zero))
    series = []
    while hi > lo:
        slot = _root_slot(hands, np_, deal.trump, deal.leader, tt, 1, work[5][0])
        if slot >= 0:
            lo, hi = max(lo, int(lower(tt, slot))), min(hi, int(upper(tt, slot)))
            if hi <= lo:
                break
        before = int(solver.nodes[0])
        made = alphabeta(known_bounds, remember_bounds, hands, np_, side, deal.trump, rp, deal.leader, zero, zero,
                         rem, -(np.int64(1) << np.int64(hi)), tt, 1, solver.nodes, UNBOUNDED, *work)
        series.append((hi, int(made), int(solver.nodes[0]) - before))
        if made == 1:
            break
        hi -= 1
    check = Solver()
    if check.value(deal, seat) != hi or int(check.nodes[0]) != sum(k for _, _, k in series):
        raise SystemExit(f"the replayed searches differ from the kernel's: {series}")
    return lo0, hi0, hi, series


def probe_rows(n: int = DEALS, top: int = 10) -> list[dict[str, object]]:
    """Per game, the ``top`` slowest of ``n`` deals (seat 0, as :func:`tail_rows` times them): the
    value's bounds before searching, the value, and each search's target, result and nodes."""
    solver = _warm_solver()
    rows = []
    for name, deals in _games(n):
        times = []
        for i, deal in enumerate(deals):
            t0 = time.thread_time()
            solver.value(deal, 0)
            times.append((time.thread_time() - t0, i))
        for _, i in sorted(times, reverse=True)[:top]:
            lo, hi, value, series = probe_series(deals[i])
            total = sum(k for _, _, k in series)
            rows.append({"game": name.split(",")[0], "deal": i, "bounds": f"{lo}-{hi}", "value": value,
                         "nodes": total, "last search's share": f"{series[-1][2] / total:.0%}" if series else "-",
                         "searches (target: nodes, made or not)": ", ".join(
                             f"{t}: {k:,}{' made' if m else ''}" for t, m, k in series)})
    return rows


def main(n: int = DEALS, record: bool = False) -> None:
    values: dict[str, list[int]] = {}
    print(render_text_table(tail_rows(n, values)), end="")
    if record:
        VALUES.write_text(json.dumps(values) + "\n")
        print(f"values: {sum(len(v) for v in values.values())} written to {VALUES.name}")
    else:
        print(check_values(values), end="")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a not in ("--record", "--probes")]
    if "--probes" in sys.argv[1:]:
        print(render_text_table(probe_rows(int(args[0]) if args else DEALS)), end="")
    else:
        main(int(args[0]) if args else DEALS, "--record" in sys.argv[1:])
