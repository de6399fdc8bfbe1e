"""The docs stay true: docs/cli.md is the current --help of every command; ARCHITECTURE.md exists."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from analyzer.cli.helpdoc import command_contexts

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_cli_reference_is_current() -> None:
    """Fails when a command's help changed: run `make docs` (python -m analyzer.cli.helpdoc).

    Generated in a fresh process, as `make docs` does (click caches each command's help option).
    """
    fresh = subprocess.run([sys.executable, "-m", "analyzer.cli.helpdoc"], cwd=DOCS.parent,
                           capture_output=True, text=True, check=True).stdout
    assert (DOCS / "cli.md").read_text(encoding="utf-8") == fresh


def test_cli_reference_covers_every_command() -> None:
    from analyzer.cli import main

    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    paths = [ctx.command_path for ctx in command_contexts(main)]
    assert len(paths) > 20
    assert [p for p in paths if f"## {p}\n" not in text] == []


def test_architecture_map_names_the_files_a_new_game_touches() -> None:
    text = (DOCS / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for needle in ("GAME_PACKAGES", "analyzer/games/<game>/__init__.py", "MODE_ROWS", "paytables/"):
        assert needle in text, needle
