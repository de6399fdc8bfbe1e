"""The ladder, the speed comparison and the report section built from stored measurements."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed (pip install '.[openspiel]')")

from analyzer.openspiel.ladder import ladder, ladder_table


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


def test_durak_three_players_openspiel_ismcts_runs() -> None:
    rows = ladder("joker_odds_durak", {"players": 3}, [], deals=1, seed=3, ismcts_cpu=(0.002,))
    assert rows[0].decisions > 0
