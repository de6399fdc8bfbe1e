"""numba's cache folder per version of the sources (:mod:`analyzer.numbacache`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import analyzer.numbacache as nc


def test_any_edit_gives_a_new_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key changes with a file's contents (size or mtime), a new file, and not otherwise."""
    (tmp_path / "k").mkdir()
    a = tmp_path / "k" / "a.py"
    a.write_text("x = 1\n")
    monkeypatch.setattr(nc, "ROOT", tmp_path)
    first = nc.sources_key()
    assert nc.sources_key() == first
    os.utime(a, ns=(a.stat().st_atime_ns, a.stat().st_mtime_ns + 1))
    second = nc.sources_key()
    (tmp_path / "b.py").write_text("")
    assert len({first, second, nc.sources_key()}) == 3


def test_import_points_numba_at_the_folder_of_these_sources(tmp_path: Path) -> None:
    """A fresh process: ``import analyzer`` sets NUMBA_CACHE_DIR to <cache>/numba/<key>; a set
    NUMBA_CACHE_DIR is kept; ``off`` leaves numba's default."""
    code = "import os, analyzer, analyzer.numbacache as n; print(os.environ.get('NUMBA_CACHE_DIR'), n.sources_key())"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}

    def run(**extra: str) -> list[str]:
        out = subprocess.run([sys.executable, "-c", code], env={**env, **extra}, capture_output=True,
                             text=True, check=True).stdout
        return out.split()

    folder, key = run(JOKER_ODDS_CACHE=str(tmp_path))
    assert folder == str(tmp_path / "numba" / key) and Path(folder).is_dir()
    assert run(JOKER_ODDS_CACHE=str(tmp_path), NUMBA_CACHE_DIR="/x")[0] == "/x"
    assert run(JOKER_ODDS_CACHE="off")[0] == "None"


def test_prune_keeps_recent_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Folders idle for two days go; of those idle an hour, only the KEEP most recent stay; a
    folder used within the hour is never removed."""
    monkeypatch.setattr(nc, "KEEP", 2)
    now = time.time()
    ages = {"new": 0, "min": 60, "h2": 7200, "h3": 10800, "h4": 14400, "old": 3 * 86400}
    names = {name: f"{i:016x}" for i, name in enumerate(ages)}
    for name, age in ages.items():
        (tmp_path / names[name]).mkdir()
        nc.mark(tmp_path / names[name])
        os.utime(tmp_path / names[name], (now - age, now - age))
    nc._prune(tmp_path, tmp_path / names["new"])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[n] for n in ("h2", "min", "new"))


def test_prune_never_removes_what_it_did_not_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared cache folder: a user's folder, a key-named folder without the marker, one whose
    marker holds other text, a link to a marked folder, all idle for a week, survive a prune;
    only the tool's own stale folder goes."""
    monkeypatch.setattr(nc, "KEEP", 0)
    week = time.time() - 7 * 86400
    ours, theirs, unmarked, forged = (tmp_path / n for n in
                                      ("00000000000000aa", "my-old-project", "00000000000000bb", "00000000000000cc"))
    for folder in (ours, theirs, unmarked, forged):
        folder.mkdir()
        (folder / "data.txt").write_text("keep me")
    nc.mark(ours)
    (theirs / nc.MARKER).write_bytes(nc.MARKER_TEXT)  # the marker alone does not make a user's name ours
    (forged / nc.MARKER).write_text("something else")
    elsewhere = tmp_path.parent / (tmp_path.name + "-target")
    elsewhere.mkdir()
    nc.mark(elsewhere)
    (tmp_path / "00000000000000dd").symlink_to(elsewhere)
    for p in tmp_path.iterdir():
        os.utime(p, (week, week), follow_symlinks=False)
    nc._prune(tmp_path, tmp_path / "ffffffffffffffff")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["my-old-project", "00000000000000bb", "00000000000000cc", "00000000000000dd"])
    assert (theirs / "data.txt").read_text() == "keep me" and (elsewhere / nc.MARKER).exists()


def test_a_new_folder_carries_the_marker(tmp_path: Path) -> None:
    """The folder ``import analyzer`` creates is marked, so it can be pruned one day."""
    code = "import os, analyzer; print(os.environ['NUMBA_CACHE_DIR'])"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    folder = subprocess.run([sys.executable, "-c", code], env={**env, "JOKER_ODDS_CACHE": str(tmp_path)},
                            capture_output=True, text=True, check=True).stdout.strip()
    assert nc.is_ours(Path(folder))
