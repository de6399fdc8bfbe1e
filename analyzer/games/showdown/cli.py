"""``joker-odds equity`` (showdown equity of hands, partial hands and hand classes) and
``joker-odds draw`` (draw poker: the final hand after one draw)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import SEED, emit, given, output_options, resolve_rules, rules_options


@click.command("equity")
@click.argument("hands", nargs=-1, required=True)
@click.option("--players", type=click.IntRange(2, 10), default=None,
              help="Players at the table (default: the hands given, at least 2); the seats without a "
                   "given hand get random hands.")
@click.option("--opponents", default=None, metavar="CLASS",
              help="The random seats hold only hands of this class (players who stay in with it), e.g. "
                   "'pair of jacks or better', 'top 30 %'.")
@click.option("--dead", default=None, metavar="CARDS", help="Cards known to be out of play.")
@click.option("--cards", type=click.IntRange(5, 7), default=5, show_default=True,
              help="Cards per hand; the best five count.")
@click.option("--game", type=click.Choice(["high", "low", "hilo"]), default="high", show_default=True,
              help="The best hand wins (high), the lowest (low: the rules' low-hand settings), or the pot "
                   "is halved between the best high and the best low hand (hilo).")
@click.option("--method", type=click.Choice(["auto", "exact", "mc"]), default="auto", show_default=True,
              help="exact: every deal of the unknown cards; mc: random deals; auto: exact when at most "
                   "60,000,000 deals.")
@force_option
@click.option("--trials", type=RunSize(rate=5e5, unit="showdowns", cost=lambda p: (p.get("players") or 2) / 2),
              default=1_000_000, show_default=True,
              help="Monte Carlo showdowns (the cap when a precision target is given).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@rules_options()
@engine_options(chunk="equity")
@output_options
def equity_cmd(hands: tuple[str, ...], players: int | None, opponents: str | None, dead: str | None, cards: int,
               game: str, method: str, trials: int, seed: int, deck: str | None, fmt: str, out: Path | None,
               **opts: Any) -> None:
    """How often each hand wins the showdown: P(win) (the whole pot), P(tie) (a part of it) and the
    pot share with ties split, against the other given hands and random hands.

    A HAND is cards ('As Ad Kc Kd 2s'; fewer cards for a partial hand, the rest dealt), a hand class
    ('pair of kings', 'two pair or better', 'ace-high', 'top 20 %') or 'random'. Exact when the deals
    of the unknown cards are few enough (heads-up with a complete hand), otherwise Monte Carlo with
    SE and 95 % CI.

    Example: joker-odds equity "As Ad Kc Kd Jk" --players 3 --rules joker-wild
    """
    from analyzer.games.showdown.equity import equity

    rules = resolve_rules(**opts)
    kw = engine_kwargs(opts)
    if has_target(opts):
        kw.setdefault("max_trials", trials)
        trials_arg: int | None = None
    else:
        trials_arg = trials
    chunk = kw.pop("chunk_size", None)
    extra = {"chunk_size": chunk} if chunk else {}
    sampling = given(click.get_current_context(), "trials", "seed", "target_se", "target_rel_se", "max_trials",
                     "max_time", "checkpoint", "backend", "scheduler", "workers", "chunk_size")
    res = equity(list(hands), players, rules, deck, dead, cards, game, opponents, method, trials_arg, seed,
                 unused_if_exact=sampling, **extra, **kw)
    summary = res.summary()
    footer = None
    if res.method == "mc":
        footer = (f"{res.deals:,} random showdowns (seed {seed}, stopped by {res.stop}); SE and 95 % CI of "
                  "the pot share.")
    else:
        footer = f"Exact: every one of the {res.deals:,} deals of the unknown cards."
    emit(res.rows(), fmt, out, summary, footer if fmt == "table" else None,
         run={"rules": rules.name, "deck": res.deck, "players": res.players, "game": game,
              "method": res.method, "trials": res.deals if res.method == "mc" else None,
              "seed": seed if res.method == "mc" else None})


@click.command("draw")
@click.argument("hand")
@click.option("--hold", default="", metavar="CARDS", help="The cards kept (default none: draw five).")
@click.option("--dead", default=None, metavar="CARDS", help="Other cards known to be out of play.")
@rules_options()
@output_options
def draw_cmd(hand: str, hold: str, dead: str | None, deck: str | None, fmt: str, out: Path | None,
             **opts: Any) -> None:
    """Draw poker's one draw: every draw for the cards kept, counted by the final category, and
    P(improve) (a final category above the dealt one). The discards are out of play.

    Example: joker-odds draw "Kh Kd 7c 4s 2h" --hold "Kh Kd"
    """
    from analyzer.games.showdown.draw import draw_odds

    rules = resolve_rules(**opts)
    d = draw_odds(hand, hold, rules, deck, dead)
    footer = (f"Dealt {d.dealt.replace('_', ' ')}; improves in {d.improved:,} of {d.draws:,} draws "
              f"({100 * d.p_improve:.2f} %).")
    emit(d.rows(), fmt, out, d.summary(), footer if fmt == "table" else None,
         run={"rules": rules.name, "deck": d.deck, "hold": d.hold or "nothing", "method": "exact"})


COMMANDS = [equity_cmd, draw_cmd]
