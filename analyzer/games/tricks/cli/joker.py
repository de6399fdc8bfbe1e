"""``tricks joker-value``: what one and two jokers are worth to a seat, paired on the same deals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.limits import Count, RunSize, force_option
from analyzer.cli.options import SEED, emit, note_stop, output_options, run_summary
from analyzer.defaults import COUNT
from analyzer.games.tricks.cli.bid import CARDS, GAMES, check_cards, run_info
from analyzer.progress import progress_enabled

__all__ = ["COMMANDS", "joker_value_cmd"]


# Deals a second on two cores (each played three times), from `joker-odds tricks joker-value --cards 9
# --seed 1 --quiet --deals N`, N = 1,000 and 101,000: 5.9 s and 23.7 s.
JOKER_VALUE_RATE = 5.6e3


@click.command("joker-value")
@click.option("--game", type=click.Choice(GAMES), default="georgian-joker", show_default=True, help="Rule preset.")
@click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE",
              help="Override one rule of the game (repeatable), e.g. hook=off, draw=none.")
@click.option("--cards", type=CARDS, required=True, help="Cards dealt to each player.")
@click.option("--seat", type=Count(0, 5), default=None,
              help="The seat studied: 0 left of the dealer … the dealer (default: a random seat per deal).")
@click.option("--policy", type=click.Choice(["heuristic", "random"]), default="heuristic", show_default=True,
              help="Policy of every seat.")
@click.option("--deals", type=RunSize(rate=JOKER_VALUE_RATE, unit="deals"), default=None,
              help="Deals, each played with none, one and two jokers at the seat (default "
                   f"{COUNT['tricks joker-value']:,}).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@force_option
@engine_options(chunk="tricks joker-value")
@output_options
def joker_value_cmd(game: str, rule: tuple[str, ...], cards: int, seat: int | None, policy: str,
                    deals: int | None, seed: int, fmt: str, out: Path | None, **opts: Any) -> None:
    """A joker's value: each random deal is played with no joker at the seat (a joker it was
    dealt is swapped for a random ordinary card from elsewhere), again with one joker swapped
    into a random card of that hand, and with the second joker swapped into another; the rest of
    the deal, the trump and the policies' random choices stay the same. Rows: EV and P(made)
    with and without, and the paired difference per deal (SE, 95 % CI), over the seats studied
    and by seat.

    Example: joker-odds tricks joker-value --game georgian-joker --cards 5 --deals 100000 --seed 1
    """
    from analyzer.games.tricks.analysis.joker_value import joker_value
    from analyzer.games.tricks.rules import trick_rules

    rules = trick_rules(game, rule)
    check_cards(rules, cards)
    n = deals if deals is not None or has_target(opts) else COUNT["tricks joker-value"]
    r = joker_value(rules, cards, n, seed, seat, policy, **engine_kwargs(opts))
    note_stop(r.run.stop_reason)
    run = run_info(rules, rule, cards=cards, seat="random" if seat is None else seat, policies=policy,
                   method="paired self-play", deals=r.deals, seed=seed)
    emit(r.rows(), fmt, out, r.meta() if fmt == "json" else None, run=run,
         units={"ev": "points", "ev_against": "points", "value": "points"})
    if progress_enabled(bool(opts.get("quiet"))) and has_target(opts):
        click.echo(run_summary({"trials": r.deals, "chunks": r.run.chunks_done, "stop": r.run.stop_reason,
                                **r.run.precision}, "points"), err=True)


COMMANDS = [joker_value_cmd]
