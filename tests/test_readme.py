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


@pytest.fixture(scope="module")
def readme_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """An empty folder where the README's ``examples`` lines have run (a user's session: the
    files they write are what the later lines read)."""
    folder = tmp_path_factory.mktemp("readme")
    old = os.getcwd()
    os.chdir(folder)
    try:
        for example in EXAMPLES:
            if example.startswith("examples "):
                res = CliRunner().invoke(main, shlex.split(example))
                assert res.exit_code == 0, res.stderr
        yield folder
    finally:
        os.chdir(old)


def test_readme_reads_no_file_of_the_checkout() -> None:
    """A file an example reads comes from an earlier ``joker-odds examples`` line."""
    written = {w for e in EXAMPLES if e.startswith("examples ") for w in shlex.split(e)}
    read = [a for e in EXAMPLES for a in shlex.split(e) if a.endswith(".toml")]
    assert read and all(Path(a).parent.name in written for a in read), read


@pytest.mark.slow
@pytest.mark.parametrize("example", [e for e in EXAMPLES if not re.search(r"dask|tcp://", e)])
def test_readme_example_runs(example: str, readme_folder: Path, tmp_path: Path) -> None:
    if example.startswith("examples "):  # already run in readme_folder: write into a new one
        os.chdir(tmp_path)
    try:
        res = CliRunner().invoke(main, shlex.split(example))
    finally:
        os.chdir(readme_folder)
    assert res.exit_code == 0, res.stderr
