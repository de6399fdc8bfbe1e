"""The on-disk table cache: where it lives, switched off, corrupt files, stale keys, unwritable folders."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from analyzer import tablecache
from analyzer.tablecache import cache_dir, load_or_build


class Builder:
    """A table builder that counts its calls."""

    def __init__(self, value: int = 3) -> None:
        self.calls = 0
        self.value = value

    def __call__(self) -> np.ndarray:
        self.calls += 1
        return np.arange(self.value, dtype=np.int32)


def test_cache_dir_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JOKER_ODDS_CACHE", str(tmp_path / "c"))
    assert cache_dir() == tmp_path / "c"
    monkeypatch.setenv("JOKER_ODDS_CACHE", "OFF")
    assert cache_dir() is None
    monkeypatch.delenv("JOKER_ODDS_CACHE")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_dir() == tmp_path / ".cache" / "joker-odds"


def test_disabled_cache_builds_every_time_and_writes_nothing(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    monkeypatch.setenv("JOKER_ODDS_CACHE", "off")
    monkeypatch.chdir(tmp_path)
    build = Builder()
    assert [load_or_build({"k": 1}, build).tolist() for _ in range(2)] == [[0, 1, 2]] * 2
    assert build.calls == 2 and list(tmp_path.iterdir()) == []


def test_hit_miss_and_one_file_per_key(tmp_path: Path) -> None:
    build = Builder()
    first = load_or_build({"k": 1}, build, tmp_path)
    again = load_or_build({"k": 1}, build, tmp_path)
    assert build.calls == 1 and np.array_equal(first, again) and again.dtype == np.int32
    files = list(tmp_path.glob("table-*.bin"))
    assert len(files) == 1 and files[0].read_bytes().endswith(first.tobytes())
    other = Builder(5)
    assert load_or_build({"k": 2}, other, tmp_path).tolist() == [0, 1, 2, 3, 4]  # another key: a miss
    assert other.calls == 1 and len(list(tmp_path.glob("table-*.bin"))) == 2


def test_corrupt_file_is_rebuilt_and_replaced(tmp_path: Path) -> None:
    build = Builder()
    load_or_build({"k": 1}, build, tmp_path)
    (path,) = tmp_path.glob("table-*.bin")
    path.write_bytes(b"\x93NUMPY garbage")
    assert load_or_build({"k": 1}, build, tmp_path).tolist() == [0, 1, 2] and build.calls == 2
    assert b"garbage" not in path.read_bytes()  # rewritten
    assert load_or_build({"k": 1}, build, tmp_path).tolist() == [0, 1, 2] and build.calls == 2


def test_a_changed_builder_source_never_reads_a_stale_table(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """The key includes a digest of the table builders' sources: after an edit, the old file is ignored."""
    old = Builder(3)
    load_or_build({"k": 1}, old, tmp_path)
    monkeypatch.setattr(tablecache, "_source_digest", lambda: "edited-sources")
    new = Builder(4)
    assert load_or_build({"k": 1}, new, tmp_path).tolist() == [0, 1, 2, 3] and new.calls == 1
    assert len(list(tmp_path.glob("table-*.bin"))) == 2


def test_unwritable_cache_is_skipped(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    build = Builder()
    assert load_or_build({"k": 1}, build, blocker).tolist() == [0, 1, 2]
    assert load_or_build({"k": 1}, build, blocker).tolist() == [0, 1, 2] and build.calls == 2
    assert blocker.read_text(encoding="utf-8") == "x"
