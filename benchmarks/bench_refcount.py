"""The playout kernels compiled with numba's reference counting (``JOKER_ODDS_REFCOUNT=1``) and
without it (the default, :mod:`analyzer.kernels.jit`), in the same run: CPU seconds of the same
work in two processes, one thread each, kernels compiled before the timing, and whether the
totals agree to the bit."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from analyzer.io import render_text_table
from analyzer.kernels.jit import REFCOUNT_ENV

CHILD = r"""
import hashlib, json, os, time
import numpy as np
from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.simulate import simulate_durak
from analyzer.games.tricks.analysis.joker_value import joker_value
from analyzer.games.tricks.analysis.strength import strength
from analyzer.games.tricks.report.rows import feature_totals
from analyzer.games.tricks.rules import trick_rules

gj, r54 = trick_rules("georgian-joker"), trick_rules("joker-54")
work = {
    "Georgian Joker, 5 cards: every bid of seat 0, 12,000 deals": lambda: feature_totals(gj, 5, 0, 12_000, 7),
    "54 cards drawing, 8 cards: every bid of seat 0, 6,000 deals": lambda: feature_totals(r54, 8, 0, 6_000, 7),
    "Georgian Joker, 5 cards: a joker's value, 20,000 deals": lambda: np.asarray(
        joker_value(gj, 5, 20_000, 7, workers=1, quiet=True).totals),
    "Georgian Joker, 6 cards: pimc (K = 16) in duplicate, 160 deals": lambda: np.asarray(
        [strength(gj, 6, "pimc", "heuristic", 160, 7, k=16, workers=1, quiet=True).diff.mean]),
    "durak 36+2 heads-up: heuristic self-play, 40,000 games": lambda: np.asarray(
        simulate_durak(durak_rules(), ["heuristic"] * 2, 40_000, 1, quiet=True, workers=1).totals),
    "durak 36+2 heads-up: ismcts (200 iterations) self-play, 60 games": lambda: np.asarray(
        simulate_durak(durak_rules(), ["ismcts"] * 2, 60, 1, 200, quiet=True, workers=1).totals),
}
out = {}
for name, f in work.items():
    f()  # compiled (or loaded) before the timing
    t = time.process_time()
    x = f()
    out[name] = [time.process_time() - t, hashlib.sha256(np.ascontiguousarray(x).tobytes()).hexdigest()]
print(json.dumps(out))
"""


def _run(refcount: bool) -> dict[str, list]:
    env = {**os.environ, "NUMBA_NUM_THREADS": "1", REFCOUNT_ENV: "1" if refcount else "0"}
    env.pop("NUMBA_CACHE_DIR", None)  # each setting finds its own kernel cache folder
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    counted, borrowed = _run(True), _run(False)
    rows = [{"work": name, "CPU s, counting": round(counted[name][0], 2), "CPU s, without": round(t, 2),
             "speed-up": f"{counted[name][0] / t:.2f}x", "same totals": counted[name][1] == digest}
            for name, (t, digest) in borrowed.items()]
    print(render_text_table(rows), end="")


if __name__ == "__main__":
    main()
