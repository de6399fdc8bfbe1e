"""``joker-odds warmup`` and the one-line notice of a command compiling its kernels for first use."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import analyzer.cli.warmup_run as warmup_run
import analyzer.progress as progress
import analyzer.warmup as warmup
from analyzer.cli import COMMAND_MODULES, main


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private marker folder (markers live in numba's cache folder) for the test."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_markers_follow_the_sources(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A command is cold until marked; a changed source key (an edit) makes it cold again; a command
    that compiles nothing is always warm; without a numba cache folder there is no notice."""
    assert not warmup.is_warm("rummy best")
    warmup.mark_warm("rummy best")
    assert warmup.is_warm("rummy best") and not warmup.is_warm("tricks solve")
    monkeypatch.setattr(warmup, "_sources_key", lambda: "edited")
    assert not warmup.is_warm("rummy best")
    assert warmup.is_warm("rules")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert warmup.is_warm("rummy best")


def test_notice_once_on_a_terminal(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The wrapped callback prints one line on stderr when cold and on a terminal, then marks the
    command warm; off a terminal it prints nothing."""
    calls = []
    wrapped = warmup.watch_compiles("rummy best", lambda x: calls.append(x) or x)
    monkeypatch.setattr(progress, "progress_enabled", lambda quiet=False: False)
    assert wrapped(1) == 1 and capsys.readouterr().err == ""
    monkeypatch.setattr(warmup, "_sources_key", lambda: "other")
    monkeypatch.setattr(progress, "progress_enabled", lambda quiet=False: True)
    assert wrapped(2) == 2
    err = capsys.readouterr().err
    assert err == f"compiling kernels for first use, once: ~{warmup.COMPILE_SECONDS['rummy best']:.0f} s\n"
    wrapped(3)
    assert capsys.readouterr().err == "" and calls == [1, 2, 3]


def test_every_group_and_command_is_known() -> None:
    """Each warm-up line names a real command, and each command with an estimate is a real one."""
    for group, lines in warmup.WARMUP.items():
        assert group in COMMAND_MODULES
        assert all(line[0] == group for line in lines)
    assert {c.split()[0] for c in warmup.COMPILE_SECONDS} <= set(COMMAND_MODULES)
    assert {warmup_run._command_of(line) for lines in warmup.WARMUP.values() for line in lines} <= set(
        warmup.COMPILE_SECONDS)


def test_each_studys_own_warmup_is_a_study_modules_function_in_a_known_group() -> None:
    """The report's own warm-ups (kernels no command calls) run in a group's process: each names a
    game's report module and a function there, and each report study whose kernels need it has one."""
    import importlib

    assert set(warmup.STUDY_WARMUP) <= set(warmup.WARMUP)
    targets = [t for ts in warmup.STUDY_WARMUP.values() for t in ts]
    for target in targets:
        module, name = target.split(":")
        assert module.startswith("analyzer.games.") and "report" in module
        assert callable(getattr(importlib.import_module(module), name))
    assert {t.split(":")[0].split(".")[2] for t in targets} == {"tricks", "stud", "showdown"}


def test_warmup_command_marks_its_group(cache: Path) -> None:
    r = CliRunner().invoke(main, ["warmup", "calling", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("calling: ") and warmup.is_warm("calling")
    r = CliRunner().invoke(main, ["warmup", "nosuch"])
    assert r.exit_code == 2


def test_warmup_passes_its_memory_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.cli.warmup_cmd as cmd

    seen: list[tuple[list[str], int, int]] = []
    monkeypatch.setattr(cmd, "run_groups", lambda g, n, mb: seen.append((g, n, mb)) or iter([("draw", 0.1)]))
    r = CliRunner().invoke(main, ["warmup", "draw", "--jobs", "2", "--memory", "600"])
    assert r.exit_code == 0 and r.output == "draw: 0.1 s\n" and seen == [(["draw"], 2, 600)]
    r = CliRunner().invoke(main, ["warmup", "--memory", "50"])
    assert r.exit_code == 2 and "--memory" in r.output


_COLD_GROUPS = """
import contextlib, io, json, sys
from analyzer.cli import main
from analyzer.compiles import constant_copies, record_compiles
from analyzer.warmup import WARMUP
from analyzer.cli.warmup_run import run_group
with record_compiles() as seen:
    for group in WARMUP:
        run_group(group)
later = {}
for argv in json.loads(sys.argv[1]):
    with record_compiles() as after, contextlib.redirect_stdout(io.StringIO()):
        main.main(["--quiet", *argv], prog_name="joker-odds", standalone_mode=False)
    later[" ".join(argv[:3])] = sorted({c.name for c in after})
print(json.dumps([sorted({name for name, _ in constant_copies(seen)}), later]))
"""

# Commands beyond the warm-up lines (the help's examples, small): warm once `joker-odds warmup` ran.
# Not here: the sampled edges of stud (exchange-edge, options-edge, upcard-edge), whose fixed work
# (every wild rank's tables) outweighs the few seconds they compile.
AFTER_WARMUP = [
    ["durak", "play", "--players", "3", "--seed", "7"],
    ["durak", "sweep", "--players", "2,4", "--decks", "36+2", "--table", "values", "--games", "2000"],
    ["equity", "As Ks", "--players", "3", "--trials", "20000"],
    ["eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low"],
    ["freq", "--rules", "standard", "--exact", "--low", "--low-ace", "high_or_low"],
    ["rummy", "best", "9c Tc Jc Tc Th Td"],
    ["stud", "sensitivity", "--game", "caribbean", "--what", "pays"],
    ["tricks", "play", "--game", "georgian-joker", "--policy", "heuristic", "--policy-seat", "2=random",
     "--deals", "200"],
    ["tricks", "solve", "--hands", "Ah Kh Jk1", "Qh Jh Th", "9h 8h 7h", "Ac Kc Qc", "--trump", "h"],
    ["videopoker", "analyze", "--paytable", "deuces-wild-full-pay"],
]


@pytest.mark.slow
def test_no_kernel_compiles_a_second_copy_for_a_constant(tmp_path: Path) -> None:
    """Cold (empty caches), every warm-up command compiles each kernel once per argument types: no
    kernel is compiled again because a caller passed a constant (``f(x, 0)``) where others pass a
    variable, nor once for kernels and again as its Python-callable twin (such a kernel is marked
    ``python=True``). After the warm-up, the help's other examples compile nothing."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "JOKER_ODDS_CACHE": str(tmp_path / "tables")}
    out = subprocess.run([sys.executable, "-c", _COLD_GROUPS, json.dumps(AFTER_WARMUP)], env=env,
                         capture_output=True, text=True, check=True)
    copies, later = json.loads(out.stdout.strip().splitlines()[-1])
    assert copies == [], copies
    assert {k: v for k, v in later.items() if v} == {}


def test_a_command_without_an_estimate_says_so_at_its_first_compile(
        cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A cold command with no measured estimate prints the line (its group's estimate) when numba
    starts compiling, once; a run that compiles nothing prints nothing."""
    from numba import njit

    @njit
    def add_one(x: int) -> int:
        return x + 1

    monkeypatch.setattr(progress, "progress_enabled", lambda quiet=False: True)
    quiet_one = warmup.watch_compiles("durak sweep", lambda: 0)
    assert quiet_one() == 0 and capsys.readouterr().err == ""
    wrapped = warmup.watch_compiles("durak play", lambda: add_one(1) + add_one(2))
    assert wrapped() == 5
    assert capsys.readouterr().err == f"{warmup.notice('durak play')}\n"
    assert warmup.estimate("durak play") == max(warmup.COMPILE_SECONDS[c] for c in ("durak simulate", "durak odds", "durak strength"))
    assert warmup.is_warm("durak play") and warmup.is_warm("rules")


def test_every_command_that_compiles_is_watched() -> None:
    """The notice covers every leaf command but the listed ones that compile nothing."""
    import click

    from analyzer.cli import _watch_compiles

    def leaves(cmd: click.Command, path: str) -> list[tuple[str, click.Command]]:
        if isinstance(cmd, click.Group):
            ctx = click.Context(cmd)
            return [x for n in cmd.list_commands(ctx) for x in leaves(cmd.get_command(ctx, n), f"{path} {n}".strip())]
        return [(path, cmd)]

    found = leaves(main, "")
    for path, cmd in found:
        _watch_compiles(cmd, path)
        assert getattr(cmd, "_watched", False) == (path not in warmup.NO_KERNELS), path
    assert {p for p, _ in found} >= warmup.NO_KERNELS


def test_the_warmup_help_names_every_group_in_order() -> None:
    from analyzer.cli.warmup_cmd import warmup_cmd

    assert f"GROUP is one of: {', '.join(warmup.WARMUP)}." in " ".join((warmup_cmd.help or "").split())


def test_each_group_warms_in_a_fresh_process_within_the_memory_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """numba keeps what it compiled in memory: a worker reused for a second group would hold both
    groups' compiled code (two such workers side by side passed 1.2 GB). Two groups run side by
    side only while their declared peaks fit the budget: the next one is the first that fits."""
    import concurrent.futures as cf

    made: list[dict[str, object]] = []
    side_by_side: list[list[str]] = []

    class Pool:
        def __init__(self, **kwargs: object) -> None:
            made.append(kwargs)

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def submit(self, fn, group):  # type: ignore[no-untyped-def]
            return cf.Future()

    def wait(pending, return_when):  # type: ignore[no-untyped-def]
        side_by_side.append(sorted(pending.values()))
        first = next(iter(pending))
        first.set_result(0.5)
        return {first}, set(pending) - {first}

    peaks = {"a": 700, "b": 600, "c": 250, "d": 200}
    monkeypatch.setattr(cf, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(cf, "wait", wait)
    monkeypatch.setattr(warmup, "GROUP_PEAK_MB", peaks)
    done = list(warmup_run.run_groups(["a", "b", "c", "d"], jobs=2, memory_mb=1000))
    assert sorted(done) == [("a", 0.5), ("b", 0.5), ("c", 0.5), ("d", 0.5)]
    assert made[0]["max_tasks_per_child"] == 1 and made[0]["max_workers"] == 2
    assert side_by_side[0] == ["a", "c"]  # b (600) does not fit beside a (700); c does
    assert all(sum(peaks[g] for g in running) <= 1000 for running in side_by_side)


def test_every_group_declares_a_peak_within_the_budget() -> None:
    assert set(warmup.GROUP_PEAK_MB) == set(warmup.WARMUP)
    assert all(0 < mb <= warmup.MEMORY_MB for mb in warmup.GROUP_PEAK_MB.values())


def test_a_group_is_warm_once_its_warm_up_ran_to_the_end(cache: Path) -> None:
    """``run_group`` marks its group (in numba's cache folder, per source version); the others stay cold."""
    assert warmup.cold_groups() == list(warmup.WARMUP)
    warmup_run.run_group("calling")
    assert warmup.cold_groups() == [g for g in warmup.WARMUP if g != "calling"]


def test_a_report_of_studies_side_by_side_compiles_the_cold_groups_first(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two or more studies built at once from cold caches would each compile inside its process,
    100-200 MB over its declared peak: the report runs the warm-up of the cold groups first,
    within the same memory budget. One study, or one process, compiles as it goes."""
    import analyzer.cli.report_cmd as report_cmd

    runs: list[tuple[list[str], int, int]] = []

    def fake_run_groups(groups: list[str], jobs: int, memory_mb: int) -> list[tuple[str, float]]:
        runs.append((list(groups), jobs, memory_mb))
        for g in groups:
            warmup.mark_warm(f"group {g}")
        return [(g, 0.0) for g in groups]

    monkeypatch.setattr(warmup_run, "run_groups", fake_run_groups)
    assert report_cmd.compile_first(5, 1, 1000) == [] and report_cmd.compile_first(1, 2, 1000) == []
    assert runs == []
    warmup.mark_warm("group tricks")
    assert report_cmd.compile_first(9, 2, 800) == [g for g in warmup.WARMUP if g != "tricks"]
    assert runs == [([g for g in warmup.WARMUP if g != "tricks"], 2, 800)]
    assert report_cmd.compile_first(9, 2, 800) == [] and len(runs) == 1  # warm now: nothing to do
    monkeypatch.setattr(warmup, "_sources_key", lambda: "edited")  # an edit: every group cold again
    bad = CliRunner().invoke(main, ["report", "--study", "nope", "--study", "durak", "--jobs", "2", "--out", str(cache / "r")])
    assert bad.exit_code == 2 and "unknown study 'nope'" in bad.output and len(runs) == 1  # before compiling
    built: list[int] = []
    monkeypatch.setattr(report_cmd, "build_report", lambda *a, **k: built.append(k["jobs"]) or [])
    assert CliRunner().invoke(main, ["report", "--out", str(cache / "r"), "--jobs", "2"]).exit_code == 0
    assert built == [2] and runs[-1] == (list(warmup.WARMUP), 2, 1000)


def test_stop_workers_ends_a_pool_without_waiting_for_its_jobs() -> None:
    """``stop_workers`` terminates the worker processes: the pool's shutdown does not wait for a
    30-second job (what an interrupted warm-up or report relies on)."""
    import concurrent.futures as cf
    import multiprocessing
    import time

    from analyzer.scheduling import stop_workers

    with cf.ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        job = pool.submit(time.sleep, 30)
        while not (getattr(pool, "_processes", None) or {}):
            time.sleep(0.05)
        time.sleep(0.5)  # the worker has taken the job
        t0 = time.monotonic()
        stop_workers(pool)
    assert time.monotonic() - t0 < 10 and job.done()


def test_an_interrupted_warm_up_stops_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (or a failed group) while groups compile: the workers are terminated at once rather
    than waited for (a group compiles for up to a minute)."""
    import analyzer.scheduling as scheduling

    stopped: list[object] = []

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt
        yield  # a generator, as run_within is

    monkeypatch.setattr(scheduling, "run_within", interrupted)
    monkeypatch.setattr(scheduling, "stop_workers", stopped.append)
    with pytest.raises(KeyboardInterrupt):
        list(warmup_run.run_groups(["calling", "draw"], jobs=2))
    assert len(stopped) == 1


def test_video_poker_warms_on_a_small_table_a_user_is_not_offered() -> None:
    """The analyses warm on a pay table shipped beside the game for it (a plain install has it):
    it loads, deals from 32 cards and the joker (a tenth of the tables: the group fits beside the
    trick games' in 1 GB), and is not among the shipped tables --paytable lists."""
    from analyzer.games.videopoker.paytable import load_paytable, paytable_names

    tables = {argv[argv.index("--paytable") + 1] for argv in warmup.WARMUP["videopoker"]}
    files = [t for t in tables if t not in paytable_names()]
    assert len(files) == 1 and Path(files[0]).is_file()
    assert load_paytable(files[0]).deck.name == "32+1"
    assert [argv[1] for argv in warmup.WARMUP["videopoker"] if files[0] in argv] == ["strategy", "analyze", "check"]


def test_release_names_a_function_of_a_known_group() -> None:
    import importlib

    for group, target in warmup.RELEASE.items():
        module, name = target.split(":")
        assert group in warmup.WARMUP and callable(getattr(importlib.import_module(module), name))
