"""The short-tricks game on the command line: ``tricks play|solve --game short-tricks``, ``tricks hand-odds``,
``tricks game-odds``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import emit, output_options
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.cli.bid import pimc_kwargs, run_info
from analyzer.games.tricks.rules import SHORT_PRESETS

__all__ = ["COMMANDS", "short_play", "short_solve"]


def _pct(x: float) -> str:
    from analyzer.numfmt import pct

    return pct(x)


def _pm(e: Any) -> str:
    """A sampled probability with its SE, both to the SE's decimals: ``12.75 % ± 0.75 %``."""
    from analyzer.numfmt import estimate

    return estimate(e.estimate, e.se, percent=True)


def _points(e: Any, ci: bool = False) -> str:
    """A sampled mean in points, signed, to its SE's decimals (``ci``: with its 95 % interval)."""
    from analyzer.numfmt import interval, se_decimals, signed

    text = signed(e.mean, decimals=se_decimals(e.se))
    return text + (f" (95 % CI {interval(e.ci_low, e.ci_high, like=e.se)})" if ci else "")


def _policies(rules: Any, policy: str, policy_seat: tuple[str, ...], pimc: bool = False) -> list[str]:
    from analyzer.games.tricks.analysis.selfplay import parse_policies

    pols = parse_policies(rules.players, policy, policy_seat)
    if "pimc-bid" in pols:
        raise JokerOddsError("short-tricks: pimc says play or pass as the heuristic (use pimc, not pimc-bid)")
    if "pimc" in pols and not pimc:
        raise JokerOddsError("this command plays short-tricks with the random and heuristic policies "
                             "(pimc plays in tricks play)")
    return pols


def short_play(game: str, rule: tuple[str, ...], policy: str, policy_seat: tuple[str, ...], deals: int | None,
               schedule: bool, seed: int, fmt: str, out: Path | None, opts: dict[str, Any]) -> None:
    """``tricks play --game short-tricks``: random deals (or whole games to 5 with ``--schedule``)."""
    from analyzer.games.tricks.analysis.short import play_short_deals, play_short_games, short_rules

    rules = short_rules(game, rule)
    pols = _policies(rules, policy, policy_seat, pimc=True)
    pk = pimc_kwargs(opts, pols)
    engine = engine_kwargs(opts)
    if schedule:
        n = deals if deals is not None or has_target(opts) else 10_000
        g = play_short_games(rules, pols, n, seed, pimc=pk, **engine)
        run = run_info(rules, rule, policies=",".join(pols), method="self-play", games=g.games, seed=seed)
        footer = (f"P(the side left of the first dealer wins) = {_pm(g.p_win)} "
                  f"(SE); {g.mean_deals:.1f} deals per game on average.")
        emit(g.rows(), fmt, out, g.summary() if fmt == "json" else None, footer=footer if fmt == "table" else None,
             run=run)
        return
    n = deals if deals is not None or has_target(opts) else 100_000
    d = play_short_deals(rules, pols, n, seed, pimc=pk, **engine)
    made = d.tricks[3].count + d.tricks[4].count + d.tricks[5].count
    total = max(1, d.tricks[0].trials)
    footer = (f"Thrown in: {_pm(d.p_throw_in)}; the maker's side makes "
              f"{_pct(made / total)} of the played deals (march {_pct(d.tricks[5].estimate)}).")
    run = run_info(rules, rule, policies=",".join(pols), method="self-play", deals=d.deals, seed=seed)
    emit(d.rows(), fmt, out, d.summary() if fmt == "json" else None, footer=footer if fmt == "table" else None,
         run=run)


def short_solve(game: str, rule: tuple[str, ...], hands: list[str], trump: str, maker: int, fmt: str,
                out: Path | None) -> None:
    """``tricks solve --game short-tricks``: the double-dummy tricks of the maker's side."""
    from analyzer.games.tricks.analysis.short import short_rules, solve_short

    rules = short_rules(game, rule)
    v = solve_short(rules, hands, trump, maker)
    row = {"trump": trump, "maker": maker, "maker_side_tricks": v, "points": rules.deal_points(v)
           if v <= 5 and len(hands[0].split()) == 5 else None}
    emit([row], fmt, out, run=run_info(rules, rule, method="exact (double dummy)"))


_GAME = click.option("--game", type=click.Choice(SHORT_PRESETS), default="short-tricks", show_default=True,
                     help="Rule preset.")
_RULE = click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE",
                     help="Override one rule (repeatable), e.g. deck=32+2, trump=none, all_pass=dealer-plays.")
_POLICY = click.option("--policy", type=click.Choice(["heuristic", "random"]), default="heuristic",
                       show_default=True, help="Policy of every seat.")
_SEAT_POLICY = click.option("--policy-seat", "policy_seat", multiple=True, metavar="SEAT=POLICY",
                            help="Another policy at one seat (repeatable), e.g. 1=random.")
_SEED = click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Random seed.")


@click.command("hand-odds")
@_GAME
@_RULE
@click.option("--hand", required=True, help='Five cards, e.g. "Jk As Ks 7h 8d".')
@click.option("--trump", required=True, help="Trump suit c, d, h, s, or none (a turned joker).")
@click.option("--seat", type=int, default=0, show_default=True,
              help="The hand's seat: 0 left of the dealer … 3 the dealer.")
@_POLICY
@_SEAT_POLICY
@click.option("--deals", type=RunSize(rate=4e4, unit="deals"), default=None, help="Deals sampled (default 20,000).")
@force_option
@_SEED
@engine_options(chunk="tricks hand-odds")
@output_options
def hand_odds_cmd(game: str, rule: tuple[str, ...], hand: str, trump: str, seat: int, policy: str,
                  policy_seat: tuple[str, ...], deals: int | None, seed: int, fmt: str, out: Path | None,
                  **opts: Any) -> None:
    """Short poker for tricks, one hand: P(the maker's side takes 0..5 tricks) when it says "play",
    P(3+), P(march), and the expected points of "play" against "pass" (paired on the same deals,
    SE and 95 % CI). The unseen cards are dealt at random, the turned card being one of the trump
    suit; the seats before this one have passed (deals where their policy would play are skipped).

    Example: joker-odds tricks hand-odds --hand "Jk As Ks 7h 8d" --trump s --seat 0 --deals 20000 --seed 1
    """
    from analyzer.games.tricks.analysis.short import hand_odds, short_rules

    rules = short_rules(game, rule)
    pols = _policies(rules, policy, policy_seat)
    n = deals if deals is not None or has_target(opts) else 20_000
    h = hand_odds(rules, hand, trump, seat, pols, n, seed, **engine_kwargs(opts))
    g = h.gain
    footer = (f"P(3+) = {_pm(h.p_make)}, P(march) = {_pm(h.tricks[5])}. "
              f"EV play {_points(h.ev_play)} points, pass {_points(h.ev_pass)}: play - pass = {_points(g, ci=True)} "
              f"-> {'play' if g.mean > 0 else 'pass'}. "
              + (f"The seats before pass in {_pct(h.p_reach.estimate)} of deals." if seat > 0 else
                 "No seat speaks before seat 0."))
    run = run_info(rules, rule, hand=hand, trump=trump, seat=seat, policies=",".join(pols),
                   method="Monte Carlo", deals=h.deals, seed=seed)
    emit(h.rows(), fmt, out, h.to_dict() if fmt == "json" else None, footer=footer if fmt == "table" else None,
         run=run)


@click.command("game-odds")
@_GAME
@_RULE
@_POLICY
@_SEAT_POLICY
@force_option
@click.option("--deals", type=RunSize(rate=2e4, unit="deals"), default=None,
              help="Self-play deals giving the per-deal outcome probabilities (default 200,000).")
@click.option("--lowest", type=click.IntRange(-130, 0), default=-4, show_default=True,
              help="Lowest score shown in the table (-130..0).")
@_SEED
@engine_options(chunk="tricks game-odds")
@output_options
def game_odds_cmd(game: str, rule: tuple[str, ...], policy: str, policy_seat: tuple[str, ...], deals: int | None,
                  lowest: int, seed: int, fmt: str, out: Path | None, **opts: Any) -> None:
    """Short poker for tricks, the game to 5: P(winning the game) from every score and the premium's
    distribution, exact by a Markov chain over the two sides' scores whose per-deal outcomes
    (who makes, what he writes, thrown-in deals) come from self-play of the chosen policies.
    "score" is the side of seat 0 (its policies), left of the next dealer.

    Example: joker-odds tricks game-odds --deals 200000 --seed 1
    """
    from analyzer.games.tricks.analysis.short import short_game_odds, short_rules

    rules = short_rules(game, rule)
    pols = _policies(rules, policy, policy_seat)
    n = deals if deals is not None or has_target(opts) else 200_000
    odds, d = short_game_odds(rules, pols, n, seed, lowest, **engine_kwargs(opts))
    prem = odds.premium_dist(0, 0)
    footer = (f"From 0:0 the side left of the dealer wins {_pct(odds.win(0, 0))}; premiums: "
              + ", ".join(f"{k} {_pct(v)}" for k, v in prem.items())
              + f"; {float(odds.deals[-odds.low, -odds.low]):.1f} deals per game on average.")
    if odds.max_cut(lowest) > 1e-9:
        footer += (f" Scores fall below the chain's floor {odds.low} with a chance up to {odds.max_cut(lowest):.2g} "
                   "from the scores shown: the figures are exact to that much.")
    run = run_info(rules, rule, policies=",".join(pols), method="Markov chain from self-play", deals=d.deals,
                   seed=seed)
    meta = {"premium_from_0_0": prem, "outcomes": {"eldest": dict(d.outcomes.eldest),
                                                   "dealer": dict(d.outcomes.dealer)}}
    emit(odds.rows(lowest), fmt, out, meta if fmt == "json" else None, footer=footer if fmt == "table" else None,
         run=run)


COMMANDS = [hand_odds_cmd, game_odds_cmd]
