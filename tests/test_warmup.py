"""``joker-odds warmup`` and the one-line notice of a command compiling its kernels for first use."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import analyzer.progress as progress
import analyzer.warmup as warmup
from analyzer.cli import COMMAND_MODULES, main


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private marker folder (markers live in numba's cache folder) for the test."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_markers_follow_the_sources(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A command is cold until marked; a changed source key (an edit) makes it cold again; a command
    that compiles nothing is always warm; without a numba cache folder there is no notice."""
    assert not warmup.is_warm("rummy best")
    warmup.mark_warm("rummy best")
    assert warmup.is_warm("rummy best") and not warmup.is_warm("tricks solve")
    monkeypatch.setattr(warmup, "_sources_key", lambda: "edited")
    assert not warmup.is_warm("rummy best")
    assert warmup.is_warm("rules")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert warmup.is_warm("rummy best")


def test_notice_once_on_a_terminal(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The wrapped callback prints one line on stderr when cold and on a terminal, then marks the
    command warm; off a terminal it prints nothing."""
    calls = []
    wrapped = warmup.watch_compiles("rummy best", lambda x: calls.append(x) or x)
    monkeypatch.setattr(progress, "progress_enabled", lambda quiet=False: False)
    assert wrapped(1) == 1 and capsys.readouterr().err == ""
    monkeypatch.setattr(warmup, "_sources_key", lambda: "other")
    monkeypatch.setattr(progress, "progress_enabled", lambda quiet=False: True)
    assert wrapped(2) == 2
    err = capsys.readouterr().err
    assert err == f"compiling kernels for first use, once: ~{warmup.COMPILE_SECONDS['rummy best']:.0f} s\n"
    wrapped(3)
    assert capsys.readouterr().err == "" and calls == [1, 2, 3]


def test_every_group_and_command_is_known() -> None:
    """Each warm-up line names a real command, and each command with an estimate is a real one."""
    for group, lines in warmup.WARMUP.items():
        assert group in COMMAND_MODULES
        assert all(line[0] == group for line in lines)
    assert {c.split()[0] for c in warmup.COMPILE_SECONDS} <= set(COMMAND_MODULES)
    assert {warmup._command_of(line) for lines in warmup.WARMUP.values() for line in lines} <= set(
        warmup.COMPILE_SECONDS)


def test_warmup_command_marks_its_group(cache: Path) -> None:
    r = CliRunner().invoke(main, ["warmup", "calling", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("calling: ") and warmup.is_warm("calling")
    r = CliRunner().invoke(main, ["warmup", "nosuch"])
    assert r.exit_code == 2
