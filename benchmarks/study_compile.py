"""What the report's studies compile: each study built alone, one after another, in one private
empty cache (a kernel two studies share is compiled once, by the first), with its wall and CPU
seconds and the seconds numba spent compiling (:func:`analyzer.compiles.record_compiles`).

The sum of the compile column is what a report-only warm-up would have to pay; compare it with
the groups of ``joker-odds warmup`` (every command's kernels). Takes about 6 minutes on two cores.

Usage: python benchmarks/study_compile.py [STUDY ...]   (default: every study, the longest first)
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

ORDER = ["tricks-bidding", "casino-stud", "video-poker", "durak", "showdown", "short-tricks", "hand-frequencies",
         "remi-51", "calling-and-betting"]

# One study in a fresh process: build it (no files written) and print the seconds numba compiled.
_PROBE = """
import json, sys
from analyzer.compiles import record_compiles
from analyzer.cli.report_cmd import STUDIES
from analyzer.report import build_study
spec = next(s for s in STUDIES if s.name == sys.argv[1])
with record_compiles() as seen:
    build_study(spec)
print(json.dumps({"compile_s": sum(c.seconds for c in seen), "kernels": len(seen)}))
"""


def measure(study: str, env: dict[str, str]) -> dict[str, Any]:
    """Wall, CPU (user + system) and compile seconds of building ``study`` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _PROBE, study], check=True, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"study": study, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "compile_s": round(seen["compile_s"], 1), "kernels": seen["kernels"]}


def main(argv: list[str]) -> int:
    studies = argv or ORDER
    tmp = Path(tempfile.mkdtemp(prefix="study-compile-"))
    try:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp / "numba"), "JOKER_ODDS_CACHE": str(tmp / "tables")}
        rows = []
        for study in studies:
            rows.append(measure(study, env))
            print(f"  {rows[-1]}", flush=True)  # as it goes: a cold build takes a while
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(render_text_table(rows), end="")
    print(f"compiled in all: {sum(r['compile_s'] for r in rows):.1f} s "
          f"(one cache, the studies in this order); load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
