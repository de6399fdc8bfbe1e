"""``report``: build every registered study (or some) under one folder."""

from __future__ import annotations

import os
from pathlib import Path

import click

from analyzer.cli.options import OutPath, quiet_option, writable
from analyzer.games import StudyDecl, game_infos
from analyzer.report import CORE_STUDIES, MEMORY_MB, build_report


def all_studies() -> list[StudyDecl]:
    """The core studies, then each registered game's (declared in its ``GAME``), in order."""
    return [*(StudyDecl(*core) for core in CORE_STUDIES), *(d for g in game_infos() for d in g.studies)]


STUDIES = all_studies()


@click.command("report")
@click.option("--out", type=OutPath(file_okay=False), default=Path("reports"),
              show_default=True, callback=writable, help="Folder for the studies and index.html.")
@click.option("--study", "studies", multiple=True, metavar="NAME",
              help=f"Only these studies ({', '.join(s.name for s in STUDIES)}).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Studies built at once, each in its own process (default: the CPU count, at most 2); "
                   "the numbers do not depend on it.")
@click.option("--memory", "memory_mb", type=click.IntRange(100, 1_000_000), default=MEMORY_MB, show_default=True,
              metavar="MB", help="Memory the studies built at once may hold together: a study starts beside "
                                 "others only while their peaks (each study's, measured alone) fit.")
@quiet_option
def report_cmd(out: Path, studies: tuple[str, ...], jobs: int | None, memory_mb: int) -> None:
    """Build the report: Markdown, HTML, PNG figures and CSV tables per study.

    Studies built side by side start warm: when the kernels are not compiled yet (the first
    report after installing or upgrading), they are compiled first, as `joker-odds warmup` does
    (about four minutes on two cores, once); a study compiling as it runs holds 100-200 MB more,
    and two side by side would pass --memory.
    """
    n = jobs if jobs is not None else max(1, min(2, os.cpu_count() or 1))
    if set(studies) <= {s.name for s in STUDIES}:  # an unknown name fails at once below, before compiling
        compile_first(len(set(studies)) or len(STUDIES), n, memory_mb)
    built = build_report(out, STUDIES, list(studies) or None, jobs=n, memory_mb=memory_mb)
    for s in built:
        click.echo(f"wrote {out / s.name / 'index.html'}")
    click.echo(f"wrote {out / 'index.html'}")


def compile_first(studies: int, jobs: int, memory_mb: int) -> list[str]:
    """Before ``studies`` are built ``jobs`` at a time within ``memory_mb``: run the warm-up of
    every group not yet compiled on these sources (when two or more studies run side by side;
    alone, a study compiling its own kernels holds no one else's memory). The groups warmed."""
    from analyzer.cli.warmup_run import run_groups
    from analyzer.progress import status
    from analyzer.warmup import cold_groups

    if jobs < 2 or studies < 2:
        return []
    cold = cold_groups()
    if cold:
        with status(f"report: compiling kernels first, once ({len(cold)} groups, about 4 min on two cores)"):
            for _ in run_groups(cold, jobs, memory_mb):
                pass
    return cold


COMMANDS = [report_cmd]
