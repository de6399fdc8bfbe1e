"""``benchmarks/solver_ab.py``: a version of the package copied under a name of its own imports
only itself (so two versions can run side by side in one process)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def test_a_copied_version_imports_only_itself(tmp_path: Path) -> None:
    sys.path.insert(0, str(BENCH))
    try:
        from solver_ab import copy_version

        copy_version("WORK", "analyzer_abtest", tmp_path)
        sys.path.insert(0, str(tmp_path))
        bare = re.compile(r"^\s*(from|import) analyzer\b(?!_)", re.M)
        left = [p.name for p in (tmp_path / "analyzer_abtest").rglob("*.py") if bare.search(p.read_text())]
        assert left == []
        solver = importlib.import_module("analyzer_abtest.games.tricks.search.solver")
        rules = importlib.import_module("analyzer_abtest.games.tricks.rules").trick_rules("georgian-joker")
        assert Path(solver.__file__).is_relative_to(tmp_path)
        deal = solver.parse_deal(rules, ["Ah Kh", "Qh Jh", "Th 9h", "8h 7h"], "s", 0)
        assert deal.hands[0] == (1 << 44) | (1 << 43)
        copies = [m for name, m in sys.modules.items() if name.startswith("analyzer_abtest") and getattr(m, "__file__", None)]
        assert len(copies) > 10 and all(Path(m.__file__).is_relative_to(tmp_path) for m in copies)
    finally:
        sys.path[:] = [p for p in sys.path if p not in (str(BENCH), str(tmp_path))]
        for name in [m for m in sys.modules if m.startswith("analyzer_abtest")]:
            del sys.modules[name]
