"""``stud``: casino stud with a joker (J-poker), American poker and Caribbean Stud."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import click

from analyzer.cards import CardError, parse_rank
from analyzer.cli.limits import RunSize, force_option
from analyzer.cli.options import (
    MAX_HANDS,
    SEED,
    emit,
    given,
    header_line,
    output_options,
    quiet_option,
    refuse_unused,
    table_text,
)
from analyzer.games.stud.advise import advise
from analyzer.games.stud.edge import DEFAULT_HANDS, house_edge
from analyzer.games.stud.exchange import DEFAULT_SITUATIONS, exchange_edge, exchange_options
from analyzer.games.stud.game import StudError, load_game, shipped_games
from analyzer.games.stud.location import location_probabilities, sampled_locations
from analyzer.games.stud.sensitivity import doc_sensitivity, pay_sensitivity
from analyzer.games.stud.strategy import strategy_report
from analyzer.io import clip, render, render_text_table, write_output
from analyzer.progress import status
from analyzer.textfmt import wrap_prose

F = TypeVar("F", bound=Callable[..., Any])
GAME_HELP = (f"Game TOML file, or a shipped game: {', '.join(shipped_games())}. Every field: "
             "`joker-odds examples --formats` (docs/formats.md in the project); a copy to edit: "
             "`joker-odds examples NAME`.")


def _sampling_options(method_help: str, trials_help: str,
                      seed_help: str = "Sampling seed.") -> Callable[[F], F]:
    """``--method``, ``--trials`` and ``--seed``: how a command values a board game, with its own help."""
    method = click.option("--method", type=click.Choice(["auto", "exact", "sampled"]), default="auto",
                          show_default=True, help=method_help)
    trials = click.option("--trials", type=HANDS_RUN, default=DEFAULT_HANDS, show_default=True,
                          help=trials_help)
    seed = click.option("--seed", type=SEED, default=0, show_default=True, help=seed_help)
    return lambda f: method(trials(seed(f)))


def _fraction(text: str | None, what: str) -> Fraction | None:
    if text is None:
        return None
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise StudError(f"bad {what} {clip(text)!r}: give a fraction such as 3/55 or a decimal") from None
    if not 0 <= value <= 1:
        raise StudError(f"bad {what} {clip(text)!r}: must be between 0 and 1")
    return value


def _game(path: str, doc: str | None) -> Any:
    game = load_game(path)
    value = _fraction(doc, "--doc")
    if value is not None:
        if game.designation != "board":
            raise StudError(f"game {game.name!r} has no board: --doc does not apply")
        game = game.with_changes(doc_probability=value)
    return game


def _emit_with_summary(rows: list[dict[str, Any]], summary: dict[str, Any], fmt: str, out: Path | None) -> None:
    if fmt != "table":
        emit(rows, fmt, out, summary if fmt == "json" else None)
        return
    run = {"game": summary.get("game"), "method": summary.get("method")}
    exact = summary.get("method") == "exact"  # an exact edge has no interval and no sample: not shown
    head = table_text([{"quantity": k, "value": v} for k, v in summary.items()
                       if not (exact and (k.endswith(("_ci_low", "_ci_high")) or k == "trials"))], run)
    text = head + "\n" + render_text_table(rows, units={"units": "antes", "contribution": "antes"})
    write_output(out, text)


@click.group("stud")
def stud_group() -> None:
    """Casino stud against a dealer: J-poker's board-designated joker, Caribbean Stud.

    Terms: DOC = "Dealer's Open Card": in J-poker an electronic board names one card per deal as
    the wild card; its "Dealer's Open Card" screen (3 of 55) makes the dealer's up card the wild
    card. House edge = the player's expected loss per ante; element of risk = the same loss per
    unit of everything wagered (ante plus the expected bet); return = 1 − house edge.
    """


METHOD_HELP = ("auto = exact (every hand enumerated), or the stratified sample when --trials or --seed is "
               "given for a board game; sampled = always the sample.")


# Sampled player hands a second on two cores (a board game's stratified sample, each hand valued against
# every up card), from `joker-odds stud analyze --game j-poker --seed 2 --quiet --trials 390000`: 215 s.
HANDS_RUN = RunSize(hard=MAX_HANDS, rate=1.8e3, unit="sampled hands")


@stud_group.command("analyze")
@click.option("--game", "game_path", required=True, metavar="FILE", help=GAME_HELP)
@click.option("--strategy", default="optimal", show_default=True, metavar="NAME",
              help="optimal, always, qualifier, or a minimum hand to bet: pair, high_card:AK, …")
@_sampling_options(METHOD_HELP, "Board games, the sample: about N player hands in all (stratified by hand "
                   "class, each valued against every up card); at least 2 per class and wild rank, so a "
                   "small N runs more: the output's trials says what ran. Refused for exact games.")
@click.option("--doc", default=None, metavar="P",
              help="Override the board's DOC (Dealer's Open Card: the dealer's up card is the wild card) "
                   "probability (e.g. 5/55).")
@click.option("--wild-ranks", default=None, metavar="RANKS",
              help="Board games: only these ranks of designated card (e.g. 'A,K'); a quick partial look.")
@force_option
@output_options
@quiet_option
def analyze_cmd(game_path: str, strategy: str, method: str, trials: int, seed: int, doc: str | None,
                wild_ranks: str | None, fmt: str, out: Path | None) -> None:
    """House edge, element of risk, bet frequency and the outcome table of a game.

    The house edge is the expected loss per ante; the element of risk is that loss per unit of
    total wager (ante plus the expected bet).

    Example: joker-odds stud analyze --game caribbean
    """
    game = _game(game_path, doc)
    ranks = None
    if wild_ranks is not None:
        if game.designation != "board":
            raise StudError(f"game {game.name!r} has no board: --wild-ranks does not apply")
        try:
            ranks = tuple(sorted({parse_rank(t) for t in wild_ranks.split(",")}))
        except CardError:
            raise StudError(f"bad --wild-ranks {clip(wild_ranks)!r}: give ranks such as 'A,K,7'") from None
    method = _method(click.get_current_context(), game, method)
    with status(f"stud analyze {game.name}"):
        res = house_edge(game, strategy, method, hands=trials, seed=seed, ranks=ranks)
    if res.method == "sampled" and fmt == "table":  # JSON and CSV carry the trials that ran
        _note_trials(trials, res.trials)
    _emit_with_summary(res.events, res.summary(), fmt, out)


@stud_group.command("advise")
@click.argument("hand")
@click.option("--up", required=True, metavar="CARD", help="The dealer's up card.")
@click.option("--wild", default=None, metavar="CARD|doc", help="The board's wild card, or 'doc'.")
@click.option("--game", "game_path", required=True, metavar="FILE", help=GAME_HELP)
@output_options
def advise_cmd(hand: str, up: str, wild: str | None, game_path: str, fmt: str, out: Path | None) -> None:
    """Exact EV of folding and of betting a hand against the dealer's up card.

    Example: joker-odds stud advise "As Kd 9h 5c 2s" --up Qh --wild 7d --game j-poker
    """
    a = advise(load_game(game_path), hand, up, wild)
    emit(a.rows(), fmt, out, {"decision": a.decision, "gain": a.gain} if fmt == "json" else None,
         units={"ev": "antes"})


@stud_group.command("location")
@click.option("--players", type=click.IntRange(1, 7), default=None, help="Players at the table (default: 1..7).")
@click.option("--doc", default="3/55", show_default=True, metavar="P", help="P(board shows DOC).")
@force_option
@click.option("--trials", type=RunSize(rate=1e6, unit="deals"), default=None,
              help="Also check by Monte Carlo with N deals (95 % Wilson intervals).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Monte Carlo seed.")
@output_options
def location_cmd(players: int | None, doc: str, trials: int | None, seed: int, fmt: str, out: Path | None) -> None:
    """Where the board's wild card is: exact fractions (and a Monte Carlo check).

    Example: joker-odds stud location --players 3 --trials 1000000
    """
    if trials is None:
        refuse_unused(click.get_current_context(), ("seed",), "the seed is for a Monte Carlo check (--trials N)")
    p = _fraction(doc, "--doc")
    assert p is not None
    rows: list[dict[str, Any]] = []
    for n in ([players] if players else range(1, 8)):
        rows += (sampled_locations(n, p, trials, seed) if trials else location_probabilities(n, p))
    for r in rows:
        r["probability"] = str(r["probability"])
    emit(rows, fmt, out, units={"decimal": "%"})


@stud_group.command("sensitivity")
@click.option("--game", "game_path", required=True, metavar="FILE", help=GAME_HELP)
@click.option("--what", type=click.Choice(["doc", "pays"]), default="pays", show_default=True,
              help="House edge vs the DOC probability (0..10/55), or RTP change per unit of each pay line.")
@_sampling_options(METHOD_HELP, "Sampled player hands (board games).")
@force_option
@output_options
@quiet_option
def sensitivity_cmd(game_path: str, what: str, method: str, trials: int, seed: int, fmt: str,
                    out: Path | None) -> None:
    """Sensitivity of the optimal-strategy house edge to the DOC probability or the pay table.

    DOC = "Dealer's Open Card": the board names the dealer's up card as the wild card.
    rtp_per_unit is the change in return to player for one more unit paid on that line.

    Example: joker-odds stud sensitivity --game caribbean --what pays
    """
    game = load_game(game_path)
    if what == "doc" and game.designation != "board":
        raise StudError(f"game {game.name!r} has no board: --what doc does not apply")
    method = _method(click.get_current_context(), game, method)
    with status(f"stud sensitivity {game.name} ({what})"):
        res = house_edge(game, "optimal", method, hands=trials, seed=seed)
        rows = doc_sensitivity(game, res) if what == "doc" else pay_sensitivity(game, res)
    emit(rows, fmt, out)


def _fees(text: str | None, game: Any = None) -> tuple[Fraction, ...] | None:
    if text is None:
        return None
    try:
        if len(text) > 80:
            raise ValueError
        fees = tuple(Fraction(t.strip()) for t in text.split(","))
    except (ValueError, ZeroDivisionError):
        raise StudError(f"bad --fees {clip(text)!r}: give antes per 1, 2 cards, e.g. '1,2'") from None
    if any(f > 1000 for f in fees):
        raise StudError(f"bad --fees {clip(text)!r}: each fee must be at most 1000 antes")
    if game is not None and game.exchange_fees and len(fees) != len(game.exchange_fees):
        n = len(game.exchange_fees)
        raise StudError(f"--fees {clip(text)!r} gives {len(fees)} fee(s), but {game.name!r} exchanges up to "
                        f"{n} cards: give {n} fees (one per number of cards), or the exchanges beyond "
                        f"{len(fees)} would vanish")
    return fees


def _sampling_only(ctx: click.Context, game: Any, method: str) -> None:
    """Refuse sampling options on a game computed exactly (no option silently ignored)."""
    if game.designation != "board":
        if method == "sampled":
            raise StudError(f"--method sampled does not apply: {game.name!r} has no board and is "
                            "computed exactly (use --method exact or auto)")
        refuse_unused(ctx, ("trials", "seed"), f"{game.name!r} has no board and is computed exactly")
    elif method == "exact":
        refuse_unused(ctx, ("trials", "seed"), "--method exact enumerates every hand")


def _method(ctx: click.Context, game: Any, method: str) -> str:
    """The method to run: ``auto`` is exact (quicker than the default sample, and exact), except
    that ``--trials`` or ``--seed`` on a board game asks for the sample."""
    _sampling_only(ctx, game, method)
    if method == "auto":
        return "sampled" if game.designation == "board" and given(ctx, "trials", "seed") else "exact"
    return method


def _note_trials(requested: int, ran: int) -> None:
    if ran > requested * 1.1:
        click.echo(f"note: ran {ran:,} sampled hands, not --trials {requested:,}: the stratified design "
                   "values at least 2 hands of every hand class for each wild rank", err=True)


FEES_HELP = "Exchange fees in antes for 1, 2 cards (default: the game file's exchange_fees)."


@stud_group.command("strategy")
@click.option("--game", "game_path", required=True, metavar="FILE", help=GAME_HELP)
@_sampling_options("exact: every situation (auto, the quicker); sampled: a board game's hands by class.",
                   "Sampled player hands (board games; implies --method sampled).",
                   "Sampling seed (implies --method sampled).")
@force_option
@output_options
@quiet_option
def strategy_cmd(game_path: str, method: str, trials: int, seed: int, fmt: str, out: Path | None) -> None:
    """The optimal bet/fold decisions as a rule in words, and the cost of simpler rules.

    Example: joker-odds stud strategy --game caribbean
    """
    game = load_game(game_path)
    method = _method(click.get_current_context(), game, method)
    with status(f"stud strategy {game.name}"):
        rep = strategy_report(game, hands=trials, seed=seed, method=method)
    if fmt == "table":
        prose = wrap_prose("\n".join(rep.text))
        text = (header_line({"game": rep.game, "method": rep.method}) + "\n" + prose + "\n\n"
                + render_text_table(rep.costs, units={"gain_over_folding": "antes", "cost": "antes"}) + "\n"
                + render(rep.rows, "table"))
        write_output(out, text)
        return
    emit(rep.rows, fmt, out, {"game": rep.game, "method": rep.method, "text": rep.text, "costs": rep.costs}
         if fmt == "json" else None)


@stud_group.command("exchange")
@click.argument("hand")
@click.option("--up", required=True, metavar="CARD", help="The dealer's up card.")
@click.option("--wild", default=None, metavar="CARD|doc", help="The board's wild card, or 'doc'.")
@click.option("--game", "game_path", required=True, metavar="FILE", help=GAME_HELP)
@click.option("--fees", default=None, metavar="F1,F2", help=FEES_HELP)
@output_options
def exchange_cmd(hand: str, up: str, wild: str | None, game_path: str, fees: str | None, fmt: str,
                 out: Path | None) -> None:
    """Exact EV of every exchange option (and of not exchanging), best first.

    Example: joker-odds stud exchange "Ah Kh Qh 9h 2c" --up 5d --wild 7d --game j-poker
    """
    game = load_game(game_path)
    rows = exchange_options(game, hand, up, wild, _fees(fees, game))
    emit(rows, fmt, out, {"best": rows[0]["discard"], "ev": rows[0]["ev"]} if fmt == "json" else None,
         units={"fee": "antes", "ev": "antes", "ev_before_fee": "antes"})


# Situations a second on two cores, valued on every exchange of J-poker (and on the one-card ones alone,
# for --screen), from `joker-odds stud exchange-edge --game j-poker --seed 1` with --situations 130 and
# 1,130 (63 s and 220 s, the exact edge included) and with --situations 130 --screen 30,130 (197 s).
EXCHANGE_RATE = 6.4
SCREEN_RATE = 224.0


@stud_group.command("exchange-edge")
@click.option("--game", "game_path", required=True, metavar="FILE", help=GAME_HELP)
@click.option("--situations", type=RunSize(hard=10**7, rate=EXCHANGE_RATE, unit="situations"),
              default=DEFAULT_SITUATIONS, show_default=True,
              help="Random situations valued on every exchange (spread over the deal types by probability, "
                   "at least 2 each).")
@click.option("--screen", type=RunSize(lo=0, hard=10**8, rate=SCREEN_RATE, unit="screened situations"), default=0,
              show_default=True,
              help="Two-phase sample: this many random situations valued on the one-card exchanges (about 1/60 "
                   "of the cost), the first --situations of them on every exchange; 0: no screen.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Sampling seed.")
@click.option("--fees", default=None, metavar="F1,F2", help=FEES_HELP)
@force_option
@output_options
def exchange_edge_cmd(game_path: str, situations: int, screen: int, seed: int, fees: str | None, fmt: str,
                      out: Path | None) -> None:
    """The house edge with the exchange option (95 % CI): the exact edge under optimal play less
    the average gain of exchanging whenever the best exchange beats not exchanging (antes).

    One pass over the deal types enumerates every deal for the exact edge and samples the
    exchange's gain from the same tables. With --screen, the gain of the one-card exchanges comes
    from the large sample and what the two-card ones add from the small one: a narrower interval
    for the same time.

    Example: joker-odds stud exchange-edge --game j-poker --situations 130 --screen 4160
    """
    if screen and screen < situations:
        raise StudError(f"--screen ({screen:,}) must be 0 or at least --situations ({situations:,})")
    game = load_game(game_path)
    res = exchange_edge(game, situations, seed, _fees(fees, game), screen, exact_edge=True)
    emit([res.summary()], fmt, out, units={"exchange_gain": "antes"})


COMMANDS = [stud_group]

from analyzer.games.stud.options_cli import COMMANDS as _OPTION_COMMANDS  # noqa: E402

for _cmd in _OPTION_COMMANDS:
    stud_group.add_command(_cmd)
