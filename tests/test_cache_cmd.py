"""`joker-odds cache`: the folder of built tables, their count and size; --clear removes only them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.tablecache import cache_files, load_or_build


def _cache(monkeypatch: pytest.MonkeyPatch, value: str, *args: str) -> dict[str, object]:
    monkeypatch.setenv("JOKER_ODDS_CACHE", value)
    res = CliRunner().invoke(main, ["cache", *args, "--format", "json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)["rows"][0]  # type: ignore[no-any-return]


def test_cache_shows_and_clears_only_its_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for k in range(3):
        load_or_build({"test": k}, lambda: np.zeros(1000, np.int32), tmp_path)
    (tmp_path / "keep.txt").write_text("a user's file", encoding="utf-8")
    lookalike = tmp_path / ("table-" + "ab" * 16 + ".bin")  # a user's file named like a table
    lookalike.write_bytes(b"my measurements, not a joker-odds table")
    (tmp_path / ("table-" + "cd" * 16 + ".bin")).write_bytes(b"joker-odds-table {not json\n")
    row = _cache(monkeypatch, str(tmp_path))
    assert row["folder"] == str(tmp_path) and row["tables"] == 3
    row = _cache(monkeypatch, str(tmp_path), "--clear")
    assert row["removed"] == 3 and cache_files(tmp_path) == []
    assert (tmp_path / "keep.txt").exists() and lookalike.read_bytes().startswith(b"my measurements")
    assert (tmp_path / ("table-" + "cd" * 16 + ".bin")).exists()
    assert _cache(monkeypatch, str(tmp_path))["tables"] == 0


def test_cache_off_and_missing_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert _cache(monkeypatch, "off")["folder"].startswith("off")  # type: ignore[union-attr]
    assert _cache(monkeypatch, str(tmp_path / "none"), "--clear")["removed"] == 0
