"""Two versions of the paranoid solver in one process, alternated deal by deal: the CPU time of
one seat value (``Solver().value(deal, 0)``) over the Georgian Joker and joker-54 deals of
``bench_solver_tail.py``, each version's median, p90, p99, max and total, and their ratios.

On a shared machine the speed drifts by 10-20 % between runs minutes apart, more than a
change to the search is worth; two versions alternated on every deal in one process see the
same machine. Each version is the ``analyzer`` package of a git revision (``WORK``: the work
tree), copied under a name of its own (``analyzer_a``, ``analyzer_b``: its imports renamed) into
a temporary folder, so its kernels compile there on first use (about a minute each). The values
of the two must be equal, deal by deal.

Usage: python benchmarks/solver_ab.py REV_A REV_B [DEALS]   (e.g. ``HEAD~1 WORK 2000``; not a part of
``make bench``, which has no two versions to compare)
"""

from __future__ import annotations

import importlib
import io
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.games.tricks.deck import format_mask, trump_text
from analyzer.io import render_text_table

ROOT = Path(__file__).resolve().parent.parent
_NAME = re.compile(r"""\banalyzer(?=\.)|(?<=")analyzer(?=")|(?<=from )analyzer(?= import)|(?<=^import )analyzer$""",
                   re.M)


def copy_version(rev: str, name: str, into: Path) -> None:
    """The ``analyzer`` package of ``rev`` (``WORK``: the work tree) as package ``name`` in ``into``."""
    dest = into / name
    if rev == "WORK":
        shutil.copytree(ROOT / "analyzer", dest, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        blob = subprocess.run(["git", "archive", rev, "analyzer"], cwd=ROOT, check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
            tar.extractall(into / "_src", filter="data")
        (into / "_src" / "analyzer").rename(dest)
    for path in dest.rglob("*.py"):
        path.write_text(_NAME.sub(name, path.read_text()))


def _deals(name: str, n: int) -> list[tuple[str, Any, list[Any]]]:
    """Per game: (its label, the solver module of package ``name``, the deals of
    ``bench_solver_tail`` parsed by that package)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_solver_tail import random_deals_54
    from bench_tricks import random_deals

    rules_mod = importlib.import_module(f"{name}.games.tricks.rules")
    solver_mod = importlib.import_module(f"{name}.games.tricks.search.solver")
    out = []
    for label, game, extra, deals in (("Georgian Joker, 9 cards", "georgian-joker", [], random_deals(9, n, 7)),
                                      ("joker-54 draw=none, 8 cards", "joker-54", ["draw=none"],
                                       random_deals_54(8, n, 8))):
        rules = rules_mod.trick_rules(game, extra)
        out.append((label, solver_mod, [solver_mod.parse_deal(rules, [format_mask(h, d.deck) for h in d.hands],
                                                              trump_text(d.trump), d.leader) for d in deals]))
    return out


def compare(rev_a: str, rev_b: str, n: int = 2_000) -> list[dict[str, object]]:
    """One row per game and version: the spread of one seat value's CPU time, and B's ratios to A."""
    with tempfile.TemporaryDirectory(prefix="solver-ab-") as tmp:
        names = {"a": rev_a, "b": rev_b}
        for key, rev in names.items():
            copy_version(rev, f"analyzer_{key}", Path(tmp))
        sys.path.insert(0, tmp)
        games = {key: _deals(f"analyzer_{key}", n) for key in names}
        rows = []
        for g in range(len(games["a"])):
            label = games["a"][g][0]
            solvers = {key: games[key][g][1].Solver() for key in names}
            deals = {key: games[key][g][2] for key in names}
            for key in names:
                solvers[key].value(deals[key][0], 0)  # compile / load
            cpu: dict[str, list[float]] = {key: [] for key in names}
            for j in range(n):
                got = {}
                for key in (("a", "b") if j % 2 == 0 else ("b", "a")):
                    c = time.thread_time()
                    got[key] = solvers[key].value(deals[key][j], 0)
                    cpu[key].append(time.thread_time() - c)
                if got["a"] != got["b"]:
                    raise SystemExit(f"{label} deal {j}: {rev_a} says {got['a']}, {rev_b} says {got['b']}")
            stats = {}
            for key in names:
                x = np.array(cpu[key]) * 1e3
                p90, p99 = np.percentile(x, [90, 99])
                stats[key] = [float(np.median(x)), float(p90), float(p99), float(x.max()), float(x.sum())]
                rows.append({"deals (seat 0)": label, "version": names[key], "median ms": stats[key][0],
                             "p90 ms": stats[key][1], "p99 ms": stats[key][2], "max ms": stats[key][3],
                             "total s": stats[key][4] / 1e3})
            rows.append({"deals (seat 0)": label, "version": "B / A",
                         **{k: b / a for k, a, b in zip(("median ms", "p90 ms", "p99 ms", "max ms", "total s"),
                                                        stats["a"], stats["b"], strict=True)}})
        return rows


def main(argv: list[str]) -> None:
    if len(argv) not in (2, 3):
        raise SystemExit("usage: python benchmarks/solver_ab.py REV_A REV_B [DEALS]")
    n = int(argv[2]) if len(argv) == 3 else 2_000
    print(render_text_table(compare(argv[0], argv[1], n)), end="")
    print(f"values: all {2 * n} deals equal in both versions")


if __name__ == "__main__":
    main(sys.argv[1:])
