"""The report: ``joker-odds report`` fresh (empty numba and table caches) and warm, and each study.

Runs the command twice as a child process in private caches: "fresh" compiles every kernel and
builds every table, "warm" finds them cached. Prints wall and CPU seconds (user + system of the
process and its workers), the peak memory of the whole process tree, polled every 0.2 s: the sum
of the resident sizes (RSS, which counts the libraries the processes share once per process) and
the sum of the proportional sizes (PSS: a shared page split between its processes, so the tree's
sum is the memory it takes), and each study's seconds and its worker's peak memory as the
report's ``meta.json`` records them, beside the peak the study declares to the report's memory
budget ("within": the warm peak is at most the declared one).
Targets: fresh ≤ 240 s (with ``make setup`` on a fresh clone), warm ≤ 60 s on two idle cores, memory ≤ 1 GB.
Run: python benchmarks/run.py report   (``BENCH_REPORT_STUDIES=calling,durak`` for some studies)
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

from analyzer.cli.report_cmd import all_studies
from analyzer.io import render_text_table

TARGETS = {"fresh": 240.0, "warm": 60.0}
MEMORY_TARGET_MB = 1024


def _field_kb(path: str, name: str) -> int:
    """The kB value of the line ``name`` of a /proc file (0 when absent)."""
    with open(path, encoding="ascii") as fh:
        return next((int(line.split()[1]) for line in fh if line.startswith(name)), 0)


def _tree_memory_mb(pid: int) -> tuple[float, float]:
    """Resident (RSS) and proportional (PSS) memory of ``pid`` and its descendants (Linux /proc),
    each summed over the processes, in MB."""
    rss = pss = 0
    todo, seen = [pid], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            rss += _field_kb(f"/proc/{p}/status", "VmRSS:")
            pss += _field_kb(f"/proc/{p}/smaps_rollup", "Pss:")
            for task in os.listdir(f"/proc/{p}/task"):  # a child started by any thread (a pool's)
                with open(f"/proc/{p}/task/{task}/children", encoding="ascii") as fh:
                    todo += [int(c) for c in fh.read().split()]
        except (OSError, ValueError):
            continue
    return rss / 1024, pss / 1024


def run_report(out: Path, env: dict[str, str], studies: list[str]) -> dict[str, float]:
    """Wall and CPU seconds and peak tree memory of one ``joker-odds report`` run."""
    script = Path(sys.executable).with_name("joker-odds")
    cmd = [str(script) if script.exists() else sys.executable, "report", "--out", str(out), "--quiet"]
    if not script.exists():
        cmd[1:1] = ["-c", "from analyzer.cli import main; main()"]
    for s in studies:
        cmd += ["--study", s]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    peak_rss = peak_pss = 0.0
    while proc.poll() is None:
        rss, pss = _tree_memory_mb(proc.pid)
        peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
        time.sleep(0.2)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"report failed (exit {proc.returncode})")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "peak_rss_mb": round(peak_rss),
            "peak_memory_mb": round(peak_pss)}


def main() -> None:
    studies = [s.strip() for s in os.environ.get("BENCH_REPORT_STUDIES", "").split(",") if s.strip()]
    tmp = Path(tempfile.mkdtemp(prefix="bench-report-"))
    try:
        env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
        env["JOKER_ODDS_CACHE"] = str(tmp / "cache")
        rows, per_study = [], {}
        for label in ("fresh", "warm"):
            res = run_report(tmp / label, env, studies)
            rows.append({"run": label, **res, "target_wall_s": TARGETS[label] if not studies else "-",
                         "memory_ok": "yes" if res["peak_memory_mb"] <= MEMORY_TARGET_MB else "NO"})
            for meta in sorted((tmp / label).glob("*/meta.json")):
                m = json.loads(meta.read_text(encoding="utf-8"))
                row = per_study.setdefault(m["name"], {"study": m["name"]})
                row[f"{label}_s"] = m["seconds"]
                row[f"{label}_peak_mb"] = m.get("peak_mb")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    declared = {s.name: s.memory_mb for s in all_studies()}
    for row in per_study.values():  # a warm study above its declared peak would break the budget
        row["declared_mb"] = declared.get(row["study"], "-")
        warm = row.get("warm_peak_mb")
        row["within"] = "-" if warm is None or row["declared_mb"] == "-" else (
            "yes" if warm <= row["declared_mb"] else "NO")
    print(render_text_table(rows), end="")
    print(render_text_table(list(per_study.values())), end="")
    print(f"joker-odds report in private empty caches (fresh), then again (warm); {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}; a study's seconds are wall time inside its worker, its "
          "peak the worker's resident maximum (compiling, in the fresh run), declared_mb what the study "
          "declares to the report's memory budget")


if __name__ == "__main__":
    main()
