"""The layers hold: report/ imports no game, game packages import light, one home per game."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer.games import GAME_PACKAGES, game_infos

PACKAGE = Path(__file__).resolve().parents[1] / "analyzer"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_report_framework_imports_no_game() -> None:
    found = {str(p.relative_to(PACKAGE)): sorted(m for m in _imports(p) if m.startswith("analyzer.games"))
             for p in (PACKAGE / "report").rglob("*.py")}
    assert {k: v for k, v in found.items() if v} == {}


def test_core_imports_no_game_module() -> None:
    """Only the CLI's registry readers and the package façade may touch ``analyzer.games``; the
    OpenSpiel wrappers (``analyzer/openspiel/``, the optional extra) sit above the games like the CLI."""
    allowed = {"__init__.py", "cli/__init__.py", "cli/report_cmd.py", "cli/examples.py"}
    above = {"games", "openspiel"}
    core = [p for p in PACKAGE.rglob("*.py") if not above & set(p.relative_to(PACKAGE).parts)]
    found = {str(p.relative_to(PACKAGE)): sorted(m for m in _imports(p) if m.startswith("analyzer.games"))
             for p in core if str(p.relative_to(PACKAGE)) not in allowed}
    assert {k: v for k, v in found.items() if v} == {}


def test_no_game_imports_the_openspiel_wrappers() -> None:
    """The extra is optional: nothing under ``analyzer/games`` may need it."""
    found = {str(p.relative_to(PACKAGE)): sorted(m for m in _imports(p) if m.startswith("analyzer.openspiel"))
             for p in (PACKAGE / "games").rglob("*.py")}
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("module", ["analyzer", "analyzer.cli", *(f"analyzer.games.{g}" for g in GAME_PACKAGES)])
def test_package_import_loads_no_numba(module: str) -> None:
    code = f"import sys, {module}; print('numba' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_each_game_declares_commands_in_its_own_package() -> None:
    for game in game_infos():
        for name, module in game.commands.items():
            assert module.startswith(f"analyzer.games.{game.name}."), (name, module)
            path = PACKAGE.joinpath(*module.split(".")[1:])
            assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), (name, module)
        for study in game.studies:
            assert study.target.startswith(f"analyzer.games.{game.name}."), study


def test_games_import_no_other_game() -> None:
    """One documented exception: the calling study also shows the betting arithmetic."""
    allowed = {("calling", "betting")}
    found = []
    for game in GAME_PACKAGES:
        for p in (PACKAGE / "games" / game).rglob("*.py"):
            for m in _imports(p):
                parts = m.split(".")
                if (m.startswith("analyzer.games.") and len(parts) > 2 and parts[2] != game
                        and parts[2] not in ("info", "state") and (game, parts[2]) not in allowed):
                    found.append((str(p.relative_to(PACKAGE)), m))
    assert found == []


def test_openmp_threads_sleep_between_parallel_loops() -> None:
    """``import analyzer`` asks OpenMP threads to sleep, not spin, between parallel loops (two
    processes side by side, a report's studies or the test workers, would burn each other's cores);
    a value the user set is kept."""
    code = "import os, analyzer; print(os.environ['OMP_WAIT_POLICY'])"
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    for extra, want in (({}, "PASSIVE"), ({"OMP_WAIT_POLICY": "ACTIVE"}, "ACTIVE")):
        out = subprocess.run([sys.executable, "-c", code], env={**env, **extra}, capture_output=True, text=True,
                             check=True).stdout
        assert out.strip() == want
