"""Peak memory of a command and everything it starts: the resident sizes of its whole process tree,
summed, sampled every half second (Linux: ``/proc``).

``/usr/bin/time`` reports the largest single process; a report or a warm-up runs two workers side
by side, and the budget (``joker-odds report --memory``) is about their sum. The summed resident
size counts the pages the processes share (numba, LLVM, NumPy: ~100 MB a process) once per
process; the proportional sum (PSS: each shared page split among its users) counts them once, as
a memory cgroup does. Both peaks are printed. Usage::

    python benchmarks/tree_rss.py make report
    python benchmarks/tree_rss.py --every 0.2 joker-odds warmup

It prints the command's exit code and seconds, the peak of the sum with the three largest
processes at that moment, and exits with the command's code.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            kids.setdefault(parent, []).append(int(entry.name))
    return kids


def _pss(pid: int) -> float:
    """MB of ``pid``'s proportional set size (0 when it cannot be read)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def tree_pids(root: int) -> list[int]:
    """``root`` and every process below it."""
    kids = _children()
    todo, out = [root], []
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        out.append(pid)
    return out


def tree_rss(root: int) -> list[tuple[float, str]]:
    """(MB resident, command line) of ``root`` and every process below it."""
    out = []
    for pid in tree_pids(root):
        try:
            rss = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / 2**20
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        out.append((rss, cmd.strip()[:70]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=0.5, help="seconds between samples")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if not args.command:
        ap.error("give a command to run")
    t0 = time.perf_counter()
    proc = subprocess.Popen(args.command)
    peak, at, pss_peak = 0.0, [], 0.0
    while proc.poll() is None:
        procs = tree_rss(proc.pid)
        total = sum(r for r, _ in procs)
        if total > peak:
            peak, at = total, sorted(procs, reverse=True)[:3]
        pss_peak = max(pss_peak, sum(_pss(pid) for pid in tree_pids(proc.pid)))
        time.sleep(args.every)
    print(f"exit {proc.returncode} after {time.perf_counter() - t0:.1f} s; peak of the process tree "
          f"{peak:.0f} MB resident, summed ({pss_peak:.0f} MB proportional, shared pages once):", file=sys.stderr)
    for rss, cmd in at:
        print(f"  {rss:6.0f} MB  {cmd}", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
