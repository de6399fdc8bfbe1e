"""Tests written to catch the rule bugs a planted-bug round found too weakly tested (issue 51): each
fails when its rule is broken by one line (the planted bug named in each docstring)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main

ROOT = Path(__file__).resolve().parents[1]

# ---- Remi 51: the 51/50 opening boundary, one constant -----------------------------------------

EXACTLY_51 = "Kh Kd Ks 7h 7d 7s"       # 30 + 21
EXACTLY_50 = "Kh Kd Ks 5h 5d 5s 5c"    # 30 + 20


def test_rummy_a_hand_worth_exactly_51_opens_and_50_does_not() -> None:
    """Planted bug: ``value > OPENING`` in the solver (51 reported as unable to open)."""
    from analyzer.games.rummy.solver import OPENING, best_opening

    assert OPENING == 51
    at, below = best_opening(EXACTLY_51), best_opening(EXACTLY_50)
    assert (at.opening_points, at.can_open) == (51, True)
    assert (below.opening_points, below.can_open) == (50, False)


@pytest.mark.parametrize(("hand", "points", "opens"), [(EXACTLY_51, 51, "yes"), (EXACTLY_50, 50, "no")])
def test_rummy_cli_reports_the_opening_boundary(hand: str, points: int, opens: str) -> None:
    r = CliRunner().invoke(main, ["rummy", "best", hand, "--format", "json"])
    assert r.exit_code == 0, r.output
    (row,) = json.loads(r.stdout)
    assert (row["opening_points"], row["can_open"]) == (points, opens == "yes")


def _compares(path: Path) -> list[tuple[int, str]]:
    """Every comparison in ``path`` with the opening constant or a bare 51: (line, its text)."""
    src = path.read_text(encoding="utf-8")
    out = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any((isinstance(p, ast.Name) and p.id in ("OPENING", "OPENING_POINTS"))
                   or (isinstance(p, ast.Constant) and p.value in (50, 51)) for p in parts):
                out.append((node.lineno, ast.get_source_segment(src, node) or ""))
    return out


@pytest.mark.parametrize("module", ["solver.py", "turns.py", "game.py", "policy.py", "kernels.py"])
def test_rummy_the_kernels_use_the_solvers_constant_at_its_boundary(module: str) -> None:
    """Planted bugs: the turns kernel's own literal (``value >= 50``) or ``value > OPENING``: every
    opening test in the game's code reads the solver's constant, as ``>= OPENING`` (or ``<``)."""
    from analyzer.games.rummy import game

    assert game.OPENING_POINTS == 51
    for line, text in _compares(ROOT / "analyzer" / "games" / "rummy" / module):
        assert "51" not in text and "50" not in text, f"{module}:{line}: {text}"
        assert ">= OPENING" in text or "< OPENING" in text, f"{module}:{line}: {text}"
