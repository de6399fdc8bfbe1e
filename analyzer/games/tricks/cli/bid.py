"""``tricks bid`` and ``tricks strength``: a hand's bidding table, and policies compared in duplicate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options, has_target
from analyzer.cli.limits import MAX_BUDGET, Count, RunSize, force_option
from analyzer.cli.options import SEED, emit, known_columns, output_options, refuse_unused
from analyzer.defaults import COUNT, COUNT_PIMC, PIMC_BID_K, PIMC_ENDGAME, PIMC_K, count_for
from analyzer.errors import JokerOddsError
from analyzer.io import render_text_table
from analyzer.numfmt import count, pct

GAMES = ("georgian-joker", "joker-54")
ENGINE_NAMES = ("target_se", "target_rel_se", "max_trials", "max_time", "checkpoint", "backend", "scheduler",
                "workers", "chunk_size")

__all__ = [
    "CARDS",
    "COMMANDS",
    "PIMC_KEYS",
    "TRICKS",
    "bid_cmd",
    "check_cards",
    "pimc_kwargs",
    "pimc_options",
    "run_info",
    "strength_cmd",
]

PIMC_KEYS = ("k", "budget", "model", "endgame", "bid_mode")
CARDS = Count(1, 54)
TRICKS = Count(-1000, 1000)  # a bid or tricks taken; the game's own range is checked with its message
BUDGET = Count(1000, MAX_BUDGET)


def check_cards(rules: Any, cards: int | None) -> None:
    """Refuse a deal size the game never deals (the 54-card game deals at most 8 cards each)."""
    if cards is not None and not 1 <= cards <= rules.max_cards:
        raise JokerOddsError(f"cards must be 1..{rules.max_cards}, got {cards}")


endgame_option = click.option(
    "--endgame", type=Count(0, 60), default=PIMC_ENDGAME, show_default=True,
    help="pimc, playout model: with this many tricks left (and nothing left to draw) the exact solver's "
         "guaranteed score takes over.")


def pimc_options(f: Any) -> Any:
    """pimc's options: K, the solver budget, the world model, the endgame, the bid mode."""
    f = click.option("--bid-mode", type=click.Choice(["heuristic", "playouts", "bounds", "guaranteed"]),
                     default="heuristic", show_default=True,
                     help="pimc's bids: the heuristic's; the best mean over 16·K worlds played out by the "
                          "heuristic; from the solver's trick bounds; by the solver's guaranteed score "
                          "(with drawing: heuristic or playouts).")(f)
    f = endgame_option(f)
    f = click.option("--model", type=click.Choice(["playout", "paranoid"]), default="playout",
                     show_default=True,
                     help="pimc's value of a move in a world: playout — every seat, pimc too, plays the "
                          "rest by its policy (one step of policy improvement over the heuristic); "
                          "paranoid — the score of its bid pimc makes sure of against the three others "
                          "playing together (exact solver; no drawing).")(f)
    f = click.option("--budget", type=BUDGET, default=200_000, show_default=True,
                     help="pimc: solver nodes per search (a search over it counts as not reached).")(f)
    f = click.option("--k", "k", type=click.IntRange(1, 4096), default=PIMC_K, show_default=True,
                     help="pimc: worlds (deals consistent with what it has seen) at each decision.")(f)
    return f


# pimc's cost: seconds for one seat to play one deal by pimc, on two cores (Georgian Joker, K = 256, the
# other seats heuristic), from `joker-odds tricks strength --game georgian-joker --a pimc --b heuristic
# --seed 1 --quiet --cards C --deals N` (4 pimc seat-deals a deal). The playout model: 0.036 s at 9 cards
# (N = 2 and 12: 1.7 s and 3.1 s; K = 64: 2.0 s at N = 12, about in proportion to K) and 0.058 s at 3
# cards (N = 12 and 112: 41 s and 65 s; the exact solver plays the last 3 tricks), so the dearer one for
# any deal size. The paranoid model at 9 cards: 1.7 s at --budget 1000 and 34 s at 200,000 (N = 12: 81 s
# and 1,617 s), about as budget^0.57.
PIMC_SECONDS = 0.058
PARANOID_SECONDS = 1.7  # at a budget of 1,000 nodes
PARANOID_BUDGET_POWER = 0.57


def pimc_seconds(params: dict[str, Any]) -> float:
    """Seconds for one pimc seat to play one deal under a command's options (K, budget, model).

    >>> round(pimc_seconds({"k": 256}), 3), round(pimc_seconds({"k": 128}), 3)
    (0.058, 0.029)
    """
    per = PIMC_SECONDS
    if params.get("model") == "paranoid":
        per = PARANOID_SECONDS * (max(params.get("budget") or 200_000, 1000) / 1000) ** PARANOID_BUDGET_POWER
    return per * (params.get("k") or PIMC_K) / 256


def pimc_kwargs(opts: dict[str, Any], policies: Any = ("pimc",)) -> dict[str, Any]:
    """The pimc options of a command as keyword arguments (removed from ``opts``); refused when
    set and no seat in ``policies`` plays pimc."""
    if not any(str(p).startswith("pimc") for p in policies):
        refuse_unused(click.get_current_context(), PIMC_KEYS, "no seat plays pimc")
    return {key: opts.pop(key) for key in PIMC_KEYS}


def run_info(rules: Any, rule: tuple[str, ...], **more: Any) -> dict[str, Any]:
    """What ran, for the header line and JSON ``run``: the preset, the rule overrides, deck, players."""
    return {"game": rules.name, "rules": ",".join(rule) or None, "deck": rules.deck, "players": rules.players,
            **more}


def _bids(text: str | None) -> list[int] | None:
    """The earlier bids given, or ``None`` when not given (unknown: sampled from the heuristic)."""
    if text is None:
        return None
    if not text.strip():
        return []
    try:
        bids = [int(x) for x in text.replace(" ", "").split(",") if x != ""]
    except ValueError:
        raise JokerOddsError(f"--bids must be integers separated by commas, got {text!r}") from None
    for i, b in enumerate(bids):  # "unknown" is only the absence of --bids, never a number
        if b < 0:
            raise JokerOddsError(f"--bids: seat {i}'s bid {b} is negative (a bid is 0 or more tricks)")
    return bids


def _full_deal(rules: Any, hand: str) -> bool:
    """Whether ``hand`` is a full deal's (every card dealt, none turned)."""
    from analyzer.games.tricks.deck import parse_mask, trick_deck

    return rules.players * bin(parse_mask(hand, trick_deck(rules.deck))).count("1") == rules.deck_size


def _stratum_seed(seed: int, i: int) -> int:
    """The seed of the ``i``-th turned card's run: its own stream, fixed by ``seed`` and ``i``."""
    import numpy as np

    return int(np.random.SeedSequence([seed, i]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def _game(f: Any, games: tuple[str, ...] = GAMES) -> Any:
    f = click.option("--rule", "rule", multiple=True, metavar="KEY=VALUE",
                     help="Override one rule of the game (repeatable), e.g. hook=off, draw=none.")(f)
    f = click.option("--game", type=click.Choice(games), default="georgian-joker", show_default=True,
                     help="Rule preset.")(f)
    return f


def _any_game(f: Any) -> Any:
    """``--game`` with short poker for tricks too."""
    return _game(f, (*GAMES, "short-tricks"))


def _bid_columns(params: dict[str, Any]) -> list[str]:
    base = ["bid", "ev", "se", "ci_low", "ci_high", "p_made"]
    if params["fmt"] == "json":
        return [*base, "p_made_low", "p_made_high", "mean_tricks", "tricks", "samples"]
    tail = ["P(k tricks), k = 0.."] if params["fmt"] == "table" else [f"p_took{i}" for i in range(55)]
    return [*base, "mean_tricks", "samples", "best", *tail]


# Heuristic samples a second on two cores, from `joker-odds tricks bid --up 7h --seat 2 --bids 1,0 --seed 1
# --quiet --samples N`: an 8-card hand ("Ah Kh 9s Jk1 Qd Jd 8c 7c", 9 bids), N = 41,000: 11.7 s (3,500 a
# second, 2,500 at 9 cards); a 4-card one ("Ah Kh 9s Jk1"), N = 101,000: 3.6 s, 8 times quicker, so
# about (cards / 9)^3 of the time. pimc (--policy pimc, K = 32): 28 samples of the 8-card hand in 5.9 s,
# about BID_PIMC times pimc's seat-deal of `tricks strength` per bid.
BID_RATE = 2.5e3
BID_CARDS_POWER = 3.0
BID_PIMC = 3.2


# A draw of the unseen cards that conditioning on the earlier bids rejects, per card of the hand,
# as a share of a 9-card heuristic sample at BID_RATE: bids nobody makes (every sample draws
# MAX_TRIES times), 20,000 samples on one thread: 8 cards 5.5 CPU-s past the unconditioned run's
# 0.31 (0.14 µs a draw), 4 cards 3.2 (0.08 µs), 1 card 0.034 µs a draw.
BID_DRAW = 2e-5


def _bid_cost(params: dict[str, Any]) -> float:
    """How much dearer a sample is than a heuristic one of a 9-card hand: fewer cards are cheaper,
    pimc plays the deal of every legal bid (cards + 1) at :func:`pimc_seconds`, and conditioning on
    the earlier bids draws the unseen cards until they fit (:func:`_draws`)."""
    cards = min(9, params.get("cards") or len(str(params.get("hand") or "").split()) or 9)
    cost = (cards / 9) ** BID_CARDS_POWER
    if params.get("policy") == "pimc":
        cost += (cards + 1) * BID_PIMC * pimc_seconds(params) * BID_RATE
    return cost + (_draws(params, cost, cards) - 1) * BID_DRAW * cards


def _draws(params: dict[str, Any], cost: float, cards: int) -> float:
    """The draws behind a sample: 1 without conditioning; with it, the pilot of
    :func:`~analyzer.games.tricks.analysis.bidding.draws_per_sample` — run only when the samples
    asked for could pass the ceiling if no draw fit (else the estimate cannot refuse the run), and
    1 for a situation the command itself will refuse."""
    from analyzer.cli.limits import CEILING_SECONDS
    from analyzer.games.tricks.analysis.bidding import (
        MAX_TRIES,
        draws_per_sample,
        situation,
        unknown_up_situations,
    )
    from analyzer.games.tricks.rules import trick_rules

    policy = params.get("policy") or "heuristic"
    if params.get("condition") is False or params.get("bids") is None or params.get("exact"):
        return 1.0
    n = params.get("samples") or params.get("max_trials") or count_for("tricks bid", policy == "pimc")
    if n / BID_RATE * (cost + (MAX_TRIES - 1) * BID_DRAW * cards) <= CEILING_SECONDS:
        return 1.0
    try:
        rules = trick_rules(params["game"], list(params.get("rule") or ()))
        hand, up, trump = params["hand"], params.get("up"), params.get("trump")
        where = (params.get("seat") or 0, _bids(params["bids"]), params.get("cards"))
        more = (params.get("bid"), params.get("set_no") or 1)
        parts = (unknown_up_situations(rules, hand, trump, *where, *more)
                 if up is None and trump is not None and not _full_deal(rules, hand)
                 else [situation(rules, hand, up, *where, trump, *more)])
        others = params.get("others") or ("heuristic" if policy == "pimc" else policy)
        return sum(draws_per_sample(s, others, params.get("condition")) for s in parts) / len(parts)
    except JokerOddsError:  # the command says what is wrong
        return 1.0


@known_columns(_bid_columns)
@click.command("bid")
@_game
@click.option("--hand", required=True, help='The player\'s cards, e.g. "Ah Kh 9s Jk1".')
@click.option("--cards", type=CARDS, default=None, help="Cards dealt to each player (default: the hand's size).")
@click.option("--up", default=None, help="The turned trump card (its suit is trump; a joker: no trump).")
@click.option("--trump", default=None,
              help="The trump (c, d, h, s or none) without --up: in a full deal the suit seat 0 named; "
                   "otherwise the turned card is unknown but of this suit (none: a joker), and every "
                   "unseen card of it is played as the turned card, weighed by how often the earlier "
                   "bids fit.")
@click.option("--seat", type=Count(0, 5), default=0, show_default=True,
              help="The player's seat: 0 left of the dealer (bids first) … the dealer (bids last).")
@click.option("--bids", default=None, metavar="B0,B1,…",
              help="Bids already made by seats 0..seat-1. Left out: unknown — in each sample the earlier "
                   "seats bid as the heuristic would from their sampled hands (not for the dealer under "
                   "the hook).")
@click.option("--bid", type=TRICKS, default=None, help="Only this bid (checked against the hook).")
@click.option("--set", "set_no", type=click.IntRange(1, 4), default=1, show_default=True,
              help="Set (pulka) of the deal, for hisht by set.")
@click.option("--policy", type=click.Choice(["heuristic", "random", "pimc"]), default="heuristic",
              show_default=True, help="How the player plays each sample out.")
@click.option("--others", type=click.Choice(["heuristic", "random"]), default=None,
              help="How the other seats play (default: the same policy; heuristic under pimc).")
@click.option("--condition/--no-condition", default=None,
              help="Keep only samples where the heuristic would have made the earlier bids "
                   "(default: on when the others play heuristic and the bids are given).")
@click.option("--samples", type=RunSize(rate=BID_RATE, unit="samples", cost=_bid_cost), default=None,
              help=f"Samples of the unseen cards (default {COUNT['tricks bid']:,}; pimc "
                   f"{COUNT_PIMC['tricks bid']:,}).")
@force_option
@click.option("--k", "k", type=click.IntRange(1, 512), default=PIMC_BID_K, show_default=True,
              help="pimc: deals sampled at each of its decisions.")
@click.option("--budget", type=BUDGET, default=200_000, show_default=True,
              help="pimc: solver nodes per search (a search over it counts as not reached).")
@endgame_option
@click.option("--exact", is_flag=True, help="1-card deals: enumerate every deal of the unseen cards.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@engine_options(chunk="tricks bid")
@output_options
def bid_cmd(game: str, rule: tuple[str, ...], hand: str, cards: int | None, up: str | None, trump: str | None,
            seat: int, bids: str | None, bid: int | None, set_no: int, policy: str, others: str | None,
            condition: bool | None, samples: int | None, k: int, budget: int, endgame: int, exact: bool, seed: int,
            fmt: str, out: Path | None, **opts: Any) -> None:
    """A hand's bidding table: per legal bid the expected score (SE, 95 % CI), P(made) and the
    distribution of tricks taken, from playouts of random deals of the unseen cards; the best bid.

    Example: joker-odds tricks bid --game georgian-joker --hand "Ah Kh 9s Jk1" --up 7h --seat 2 --bids 1,0 --policy heuristic --samples 20000 --seed 1
    """
    from analyzer.games.tricks.analysis.bidding import (
        bid_table,
        exact_bid_table,
        mix_bid_tables,
        situation,
        unknown_up_situations,
    )
    from analyzer.games.tricks.rules import trick_rules

    rules = trick_rules(game, rule)
    check_cards(rules, cards)
    ctx = click.get_current_context()
    if policy != "pimc":
        refuse_unused(ctx, ["k", "budget", "endgame"], "only the pimc policy searches")
    if exact:
        refuse_unused(ctx, ["samples", "seed", *ENGINE_NAMES], "--exact enumerates every deal")
    n = samples if samples is not None or has_target(opts) else count_for("tricks bid", policy == "pimc")
    if up is None and trump is not None and not _full_deal(rules, hand):  # turned card unknown, suit known
        parts = unknown_up_situations(rules, hand, trump, seat, _bids(bids), cards, bid, set_no)
        if exact:
            t = mix_bid_tables([exact_bid_table(s, policy, condition) for s in parts])
        else:
            if n is None:
                raise JokerOddsError("a precision target needs the turned card (--up); give --samples")
            each = -(-n // len(parts))
            t = mix_bid_tables([bid_table(s, policy, each, _stratum_seed(seed, i), others, condition, k, budget,
                                          endgame, **engine_kwargs(opts)) for i, s in enumerate(parts)])
    elif exact:
        t = exact_bid_table(situation(rules, hand, up, seat, _bids(bids), cards, trump, bid, set_no), policy,
                            condition)
    else:
        s = situation(rules, hand, up, seat, _bids(bids), cards, trump, bid, set_no)
        t = bid_table(s, policy, n, seed, others, condition, k, budget, endgame, **engine_kwargs(opts))
    rows = [r for r in t.rows if bid is None or r["bid"] == bid]
    m = t.meta
    _warn_unfit(m)
    run = run_info(rules, rule, policy=policy, others=m.get("others"),
                   **({"method": "exact", "deals": m["deals"]} if t.exact
                      else {"method": "sampled", "samples": m["samples"], "seed": seed}))
    if fmt == "json":
        emit(rows, fmt, out, t.meta, run=run)
        return
    shown = []
    for r in rows:
        row = {key: v for key, v in r.items() if key not in ("tricks", "p_made_low", "p_made_high")}
        row["best"] = "*" if r["bid"] == t.best else ""
        if fmt != "table":
            row.update({f"p_took{i}": x for i, x in enumerate(r["tricks"])})
        shown.append(row)
    # the distribution of tricks taken, its own compact table in %: one row per bid, one column per k
    took = [{"bid": r["bid"], **{f"P({i})": x for i, x in enumerate(r["tricks"])}} for r in rows]
    kind = (f"exact: {m['consistent_deals']:,} of the {m['deals']:,} deals fit the bids"
            if m["conditioned_on_bids"] else f"exact over {m['deals']:,} deals") if t.exact else f"{m['samples']:,} samples, seed {seed}"
    if not t.exact and m["conditioned_on_bids"]:
        kind += f"; {pct(m['acceptance'])} of the draws fit the earlier bids"
    turned = f", turned card {m['turned']}" if m.get("turned") else ""
    said = f"\n{m['earlier_bids']}" if m["bids"] is None else ""
    footer = (f"{said}\n{m['game']}: {m['hand']}, seat {m['seat']}, trump {m['trump']}{turned}, "
              f"bids {m['bids'] if m['bids'] is not None else 'unknown'}; "
              f"{policy} ({kind}); best bid {t.best}\n\nP(k tricks taken) by bid:\n"
              + render_text_table(took).rstrip("\n") if fmt == "table" else None)
    emit(shown, fmt, out, None, footer=footer, run=run, units={"ev": "points"})


def _warn_unfit(meta: dict[str, Any]) -> None:
    """A warning on stderr when some samples found no deal fitting the earlier bids (each is kept as
    drawn after MAX_TRIES draws): the table is then not wholly conditioned on them."""
    from analyzer.games.tricks.analysis.bidding import MAX_TRIES

    unfit = meta.get("unconditioned_samples") or 0
    if unfit:
        click.echo(f"Warning: {count(unfit)} of {count(meta['samples'])} samples found no deal that fits the "
                   f"earlier bids in {count(MAX_TRIES)} draws and were kept as drawn: the table is not wholly "
                   "conditioned on the bids", err=True)


# Heuristic deals a second on two cores in duplicate (each deal played 5 times at 4 seats), from
# `joker-odds tricks strength --game georgian-joker --cards 9 --a heuristic --b random --deals 100000
# --seed 1 --quiet`: 1.7 s with the start-up.
STRENGTH_RATE = 5.8e4


def _strength_cost(params: dict[str, Any]) -> float:
    """How much dearer a duplicate deal is than a heuristic one: pimc's seat-deals (A rotated over 4
    seats; B at every seat once and beside A, or ``others`` beside both) at :func:`pimc_seconds` each."""
    a, b = (str(params.get(k) or "").startswith("pimc") for k in ("pol_a", "pol_b"))
    others, seats = params.get("others"), 4
    if others is None:
        seat_deals = seats * a + seats * seats * b
    else:
        seat_deals = seats * (a + b) + 2 * seats * (seats - 1) * str(others).startswith("pimc")
    return 1.0 + seat_deals * pimc_seconds(params) * STRENGTH_RATE


@click.command("strength")
@_any_game
@click.option("--cards", type=CARDS, default=None,
              help="Cards dealt to each player (required, except in short-tricks, which deals five).")
@click.option("--a", "pol_a", type=click.Choice(["pimc", "pimc-bid", "heuristic", "random"]), default="pimc",
              show_default=True, help="The policy tested (one seat at a time); pimc-bid: pimc bidding by search.")
@click.option("--b", "pol_b", type=click.Choice(["heuristic", "random", "pimc"]), default="heuristic",
              show_default=True, help="The baseline at the tested seat, and the policy of the other seats.")
@click.option("--others", type=click.Choice(["heuristic", "random", "pimc"]), default=None,
              help="Another policy at the other seats (default: B); each deal is then played with A and "
                   "with B at each seat.")
@click.option("--deals", type=RunSize(rate=STRENGTH_RATE, unit="deals", cost=_strength_cost), default=200,
              show_default=True,
              help="Deals; each is played once per seat with A there (and once with B there).")
@pimc_options
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@force_option
@engine_options(chunk="tricks strength")
@output_options
def strength_cmd(game: str, rule: tuple[str, ...], cards: int, pol_a: str, pol_b: str, others: str | None,
                 deals: int, seed: int, fmt: str, out: Path | None, **opts: Any) -> None:
    """Duplicate comparison: on the same deals, A at one seat (rotated over every seat) against
    B at the others, minus B at that seat; the mean score difference per deal with a 95 % CI.

    With --game short-tricks a seat's score is its side's points (the maker's side's, negated for
    the defenders) and both policies declare "play" or "pass" as the heuristic does.

    Example: joker-odds tricks strength --game georgian-joker --cards 9 --a pimc --b heuristic --deals 400 --seed 1
    """
    from analyzer.games.tricks.analysis.strength import strength
    from analyzer.games.tricks.rules import trick_rules

    if game == "short-tricks":
        _short_strength(rule, cards, pol_a, pol_b, others, deals, seed, fmt, out, opts)
        return
    if cards is None:
        raise JokerOddsError("give --cards (cards dealt to each player)")
    rules = trick_rules(game, rule)
    check_cards(rules, cards)
    pk = pimc_kwargs(opts, (pol_a, pol_b, *((others,) if others else ())))
    r = strength(rules, cards, pol_a, pol_b, deals, seed, others=others, **pk, **engine_kwargs(opts))
    vs = f"{pol_a} vs {pol_b}" + (f" among {r.others}" if r.others else "")
    run = run_info(rules, rule, cards=cards, policies=vs, method="duplicate self-play",
                   deals=r.deals, seed=seed)
    emit(r.rows(), fmt, out, r.meta() if fmt == "json" else None, run=run)


def _short_strength(rule: tuple[str, ...], cards: int | None, pol_a: str, pol_b: str, others: str | None,
                    deals: int, seed: int, fmt: str, out: Path | None, opts: dict[str, Any]) -> None:
    """``tricks strength --game short-tricks``: A rotated over the seats against B, in duplicate."""
    from analyzer.games.tricks.analysis.short_strength import short_strength
    from analyzer.games.tricks.rules import SHORT_CARDS, short_rules

    if cards is not None and cards != SHORT_CARDS:
        raise JokerOddsError(f"short-tricks deals five cards: --cards {cards} does not apply")
    if others is not None:
        raise JokerOddsError("short-tricks: --others is not available (B plays at the other seats)")
    if pol_a == "pimc-bid":
        raise JokerOddsError("short-tricks: pimc-bid is not available (pimc declares as the heuristic)")
    rules = short_rules("short-tricks", rule)
    pk = pimc_kwargs(opts, (pol_a, pol_b))
    r = short_strength(rules, pol_a, pol_b, deals, seed, pimc=pk, **engine_kwargs(opts))
    run = run_info(rules, rule, policies=f"{pol_a} vs {pol_b}", method="duplicate self-play",
                   deals=r.deals, seed=seed)
    emit(r.rows(), fmt, out, r.summary() if fmt == "json" else None, run=run)


COMMANDS = [bid_cmd, strength_cmd]
