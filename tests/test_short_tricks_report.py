"""The short-tricks report study: the answer first (headline and first text), tables of at most 40 rows."""

from __future__ import annotations

import pytest

from analyzer.games.tricks.report import short as short_report


def test_study_answers_first_with_small_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("FEATURE_DEALS", 4_000), ("DD_DEALS", 400), ("CHAIN_DEALS", 5_000), ("GAMES", 60)):
        monkeypatch.setattr(short_report, name, value)
    s = short_report.build()
    assert s.headline.startswith("Play with ") and "game to 5" in s.headline
    assert s.answers[0].startswith('**Say "play" at seat 0**') and "game to 5" in s.answers[1]
    names = {b[1][0] for b in s.blocks if b[0] in ("table", "figure")}
    assert {"play-or-pass", "play-or-pass-seat0", "tricks", "game-odds", "premium"} <= names
    assert all(len(rows) <= 40 for n, rows in s._tables.items() if n != "play-or-pass-all-seats")
    assert "strength-ladder-short-poker" in names  # the measured ladder for this game is quoted
    prem = s._tables["premium"]
    assert sum(r["p_chain"] for r in prem) == pytest.approx(1.0, abs=1e-6)
