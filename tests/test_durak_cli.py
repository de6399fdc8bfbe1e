"""CliRunner tests for ``joker-odds durak``: every command and option, and one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from analyzer.cli import main


def _run(*args: str):
    return CliRunner().invoke(main, ["durak", *args])


def header_of(out: str) -> str:
    """The header line saying what ran (wrapped to the terminal: its lines joined)."""
    lines = out.splitlines()
    n = next(i for i, ln in enumerate(lines) if not ln.startswith("#"))
    return " ".join(ln.lstrip("# ") for ln in lines[:n])


def test_rules_lists_the_rule_set_with_overrides():
    r = _run("rules", "--rule", "max_attack=0", "--players", "3", "--format", "json")
    assert r.exit_code == 0
    rows = {row["rule"]: row["value"] for row in json.loads(r.output)}
    assert rows["max_attack"] == 0 and rows["players"] == 3 and rows["deck"] == "36+2"


def test_simulate_seats_table():
    r = _run("simulate", "--players", "4", "--deck", "36+2", "--policy", "heuristic", "--games", "2000",
             "--seed", "1", "--quiet")
    assert r.exit_code == 0, r.output
    assert "p_draw" in r.output and "p_fool" in r.output and "ci_low" in r.output
    assert len([ln for ln in r.output.splitlines() if ln.strip().startswith(("0 ", "1 ", "2 ", "3 "))]) == 4
    head = header_of(r.output)
    assert head.startswith("joker-odds durak simulate · game durak · deck 36+2 · players 4")
    assert "self-play · games 2,000 · seed 1" in head


def test_simulate_json_mixed_policies_and_groups(tmp_path):
    out = tmp_path / "s.json"
    r = _run("simulate", "--players", "3", "--policy-seat", "1=random", "--games", "1500", "--seed", "2",
             "--format", "json", "--out", str(out), "--quiet")
    assert r.exit_code == 0 and r.output == ""
    data = json.loads(out.read_text())
    assert data["lineup"] == "heuristic random heuristic" and data["games"] == 1500
    assert [row["policy"] for row in data["rows"]] == ["heuristic", "random", "heuristic"]
    assert data["run"] == {"command": "joker-odds durak simulate", "game": "durak", "deck": "36+2", "players": 3,
                           "policies": "heuristic,random,heuristic", "method": "self-play", "games": 1500,
                           "seed": 2}
    for table, first in (("jokers", "no joker"), ("roles", "no joker"), ("trumps", "0 trumps"),
                         ("first", "first attacker"), ("values", "red joker")):
        r = _run("simulate", "--games", "800", "--table", table, "--format", "csv", "--quiet")
        assert r.exit_code == 0 and r.output.splitlines()[1].startswith(first), (table, r.output)


def test_simulate_later_games():
    r = _run("simulate", "--players", "3", "--later", "--rule", "after_loss=left", "--games", "1000",
             "--format", "json", "--quiet")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["after_loss"] == "left" and 0 < data["p_fool_again"] < 1
    r = _run("simulate", "--rule", "after_loss=up")
    assert r.exit_code == 2 and "Error: after_loss must be one of right, left" in r.output


def test_simulate_target_se_and_checkpoint_resume(tmp_path):
    ck = tmp_path / "run.ck"
    args = ("simulate", "--games", "40000", "--target-se", "0.01", "--chunk-size", "500", "--seed", "4",
            "--checkpoint", str(ck), "--format", "json", "--quiet")
    first = _run(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["stop"] == "target" and data["games"] < 40000
    again = _run(*args)
    assert again.exit_code == 0 and json.loads(again.output) == data


def test_simulate_backends_agree():
    base = ("simulate", "--players", "2", "--games", "3000", "--chunk-size", "1000", "--seed", "6",
            "--format", "json", "--quiet")
    local = json.loads(_run(*base, "--workers", "1").output)
    # one worker process: the task pickled and run in a fresh process (two merging their chunks:
    # tests/test_engine.py::test_process_pool_is_bit_identical)
    procs = json.loads(_run(*base, "--backend", "processes", "--workers", "1").output)
    assert local["rows"] == procs["rows"] and local["p_draw"] == procs["p_draw"]


def test_odds_of_a_dealt_hand():
    r = _run("odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--players", "3", "--seat", "0",
             "--games", "1000", "--format", "json", "--quiet")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["hand"] == "As Jk1 7h 9c Td Qs" and data["games"] == 1000
    assert data["run"]["games"] == 1000 and data["run"]["seed"] == 0 and data["run"]["game"] == "durak"
    assert data["rows"][0]["quantity"] == "p_fool" and 0 <= data["rows"][0]["estimate"] <= 1
    sym = _run("odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "♥", "--players", "3", "--games", "1000",
               "--format", "json", "--quiet")
    assert json.loads(sym.output)["rows"] == data["rows"]


def test_strength_and_play():
    r = _run("strength", "--pair", "heuristic:random", "--deals", "200", "--format", "csv", "--quiet")
    assert r.exit_code == 0 and r.output.startswith("policy,opponent")
    assert r.output.splitlines()[1].startswith("heuristic,random")
    r = _run("strength", "--lineup", "heuristic,random,random", "--deals", "100", "--format", "json", "--quiet")
    rows = json.loads(r.output)["rows"]
    assert r.exit_code == 0 and [x["policy"] for x in rows] == ["heuristic", "random", "random"]
    assert rows[0]["p_fool"] < rows[1]["p_fool"] and rows[0]["games"] == 300
    assert json.loads(r.output)["run"]["deals"] == 100 and json.loads(r.output)["run"]["players"] == 3
    r = _run("strength", "--pair", "heuristic:random", "--deals", "50", "--seed", "3", "--quiet")
    assert r.exit_code == 0
    assert "policies heuristic:random · seat-rotated self-play · deals 50 · seed 3" in header_of(r.output)
    r = _run("play", "--players", "3", "--seed", "7", "--policy-seat", "2=random")
    assert r.exit_code == 0 and r.output.splitlines()[0].startswith("deck 36+2, 3 players")
    assert r.output.rstrip().splitlines()[-1].startswith(("fool: seat", "draw"))


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "--rule", "jokers=3"), "Error: unknown durak rule 'jokers'"),
    (("simulate", "--rule", "max_attack"), "Error: bad rule 'max_attack': write KEY=VALUE"),
    (("simulate", "--rule", "max_attack=many"), "Error: rule max_attack must be an integer"),
    (("simulate", "--players", "7"), "Error: durak is for 2 to 6 players, got 7"),
    (("simulate", "--players", "1"), "Error: durak is for 2 to 6 players, got 1"),
    (("simulate", "--players", "6", "--deck", "36"), "Error: 6 players with 6 cards each need more than 36"),
    (("simulate", "--deck", "54"), "Error: durak deck must be one of"),
    (("simulate", "--policy", "clever"), "Error: unknown policy 'clever'"),
    (("simulate", "--policy-seat", "5=random"), "Error: bad --policy-seat '5=random'"),
    (("odds", "--hand", "As As 7h 9c Td Qs", "--trump", "h"), "Error: duplicate card 'As'"),
    (("odds", "--hand", "As 2s 7h 9c Td Qs", "--trump", "h"), "Error: card '2s' is not in deck 36+2"),
    (("odds", "--hand", "As Zz 7h 9c Td Qs", "--trump", "h"), "Error: unknown card 'Zz'"),
    (("odds", "--hand", "As 7h 9c", "--trump", "h"), "has 3 cards; a durak hand has 6"),
    (("odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "x"), "Error: bad --trump 'x'"),
    (("odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "Jk1"), "Error: turned card 'Jk1' is in the hand"),
    (("odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "2h"), "Error: turned card '2h' is not in deck"),
    (("odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--seat", "2"), "Error: seat must be 0..1"),
    (("strength", "--pair", "search"), "Error: bad --pair 'search'"),
    (("simulate", "--games", "0"), "Error: Invalid value for '--games'"),
])
def test_bad_input_is_one_line_exit_2(args, message):
    r = _run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_sweep_values_and_seats():
    r = _run("sweep", "--players", "2,3", "--decks", "36+2", "--games", "1000", "--table", "values",
             "--format", "csv")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("deck,players,holding,by,pp") and len(lines) == 1 + 2 * 6
    r = _run("sweep", "--players", "2", "--decks", "52+2", "--games", "500", "--table", "seats", "--format", "csv")
    assert r.exit_code == 0 and len(r.output.splitlines()) == 3
    r = _run("sweep", "--players", "two")
    assert r.exit_code == 2 and "Error: bad --players 'two'" in r.output


def test_report_study_builds_small(tmp_path, monkeypatch):
    from analyzer.games.durak import report

    for name, value in (("GAMES", 1_500), ("DEALS", 20), ("BUDGETS", (4, 8)), ("BUDGET_DEALS", 10),
                        ("STRONG_GAMES", 40), ("STRONG_BUDGET", 8)):
        monkeypatch.setattr(report, name, value)
    written = report.build().write(tmp_path)
    names = {p.name for p in written}
    assert {"index.md", "seats.csv", "values.csv", "strength.csv", "search-budget.csv", "trumps-4p.csv",
            "values-36j2.png", "first-attacker.png", "after-loss.csv", "values-by-player.csv"} <= names
    by_player = (tmp_path / "durak" / "tables" / "values-by-player.csv").read_text().splitlines()
    assert by_player[0].startswith("holding,by,heuristic pp,") and len(by_player) == 1 + 6
    seats = (tmp_path / "durak" / "tables" / "seats.csv").read_text().splitlines()
    assert seats[0].startswith("deck,players,seat,p_fool") and len(seats) == 1 + 2 * (2 + 3 + 4 + 5 + 6)


@pytest.mark.slow
def test_report_command_builds_the_durak_study(tmp_path):
    r = CliRunner().invoke(main, ["report", "--study", "durak", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "durak" / "index.html").exists()
