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
    (load_game, GAMES_DIR / "j-poker.toml"),
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


def _untimed(output: str) -> str:
    """A command's output without the seconds its header line reports (they vary run to run)."""
    return re.sub(r" · [0-9.]+ s$", "", output, count=1, flags=re.MULTILINE)


@pytest.mark.parametrize("examples", BUDGETS)
def test_checkpoints_through_the_engine(tmp_path: Path, checkpoint_blob: tuple[bytes, dict[str, Any]],
                                        examples: int) -> None:
    """A mutated checkpoint that still parses is checked against the task before it is used."""
    blob = checkpoint_blob[0]
    path = tmp_path / "fuzzed.ckpt"
    args = ["freq", "--trials", "1000", "--chunk-size", "300", "--checkpoint", str(path), "--quiet"]
    expected = _untimed(CliRunner().invoke(main, ["freq", "--trials", "1000", "--chunk-size", "300", "--quiet"]).output)

    def check(b: bytes) -> None:
        path.write_bytes(b)
        r = CliRunner().invoke(main, args)
        assert_clean_exit(r)
        if r.exit_code == 0 and b == blob:
            assert _untimed(r.output) == expected

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
    ("stud-exchange-screen", ("stud", "exchange-edge", "--game", "j-poker", "--screen", "{}"),
     COUNT_BAD.filter(lambda s: _as_int(s) != 0)),  # 0: no screen, a valid (and long) run
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


# ---- the newer commands (tricks, durak, rummy, stud options) ------------------------------------

NEW_CASES: list[tuple[str, tuple[str, ...], st.SearchStrategy[str]]] = [
    ("rummy-open-trials", ("rummy", "open", "--trials", "{}", "--quiet"), COUNT_BAD),
    ("rummy-points-turns", ("rummy", "points", "--max-turns", "{}", "--trials", "0"), NUMBER_TEXT),
    ("rummy-best-cap", ("rummy", "best", "Qc Kc Ac", "--joker-cap", "{}", "--cards", "0"), NUMBER_TEXT),
    ("rummy-deck", ("rummy", "best", "Qc Kc Ac", "--deck", "{}"), BAD_TEXT),
    ("rummy-out", ("rummy", "open", "--trials", "100", "--quiet", "--checkpoint", "c.json", "--out", "{}"),
     OUT_NAME.filter(lambda s: s not in ("", "-") and not s.startswith("c.json"))),
    ("tricks-deals", ("tricks", "play", "--deals", "{}", "--quiet"), COUNT_BAD),
    ("tricks-budget", ("tricks", "play", "--policy", "pimc", "--budget", "{}", "--deals", "0"), COUNT_BAD),
    ("tricks-rule", ("tricks", "score", "--cards", "5", "--bid", "2", "--took", "2", "--rule", "score_zero={}"),
     NUMBER_TEXT.filter(lambda s: _as_int(s) is None or abs(_as_int(s) or 0) > 10**6)),
    ("tricks-score-cards", ("tricks", "score", "--cards", "{}", "--bid", "2", "--took", "2"),
     NUMBER_TEXT.filter(lambda s: _as_int(s) is None or not 1 <= (_as_int(s) or 0) <= 9)),
    ("tricks-leader", ("tricks", "solve", "--hands", "{}", "--leader", "{}"), BAD_TEXT),
    ("tricks-samples", ("tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--samples", "{}"), COUNT_BAD),
    ("durak-budget", ("durak", "simulate", "--policy", "search", "--budget", "{}", "--games", "0"), COUNT_BAD),
    ("durak-rule", ("durak", "rules", "--rule", "max_attack={}"),
     NUMBER_TEXT.filter(lambda s: _as_int(s) is None or abs(_as_int(s) or 0) > 1000)),
    ("durak-trump", ("durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "{}", "--games", "0"), BAD_TEXT),
    ("durak-sweep-players", ("durak", "sweep", "--players", "{}", "--games", "0"), BAD_TEXT),
    ("stud-draw-fee", ("stud", "options", "Ah Kh Qh 9h 2c", "--up", "5d", "--draw-fee", "{}", "--game", "nope"),
     NUMBER_TEXT),
    ("stud-screen", ("stud", "options-edge", "--screen", "{}", "--situations", "1"), COUNT_BAD),
    ("stud-upcard-fee", ("stud", "upcard-edge", "--fee", "{}", "--per-stratum", "1"), NUMBER_TEXT),
]


@pytest.mark.parametrize("examples", BUDGETS)
@pytest.mark.parametrize(("args", "values"), [pytest.param(a, v, id=n) for n, a, v in NEW_CASES])
def test_newer_commands_fail_cleanly(sandbox: Path, args: tuple[str, ...], values: st.SearchStrategy[str],
                                     examples: int) -> None:
    """The fuzz of the older commands, on options of the newer ones (each case fails before any work)."""
    test_commands_fail_cleanly(sandbox, args, values, examples)


@pytest.mark.parametrize("examples", BUDGETS)
@pytest.mark.parametrize(("args", "blob"), [
    (("tricks", "solve", "--input", "{}"), b'{"hands": ["Ah Kh Jk1", "Qh Jh Th", "9h 8h 7h", "Ac Kc Qc"], '
                                           b'"trump": "h", "leader": 0, "x": 1}\n'),
    (("rummy", "best", "--input", "{}", "--cards", "2"), b"Qc Kc Ac\n# a comment\n9c Tc Jc Jk\n"),
], ids=["tricks-solve", "rummy-best"])
def test_newer_commands_read_mutated_files_cleanly(sandbox: Path, args: tuple[str, ...], blob: bytes,
                                                   examples: int) -> None:
    """Mutated ``--input`` files (each case still fails: an unknown key, a hand size) give one line."""
    runner = CliRunner()

    def check(b: bytes) -> None:
        Path("fuzzed.txt").write_bytes(b)
        assert_clean_exit(runner.invoke(main, [a.replace("{}", "fuzzed.txt") for a in args]))

    run_fuzz(mutations(blob), check, examples * 2)


# ---- issue 28: one named test per item -----------------------------------------------------------

def _fails(args: list[str], *words: str) -> str:
    r = CliRunner().invoke(main, args)
    assert_clean_exit(r)
    assert r.exit_code == 2, r.output
    for w in words:
        assert w in r.stderr, r.stderr
    return r.stderr


def test_item1_out_may_not_name_or_hold_the_checkpoint(sandbox: Path) -> None:
    _fails(["rummy", "open", "--trials", "300", "--checkpoint", "c.json", "--out", "c.json"], "overlap")
    _fails(["rummy", "open", "--trials", "300", "--checkpoint", "d", "--out", "d/x.json"], "overlap")
    _fails(["freq", "--trials", "300", "--checkpoint", "./e.json", "--out", "e.json"], "overlap")
    assert not Path("c.json").exists() and not Path("d").exists() and not Path("e.json").exists()


@pytest.mark.parametrize("args", [
    ["rummy", "open", "--trials", "300"], ["tricks", "play", "--deals", "10"],
    ["tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--samples", "10"],
    ["durak", "simulate", "--games", "10"], ["freq", "--trials", "300"],
], ids=["rummy-open", "tricks-play", "tricks-bid", "durak-simulate", "freq"])
def test_item1_columns_are_checked_before_the_run(sandbox: Path, args: list[str]) -> None:
    err = _fails([*args, "--columns", "nosuch", "--checkpoint", "run.ckpt"], "no column 'nosuch'", "the columns are")
    assert not Path("run.ckpt").exists(), err


def test_item1_a_trailing_slash_names_a_folder(sandbox: Path) -> None:
    _fails(["rummy", "open", "--checkpoint", "d/", "--out", "d/x.json"], "trailing '/'")
    _fails(["rummy", "open", "--trials", "100", "--out", "newdir/"], "trailing '/'")
    _fails(["simulate", "study.toml", "--out", "-"], "writes a folder")
    assert not Path("d").exists() and not Path("newdir").exists() and not Path("-").exists()


def test_item1_columns_do_not_apply_to_a_json_document(sandbox: Path) -> None:
    _fails(["rummy", "best", "Qc Kc Ac", "--format", "json", "--columns", "nosuch"], "--columns does not apply")


@pytest.mark.parametrize("args", [["tricks", "solve", "--input"], ["rummy", "best", "--input"],
                                  ["eval", "--input"]], ids=["tricks-solve", "rummy-best", "eval"])
def test_item2_and_7_input_files(sandbox: Path, args: list[str]) -> None:
    """FIFOs and devices are refused without blocking; non-UTF-8 and oversized files in one line."""
    _fails([*args, "fifo"], "not a regular file (a FIFO)")
    _fails([*args, "/dev/zero"], "not a regular file (a character device)")
    Path("latin1.txt").write_bytes("Qc Kc Ac \xe9\n".encode("latin-1"))
    _fails([*args, "latin1.txt"], "not UTF-8 text")
    Path("big.txt").write_bytes(b"#" * ((16 << 20) + 1))
    _fails([*args, "big.txt"], "too big")


@pytest.mark.parametrize("leader", ["1e400", "true", "1.9", "4", "-1"])
def test_item7_a_leader_is_a_whole_seat_number(sandbox: Path, leader: str) -> None:
    Path("deal.jsonl").write_text('{"hands": ["Ah Kh Jk1", "Qh Jh Th", "9h 8h 7h", "Ac Kc Qc"], '
                                  f'"trump": "h", "leader": {leader}}}\n')
    _fails(["tricks", "solve", "--input", "deal.jsonl"], "line 1: leader must be a seat 0..3")


def test_item3_long_kernels_run_in_short_pieces() -> None:
    """A batch kernel is called on slices sized by the time they take, and gives one call's result."""
    import time

    from analyzer.pieces import in_pieces

    calls: list[int] = []

    def slow(rows: np.ndarray, scale: int) -> np.ndarray:
        calls.append(len(rows))
        time.sleep(0.001 * len(rows))
        return rows * scale

    got = in_pieces(slow, (np.arange(1000),), 2, seconds=0.05)  # 1 s of sleep: ~20 calls
    assert got.tolist() == (np.arange(1000) * 2).tolist()
    assert len(calls) > 5 and max(calls) <= 200, calls  # about 50 ms each: Ctrl-C is seen between them
    assert in_pieces(slow, (np.arange(0),), 2).tolist() == []


def test_item3_and_9_situations_are_dealt_in_bounded_pieces_with_the_same_numbers() -> None:
    from analyzer.games.stud import options_edge as oe

    rng = np.random.default_rng(np.random.SeedSequence([5, 16]))
    cards = np.argsort(rng.random((70_000, 53)), axis=1)[:, :6]  # the one-shot deal it replaces
    hands, ups = oe.deal_situations(53, 70_000, 5)
    assert (hands == np.sort(cards[:, :5], axis=1)).all() and (ups == cards[:, 5]).all()
    assert oe._DEAL_ROWS < 70_000


def test_item4_options_edge_refuses_a_game_without_options_before_computing() -> None:
    _fails(["stud", "options-edge", "--game", "j-poker", "--situations", "2", "--screen", "20"],
           "has neither a draw nor a buy-the-joker option")


def _forge(totals: np.ndarray, index: int, delta: int) -> np.ndarray:
    bad = totals.copy()
    bad[index] += delta
    return bad


def test_item5_forged_totals_are_refused_by_every_new_task() -> None:
    """Each task's ``check_totals`` accepts totals it can produce and refuses forged ones (a count
    that does not add up to the trials, a part larger than its whole)."""
    from analyzer.games.durak.odds import OddsTask
    from analyzer.games.durak.simulate import DurakTask
    from analyzer.games.durak.strength import StrengthTask
    from analyzer.games.rummy.odds import OpenTask
    from analyzer.games.rummy.points import NBINS, PointsTask
    from analyzer.games.rummy.turns import TurnsTask
    from analyzer.games.tricks.analysis.bidding import BidTask
    from analyzer.games.tricks.analysis.selfplay import PlayTask

    z = np.zeros(1, np.int64)
    trials = 40
    # rummy open: every hand in one cell of the (jokers, value) table
    t = np.zeros(800, np.int64)
    t[[3, 60, 461]] = [20, 15, 5]
    task = OpenTask(z, 14, 3)
    assert task.check_totals(t, trials) is None
    assert "40" in str(task.check_totals(_forge(t, 3, 1), trials))
    assert task.check_totals(np.zeros(800, np.int64), trials) is not None  # the all-zero table of the issue
    # rummy turns: every histogram row counts each deal (rotated: once per seat)
    for rotate, k in ((False, 1), (True, 2)):
        turns = TurnsTask(z, np.zeros(2, np.int64), 3, 5, rotate=rotate)
        t = np.zeros(5 * 7, np.int64)
        t[::7] = k * trials
        assert turns.check_totals(t, trials) is None
        assert turns.check_totals(_forge(t, 7, -1), trials) is not None
    # rummy points: each score histogram plus the blocked deals, and the rounds
    pts = PointsTask(z, np.zeros(2, np.int64), 3, 100, 10, False)
    t = np.zeros(4 * NBINS + 1 + 40, np.int64)
    t[[0, NBINS, 2 * NBINS, 3 * NBINS]] = trials - 4
    t[4 * NBINS] = 4
    t[4 * NBINS + 3] = trials
    assert pts.check_totals(t, trials) is None
    assert pts.check_totals(_forge(t, 4 * NBINS, 1), trials) is not None
    # durak simulate: one fool, draw or abort per game (the ZeroDivisionError came from zeros)
    sim = DurakTask(z, z, 3, z, 1, z)
    t = np.zeros(40, np.int64)
    t[[0, 1, 2, 6]] = [10, 10, 15, 5]
    assert sim.check_totals(t, trials) is None
    assert sim.check_totals(np.zeros(40, np.int64), trials) is not None
    assert sim.check_totals(_forge(t, 6, 1), trials) is not None
    # durak odds: games, and parts no larger than their wholes
    odds = OddsTask(z, z, 0, z, z, 2, z, 1, z)
    t = np.array([trials, 10, 1, 0, 20, 6, 100, 300], np.int64)
    assert odds.check_totals(t, trials) is None
    assert odds.check_totals(_forge(t, 5, 15), trials) is not None
    # durak strength: deals, and n games per deal
    n = 2
    st_task = StrengthTask(z, z, n, z, 1, z)
    t = np.zeros(n + n * n + 3, np.int64)
    t[[0, 1, n + n * n, n + n * n + 2]] = [40, 38, 2, trials]
    assert st_task.check_totals(t, trials) is None
    assert st_task.check_totals(_forge(t, n + n * n + 2, 1), trials) is not None
    # tricks play: bid and trick histograms per seat, bids made at most the deals
    p, nb = 2, 4
    play = PlayTask(z, z, p, 3, z, bins=nb)
    t = np.zeros(p * (3 + 2 * nb), np.int64)
    for h in range(2 * p):
        t[3 * p + h * nb] = trials
    t[2 * p] = 10
    assert play.check_totals(t, trials) is None
    assert "games" not in str(play.check_totals(_forge(t, 3 * p, 1), trials))
    assert play.check_totals(_forge(t, 2 * p, trials), trials) is not None
    games = PlayTask(z, z, p, 3, z, games=True)
    t = np.zeros(5 * p + 1 + 4 * p, np.int64)
    t[5 * p], t[2 * p] = trials, 30
    assert games.check_totals(t, trials) is None
    assert games.check_totals(_forge(t, 5 * p, 1), trials) is not None  # the "games 4001"
    assert games.check_totals(_forge(t, 2 * p, 11), trials) is not None
    # tricks bid: every legal bid played out on each sample
    bid = BidTask(z, z, 0, 0, -1, 0, z, np.array([0, 1, 2]), 4, 2, 2, 0, z, 0, False, False)
    w = bid.tricks + 4
    t = np.zeros(3 * w + 2, np.int64)
    for j in range(3):
        t[j * w + 3 + j] = trials
    assert bid.check_totals(t, trials) is None
    assert bid.check_totals(_forge(t, w + 3, 1), trials) is not None


def test_item5_a_forged_checkpoint_is_refused_through_the_cli(sandbox: Path) -> None:
    args = ["rummy", "open", "--trials", "300", "--chunk-size", "100", "--checkpoint", "c.json", "--quiet",
            "--format", "csv"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    data = json.loads(Path("c.json").read_text())
    data["totals"] = [0] * len(data["totals"])  # all zeros: the ZeroDivisionError
    Path("c.json").write_text(json.dumps(data))
    _fails(args, "inconsistent", "one per trial")


@pytest.mark.parametrize(("args", "words"), [
    (["tricks", "score", "--cards", "5", "--bid", "2", "--took", "2", "--rule", "score_zero=" + "9" * 20],
     ("score_zero", "1,000,000")),
    (["tricks", "score", "--cards", "5", "--bid", "2", "--took", "2", "--rule",
      "score_exact_per_trick=9223372036854775807"], ("score_exact_per_trick",)),
    (["tricks", "score", "--cards", "5", "--bid", "2", "--took", "2", "--rule", "hisht_by_set=1,2,3," + "9" * 20],
     ("hisht_by_set",)),
    (["durak", "rules", "--rule", "max_attack=" + "9" * 20], ("max_attack",)),
    (["durak", "rules", "--rule", "first_bout_limit=" + "9" * 20], ("first_bout_limit",)),
    (["durak", "simulate", "--budget", "9" * 20], ("--budget",)),
    (["durak", "play", "--budget", "9" * 20], ("--budget",)),
    (["durak", "strength", "--budget", "9" * 20], ("--budget",)),
    (["tricks", "play", "--budget", "9" * 20], ("--budget",)),
    (["tricks", "bid", "--hand", "Ah", "--budget", "9" * 20], ("--budget",)),
    (["tricks", "strength", "--cards", "3", "--endgame", "9" * 20], ("--endgame",)),
    (["stud", "options", "Ah Kh Qh 9h 2c", "--up", "5d", "--draw-fee", "1e400"], ("--draw-fee", "at most")),
    (["stud", "options-edge", "--joker-fee", "1e400"], ("--joker-fee",)),
    (["stud", "upcard", "9h 9d 7h 4s 2c", "--up", "Ad", "--fee", "1e400"], ("--fee",)),
    (["stud", "upcard-edge", "--fee", "1e400"], ("--fee",)),
], ids=lambda v: v[-1][:20] if isinstance(v, list) else None)
def test_item6_numbers_past_64_bits_are_refused(args: list[str], words: tuple[str, ...]) -> None:
    _fails(args, *words)


def test_item8_a_forged_table_cache_is_rebuilt(tmp_path: Path) -> None:
    """A cache of -1 scores (checksum recomputed) fails the rule-set check; the real table passes."""
    from analyzer.rules import get_rules
    from analyzer.scoretable import score_table, scores_in_range, table_spec
    from analyzer.tablecache import _encode, _key_digest, load_cached, table_path

    rules = get_rules("joker-wild")
    deck = rules.deck_spec(None)
    key, shape, max_w = table_spec(rules, deck, 5)
    table, _ = score_table(rules, deck, 5)
    check = scores_in_range(len(rules.order), 5, deck.lowest_rank, max_w)
    assert check(table) is None
    forged = np.full_like(table, -1)
    assert check(forged) is not None
    blanked = table.copy()
    blanked[blanked == blanked[blanked >= 0].min()] = -1  # every lowest score blanked
    assert check(blanked) is not None
    table_path(key, tmp_path).write_bytes(_encode(forged, _key_digest(key)))
    assert load_cached(key, tmp_path, shape=shape, dtype=np.int32, check=check) is None
    assert load_cached(key, tmp_path, shape=shape, dtype=np.int32) is not None  # the checksum alone passes


@pytest.mark.parametrize("args", [
    ["tricks", "play", "--deals", str(10**9)], ["tricks", "bid", "--hand", "Ah", "--samples", str(10**11)],
    ["tricks", "strength", "--cards", "3", "--deals", str(10**8)], ["durak", "simulate", "--games", str(10**9)],
    ["durak", "sweep", "--games", str(10**9)], ["rummy", "open", "--trials", str(10**11)],
    ["rummy", "points", "--trials", str(10**8)], ["tricks", "joker-value", "--cards", "3", "--deals", str(10**9)],
    ["tricks", "play", "--target-rel-se", "0.01", "--max-trials", str(10**9)],
])
def test_item9_run_sizes_have_ceilings_and_force_lifts_them(args: list[str]) -> None:
    _fails(args, "add --force")
    r = CliRunner().invoke(main, [*args, "--force", "--format", "nosuch"])  # past the ceiling, stopped elsewhere
    assert r.exit_code == 2 and "--force" not in r.stderr, r.stderr
    _fails([*args[:-1], str(10**20)], "not in the range")


def test_item9_options_edge_screen_is_bounded() -> None:
    _fails(["stud", "options-edge", "--screen", str(10**7)], "--screen")


@pytest.mark.parametrize(("args", "words"), [
    (["tricks", "play", "--cards", "3", "--k", "8"], ("--k does not apply", "pimc")),
    (["tricks", "strength", "--cards", "3", "--a", "heuristic", "--b", "random", "--budget", "5000"],
     ("--budget does not apply",)),
    (["tricks", "bid", "--hand", "Ah", "--exact", "--samples", "10"], ("--samples does not apply",)),
    (["tricks", "bid", "--hand", "Ah", "--endgame", "3"], ("--endgame does not apply", "pimc")),
    (["tricks", "bid", "--hand", "Ah", "--exact", "--seed", "3"], ("--seed does not apply",)),
    (["durak", "simulate", "--budget", "5"], ("--budget does not apply", "search")),
    (["durak", "strength", "--lineup", "heuristic,random", "--pair", "search:heuristic"], ("--pair does not apply",)),
    (["rummy", "best", "Qc Kc Ac", "--format", "json", "--columns", "nosuch"], ("--columns does not apply",)),
    (["tricks", "play", "--rule", "hook=off", "--rule", "hook=tricks"], ("hook given twice",)),
    (["tricks", "play", "--policy-seat", "0=random", "--policy-seat", "0=heuristic"], ("given twice",)),
    (["durak", "simulate", "--policy-seat", "1=random", "--policy-seat", "01=heuristic"], ("given twice",)),
    (["durak", "rules", "--rule", "max_attack=3", "--rule", "max_attack=4"], ("given twice",)),
    (["durak", "simulate", "--players", "4", "--rule", "players=3"], ("contradict",)),
    (["durak", "simulate", "--deck", "36", "--rule", "deck=52+2"], ("contradict",)),
    (["durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", ""], ("bad --trump",)),
    (["durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "cd"], ("bad --trump",)),
    (["durak", "sweep", "--players", ""], ("at least one player count",)),
    (["durak", "sweep", "--players", "2", "--rule", "players=3"], ("contradicts --players",)),
    (["rummy", "best", "Qc Kc Ac", "--deck", "52"], ("whole 52-card packs",)),
    (["rummy", "best", "Qc Kc Ac", "--deck", "2x52+3"], ("whole 52-card packs",)),
    (["tricks", "play", "--game", "joker-54", "--cards", "9"], ("cards must be 1..8",)),
    (["tricks", "bid", "--game", "joker-54", "--hand", "Ah", "--cards", "18"], ("cards must be 1..",)),
    (["calling", "--calls", "Jk A K", "--deck", "52"], ("joker call needs a deck with jokers",)),
    (["eval", "Jk 2s 3d 4h 6c", "--low-ace", "high_or_low"], ("--low-ace does not apply",)),
    (["freq", "--exact", "--low-ace", "high_or_low"], ("--low-ace does not apply",)),
], ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else None)
def test_item10_ignored_and_contradictory_options_are_refused(args: list[str], words: tuple[str, ...]) -> None:
    _fails(args, *words)


def test_item5_forged_totals_are_refused_by_the_other_tasks() -> None:
    from analyzer.games.calling.sample import CallingTask
    from analyzer.games.stud.location import LocationTask
    from analyzer.games.tricks.analysis.joker_value import WIDTH, JokerValueTask
    from analyzer.games.tricks.analysis.strength import StrengthTask
    from analyzer.games.videopoker.montecarlo import VideoPokerTask

    z = np.zeros(1, np.int64)
    trials = 30
    calling = CallingTask(z, np.zeros(3, np.int64))  # 3 calls: two histograms of 4
    t = np.array([20, 8, 2, 0, 20, 5, 3, 2], np.int64)
    assert calling.check_totals(t, trials) is None
    assert calling.check_totals(_forge(t, 5, 1), trials) is not None
    vp = VideoPokerTask(52, z, z, z, 9, z)
    t = np.zeros(18, np.int64)
    t[[0, 4, 9, 14]] = [10, 20, 25, 5]
    assert vp.check_totals(t, trials) is None
    assert vp.check_totals(_forge(t, 14, 1), trials) is not None
    loc = LocationTask(1, 1, 3)
    t = np.array([10, 1, 0, 2, 17], np.int64)
    assert loc.check_totals(t, trials) is None
    assert loc.check_totals(_forge(t, 4, -1), trials) is not None
    strength = StrengthTask(z, z, 2, 3, 2, 1, z)
    t = np.zeros(2 + 4 * 2 + 2, np.int64)
    t[-1] = trials
    assert strength.check_totals(t, trials) is None
    assert strength.check_totals(_forge(t, -1, 1), trials) is not None
    jv = JokerValueTask(z, z, 2, 3, z, -1)
    t = np.zeros(2 * WIDTH, np.int64)
    t[[0, WIDTH]] = [12, 18]
    assert jv.check_totals(t, trials) is None
    assert jv.check_totals(_forge(t, WIDTH, 1), trials) is not None
