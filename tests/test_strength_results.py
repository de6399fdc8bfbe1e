"""The measured strength ladder kept as data and the report section quoting it (no OpenSpiel needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.report.strength import to_toml, write_results


def test_results_round_trip(tmp_path: Path) -> None:
    import tomllib

    data = {"command": "python x", "ladder": [{"label": "durak", "player": "random", "gain": -0.5, "deals": 3}]}
    path = write_results(data, tmp_path / "r.toml")
    assert tomllib.loads(path.read_text()) == data
    assert to_toml({"a": float("nan")}).strip() == "a = nan"
    import numpy as np

    assert to_toml({"a": np.float64(0.25)}).strip() == "a = 0.25"


def test_strength_section_quotes_the_ladder() -> None:
    from analyzer.report.strength import HEADING, load_results, strength_section
    from analyzer.report.study import Study

    if not load_results().get("ladder"):
        pytest.skip("no measurements shipped")
    s = Study("demo", "Demo")
    strength_section(s, ["durak"])
    assert s.sections() == [HEADING]


def test_remi_section_quotes_its_ladder() -> None:
    from analyzer.report.strength import HEADING, load_results, strength_section
    from analyzer.report.study import Study

    rows = [r for r in load_results().get("ladder", []) if str(r["label"]).startswith("Remi 51")]
    assert {r["player"] for r in rows} >= {"random", "stock-only"}  # the shipped Remi 51 ladder
    assert all(r["deals"] >= 20 and r["reference"] == "heuristic" for r in rows)
    s = Study("demo", "Demo")
    strength_section(s, ["Remi 51"])
    assert s.sections() == [HEADING]
    (table,) = [b[1][0] for b in s.blocks if b[0] == "table"]
    assert table == "strength-ladder-remi-51"
    assert any("fixed CPU budgets" in str(b) for b in s.blocks)
