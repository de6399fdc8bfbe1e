"""The built wheel holds everything the tool ships, and an installed wheel works from any folder."""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from analyzer.games import game_infos

ROOT = Path(__file__).resolve().parents[1]


def _shipped_files() -> list[str]:
    """Every non-Python file in the package source (pay tables, stud games, presets, templates)."""
    pkg = ROOT / "analyzer"
    return sorted(str(p.relative_to(ROOT)) for p in pkg.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".py", ".pyc", ".nbi", ".nbc"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel from a copy of the sources (the checkout gets no build folders)."""
    src = tmp_path_factory.mktemp("src")
    shutil.copytree(ROOT / "analyzer", src / "analyzer",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(src)], check=True, capture_output=True, text=True)
    (whl,) = out.glob("joker_odds-*.whl")
    return whl


def test_wheel_holds_every_shipped_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = _shipped_files()
    assert "analyzer/games/videopoker/paytables/joker-poker-kings.toml" in shipped
    assert "analyzer/games/stud/games/caribbean.toml" in shipped
    assert [f for f in shipped if f not in names] == []
    assert "analyzer/examples/studies/deuces-wild-relative.toml" in names


def test_declared_game_data_is_in_the_wheel(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for game in game_infos():
        base = "analyzer/games/" + game.name + "/"
        for pattern in game.data:
            assert fnmatch.filter(names, base + pattern), f"{game.name}: nothing ships for {pattern!r}"


def test_wheel_metadata_license_is_spdx(wheel: Path) -> None:
    meta = zipfile.ZipFile(wheel).read("joker_odds-0.1.0.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in meta


@pytest.mark.slow
def test_installed_wheel_runs_from_an_empty_folder(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                    "--target", str(target), str(wheel)], check=True, capture_output=True, text=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "JOKER_ODDS_CACHE": str(tmp_path / "cache")}

    def cli(*args: str) -> str:
        code = "import sys; from analyzer.cli import main; sys.argv[0] = 'joker-odds'; main()"
        r = subprocess.run([sys.executable, "-c", code, *args], cwd=empty, env=env,
                           capture_output=True, text=True, timeout=1800)
        assert r.returncode == 0, r.stderr
        return r.stdout

    where = subprocess.run([sys.executable, "-c", "import analyzer; print(analyzer.__file__)"],
                           cwd=empty, env=env, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(target))
    assert "joker-poker-kings" in cli("videopoker", "paytables")
    assert "return 100.6463 %" in cli("videopoker", "analyze", "--paytable", "joker-poker-kings")
    assert "Caribbean Stud" in cli("stud", "analyze", "--game", "caribbean")
    assert "deuces-wild-relative" in cli("examples")
    cli("examples", "joker-wild-two-jokers", "jacks-or-better-9-6", "--out", "mine")
    assert "return 99.5439 %" in cli("videopoker", "analyze", "--paytable", "mine/jacks-or-better-9-6.toml")
    cli("simulate", "mine/joker-wild-two-jokers.toml", "--trials", "20000", "--out", "sim-out")
    assert (empty / "sim-out" / "index.html").is_file()
    assert "| `pays` |" in cli("examples", "--formats")
    cli("report", "--study", "hand-frequencies", "--out", "reports")
    assert (empty / "reports" / "hand-frequencies" / "index.html").is_file()
    assert (empty / "reports" / "index.html").is_file()
