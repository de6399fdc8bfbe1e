"""``examples``: list the shipped example files (studies, pay tables, stud games), write copies, and
print the reference of their TOML formats."""

from __future__ import annotations

from pathlib import Path

import click

from analyzer.cli.options import FORMATS, OutPath, emit, writable
from analyzer.examples import STUDIES, Example, catalogue, find_examples, write_examples


def shipped_examples() -> tuple[Example, ...]:
    """Every example: the core's studies, then each registered game's files."""
    from analyzer.games import game_infos

    return catalogue([STUDIES, *(src for game in game_infos() for src in game.examples)])


@click.command("examples")
@click.argument("names", nargs=-1, metavar="[NAME]...")
@click.option("--all", "write_all", is_flag=True, help="Write every example.")
@click.option("--out", "out_dir", type=OutPath(file_okay=False), default=None, callback=writable,
              help="Folder to write the files into (created; default: the current folder).")
@click.option("--force", is_flag=True, help="Overwrite files that exist.")
@click.option("--formats", "show_formats", is_flag=True,
              help="Print the reference of the pay-table, stud-game and study formats (every field).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="Format of the list.")
def examples_cmd(names: tuple[str, ...], write_all: bool, out_dir: Path | None, force: bool,
                 show_formats: bool, fmt: str) -> None:
    """List the example files shipped with joker-odds, or write NAME... into a folder to start from.

    Without NAME: the list (name, kind, what it is, the command that reads it). With NAME (or
    --all): writes NAME.toml into --out (default: the current folder), refusing to overwrite a
    file unless --force, then says how to run it. --formats prints every field of the formats.

    Example: joker-odds examples deuces-wild-relative --out studies
    """
    if show_formats:
        if names or write_all or out_dir is not None or force:
            raise click.UsageError("--formats prints the format reference: give it alone")
        from analyzer.examples.formats import formats_markdown

        click.echo(formats_markdown(), nl=False)
        return
    examples = shipped_examples()
    if not names and not write_all:
        if out_dir is not None or force:
            raise click.UsageError("give NAME... or --all to write files")
        rows = [e.to_dict() for e in examples]
        if fmt == "table":  # the file is NAME.toml: room for the rest
            rows = [{k: v for k, v in r.items() if k != "file"} for r in rows]
        emit(rows, fmt, None, {"examples": len(examples)},
             footer="Write one with: joker-odds examples NAME [--out DIR]. "
                    "Every field: joker-odds examples --formats.")
        return
    if names and write_all:
        raise click.UsageError("give NAME... or --all, not both")
    chosen = list(examples) if write_all else find_examples(examples, names)
    written = write_examples(chosen, out_dir or Path("."), force=force)
    for e, path in zip(chosen, written, strict=True):
        click.echo(f"wrote {path}  ({e.kind}; run: {e.usage.format(file=path)})")


COMMANDS = [examples_cmd]
