"""Kernel compile cost per command: wall and CPU seconds of a cold and a warm run.

Each command runs as a fresh process with an empty numba cache and an empty table cache of its
own ("cold": what the first use after ``pip install`` costs), then once more with those caches
("warm"). CPU seconds (user + system of the child) are less noisy than wall time on a shared
machine. ``compile_cpu_s`` = cold CPU − warm CPU. The cold run also records numba's compiles
(:mod:`analyzer.compiles`): ``kernels`` compiled, and ``copies`` — compiles that repeat a kernel
for the same argument types but a constant (``f(x, 0)``), the seconds they cost in ``copies_s``.
Run: python benchmarks/run.py compile   (``BENCH_COMPILE_ONLY=rummy,"tricks bid"`` for a subset: a
group's cases or one case)
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from analyzer.io import render_text_table

# (label, arguments): the commands a user starts with, each with small inputs.
CASES: list[tuple[str, list[str]]] = [
    ("eval", ["eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker"]),
    ("eval --low", ["eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low"]),
    ("freq --exact", ["freq", "--rules", "joker-wild", "--deck", "52+1", "--exact"]),
    ("freq --trials", ["freq", "--rules", "deuces-wild", "--trials", "100000", "--seed", "7"]),
    ("rummy best", ["rummy", "best", "Jk1 Jk2 Kh 4c 4d 9s"]),
    ("tricks solve", ["tricks", "solve", "--hands", "Jk1 Jd", "Jc Qd", "Qc 9h", "Jh 7c", "--trump", "h"]),
    ("durak simulate", ["durak", "simulate", "--players", "3", "--games", "2000", "--seed", "1"]),
    ("stud analyze caribbean", ["stud", "analyze", "--game", "caribbean"]),
    ("videopoker hold", ["videopoker", "hold", "Qd Td 2s 4s 5c", "--paytable", "jacks-or-better-9-6"]),
    ("calling", ["calling", "--calls", "banker-14"]),
    # the other commands that compile (each warmed by `joker-odds warmup`; their notice estimates)
    ("tricks play", ["tricks", "play", "--game", "georgian-joker", "--deals", "200", "--cards", "5", "--seed", "1"]),
    ("tricks strength", ["tricks", "strength", "--game", "georgian-joker", "--cards", "4", "--a", "pimc", "--b",
                         "heuristic", "--deals", "8", "--seed", "1"]),
    ("tricks joker-value", ["tricks", "joker-value", "--game", "georgian-joker", "--cards", "5", "--deals", "2000",
                            "--seed", "1"]),
    ("tricks bid", ["tricks", "bid", "--game", "georgian-joker", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2",
                    "--samples", "200", "--seed", "1"]),
    ("tricks game-odds", ["tricks", "game-odds", "--deals", "2000", "--seed", "1"]),
    ("tricks hand-odds", ["tricks", "hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--seat", "0",
                          "--deals", "2000"]),
    ("equity", ["equity", "As Ad Kc Kd Jk", "--players", "3", "--rules", "joker-wild"]),
    ("rummy points", ["rummy", "points", "--players", "4", "--trials", "20", "--seed", "1"]),
    ("stud options", ["stud", "options", "Ah Kh Qh 9h 2c", "--up", "5d"]),
    ("stud exchange", ["stud", "exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "j-poker"]),
    ("stud upcard", ["stud", "upcard", "9h 9d 7h 4s 2c", "--up", "Ad", "--wild", "doc"]),
    ("stud strategy", ["stud", "strategy", "--game", "caribbean"]),
    ("stud location", ["stud", "location", "--players", "3", "--trials", "20000", "--seed", "1"]),
    ("durak strength", ["durak", "strength", "--pair", "ismcts:heuristic", "--deals", "4", "--budget", "50",
                        "--seed", "1"]),
    ("videopoker strategy", ["videopoker", "strategy", "--paytable", "deuces-wild-full-pay"]),
    ("videopoker check", ["videopoker", "check", "--paytable", "joker-poker-kings", "--trials", "20000",
                          "--seed", "1"]),
    ("videopoker analyze", ["videopoker", "analyze", "--paytable", "deuces-wild-full-pay"]),
    ("stud advise", ["stud", "advise", "As Kd 9h 5c 2d", "--up", "Qh", "--game", "j-poker", "--wild", "doc"]),
    ("stud exchange-edge", ["stud", "exchange-edge", "--game", "j-poker", "--situations", "20", "--seed", "1"]),
    ("durak odds", ["durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--games", "2000",
                    "--seed", "1"]),
    ("rummy open", ["rummy", "open", "--trials", "200", "--seed", "1"]),
    ("rummy turns", ["rummy", "turns", "--players", "4", "--trials", "50", "--seed", "1"]),
    ("draw", ["draw", "Kh Kd 7c 4s Jk", "--hold", "Kh Kd", "--rules", "joker-wild"]),
]


def _command() -> list[str]:
    """The installed ``joker-odds`` script next to this Python, else the same entry point via ``-c``."""
    script = Path(sys.executable).with_name("joker-odds")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from analyzer.cli import main; main()"]


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``cmd`` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


# The cold run: the CLI in a process that records its compiles into the JSON file named first.
_PROBE = """
import json, sys
from analyzer.compiles import constant_copies, record_compiles
from analyzer.cli import main
with record_compiles() as seen:
    try:
        main.main(sys.argv[2:], prog_name="joker-odds")
    except SystemExit:
        pass
copies = constant_copies(seen)
with open(sys.argv[1], "w") as f:
    json.dump({"kernels": len(seen), "copies": len(copies), "copies_s": sum(s for _, s in copies),
               "names": sorted({n for n, _ in copies})}, f)
"""


def measure(args: list[str]) -> dict[str, Any]:
    """Cold then warm wall and CPU seconds of ``joker-odds ARGS`` in private, empty caches, and
    the cold run's compiles."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-compile-"))
    try:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp / "numba"), "JOKER_ODDS_CACHE": str(tmp / "tables")}
        probe = tmp / "compiles.json"
        cold = _run([sys.executable, "-c", _PROBE, str(probe), *args], env)
        warm = _run(_command() + args, env)
        seen = json.loads(probe.read_text())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if seen["names"]:
        print(f"  compiled twice for a constant: {', '.join(seen['names'])}", flush=True)
    return {"cold_wall_s": round(cold[0], 2), "cold_cpu_s": round(cold[1], 2),
            "warm_wall_s": round(warm[0], 2), "warm_cpu_s": round(warm[1], 2),
            "compile_cpu_s": round(cold[1] - warm[1], 2), "kernels": seen["kernels"],
            "copies": seen["copies"], "copies_s": round(seen["copies_s"], 2)}


def main() -> None:
    only = {s.strip() for s in os.environ.get("BENCH_COMPILE_ONLY", "").split(",") if s.strip()}
    rows = []
    for label, args in CASES:
        if only and label not in only and label.split()[0] not in only:
            continue
        rows.append({"command": label, **measure(args)})
        print(f"  {label}: {rows[-1]}", flush=True)  # as it goes: a cold run takes a while
    print(render_text_table(rows), end="")
    print(f"each a fresh process in empty caches (cold), then again (warm): {' '.join(_command())} ARGS; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
