"""``warmup``: compile the kernels of some commands (or all) ahead of their first use."""

from __future__ import annotations

import os

import click

from analyzer.cli.options import quiet_option
from analyzer.cli.warmup_run import run_groups
from analyzer.warmup import MEMORY_MB, WARMUP


@click.command("warmup")
@click.argument("groups", nargs=-1, type=click.Choice(sorted(WARMUP)), metavar="[GROUP]...")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes compiling at once (default: the CPU count, at most 2).")
@click.option("--memory", "memory_mb", type=click.IntRange(100, 1_000_000), default=MEMORY_MB, show_default=True,
              metavar="MB", help="Memory the processes compiling at once may hold together: a group starts beside "
                                 "another only while their peaks (each group's, measured alone) fit.")
@quiet_option
def warmup_cmd(groups: tuple[str, ...], jobs: int | None, memory_mb: int) -> None:
    """Compile the kernels of these command groups (default: all) into numba's disk cache.

    Each command compiles its kernels the first time it runs (a few seconds each); warmup pays
    that ahead, e.g. when building an image or in CI (the longest groups first). GROUP is one
    of: tricks, videopoker, equity, rummy, stud, durak, freq, eval, draw, calling.

    Example: joker-odds warmup rummy tricks
    """
    chosen = list(groups) or list(WARMUP)
    n = jobs if jobs is not None else max(1, min(2, os.cpu_count() or 1))
    for group, seconds in run_groups(chosen, n, memory_mb):
        click.echo(f"{group}: {seconds:.1f} s")


COMMANDS = [warmup_cmd]
