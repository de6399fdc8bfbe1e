"""``calling``: the banker's calling game (14 calls, joker first), treize and frustration solitaire."""

from __future__ import annotations

from pathlib import Path

import click

from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import SEED, emit, output_options, refuse_unused
from analyzer.games.calling import PRESETS, calling_game, exact_calling, exact_rows, sample_calling
from analyzer.games.calling.game import JOKER_RANK, CallingError
from analyzer.games.calling.table import TABLES, game_meta


@click.command("calling")
@click.option("--calls", default="banker-14", show_default=True, metavar="PRESET|CALLS",
              help=f"Preset ({', '.join(PRESETS)}) or a call sequence such as 'Jk A K Q J T 9'.")
@click.option("--repeat", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Repeat the call sequence this many times (frustration = A..K four times).")
@click.option("--deck", default=None, metavar="SPEC",
              help="Deck spec (52, 52+2, 36+2, 2x52+2, …); default: the preset's (52 for a sequence).")
@click.option("--first-pays", type=click.IntRange(0, 10**6), default=None,
              help="Banker's win per unit on a first-card match (default: 2 for banker-14, else 1).")
@click.option("--match-pays", type=click.IntRange(0, 10**6), default=1, show_default=True,
              help="Banker's win per unit on a first match after the first card.")
@click.option("--miss-pays", type=click.IntRange(0, 10**6), default=1, show_default=True,
              help="Banker's payment per unit when no card matches.")
@click.option("--table", "table", type=click.Choice(TABLES), default="summary", show_default=True,
              help="Headline numbers, the match-count distribution, or the first-match position.")
@force_option
@click.option("--trials", type=RunSize(rate=2e6, unit="deals"), default=None,
              help="Also run a Monte Carlo of N deals and show estimates with 95 % CIs.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Monte Carlo seed.")
@output_options
def calling_cmd(calls: str, repeat: int, deck: str | None, first_pays: int | None, match_pays: int, miss_pays: int,
                table: str, trials: int | None, seed: int, fmt: str, out: Path | None) -> None:
    """Exact odds of a calling game: the banker turns cards one by one naming ranks in order.

    Exact values come from rook polynomials (inclusion–exclusion) as fractions; a deal is the
    first C cards of a shuffled deck. Deals per bank = 1 / P(no match), counting the losing deal.

    Example: joker-odds calling --calls frustration --table matches --trials 200000
    """
    if trials is None:
        refuse_unused(click.get_current_context(), ("seed",), "the seed is for a Monte Carlo run (--trials N)")
    game = calling_game(calls, deck, first_pays, match_pays, miss_pays, repeat)
    if game.multiplicities[JOKER_RANK] == 0 and JOKER_RANK in game.calls:  # the library allows it (never matches)
        raise CallingError(f"a joker call needs a deck with jokers; deck {game.deck.name} has none "
                           "(e.g. --deck 52+2)")
    ex = exact_calling(game)
    sample = sample_calling(game, trials, seed) if trials else None
    rows = exact_rows(ex, table, sample)
    meta = {**game_meta(game), "table": table}
    if sample is not None:
        meta.update({"trials": sample.trials, "seed": sample.seed})
    emit(rows, fmt, out, meta if fmt == "json" else None)


COMMANDS = [calling_cmd]
