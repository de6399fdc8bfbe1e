"""``stud options`` and ``stud options-edge``: the "poker with joker" draw and buy-the-joker options."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from analyzer.cli.options import SEED, emit, output_options
from analyzer.games.stud.game import StudError, load_game

GAME_HELP = "Game file or shipped game name (poker-with-joker offers both options)."


def _fee(text: str | None, what: str) -> Fraction | None:
    if text is None:
        return None
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise StudError(f"{what}: not a number: {text!r}") from None
    if value < 0:
        raise StudError(f"{what}: a fee must be at least 0, got {text!r}")
    return value


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
         if fmt == "json" else None)


@click.command("options-edge")
@click.option("--game", "game_path", default="poker-with-joker", show_default=True, metavar="FILE", help=GAME_HELP)
@click.option("--situations", type=click.IntRange(2, 10**6), default=200, show_default=True,
              help="Random situations (player hand and up card), each valued exactly (~1 CPU-minute each).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Sampling seed.")
@click.option("--draw-fee", default=None, metavar="ANTES", help="Fee per exchange (default: the game's).")
@click.option("--joker-fee", default=None, metavar="ANTES", help="Fee for the joker (default: the game's).")
@output_options
def options_edge_cmd(game_path: str, situations: int, seed: int, draw_fee: str | None, joker_fee: str | None,
                     fmt: str, out: Path | None) -> None:
    """House edge with the options played optimally, and each option's value to the player
    (average gain over random situations, SE and 95 % CI; the edge without options is exact).

    Example: joker-odds stud options-edge --situations 20
    """
    from analyzer.games.stud.edge import house_edge
    from analyzer.games.stud.options import options_edge

    game = load_game(game_path)
    base = house_edge(game)
    res = options_edge(game, situations, seed, _fee(draw_fee, "--draw-fee"), _fee(joker_fee, "--joker-fee"))
    rows = [{"options": "none (exact)", "gain": 0.0, "se": 0.0, "ci_low": 0.0, "ci_high": 0.0, "taken": 0.0,
             "house_edge": -base.ev, "house_edge_ci_low": -base.ev, "house_edge_ci_high": -base.ev},
            *res.rows(-base.ev)]
    emit(rows, fmt, out, {"game": game.name, "situations": situations, "seed": seed} if fmt == "json" else None)


@click.command("upcard")
@click.argument("hand")
@click.option("--up", required=True, metavar="CARD", help="The dealer's up card.")
@click.option("--wild", default=None, metavar="CARD|doc", help="The board's wild card, or 'doc'.")
@click.option("--game", "game_path", default="jpoker", show_default=True, metavar="FILE", help="Game file or name.")
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
    emit([upcard_exchange(game, hand, up, wild, _fee(fee, "--fee"), doc_rule)], fmt, out)


COMMANDS = [options_cmd, options_edge_cmd, upcard_cmd]
