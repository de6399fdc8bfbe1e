"""``stud options`` and ``stud options-edge``: the "poker with joker" draw and buy-the-joker options."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import click

from analyzer.cli.limits import MAX_AMOUNT, RunSize, force_option
from analyzer.cli.options import SEED, emit, output_options
from analyzer.games.stud.game import StudError, load_game
from analyzer.stats import Z95

GAME_HELP = ("Game file or shipped game name (poker-with-joker offers both options); the file format: "
             "`joker-odds examples --formats`.")


def _fee(text: str | None, what: str) -> Fraction | None:
    if text is None:
        return None
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise StudError(f"{what}: not a number: {text!r}") from None
    if value < 0:
        raise StudError(f"{what}: a fee must be at least 0, got {text!r}")
    if value > MAX_AMOUNT:
        raise StudError(f"{what}: a fee must be at most {MAX_AMOUNT:,} antes, got {text!r}")
    return value


ANTES = {"fee": "antes", "ev": "antes", "ev_before_fee": "antes"}  # the unit of the EV tables' columns


def _shown(fee: float) -> float | None:
    """A fee for output: None where the option is not offered."""
    return fee if math.isfinite(fee) else None


@click.command("options")
@click.argument("hand")
@click.option("--up", required=True, metavar="CARD", help="The dealer's up card.")
@click.option("--game", "game_path", default="poker-with-joker", show_default=True, metavar="FILE", help=GAME_HELP)
@click.option("--draw-fee", default=None, metavar="ANTES",
              help="Fee for one exchange of any number of cards (default: the game's draw_fee).")
@click.option("--joker-fee", default=None, metavar="ANTES",
              help="Fee for replacing a card with the joker (default: the game's joker_fee).")
@output_options
def options_cmd(hand: str, up: str, game_path: str, draw_fee: str | None, joker_fee: str | None, fmt: str,
                out: Path | None) -> None:
    """Exact EV (antes, fee paid) of every option of a situation, best first: stand, hold any
    subset and draw the rest, or replace one card with the joker; then fold or bet.

    Example: joker-odds stud options "Ah Kh Qh 9h 2c" --up 5d
    """
    from analyzer.games.stud.options import joker_option_rows

    game = load_game(game_path)
    rows = joker_option_rows(game, hand, up, _fee(draw_fee, "--draw-fee"), _fee(joker_fee, "--joker-fee"))
    emit(rows, fmt, out, {"best": f"{rows[0]['option']}: {rows[0]['discard']}", "ev": rows[0]["ev"]}
         if fmt == "json" else None, units=ANTES)


# Situations a second on two cores, valued on every option (and on the joker alone, for --screen), from
# `joker-odds stud options-edge --seed 1` with --situations 2 and 6 at --screen 2,000 (60 s and 76 s: 4 s
# a situation), and with --situations 2 --screen 22,000 (11 s in all, the exact edge included).
OPTIONS_RATE = 0.25
JOKER_SCREEN_RATE = 2000.0


@click.command("options-edge")
@click.option("--game", "game_path", default="poker-with-joker", show_default=True, metavar="FILE", help=GAME_HELP)
@click.option("--situations", type=RunSize(lo=2, hard=10**6, rate=OPTIONS_RATE, unit="situations"), default=40,
              show_default=True, help="Random situations valued exactly on every option (several CPU-seconds each).")
@click.option("--screen", type=RunSize(lo=2, hard=2 * 10**6, rate=JOKER_SCREEN_RATE, unit="screened situations"),
              default=50_000, show_default=True,
              help="Random situations valued exactly on the joker alone (the first --situations of them "
                   "are the fully valued ones); they sharpen every estimate.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Sampling seed.")
@click.option("--draw-fee", default=None, metavar="ANTES", help="Fee per exchange (default: the game's).")
@click.option("--joker-fee", default=None, metavar="ANTES", help="Fee for the joker (default: the game's).")
@force_option
@output_options
def options_edge_cmd(game_path: str, situations: int, screen: int, seed: int, draw_fee: str | None,
                     joker_fee: str | None, fmt: str, out: Path | None) -> None:
    """House edge with the options played optimally, and each option's value to the player
    (average gain in antes per hand, SE and 95 % CI; the edge without options is exact), then the
    joker alone at other fees. A two-phase sample: the joker's gain over --screen situations, the
    exchange's by regression on it over --situations. At a fee of one ante the joker is worth far
    more than it costs: held, a fully wild card makes every hand a pair or better (a four-flush a
    flush, two pair a full house) and the dealer can no longer hold it.

    Example: joker-odds stud options-edge --situations 8 --screen 20000
    """
    from analyzer.games.stud.edge import house_edge
    from analyzer.games.stud.options import option_fees
    from analyzer.games.stud.options_edge import options_edge

    if screen < situations:
        raise StudError(f"--screen ({screen:,}) must be at least --situations ({situations:,})")
    game = load_game(game_path)
    fees = _fee(draw_fee, "--draw-fee"), _fee(joker_fee, "--joker-fee")
    option_fees(game, *fees)  # a game without the options is refused before the exact edge is computed
    base = house_edge(game)
    res = options_edge(game, situations, seed, *fees, screen)
    rows = [{"options": "none (exact)", "joker_fee": None, "gain": 0.0, "se": 0.0, "ci_low": 0.0, "ci_high": 0.0,
             "taken": 0.0, "house_edge": -base.ev, "house_edge_ci_low": -base.ev, "house_edge_ci_high": -base.ev}]
    for r in res.rows(-base.ev):
        rows.append({"options": r.pop("options"), "joker_fee": _shown(res.fees[1]), **r})
    for r in res.curve_rows(-base.ev):
        if r["joker_fee"] != res.fees[1]:
            rows.append({"options": "joker only", **r, "ci_low": r["gain"] - Z95 * r["se"],
                         "ci_high": r["gain"] + Z95 * r["se"], "taken": None})
    emit(rows, fmt, out, {"game": game.name, "situations": situations, "screen": screen, "seed": seed,
                          "draw_fee": _shown(res.fees[0]), "joker_fee": _shown(res.fees[1])}
         if fmt == "json" else None,
         run={"game": game.name, "situations": situations, "screen": screen, "seed": seed},
         units={"joker_fee": "antes", "gain": "antes"})


@click.command("upcard")
@click.argument("hand")
@click.option("--up", required=True, metavar="CARD", help="The dealer's up card.")
@click.option("--wild", default=None, metavar="CARD|doc", help="The board's wild card, or 'doc'.")
@click.option("--game", "game_path", default="j-poker", show_default=True, metavar="FILE", help="Game file or name (the file format: `joker-odds examples --formats`).")
@click.option("--fee", default=None, metavar="ANTES", help="Fee to exchange the up card (default: the game's "
              "upcard_fee, else 1).")
@click.option("--doc-rule", type=click.Choice(["stays", "new_up_card"]), default="stays", show_default=True,
              help="A dealer's-open-card wild when the up card is exchanged: the designated card stays wild "
                   "(and is dead), or the new up card is wild.")
@output_options
def upcard_cmd(hand: str, up: str, wild: str | None, game_path: str, fee: str | None, doc_rule: str, fmt: str,
               out: Path | None) -> None:
    """Exact EV of keeping and of exchanging the dealer's up card (a new one from the stock, the old
    one dead), then folding or betting.

    Example: joker-odds stud upcard "9h 9d 7h 4s 2c" --up Ad --wild doc
    """
    from analyzer.games.stud.upcard import upcard_exchange

    game = load_game(game_path)
    if click.get_current_context().get_parameter_source("doc_rule") == click.core.ParameterSource.COMMANDLINE:
        from analyzer.games.stud.upcard import parse_situation

        _codes, u_code, wbits, _text = parse_situation(game, hand, up, wild)
        if game.designation != "board" or wbits.bit_length() - 1 != u_code:
            raise StudError("--doc-rule does not apply: the up card is not the board's wild card "
                            "(a dealer's-open-card deal is --wild doc)")
    emit([upcard_exchange(game, hand, up, wild, _fee(fee, "--fee"), doc_rule)], fmt, out, units=ANTES)


@click.command("upcard-edge")
@click.option("--game", "game_path", default="j-poker", show_default=True, metavar="FILE",
              help="Game file or name (a board-designated wild card).")
@force_option
@click.option("--per-stratum", type=RunSize(lo=2, hard=10**6, rate=1.0, unit="situations per stratum"),
              default=400, show_default=True,
              help="Random situations in each of the 26 strata (wild rank x dealer's-open-card or not).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Sampling seed.")
@click.option("--fee", default=None, metavar="ANTES", help="Fee to exchange the up card (default: the game's "
              "upcard_fee, else 1).")
@click.option("--doc-rule", "doc_rules", type=click.Choice(["stays", "new_up_card"]), multiple=True,
              help="Dealer's-open-card rule(s) to value (default: both).")
@output_options
def upcard_edge_cmd(game_path: str, per_stratum: int, seed: int, fee: str | None, doc_rules: tuple[str, ...],
                    fmt: str, out: Path | None) -> None:
    """What exchanging the dealer's up card does to the house edge: the average gain per deal
    with the option taken whenever it is worth more (stratified sample of exactly valued
    situations, SE and 95 % CI), the share of deals where it is taken, and the gain on the
    dealer's-open-card deals, for each DOC rule.

    Example: joker-odds stud upcard-edge --per-stratum 50
    """
    from analyzer.games.stud.upcard import DOC_RULES
    from analyzer.games.stud.upcard_edge import upcard_edge

    game = load_game(game_path)
    res = upcard_edge(game, per_stratum, seed, _fee(fee, "--fee"), doc_rules or DOC_RULES)
    emit(res.rows(), fmt, out, {"game": game.name, "per_stratum": per_stratum, "seed": seed}
         if fmt == "json" else None, run={"game": game.name, "N": 26 * per_stratum, "seed": seed},
         units={"fee": "antes", "gain": "antes", "gain_on_doc_deals": "antes"})


COMMANDS = [options_cmd, options_edge_cmd, upcard_cmd, upcard_edge_cmd]
