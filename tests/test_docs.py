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


def test_architecture_map_names_only_files_that_exist() -> None:
    """Every ``*.py`` / ``*.toml`` path the map names is a file of the project (a bare name may sit
    in any folder the paragraph is about)."""
    import re

    root = DOCS.parent
    text = (DOCS / "ARCHITECTURE.md").read_text(encoding="utf-8")
    files = [str(p.relative_to(root)) for p in (*root.joinpath("analyzer").rglob("*"), *root.joinpath("tests").rglob("*"),
                                                *root.joinpath("benchmarks").rglob("*")) if p.is_file()]
    named = set(re.findall(r"`([\w./<>-]+\.(?:py|toml))`", text)) | set(re.findall(r"\(`([\w./-]+\.py)`", text))
    missing = [n for n in sorted(named) if "<" not in n and not any(f == n or f.endswith("/" + n) for f in files)]
    assert missing == []
