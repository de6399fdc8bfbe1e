"""``joker-odds durak``: rules, self-play odds by seat and hand, a dealt hand's odds, policy strength."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.limits import MAX_BUDGET, Count, RunSize, force_option
from analyzer.cli.options import (
    SEED,
    emit,
    header_line,
    known_columns,
    missed_target_text,
    note_stop,
    output_options,
    refuse_repeated,
    refuse_unused,
)
from analyzer.io import atomic_write_text, render, render_text_table

F = TypeVar("F", bound=Callable[..., Any])

POLICIES = "random, heuristic, search, ismcts or uct-random"
BUDGET = Count(1, MAX_BUDGET)
BUDGET_HELP = ("Search: rollouts per decision; ismcts: tree iterations per decision (default: 64, or 1000 when "
               "a seat plays ismcts; uct-random always runs 4 worlds x 500 playouts).")
def _search_cost(params: dict[str, Any]) -> float:
    """How much dearer a game is than a heuristic one under these options: a searching seat adds
    about 0.7 heuristic games per rollout of its budget (ismcts 1,000 rollouts: 0.8 ms a decision),
    and a sweep plays every player count on every deck."""
    names = [str(params.get(k) or "") for k in ("policy", "pairs", "lineup")]
    names += [str(v) for v in params.get("policy_seat") or ()]
    text = " ".join(str(n) for n in names)
    cost = 1.0
    if "search" in text or "ismcts" in text:
        cost += 0.7 * (params.get("budget") or (1000 if "ismcts" in text else 64))
    if params.get("players_list") is not None:
        cost *= len([x for x in str(params["players_list"]).split(",") if x.strip()]) or 1
        cost *= len([x for x in str(params.get("decks") or "").split(",") if x.strip()]) or 1
    return cost


GAMES_RUN = RunSize(10**8, unit="games", cost=_search_cost)  # heuristic self-play: 10^8 games an hour, two cores
SEARCHERS = ("search", "ismcts")  # the policies a --budget applies to
TABLES = ("seats", "jokers", "roles", "trumps", "first", "values")


def game_options(f: F) -> F:
    """``--players --deck --rule``."""
    opts = [
        click.option("--players", type=int, default=None, help="Players, 2 to 6 (default: the rule set's, 2)."),
        click.option("--deck", default=None, metavar="SPEC", help="36+2 (default), 52+2, 36 or 52."),
        click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE",
                     help="Override a rule (repeatable); `joker-odds durak rules` lists the keys."),
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def play_options(f: F) -> F:
    """``--policy --policy-seat --budget --games --seed``."""
    opts = [
        click.option("--policy", default="heuristic", show_default=True, help=f"Every seat's policy: {POLICIES}."),
        click.option("--policy-seat", multiple=True, metavar="SEAT=POLICY",
                     help="One seat's policy instead (repeatable), e.g. 1=random."),
        click.option("--budget", type=BUDGET, default=None, help=BUDGET_HELP),
        click.option("--games", type=GAMES_RUN, default=20_000, show_default=True,
                     help="Games to play (the cap when a precision target is given)."),
        click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed."),
        force_option,
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def _rules(players: int | None, deck: str | None, rule: tuple[str, ...]) -> Any:
    from analyzer.games.durak.rules import durak_rules

    refuse_repeated("--rule", rule)
    return durak_rules(players, deck, rule)


def _lineup(players: int, policy: str, policy_seat: tuple[str, ...]) -> list[str]:
    """Every seat's policy; ``--budget`` refused when no seat searches."""
    from analyzer.games.durak.simulate import parse_lineup

    refuse_repeated("--policy-seat", policy_seat, lambda k: k.lstrip("+0") or "0")
    lineup = parse_lineup(players, policy, policy_seat)
    if not set(lineup) & set(SEARCHERS):
        refuse_unused(click.get_current_context(), ["budget"], "no seat plays a policy that searches (search or ismcts)")
    return lineup


def _engine(games: int, opts: dict[str, Any]) -> dict[str, Any]:
    kw = engine_kwargs(opts)
    if has_target(opts):
        kw.setdefault("max_trials", games)
        kw["games"] = None
    else:
        kw["games"] = games
    return kw


def _run(r: Any, rule: tuple[str, ...], **more: Any) -> dict[str, Any]:
    """What ran, for the header line and JSON ``run``: the rule overrides, deck, players, and ``more``."""
    return {"game": "durak", "rules": ",".join(rule) or None, "deck": r.deck, "players": r.players, **more}


def _emit(summary: dict[str, Any], rows: list[dict[str, Any]], fmt: str, out: Path | None,
          run: dict[str, Any], units: dict[str, str] | None = None) -> None:
    if fmt != "table":
        emit(rows, fmt, out, summary if fmt == "json" else None, run=run)
        return
    columns = click.get_current_context().meta.get("columns")
    text = (header_line(run) + "\n" + render([{"quantity": k, "value": v} for k, v in summary.items()], "table")
            + "\n" + render_text_table(rows, columns, units) + missed_target_text(summary))
    if out is None:
        click.echo(text, nl=False)
    else:
        atomic_write_text(out, text)


@click.group("durak")
def durak_group() -> None:
    """Durak with two jokers: throw-in durak, 36 or 52 cards plus a red and a black joker."""


@durak_group.command("rules")
@game_options
@output_options
def rules_cmd(players: int | None, deck: str | None, rule: tuple[str, ...], fmt: str, out: Path | None) -> None:
    """The rule set in force (the shipped preset with your overrides).

    Example: joker-odds durak rules --rule max_attack=0
    """
    r = _rules(players, deck, rule)
    emit([{"rule": k, "value": v} for k, v in r.as_dict().items()], fmt, out, run=_run(r, rule))


SIMULATE_COLUMNS = {
    "seats": ["seat", "policy", "fools", "p_fool", "se", "ci_low", "ci_high", "p_first_attacker"],
    "values": ["holding", "by", "estimate", "se", "ci_low", "ci_high"],
}
GROUP_COLUMNS = ["group", "players", "fools", "p_fool", "se", "ci_low", "ci_high"]


@known_columns(lambda p: SIMULATE_COLUMNS.get(p["table"], GROUP_COLUMNS))
@durak_group.command("simulate")
@game_options
@play_options
@click.option("--table", "table", type=click.Choice(TABLES), default="seats", show_default=True,
              help="P(fool) by seat, by jokers (colour or role), by trump count, first attacker or not, "
                   "or the joker values and first-attacker edge in percentage points.")
@click.option("--later", is_flag=True,
              help="Tally games that follow a game with a fool: its neighbour attacks first (rule after_loss).")
@engine_options(chunk="durak simulate")
@output_options
def simulate_cmd(players: int | None, deck: str | None, rule: tuple[str, ...], policy: str,
                 policy_seat: tuple[str, ...], budget: int | None, games: int, seed: int, table: str, later: bool,
                 fmt: str, out: Path | None, **opts: Any) -> None:
    """Self-play: P(fool) by seat with 95 % CIs, P(draw), game length, and by dealt hand.

    The high joker is the one of the trump's colour, the low joker the other. A joker's value is
    P(fool) without a joker minus P(fool) holding it, in percentage points; the first attacker's
    edge is the others' P(fool) minus his.

    Example: joker-odds durak simulate --players 4 --deck 36+2 --games 100000 --seed 1
    """
    from analyzer.games.durak.simulate import default_budget, simulate_durak

    r = _rules(players, deck, rule)
    lineup = _lineup(r.players, policy, policy_seat)
    kw = _engine(games, opts)
    sim = simulate_durak(r, lineup, kw.pop("games"), seed, default_budget(lineup, budget), kw.pop("chunk_size", None),
                         later, **kw)
    summary = sim.summary()
    if sim.run is not None:
        summary["stop"] = sim.run.stop_reason
        note_stop(sim.run.stop_reason)
    if table == "seats":
        rows = sim.seat_rows()
    elif table == "values":
        edge = sim.first_attacker_edge()
        rows = [*sim.value_rows(), {"holding": "first attack", "by": "edge", **edge}]
    else:
        rows = sim.group_rows(table)
    _emit(summary, rows, fmt, out, _run(r, rule, policies=",".join(lineup), method="self-play",
                                        games=sim.games, seed=seed),
          {"estimate": "pp"} if table == "values" else None)  # a joker's value: percentage points of P(fool)


@durak_group.command("odds")
@click.option("--hand", required=True, metavar="CARDS", help="The dealt hand, e.g. 'As Jk1 7h 9c Td Qs'.")
@click.option("--trump", required=True, metavar="SUIT|CARD",
              help="Trump suit (c, d, h, s; the turned card is sampled) or the turned card (7h, Jk2).")
@click.option("--seat", type=int, default=0, show_default=True, help="The hand's seat (0 = dealer's left).")
@game_options
@play_options
@engine_options(chunk="durak odds")
@output_options
def odds_cmd(hand: str, trump: str, seat: int, players: int | None, deck: str | None, rule: tuple[str, ...],
             policy: str, policy_seat: tuple[str, ...], budget: int | None, games: int, seed: int, fmt: str,
             out: Path | None, **opts: Any) -> None:
    """P(fool) of a dealt hand, sampling the other hands and the stock.

    Example: joker-odds durak odds --hand "As Jk1 7h 9c Td Qs" --trump h --players 3 --seat 0
    """
    from analyzer.games.durak.odds import hand_odds
    from analyzer.games.durak.simulate import default_budget

    r = _rules(players, deck, rule)
    lineup = _lineup(r.players, policy, policy_seat)
    kw = _engine(games, opts)
    res = hand_odds(r, hand, trump, seat, lineup, kw.pop("games"), seed, default_budget(lineup, budget),
                    kw.pop("chunk_size", None), **kw)
    _emit(res.meta(), res.rows(), fmt, out, _run(r, rule, policies=",".join(lineup), method="self-play",
                                                 games=res.games, seed=seed))


@durak_group.command("strength")
@click.option("--pair", "pairs", multiple=True, metavar="A:B",
              help="Heads-up pairing (repeatable); default: search:heuristic, heuristic:random, search:random.")
@click.option("--lineup", default=None, metavar="P1,P2,...",
              help="Instead of pairings: one policy per seat (2 to 6), rotated around the table on each deal; "
                   "shows each slot's P(fool).")
@click.option("--deals", type=RunSize(10**7, unit="deals", cost=_search_cost), default=1_000, show_default=True,
              help="Deals per pairing, each played once per seat rotation.")
@click.option("--budget", type=BUDGET, default=None, help=BUDGET_HELP)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@force_option
@click.option("--deck", default=None, metavar="SPEC", help="36+2 (default), 52+2, 36 or 52.")
@click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE", help="Override a rule (repeatable).")
@click.option("--workers", type=Count(1, 1024), default=None, help="Threads (default: CPU count).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@output_options
def strength_cmd(pairs: tuple[str, ...], lineup: str | None, deals: int, budget: int | None, seed: int,
                 deck: str | None, rule: tuple[str, ...], workers: int | None, quiet: bool, fmt: str, out: Path | None) -> None:
    """Heads-up strength of the policies, seat-rotated on the same deals: score (win 1, draw ½)
    with its 95 % CI over deals, and each side's P(fool).

    Example: joker-odds durak strength --pair ismcts:heuristic --deals 200 --budget 1000
    """
    from analyzer.games.durak.rules import DurakError
    from analyzer.games.durak.simulate import default_budget
    from analyzer.games.durak.strength import strength, strength_table

    kw: dict[str, Any] = {"quiet": True} if quiet else {}
    if workers is not None:
        kw["workers"] = workers
    ctx = click.get_current_context()
    if lineup is not None:
        refuse_unused(ctx, ["pairs"], "--lineup gives every seat's policy")
        names = [x.strip() for x in lineup.split(",") if x.strip()]
        if not set(names) & set(SEARCHERS):
            refuse_unused(ctx, ["budget"], "no seat plays a policy that searches (search or ismcts)")
        rl = _rules(len(names), deck, rule)
        budget = default_budget(names, budget)
        res = strength(rl, names, deals, seed, budget, **kw)
        run = _run(rl, rule, policies=",".join(names), method="seat-rotated self-play", deals=res.deals,
                   seed=seed)
        emit(res.rows(), fmt, out, {"deck": rl.deck, "seed": seed, "budget": budget} if fmt == "json" else None,
             run=run)
        return
    r = _rules(2, deck, rule)
    chosen = []
    for p in pairs or ("search:heuristic", "heuristic:random", "search:random"):
        a, sep, b = p.partition(":")
        if not sep:
            raise DurakError(f"bad --pair {p!r}: write A:B, e.g. search:heuristic")
        chosen.append((a.strip(), b.strip()))
    if all(not set(pair) & set(SEARCHERS) for pair in chosen):
        refuse_unused(ctx, ["budget"], "no pairing has a policy that searches (search or ismcts)")
    budget = default_budget([name for pair in chosen for name in pair], budget)
    rows = strength_table(r, chosen, deals, seed, budget, **kw)
    run = _run(r, rule, policies=",".join(f"{a}:{b}" for a, b in chosen), method="seat-rotated self-play",
               deals=deals, seed=seed)
    emit(rows, fmt, out, {"deck": r.deck, "seed": seed, "budget": budget} if fmt == "json" else None, run=run)


@durak_group.command("sweep")
@click.option("--players", "players_list", default="2,3,4,5,6", show_default=True, metavar="LIST",
              help="Player counts, comma-separated.")
@click.option("--decks", default="36+2,52+2", show_default=True, metavar="LIST", help="Decks, comma-separated.")
@click.option("--policy", default="heuristic", show_default=True, help=f"Every seat's policy: {POLICIES}.")
@click.option("--budget", type=BUDGET, default=None, help=BUDGET_HELP)
@click.option("--games", type=GAMES_RUN, default=40_000, show_default=True,
              help="Games per deck and player count.")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Random seed (each run).")
@force_option
@click.option("--table", "table", type=click.Choice(["seats", "values", "summary"]), default="values",
              show_default=True, help="P(fool) by seat, joker values and first-attacker edge, or draws and length.")
@click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE", help="Override a rule (repeatable).")
@output_options
def sweep_cmd(players_list: str, decks: str, policy: str, budget: int | None, games: int, seed: int, table: str,
              rule: tuple[str, ...], fmt: str, out: Path | None) -> None:
    """Self-play every deck and player count: seat table, joker values (percentage points) and the
    first attacker's edge with 95 % CIs, side by side.

    Example: joker-odds durak sweep --players 2,4 --decks 36+2 --table values
    """
    from analyzer.games.durak.rules import DurakError
    from analyzer.games.durak.simulate import default_budget
    from analyzer.games.durak.sweep import sweep

    try:
        counts = [int(x) for x in players_list.split(",") if x.strip()]
    except ValueError:
        raise DurakError(f"bad --players {players_list!r}: give counts such as 2,3,4") from None
    deck_list = [d.strip() for d in decks.split(",") if d.strip()]
    if not counts or not deck_list:
        raise DurakError(f"give at least one player count and one deck (--players {players_list!r}, "
                         f"--decks {decks!r})")
    for option, items in (("--players", [str(c) for c in counts]), ("--decks", deck_list)):
        twice = sorted({x for x in items if items.count(x) > 1})
        if twice:
            raise DurakError(f"{option} lists {', '.join(twice[:5])} more than once: give each once")
    refuse_repeated("--rule", rule)
    for key, option in (("players", "--players"), ("deck", "--decks")):
        if any(r.partition("=")[0].strip().replace("-", "_") == key for r in rule):
            raise DurakError(f"--rule {key}=… contradicts {option}: the sweep sets it; give {option}")
    for p in counts:
        for d in deck_list:
            _rules(p, d, rule)  # every configuration is valid before any is played
    if policy not in SEARCHERS:
        refuse_unused(click.get_current_context(), ["budget"], "the policy does not search")
    budget = default_budget([policy], budget)
    res = sweep(counts, deck_list, games, seed, policy, rule, budget)
    rows = {"seats": res.seat_rows, "values": res.value_rows, "summary": res.summary_rows}[table]
    run = {"game": "durak", "rules": ",".join(rule) or None, "decks": decks, "players": players_list,
           "policy": policy, "budget": budget if policy in ("search", "ismcts") else None, "method": "self-play",
           "games": games, "seed": seed}
    emit(rows, fmt, out, {"games": games, "seed": seed, "policy": policy} if fmt == "json" else None, run=run)


@durak_group.command("play")
@game_options
@click.option("--policy", default="heuristic", show_default=True, help=f"Every seat's policy: {POLICIES}.")
@click.option("--policy-seat", multiple=True, metavar="SEAT=POLICY", help="One seat's policy instead.")
@click.option("--budget", type=BUDGET, default=None, help=BUDGET_HELP)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Deal and play seed.")
def play_cmd(players: int | None, deck: str | None, rule: tuple[str, ...], policy: str,
             policy_seat: tuple[str, ...], budget: int | None, seed: int) -> None:
    """One seeded game, move by move, with the hands dealt.

    Example: joker-odds durak play --players 3 --seed 7
    """
    from analyzer.games.durak.playthrough import game_trace
    from analyzer.games.durak.simulate import default_budget

    r = _rules(players, deck, rule)
    lineup = _lineup(r.players, policy, policy_seat)
    click.echo(game_trace(r, lineup, seed, default_budget(lineup, budget)), nl=False)


COMMANDS = [durak_group]
