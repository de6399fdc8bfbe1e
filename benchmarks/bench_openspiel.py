"""The joker-odds games under OpenSpiel: the strength ladder (seat-rotated duplicate against the
heuristic, 95 % CIs) with OpenSpiel's ISMCTS at the CPU time a decision of the project's best
player and at ten times it; tree iterations per CPU-second of the project's durak ``ismcts`` and
of OpenSpiel's ISMCTS on the same positions; a strength-vs-time curve of both.

``make bench`` runs a short version; the numbers quoted in the report come from
``python benchmarks/bench_openspiel.py --deals 24 --write`` (it rewrites
``analyzer/report/strength.toml``). Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from typing import Any

LADDERS: list[tuple[str, str, dict[str, Any], list[str], str]] = [
    # (label, game, parameters, the project's players, the one OpenSpiel is matched to)
    ("Georgian Joker, 6 cards", "joker_odds_georgian_joker", {"cards": 6}, ["random", "pimc", "pimc-bid"], "pimc-bid"),
    ("Georgian Joker, 9 cards", "joker_odds_georgian_joker", {"cards": 9}, ["random", "pimc", "pimc-bid"], "pimc-bid"),
    ("54-card game, 8 cards", "joker_odds_joker54", {"cards": 8}, ["random", "pimc", "pimc-bid"], "pimc-bid"),
    ("short poker for tricks", "joker_odds_short_tricks", {}, ["random", "pimc"], "pimc"),
    ("durak, 2 players", "joker_odds_durak", {"players": 2}, ["random", "search", "ismcts"], "ismcts"),
    ("durak, 3 players", "joker_odds_durak", {"players": 3}, ["random", "search", "ismcts"], "ismcts"),
    # Remi 51 has no search player: its heuristic takes microseconds, so OpenSpiel gets fixed CPU budgets
    ("Remi 51, 4 players", "joker_odds_rummy", {"players": 4}, ["random", "stock-only"], ""),
]
FIXED_CPU: dict[str, tuple[float, ...]] = {"Remi 51, 4 players": (0.02, 0.2)}  # seconds a decision for OpenSpiel


def run(deals: int, curve_deals: int, only: set[str] | None = None, seed: int = 0,
        durak_deals: int | None = None) -> dict[str, Any]:
    from analyzer.openspiel.ladder import ladder
    from analyzer.openspiel.speed import durak_positions, iteration_rates, strength_curve

    out: dict[str, Any] = {"command": shlex.join(["python", "benchmarks/bench_openspiel.py", *sys.argv[1:]]),
                           "ladder": [], "speed": [], "curve": []}
    for label, game, params, players, match in LADDERS:
        if only and game not in only and label not in only:
            continue
        n = durak_deals if durak_deals and game == "joker_odds_durak" else deals
        t = time.perf_counter()
        rows = ladder(game, params, players, deals=n, seed=seed, match=match or None, factors=(1, 10),
                      ismcts_cpu=FIXED_CPU.get(label, ()))
        print(f"\n{label} ({n} deals, {time.perf_counter() - t:.0f} s): gain a deal against the heuristic")
        for r in rows:
            print(f"  {r.player:34s} {r.gain:+9.3f} ± {r.half_width:7.3f}   {r.cpu_ms:8.2f} ms a decision", flush=True)
            out["ladder"].append({"label": label, **r.as_dict()})
    if only and "speed" not in only:
        return out
    pos = durak_positions(20, seed=seed)
    rates = iteration_rates(pos, budget=1000, simulations=50, seed=seed)
    print("\ndurak heads-up, 20 positions: " + ", ".join(f"{k} {v:,.1f}" for k, v in rates.items()))
    out["speed"].append(rates)
    rows = strength_curve(deals=curve_deals, seed=seed)
    print(f"\nstrength against the heuristic by CPU time a decision (durak heads-up, {curve_deals} deals):")
    for r in rows:
        print(f"  {r.player:34s} {r.gain:+7.3f} ± {r.half_width:6.3f}   {r.cpu_ms:8.2f} ms", flush=True)
        out["curve"].append(r.as_dict())
    return out


def main(argv: list[str] | None = None) -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("skipped: OpenSpiel is not installed (pip install -e '.[openspiel]')")
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6, help="deals per ladder (each played once per seat)")
    ap.add_argument("--durak-deals", type=int, default=None, help="deals per durak ladder (default: --deals)")
    ap.add_argument("--curve-deals", type=int, default=6, help="deals per point of the strength curve")
    ap.add_argument("--only", nargs="*", help="game names or labels to run (and 'speed')")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="rewrite analyzer/report/strength.toml")
    args = ap.parse_args([] if argv is None else argv)
    data = run(args.deals, args.curve_deals, set(args.only) if args.only else None, args.seed,
               args.durak_deals)
    if args.write:
        from analyzer.report.strength import load_results, write_results

        if args.only:  # keep the stored rows of what was not run again
            old = load_results()
            ran = {r["label"] for r in data["ladder"]}
            data["ladder"] = [r for r in old.get("ladder", []) if r["label"] not in ran] + data["ladder"]
            for key in ("speed", "curve"):
                data[key] = data[key] or old.get(key, [])
            data["command"] = "; ".join(c for c in (old.get("command"), data["command"]) if c)
        print(f"written: {write_results(data)}")


if __name__ == "__main__":
    main(sys.argv[1:])
