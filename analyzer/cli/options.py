"""Option bundles shared by the commands (rules, output) and their resolution."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from analyzer.io import atomic_write_text, render
from analyzer.rules import (
    NaturalBeatsWild,
    RuleSet,
    WildMode,
    get_rules,
    preset_names,
    with_overrides,
)

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("table", "csv", "json")


def rules_options(default: str = "standard") -> Callable[[F], F]:
    """``--rules --deck --wild --mode --tie-rule --double-ace-flush --order``."""

    def deco(f: F) -> F:
        opts = [
            click.option("--rules", "rules_name", default=default, show_default=True, metavar="PRESET",
                         help=f"Rule preset: {', '.join(preset_names())}."),
            click.option("--deck", default=None, metavar="SPEC",
                         help="Deck spec (52, 52+1, 52+2, 32+1, 36, 36j, …); default: the preset's."),
            click.option("--wild", multiple=True, metavar="CARD|RANK",
                         help="Wild cards instead of the preset's: 'jokers', a rank ('2') or a card ('Kh')."),
            click.option("--mode", type=click.Choice([m.value for m in WildMode]), default=None,
                         help="Wild mode override."),
            click.option("--tie-rule", type=click.Choice([n.value for n in NaturalBeatsWild]), default=None,
                         help="natural_beats_wild override."),
            click.option("--double-ace-flush/--no-double-ace-flush", default=None,
                         help="Let a wild card duplicate the ace of a flush."),
            click.option("--order", default=None, metavar="CATS",
                         help="Category order override, best first, comma-separated."),
        ]
        for opt in reversed(opts):
            f = opt(f)
        return f

    return deco


def resolve_rules(rules_name: str, wild: tuple[str, ...] = (), mode: str | None = None,
                  tie_rule: str | None = None, double_ace_flush: bool | None = None,
                  order: str | None = None, **_: Any) -> RuleSet:
    """The preset with the CLI's overrides applied."""
    rules = get_rules(rules_name)
    return with_overrides(
        rules, wild=list(wild) if wild else None, mode=mode, natural_beats_wild=tie_rule,
        double_ace_flush=double_ace_flush, order=order,
    )


def output_options(f: F) -> F:
    """``--format`` and ``--out``."""
    f = click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Write to this file (atomically) instead of stdout.")(f)
    f = click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
                     help="Output format.")(f)
    return f


def emit(rows: list[dict[str, Any]], fmt: str, out: Path | None, meta: dict[str, Any] | None = None) -> None:
    """Render rows and print them or write them to ``out``."""
    text = render(rows, fmt, meta)
    if out is None:
        click.echo(text, nl=False)
    else:
        atomic_write_text(out, text)
