"""How long long commands take to exit after Ctrl-C (SIGINT), idle and with busy processes.

Each command is started, given ``--after`` seconds to get into its long computation, sent SIGINT,
and timed to its exit (wall seconds, exit status; 130 = interrupted). ``--load N`` runs N busy
processes (a pure-Python loop each) for the duration, like ``stress --cpu N``. The numbers depend
on the machine and its load; ``uptime`` is printed. Not part of ``make bench`` (minutes of runs).
Warm numba's cache first (``joker-odds warmup``, or one short run of the command): any edit of the
sources gives a fresh cache folder (:mod:`analyzer.numbacache`), and a SIGINT during a compile
waits for it (tens of seconds), which says nothing about the pieces.

Run: python benchmarks/ctrl_c.py [--load 2] [--after SECONDS] [--repeat 3] [--only NAME]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent / "joker-odds"
COMMANDS = {  # name: (arguments, seconds from the start to SIGINT)
    "options-edge": (["stud", "options-edge", "--situations", "40", "--screen", "2000"], 30.0),
    "stud analyze": (["stud", "analyze", "--game", "caribbean"], 6.0),  # the exact class sweep
    "durak simulate ismcts": (["durak", "simulate", "--policy", "ismcts", "--games", "1000000", "--quiet", "--force"], 10.0),
    "durak strength ismcts": (["durak", "strength", "--pair", "ismcts:heuristic", "--deals", "1000000",
                               "--quiet", "--force"], 10.0),
    "durak odds ismcts": (["durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--policy", "ismcts",
                           "--games", "1000000", "--quiet", "--force"], 10.0),
    "durak simulate search": (["durak", "simulate", "--policy", "search", "--games", "1000000", "--quiet", "--force"], 10.0),
    "tricks play pimc": (["tricks", "play", "--policy", "pimc", "--deals", "100000", "--quiet", "--force"], 12.0),
    "tricks strength pimc": (["tricks", "strength", "--cards", "9", "--a", "pimc", "--b", "heuristic", "--deals",
                              "100000", "--quiet", "--force"], 12.0),
    "tricks play schedule pimc": (["tricks", "play", "--schedule", "--policy", "pimc", "--deals", "100000", "--quiet",
                                   "--force"], 12.0),
    "short strength pimc": (["tricks", "strength", "--game", "short-tricks", "--a", "pimc", "--b", "heuristic",
                             "--deals", "10000000", "--quiet", "--force"], 12.0),
    "equity (mc)": (["equity", "random", "--players", "6", "--rules", "joker-wild", "--trials", "2000000000"], 15.0),
    # one study alone is built in this process (no worker to terminate): its kernels must stop
    **{f"report {study}": (["report", "--study", study, "--quiet", "--out",
                            str(Path(tempfile.gettempdir()) / "joker-odds-ctrl-c-report")], 25.0)
       for study in ("tricks-bidding", "casino-stud", "hand-frequencies")},
}


def busy() -> None:  # pragma: no cover - a load generator
    while True:
        pass


def exit_time(argv: list[str], after: float) -> tuple[float, int]:
    """Seconds from SIGINT to exit, and the exit status."""
    env = {**os.environ, "NUMBA_NUM_THREADS": os.environ.get("NUMBA_NUM_THREADS", "2")}
    proc = subprocess.Popen([str(BIN), *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    time.sleep(after)
    if proc.poll() is not None:
        return float("nan"), proc.returncode  # finished before the signal: lengthen the run or --after
    t = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    code = proc.wait()
    return time.perf_counter() - t, code


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load", type=int, default=0, help="busy processes running meanwhile")
    ap.add_argument("--after", type=float, default=None, help="seconds between start and SIGINT (default: per command)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default=None, help="one command name (e.g. options-edge)")
    ns = ap.parse_args()
    load = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(ns.load)]
    try:
        time.sleep(1 if load else 0)
        print(f"busy processes: {ns.load}; {os.popen('uptime').read().strip()}")
        for name, (argv, after) in COMMANDS.items():
            if ns.only and name != ns.only:
                continue
            after = ns.after or after
            runs = [exit_time(argv, after) for _ in range(ns.repeat)]
            times = ", ".join(f"{t:.2f} s (exit {c})" for t, c in runs)
            print(f"{name:14s} joker-odds {' '.join(argv)}\n{'':14s} SIGINT at {after:g} s, exit after: {times}",
                  flush=True)
    finally:
        for p in load:
            p.kill()
            p.wait()


if __name__ == "__main__":
    main()
