"""``videopoker analyze | hold | strategy | check | paytables``: exact video poker for any pay table."""

from __future__ import annotations

from pathlib import Path

import click

from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import (
    FORMATS,
    SEED,
    OutPath,
    emit,
    output_options,
    quiet_option,
    writable,
)
from analyzer.games.videopoker.exact import TIE_BREAKS, analyze
from analyzer.games.videopoker.paytable import load_paytable, paytable_names
from analyzer.io import atomic_write_text, json_text, render
from analyzer.progress import status
from analyzer.textfmt import percent, wrap_prose

PAYTABLE_HELP = ("A pay table TOML file, or a shipped table: " + ", ".join(paytable_names()) + ". Every field: "
                 "`joker-odds examples --formats` (docs/formats.md in the project); a copy to edit: "
                 "`joker-odds examples NAME`.")


def _paytable_option(f):  # type: ignore[no-untyped-def]
    return click.option("--paytable", required=True, metavar="FILE|NAME", help=PAYTABLE_HELP)(f)


def _tie_option(f):  # type: ignore[no-untyped-def]
    return click.option("--tie-break", type=click.Choice(list(TIE_BREAKS)), default="first",
                        show_default=True,
                        help="Which of two equal-EV holds counts: the first in card order "
                             "(the published tables' convention), or the less / more volatile one.")(f)


@click.group("videopoker")
def videopoker() -> None:
    """Video poker (Joker Poker, Deuces Wild, Jacks or Better, any pay table): exact return,
    optimal holds, strategy table."""


@videopoker.command("analyze")
@_paytable_option
@_tie_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="Output format.")
@click.option("--out", type=OutPath(file_okay=False), default=None, callback=writable,
              help="Write par-sheet.<fmt> and summary.json into this folder instead of stdout.")
def analyze_cmd(paytable: str, tie_break: str, fmt: str, out: Path | None) -> None:
    """Exact return of a pay table under optimal play, with the PAR sheet.

    Example: joker-odds videopoker analyze --paytable joker-poker-kings
    """
    a = analyze(load_paytable(paytable), tie_break=tie_break)
    summary = a.summary()
    rows = a.rows()
    if out is not None:
        ext = {"table": "txt", "csv": "csv", "json": "json"}[fmt]
        atomic_write_text(out / f"par-sheet.{ext}", render(rows, fmt, summary if fmt == "json" else None))
        atomic_write_text(out / "summary.json", json_text(summary))
        return
    if fmt == "json":
        emit(rows, fmt, None, summary)
        return
    emit(rows, fmt, None, run={"paytable": a.table.name, "deck": a.table.deck.name,
                               "method": "exact"})
    if fmt == "table":
        drawn = ", ".join(f"{k}: {percent(v)}" for k, v in a.cards_drawn().items())
        by_wild = ", ".join(f"{k} wild dealt ({percent(s, 2)} of deals): return {percent(r)}"
                            for k, (s, r) in a.return_by_wild_dealt().items())
        click.echo(wrap_prose(f"\nreturn {percent(float(a.ret))}  house edge {percent(1 - float(a.ret))}  "
                              f"SD {a.sd:.4f}  variance {a.variance:.4f}  "
                              f"hit frequency {percent(a.hit_frequency)}"))
        click.echo(wrap_prose(f"cards drawn: {drawn}"))
        click.echo(wrap_prose(f"return by wild cards dealt: {by_wild}"))
        click.echo(f"({summary['canonical_deals']:,} deal classes, {a.seconds:.2f} s)")


@videopoker.command("hold")
@click.argument("hand")
@_paytable_option
@click.option("--top", type=click.IntRange(1, 32), default=32, show_default=True,
              help="Show only the best N holds.")
@output_options
def hold_cmd(hand: str, paytable: str, top: int, fmt: str, out: Path | None) -> None:
    """Every hold of a dealt hand ranked by EV, with its final-hand distribution.

    Example: joker-odds videopoker hold "Qd Td 2s 4s 5c" --paytable jacks-or-better-9-6
    """
    from analyzer.games.videopoker.advisor import advise

    table = load_paytable(paytable)
    options = advise(table, hand)[:top]
    emit([o.row() for o in options], fmt, out,
         {"paytable": table.name, "hand": hand} if fmt == "json" else None,
         run={"paytable": table.name, "method": "exact"})


@videopoker.command("strategy")
@_paytable_option
@_tie_option
@output_options
def strategy_cmd(paytable: str, tie_break: str, fmt: str, out: Path | None) -> None:
    """The ordered hold list derived from the optimal holds, and its return vs optimal.

    Play the first line whose pattern the hand holds (the highest such cards when several
    holds fit); "return lost" is what each line costs vs optimal play, per unit bet.

    Example: joker-odds videopoker strategy --paytable deuces-wild-full-pay
    """
    from analyzer.games.videopoker.strategy import strategy_table

    s = strategy_table(analyze(load_paytable(paytable), tie_break=tie_break))
    meta = {"mechanical_return": s.mechanical_return, "optimal_return": s.optimal_return,
            "agreement": s.agreement, "lines": len(s.lines), "patterns": s.patterns}
    footer = (f"\nfollowing the list ({len(s.lines)} lines): return {percent(s.mechanical_return)}; "
              f"optimal {percent(s.optimal_return)}; "
              f"lost {percent(s.optimal_return - s.mechanical_return, 6)}; "
              f"optimal hold chosen on {percent(s.agreement, 2)} of deals") if fmt == "table" else None
    emit(s.rows(), fmt, out, meta if fmt == "json" else None, footer=footer,
         run={"paytable": paytable, "method": "exact",
              "note": "play the FIRST line that fits the hand, top down (so a pat hand can sit low)"})  # --out gets the footer too


@videopoker.command("check")
@_paytable_option
@force_option
@click.option("--trials", type=RunSize(rate=1e6, unit="deals"), default=1_000_000, show_default=True,
              help="Hands to play.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Monte Carlo seed.")
@output_options
@quiet_option
def check_cmd(paytable: str, trials: int, seed: int, fmt: str, out: Path | None) -> None:
    """Monte Carlo cross-check: play random deals with the optimal holds; the 95 % CI of the
    return should contain the exact return.

    The CI is the normal approximation: it needs many of the rarest big awards in the sample
    (a natural royal comes about once in 40,000 hands), so use millions of hands.

    Example: joker-odds videopoker check --paytable joker-poker-kings --trials 2000000
    """
    from analyzer.games.videopoker.montecarlo import simulate

    table = load_paytable(paytable)
    with status(f"exact analysis of {table.name}"):
        exact = analyze(table)
    mc = simulate(exact, trials=trials, seed=seed)  # a bar on a terminal unless --quiet
    e = mc.estimate
    emit([{"trials": e.trials, "return": e.mean, "se": e.se, "ci_low": e.ci_low, "ci_high": e.ci_high,
           "exact": mc.exact, "contains_exact": mc.contains_exact}], fmt, out,
         {"paytable": table.name, "seed": seed} if fmt == "json" else None,
         run={"paytable": table.name, "method": "sampled", "trials": trials, "seed": seed})


@videopoker.command("paytables")
@output_options
def paytables_cmd(fmt: str, out: Path | None) -> None:
    """List the shipped pay tables."""
    rows = []
    for name in paytable_names():
        t = load_paytable(name)
        rows.append({"paytable": name, "name": t.name, "deck": t.deck.name, "rules": t.rules.name,
                     "lines": len(t.lines)})
    emit(rows, fmt, out)


COMMANDS = [videopoker]
