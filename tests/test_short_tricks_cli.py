"""CliRunner tests for short poker for tricks: ``tricks play|solve --game short-tricks``, ``tricks hand-odds``,
``tricks game-odds`` and their one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from analyzer.cli import main

HANDS = ["Jk As Ks Qs Js", "7c 8c 9c Tc Jc", "7d 8d 9d Td Jd", "7h 8h 9h Th Jh"]


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, ["tricks", *args])
    return res.exit_code, res.stdout, res.stderr


def test_solve_short_tricks_is_double_dummy_for_the_makers_side() -> None:
    code, out, _ = run("solve", "--game", "short-tricks", "--hands", *HANDS, "--trump", "s", "--maker", "0",
                       "--format", "json")
    assert code == 0
    row = json.loads(out)[0]
    assert row["maker_side_tricks"] == 5 and row["points"] == 2
    code, out, _ = run("solve", "--game", "short-tricks", "--hands", *HANDS, "--trump", "s", "--maker", "1",
                       "--format", "json")
    assert json.loads(out)[0]["maker_side_tricks"] == 0


def test_play_short_tricks_deals_and_whole_games() -> None:
    code, out, _ = run("play", "--game", "short-tricks", "--deals", "3000", "--seed", "1", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["deals"] == 3000 and len(data["rows"]) == 6
    assert sum(r["p"] for r in data["rows"]) == pytest.approx(1.0)
    code, out, _ = run("play", "--game", "short-tricks", "--schedule", "--deals", "200", "--seed", "1")
    assert code == 0 and "P(the side left of the first dealer wins)" in out


def test_hand_odds_strong_hand_should_play() -> None:
    code, out, _ = run("hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--deals", "2000", "--seed", "1",
                       "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["decision"] == "play" and data["p_make"] > 0.9
    assert sum(r["p"] for r in data["rows"]) == pytest.approx(1.0)


@pytest.mark.parametrize(("seat", "line"), [(0, "No seat speaks before seat 0."), (2, "The seats before pass in ")])
def test_hand_odds_says_who_passed_before_only_where_someone_did(seat: int, line: str) -> None:
    code, out, _ = run("hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--seat", str(seat), "--deals", "500",
                       "--seed", "1")
    assert code == 0 and line in out and ("seats before" in out) == (seat > 0)


def test_game_odds_table_and_premiums() -> None:
    code, out, _ = run("game-odds", "--deals", "20000", "--seed", "1", "--lowest", "0", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert len(data["rows"]) == 25  # scores 0..4 x 0..4
    assert sum(data["premium_from_0_0"].values()) == pytest.approx(1.0, abs=1e-6)
    top = next(r for r in data["rows"] if r["score"] == 4 and r["opponents"] == 0)
    assert top["p_win"] > 0.8


@pytest.mark.parametrize("args,text", [
    (("hand-odds", "--hand", "Jk As Ks 7h", "--trump", "s"), "a hand has 5 cards, got 4"),
    (("hand-odds", "--hand", "Jk As Ks 7h 6d", "--trump", "s"), "card '6d' is not in deck 32+1"),
    (("hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "x"), "unknown trump 'x'"),
    (("hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--seat", "4"), "seat must be 0..3"),
    (("game-odds", "--rule", "partners=false", "--rule", "players=3"), "the game chain covers two sides"),
    (("game-odds", "--rule", "colour=red"), "unknown rule key 'colour'"),
    (("play", "--game", "short-tricks", "--policy", "pimc-bid"), "use pimc, not pimc-bid"),
    (("play", "--game", "short-tricks", "--policy", "pimc", "--bid-mode", "playouts"), "no --bid-mode"),
    (("play", "--game", "short-tricks", "--cards", "3"), "short-tricks deals five cards"),
    (("solve", "--game", "short-tricks", "--hands", "Jk As", "7c 8c", "7d 8d"), "4 hands needed, got 3"),
    (("solve", "--game", "short-tricks", "--hands", "Jk As", "As 8c", "7d 8d", "7h 8h"), "a card is in two hands"),
])
def test_bad_input_is_one_line_error(args: tuple[str, ...], text: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == "", (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and text in lines[0], err


def test_play_short_tricks_with_a_pimc_seat() -> None:
    code, out, err = run("play", "--game", "short-tricks", "--policy-seat", "0=pimc", "--k", "2", "--deals", "30",
                         "--seed", "1", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["policies"] == ["pimc", "heuristic", "heuristic", "heuristic"] and data["deals"] == 30


def test_strength_short_tricks_in_duplicate() -> None:
    """``tricks strength --game short-tricks``: the heuristic beats random by a clear margin (points
    per deal and seat, seat-rotated on the same deals); five cards are always dealt."""
    r = CliRunner().invoke(main, ["tricks", "strength", "--game", "short-tricks", "--a", "heuristic", "--b",
                                  "random", "--deals", "300", "--seed", "1", "--format", "json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.output)["rows"][0]
    assert row["deals"] == 300 and row["ci_low"] > 0.1 and row["ci_high"] < 0.4
    bad = CliRunner().invoke(main, ["tricks", "strength", "--game", "short-tricks", "--cards", "4"])
    assert bad.exit_code == 2 and "--cards 4 does not apply" in bad.output
