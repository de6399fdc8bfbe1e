"""Fuzzing every file format and every command with hostile inputs (hypothesis, fixed examples).

Files: random bytes, truncated and mutated valid files (flipped bytes, numbers swapped for extreme
ones, lines dropped or doubled) must load or fail with the library's own error, never anything
else; a mutated table-cache file is always rebuilt to the right table. Commands: bad option values
and arguments (extreme numbers, empty, huge, control characters, devices) must give exit 2 with
one ``Error:`` line and no traceback (or a normal exit 0), and nothing outside the temporary
folder may change. The default run draws a few examples per case (seconds); the ``slow`` run
draws hundreds (``make test-slow``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.checkpoint import load_checkpoint
from analyzer.cli import main
from analyzer.errors import JokerOddsError
from analyzer.games.stud.game import GAMES_DIR, load_game
from analyzer.games.videopoker.paytable import PAYTABLE_DIR, load_paytable
from analyzer.studies import load_study
from analyzer.tablecache import load_or_build, table_path

ROOT = Path(__file__).resolve().parent.parent
FAST, SLOW = 6, 300  # examples per case: default run, slow run
BUDGETS = [pytest.param(FAST, id="fast"), pytest.param(SLOW, id="long", marks=pytest.mark.slow)]

EXTREMES = ["-1", "0", "-0", "1e309", "-1e309", "nan", "inf", "-inf", "1e300", "9" * 30, "-" + "9" * 30,
            "2.5", '"x"', "[]", "{}", "true", '""', "0x7fffffffffffffff", "1_000_000_000_000_000"]
BAD_TEXT = st.one_of(
    st.sampled_from(["", " ", "-", "--", "\x00", "\t\n", "é" * 3, "/dev/zero", "1/0", "0/0", "💥", "%s%n",
                     "x" * 5000, "A" * 300 + "=1", "=", ",,,", "Jk" * 40]),
    st.text(max_size=200),
)


def run_fuzz(strategy: st.SearchStrategy[Any], check: Callable[[Any], None], examples: int) -> None:
    """Run ``check`` on ``examples`` fixed (derandomized) examples of ``strategy``."""

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def inner(value: Any) -> None:
        check(value)

    inner()


def mutations(blob: bytes) -> st.SearchStrategy[bytes]:
    """Truncations, byte flips, extreme numbers, dropped and doubled lines of ``blob``, or noise."""
    numbers = [m.span() for m in re.finditer(rb"-?\d+(\.\d+)?(/\d+)?", blob)] or [(0, 0)]
    lines = blob.split(b"\n")
    return st.one_of(
        st.integers(0, len(blob)).map(lambda i: blob[:i]),
        st.tuples(st.integers(0, len(blob) - 1), st.integers(1, 255)).map(
            lambda p: blob[:p[0]] + bytes([blob[p[0]] ^ p[1]]) + blob[p[0] + 1:]),
        st.tuples(st.sampled_from(numbers), st.sampled_from(EXTREMES)).map(
            lambda p: blob[:p[0][0]] + p[1].encode() + blob[p[0][1]:]),
        st.integers(0, len(lines) - 1).map(lambda i: b"\n".join(lines[:i] + lines[i + 1:])),
        st.integers(0, len(lines) - 1).map(lambda i: b"\n".join(lines[:i + 1] + lines[i:])),
        st.binary(max_size=3000),
    )


# ---- file formats ---------------------------------------------------------------------------

def _loads_or_refuses(load: Callable[[Path], Any], path: Path, blob: bytes) -> None:
    path.write_bytes(blob)
    try:
        load(path)
    except JokerOddsError as exc:
        assert str(exc).strip(), "an error says what is wrong"
        assert "Traceback" not in str(exc)


@pytest.mark.parametrize("examples", BUDGETS)
@pytest.mark.parametrize(("loader", "source"), [
    (load_paytable, PAYTABLE_DIR / "joker-poker-kings.toml"),
    (load_paytable, PAYTABLE_DIR / "deuces-wild-full-pay.toml"),
    (load_game, GAMES_DIR / "jpoker.toml"),
    (load_game, GAMES_DIR / "caribbean.toml"),
    (load_study, ROOT / "simulations" / "joker-wild-two-jokers.toml"),
], ids=["paytable-joker", "paytable-deuces", "game-jpoker", "game-caribbean", "study"])
def test_file_formats_load_or_refuse(tmp_path: Path, loader: Callable[[Path], Any], source: Path,
                                     examples: int) -> None:
    path = tmp_path / "fuzzed.toml"
    run_fuzz(mutations(source.read_bytes()), lambda b: _loads_or_refuses(loader, path, b), examples * 5)


@pytest.fixture(scope="module")
def checkpoint_blob(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, Any]]:
    path = tmp_path_factory.mktemp("ck") / "good.ckpt"
    r = CliRunner().invoke(main, ["freq", "--trials", "1000", "--chunk-size", "300", "--checkpoint", str(path),
                                  "--quiet", "--format", "csv"])
    assert r.exit_code == 0, r.output
    return path.read_bytes(), json.loads(path.read_text())["identity"]


@pytest.mark.parametrize("examples", BUDGETS)
def test_checkpoints_load_or_refuse(tmp_path: Path, checkpoint_blob: tuple[bytes, dict[str, Any]],
                                    examples: int) -> None:
    blob, identity = checkpoint_blob
    path = tmp_path / "fuzzed.ckpt"
    run_fuzz(mutations(blob), lambda b: _loads_or_refuses(lambda p: load_checkpoint(p, identity), path, b),
             examples * 5)


@pytest.mark.parametrize("examples", BUDGETS)
def test_checkpoints_through_the_engine(tmp_path: Path, checkpoint_blob: tuple[bytes, dict[str, Any]],
                                        examples: int) -> None:
    """A mutated checkpoint that still parses is checked against the task before it is used."""
    blob = checkpoint_blob[0]
    path = tmp_path / "fuzzed.ckpt"
    args = ["freq", "--trials", "1000", "--chunk-size", "300", "--checkpoint", str(path), "--quiet"]
    expected = CliRunner().invoke(main, ["freq", "--trials", "1000", "--chunk-size", "300", "--quiet"]).output

    def check(b: bytes) -> None:
        path.write_bytes(b)
        r = CliRunner().invoke(main, args)
        assert_clean_exit(r)
        if r.exit_code == 0 and b == blob:
            assert r.output == expected

    run_fuzz(mutations(blob), check, examples * 3)


@pytest.mark.parametrize("examples", BUDGETS)
def test_table_cache_mutations_are_always_rebuilt(tmp_path: Path, examples: int) -> None:
    key = {"fuzz": 1}
    want = np.arange(-1, 200, dtype=np.int32)
    build = want.copy
    load_or_build(key, build, tmp_path, shape=want.shape, dtype=np.int32)
    path = table_path(key, tmp_path)
    blob = path.read_bytes()

    def check(b: bytes) -> None:
        path.write_bytes(b)
        got = load_or_build(key, build, tmp_path, shape=want.shape, dtype=np.int32)
        assert got.dtype == np.int32 and got.tolist() == want.tolist()

    run_fuzz(mutations(blob), check, examples * 5)


# ---- commands -------------------------------------------------------------------------------

def assert_clean_exit(r: Any) -> None:
    """Exit 0, or exit 2 with a single ``Error:`` line; never a traceback or another exit."""
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    assert r.exit_code in (0, 2), (r.exit_code, r.output[-500:])
    if r.exit_code == 2:
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr[-500:]
        assert len(lines[0]) <= 420, lines[0][:100]


def _snapshot(root: Path) -> dict[str, float]:
    skip = {".git", ".venv", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
    out = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in skip and not d.endswith(".egg-info")]
        for f in files:
            p = os.path.join(folder, f)
            out[p] = os.lstat(p).st_mtime
    return out


def _as_int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


COUNT_BAD = st.one_of(st.integers(-10**40, 0), st.integers(10**12 + 1, 10**40)).map(str)
NUMBER_TEXT = st.one_of(st.sampled_from(EXTREMES), st.floats(allow_nan=True).map(repr), BAD_TEXT)
OUT_NAME = st.one_of(st.sampled_from(["", "-", ".", "sub/", "/dev/null", "/dev/stdout", "/proc/self/mem",
                                      "fifo", "link", "x" * 300]),
                     st.text(alphabet="abc./-_ ", max_size=30).filter(lambda s: ".." not in s and
                                                                      not s.startswith("/")))
H = "As Kd 9h 5c 2s"

# Each case: a command line with one slot "{}" filled from the strategy. The slots are chosen so
# that a value that happens to be valid still runs only seconds of work.
CASES: list[tuple[str, tuple[str, ...], st.SearchStrategy[str]]] = [
    ("eval-hand", ("eval", "{}"), BAD_TEXT),
    ("eval-rules", ("eval", H, "--rules", "{}"), BAD_TEXT),
    ("eval-deck", ("eval", H, "--deck", "{}"), BAD_TEXT),
    ("eval-wild", ("eval", H, "--wild", "{}", "--wild", "{}"), BAD_TEXT),
    ("eval-order", ("eval", H, "--order", "{}"), BAD_TEXT),
    ("eval-out", ("eval", H, "--out", "{}"), OUT_NAME),
    ("freq-trials", ("freq", "--trials", "{}", "--quiet"), COUNT_BAD),
    ("freq-seed", ("freq", "--trials", "500", "--seed", "{}", "--quiet"), NUMBER_TEXT),
    ("freq-chunk", ("freq", "--trials", "500", "--chunk-size", "{}", "--quiet"), COUNT_BAD),
    ("freq-target", ("freq", "--target-se", "{}", "--max-trials", "2000", "--quiet"), NUMBER_TEXT),
    ("freq-max-time", ("freq", "--target-rel-se", "0.5", "--max-time", "{}", "--max-trials", "2000", "--quiet"),
     NUMBER_TEXT),
    ("freq-workers", ("freq", "--trials", "500", "--workers", "{}", "--quiet"), COUNT_BAD),
    ("freq-checkpoint", ("freq", "--trials", "500", "--checkpoint", "{}", "--quiet"), OUT_NAME),
    ("freq-cards", ("freq", "--exact", "--cards", "{}"), NUMBER_TEXT.filter(lambda s: _as_int(s) not in (6, 7))),
    ("rules-format", ("rules", "--format", "{}"), BAD_TEXT),
    ("decks-out", ("decks", "--out", "{}"), OUT_NAME),
    ("simulate-file", ("simulate", "{}"), BAD_TEXT),
    ("simulate-trials", ("simulate", "study.toml", "--trials", "{}", "--quiet"), COUNT_BAD),
    ("simulate-out", ("simulate", "study.toml", "--out", "{}", "--quiet"), OUT_NAME),
    ("report-out", ("report", "--study", "no-such-study", "--out", "{}"), OUT_NAME),
    ("report-study", ("report", "--study", "{}", "--out", "rep"), BAD_TEXT),
    ("videopoker-paytable", ("videopoker", "analyze", "--paytable", "{}"), BAD_TEXT),
    ("videopoker-hold", ("videopoker", "hold", "{}", "--paytable", "jacks-or-better-9-6"), BAD_TEXT),
    ("videopoker-top", ("videopoker", "hold", H, "--paytable", "jacks-or-better-9-6", "--top", "{}"),
     COUNT_BAD),
    ("videopoker-check", ("videopoker", "check", "--paytable", "jacks-or-better-9-6", "--trials", "{}"),
     COUNT_BAD),
    ("videopoker-out", ("videopoker", "analyze", "--paytable", "nope", "--out", "{}"), OUT_NAME),
    ("stud-game", ("stud", "analyze", "--game", "{}"), BAD_TEXT),
    ("stud-strategy", ("stud", "analyze", "--game", "caribbean", "--strategy", "{}"), BAD_TEXT),
    ("stud-trials", ("stud", "analyze", "--game", "j-poker", "--trials", "{}"), COUNT_BAD),
    ("stud-doc", ("stud", "analyze", "--game", "caribbean", "--doc", "{}"), NUMBER_TEXT),
    ("stud-advise", ("stud", "advise", "{}", "--up", "Qh", "--game", "caribbean"), BAD_TEXT),
    ("stud-up", ("stud", "advise", H, "--up", "{}", "--game", "j-poker", "--wild", "{}"), BAD_TEXT),
    ("stud-location", ("stud", "location", "--doc", "{}", "--players", "2"), NUMBER_TEXT),
    ("stud-location-trials", ("stud", "location", "--trials", "{}"), COUNT_BAD),
    ("stud-sensitivity", ("stud", "sensitivity", "--game", "{}", "--what", "doc"), BAD_TEXT),
    ("stud-strategy-cmd", ("stud", "strategy", "--game", "caribbean", "--seed", "{}"), NUMBER_TEXT),
    ("stud-exchange-fees", ("stud", "exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game",
                            "j-poker", "--fees", "{}"), NUMBER_TEXT),
    ("stud-exchange-edge", ("stud", "exchange-edge", "--game", "j-poker", "--situations", "{}"), COUNT_BAD),
    ("calling-calls", ("calling", "--calls", "{}"), BAD_TEXT),
    ("calling-deck", ("calling", "--deck", "{}"), BAD_TEXT),
    ("calling-repeat", ("calling", "--repeat", "{}"), COUNT_BAD),
    ("calling-pays", ("calling", "--first-pays", "{}"), COUNT_BAD),
    ("pot-limit-players", ("pot", "limit", "--pot", "7", "--players", "{}"), BAD_TEXT),
    ("pot-limit-pot", ("pot", "limit", "--pot", "{}", "--players", "3"), NUMBER_TEXT),
    ("pot-limit-actions", ("pot", "limit", "--players", "A,B,C", "{}", "{}"), BAD_TEXT),
    ("pot-split-actions", ("pot", "split", "--stack", "A=100", "--stack", "B=50", "{}", "{}"), BAD_TEXT),
    ("pot-split-put", ("pot", "split", "--put", "{}", "--put", "B=5"), BAD_TEXT),
    ("pot-split-hand", ("pot", "split", "--put", "A=10", "--put", "B=20", "--hand", "A={}",
                        "--hand", "B=As Ks Qs Js Ts"), BAD_TEXT),
]

STUDY = ('seed = 1\n[rules]\npreset = "standard"\n[run]\ntrials = 1000\n'
         '[[estimate]]\nkind = "hand_frequencies"\ncompare_exact = false\n')


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary working folder with a FIFO, a symlink and a small study in it."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    Path("target").write_text("keep")
    Path("link").symlink_to("target")
    Path("study.toml").write_text(STUDY)
    return tmp_path


@pytest.mark.parametrize("examples", BUDGETS)
@pytest.mark.parametrize(("args", "values"), [pytest.param(a, v, id=n) for n, a, v in CASES])
def test_commands_fail_cleanly(sandbox: Path, args: tuple[str, ...], values: st.SearchStrategy[str],
                               examples: int) -> None:
    before = _snapshot(ROOT)
    runner = CliRunner()

    def check(value: str) -> None:
        argv = [a.replace("{}", value) for a in args]
        r = runner.invoke(main, argv)
        assert_clean_exit(r)
        assert Path("link").is_symlink() and Path("target").read_text() == "keep"
        assert Path("fifo").is_fifo()

    run_fuzz(values, check, examples)
    assert _snapshot(ROOT) == before, "a command wrote outside its temporary folder"


@pytest.mark.parametrize("examples", BUDGETS)
@pytest.mark.parametrize(("args", "source", "scale"), [
    (("eval", "--input", "{}"), None, 3),
    (("simulate", "{}", "--quiet"), "study", 2),
    (("stud", "advise", H, "--up", "Qh", "--game", "{}"), GAMES_DIR / "caribbean.toml", 1),
    (("videopoker", "hold", "Qd Td 2s 4s 5c", "--paytable", "{}"), PAYTABLE_DIR / "jacks-or-better-9-6.toml", 1),
], ids=["eval-input", "simulate", "stud-game", "videopoker-paytable"])
def test_commands_read_mutated_files_cleanly(sandbox: Path, args: tuple[str, ...], source: Path | str | None,
                                             scale: int, examples: int) -> None:
    blob = (STUDY.encode() if source == "study" else
            b"As Kd 9h 5c 2s\n# a comment\nJk Qs Qd 9h 5c\n" if source is None else Path(str(source)).read_bytes())
    before = _snapshot(ROOT)
    runner = CliRunner()

    def check(b: bytes) -> None:
        Path("fuzzed.toml").write_bytes(b)
        r = runner.invoke(main, [a.replace("{}", "fuzzed.toml") for a in args])
        assert_clean_exit(r)

    run_fuzz(mutations(blob), check, examples * scale)
    assert _snapshot(ROOT) == before, "a command wrote outside its temporary folder"
