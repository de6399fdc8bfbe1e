"""The ``joker-odds`` command line: a thin click layer over the library.

Every library error (:class:`analyzer.errors.JokerOddsError`) and every usage error is printed
as one line ``Error: …`` on stderr with exit code 2, and nothing is written.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from analyzer.errors import JokerOddsError

__all__ = ["main"]


class _Main(click.Group):
    """A group that reports errors in one line instead of a usage block or a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except JokerOddsError as exc:
            raise click.UsageError(str(exc)) from exc
        except OSError as exc:
            raise click.ClickException(f"{exc.strerror or exc}: {exc.filename}") from exc

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            click.echo(f"Error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="joker-odds")
def main() -> None:
    """Odds and strategy for card games with jokers and wild cards."""


def _register() -> None:
    """Add the ``COMMANDS`` of every module of this package (one module per game or topic)."""
    import importlib
    import pkgutil

    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for command in getattr(module, "COMMANDS", ()):
            main.add_command(command)


_register()
