"""``rummy``: Remi 51 — the opening value of a hand, the odds of opening, turns to open, points left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options
from analyzer.cli.inputs import input_option
from analyzer.cli.limits import Count, RunSize, force_option
from analyzer.cli.options import (
    SEED,
    emit,
    known_columns,
    missed_target_notice,
    note_stop,
    output_options,
    run_fields,
    run_summary,
)
from analyzer.defaults import CHUNK
from analyzer.io import atomic_write_text, json_text
from analyzer.progress import progress_enabled

DECK_HELP = "Deck: 2x52+2 (two packs, two jokers), 2x52 or 3x52+3."
CAP_HELP = "Most jokers in one meld (default: any number)."
GAME_NAME = "remi-51"
JOKER_CAP = Count(0, 1000)


@click.group("rummy")
def rummy_group() -> None:
    """Remi 51 rummy: two packs and two jokers; the first meld must total at least 51 points.

    Sets are 3–4 cards of one rank in distinct suits, runs 3+ cards of one suit in
    A 2 3 … K A (no wrap; the low ace counts 0 toward the opening), jokers stand for any card.
    """


def _lines(hand: tuple[str, ...], input_file: tuple[Path, str] | None) -> list[tuple[str, str]]:
    if input_file is not None and hand:
        raise click.UsageError("give a HAND or --input FILE, not both")
    if input_file is not None:
        path, text = input_file
        lines = [(f"{path} line {i}: ", ln.strip()) for i, ln in enumerate(text.splitlines(), 1)
                 if ln.strip() and not ln.lstrip().startswith("#")]
        if not lines:
            raise click.UsageError(f"{path} holds no hands")
        return lines
    if not hand:
        raise click.UsageError("give a HAND such as '9c Tc Jc Th Td Ts Jk' or --input FILE")
    return [("", " ".join(hand))]


def _jokerless(deck: str) -> None:
    """Joker options refused with a deck without jokers (they would be silently ignored)."""
    from analyzer.cards import get_deck
    from analyzer.cli.options import refuse_unused
    from analyzer.errors import JokerOddsError

    try:
        jokers = get_deck(deck).jokers
    except JokerOddsError:
        return  # a bad deck is refused by the game itself, with its own message
    if not jokers:
        refuse_unused(click.get_current_context(), ["joker_cap", "joker_points"], f"deck {deck} has no jokers")


def _open_columns(params: dict[str, Any]) -> list[str] | None:
    """``rummy open``'s columns (None for JSON, a document of its own)."""
    if params["fmt"] == "json":
        return None
    if params["table"] == "summary":
        return ["jokers", "trials", "p_open", "se", "ci_low", "ci_high", "mean_value"]
    tail = str(params["deck"]).partition("+")[2]
    jokers = int(tail) if tail.isdigit() and len(tail) < 3 else 0 if not tail else 3
    return ["value", "hands", "p", "p_at_least", *(f"p_{k}_jokers" for k in range(jokers + 1))]


@known_columns(lambda p: None if p["fmt"] == "json" else ["hand", "opening_points", "can_open", "melds"])
@rummy_group.command("best")
@click.argument("hand", nargs=-1)
@input_option("Read one hand per line (blank lines and # comments skipped).", name="input_file")
@click.option("--deck", default="2x52+2", show_default=True, help=DECK_HELP)
@click.option("--cards", type=Count(1, 1000), default=None, help="Require hands of exactly N cards.")
@click.option("--joker-cap", type=JOKER_CAP, default=None, help=CAP_HELP)
@output_options
def best_cmd(hand: tuple[str, ...], input_file: tuple[Path, str] | None, deck: str, cards: int | None,
             joker_cap: int | None, fmt: str, out: Path | None) -> None:
    """The opening value of a hand, whether it can open (≥ 51), and melds that reach it.

    Two jokers may be written 'Jk Jk' or 'Jk1 Jk2'. Example:
    joker-odds rummy best "9c Tc Jc Tc Th Td Ts 2d 5h 7s Ks Kd 3c Jk"
    """
    from analyzer.errors import JokerOddsError
    from analyzer.games.rummy.solver import RummyError, best_opening

    _jokerless(deck)
    results = []
    for where, line in _lines(hand, input_file):
        try:
            results.append(best_opening(line, deck, joker_cap, cards))
        except JokerOddsError as exc:
            if not where:
                raise
            raise RummyError(f"{where}{exc}") from exc
    if fmt == "json":
        text = json_text([r.to_dict() for r in results])
        if out is None:
            click.echo(text, nl=False)
        else:
            atomic_write_text(out, text)
        return
    rows = [{"hand": r.hand, "opening_points": r.opening_points, "can_open": "yes" if r.can_open else "no",
             "melds": "; ".join(m.text() for m in r.melds) or "-"} for r in results]
    emit(rows, fmt, out, run={"game": GAME_NAME, "deck": deck, "joker_cap": joker_cap, "method": "exact"})


@known_columns(_open_columns)
@rummy_group.command("open")
@click.option("--cards", type=click.IntRange(min=3, max=24), default=14, show_default=True,
              help="Hand size: 14 (dealt) or 15 (the first player's).")
@click.option("--deck", default="2x52+2", show_default=True, help=DECK_HELP)
@click.option("--trials", type=RunSize(10**10), default=None,
              help="Hands to deal (default 100,000 unless a precision target is given).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@click.option("--joker-cap", type=JOKER_CAP, default=None, help=CAP_HELP)
@force_option
@click.option("--table", "table", type=click.Choice(["summary", "values"]), default="summary",
              show_default=True, help="P(open) by jokers held, or the distribution of opening values.")
@engine_options(chunk="rummy open")
@output_options
def open_cmd(cards: int, deck: str, trials: int | None, seed: int, joker_cap: int | None, table: str,
             fmt: str, out: Path | None, **opts: Any) -> None:
    """P(a dealt hand can open) with SE and 95 % CI, overall and by jokers held (0, 1, 2).

    Example: joker-odds rummy open --cards 15 --trials 1000000 --seed 1
    """
    from analyzer.games.rummy.odds import open_odds

    _jokerless(deck)
    engine = engine_kwargs(opts)
    chunk = engine.pop("chunk_size", None) or CHUNK["rummy open"]
    odds = open_odds(cards, deck, trials, seed, joker_cap, chunk_size=chunk, **engine)
    note_stop(odds.extra.get("stop"))
    run = {"game": GAME_NAME, "deck": odds.deck, "cards": cards, "joker_cap": joker_cap, "method": "sampled",
           "hands": odds.p_open.trials, "seed": seed}
    if fmt == "json":
        p = odds.p_open
        payload = {"deck": odds.deck, "cards": odds.cards, "seed": seed, "p_open": p.estimate, "se": p.se,
                   "ci_low": p.ci_low, "ci_high": p.ci_high, "trials": p.trials,
                   "mean_value": odds.mean_value(), "by_jokers": odds.summary_rows()[1:],
                   "values": odds.value_rows(), "run": _json_run(run, odds.extra)}
        _emit_json(payload, out)
    else:
        emit(odds.summary_rows() if table == "summary" else odds.value_rows(), fmt, out, run=run)
    if progress_enabled(bool(opts.get("quiet"))):
        click.echo(run_summary(odds.extra, "%"), err=True)


def _json_run(run: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """JSON ``run``: what ran (as in the header line, without the time), then the engine's run fields."""
    return {**{k: v for k, v in run_fields(run).items() if k != "seconds"}, **extra}


def _emit_json(payload: Any, out: Path | None) -> None:
    """Write ``payload`` as JSON to ``out`` (stdout when None), then the missed-target notice."""
    text = json_text(payload)
    if out is None:
        click.echo(text, nl=False)
    else:
        atomic_write_text(out, text)
    missed_target_notice()


POLICY_HELP = ("Drawing policy: stock-only (always the stock) or greedy (the discard when the hand keeps it); "
               "a comma-separated list gives one per seat.")


def _table_options(trials: click.ParamType, trials_help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The table simulations' first options: --players, --policy, --deck, --trials, --seed, --force."""
    options = [click.option("--players", type=click.IntRange(min=2, max=11), default=4, show_default=True,
                            help="Players at the table (2–7; 8–11 with three packs)."),
               click.option("--policy", default="greedy", show_default=True, help=POLICY_HELP),
               click.option("--deck", default="2x52+2", show_default=True, help=DECK_HELP),
               click.option("--trials", type=trials, default=None, help=trials_help),
               click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed."),
               force_option]

    def wrap(f: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            f = option(f)
        return f
    return wrap


@rummy_group.command("turns")
@_table_options(RunSize(10**8), "Deals to simulate (default 10,000 unless a precision target is given).")
@click.option("--max-turns", type=click.IntRange(min=2, max=500), default=40, show_default=True,
              help="Rounds simulated at most.")
@click.option("--joker-cap", type=JOKER_CAP, default=None, help=CAP_HELP)
@click.option("--rotate", is_flag=True, help="Replay every deal with the policies rotated round the table.")
@click.option("--table", "table", type=click.Choice(["summary", "curve"]), default="summary",
              show_default=True, help="Per seat P(open by turn 2/5/10), or P(open by turn t) for every t.")
@engine_options(chunk="rummy turns")
@output_options
def turns_cmd(players: int, policy: str, deck: str, trials: int | None, seed: int, max_turns: int,
              joker_cap: int | None, rotate: bool, table: str, fmt: str, out: Path | None, **opts: Any) -> None:
    """Turns until each seat can open (opening value ≥ 51 after its draw), by table simulation.

    Seat 0 is the player after the dealer (15 cards, starts by discarding); nobody melds in the
    first round, so turn 2 is the earliest. Example:
    joker-odds rummy turns --players 4 --policy greedy --trials 20000 --seed 1
    """
    from analyzer.games.rummy.turns import turns_to_open

    _jokerless(deck)
    engine = engine_kwargs(opts)
    chunk = engine.pop("chunk_size", None) or CHUNK["rummy turns"]
    res = turns_to_open(players, policy, deck, trials, seed, joker_cap, max_turns, chunk_size=chunk,
                        rotate=rotate, **engine)
    note_stop(res.extra.get("stop"))
    rows = res.summary_rows() if table == "summary" else res.curve_rows()
    run = {"game": GAME_NAME, "deck": res.deck, "players": players, "policies": ",".join(res.policies),
           "joker_cap": joker_cap, "rotate": rotate or None, "method": "self-play", "deals": res.trials,
           "seed": seed}
    if fmt == "json":
        _emit_json({"players": players, "policies": list(res.policies), "deck": res.deck,
                    "max_turns": max_turns, "seed": seed, "rotate": rotate, "trials": res.trials, "summary": res.summary_rows(),
                    "curve": res.curve_rows(), "run": _json_run(run, res.extra)}, out)
    else:
        emit(rows, fmt, out, run=run)
    if progress_enabled(bool(opts.get("quiet"))):
        click.echo(run_summary(res.extra, "%"), err=True)


@rummy_group.command("points")
@_table_options(RunSize(10**7), "Deals to play out (default 2,000 unless a precision target is given).")
@click.option("--rotate", is_flag=True, help="Replay every deal with the policies rotated round the table.")
@click.option("--joker-points", type=click.IntRange(min=0, max=50), default=10, show_default=True,
              help="Points of a joker left in hand (variants 20–25; 50 when it is the last card).")
@click.option("--max-turns", type=Count(10, 100_000), default=1000, show_default=True,
              help="Turns after which a deal counts as blocked.")
@click.option("--joker-cap", type=JOKER_CAP, default=None, help=CAP_HELP)
@click.option("--table", "table", type=click.Choice(["summary", "left"]), default="summary",
              show_default=True, help="Per seat P(going out) and scores, or the points-left distribution.")
@engine_options(chunk="rummy points")
@output_options
def points_cmd(players: int, policy: str, deck: str, trials: int | None, seed: int, rotate: bool,
               joker_points: int, max_turns: int, joker_cap: int | None, table: str, fmt: str,
               out: Path | None, **opts: Any) -> None:
    """Whole deals played out: who goes out (−50, −100/−200/−400 with jokers) and the points left.

    Melding follows the open-asap heuristic: open as soon as 51 points meld, lay every meld,
    take back table jokers, add to melds, go out. Example:
    joker-odds rummy points --players 4 --policy greedy,stock-only --rotate --trials 2000
    """
    from analyzer.games.rummy.points import points_left

    _jokerless(deck)
    engine = engine_kwargs(opts)
    chunk = engine.pop("chunk_size", None) or CHUNK["rummy points"]
    res = points_left(players, policy, deck, trials, seed, joker_cap, max_turns, joker_points, rotate,
                      chunk_size=chunk, **engine)
    note_stop(res.extra.get("stop"))
    run = {"game": GAME_NAME, "deck": res.deck, "players": players, "policies": ",".join(res.policies),
           "joker_cap": joker_cap, "joker_points": joker_points, "rotate": rotate or None, "method": "self-play",
           "deals": res.extra["trials"], "seed": seed}
    if fmt == "json":
        _emit_json({"players": players, "policies": list(res.policies), "deck": res.deck, "seed": seed,
                    "rotate": rotate, "blocked": res.blocked, "summary": res.summary_rows(),
                    "points_left": res.left_rows(), "run": _json_run(run, res.extra)}, out)
    else:
        emit(res.summary_rows() if table == "summary" else res.left_rows(), fmt, out, run=run)
    if progress_enabled(bool(opts.get("quiet"))):
        click.echo(run_summary(res.extra), err=True)


COMMANDS = [rummy_group]
