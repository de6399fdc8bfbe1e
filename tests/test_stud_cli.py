"""CliRunner tests for ``joker-odds stud``: every command and option, and one-line errors (exit 2)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from stud_reference import JPOKER_ACES_EXACT

from analyzer.cards import parse_card
from analyzer.cli import main
from analyzer.games.stud.edge import house_edge
from analyzer.games.stud.exact import tally, tally_value
from analyzer.games.stud.game import load_game

HAND = "As Kd 9h 5c 2s"


def _run(*args: str):
    return CliRunner().invoke(main, ["stud", *args])


def test_advise_table_and_json(tmp_path):
    r = _run("advise", HAND, "--up", "Qh", "--wild", "7d", "--game", "j-poker")
    assert r.exit_code == 0 and "fold" in r.output and "bet" in r.output
    out = tmp_path / "a.json"
    r = _run("advise", HAND, "--up", "Qh", "--wild", "doc", "--game", "j-poker", "--format", "json",
             "--out", str(out))
    assert r.exit_code == 0 and r.output == ""
    data = json.loads(out.read_text())
    assert data["decision"] == "fold" and data["rows"][1]["ev"] == -3.0


def test_advise_caribbean_csv():
    """A royal flush against the 2c: wins whenever the dealer qualifies (the counts are the
    independent reference's, tests/test_stud.py)."""
    r = _run("advise", "Ah Kh Qh Jh Th", "--up", "2c", "--game", "caribbean", "--format", "csv")
    assert r.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(r.output)))
    assert [row["action"] for row in rows] == ["fold", "bet"] and rows[1]["best"] == "True"
    bet = rows[1]
    nq, wins = int(bet["dealer_not_qualified"]), int(bet["player_wins"])
    assert (int(bet["dealer_hands"]), int(bet["ties"]), int(bet["dealer_wins"])) == (163_185, 0, 0)
    assert nq + wins == 163_185
    assert float(bet["ev"]) == pytest.approx((nq + 201 * wins) / 163_185, rel=1e-15)
    assert float(rows[0]["ev"]) == -1.0


@pytest.mark.parametrize(("args", "message"), [
    (("advise", "As Kd 9h 5c Zz", "--up", "Qh", "--game", "caribbean"), "Error: unknown card 'Zz'"),
    (("advise", "As As 9h 5c 2s", "--up", "Qh", "--game", "caribbean"), "Error: duplicate card 'As'"),
    (("advise", HAND, "--up", "As", "--game", "caribbean"), "Error: duplicate card 'As'"),
    (("advise", HAND, "--up", "Qh", "--game", "j-poker"), "needs the wild card"),
    (("advise", HAND, "--up", "Qh", "--wild", "7d", "--game", "caribbean"), "--wild does not apply"),
    (("advise", HAND, "--up", "Qh", "--game", "nowhere"), "Error: cannot read game file 'nowhere'"),
    (("analyze", "--game", "caribbean", "--method", "guess"), "Error: Invalid value for '--method'"),
    (("analyze", "--game", "j-poker", "--strategy", "sometimes", "--wild-ranks", "A"), "bad strategy 'sometimes'"),
    (("analyze", "--game", "j-poker", "--doc", "x"), "bad --doc 'x'"),
    (("analyze", "--game", "j-poker", "--doc", "3/2"), "must be between 0 and 1"),
    (("analyze", "--game", "caribbean", "--doc", "1/55"), "--doc does not apply"),
    (("analyze", "--game", "j-poker", "--wild-ranks", "Z"), "bad --wild-ranks 'Z'"),
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
    (("exchange-edge", "--game", "j-poker", "--situations", "3", "--seed", "-1"), "Invalid value for '--seed'"),
    (("analyze", "--game", "j-poker", "--trials", "10", "--seed", "-1"), "Invalid value for '--seed'"),
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


def _house_edge_se(data: dict) -> float:
    return (data["house_edge_ci_high"] - data["house_edge_ci_low"]) / (2 * 1.959964)


@pytest.mark.slow
def test_analyze_board_partial_json():
    """Aces wild, the pair strategy, sampled: the CLI reports the library's numbers, and they cover
    the exact edge (a pinned enumeration) within 3.29 SE."""
    r = _run("analyze", "--game", "j-poker", "--wild-ranks", "A", "--trials", "200", "--seed", "4",
             "--strategy", "pair", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["method"] == "sampled" and data["strategy"] == "pair"
    lib = house_edge(load_game("j-poker"), "pair", "sampled", hands=200, seed=4, ranks=(12,))
    assert data["house_edge"] == lib.house_edge and data["house_edge_ci_low"] == lib.ci[0]
    assert abs(data["house_edge"] - float(JPOKER_ACES_EXACT["pair"])) <= 3.29 * _house_edge_se(data)
    assert [row["event"] for row in data["rows"]][-1] == "dealer wins"


@pytest.mark.slow
def test_analyze_table_output_and_doc_override(tmp_path):
    """--doc 0 drops the dealer's-open-card deals: the estimate covers the exact edge of the
    "ace is wild" deals alone, (E - 3/55 · E_doc) / (52/55) from the pinned mixture."""
    out = tmp_path / "edge.txt"
    r = _run("analyze", "--game", "j-poker", "--wild-ranks", "A", "--trials", "200", "--doc", "0",
             "--method", "sampled", "--out", str(out))
    assert r.exit_code == 0 and r.stdout == ""  # the table went to --out; stderr notes what ran
    text = out.read_text()
    values = dict(line.split(None, 1) for line in text.splitlines()[2:15] if line.strip())
    assert values["method"].strip() == "sampled" and "win, pair" in text
    game = load_game("j-poker")
    doc_ev = tally_value(game, tally(game, "optimal", wild_card=parse_card("As"), doc=True))
    non_doc_edge = (JPOKER_ACES_EXACT["optimal"] + Fraction(3, 55) * doc_ev) / Fraction(52, 55)
    def percent(cell: str) -> float:  # text tables print probabilities and edges as "0.501701 %"
        assert cell.strip().endswith(" %"), cell
        return float(cell.strip()[:-2]) / 100

    edge = percent(values["house_edge"])
    se = (percent(values["house_edge_ci_high"]) - percent(values["house_edge_ci_low"])) / (2 * 1.959964)
    assert abs(edge - float(non_doc_edge)) <= 3.29 * se + 1e-8  # + the table's 6-digit rounding


def test_exchange_table_and_json():
    r = _run("exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "j-poker")
    assert r.exit_code == 0 and "(no exchange)" in r.output and "2c 9h" in r.output
    r = _run("exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "j-poker", "--format", "json")
    data = json.loads(r.output)
    assert data["best"] == "2c" and len(data["rows"]) == 16 and data["rows"][0]["fee"] == 1


def test_exchange_edge_csv():
    r = _run("exchange-edge", "--game", "caribbean", "--fees", "1,2", "--situations", "2", "--format", "csv")
    assert r.exit_code == 0, r.output
    head = r.output.splitlines()[0].split(",")
    assert head[:8] == ["game", "house_edge", "house_edge_exact", "exchange_gain", "gain_ci_low", "gain_ci_high",
                        "house_edge_with_exchange", "house_edge_with_exchange_ci_low"]
    row = dict(zip(head, r.output.splitlines()[1].split(","), strict=True))
    assert row["house_edge_exact"] == "142031221/2718662100"  # Caribbean Stud's exact edge
    edge, gain, lo, hi = (float(row[k]) for k in ("house_edge", "exchange_gain", "gain_ci_low", "gain_ci_high"))
    assert float(row["house_edge_with_exchange"]) == pytest.approx(edge - gain)
    assert float(row["house_edge_with_exchange_ci_low"]) == pytest.approx(edge - hi)
    assert float(row["house_edge_with_exchange_ci_high"]) == pytest.approx(edge - lo)


def test_exchange_edge_screen():
    r = _run("exchange-edge", "--game", "caribbean", "--fees", "1/2,1", "--situations", "2", "--screen", "4",
             "--format", "json")
    assert r.exit_code == 0, r.output
    row = json.loads(r.output)[0]
    assert row["situations"] == 2 and row["screen"] == 4 and row["two_card_best"] in (0, 1, 2)
    r = _run("exchange-edge", "--game", "caribbean", "--fees", "1,2", "--situations", "3", "--screen", "2")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output
    assert "--screen (2) must be 0 or at least --situations (3)" in r.output


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


@pytest.mark.slow
def test_sensitivity_doc_is_linear_and_covers_the_exact_edge(monkeypatch):
    """``--what doc`` on the aces-wild deals only (so it runs in seconds): the house edge is linear in
    the DOC probability, equal to the sampled edge at the seed's 3/55, whose row covers the pinned
    exact edge; the CI narrows as (1 - d)."""
    import analyzer.games.stud.edge as edge

    real = edge.house_edges

    def aces_only(game, strategies=("optimal",), method="auto", hands=0, seed=0, ranks=None, **kw):
        return real(game, strategies, method, hands, seed, (12,) if ranks is None else ranks, **kw)

    monkeypatch.setattr(edge, "house_edges", aces_only)
    r = _run("sensitivity", "--game", "j-poker", "--what", "doc", "--trials", "200", "--seed", "1",
             "--format", "json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert [row["doc_probability"] for row in rows] == [str(Fraction(k, 55)) for k in range(11)]
    edges = [row["house_edge"] for row in rows]
    assert max(abs(edges[k + 1] - 2 * edges[k] + edges[k - 1]) for k in range(1, 10)) < 1e-12
    seed_row = rows[3]
    assert [row["rule_as_played"] for row in rows] == [k == 3 for k in range(11)]
    lib = house_edge(load_game("j-poker"), "optimal", "sampled", hands=200, seed=1, ranks=(12,))
    assert seed_row["house_edge"] == pytest.approx(lib.house_edge, abs=1e-15)
    half = [(row["ci_high"] - row["ci_low"]) / 2 for row in rows]
    assert half[3] == pytest.approx(1.959964 * lib.se, rel=1e-6)
    assert all(h == pytest.approx(half[0] * (1 - k / 55), rel=1e-9) for k, h in enumerate(half))
    assert abs(seed_row["house_edge"] - float(JPOKER_ACES_EXACT["optimal"])) <= 3.29 * lib.se


# J-poker on the 32-card deck (7 to A: its exact aces-wild pass takes a tenth of a second) by default,
# the 52-card game under slow
@pytest.mark.parametrize("deck", [pytest.param("52", marks=pytest.mark.slow), "32"])
def test_doc_sensitivity_of_an_exact_edge_shows_no_interval(deck: str) -> None:
    """An exact edge had interval columns of zero width beside it (2.47698 %, 2.477 %, 2.477 %)."""
    from analyzer.games.stud.sensitivity import doc_sensitivity

    game = load_game("j-poker")
    if deck != "52":
        game = game.with_changes(deck=deck, name=f"J-poker, {deck} cards")
    rows = doc_sensitivity(game, house_edge(game, "optimal", "exact", ranks=(12,)))
    assert [sorted(r) for r in rows[:1]] == [["doc", "doc_probability", "house_edge", "rule_as_played"]]
    assert [r["rule_as_played"] for r in rows] == [k == 3 for k in range(11)]


def test_analyze_method_auto_is_exact_unless_a_sample_is_asked_for(monkeypatch):
    """``auto`` on J-poker runs the exact method; --trials or --seed with auto, or --method
    sampled, run the sample (the library call is recorded, not run)."""
    import analyzer.games.stud.cli as stud_cli

    calls = []
    real = stud_cli.house_edge
    # an exact result to print, computed once (J-poker aces wild on 32 cards: a tenth of a second)
    result = real(load_game("j-poker").with_changes(deck="32"), "optimal", "exact", ranks=(12,))

    def record(game, strategy, method, **kw):
        calls.append(method)
        return result

    monkeypatch.setattr(stud_cli, "house_edge", record)
    for extra in ([], ["--trials", "200"], ["--seed", "3"], ["--method", "sampled"], ["--method", "exact"]):
        assert _run("analyze", "--game", "jpoker", *extra, "--format", "json").exit_code == 0
    assert calls == ["exact", "sampled", "sampled", "sampled", "exact"]


@pytest.mark.slow
def test_analyze_board_game_is_exact_by_default():
    """J-poker without --trials/--seed enumerates (auto = exact): on the aces-wild deals the edge is
    the pinned exact fraction; --trials with auto, or --method sampled, still samples."""
    r = _run("analyze", "--game", "j-poker", "--wild-ranks", "A", "--strategy", "pair", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["method"] == "exact" and Fraction(data["house_edge_exact"]) == JPOKER_ACES_EXACT["pair"]
    assert data["house_edge_ci_low"] == data["house_edge"] == data["house_edge_ci_high"]
    r = _run("analyze", "--game", "j-poker", "--wild-ranks", "A", "--strategy", "pair", "--method", "sampled",
             "--trials", "200", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)["method"] == "sampled"
