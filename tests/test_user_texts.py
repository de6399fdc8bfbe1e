"""Nothing a user sees names the project's internal documents: help, listings, shipped TOML, reports."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from analyzer.cli import main

INTERNAL = re.compile(r"seed 0\d\d|RULES\.md|ANCHORS\.md|STYLE\.md", re.IGNORECASE)
PACKAGE = Path(__file__).resolve().parents[1] / "analyzer"


def _walk(cmd: click.Command, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command path below ``cmd`` (groups included), loading lazy commands."""
    paths = [path]
    if isinstance(cmd, click.Group):
        ctx = click.Context(cmd)
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            assert sub is not None, name
            paths += _walk(sub, (*path, name))
    return paths


COMMAND_PATHS = _walk(main)


def test_the_walk_reaches_every_game_command() -> None:
    names = {" ".join(p) for p in COMMAND_PATHS}
    assert {"videopoker analyze", "stud analyze", "calling", "pot limit", "report", "rules"} <= names


@pytest.mark.parametrize("path", COMMAND_PATHS, ids=lambda p: " ".join(p) or "joker-odds")
def test_help_names_no_internal_document(path: tuple[str, ...]) -> None:
    r = CliRunner().invoke(main, [*path, "--help"])
    assert r.exit_code == 0, r.output
    assert INTERNAL.findall(r.output) == []


@pytest.mark.parametrize("listing", [["rules"], ["decks"], ["videopoker", "paytables"]])
def test_listings_name_no_internal_document(listing: list[str]) -> None:
    r = CliRunner().invoke(main, listing)
    assert r.exit_code == 0, r.output
    assert r.output.strip()
    assert INTERNAL.findall(r.output) == []


def test_shipped_toml_names_no_internal_document() -> None:
    files = sorted(PACKAGE.rglob("*.toml"))
    assert len(files) >= 8  # presets, four pay tables, three stud games
    found = {str(f.relative_to(PACKAGE)): INTERNAL.findall(f.read_text(encoding="utf-8")) for f in files}
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("studies", [
    ("calling-and-betting",),
    pytest.param(("hand-frequencies", "calling-and-betting"), marks=pytest.mark.slow),
])
def test_a_built_report_names_no_internal_document(tmp_path: Path, studies: tuple[str, ...]) -> None:
    out = tmp_path / "reports"
    r = CliRunner().invoke(main, ["report", "--out", str(out), *(a for s in studies for a in ("--study", s))])
    assert r.exit_code == 0, r.output
    pages = sorted(out.rglob("*.html")) + sorted(out.rglob("*.md")) + sorted(out.rglob("*.csv"))
    assert len(pages) >= 4
    found = {str(p.relative_to(out)): INTERNAL.findall(p.read_text(encoding="utf-8")) for p in pages}
    assert {k: v for k, v in found.items() if v} == {}
