"""``docs/cli.md`` generated from every command's ``--help`` (``python -m analyzer.cli.helpdoc``).

A test fails when the checked-in file is stale; regenerate it with ``make docs``.

>>> md = cli_markdown()
>>> md.startswith("# joker-odds command line") and "## joker-odds videopoker analyze" in md
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

__all__ = ["cli_markdown", "command_contexts"]

WIDTH = 100


def command_contexts(cmd: click.Command, parent: click.Context | None = None,
                     name: str = "joker-odds") -> Iterator[click.Context]:
    """A context for ``cmd`` and, depth first in name order, for every command below it."""
    settings = {**cmd.context_settings, "terminal_width": WIDTH, "max_content_width": WIDTH}
    ctx = click.Context(cmd, info_name=name, parent=parent, **settings)
    yield ctx
    if isinstance(cmd, click.Group):
        for sub_name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, sub_name)
            if sub is not None:
                yield from command_contexts(sub, ctx, sub_name)


def cli_markdown() -> str:
    """The whole command tree's help as Markdown, one section per command."""
    from analyzer.cli import main

    out = ["# joker-odds command line\n",
           "Generated from `--help` by `python -m analyzer.cli.helpdoc` (`make docs`); do not edit.\n"]
    for ctx in command_contexts(main):
        out.append(f"## {ctx.command_path}\n")
        out.append("```text\n" + ctx.command.get_help(ctx).rstrip() + "\n```\n")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(cli_markdown())
