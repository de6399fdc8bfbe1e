"""Report pages a person wants to read: the index lists each study's headline, pages link to each
other and end with their build time and the command that rebuilds them."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from analyzer.games.info import StudyDecl
from analyzer.report import build_report
from analyzer.report.study import Study


def demo_one() -> Study:
    s = Study("demo-one", "Demo one")
    s.table("long", [{"players": p, "place": q, "p": 0.5} for p in (1, 2) for q in ("a", "b")])
    s.headline = "P(win) = 0.5 exactly."
    return s


def demo_two() -> Study:
    s = Study("demo-two", "Demo two")
    s.text("nothing to see")
    s.csv("only-csv", [{"x": 1}])
    s.headline = "Nothing at all."
    return s


SPECS = [StudyDecl("demo-one", "Demo one", f"{__name__}:demo_one"),
         StudyDecl("demo-two", "Demo two", f"{__name__}:demo_two")]


def test_index_lists_every_study_with_its_headline(tmp_path: Path) -> None:
    build_report(tmp_path, SPECS)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "<style>" in index and "P(win) = 0.5 exactly." in index and "Nothing at all." in index
    assert index.index("demo-one/index.html") < index.index("demo-two/index.html")
    assert "joker-odds report --study demo-two" in index
    md = (tmp_path / "index.md").read_text(encoding="utf-8")
    assert "- [Demo one](demo-one/index.md): P(win) = 0.5 exactly." in md


def test_pages_link_to_each_other_and_end_with_build_facts(tmp_path: Path) -> None:
    build_report(tmp_path, SPECS)
    one = (tmp_path / "demo-one" / "index.html").read_text(encoding="utf-8")
    two = (tmp_path / "demo-two" / "index.html").read_text(encoding="utf-8")
    assert "href='../demo-two/index.html'>next" in one and "previous" not in one
    assert "href='../demo-one/index.html'>&larr; previous" in two
    assert "<footer>Built " in one and "Reproduce: <code>joker-odds report --study demo-one</code>" in one
    meta = json.loads((tmp_path / "demo-one" / "meta.json").read_text(encoding="utf-8"))
    assert meta["headline"] == "P(win) = 0.5 exactly." and meta["seconds"] >= 0


def test_csv_only_tables_are_written_but_not_shown(tmp_path: Path) -> None:
    build_report(tmp_path, SPECS)
    assert (tmp_path / "demo-two" / "tables" / "only-csv.csv").read_text().splitlines() == ["x", "1"]
    assert "only-csv" not in (tmp_path / "demo-two" / "index.html").read_text(encoding="utf-8")


def test_a_later_partial_build_keeps_the_other_headlines(tmp_path: Path) -> None:
    build_report(tmp_path, SPECS)
    build_report(tmp_path, SPECS, only=["demo-two"])
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "P(win) = 0.5 exactly." in index and "Nothing at all." in index


def _pages(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with the build facts (time stamp, seconds, peak memory) masked."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            if p.suffix in (".html", ".md", ".json"):
                data = re.sub(rb"\d{4}-\d\d-\d\d \d\d:\d\d UTC|\d+(\.\d+)? ?s\b|\"seconds\": [\d.]+|\"peak_mb\": (null|\d+)", b"#", data)
            out[str(p.relative_to(root))] = data
    return out


def test_parallel_build_writes_what_a_serial_one_does(tmp_path: Path) -> None:
    """Two studies built in two worker processes give the same files as one after the other."""
    build_report(tmp_path / "serial", SPECS)
    built = build_report(tmp_path / "parallel", SPECS, jobs=2)
    assert [s.name for s in built] == ["demo-one", "demo-two"]
    assert _pages(tmp_path / "parallel") == _pages(tmp_path / "serial")


def demo_fails() -> Study:
    raise RuntimeError("this study fails")


def test_a_failing_study_in_a_worker_leaves_the_previous_report(tmp_path: Path) -> None:
    """The worker's error reaches the caller; the folder keeps what it had."""
    build_report(tmp_path, SPECS)
    before = _pages(tmp_path)
    specs = [*SPECS, StudyDecl("demo-fails", "Fails", f"{__name__}:demo_fails")]
    with pytest.raises(RuntimeError, match="this study fails"):
        build_report(tmp_path, specs, jobs=2)
    assert _pages(tmp_path) == before


def demo_pid() -> Study:
    s = Study("demo-pid", "Demo pid")
    s.headline = f"built in process {os.getpid()}"
    return s


def test_each_study_of_a_parallel_build_gets_a_fresh_process(tmp_path: Path) -> None:
    """A worker exits after its study, so one study's memory (tables, compiled kernels) is not
    carried into the next one the worker would have built."""
    specs = [StudyDecl(f"demo-pid-{i}", f"Pid {i}", f"{__name__}:demo_pid") for i in range(3)]
    built = build_report(tmp_path, specs, jobs=2)
    pids = {s.headline for s in built}
    assert len(pids) == 3 and f"process {os.getpid()}" not in pids
    for i in range(3):  # each worker's peak memory is its study's, recorded beside its seconds
        meta = json.loads((tmp_path / f"demo-pid-{i}" / "meta.json").read_text(encoding="utf-8"))
        assert 20 < meta["peak_mb"] < 2000
    build_report(tmp_path, specs[:1])  # in this process: no peak of the study's own
    assert json.loads((tmp_path / "demo-pid-0" / "meta.json").read_text(encoding="utf-8"))["peak_mb"] is None


def demo_threads() -> Study:
    import numba

    s = Study("demo-threads", "Demo threads")
    s.headline = str(numba.config.NUMBA_NUM_THREADS)
    return s


def test_studies_built_side_by_side_share_the_cores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each worker's parallel kernels get its share of the cores (one of two on two cores), not
    every core: nested on shared cores they burn CPU (analyzer.scheduling.share_cores)."""
    from analyzer.scheduling import kernel_threads

    monkeypatch.setenv("NUMBA_NUM_THREADS", str(os.cpu_count() or 1))  # what a worker would start with
    specs = [StudyDecl(f"demo-threads-{i}", f"Threads {i}", f"{__name__}:demo_threads") for i in range(2)]
    assert {s.headline for s in build_report(tmp_path, specs, jobs=2)} == {str(kernel_threads(2))}


def test_share_cores_keeps_a_lower_setting_and_is_too_late_once_numba_is_loaded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    import numba  # noqa: F401  (loaded, as in any process that has run a kernel)

    from analyzer.scheduling import kernel_threads, share_cores

    monkeypatch.setenv("NUMBA_NUM_THREADS", "999")
    share_cores(2)  # numba is loaded in this process: nothing changes
    assert os.environ["NUMBA_NUM_THREADS"] == "999"
    monkeypatch.delitem(sys.modules, "numba")
    share_cores(2)
    assert os.environ["NUMBA_NUM_THREADS"] == str(kernel_threads(2))
    monkeypatch.setenv("NUMBA_NUM_THREADS", "1")
    share_cores(1)
    assert os.environ["NUMBA_NUM_THREADS"] == "1"


def _window(name: str) -> Study:
    """A study that says when it ran (start and end, seconds since the epoch)."""
    import time

    t0 = time.time()
    time.sleep(0.5)
    s = Study(name, name)
    s.headline = f"{t0} {time.time()}"
    return s


def demo_big_0() -> Study:
    return _window("demo-big-0")


def demo_big_1() -> Study:
    return _window("demo-big-1")


def demo_small() -> Study:
    return _window("demo-small")


def _windows(built: list[Study]) -> list[tuple[float, float]]:
    return sorted((float(a), float(b)) for a, b in (s.headline.split() for s in built))


def test_studies_whose_peaks_exceed_the_memory_budget_never_run_side_by_side(tmp_path: Path) -> None:
    """Two studies declaring 700 MB each, with a budget of 1,000 MB and two workers: the second
    starts only after the first is done; small ones fill the other worker meanwhile."""
    big = [StudyDecl(f"demo-big-{i}", f"Big {i}", f"{__name__}:demo_big_{i}", 700) for i in range(2)]
    small = [StudyDecl("demo-small", "Small", f"{__name__}:demo_small", 200)]
    built = build_report(tmp_path, [*big, *small], jobs=2, memory_mb=1000)
    (_, a1), (b0, _) = _windows([s for s in built if s.name.startswith("demo-big")])
    assert a1 <= b0
    assert {s.name for s in built} == {"demo-big-0", "demo-big-1", "demo-small"}


def test_the_next_study_is_the_longest_waiting_one_that_fits() -> None:
    from analyzer.report import next_fitting

    peaks = [700, 300, 250]  # the waiting studies' declared peaks, longest first
    assert next_fitting(peaks, [], 100) == 0  # nothing runs: the first starts whatever its peak
    assert next_fitting(peaks, [700], 1000) == 1
    assert next_fitting(peaks, [740], 1000) == 2
    assert next_fitting(peaks, [800], 1000) is None
    assert next_fitting([], [], 1000) is None


def test_every_declared_study_states_a_peak_within_the_default_budget() -> None:
    """Each study fits the default budget alone, and above what a process that has loaded numba
    holds (about 190 MB); the heaviest two (casino stud, video poker) never run side by side."""
    from analyzer.cli.report_cmd import STUDIES
    from analyzer.report import MEMORY_MB

    peaks = {s.name: s.memory_mb for s in STUDIES}
    assert all(190 <= mb <= MEMORY_MB for mb in peaks.values()), peaks
    assert peaks["casino-stud"] + peaks["video-poker"] > MEMORY_MB
    from analyzer.report import PEAK_MB

    assert StudyDecl("x", "X", "m:f").memory_mb == PEAK_MB  # one default for a spec declaring none


def test_a_worker_exits_once_the_build_that_started_it_is_gone() -> None:
    """A worker watches the build process itself (its own parent is the fork server, which outlives
    a killed build while a worker runs): a gone or unreaped build ends it within about a second."""
    import inspect
    import subprocess
    import sys
    import textwrap
    import time

    from analyzer.report import _exit_with_parent

    # the function's own source run in a bare process: importing analyzer.report there would load
    # matplotlib (a CPU-second a process) for a function that needs only the standard library
    watcher = ("import contextlib, os, time\nfrom pathlib import Path\n"
               + textwrap.dedent(inspect.getsource(_exit_with_parent)))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])  # exited, not reaped yet
    for build in (gone.pid, zombie.pid):
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", f"{watcher}\n_exit_with_parent({build})\ntime.sleep(20)"],
                              capture_output=True, text=True, timeout=30)
        assert done.stderr == ""  # the watcher's own exit, not a traceback's
        assert done.returncode == 1 and time.perf_counter() - t0 < 15
    zombie.wait()


def _demo_figure(tight: bool) -> object:
    """A small figure with a colorbar and a legend (``tight``: its maker lays it out)."""
    import matplotlib.pyplot as plt
    import numpy as np

    fig, (a, b) = plt.subplots(1, 2, figsize=(3, 1.5))
    fig.colorbar(a.imshow(np.arange(6.0).reshape(2, 3)), ax=a)
    b.plot([1, 2, 3], [0.2, 0.5, 0.4], label="line")
    b.legend()
    if tight:
        fig.tight_layout()
    return fig


@pytest.mark.parametrize("tight", [False, True])
def test_a_figure_is_saved_as_the_plain_tight_layout_and_savefig_save_it(tight: bool) -> None:
    """Study.figure lays out and saves with one draw (no layout engine left for savefig to run a
    draw first); the reference: ``fig.tight_layout()`` then ``savefig`` (two draws), byte for byte."""
    import io

    s = Study("demo", "Demo")
    s.figure("f", _demo_figure(tight))
    ref = _demo_figure(tight)
    if not tight:
        ref.tight_layout()
    buf = io.BytesIO()
    ref.savefig(buf, format="png", dpi=110)
    assert s._figures["f"] == buf.getvalue()
