"""CliRunner tests for ``joker-odds rummy``: every command, the JSON shapes, one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.games.rummy.odds import open_odds


def _run(*args: str):
    return CliRunner().invoke(main, ["rummy", *args])


def header_of(out: str) -> str:
    """The header line saying what ran (wrapped to the terminal: its lines joined)."""
    lines = out.splitlines()
    n = next(i for i, ln in enumerate(lines) if not ln.startswith("#"))
    return " ".join(ln.lstrip("# ") for ln in lines[:n])


def test_best_table() -> None:
    r = _run("best", "9c Tc Jc Tc Th Td Ts 2d 5h 7s Ks Kd 3c Jk")
    assert r.exit_code == 0, r.output
    assert "99" in r.output and "yes" in r.output and "set Kd Ks Jk(Kc) = 30" in r.output
    assert header_of(r.output).startswith("joker-odds rummy best · game remi-51 · deck 2x52+2 · exact")


def test_best_json_two_jokers_either_way() -> None:
    for text in ("Jk Jk 5d", "Jk1 Jk2 5d"):
        r = _run("best", text, "--format", "json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert data == [{"hand": "Jk1 Jk2 5d", "opening_points": 18, "can_open": False,
                         "melds": [{"kind": "run", "cards": ["5d", "Jk(6d)", "Jk(7d)"], "points": 18}]}]


def test_best_input_file(tmp_path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("# two hands\nQc Kc Ac\n\nAc 2c 3c 9h 9d 9s 9c Ks Kh Kd\n", encoding="utf-8")
    r = _run("best", "--input", str(f), "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [d["opening_points"] for d in data] == [31, 5 + 36 + 30]
    assert [d["can_open"] for d in data] == [False, True]


def test_best_input_file_names_the_bad_line(tmp_path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("Qc Kc Ac\n7c 7c 7c\n", encoding="utf-8")
    r = _run("best", "--input", str(f))
    assert r.exit_code == 2
    assert r.output.strip() == (f"Error: {f} line 2: card '7c' appears 3 times in '7c 7c 7c'; "
                                "deck 2x52+2 holds 2")


def test_best_csv_to_file(tmp_path) -> None:
    out = tmp_path / "b.csv"
    r = _run("best", "Qc Kc Ac", "--format", "csv", "--out", str(out))
    assert r.exit_code == 0 and r.output == ""
    assert out.read_text().splitlines()[0] == "hand,opening_points,can_open,melds"


@pytest.mark.parametrize(("args", "message"), [
    (("best", "7c 7c 7c 8d"), "Error: card '7c' appears 3 times in '7c 7c 7c 8d'; deck 2x52+2 holds 2"),
    (("best", "Jk Jk Jk 8d"), "Error: too many jokers in 'Jk Jk Jk 8d'; deck 2x52+2 holds 2"),
    (("best", "Jk3 8d"), "Error: card 'Jk3' is not in deck 2x52+2"),
    (("best", "Qc Kc Ac", "--cards", "14"), "Error: hand 'Qc Kc Ac' has 3 cards, expected 14"),
    (("best", "Qc Kc Ac", "--deck", "36+2"), "Error: Remi 51 is played with whole 52-card packs"),
    (("best",), "Error: give a HAND"),
    (("open", "--cards", "2"), "Error: Invalid value for '--cards'"),
    (("open", "--deck", "54"), "Error: unknown deck '54'"),
    (("turns", "--policy", "lazy", "--trials", "5"), "Error: unknown policy 'lazy' (known: stock-only, greedy)"),
    (("points", "--policy", "lazy", "--trials", "5"), "Error: unknown policy 'lazy' (known: stock-only, greedy)"),
    (("turns", "--players", "1"), "Error: Invalid value for '--players'"),
])
def test_bad_input_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    r = _run(*args)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), r.output


def test_open_json_keys_and_library_agreement() -> None:
    r = _run("open", "--cards", "15", "--trials", "3000", "--seed", "3", "--chunk-size", "1000", "--format",
             "json", "--quiet")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {"p_open", "se", "ci_low", "ci_high", "trials"} <= set(data)
    assert data["trials"] == 3000 and [b["jokers"] for b in data["by_jokers"]][:2] == ["0", "1"]
    assert data["run"]["game"] == "remi-51" and data["run"]["hands"] == 3000 and data["run"]["seed"] == 3
    assert data["run"]["method"] == "sampled" and data["run"]["cards"] == 15
    lib = open_odds(15, trials=3000, seed=3, chunk_size=1000, quiet=True)
    assert data["p_open"] == lib.p_open.estimate and data["ci_low"] == lib.p_open.ci_low


def test_open_checkpoint_resumes_to_the_same_numbers(tmp_path) -> None:
    ck = tmp_path / "ck.json"
    args = ("open", "--trials", "2000", "--seed", "4", "--chunk-size", "500", "--format", "json", "--quiet")
    first = _run(*args, "--checkpoint", str(ck))
    again = _run(*args, "--checkpoint", str(ck))
    plain = _run(*args)
    assert first.exit_code == again.exit_code == plain.exit_code == 0
    p = [json.loads(x.output)["p_open"] for x in (first, again, plain)]
    assert p[0] == p[1] == p[2]


def test_open_target_se_stops_early() -> None:
    r = _run("open", "--target-se", "0.02", "--max-trials", "100000", "--chunk-size", "500", "--format", "json",
             "--quiet")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["run"]["stop"] == "target" and data["trials"] < 100000


def test_open_values_table() -> None:
    r = _run("open", "--trials", "500", "--table", "values", "--format", "csv", "--quiet", "--chunk-size", "250")
    assert r.exit_code == 0
    assert r.output.splitlines()[0].startswith("value,hands,p,p_at_least")
    r = _run("open", "--trials", "500", "--seed", "2", "--quiet", "--chunk-size", "250")
    assert r.exit_code == 0
    assert "game remi-51 · deck 2x52+2 · cards 14 · sampled · hands 500 · seed 2" in header_of(r.output)


def test_turns_and_points_commands() -> None:
    r = _run("turns", "--players", "3", "--trials", "100", "--chunk-size", "50", "--format", "json", "--quiet")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["trials"] == 100 and len(data["summary"]) == 4 and data["curve"][0]["turn"] == 2
    assert data["run"]["game"] == "remi-51" and data["run"]["deals"] == 100 and data["run"]["players"] == 3
    r = _run("turns", "--players", "3", "--trials", "100", "--chunk-size", "50", "--seed", "4", "--quiet")
    assert r.exit_code == 0 and "self-play · deals 100 · seed 4" in header_of(r.output)
    r = _run("points", "--players", "3", "--trials", "40", "--chunk-size", "20", "--rotate", "--policy",
             "greedy,stock-only,greedy", "--format", "json", "--quiet")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [row["who"] for row in data["summary"]][-3:] == ["slot0", "slot1", "slot2"]
    assert abs(sum(row["p"] for row in data["points_left"]) - 1) < 1e-9
    assert data["run"]["policies"] == "greedy,stock-only,greedy" and data["run"]["rotate"] is True
    assert data["run"]["deals"] == 40 and data["run"]["seed"] == 0
