"""The README's CLI examples are real: every one parses (default run) and runs (slow run)."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from analyzer.cli import main

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = [line[len("$ joker-odds "):].strip() for line in README.splitlines()
            if line.startswith("$ joker-odds ")]
PATH_OPTIONS = ("--out", "--checkpoint")


@contextmanager
def in_root() -> Iterator[None]:
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(old)


def _args(example: str, tmp: Path | None = None) -> list[str]:
    args = shlex.split(example)
    if tmp is not None:
        for i, a in enumerate(args[:-1]):
            if a in PATH_OPTIONS:
                args[i + 1] = str(tmp / Path(args[i + 1]).name)
    return args


def test_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 20
    assert "make report" in README and "make test" in README


@pytest.mark.parametrize("example", EXAMPLES)
def test_readme_example_parses(example: str) -> None:
    """Every command, subcommand, option and choice in the example exists (nothing runs)."""
    args = _args(example)
    cmd: click.Command = main
    ctx = click.Context(main)
    while isinstance(cmd, click.Group) and args and args[0] in cmd.list_commands(ctx):
        sub = cmd.get_command(ctx, args.pop(0))
        assert sub is not None
        cmd = sub
    with in_root():
        cmd.make_context(cmd.name or "joker-odds", list(args))


@pytest.mark.slow
@pytest.mark.parametrize("example", [e for e in EXAMPLES if not re.search(r"dask|tcp://", e)])
def test_readme_example_runs(example: str, tmp_path: Path) -> None:
    with in_root():
        res = CliRunner().invoke(main, _args(example, tmp_path))
    assert res.exit_code == 0, res.stderr
