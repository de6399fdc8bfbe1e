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


def test_each_page_quotes_only_the_runs_that_measured_its_rows() -> None:
    """The Remi page's reproduce line is the Remi run alone; the trick games' page does not name
    durak's or Remi's runs; durak's names its heads-up run and its three-player run."""
    from analyzer.report.strength import strength_section
    from analyzer.report.study import Study

    def reproduce(labels: list[str]) -> str:
        s = Study("demo", "Demo")
        strength_section(s, labels)
        (text,) = [str(b) for b in s.blocks if "Reproduce:" in str(b)]
        return text.split("Reproduce:")[1]

    remi = reproduce(["Remi 51"])
    assert "--only 'Remi 51" in remi and "durak" not in remi and ";" not in remi
    tricks = reproduce(["Georgian Joker", "54-card"])
    assert "Remi" not in tricks and "--only 'durak" not in tricks
    durak = reproduce(["durak"])
    assert "--only 'durak, 3 players'" in durak and "Remi" not in durak and ";" in durak


def test_strength_curve_is_drawn_in_the_tables_unit() -> None:
    """The durak figure plots percentage points of P(fool), as the ladder's table prints them."""
    import matplotlib

    matplotlib.use("Agg")
    from analyzer.report.strength import curve_figure

    fig = curve_figure([{"player": "ismcts@30", "cpu_ms": 0.04, "gain": 0.2, "half_width": 0.1},
                        {"player": "openspiel-ismcts 10 ms", "cpu_ms": 9.5, "gain": -0.3, "half_width": 0.2}])
    (ax,) = fig.axes
    ys = [list(map(float, line.get_ydata())) for line in ax.get_lines()]
    assert [20.0] in ys and [-30.0] in ys  # the two points, in percentage points
    assert "pp of P(fool)" in ax.get_ylabel()
