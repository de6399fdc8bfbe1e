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
    """Build the report: Markdown, HTML, PNG figures and CSV tables per study."""
    n = jobs if jobs is not None else max(1, min(2, os.cpu_count() or 1))
    built = build_report(out, STUDIES, list(studies) or None, jobs=n, memory_mb=memory_mb)
    for s in built:
        click.echo(f"wrote {out / s.name / 'index.html'}")
    click.echo(f"wrote {out / 'index.html'}")


COMMANDS = [report_cmd]
