"""The ladder, the speed comparison and the report section built from stored measurements."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed (pip install '.[openspiel]')")

from analyzer.openspiel.ladder import ladder, ladder_table
from analyzer.openspiel.results import to_toml, write_results


def test_reference_against_itself_gains_nothing() -> None:
    (row,) = ladder("joker_odds_durak", {}, ["heuristic"], deals=4, seed=2)
    assert row.gain == 0.0 and row.half_width == 0.0 and row.decisions > 0


def test_durak_ladder_with_openspiel_matched_in_time() -> None:
    rows = ladder("joker_odds_durak", {}, ["random", "ismcts@50"], deals=2, seed=1, match="ismcts@50",
                  factors=(1,))
    assert [r.player for r in rows] == ["random", "ismcts@50", "openspiel-ismcts 1x ismcts@50"]
    assert all(math.isfinite(r.gain) and r.deals == 2 for r in rows)
    assert "openspiel-ismcts" in ladder_table(rows)


@pytest.mark.slow
def test_trick_ladder_runs_pimc() -> None:
    rows = ladder("joker_odds_georgian_joker", {"cards": 2}, ["pimc@8"], deals=2, seed=1)
    assert rows[0].player == "pimc@8" and rows[0].decisions >= 2 * 3


def test_results_round_trip(tmp_path: Path) -> None:
    import tomllib

    data = {"command": "python x", "ladder": [{"label": "durak", "player": "random", "gain": -0.5, "deals": 3}]}
    path = write_results(data, tmp_path / "r.toml")
    assert tomllib.loads(path.read_text()) == data
    assert to_toml({"a": float("nan")}).strip() == "a = nan"
    import numpy as np

    assert to_toml({"a": np.float64(0.25)}).strip() == "a = 0.25"


def test_strength_section_quotes_the_ladder() -> None:
    from analyzer.openspiel.results import load_results
    from analyzer.openspiel.strength_report import HEADING, strength_section
    from analyzer.report.study import Study

    if not load_results().get("ladder"):
        pytest.skip("no measurements shipped")
    s = Study("demo", "Demo")
    strength_section(s, ["durak"])
    assert s.sections() == [HEADING]


def test_durak_three_players_openspiel_ismcts_runs() -> None:
    rows = ladder("joker_odds_durak", {"players": 3}, [], deals=1, seed=3, ismcts_cpu=(0.002,))
    assert rows[0].decisions > 0
