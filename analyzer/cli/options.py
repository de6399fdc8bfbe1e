"""Option bundles shared by the commands (rules, output) and their resolution."""

from __future__ import annotations

import functools
import math
import os
import textwrap
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from analyzer.io import (
    STDIO,
    UnsafeFileError,
    check_output_path,
    clip,
    render,
    render_text_table,
    write_output,
)
from analyzer.rules import (
    LowAce,
    NaturalBeatsWild,
    RuleSet,
    WildMode,
    get_rules,
    preset_names,
    with_overrides,
)
from analyzer.textfmt import pick_columns, terminal_width, wrap_prose

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("table", "csv", "json")
MAX_TRIALS = 10**12  # a ceiling on work: about a day of a fast kernel on every core
MAX_HANDS = 13 * 2_598_960  # stud: every hand for every wild rank (more changes nothing)
MAX_CHIPS = 10**15
TRIALS = click.IntRange(1, MAX_TRIALS)
SEED = click.IntRange(0, 2**63 - 1)
CHIPS = click.IntRange(0, MAX_CHIPS)


class _ModeChoice(click.Choice):
    """The wild modes; an old spelling (``jpoker``) is accepted with a note."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from analyzer.names import OLD_SPELLINGS, canonical

        if isinstance(value, str) and value in OLD_SPELLINGS:
            value = canonical(value, "wild mode")
        return super().convert(value, param, ctx)


def rules_options(default: str = "standard") -> Callable[[F], F]:
    """``--rules --deck --wild --mode --tie-rule --double-ace-flush --order``."""

    def deco(f: F) -> F:
        opts = [
            click.option("--rules", "rules_name", default=default, show_default=True, metavar="PRESET",
                         help=f"Rule preset: {', '.join(preset_names())}."),
            click.option("--deck", default=None, metavar="SPEC",
                         help="Deck spec (52, 52+1, 52+2, 32+1, 36, 36j, …); default: the preset's."),
            click.option("--wild", multiple=True, metavar="CARD|RANK",
                         help="Wild cards instead of the preset's: 'jokers', a rank ('2') or a card ('Kh'); "
                              "repeat for several."),
            click.option("--mode", type=_ModeChoice([m.value for m in WildMode]), default=None,
                         help="Wild mode override."),
            click.option("--tie-rule", type=click.Choice([n.value for n in NaturalBeatsWild]), default=None,
                         help="Tie rule (natural_beats_wild) when a hand without wild cards meets an "
                              "equal one made with them: none = only the cards decide; tie = on an exact "
                              "tie the natural hand wins; category = a natural hand beats any wild-made "
                              "hand of its category."),
            click.option("--double-ace-flush/--no-double-ace-flush", default=None,
                         help="Let a wild card duplicate the ace of a flush."),
            click.option("--order", default=None, metavar="CATS",
                         help="Category order override, best first, comma-separated."),
            click.option("--four-flush/--no-four-flush", default=None,
                         help="The four-flush (four cards of one suit) as a category between pair and "
                              "two pair (or where --order lists four_flush); 5-card hands (freq, exact or sampled: also the best "
                              "5 of 6 or 7 cards)."),
            click.option("--low-ace", type=click.Choice([a.value for a in LowAce]), default=None,
                         help="The ace in low hands: high only, or high or low at the player's choice."),
        ]
        for opt in reversed(opts):
            f = opt(f)
        return f

    return deco


def resolve_rules(rules_name: str, wild: tuple[str, ...] = (), mode: str | None = None,
                  tie_rule: str | None = None, double_ace_flush: bool | None = None,
                  order: str | None = None, four_flush: bool | None = None, low_ace: str | None = None,
                  **_: Any) -> RuleSet:
    """The preset with the CLI's overrides applied."""
    rules = get_rules(rules_name)
    return with_overrides(
        rules, wild=list(wild) if wild else None, mode=mode, natural_beats_wild=tie_rule,
        double_ace_flush=double_ace_flush, order=order, four_flush=four_flush, low_ace=low_ace,
    )


class Positive(click.FloatRange):
    """A finite number > 0 (``FloatRange`` alone lets ``nan`` and ``inf`` through)."""

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        rv = super().convert(value, param, ctx)
        if not math.isfinite(rv):
            self.fail(f"{rv} is not a finite number", param, ctx)
        return rv


class OutPath(click.Path):
    """A ``click.Path`` (as ``pathlib.Path``) that refuses an empty string, which ``Path("")``
    would silently turn into the current folder."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(path_type=Path, **kwargs)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("empty path", param, ctx)
        if isinstance(value, str) and not self.file_okay and value == STDIO:
            self.fail("'-' (standard output) does not apply: this command writes a folder", param, ctx)
        if isinstance(value, str) and not self.dir_okay and value.endswith(("/", os.sep)):
            self.fail(f"{clip(value)}: a trailing '/' names a folder; give a file name", param, ctx)
        return super().convert(value, param, ctx)


def writable(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """Click callback: refuse an output path (file or folder) that cannot be written, before any
    work is done: an empty path, an existing symlink, FIFO or device (never replaced), a folder
    where a file is wanted. Missing folders are fine (they are created); the nearest existing one
    must be a writable folder. ``-`` (standard output) is accepted for file outputs only."""
    if value is None:
        return value
    is_folder = isinstance(param.type, click.Path) and not param.type.file_okay
    if str(value) == STDIO and param.name == "out":
        if is_folder:
            raise click.BadParameter("'-' (standard output) does not apply: this command writes a folder", ctx, param)
        return value
    try:
        check_output_path(value, folder=is_folder)
    except UnsafeFileError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    probe = Path(os.path.abspath(value if is_folder else Path(value).parent))
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        raise click.BadParameter(f"cannot write {value}: {probe} is not a folder", ctx, param)
    if not os.access(probe, os.W_OK | os.X_OK):
        raise click.BadParameter(f"cannot write {value}: no write permission in {probe}", ctx, param)
    return value


def _keep_columns(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        names = [c.strip() for c in value.split(",") if c.strip()]
        if not names:
            raise click.BadParameter("give column names, e.g. --columns hand,ev", ctx, param)
        ctx.meta["columns"] = names


def set_quiet(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        from analyzer.progress import set_quiet

        set_quiet(True)
    return value


def quiet_option(f: F) -> F:
    """``--quiet``: no progress bar or status line (they show on a terminal only anyway)."""
    return click.option("--quiet", is_flag=True, expose_value=False, callback=set_quiet,
                        help="No progress bar or status line.")(f)


ColumnsSpec = Callable[[dict[str, Any]], "list[str] | None"]


def known_columns(spec: ColumnsSpec | list[str]) -> Callable[[click.Command], click.Command]:
    """Declare a command's columns (a list, or a function of its parameters; ``None`` = ``--columns``
    does not apply, e.g. to a JSON document), so that ``--columns`` is checked before any work.
    Put it above the ``@…command(…)`` decorator."""

    def deco(cmd: click.Command) -> click.Command:
        cmd.known_columns = spec  # type: ignore[attr-defined]
        return cmd

    return deco


def _inside(inner: Path, outer: Path) -> bool:
    a, b = os.path.abspath(inner), os.path.abspath(outer)
    return a == b or a.startswith(b.rstrip(os.sep) + os.sep)


def preflight(ctx: click.Context, params: dict[str, Any]) -> None:
    """Checks of a command's options against each other, before it does any work: ``--out`` never
    names (or lies inside) the ``--checkpoint``, ``--columns`` names the command's columns, run
    sizes are under their ceilings (or ``--force``)."""
    from analyzer.cli.limits import check_run_sizes

    out, ckpt = params.get("out"), params.get("checkpoint")
    if out is not None and ckpt is not None and str(out) != STDIO and (_inside(out, ckpt) or _inside(ckpt, out)):
        raise click.UsageError(f"--out {clip(str(out))} and --checkpoint {clip(str(ckpt))} overlap: the result "
                               "would replace the checkpoint (or a folder would be needed where a file is); "
                               "give two separate files")
    names = ctx.meta.get("columns")
    spec = getattr(ctx.command, "known_columns", None)
    if names and spec is not None:
        known = spec(params) if callable(spec) else list(spec)
        if known is None:
            raise click.UsageError(f"--columns does not apply to --format {params.get('fmt')} here")
        unknown = [c for c in names if c not in known]
        if unknown:
            raise click.UsageError(f"--columns: no column {', '.join(map(repr, unknown))}; "
                                   f"the columns are {', '.join(known)}")
    check_run_sizes(ctx)


def output_options(f: F) -> F:
    """``--format``, ``--out`` and ``--columns`` (read by :func:`emit` from the context), and the
    :func:`preflight` checks run before the command."""

    command = f

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        ctx = click.get_current_context()
        preflight(ctx, {**ctx.params, **kwargs})
        return command(*args, **kwargs)

    f = cast(F, checked)
    f = click.option("--columns", default=None, metavar="A,B,C", expose_value=False, callback=_keep_columns,
                     help="Show only these columns, in this order (table, CSV and JSON rows).")(f)
    f = click.option("--out", type=OutPath(dir_okay=False), default=None,
                     callback=writable, help="Write to this file (atomically; '-' = stdout) instead of stdout.")(f)
    f = click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
                     help="Output format.")(f)
    return f


def run_fields(run: dict[str, Any] | None = None, echo: bool = False) -> dict[str, Any]:
    """What ran: the command, then ``run``'s fields (game/rules, deck, method, trials, seed; unset
    ones left out), and the seconds since the command started."""
    ctx = click.get_current_context(silent=True)
    sub = ctx.command_path.split(" ", 1)[1:] if ctx is not None else []  # the program is "main" in tests
    fields: dict[str, Any] = {"command": " ".join(["joker-odds", *sub])}
    fields.update({k: v for k, v in (run or {}).items() if v is not None})
    if ctx is not None and echo:
        chosen = chosen_options(ctx, skip={*fields, *(str(v) for v in fields.values())})
        if chosen:
            fields["options"] = chosen
    started = ctx.meta.get("started") if ctx is not None else None
    if started is not None:
        fields["seconds"] = round(time.perf_counter() - started, 3)
    return fields


# where the output goes and how the run is carried out (not what it computes): never echoed, so a
# resumed or parallel run prints what an uninterrupted one does
_NOT_ECHOED = {"fmt", "format", "out", "columns", "quiet", "force", "checkpoint", "backend", "scheduler",
               "workers", "threads", "jobs"}


def chosen_options(ctx: click.Context, skip: Collection[str] = ()) -> str:
    """Every option the user set on the command line, as it was given (``--doc 5/55 --rule
    hook=off``), so a result always says which overrides produced it; ``skip`` names fields the
    header shows already."""
    parts = []
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or param.name is None or param.name in _NOT_ECHOED:
            continue
        if param.name in skip or param.name.replace("_", "-") in skip:
            continue
        if ctx.get_parameter_source(param.name) is not click.core.ParameterSource.COMMANDLINE:
            continue
        value = ctx.params.get(param.name)
        if isinstance(value, str) and value in skip:  # shown already (``rules standard``); never a
            continue  # number: ``--endgame 4`` is not shown by ``cards 4``
        opt = max(param.opts, key=len)
        if param.is_flag:
            parts.append(opt if value else (param.secondary_opts or [opt])[0])
            continue
        for v in (value if param.multiple and isinstance(value, (tuple, list)) else [value]):
            text = ",".join(map(str, v)) if isinstance(v, (tuple, list)) else str(v)
            parts.append(f"{opt} {text}")
    return " ".join(parts)


def header_line(run: dict[str, Any] | None = None) -> str:
    """The first line of a text table: what ran and how long it took.

    >>> header_line({"rules": "j-poker", "deck": "52+1", "method": "exact"})
    '# joker-odds · rules j-poker · deck 52+1 · exact'
    """
    fields = run_fields(run, echo=True)  # the text header also echoes every option set
    parts = [str(fields.pop("command"))]
    seconds = fields.pop("seconds", None)
    for k, v in fields.items():
        if k in ("method", "note"):
            parts.append(str(v))
        elif isinstance(v, int) and not isinstance(v, bool):
            parts.append(f"{k} {v:,}")
        else:
            parts.append(f"{k} {v}")
    if seconds is not None:
        parts.append(f"{seconds:.2f} s")
    return textwrap.fill("# " + " · ".join(parts), max(40, terminal_width()), subsequent_indent="#   ",
                         break_on_hyphens=False)


def table_text(rows: list[dict[str, Any]], run: dict[str, Any] | None = None, footer: str | None = None,
               units: dict[str, str] | None = None) -> str:
    """A text table under its header line, the footer prose wrapped to the terminal; ``units``: the
    unit of a column (antes, points), named in its header."""
    ctx = click.get_current_context(silent=True)
    columns = ctx.meta.get("columns") if ctx is not None else None
    text = header_line(run) + "\n" + render_text_table(rows, columns, units)
    return text + (wrap_prose(footer) + "\n" if footer else "")


def emit(rows: list[dict[str, Any]], fmt: str, out: Path | None, meta: dict[str, Any] | None = None,
         footer: str | None = None, run: dict[str, Any] | None = None, units: dict[str, str] | None = None) -> None:
    """Render rows (plus an optional footer line) and print them or write them to ``out``.

    A text table starts with :func:`header_line` (what ran: ``run``'s fields and the time); JSON with
    a ``meta`` object carries the same fields but the time under ``run`` (so that a rerun is
    byte-identical); ``--columns`` picks the columns. ``units`` names a column's unit in the text
    table's header (``{"gain": "antes"}``: ``gain (antes)``); CSV and JSON keep the bare names.
    """
    ctx = click.get_current_context(silent=True)
    columns = ctx.meta.get("columns") if ctx is not None else None
    missed = _missed_target(ctx, {**(run or {}), **(meta or {})})
    if fmt == "table":
        text = table_text(rows, run, footer, units) + (f"# {missed}\n" if missed else "")
    else:
        rows = pick_columns(rows, columns)
        if fmt == "json" and meta is not None:  # no time: the same run gives byte-identical JSON
            ran = {k: v for k, v in run_fields(run).items() if k != "seconds"}
            if missed and "stop" not in meta:  # how the run stopped: its cap, short of the target
                ran["stop"] = _missed_stop(ctx, meta)
            meta = {**meta, "run": ran}
        text = render(rows, fmt, meta) + (f"{footer}\n" if footer else "")
    if out is None or str(out) == STDIO:
        click.echo(text, nl=False)
    else:
        write_output(out, text)
    if missed and fmt != "table":  # CSV and JSON stay parseable: the line goes to stderr
        click.echo(missed, err=True)


def note_stop(stop: str | None) -> None:
    """Record how the command's engine run stopped (``RunResult.stop_reason``), so that its output
    says when a precision target was missed (:func:`emit`, :func:`missed_target_notice`)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and stop is not None:
        ctx.meta["joker_odds.stop"] = stop


def _missed_stop(ctx: click.Context | None, meta: dict[str, Any] | None) -> str | None:
    """The cap (``max_trials``, ``max_time``) that stopped a run short of its precision target, or
    None: a run of the command's own (:func:`analyzer.progress.missed_targets`, so a study file's
    target counts too), or the stop reason noted (:func:`note_stop`) with a target on the command line."""
    if ctx is None:
        return None
    from analyzer.progress import missed_so_far

    runs = missed_so_far()
    if runs:
        return runs[0]
    stop = (meta or {}).get("stop") or ctx.meta.get("joker_odds.stop")
    if stop not in ("max_trials", "max_time"):
        return None
    return stop if given(ctx, *(n for n in ("target_se", "target_rel_se") if n in ctx.params)) else None


def _missed_target(ctx: click.Context | None, meta: dict[str, Any] | None) -> str:
    """A plain line when a precision target was asked for and a cap stopped the run first."""
    stop = _missed_stop(ctx, meta)
    if stop is None:
        return ""
    return (f"precision target NOT reached: the run stopped at its cap ({stop.replace('_', ' ')}); "
            "the intervals are wider than asked")


def missed_target_text(meta: dict[str, Any] | None = None) -> str:
    """For a text table written without :func:`emit`: the missed-target line (``# …``), or ''."""
    line = _missed_target(click.get_current_context(silent=True), meta)
    return f"# {line}\n" if line else ""


def missed_target_notice(stop: str | None = None) -> None:
    """For output written without :func:`emit`: the missed-target line, on stderr."""
    note_stop(stop)
    line = _missed_target(click.get_current_context(silent=True), None)
    if line:
        click.echo(line, err=True)


def run_summary(extra: dict[str, Any], unit: str = "") -> str:
    """One line on how a run went, from a result's ``extra`` fields; ``unit`` is that of the
    estimates (``%`` for probabilities, ``points``, ``antes``), so the SE reads as the table does.

    >>> run_summary({"trials": 100000, "chunks": 2, "stop": "max_trials", "max_se": 0.000499,
    ...              "max_rel_se": 0.0123}, "%")
    '100,000 trials in 2 chunks, stopped by max trials; max SE 0.050 %, max relative SE 1.2 %'
    """
    from analyzer import numfmt

    se = float(extra.get("max_se", float("nan")))
    rel = float(extra.get("max_rel_se", float("nan")))
    se_text = (numfmt.pct(se, 2) if unit == "%" else f"{numfmt.sig(se, 2)}{' ' + unit if unit else ''}")
    return (f"{extra.get('trials', 0):,} trials in {extra.get('chunks', 0)} chunks, stopped by "
            f"{str(extra.get('stop', '?')).replace('_', ' ')}; max SE {se_text}, "
            f"max relative SE {numfmt.pct(rel, 2)}")


def given(ctx: click.Context, *names: str) -> list[str]:
    """Which of the parameters ``names`` the user set (not left at their defaults), as ``--opts``."""
    out = []
    for name in names:
        source = ctx.get_parameter_source(name)
        if source is not None and source not in (click.core.ParameterSource.DEFAULT,
                                                  click.core.ParameterSource.DEFAULT_MAP):
            param = next((p for p in ctx.command.params if p.name == name), None)
            out.append(param.opts[0] if param is not None and param.opts else name)
    return out


def refuse_unused(ctx: click.Context, names: tuple[str, ...] | list[str], why: str) -> None:
    """A usage error when any of ``names`` was set: no option is silently ignored."""
    used = given(ctx, *names)
    if used:
        raise click.UsageError(f"{', '.join(used)} {'does' if len(used) == 1 else 'do'} not apply: {why}")


def refuse_repeated(option: str, items: tuple[str, ...] | list[str], normalize: Callable[[str], str] | None = None
                    ) -> None:
    """A usage error when two ``KEY=VALUE`` items of ``option`` set the same key (the last would win).

    >>> refuse_repeated("--rule", ["hook=off", "draw=none"])
    >>> refuse_repeated("--rule", ["hook=off", " hook = tricks"])
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: --rule hook given twice ('hook=off', ' hook = tricks'); give each key once
    """
    seen: dict[str, str] = {}
    for item in items:
        key = str(item).partition("=")[0].strip().lower().replace("-", "_")
        key = normalize(key) if normalize is not None else key
        if key in seen:
            raise click.UsageError(f"{option} {clip(key, 40)} given twice ({clip(seen[key], 60)!r}, "
                                   f"{clip(str(item), 60)!r}); give each key once")
        seen[key] = str(item)
