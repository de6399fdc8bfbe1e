"""CLI: ``freq`` engine options and ``simulate STUDY.toml`` (CliRunner, exact one-line errors)."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer import frequencies
from analyzer.cli import main
from analyzer.frequencies import exact_frequencies
from analyzer.studies import load_study

ROOT = Path(__file__).resolve().parents[1]
GOOD = """\
title = "tiny"
seed = 5
[rules]
preset = "joker-wild"
deck = "52+1"
[run]
trials = 30_000
chunk_size = 10_000
[[estimate]]
kind = "hand_frequencies"
cards = 5
[[estimate]]
name = "seven"
kind = "hand_frequencies"
cards = 7
"""


def cli(*args: str) -> object:
    return CliRunner().invoke(main, list(args), standalone_mode=True)


def freq_json(*args: str) -> dict:
    res = cli("freq", "--deck", "52+1", "--format", "json", *args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_freq_fixed_trials_reports_the_run() -> None:
    data = freq_json("--trials", "30000", "--seed", "3", "--chunk-size", "10000")
    assert (data["trials"], data["chunks"], data["stop"], data["total"]) == (30_000, 3, "trials", 30_000)
    assert (data["seed"], data["chunk_size"]) == (3, 10_000)  # all it takes to reproduce the numbers
    assert sum(r["count"] for r in data["rows"]) == 30_000 and data["max_se"] > 0
    # five of a kind (1 in 220,000) is unseen here: its relative SE is infinite, null in strict JSON
    assert data["rows"][0]["count"] == 0 and data["max_rel_se"] is None


def test_freq_precision_target_and_caps() -> None:
    data = freq_json("--target-rel-se", "0.4", "--max-trials", "3000000", "--chunk-size", "50000")
    assert data["stop"] == "target" and data["max_rel_se"] <= 0.4 and data["trials"] % 200_000 == 0
    capped = freq_json("--target-se", "1e-6", "--max-trials", "120000", "--chunk-size", "50000")
    assert (capped["stop"], capped["trials"]) == ("max_trials", 120_000) and capped["max_se"] > 1e-6
    timed = freq_json("--target-se", "1e-6", "--max-time", "0.2", "--chunk-size", "5000", "--quiet")
    assert timed["stop"] == "max_time" and timed["trials"] % 5_000 == 0


def test_freq_backends_give_identical_numbers() -> None:
    args = ("--trials", "60000", "--seed", "8", "--chunk-size", "10000")
    local1 = freq_json(*args, "--workers", "1")
    assert freq_json(*args, "--backend", "local", "--workers", "2")["rows"] == local1["rows"]
    # one spawned process (each imports the package, ~1 CPU-s): the options reach the process pool;
    # two processes merging chunks in order: test_engine.py::test_process_pool_is_bit_identical
    assert freq_json(*args, "--backend", "processes", "--workers", "1")["rows"] == local1["rows"]


def test_freq_dask_scheduler_address() -> None:
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                      host="127.0.0.1", dashboard_address=None) as cluster:
        args = ("--trials", "40000", "--seed", "8", "--chunk-size", "10000")
        via_dask = freq_json(*args, "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert via_dask["rows"] == freq_json(*args)["rows"]


@pytest.mark.parametrize(("args", "message"), [
    ([], "Error: give exactly one of --exact or --trials N, or a precision target (--target-se / --target-rel-se)"),
    (["--exact", "--trials", "5"],
     "Error: give exactly one of --exact or --trials N, or a precision target (--target-se / --target-rel-se)"),
    (["--trials", "5", "--target-se", "0.1"],
     "Error: give exactly one of --exact or --trials N, or a precision target (--target-se / --target-rel-se)"),
    (["--exact", "--max-trials", "5"],
     "Error: engine options (--max-trials, --checkpoint, …) apply to Monte Carlo runs only"),
    (["--target-rel-se", "0.1"], "Error: a precision target needs a cap: max_trials or max_time"),
    (["--trials", "10", "--max-trials", "20"],
     "Error: max_trials caps a precision target; with a fixed trials count drop it"),
    (["--trials", "10", "--scheduler", "tcp://127.0.0.1:1"],
     "Error: a scheduler address needs the dask backend, not 'local'"),
    (["--target-se", "0", "--max-trials", "5"],
     "Error: Invalid value for '--target-se': 0.0 is not in the range x>0."),
    (["--trials", "10", "--backend", "gpu"],
     "Error: Invalid value for '--backend': 'gpu' is not one of 'local', 'processes', 'dask'."),
    (["--trials", "10", "--workers", "0"],
     "Error: Invalid value for '--workers': 0 is not in the range x>=1."),
])
def test_freq_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    res = cli("freq", "--deck", "52+1", *args)
    assert res.exit_code == 2
    assert res.stderr.strip() == message


def test_freq_checkpoint_interrupt_resume_and_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: a long one is shortened in the messages
    ck = Path("freq.ckpt")
    args = ("--trials", "150000", "--seed", "4", "--chunk-size", "10000", "--workers", "1")
    original = frequencies.FreqTask.run_chunk
    calls = []

    def interrupting(self, state, n):  # a simulated Ctrl-C after the third chunk
        out = original(self, state, n)
        calls.append(n)
        if len(calls) == 3:
            signal.raise_signal(signal.SIGINT)
        return out

    monkeypatch.setattr(frequencies.FreqTask, "run_chunk", interrupting)
    res = cli("freq", "--deck", "52+1", "--format", "json", *args, "--checkpoint", str(ck))
    assert res.exit_code == 130
    assert res.stderr.startswith("Interrupted: stopped after ") and res.stderr.count("\n") == 1
    assert f"; checkpoint {ck} resumes it" in res.stderr
    saved = json.loads(ck.read_text())
    # the chunk the interrupt arrived in may or may not be counted (when Python runs the handler)
    assert 2 <= saved["chunks_done"] < 15 and not saved["complete"]
    monkeypatch.setattr(frequencies.FreqTask, "run_chunk", original)
    resumed = freq_json(*args, "--checkpoint", str(ck))
    assert resumed == freq_json(*args)
    refused = cli("freq", "--deck", "52+1", "--trials", "150000", "--seed", "5", "--chunk-size", "10000",
                  "--checkpoint", str(ck))
    assert refused.exit_code == 2
    assert refused.stderr.strip() == (f"Error: checkpoint {ck} was written by a run with other arguments "
                                      "(seed 4 there vs 5 now); use another path or delete it")


def test_checkpoint_of_other_rules_is_refused_in_words(tmp_path: Path) -> None:
    ck = tmp_path / "run.ckpt"
    assert cli("freq", "--trials", "2000", "--checkpoint", str(ck)).exit_code == 0
    res = cli("freq", "--trials", "2000", "--rules", "bug", "--checkpoint", str(ck))
    assert res.exit_code == 2 and res.stderr.count("\n") == 1
    assert "now; another task: other rules, deck, hand size or game); use another path" in res.stderr


def _chunks_saved(ck: Path) -> int:
    """Chunks a checkpoint holds (0 when it is missing or being replaced)."""
    try:
        return int(json.loads(ck.read_text())["chunks_done"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def test_sigterm_stops_a_real_run_after_writing_the_checkpoint(tmp_path: Path) -> None:
    ck = tmp_path / "term.ckpt"
    cmd = [sys.executable, "-c", "from analyzer.cli import main; main()", "freq", "--deck", "52+1",
           "--trials", "400000000", "--chunk-size", "500000", "--workers", "1", "--quiet",
           "--checkpoint", str(ck)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        while _chunks_saved(ck) < 1 and time.monotonic() < deadline:  # a loaded machine is slow
            time.sleep(0.05)
        assert _chunks_saved(ck) >= 1, "no chunk saved in the checkpoint"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.startswith("Interrupted: stopped after ") and err.endswith(f"; checkpoint {ck} resumes it\n")
    saved = json.loads(ck.read_text())
    assert saved["chunks_done"] >= 1 and not saved["complete"]
    assert saved["trials_done"] == 500_000 * saved["chunks_done"]


def write(tmp_path: Path, text: str, name: str = "study.toml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_simulate_writes_tables_figures_and_page(tmp_path: Path) -> None:
    study = write(tmp_path, GOOD)
    out = tmp_path / "out"
    res = cli("simulate", str(study), "--out", str(out), "--format", "json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["study"] == "study" and [r["estimate"] for r in summary["rows"]] == ["5-card", "seven"]
    names = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {"tables/5-card.csv", "tables/5-card.json", "tables/seven.csv", "tables/seven.json",
            "tables/summary.csv", "figures/5-card.png", "figures/seven.png", "index.md",
            "index.html"} <= names
    rows = list(csv.DictReader((out / "tables" / "5-card.csv").open()))
    assert sum(int(r["count"]) for r in rows) == 30_000
    assert {"exact", "in_ci"} <= set(rows[0])
    five = json.loads((out / "tables" / "5-card.json").read_text())
    assert (five["seed"], five["trials"], five["stop"]) == (5, 30_000, "trials")
    direct = freq_json("--trials", "30000", "--seed", "5", "--chunk-size", "10000")
    assert [r["count"] for r in five["rows"]] == [r["count"] for r in direct["rows"]]


def test_simulate_overrides_and_checkpoints(tmp_path: Path) -> None:
    study = write(tmp_path, GOOD)
    prefix = tmp_path / "ck" / "run"
    args = ("simulate", str(study), "--out", str(tmp_path / "o"), "--format", "json", "--quiet",
            "--target-rel-se", "0.5", "--max-trials", "200000", "--seed", "9", "--checkpoint", str(prefix))
    first = cli(*args)
    assert first.exit_code == 0, first.output
    assert (tmp_path / "ck" / "run.5-card").exists() and (tmp_path / "ck" / "run.seven").exists()
    assert json.loads(cli(*args).stdout) == json.loads(first.stdout)
    rows = json.loads(first.stdout)["rows"]
    assert {r["stop"] for r in rows} <= {"target", "max_trials"}
    trials = cli("simulate", str(study), "--out", str(tmp_path / "t"), "--trials", "20000", "--format", "json")
    assert [r["trials"] for r in json.loads(trials.stdout)["rows"]] == [20_000, 20_000]


@pytest.mark.parametrize(("text", "problem"), [
    (GOOD.replace("trials = 30_000", "trials = -5"), "[run].trials: must be an integer ≥ 1, got -5"),
    (GOOD.replace("trials = 30_000", "trials = 5\ntarget_se = 0.1"),
     "[run]: give exactly one of trials or a precision target (target_se / target_rel_se)"),
    (GOOD.replace("trials = 30_000", "target_rel_se = 0.1"), "[run]: a precision target needs max_trials or max_time"),
    (GOOD.replace("trials = 30_000", "trials = 5\nmax_trials = 9"),
     "[run].max_trials: caps a precision target; with trials drop it"),
    (GOOD.replace("chunk_size = 10_000", "chunk_size = 10_000\nspeed = 3"),
     "[run].speed: unknown key (known: check_every, chunk_size, max_time, max_trials, target_rel_se, "
     "target_se, trials)"),
    (GOOD.replace("cards = 7", "cards = 4"), "[[estimate]] #2.cards: must be 5, 6 or 7, got 4"),
    (GOOD.replace('kind = "hand_frequencies"\ncards = 5', 'kind = "returns"\ncards = 5'),
     "[[estimate]] #1.kind: must be one of hand_frequencies, got 'returns'"),
    (GOOD.replace('name = "seven"', 'name = "5-card"'), "[[estimate]] #2.name: duplicate estimate name '5-card'"),
    (GOOD.replace('preset = "joker-wild"', 'preset = "nope"'), "[rules]: "),
    (GOOD.replace('deck = "52+1"', 'deck = "52"'),
     "[rules]: rules 'joker-wild' need wild cards ['jokers'] but deck 52 has none"),
    (GOOD.replace("seed = 5", "seed = 'x'"), "seed: must be an integer ≥ 0, got 'x'"),
    (GOOD.replace('title = "tiny"', 'colour = "red"'),
     "colour: unknown key (known: estimate, output, rules, run, seed, title)"),
    ("seed = 1\n[run]\ntrials = 5\n", "[rules]: missing (give at least preset = \"…\")"),
    (GOOD.split("[[estimate]]")[0], "[[estimate]]: at least one [[estimate]] table is needed"),
])
def test_bad_study_file_is_one_line_naming_file_and_key(tmp_path: Path, text: str, problem: str) -> None:
    study = write(tmp_path, text)
    res = cli("simulate", str(study), "--out", str(tmp_path / "o"))
    assert res.exit_code == 2
    assert res.stderr.count("\n") == 1
    assert res.stderr.startswith(f"Error: {study}: {problem}")
    assert not (tmp_path / "o").exists()


def test_max_trials_alone_changes_the_cap_of_the_files_target(tmp_path: Path) -> None:
    """--max-trials used to drop the file's target, so the run fell back to 1,000,000 trials and
    failed with "max_trials caps a precision target; with a fixed trials count drop it"."""
    targeted = write(tmp_path, GOOD.replace("trials = 30_000", "target_rel_se = 0.001\nmax_trials = 10_000_000"))
    res = cli("simulate", str(targeted), "--out", str(tmp_path / "o"), "--max-trials", "20000", "--format", "json")
    assert res.exit_code == 0, res.output
    assert [(r["trials"], r["stop"]) for r in json.loads(res.stdout)["rows"]] == [(20_000, "max_trials")] * 2
    fixed = tmp_path / "fixed" / "study.toml"
    fixed.parent.mkdir()
    fixed.write_text(GOOD, encoding="utf-8")
    res = cli("simulate", str(fixed), "--out", str(tmp_path / "f"), "--max-trials", "20000")
    assert res.exit_code == 2
    assert res.stderr == (f"Error: {fixed}: [run]: max_trials caps a precision target, but the study runs a "
                          "fixed trials = 30000; override that with trials instead\n")
    assert not (tmp_path / "f").exists()


def test_study_file_that_is_not_text(tmp_path: Path) -> None:
    study = tmp_path / "study.toml"
    study.write_bytes(b"seed = 1\n\xff")
    res = cli("simulate", str(study))
    assert res.exit_code == 2
    assert res.stderr == f"Error: {study}: not UTF-8 text (byte 9: invalid start byte)\n"


def test_unreadable_and_invalid_toml_files(tmp_path: Path) -> None:
    missing = cli("simulate", str(tmp_path / "none.toml"))
    assert missing.exit_code == 2
    assert missing.stderr == f"Error: {tmp_path / 'none.toml'}: cannot read (No such file or directory)\n"
    broken = cli("simulate", str(write(tmp_path, "seed = = 1")))
    assert broken.exit_code == 2
    assert broken.stderr.startswith(f"Error: {tmp_path / 'study.toml'}: not valid TOML (")
    assert broken.stderr.count("\n") == 1


@pytest.mark.parametrize("path", sorted((ROOT / "simulations").glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_studies_are_valid(path: Path) -> None:
    spec = load_study(path)
    assert spec.estimates and spec.rules.name


def test_a_shipped_study_runs_shortened(tmp_path: Path) -> None:
    res = cli("simulate", str(ROOT / "simulations" / "joker-wild-two-jokers.toml"), "--trials", "40000",
              "--out", str(tmp_path / "jw"), "--format", "csv")
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0] == "estimate,cards,trials,stop,max_rel_se,gof_p_value"
    assert (tmp_path / "jw" / "figures" / "best-of-seven.png").stat().st_size > 1000
    # the five-card table: exact column = the enumeration, counts consistent with it
    exact = exact_frequencies("joker-wild", "52+2")
    assert exact.total == 3_162_510  # C(54, 5)
    rows = list(csv.DictReader((tmp_path / "jw" / "tables" / "five-card.csv").open(encoding="utf-8")))
    assert sum(int(r["count"]) for r in rows) == 40_000
    z = 3.48  # Bonferroni over 11 categories, family false alarm 1e-3
    for r in rows:
        p = exact.row(r["category"]).count / exact.total
        assert float(r["exact"]) == pytest.approx(p, rel=1e-12)
        assert float(r["estimate"]) == int(r["count"]) / 40_000
        assert abs(int(r["count"]) / 40_000 - p) <= z * (p * (1 - p) / 40_000) ** 0.5, r
    seven = list(csv.DictReader((tmp_path / "jw" / "tables" / "best-of-seven.csv").open(encoding="utf-8")))
    assert sum(int(r["count"]) for r in seven) == 40_000
    summary = {r["estimate"]: r for r in csv.DictReader(res.stdout.splitlines())}
    assert summary["five-card"]["trials"] == "40000" and float(summary["five-card"]["gof_p_value"]) > 1e-3
