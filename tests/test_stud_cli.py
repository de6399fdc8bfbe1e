"""CliRunner tests for ``joker-odds stud``: every command and option, and one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from analyzer.cli import main

HAND = "As Kd 9h 5c 2s"


def _run(*args: str):
    return CliRunner().invoke(main, ["stud", *args])


def test_advise_table_and_json(tmp_path):
    r = _run("advise", HAND, "--up", "Qh", "--wild", "7d", "--game", "jpoker")
    assert r.exit_code == 0 and "fold" in r.output and "bet" in r.output
    out = tmp_path / "a.json"
    r = _run("advise", HAND, "--up", "Qh", "--wild", "doc", "--game", "jpoker", "--format", "json",
             "--out", str(out))
    assert r.exit_code == 0 and r.output == ""
    data = json.loads(out.read_text())
    assert data["decision"] == "fold" and data["rows"][1]["ev"] == -3.0


def test_advise_caribbean_csv():
    r = _run("advise", "Ah Kh Qh Jh Th", "--up", "2c", "--game", "caribbean", "--format", "csv")
    assert r.exit_code == 0 and r.output.splitlines()[0].startswith("hand,up,wild")


@pytest.mark.parametrize(("args", "message"), [
    (("advise", "As Kd 9h 5c Zz", "--up", "Qh", "--game", "caribbean"), "Error: unknown card 'Zz'"),
    (("advise", "As As 9h 5c 2s", "--up", "Qh", "--game", "caribbean"), "Error: duplicate card 'As'"),
    (("advise", HAND, "--up", "As", "--game", "caribbean"), "Error: duplicate card 'As'"),
    (("advise", HAND, "--up", "Qh", "--game", "jpoker"), "needs the wild card"),
    (("advise", HAND, "--up", "Qh", "--wild", "7d", "--game", "caribbean"), "--wild does not apply"),
    (("advise", HAND, "--up", "Qh", "--game", "nowhere"), "Error: cannot read game file 'nowhere'"),
    (("analyze", "--game", "caribbean", "--method", "guess"), "Error: Invalid value for '--method'"),
    (("analyze", "--game", "jpoker", "--strategy", "sometimes", "--wild-ranks", "A"), "bad strategy 'sometimes'"),
    (("analyze", "--game", "jpoker", "--doc", "x"), "bad --doc 'x'"),
    (("analyze", "--game", "jpoker", "--doc", "3/2"), "must be between 0 and 1"),
    (("analyze", "--game", "caribbean", "--doc", "1/55"), "--doc does not apply"),
    (("analyze", "--game", "jpoker", "--wild-ranks", "Z"), "bad --wild-ranks 'Z'"),
    (("analyze", "--game", "caribbean", "--wild-ranks", "A"), "--wild-ranks does not apply"),
    (("location", "--players", "9"), "Error: Invalid value for '--players'"),
    (("location", "--doc", "2"), "must be between 0 and 1"),
    (("sensitivity", "--game", "caribbean", "--what", "doc"), "--what doc does not apply"),
    (("sensitivity", "--game", "caribbean", "--what", "nothing"), "Invalid value for '--what'"),
    (("exchange", HAND, "--up", "Qh", "--game", "caribbean"), "has no exchange option"),
    (("exchange", HAND, "--up", "Qh", "--game", "caribbean", "--fees", "x"), "bad --fees 'x'"),
    (("exchange", HAND, "--up", "Qh", "--game", "caribbean", "--fees", "1,2,3"), "up to 2 cards"),
    (("exchange", HAND, "--up", "Qh", "--game", "caribbean", "--fees", "-1"), "at least 0"),
    (("exchange-edge", "--game", "caribbean"), "has no exchange option"),
    (("strategy", "--game", "nowhere"), "cannot read game file"),
    # negative seeds reached numpy's SeedSequence and crashed with a traceback
    (("exchange-edge", "--game", "jpoker", "--situations", "3", "--seed", "-1"), "Invalid value for '--seed'"),
    (("analyze", "--game", "jpoker", "--trials", "10", "--seed", "-1"), "Invalid value for '--seed'"),
    (("location", "--trials", "10", "--seed", "-2"), "Invalid value for '--seed'"),
])
def test_errors_are_one_line_exit_2(args, message):
    r = _run(*args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0]


def test_bad_game_file_names_file_and_key(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('name = "x"\nrules = "standard"\nqualifier = "pair"\n[pays]\npair = -1\n')
    r = _run("advise", HAND, "--up", "Qh", "--game", str(path))
    assert r.exit_code == 2
    assert r.output.strip() == f"Error: {path}:5: key 'pays.pair': -1 must be at least 0"


def test_game_file_that_is_not_text(tmp_path):
    path = tmp_path / "g.toml"
    path.write_bytes(b'name = "x\xff"\n')
    r = _run("analyze", "--game", str(path))
    assert r.exit_code == 2
    assert r.output.strip() == f"Error: {path}: not UTF-8 text (byte 9: invalid start byte)"


def test_location_exact_and_sampled():
    r = _run("location", "--players", "1")
    assert r.exit_code == 0 and "4/55" in r.output and "1/11" in r.output
    r = _run("location", "--format", "json")
    assert r.exit_code == 0 and len(json.loads(r.output)) == 35
    r = _run("location", "--players", "3", "--doc", "5/55", "--trials", "20000", "--seed", "2",
             "--format", "csv")
    assert r.exit_code == 0 and "inside_ci" in r.output.splitlines()[0]


def test_analyze_board_partial_json():
    r = _run("analyze", "--game", "jpoker", "--wild-ranks", "A", "--trials", "200", "--seed", "4",
             "--strategy", "pair", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["method"] == "sampled" and data["strategy"] == "pair"
    assert data["house_edge_ci_low"] <= data["house_edge"] <= data["house_edge_ci_high"]
    assert [row["event"] for row in data["rows"]][-1] == "dealer wins"


def test_analyze_table_output_and_doc_override(tmp_path):
    out = tmp_path / "edge.txt"
    r = _run("analyze", "--game", "jpoker", "--wild-ranks", "2,A", "--trials", "200", "--doc", "0",
             "--method", "sampled", "--out", str(out))
    assert r.exit_code == 0 and "house_edge" in out.read_text() and "win, pair" in out.read_text()


def test_exchange_table_and_json():
    r = _run("exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "jpoker")
    assert r.exit_code == 0 and "(no exchange)" in r.output and "2c 9h" in r.output
    r = _run("exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "jpoker", "--format", "json")
    data = json.loads(r.output)
    assert data["best"] == "2c" and len(data["rows"]) == 16 and data["rows"][0]["fee"] == 1


def test_exchange_edge_csv():
    r = _run("exchange-edge", "--game", "caribbean", "--fees", "1,2", "--situations", "2", "--format", "csv")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith("game,exchange_gain,gain_ci_low")


@pytest.mark.slow
def test_strategy_caribbean():
    r = _run("strategy", "--game", "caribbean")
    assert r.exit_code == 0 and "bet high card A-K" in r.output and "threshold rule above" in r.output
    r = _run("strategy", "--game", "caribbean", "--format", "json")
    assert json.loads(r.output)["method"] == "exact"


@pytest.mark.slow
def test_analyze_caribbean_exact():
    r = _run("analyze", "--game", "caribbean", "--format", "json")
    data = json.loads(r.output)
    assert data["house_edge_exact"] == "142031221/2718662100"
    r = _run("sensitivity", "--game", "caribbean", "--what", "pays", "--format", "json")
    assert json.loads(r.output)[0]["pay_line"] == "royal flush"
