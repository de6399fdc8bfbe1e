"""``tricks``: Georgian Joker and the 54-card bidding game — self-play, exact solver, scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.inputs import input_option
from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import (
    SEED,
    emit,
    known_columns,
    note_stop,
    output_options,
    refuse_repeated,
    run_summary,
)
from analyzer.defaults import COUNT, COUNT_PIMC, count_for
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.cli.bid import (
    CARDS,
    TRICKS,
    check_cards,
    pimc_kwargs,
    pimc_options,
    pimc_seconds,
    run_info,
)
from analyzer.games.tricks.cli.bid import COMMANDS as BID_COMMANDS
from analyzer.games.tricks.cli.joker import COMMANDS as JOKER_COMMANDS
from analyzer.games.tricks.cli.short import COMMANDS as SHORT_COMMANDS
from analyzer.games.tricks.cli.short import short_play, short_solve
from analyzer.io import render_text_table
from analyzer.progress import progress_enabled

GAMES = ("georgian-joker", "joker-54", "short-tricks")


def _game_options(f: Any) -> Any:
    f = click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE",
                     help="Override one rule of the game (repeatable), e.g. trump_beats_take=true, "
                          "hook=off, draw=none, players=3.")(f)
    f = click.option("--game", type=click.Choice(GAMES), default="georgian-joker", show_default=True,
                     help="Rule preset.")(f)
    return f


@click.group("tricks")
def tricks_group() -> None:
    """Trick-taking games with bids: Georgian Joker (36 cards, jokers take/give) and the
    54-card game (jokers high/low, drawing). Seat 0 sits left of the dealer; the dealer is the
    last seat."""


PLAY_RATE = 10**8 / 3600  # heuristic deals a second on two cores


def _pimc_cost(params: dict[str, Any]) -> float:
    """How much dearer a deal is than a heuristic one: each pimc seat plays it at
    :func:`~analyzer.games.tricks.cli.bid.pimc_seconds` (K, budget, model)."""
    seated = {str(v).split("=", 1)[0].strip(): "pimc" in str(v) for v in params.get("policy_seat") or ()}
    pimc = "pimc" in str(params.get("policy") or "")
    seats = sum(seated.get(str(s), pimc) for s in range(4))
    return 1.0 + seats * pimc_seconds(params) * PLAY_RATE if seats else 1.0


PLAY_COLUMNS = ["seat", "policy", "mean_score", "se", "ci_low", "ci_high", "p_made", "p_made_low", "p_made_high",
                "mean_bid", "mean_tricks"]
GAME_COLUMNS = ["player", "policy", "mean_total", "se", "ci_low", "ci_high", "p_best", "p_best_low", "p_best_high",
                "exact_deals", "premiums", "p_premium_per_set", "p_premium_se", "p_premium_low", "p_premium_high"]


@known_columns(lambda p: GAME_COLUMNS if p["schedule"] else PLAY_COLUMNS)
@tricks_group.command("play")
@_game_options
@click.option("--policy", default="heuristic", show_default=True,
              type=click.Choice(["heuristic", "random", "pimc", "pimc-bid"]),
              help="Policy of every seat (pimc-bid: pimc that bids by search).")
@click.option("--policy-seat", "policy_seat", multiple=True, metavar="SEAT=POLICY",
              help="Another policy at one seat (repeatable), e.g. 2=random or 0=pimc (with --schedule: "
                   "the player sitting at that seat in the first deal).")
@click.option("--deals", type=RunSize(rate=PLAY_RATE, unit="deals", cost=_pimc_cost), default=None,
              help=f"Independent deals to play (default {COUNT['tricks play']:,}; with --schedule: whole "
                   f"games, {COUNT['tricks play --schedule']:,}; with a pimc seat "
                   f"{COUNT_PIMC['tricks play']:,} deals or {COUNT_PIMC['tricks play --schedule']:,} games).")
@click.option("--cards", type=CARDS, default=None,
              help="Cards dealt to each player (default: a full deal).")
@click.option("--schedule", is_flag=True, help="Play whole games on the game's deal schedule.")
@pimc_options
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@force_option
@engine_options(chunk=("tricks play", "tricks play --schedule"))
@output_options
def play_cmd(game: str, rule: tuple[str, ...], policy: str, policy_seat: tuple[str, ...], deals: int | None,
             cards: int | None, schedule: bool, seed: int, fmt: str, out: Path | None, **opts: Any) -> None:
    """Self-play: mean score per seat with 95 % CIs, bid and trick distributions, P(bid made).

    Deals are random; the same seed gives the same numbers on every backend. Policies:
    heuristic (plays to its bid), random (uniform over legal moves and joker modes) and pimc
    (K sampled deals consistent with what it has seen, each move valued by the world model).

    Example: joker-odds tricks play --game georgian-joker --policy heuristic --policy-seat 2=random --deals 200000 --cards 9 --seed 1
    """
    from analyzer.games.tricks.analysis.selfplay import parse_policies, play_deals, play_games
    from analyzer.games.tricks.rules import trick_rules

    if game == "short-tricks":
        from analyzer.games.tricks.rules import SHORT_CARDS

        if cards is not None and cards != SHORT_CARDS:
            raise JokerOddsError(f"short-tricks deals five cards: --cards {cards} does not apply")
        short_play(game, rule, policy, policy_seat, deals, schedule, seed, fmt, out, opts)
        return
    rules = trick_rules(game, rule)
    check_cards(rules, cards)
    refuse_repeated("--policy-seat", policy_seat, lambda k: k.lstrip("+0") or "0")
    pols = parse_policies(rules.players, policy, policy_seat)
    pk = pimc_kwargs(opts, pols)
    engine = engine_kwargs(opts)
    if deals is not None or has_target(opts):
        n = deals
    else:
        n = count_for("tricks play --schedule" if schedule else "tricks play",
                      pimc=any(p.startswith("pimc") for p in pols))
    if schedule:
        if cards is not None:
            raise JokerOddsError("--cards and --schedule exclude each other")
        g = play_games(rules, pols, n, seed, pimc=pk, **engine)
        note_stop(g.run.stop_reason)
        meta = {"game": rules.name, "games": g.games, "seed": seed, "policies": list(pols),
                "schedule": list(rules.schedule_cards()), "stop": g.run.stop_reason}
        run = run_info(rules, rule, policies=",".join(pols), method="self-play", games=g.games, seed=seed)
        emit(g.rows(), fmt, out, meta if fmt == "json" else None, run=run,
             units={"mean_total": "points", "mean_score": "points"})
        return
    c = cards if cards is not None else rules.max_cards
    r = play_deals(rules, c, pols, n, seed, pimc=pk, **engine)
    note_stop(r.run.stop_reason)
    meta = {"game": rules.name, "cards": c, "tricks": rules.tricks_in_deal(c), "deals": r.deals,
            "seed": seed, "policies": list(pols), "bid_distribution": r.bid_hist,
            "trick_distribution": r.trick_hist, "stop": r.run.stop_reason}
    footer = None
    if fmt == "table":
        dist = [{"k": k, **{f"P(bid{s}=k)": r.bid_hist[s][k] for s in range(rules.players)},
                 **{f"P(took{s}=k)": r.trick_hist[s][k] for s in range(rules.players)}}
                for k in range(len(r.bid_hist[0]))]
        footer = "\n" + render_text_table(dist).rstrip("\n")
    run = run_info(rules, rule, cards=c, policies=",".join(pols), method="self-play", deals=r.deals, seed=seed)
    emit(r.rows(), fmt, out, meta if fmt == "json" else None, footer=footer, run=run, units={"mean_score": "points"})
    if progress_enabled(bool(opts.get("quiet"))) and has_target(opts):
        click.echo(run_summary({"trials": r.deals, "chunks": r.run.chunks_done, "stop": r.run.stop_reason,
                                **r.run.precision}, "points"), err=True)


@tricks_group.command("solve")
@_game_options
@click.option("--hands", "hands", multiple=True, metavar="HAND",
              help='Every seat\'s hand, seat 0 first: --hands "Ah Kd Jk1" "…" "…" "…".')
@click.argument("more_hands", nargs=-1, metavar="")
@click.option("--trump", default="none", show_default=True, help="Trump suit c, d, h, s or none.")
@click.option("--leader", type=int, default=0, show_default=True, help="Seat leading the first trick.")
@click.option("--maker", type=int, default=0, show_default=True,
              help="short-tricks: the maker's seat (seat 0 leads); the value is his side's tricks.")
@input_option('JSON lines, one deal each: {"hands": [...], "trump": "h", "leader": 0}.')
@output_options
def solve_cmd(game: str, rule: tuple[str, ...], hands: tuple[str, ...], more_hands: tuple[str, ...],
              trump: str, leader: int, maker: int, input_path: tuple[Path, str] | None, fmt: str,
              out: Path | None) -> None:
    """Exact paranoid value of every seat: the tricks it makes sure of when all the others play
    against it, every legal card and joker mode tried (all hands known), and the leader's first
    cards that keep its value.

    With --game short-tricks: the double-dummy tricks of the maker's side (two sides, best play by
    both), seat 0 leading.

    Example: joker-odds tricks solve --hands "Ah Kh Jk1" "Qh Jh Th" "9h 8h 7h" "Ac Kc Qc" --trump h --leader 0
    """
    from analyzer.games.tricks.rules import trick_rules
    from analyzer.games.tricks.search.solver import Solver, deals_from_jsonl, parse_deal

    given = list(hands) + list(more_hands)
    # the header echoes the options set: every hand there, not only the first (the others come as arguments)
    click.get_current_context().params["hands"] = tuple(given)
    if game == "short-tricks":
        if input_path is not None or leader != 0:
            raise JokerOddsError("short-tricks: give --hands (seat 0 leads; no --input, no --leader)")
        short_solve(game, rule, given, trump, maker, fmt, out)
        return
    if click.get_current_context().get_parameter_source("maker") == click.core.ParameterSource.COMMANDLINE:
        raise JokerOddsError(f"--maker does not apply: it is short-tricks' maker seat; {game} gives every "
                             "seat's paranoid value")
    rules = trick_rules(game, rule)
    if input_path is not None:
        if given:
            raise JokerOddsError("give --hands or --input, not both")
        deals = deals_from_jsonl(rules, input_path[1], str(input_path[0]))
    else:
        if not given:
            raise JokerOddsError("give the hands (--hands …) or --input FILE")
        deals = [parse_deal(rules, given, trump, leader)]
    from analyzer.games.tricks.state import move_text

    solver = Solver()
    results = [{**d.describe(), "paranoid": solver.paranoid(d),
                "best_leads": [move_text(a, rules.deck) for a in solver.best_leads(d)]} for d in deals]
    if fmt == "json":
        emit(results, fmt, out, None)
        return
    run = run_info(rules, rule, method="exact", deals=len(deals))
    rows = []
    for i, r in enumerate(results):
        row: dict[str, Any] = {"deal": i + 1, "trump": r["trump"], "leader": r["leader"]}
        row.update({f"seat{s}": v for s, v in enumerate(r["paranoid"])})
        row["best leads"] = ", ".join(r["best_leads"])
        rows.append(row)
    emit(rows, fmt, out, run=run)


@tricks_group.command("score")
@_game_options
@click.option("--cards", type=CARDS, required=True, help="Cards dealt to each player.")
@click.option("--bid", type=TRICKS, required=True, help="The bid.")
@click.option("--took", type=TRICKS, required=True, help="Tricks taken.")
@click.option("--set", "set_no", type=click.IntRange(1, 4), default=1, show_default=True,
              help="Set (pulka) of the deal, for hisht by set.")
@output_options
def score_cmd(game: str, rule: tuple[str, ...], cards: int, bid: int, took: int, set_no: int, fmt: str,
              out: Path | None) -> None:
    """The score of one deal for a bid and the tricks taken.

    Example: joker-odds tricks score --cards 5 --bid 2 --took 2
    """
    from analyzer.games.tricks.api import score
    from analyzer.games.tricks.rules import trick_rules

    rules = trick_rules(game, rule)
    s = score(rules, cards, bid, took, set_no)
    emit([{"game": rules.name, "cards": cards, "bid": bid, "took": took, "score": s}], fmt, out,
         run=run_info(rules, rule))


for _command in BID_COMMANDS + JOKER_COMMANDS + SHORT_COMMANDS:  # bid, strength, joker-value, hand-odds, game-odds
    tricks_group.add_command(_command)

COMMANDS = [tricks_group]
