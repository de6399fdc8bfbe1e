"""Hostile inputs, one test per case: untrusted files are checked before use, writes go only
where asked, no option is silently ignored, Ctrl-C lands quickly, error lines stay short."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer import tablecache
from analyzer.cli import main
from analyzer.io import UnsafeFileError, atomic_write_text, check_output_path, read_untrusted_text

HAND = "Qs Qd 9h 5c Jk"


def cli(*args: str, stdin: str | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input=stdin)
    return r.exit_code, r.output


def one_error(code: int, out: str, *words: str) -> None:
    """Exit 2, exactly one line ``Error: …`` naming ``words``, no traceback."""
    assert code == 2, out
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), out
    assert "Traceback" not in out
    for w in words:
        assert w in lines[0], (w, lines[0])


# ---- untrusted reads ------------------------------------------------------------------------

def test_read_refuses_fifo_device_and_big_files(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2000)
    with pytest.raises(UnsafeFileError, match="a FIFO"):
        read_untrusted_text(fifo)
    with pytest.raises(UnsafeFileError, match="a character device"):
        read_untrusted_text("/dev/zero")
    with pytest.raises(UnsafeFileError, match="too big"):
        read_untrusted_text(big, max_bytes=1000)
    assert read_untrusted_text(big, max_bytes=2000) == "#" * 2000


@pytest.mark.parametrize("command", [
    ("videopoker", "analyze", "--paytable"), ("stud", "analyze", "--game"), ("simulate",),
    ("eval", "--input"),
])
@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_commands_refuse_fifo_and_devices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          command: tuple[str, ...], target: str) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    code, out = cli(*command, target)
    one_error(code, out, "not a regular file")


# ---- the table cache ------------------------------------------------------------------------

def _build() -> np.ndarray:
    return np.arange(10, dtype=np.int32)


def test_cache_header_mismatches_are_rebuilt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = {"case": "header"}
    path = tablecache.table_path(key, tmp_path)
    good = tablecache.load_or_build(key, _build, tmp_path, shape=(10,), dtype=np.int32)
    blob = path.read_bytes()
    end = blob.index(b"\n") + 1
    header = json.loads(blob[len(tablecache.MAGIC) + 1:end - 1])
    for bad, why in [
        (np.zeros(3, np.int32).tobytes(), "no table header"),  # what np.save of zeros(3) amounts to
        (blob[:-4], "truncated"),
        (blob[:end] + bytes([blob[end] ^ 1]) + blob[end + 1:], "checksum"),
        (blob.replace(b'"version": 2', b'"version": 1'), "version"),
        (tablecache.MAGIC + b" " + json.dumps({**header, "shape": [3]}).encode() + b"\n" + blob[end:end + 12],
         "shape (3,), expected (10,)"),
    ]:
        path.write_bytes(bad)
        tablecache._warned.clear()
        again = tablecache.load_or_build(key, _build, tmp_path, shape=(10,), dtype=np.int32)
        assert again.tolist() == good.tolist()
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and why in err and "rebuilding" in err, err
        assert path.read_bytes() == blob  # rewritten whole


def test_cache_value_check_and_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = {"case": "values"}
    tablecache.load_or_build(key, lambda: np.full(4, 99, np.int32), tmp_path)
    tablecache._warned.clear()
    got = tablecache.load_or_build(key, _build, tmp_path, check=lambda t: "too big" if t.max() > 50 else None)
    assert got.tolist() == list(range(10)) and "too big" in capsys.readouterr().err
    fifo_key = {"case": "fifo"}
    os.mkfifo(tablecache.table_path(fifo_key, tmp_path))
    assert tablecache.load_or_build(fifo_key, _build, tmp_path).tolist() == list(range(10))
    assert "a FIFO" in capsys.readouterr().err


def test_corrupted_cache_file_is_detected_and_rebuilt_by_the_cli(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer import scoretable

    monkeypatch.setenv("JOKER_ODDS_CACHE", str(tmp_path))
    scoretable.score_table.cache_clear()
    code, first = cli("eval", HAND, "--rules", "bug", "--format", "csv")
    assert code == 0, first
    (path,) = tmp_path.glob("table-*.bin")
    path.write_bytes(np.zeros(3, np.int32).tobytes())  # the SIGABRT case
    scoretable.score_table.cache_clear()
    tablecache._warned.clear()
    r = CliRunner().invoke(main, ["eval", HAND, "--rules", "bug", "--format", "csv"])
    scoretable.score_table.cache_clear()
    assert r.exit_code == 0
    assert r.stdout == first
    assert "rebuilding" in r.stderr and r.stderr.count("\n") == 1
    assert path.read_bytes().startswith(tablecache.MAGIC)


# ---- checkpoints ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def good_checkpoint(tmp_path_factory: pytest.TempPathFactory) -> dict:
    path = tmp_path_factory.mktemp("ck") / "run.ckpt"
    code, out = cli("freq", "--rules", "standard", "--trials", "1000", "--chunk-size", "500",
                    "--checkpoint", str(path), "--quiet", "--format", "csv")
    assert code == 0, out
    return json.loads(path.read_text())


@pytest.mark.parametrize(("edit", "why"), [
    (lambda d: [], "not a JSON object"),
    (lambda d: {**d, "totals": d["totals"][:3]}, "shape (3,)"),
    (lambda d: {**d, "totals": ["5"] * len(d["totals"])}, "64-bit whole numbers"),
    (lambda d: {**d, "totals": [10**30] * len(d["totals"])}, "64-bit whole numbers"),
    (lambda d: {**d, "totals": [-5] * len(d["totals"])}, "negative counts"),
    (lambda d: {**d, "trials_done": -1}, "trials_done must be a whole number"),
    (lambda d: {**d, "trials_done": 999}, "trials_done 999 does not match"),
    (lambda d: {**d, "chunks_done": 1}, "does not match 1 chunks"),
    (lambda d: {**d, "totals": [d["totals"][0] + 1, *d["totals"][1:]]}, "not 1,000 hands"),
    (lambda d: {**d, "elapsed": "soon"}, "elapsed must be seconds"),
    (lambda d: {**d, "stop_reason": "x" * 500}, "unknown stop_reason"),
])
def test_bad_checkpoints_are_refused_in_one_line(tmp_path: Path, good_checkpoint: dict, edit, why: str) -> None:
    path = tmp_path / "bad.ckpt"
    path.write_text(json.dumps(edit(dict(good_checkpoint))))
    before = path.read_bytes()
    code, out = cli("freq", "--rules", "standard", "--trials", "1000", "--chunk-size", "500",
                    "--checkpoint", str(path), "--quiet")
    one_error(code, out, "checkpoint", why)
    assert len(out) < 300 and path.read_bytes() == before


# ---- pay tables, games, studies -------------------------------------------------------------

PAYTABLE = 'name = "t"\nrules = "standard"\n'


@pytest.mark.parametrize(("lines", "why"), [
    ('[[line]]\nhand = "pair"\npays = inf\n', "pays must be a number >= 0, got inf"),
    ('[[line]]\nhand = "pair"\npays = 1e300\n', "pays must be at most 1,000,000"),
    ('[[line]]\nhand = "pair"\npays = nan\n', "pays must be a number >= 0, got nan"),
    ("".join(f'[[line]]\nname = "l{i}"\nhand = "pair"\npays = 1\n' for i in range(130)), "at most 32"),
])
def test_paytable_numbers_and_line_counts_are_bounded(tmp_path: Path, lines: str, why: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(PAYTABLE + lines)
    code, out = cli("videopoker", "analyze", "--paytable", str(path))
    one_error(code, out, why)


@pytest.mark.parametrize(("value", "why"), [("inf", "is not a number"), ("1e300", "beyond"),
                                            ("nan", "is not a number"), ('"1/0"', "is not a number")])
def test_stud_game_numbers_are_finite_and_bounded(tmp_path: Path, value: str, why: str) -> None:
    from analyzer.games.stud.game import GAMES_DIR

    text = (GAMES_DIR / "caribbean.toml").read_text().replace("bet = 2", f"bet = {value}", 1)
    assert f"bet = {value}" in text
    path = tmp_path / "g.toml"
    path.write_text(text)
    code, out = cli("stud", "analyze", "--game", str(path))
    one_error(code, out, "'bet'", why)


STUDY = ('seed = 1\n{output}[rules]\npreset = "standard"\n[run]\ntrials = 2000\n'
         '[[estimate]]\nkind = "hand_frequencies"\ncompare_exact = false\n')


@pytest.mark.parametrize("output", ["/tmp/joker-odds-escape", "../escape", "a/../../escape"])
def test_study_output_must_stay_under_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         output: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    Path("s.toml").write_text(STUDY.format(output=f'output = "{output}"\n'))
    code, out = cli("simulate", "s.toml", "--quiet")
    one_error(code, out, "output", "not a relative path under the current folder", "--out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]
    assert not Path("/tmp/joker-odds-escape").exists()


def test_study_output_elsewhere_when_out_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("s.toml").write_text(STUDY.format(output='output = "/nowhere/at/all"\n'))
    code, out = cli("simulate", "s.toml", "--quiet", "--out", str(tmp_path / "mine"))
    assert code == 0, out
    assert (tmp_path / "mine" / "tables" / "5-card.json").is_file()
    Path("r.toml").write_text(STUDY.format(output='output = "sub/study"\n'))
    code, out = cli("simulate", "r.toml", "--quiet")
    assert code == 0 and (tmp_path / "sub" / "study" / "index.html").is_file(), out


# ---- writes ---------------------------------------------------------------------------------

def test_out_refuses_empty_symlink_fifo_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("target.txt").write_text("keep")
    Path("link").symlink_to("target.txt")
    os.mkfifo("fifo")
    for out, why in [("", "empty path"), ("link", "symbolic link"), ("fifo", "a FIFO"),
                     ("/dev/null", "character device"), ("/dev/stdout", "symbolic link")]:
        code, text = cli("eval", HAND, "--out", out)
        one_error(code, text, "--out", why)
    assert Path("link").is_symlink() and Path("target.txt").read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "link", "target.txt"]
    code, text = cli("report", "--out", "")
    one_error(code, text, "empty path")
    with pytest.raises(UnsafeFileError):
        atomic_write_text(tmp_path / "link", "x")
    check_output_path(tmp_path / "target.txt")


def test_dash_is_stdout_for_out_and_stdin_for_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = cli("eval", "--input", "-", "--out", "-", "--format", "csv", stdin=HAND + "\n# comment\n")
    assert code == 0, out
    assert out.splitlines()[1].startswith("Qs Qd 9h 5c Jk,")
    assert list(tmp_path.iterdir()) == []
    code, out = cli("videopoker", "analyze", "--paytable", "jacks-or-better-9-6", "--out", "-")
    one_error(code, out, "this command writes a folder")


# ---- options that do not apply, ranges ------------------------------------------------------

@pytest.mark.parametrize(("args", "why"), [
    (("pot", "limit", "--pot", "7", "--players", "-3"), "from 1 to 10"),
    (("pot", "limit", "--pot", "7", "--players", "2.5"), "from 1 to 10"),
    (("pot", "limit", "--pot", "7", "--players", ""), "a count or names"),
    (("pot", "limit", "--pot", "7", "--players", "1000000"), "from 1 to 10"),
    (("pot", "limit", "--pot", "7", "--players", "A,A"), "different players"),
    (("pot", "limit", "--pot", "7", "--players", "3", "--ante", "5"), "--ante does not apply"),
    (("pot", "split", "--stack", "A=100", "--stack", "B=100", "B bet 10", "B raise 10"),
     "B acts out of turn: A is next"),
    (("pot", "split", "--stack", "A=100", "--stack", "B=100", "A bet 10", "B call", "A check"),
     "the betting round is over"),
    (("pot", "split", "--stack", "A=100", "--put", "B=10"), "--stack does not apply"),
    (("pot", "split", "--put", "A=10", "--put", "B=10", "--high-low"), "--high-low does not apply"),
    (("pot", "split", "--put", "A=10", "--put", "B=10", "--fold", "C"), "'C', who is not among the players"),
    (("pot", "split", "--put", "A=10", "--put", "B=10", "--hand", "C=As Ks Qs Js Ts"), "--hand names 'C'"),
    (("stud", "analyze", "--game", "caribbean", "--method", "sampled"), "--method sampled does not apply"),
    (("stud", "analyze", "--game", "caribbean", "--trials", "5000"), "--trials does not apply"),
    (("stud", "analyze", "--game", "caribbean", "--seed", "3"), "--seed does not apply"),
    (("stud", "analyze", "--game", "j-poker", "--method", "exact", "--trials", "9"), "--trials does not apply"),
    (("stud", "exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "j-poker", "--fees", "1"),
     "exchanges up to 2 cards"),
    (("stud", "analyze", "--game", "j-poker", "--trials", str(10**9)), "--trials"),
    (("freq", "--trials", str(10**13)), "--trials"),
    (("calling", "--repeat", str(10**9)), "--repeat"),
    (("freq", "--target-se", "nan", "--max-trials", "1000"), "nan is not a finite number"),
    (("freq", "--target-rel-se", "0.1", "--max-time", "inf"), "inf is not a finite number"),
])
def test_options_that_do_not_apply_or_exceed_ranges(args: tuple[str, ...], why: str) -> None:
    code, out = cli(*args)
    one_error(code, out, why)


def test_error_lines_quote_little_of_a_huge_input() -> None:
    code, out = cli("eval", " ".join(["As"] * 10_000))
    one_error(code, out, "10000 cards")
    assert len(out) < 200


# ---- interrupts -----------------------------------------------------------------------------

def test_pieces_give_the_whole_chunk_to_the_last_bit() -> None:
    from analyzer.backends import PIECE, compute_chunk
    from analyzer.engine import chunk_state
    from analyzer.evaluator import Evaluator
    from analyzer.frequencies import FreqTask

    task = FreqTask.from_evaluator(Evaluator("joker-wild"))
    n = 2 * PIECE + 12_345
    whole = task.run_chunk(chunk_state(11, 3), n)
    pieces = compute_chunk(task, 11, 3, n, threading.Event())
    assert pieces.tolist() == whole.tolist() and int(whole.sum()) == n


@pytest.mark.parametrize("checkpoint", [False, True])
def test_ctrl_c_lands_within_a_second_whatever_the_chunk_size(tmp_path: Path, checkpoint: bool) -> None:
    from analyzer.engine import RunInterrupted, run
    from analyzer.evaluator import Evaluator
    from analyzer.frequencies import FreqTask

    task = FreqTask.from_evaluator(Evaluator("standard"))
    run(task, trials=10, seed=0, chunk_size=10, workers=1)  # compiled before the clock starts
    sent: list[float] = []

    def interrupt() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises((KeyboardInterrupt, RunInterrupted)) as exc:
            run(task, trials=10**11, seed=0, chunk_size=10**10, workers=2, quiet=True,
                checkpoint=tmp_path / "c.ckpt" if checkpoint else None)
    finally:
        timer.cancel()
    assert time.perf_counter() - sent[0] < 1.0
    assert isinstance(exc.value, RunInterrupted) == checkpoint


# ---- the report swap ------------------------------------------------------------------------

class _FakeSpec:
    def __init__(self, name: str, fail: bool) -> None:
        self.name, self.title, self.fail = name, name.title(), fail

    def build(self):
        from analyzer.report.study import Study

        if self.fail:
            raise KeyboardInterrupt
        study = Study(self.name, self.title)
        study.text("new")
        return study


def test_interrupted_report_leaves_the_previous_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.report as report

    out = tmp_path / "reports"
    (out / "old").mkdir(parents=True)
    (out / "index.html").write_text("previous")
    (out / "old" / "index.html").write_text("old study")
    monkeypatch.setattr(report, "build_study", lambda spec: spec.build())
    with pytest.raises(KeyboardInterrupt):
        report.build_report(out, [_FakeSpec("one", False), _FakeSpec("two", True)])
    assert (out / "index.html").read_text() == "previous" and not (out / "one").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reports"]
    report.build_report(out, [_FakeSpec("one", False)])
    assert (out / "one" / "index.html").is_file() and (out / "old" / "index.html").read_text() == "old study"
    assert "one" in (out / "index.html").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reports"]


@pytest.mark.parametrize(("args", "why"), [
    (("freq", "--exact", "--seed", "5"), "--exact enumerates every hand"),
    (("calling", "--seed", "4"), "Monte Carlo run (--trials N)"),
    (("stud", "location", "--seed", "3"), "Monte Carlo check (--trials N)"),
    (("freq", "--exact", "--trials", "100"), "exactly one of --exact or --trials"),
])
def test_seed_without_sampling_is_refused(args: tuple[str, ...], why: str) -> None:
    code, out = cli(*args)
    one_error(code, out, why)
