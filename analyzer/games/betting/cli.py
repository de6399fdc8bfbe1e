"""``pot limit`` and ``pot split``: pot-limit maximums, table stakes, main and side pots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click

from analyzer.cli.options import (
    CHIPS,
    MAX_CHIPS,
    emit,
    output_options,
    refuse_unused,
    resolve_rules,
    rules_options,
)
from analyzer.evaluator import Evaluator
from analyzer.games.betting import (
    BettingError,
    BettingRound,
    chip_breakdown,
    parse_action,
    pot_limit_ladder,
    showdown,
    split_pots,
    total_payouts,
)
from analyzer.games.betting.limits import LIMITS, MIN_RAISE_RULES
from analyzer.io import clip

UNLIMITED = 10**15  # stack used when no --stack is given (pot limit alone binds)


def _pairs(values: tuple[str, ...], what: str, numeric: bool = True) -> dict[str, Any]:
    """``NAME=VALUE`` options in order; values are whole numbers when ``numeric``."""
    out: dict[str, Any] = {}
    for v in values:
        name, sep, val = v.partition("=")
        name, val = name.strip(), val.strip()
        if not sep or not name or not val:
            raise BettingError(f"cannot read {what} {clip(v, 40)!r} (write NAME=VALUE)")
        if name in out:
            raise BettingError(f"player {name} given twice in {what}")
        if not re.fullmatch(r"\w{1,20}", name):
            raise BettingError(f"{what}: player names are 1-20 letters or digits, got {clip(name, 20)!r}")
        if len(out) >= MAX_PLAYERS:
            raise BettingError(f"{what}: at most {MAX_PLAYERS} players")
        if numeric:
            if not val.isdigit():
                raise BettingError(f"{what} for {name} must be a whole number of chips, got {clip(val, 20)!r}")
            if len(val) > 15:
                raise BettingError(f"{what} for {name}: at most 10**15 chips, got {clip(val, 20)!r}")
            out[name] = int(val)
        else:
            out[name] = val
    return out


MAX_PLAYERS = 10


def _names(text: str) -> list[str]:
    """``--players``: a count 1..10 (P1, P2, …) or 1..10 distinct names."""
    text = text.strip()
    if re.fullmatch(r"[+-]?\d+(\.\d*)?|[+-]?\.\d+", text):
        if not text.isdigit() or not 1 <= int(text) <= MAX_PLAYERS:
            raise BettingError(f"--players must be a whole number from 1 to {MAX_PLAYERS}, got {clip(text, 20)!r}")
        return [f"P{i}" for i in range(1, int(text) + 1)]
    names = [p.strip() for p in text.split(",")]
    if not text or not all(re.fullmatch(r"\w{1,20}", n) for n in names):
        raise BettingError(f"--players must be a count or names such as A,B,C (letters and digits), "
                           f"got {clip(text, 40)!r}")
    if len(set(names)) != len(names) or len(names) > MAX_PLAYERS:
        raise BettingError(f"--players must name 1 to {MAX_PLAYERS} different players, got {clip(text, 40)!r}")
    return names


def _players(players: str | None, stacks: dict[str, int]) -> dict[str, int]:
    if stacks:
        if players is not None:
            raise click.UsageError("give the players once: --stack NAME=CHIPS or --players, not both")
        return stacks
    if players is None:
        raise click.UsageError("give the players with --stack NAME=CHIPS or --players N|A,B,C")
    return dict.fromkeys(_names(players), UNLIMITED)


def _round(actions: tuple[str, ...], stacks: dict[str, int], **kw: Any) -> BettingRound:
    rnd = BettingRound(stacks, **kw)
    for text in actions:
        rnd.act(*parse_action(text))
    return rnd


def _round_options(f: Any) -> Any:
    opts = [
        click.option("--stack", "stacks", multiple=True, metavar="NAME=CHIPS",
                     help="A player and his stack, in seat order (repeat)."),
        click.option("--ante", type=CHIPS, default=0, show_default=True,
                     help="Ante taken from every player first."),
        click.option("--min-bet", type=click.IntRange(1, MAX_CHIPS), default=1, show_default=True,
                     help="Smallest bet or raise (white chip = 1)."),
        click.option("--min-raise", type=click.Choice(MIN_RAISE_RULES), default="min-bet", show_default=True,
                     help="A raise must reach the minimum bet, or also the last bet or raise."),
        click.option("--cap", type=click.IntRange(1, MAX_CHIPS), default=None, help="Largest bet or raise allowed."),
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


@click.group("pot")
def pot_group() -> None:
    """Betting arithmetic: pot-limit maximums, table stakes and side pots."""


@pot_group.command("limit")
@click.argument("actions", nargs=-1)
@click.option("--pot", "pot", type=CHIPS, default=0, show_default=True,
              help="Chips already in the pot.")
@click.option("--players", default=None, metavar="N|A,B,…",
              help="Players without stack limits: a count 1..10 (P1, P2, …) or up to 10 names, in seat order.")
@_round_options
@click.option("--chips", is_flag=True, help="Add a column with the chips for each amount.")
@output_options
def limit_cmd(actions: tuple[str, ...], pot: int, players: str | None, stacks: tuple[str, ...], ante: int,
              min_bet: int, min_raise: str, cap: int | None, chips: bool, fmt: str, out: Path | None) -> None:
    """Pot-limit maximums: replay ACTIONS ('A bet 7', 'B raise 21', 'C call', 'D fold', 'E allin',
    'F check'; raise = raise BY), or without actions show each of --players calling and raising
    the most.

    Example: joker-odds pot limit --pot 7 --players 4
    """
    ctx = click.get_current_context()
    st = _pairs(stacks, "--stack")
    rows: list[dict[str, Any]] = []
    if not actions:
        refuse_unused(ctx, ("stacks", "ante", "min_bet", "min_raise", "cap"),
                      "without ACTIONS the ladder has every player call and raise the pot (give ACTIONS)")
        n = len(_players("4" if players is None else players, {}))
        for s in pot_limit_ladder(pot, n):
            rows.append({"seat": s.seat, "pot": s.pot_before, "to_call": s.to_call, "max_raise": s.max_raise,
                         "put_in": s.put_in, "pot_after": s.pot_after})
    else:
        rnd = _round(actions, _players(players, st), pot=pot, ante=ante, limit="pot", min_bet=min_bet,
                     cap=cap, min_raise_rule=min_raise)
        for r in rnd.history:
            row: dict[str, Any] = {"player": r.player, "action": r.action, "to_call": r.to_call,
                                   "min_raise": r.min_raise, "max_raise": r.max_raise, "put_in": r.put_in,
                                   "pot_after": r.pot_after}
            if st:
                row.update({"stack_after": r.stack_after, "all_in": r.all_in})
            rows.append(row)
    if chips:
        for row in rows:
            row["chips"] = chip_breakdown(row["put_in"])
    emit(rows, fmt, out, {"pot": pot, "limit": "pot", "cap": cap} if fmt == "json" else None)


@pot_group.command("split")
@click.argument("actions", nargs=-1)
@click.option("--put", "puts", multiple=True, metavar="NAME=CHIPS",
              help="A player's total chips in the pot, in seat order (repeat); instead of ACTIONS.")
@click.option("--fold", "folds", multiple=True, metavar="NAME", help="A player who folded (repeat).")
@click.option("--dead", type=CHIPS, default=0, show_default=True,
              help="Dead money in the main pot (from players not listed).")
@click.option("--limit", "limit", type=click.Choice(LIMITS), default="table", show_default=True,
              help="Betting limit when replaying ACTIONS.")
@_round_options
@click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
              help="A player's hand for the showdown (5-7 cards, best five), e.g. A='As Ks Qs Js Ts'.")
@click.option("--high-low", is_flag=True, help="Split each pot between the best high hand and the best low "
              "hand (lowest by poker ranking; --low-ace sets the ace; a wild card plays as low as it can); "
              "the odd chip to the high hand.")
@rules_options("joker-wild")
@output_options
def split_cmd(actions: tuple[str, ...], puts: tuple[str, ...], folds: tuple[str, ...], dead: int, limit: str,
              stacks: tuple[str, ...], ante: int, min_bet: int, min_raise: str, cap: int | None,
              hands: tuple[str, ...], high_low: bool, deck: str | None, fmt: str, out: Path | None,
              **rule_opts: Any) -> None:
    """Main and side pots from each player's total contribution (--put), or from ACTIONS replayed
    on --stack stacks under table stakes; with --hand for every player still in, who wins what.

    Example: joker-odds pot split --stack A=160 --stack B=110 --stack C=40 "B bet 70" "C call" "A call"

    Example: joker-odds pot split --put A=50 --put B=50 --hand A="Jk 2s 3d 4h 6c" --hand B="7s 5d 4h 3c 2d"
    --high-low --low-ace high_or_low
    """
    ctx = click.get_current_context()
    if bool(puts) == bool(actions):
        raise click.UsageError("give either --put NAME=CHIPS or --stack NAME=CHIPS with ACTIONS")
    if not hands:
        refuse_unused(ctx, ("high_low", "rules_name", "deck", "wild", "mode", "tie_rule", "double_ace_flush",
                            "order"), "showdown options need --hand NAME=CARDS")
    folded = list(folds)
    if puts:
        refuse_unused(ctx, ("stacks", "ante", "min_bet", "min_raise", "cap", "limit"),
                      "betting options replay ACTIONS, and --put gives the totals")
        contributions = _pairs(puts, "--put")
    else:
        if not stacks:
            raise click.UsageError("ACTIONS need the players' stacks (--stack NAME=CHIPS)")
        rnd = _round(actions, _pairs(stacks, "--stack"), ante=ante, limit=limit, min_bet=min_bet, cap=cap,
                     min_raise_rule=min_raise)
        contributions = rnd.contributions
        folded += [p for p in rnd.folded if p not in folded]
    hand_text = _pairs(hands, "--hand", numeric=False)
    for what, names in (("--fold", folds), ("--hand", tuple(hand_text))):
        unknown = [n for n in names if n not in contributions]
        if unknown:
            raise BettingError(f"{what} names {clip(unknown[0], 20)!r}, who is not among the players "
                               f"({', '.join(contributions)})")
    pots = split_pots(contributions, folded, dead)
    rows: list[dict[str, Any]] = [
        {"pot": p.name, "amount": p.amount, "eligible": " ".join(p.eligible),
         "from": ", ".join(f"{n} {v}" for n, v in p.shares if v)} for p in pots]
    if hand_text:
        ev = Evaluator(resolve_rules(**rule_opts), deck, k=len(next(iter(hand_text.values())).split()))
        awards = showdown(contributions, hand_text, ev, folded, dead, high_low)
        for row, a in zip(rows, awards, strict=True):
            row["winners"] = " ".join(a.high_winners) + (f" / low {' '.join(a.low_winners)}" if high_low else "")
            row["payouts"] = ", ".join(f"{n} {v}" for n, v in a.payouts)
        total = total_payouts(awards)
        rows.append({"pot": "total", "amount": sum(p.amount for p in pots), "eligible": "", "from": "",
                     "winners": "", "payouts": ", ".join(f"{n} {total[n]}" for n in contributions if n in total)})
    emit(rows, fmt, out, {"contributions": contributions, "folded": folded, "dead": dead}
         if fmt == "json" else None)


COMMANDS = [pot_group]
