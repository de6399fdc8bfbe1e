"""CLI start-up: wall time of ``joker-odds --help`` and of a warm ``eval``, best of N runs.

Each command runs once first (that fills the table and kernel caches: "warm"), then
``BENCH_STARTUP_REPEAT`` (default 5) more times as a fresh process; the best wall time is
compared with the target (``--help`` ≤ 0.3 s, warm ``eval`` ≤ 0.5 s). A warm ``eval`` of
5-7 cards scores from the cached table without importing numba (``analyzer.quickeval``);
``--low`` still loads the low-hand kernels (shown for comparison, no target).
Run: python benchmarks/run.py startup
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from analyzer.io import render_text_table

REPEAT = int(os.environ.get("BENCH_STARTUP_REPEAT", "5"))
# (label, arguments, target seconds or None)
CASES: list[tuple[str, list[str], float | None]] = [
    ("--help", ["--help"], 0.3),
    ("eval (j-poker, 5 cards)", ["eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker"], 0.5),
    ("eval (joker-wild, 7 cards)", ["eval", "As Ks Qs Js 2d 3c Jk"], 0.5),
    ("eval --four-flush", ["eval", "Ac Kc Qc 8c Jk", "--four-flush"], 0.5),
    ("eval --low (kernels)", ["eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low"], None),
]


def _command() -> list[str]:
    """The installed ``joker-odds`` script next to this Python, else the same entry point via ``-c``."""
    script = Path(sys.executable).with_name("joker-odds")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from analyzer.cli import main; main()"]


def _wall(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main() -> None:
    base = _command()
    rows = []
    for label, args, target in CASES:
        _wall(base + args)  # warm: builds and caches what the command needs
        times = [_wall(base + args) for _ in range(REPEAT)]
        best = min(times)
        rows.append({"command": label, "best_s": round(best, 3), "median_s": round(statistics.median(times), 3),
                     "target_s": target if target is not None else "-",
                     "meets": ("yes" if best <= target else "NO") if target is not None else "-"})
    print(render_text_table(rows), end="")
    print(f"best / median of {REPEAT} runs, each a fresh process: {' '.join(base)} ARGS")


if __name__ == "__main__":
    main()
