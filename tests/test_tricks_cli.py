"""CliRunner tests for ``joker-odds tricks``: solve, play, score, and one-line errors (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main

HANDS = ["Ah Kh Jk1", "Qh Jh Th", "9h 8h 7h", "Ac Kc Qc"]


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, ["tricks", *args])
    return res.exit_code, res.stdout, res.stderr


def header_of(out: str) -> str:
    """The header line saying what ran (wrapped to the terminal: its lines joined)."""
    lines = out.splitlines()
    n = next(i for i, ln in enumerate(lines) if not ln.startswith("#"))
    return " ".join(ln.lstrip("# ") for ln in lines[:n])


def assert_one_line_error(code: int, out: str, err: str, text: str) -> None:
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert text in lines[0]


def test_solve_prints_each_seat() -> None:
    code, out, _ = run("solve", "--game", "georgian-joker", "--hands", *HANDS, "--trump", "h", "--leader", "0")
    assert code == 0
    header, *lines = out.strip().splitlines()
    assert header.startswith("# joker-odds tricks solve")  # the lines saying what ran
    assert "game georgian-joker · deck 36j · players 4 · exact · deals 1" in header_of(out)
    assert all(f"--hands {h} " in header_of(out) for h in HANDS)  # every hand it solved, not the first only
    lines = [ln for ln in lines if not ln.startswith("#")]
    assert lines[0].split() == ["deal", "trump", "leader", "seat0", "seat1", "seat2", "seat3", "best", "leads"]
    # with hearts trump every first card of seat 0 keeps its three tricks
    assert lines[2].split()[:7] == ["1", "h", "0", "3", "0", "0", "0"]
    assert "Ah" in lines[2] and "Jk1 take c" in lines[2]


def test_solve_json_and_input_file(tmp_path: Path) -> None:
    code, out, _ = run("solve", "--hands", *HANDS, "--trump", "none", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 1
    # no trump: seat 0 cashes Ah Kh and the joker; seat 3's clubs never get the lead
    assert data[0]["paranoid"] == [3, 0, 0, 0]
    src = tmp_path / "deals.jsonl"
    src.write_text(json.dumps({"hands": HANDS, "trump": "h", "leader": 0}) + "\n\n"
                   + json.dumps({"hands": ["7d", "Jk1", "Jk2", "8d"], "trump": "h", "leader": 0}) + "\n",
                   encoding="utf-8")
    code, out, _ = run("solve", "--input", str(src), "--format", "json")
    assert code == 0
    assert [d["paranoid"] for d in json.loads(out)] == [[3, 0, 0, 0], [0, 0, 1, 0]]
    assert json.loads(out)[1]["best_leads"] == ["7d"]  # value 0: any card


def test_solve_take_rule_variant() -> None:
    hands = ["Jk1 Jd", "Jc Qd", "Qc 9h", "Jh 7c"]
    _, plain, _ = run("solve", "--hands", *hands, "--trump", "h", "--leader", "0", "--format", "json")
    _, variant, _ = run("solve", "--hands", *hands, "--trump", "h", "--leader", "0", "--format", "json",
                        "--rule", "trump_beats_take=true")
    # take diamonds strips the queen (the others must trump), then the jack is top
    assert json.loads(plain)[0]["paranoid"] == [2, 0, 0, 0]
    # with the variant seat 3's trump beats a diamond take; a heart take leaves Qd over Jd
    assert json.loads(variant)[0]["paranoid"] == [1, 0, 0, 0]


@pytest.mark.parametrize(("args", "text"), [
    (["--hands", *HANDS[:3]], "3 hands given, the game has 4 players"),
    (["--hands", "Ah Kh", *HANDS[1:]], "unequal sizes"),
    (["--hands", "Ah Kh Qh", *HANDS[1:]], "more than one hand"),
    (["--hands", "Ah Kh 2c", *HANDS[1:]], "card '2c' is not in deck 36j"),
    (["--hands", *HANDS, "--trump", "x"], "unknown trump 'x'"),
    (["--hands", *HANDS, "--rule", "colour=red"], "unknown rule key 'colour'"),
    (["--hands", *HANDS, "--leader", "7"], "leader must be a seat 0..3"),
    ([], "give the hands"),
])
def test_solve_bad_input(args: list[str], text: str) -> None:
    assert_one_line_error(*run("solve", *args), text)


def test_solve_bad_jsonl(tmp_path: Path) -> None:
    src = tmp_path / "bad.jsonl"
    src.write_text('{"hands": ["Ah", "Kh", "Qh"]}\n', encoding="utf-8")
    assert_one_line_error(*run("solve", "--input", str(src)), "line 1: 3 hands given")
    src.write_text("{nope\n", encoding="utf-8")
    assert_one_line_error(*run("solve", "--input", str(src)), "line 1: not JSON")


def test_score_and_bad_bid() -> None:
    code, out, _ = run("score", "--cards", "5", "--bid", "2", "--took", "0", "--format", "json")
    assert code == 0 and json.loads(out)[0]["score"] == -200
    assert_one_line_error(*run("score", "--cards", "5", "--bid", "6", "--took", "2"), "bid must be 0..5, got 6")
    assert_one_line_error(*run("score", "--cards", "5", "--bid", "-1", "--took", "2"), "bid must be 0..5, got -1")


def test_play_json_is_reproducible_across_workers() -> None:
    args = ["play", "--game", "georgian-joker", "--policy", "heuristic", "--policy-seat", "2=random",
            "--deals", "3000", "--cards", "5", "--seed", "9", "--format", "json", "--quiet", "--chunk-size", "1000"]
    code, out1, _ = run(*args, "--workers", "1")
    code2, out2, _ = run(*args, "--workers", "2")
    assert code == code2 == 0
    a, b = json.loads(out1), json.loads(out2)
    assert a["rows"] == b["rows"] and a["deals"] == 3000
    assert [r["policy"] for r in a["rows"]] == ["heuristic", "heuristic", "random", "heuristic"]
    assert all(abs(sum(h) - 1) < 1e-12 for h in a["bid_distribution"])
    assert a["run"] == {"command": "joker-odds tricks play", "game": "georgian-joker", "deck": "36j", "players": 4,
                        "cards": 5, "policies": "heuristic,heuristic,random,heuristic", "method": "self-play",
                        "deals": 3000, "seed": 9}


def test_play_bid_strength_headers_say_what_ran() -> None:
    code, out, _ = run("play", "--deals", "300", "--cards", "3", "--seed", "5", "--rule", "hook=off", "--quiet")
    assert code == 0
    head = header_of(out)
    assert head.startswith("joker-odds tricks play · game georgian-joker · rules hook=off · deck 36j")
    assert "self-play · deals 300 · seed 5" in head
    code, out, _ = run("bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids", "1,0",
                       "--samples", "200", "--seed", "3", "--quiet")
    assert code == 0 and "policy heuristic · others heuristic · sampled · samples 200 · seed 3" in header_of(out)
    code, out, _ = run("bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids", "1,0",
                       "--samples", "200", "--seed", "3", "--quiet", "--format", "json")
    assert code == 0 and json.loads(out)["run"]["samples"] == 200 and json.loads(out)["run"]["seed"] == 3
    code, out, _ = run("strength", "--cards", "3", "--a", "random", "--b", "heuristic",
                       "--deals", "20", "--seed", "2", "--quiet")
    assert code == 0
    assert "game georgian-joker · deck 36j · players 4 · cards 3" in header_of(out)
    assert "policies random vs heuristic · duplicate self-play · deals 20 · seed 2" in header_of(out)


def test_play_schedule_and_errors(tmp_path: Path) -> None:
    code, out, _ = run("play", "--game", "joker-54", "--schedule", "--deals", "50", "--format", "json", "--quiet")
    assert code == 0
    data = json.loads(out)
    assert data["schedule"] == [2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2] and data["games"] == 50
    assert data["run"]["game"] == "joker-54" and data["run"]["games"] == 50 and data["run"]["seed"] == 0
    assert_one_line_error(*run("play", "--policy-seat", "9=random", "--deals", "10"), "policy seat 9")
    assert_one_line_error(*run("play", "--policy-seat", "1=smart", "--deals", "10"), "unknown policy 'smart'")
    assert_one_line_error(*run("play", "--cards", "10", "--deals", "10"), "cards must be 1..9")
    ck = tmp_path / "ck.json"
    args = ["play", "--deals", "2000", "--cards", "3", "--seed", "4", "--format", "json", "--quiet",
            "--chunk-size", "500", "--checkpoint", str(ck)]
    code, first, _ = run(*args)
    code2, again, _ = run(*args)
    assert code == code2 == 0 and json.loads(first)["rows"] == json.loads(again)["rows"]


def test_pimc_seat_in_play_and_its_options() -> None:
    code, out, err = run("play", "--game", "joker-54", "--policy-seat", "1=pimc", "--cards", "3", "--deals", "8",
                         "--k", "4", "--endgame", "1", "--format", "json", "--seed", "2", "--quiet")
    assert code == 0, err
    data = json.loads(out)
    assert [r["policy"] for r in data["rows"]] == ["heuristic", "pimc", "heuristic"] and data["deals"] == 8
    code, out, err = run("strength", "--help")
    assert code == 0 and "--model [playout|paranoid]" in out and "--endgame" in out
    code, out, err = run("play", "--game", "joker-54", "--policy", "pimc", "--model", "paranoid", "--deals", "2")
    assert_one_line_error(code, out, err, "Error: the paranoid model needs the exact solver")


def test_bid_with_pimc_takes_the_solver_endgame_and_records_it() -> None:
    from analyzer.defaults import PIMC_ENDGAME

    args = ("bid", "--game", "georgian-joker", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "0",
            "--policy", "pimc", "--samples", "24", "--k", "4", "--format", "json", "--seed", "3", "--quiet")
    code, out, err = run(*args)
    assert code == 0, err
    default = json.loads(out)
    code, out, err = run(*args, "--endgame", "4")
    assert code == 0, err
    whole = json.loads(out)
    # the solver plays the whole 4-card deal with --endgame 4: other cards, other scores
    assert default["endgame"] == PIMC_ENDGAME == 3 and whole["endgame"] == 4
    assert [r["ev"] for r in default["rows"]] != [r["ev"] for r in whole["rows"]]
