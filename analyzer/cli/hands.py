"""``eval``, ``freq``, ``rules`` and ``decks``: the hand evaluator and hand-rank frequencies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cards import deck_names, format_hand, get_deck, hand_tokens
from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.inputs import input_option
from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import (
    SEED,
    emit,
    known_columns,
    note_stop,
    output_options,
    refuse_unused,
    resolve_rules,
    rules_options,
    run_summary,
)
from analyzer.errors import JokerOddsError
from analyzer.io import clip
from analyzer.numfmt import pct
from analyzer.progress import progress_enabled
from analyzer.quickeval import quick_evaluator
from analyzer.rules import get_rules, preset_names
from analyzer.textfmt import plural


@click.command("eval")
@click.argument("hands", nargs=-1)
@input_option("Read hands from a file, one per line ('#' starts a comment); '-' = stdin.", name="input_file")
@click.option("--low", is_flag=True, help="Also value each hand as a low hand (lowest by poker ranking "
              "wins; the ace as --low-ace says; a wild card takes the value that makes the hand lowest).")
@rules_options("joker-wild")
@output_options
def eval_cmd(hands: tuple[str, ...], input_file: tuple[Path, str] | None, low: bool, deck: str | None, fmt: str,
             out: Path | None, **rule_opts: Any) -> None:
    """Evaluate poker hands (5, 6 or 7 cards each; best five) in input order.

    Example: joker-odds eval "Qs Qd 9h 5c Jk" --rules j-poker

    Example: joker-odds eval "Jk 2s 3d 4h 6c" --low --low-ace high_or_low
    """
    texts = list(hands)
    if input_file is not None:
        for line in input_file[1].splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                texts.append(line)
    if not texts:
        raise click.UsageError("no hands given (pass HAND arguments or --input FILE)")
    if not low:
        refuse_unused(click.get_current_context(), ("low_ace",), "the ace rule of low hands needs --low")
    rules = resolve_rules(**rule_opts)
    for text in texts:
        n = len(hand_tokens(text))
        if not 5 <= n <= 7:
            raise JokerOddsError(f"hand {clip(text)!r} has {plural(n, 'card')}, expected 5, 6 or 7")
    sizes = {len(hand_tokens(t)) for t in texts}
    if len(sizes) != 1:
        raise JokerOddsError(f"all hands must have the same number of cards, got sizes {sorted(sizes)}")
    # a warm cache scores the hands without numba; --low needs the low-hand kernels
    ev = quick_evaluator(rules, deck, k=sizes.pop() if sizes else 5)
    lev = None
    if low:
        from analyzer.lowball import LowEvaluator

        lev = LowEvaluator(rules, ev.deck)
    rows = []
    for text in texts:
        codes = ev.parse(text)
        s = ev.score(codes)
        row: dict[str, Any] = {"hand": format_hand(codes, ev.deck), "category": ev.category(s).value,
                               "score": s, "description": ev.describe(codes)}
        if lev is not None:
            key = lev.low_key(codes)
            row.update({"low_category": lev.category(key).value, "low_key": key, "low": lev.describe(codes)})
        rows.append(row)
    emit(rows, fmt, out, {"deck": ev.deck.name, "rules": rules.name} if fmt == "json" else None,
         run={"rules": rules.name, "deck": ev.deck.name})


def _freq_columns(params: dict[str, Any]) -> list[str]:
    if params["low"]:
        return ["hand", "count", "probability", "cumulative"]
    if params["exact"]:
        return ["category", "count", "probability"]
    return ["category", "count", "estimate", "se", "ci_low", "ci_high"]


@known_columns(_freq_columns)
@click.command("freq")
@rules_options("joker-wild")
@click.option("--cards", type=click.IntRange(5, 7), default=5, show_default=True, help="Hand size (best five).")
@click.option("--exact", "exact", is_flag=True, help="Enumerate every hand.")
@click.option("--low", is_flag=True, help="With --exact (5 cards): the low-hand distribution instead "
              "(high-card hands by their top card, '7-low or better', then each category).")
@click.option("--trials", type=RunSize(rate=1e6, unit="hands"), default=None, help="Monte Carlo: number of hands.")
@force_option
@click.option("--seed", type=SEED, default=0, show_default=True, help="Monte Carlo seed.")
@engine_options
@output_options
def freq_cmd(deck: str | None, cards: int, exact: bool, low: bool, trials: int | None, seed: int, fmt: str,
             out: Path | None, **opts: Any) -> None:
    """Hand-rank frequencies: exact counts or Monte Carlo estimates with 95 % CIs.

    Monte Carlo runs a fixed --trials N, or until every category's (relative) standard error
    meets --target-se / --target-rel-se, capped by --max-trials / --max-time.

    Example: joker-odds freq --rules joker-wild --deck 52+1 --exact

    Example: joker-odds freq --rules standard --exact --low --low-ace high_or_low

    Example: joker-odds freq --rules standard --four-flush --cards 7 --trials 1000000
    """
    engine = engine_kwargs(opts)
    sampled = trials is not None or has_target(opts)
    if exact == sampled or (trials is not None and has_target(opts)):
        raise click.UsageError("give exactly one of --exact or --trials N, or a precision target "
                               "(--target-se / --target-rel-se)")
    sampling_only = set(engine) - {"quiet"} - ({"backend"} if engine["backend"] == "local" else set())
    if exact and sampling_only:
        raise click.UsageError("engine options (--max-trials, --checkpoint, …) apply to Monte Carlo runs only")
    if exact:
        refuse_unused(click.get_current_context(), ("seed",), "--exact enumerates every hand")
    if not low:
        refuse_unused(click.get_current_context(), ("low_ace",), "the ace rule of low hands needs --low")
    from analyzer.frequencies import exact_frequencies, sampled_frequencies
    from analyzer.lowball import exact_low_frequencies

    rules = resolve_rules(**opts)
    if low:
        if not exact or cards != 5:
            raise click.UsageError("--low counts every 5-card hand: give --exact (and --cards 5)")
        lt = exact_low_frequencies(rules, deck).to_dict()
        emit(lt.pop("rows"), fmt, out, lt if fmt == "json" else None,
             footer=(f"7-low or better: {lt['seven_low_or_better']:,} of {lt['total']:,} hands "
                     f"({pct(lt['seven_low_or_better_probability'])})") if fmt == "table" else None,
             run={"rules": lt["rules"], "deck": lt["deck"], "cards": 5, "method": "exact", "low": lt["low_ace"]})
        return
    table = (exact_frequencies(rules, deck, cards) if exact
             else sampled_frequencies(rules, deck, cards, trials=trials, seed=seed, **engine))
    data = table.to_dict()
    rows = data.pop("rows")
    footer = None
    if fmt == "table" and "gof" in data:
        g = data["gof"]
        footer = (f"goodness of fit vs the exact counts (Pearson chi-square): {g['statistic']:.3f} "
                  f"on {g['dof']} dof, p = {g['p_value']:.4f}")
    ran = {"method": "exact"} if exact else {"method": "sampled", "hands": table.total, "seed": seed}
    note_stop(data.get("stop"))
    emit(rows, fmt, out, data if fmt in ("json", "table") else None, footer=footer,
         run={"rules": table.rules, "deck": table.deck, "cards": cards, **ran})
    if not exact and progress_enabled(bool(opts.get("quiet"))):
        click.echo(run_summary(data, "%"), err=True)


@click.command("rules")
@output_options
def rules_cmd(fmt: str, out: Path | None) -> None:
    """List the rule presets."""
    rows = []
    for name in preset_names():
        r = get_rules(name)
        rows.append({"preset": name, "mode": r.mode.value, "deck": r.deck, "wild": ",".join(r.wild),
                     "natural_beats_wild": r.natural_beats_wild.value, "description": r.description})
    emit(rows, fmt, out)


@click.command("decks")
@output_options
def decks_cmd(fmt: str, out: Path | None) -> None:
    """List the deck specs."""
    rows = []
    for name in deck_names():
        d = get_deck(name)
        rows.append({"deck": name, "cards": d.size, "ranks": f"{'23456789TJQKA'[d.lowest_rank]}-A",
                     "copies": d.copies, "jokers": d.jokers})
    emit(rows, fmt, out)


COMMANDS = [eval_cmd, freq_cmd, rules_cmd, decks_cmd]
