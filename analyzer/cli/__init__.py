"""The ``joker-odds`` command line: a thin click layer over the library.

Every library error (:class:`analyzer.errors.JokerOddsError`) and every usage error is printed
as one line ``Error: …`` on stderr with exit code 2, and nothing is written.
"""

from __future__ import annotations

import sys
import time
import warnings
from typing import Any

import click

from analyzer.errors import JokerOddsError
from analyzer.names import SpellingNote

__all__ = ["COMMAND_MODULES", "CORE_COMMANDS", "main", "one_line"]

# Command name → module defining it (in its ``COMMANDS`` list). Modules are imported only when
# their command runs, so ``joker-odds eval`` does not pay for plotting or the game analyses.
CORE_COMMANDS: dict[str, str] = {
    "cache": "analyzer.cli.cache_cmd",
    "decks": "analyzer.cli.hands",
    "eval": "analyzer.cli.hands",
    "examples": "analyzer.cli.examples",
    "freq": "analyzer.cli.hands",
    "report": "analyzer.cli.report_cmd",
    "rules": "analyzer.cli.hands",
    "simulate": "analyzer.cli.simulate",
    "warmup": "analyzer.cli.warmup_cmd",
}


def _command_modules() -> dict[str, str]:
    """The core commands plus every registered game's (see :mod:`analyzer.games`)."""
    from analyzer.games import game_infos

    modules = dict(CORE_COMMANDS)
    for game in game_infos():
        modules.update(game.commands)
    return modules


COMMAND_MODULES: dict[str, str] = _command_modules()


MAX_ERROR_CHARS = 400


def one_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """An error message as one line of at most ``limit`` characters (what a user pasted can be huge).

    >>> one_line("bad\\n  value " + "x" * 500)[:12], len(one_line("y" * 1000))
    ('bad value xx', 401)
    """
    text = " ".join(message.split())
    return text if len(text) <= limit else text[:limit] + "…"


class _FileError(click.ClickException):
    """A file that cannot be read or written (exit code 2, like every bad input)."""

    exit_code = 2


def _docstring_of(module: str, cmd_name: str) -> str | None:
    """The docstring of the function decorated ``@click.command(cmd_name)`` / ``group(cmd_name)``
    in ``module``, read from its source without importing it (``--help`` then loads no kernel,
    no plotting; ``None`` when it cannot be found this way)."""
    import ast
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            return None
        with open(spec.origin, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
    except (OSError, SyntaxError, ImportError, ValueError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                        and deco.func.attr in ("command", "group") and deco.args
                        and isinstance(deco.args[0], ast.Constant) and deco.args[0].value == cmd_name):
                    return ast.get_docstring(node)
    return None


def _watch_compiles(cmd: click.Command, path: str) -> None:
    """Wrap the callbacks of the commands under ``cmd`` that compile kernels on first use: they
    say so on a terminal (:mod:`analyzer.warmup`)."""
    from analyzer.warmup import NO_KERNELS, watch_compiles

    if isinstance(cmd, click.Group):
        for name, sub in cmd.commands.items():
            _watch_compiles(sub, f"{path} {name}")
    elif path not in NO_KERNELS and cmd.callback is not None and not getattr(cmd, "_watched", False):
        cmd.callback = watch_compiles(path, cmd.callback)
        cmd._watched = True  # type: ignore[attr-defined]


def repeated_option(cmd: click.Command, args: list[str]) -> str | None:
    """The first option of ``cmd`` that ``args`` give twice though it takes one value (click would
    keep the last silently), as an error message; ``None`` when there is none.

    >>> c = click.Command("c", params=[click.Option(["--lineup"]), click.Option(["--rule"], multiple=True)])
    >>> repeated_option(c, ["--rule", "a", "--rule", "b", "--lineup", "x"]) is None
    True
    >>> repeated_option(c, ["--lineup", "x", "--lineup=y"])
    "--lineup given twice ('x', 'y'): give it once"
    """
    single: dict[str, click.Option] = {}
    for p in cmd.params:
        if isinstance(p, click.Option) and not p.multiple and not p.count:
            for opt in [*p.opts, *p.secondary_opts]:
                single[opt] = p
    seen: dict[str, tuple[str, str]] = {}
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if token == "--":
            break
        name, eq, inline = token.partition("=") if token.startswith("--") else (token, "", "")
        param = single.get(name)
        if param is None:
            continue
        value = inline if eq else (name if param.is_flag else (args[i] if i < len(args) else ""))
        if not eq and not param.is_flag:
            i += param.nargs
        key = param.name or name
        if key in seen:
            first_name, first = seen[key]
            if param.is_flag:
                return f"{first_name} and {name} given together: give one"
            return f"{name} given twice ({first!r}, {value!r}): give it once"
        seen[key] = (name, value)
    return None


def _refuse_repeats(cmd: click.Command) -> None:
    """Make every command under ``cmd`` refuse an option given twice (see :func:`repeated_option`)."""
    if isinstance(cmd, click.Group):
        for sub in cmd.commands.values():
            _refuse_repeats(sub)
        return
    if getattr(cmd, "_refuses_repeats", False):
        return
    parse = cmd.parse_args

    def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            problem = repeated_option(cmd, list(args))
            if problem is not None:
                raise click.UsageError(problem, ctx)
        return parse(ctx, args)

    cmd.parse_args = parse_args  # type: ignore[method-assign]
    cmd._refuses_repeats = True  # type: ignore[attr-defined]


class _Main(click.Group):
    """A lazy group that reports errors in one line instead of a usage block or a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMAND_MODULES))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help`` from the commands' docstrings, without importing them."""
        rows = []
        limit = formatter.width - 6 - max(len(n) for n in self.list_commands(ctx))
        for name in self.list_commands(ctx):
            cmd = self.commands.get(name)
            doc = _docstring_of(COMMAND_MODULES[name], name) if cmd is None and name in COMMAND_MODULES else None
            if cmd is None and doc is None:
                cmd = self.get_command(ctx, name)
            if cmd is None:
                cmd = click.Command(name, help=doc)
            if not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            import importlib

            module = importlib.import_module(COMMAND_MODULES[cmd_name])
            for command in module.COMMANDS:
                if command.name == cmd_name:
                    _watch_compiles(command, cmd_name)
                    _refuse_repeats(command)
                    self.add_command(command)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        from analyzer.progress import missed_targets

        ctx.meta.setdefault("started", time.perf_counter())
        with warnings.catch_warnings(record=True) as seen, missed_targets():  # for the missed-target line
            warnings.simplefilter("always", SpellingNote)
            try:
                return self._invoke(ctx)
            finally:
                for note in dict.fromkeys(str(w.message) for w in seen if issubclass(w.category, SpellingNote)):
                    click.echo(f"Note: {note}", err=True)
                for w in seen:  # other warnings as Python would have shown them
                    if not issubclass(w.category, SpellingNote):
                        warnings.showwarning(w.message, w.category, w.filename, w.lineno)

    def _invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except JokerOddsError as exc:
            raise click.UsageError(str(exc)) from exc
        except OSError as exc:  # a file that cannot be read or written: exit 2 like any bad input
            where = f"{exc.filename}: " if exc.filename else ""
            raise _FileError(f"{where}{exc.strerror or exc}") from exc
        except Exception as exc:
            if type(exc).__name__ != "RunInterrupted":  # the engine's class, not imported here (numpy)
                raise
            from analyzer.stopping import RunInterrupted

            if not isinstance(exc, RunInterrupted):
                raise
            click.echo(f"Interrupted: {exc}", err=True)  # SIGINT/SIGTERM during a run: exit 130
            ctx.exit(130)

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            if any("\x00" in str(a) for a in (args or ())):  # no file name or value holds one
                raise click.UsageError("an argument contains a NUL byte")
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            click.echo(f"Error: {one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        except MemoryError:  # a run (past its ceiling with --force) or an input too large for this machine
            click.echo("Error: out of memory: the run is too large for this machine (a smaller run size, "
                       "or --checkpoint and several runs) or an input is too large", err=True)
            sys.exit(2)
        except RecursionError:  # an input nested beyond what is sane
            click.echo("Error: the input is too deeply nested", err=True)
            sys.exit(2)
        except click.Abort:  # Ctrl-C outside a checkpointed run: the same exit 130 as inside one
            click.echo("Interrupted", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="joker-odds")
@click.option("--quiet", "-q", is_flag=True, help="No progress bars or status lines (shown on a terminal only).")
def main(quiet: bool) -> None:
    """Odds and strategy for card games with jokers and wild cards.

    Long commands show progress on stderr when it is a terminal, never in a pipe or a file.
    """
    from analyzer.progress import set_quiet

    set_quiet(quiet)

