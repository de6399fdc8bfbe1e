"""Showdown equity: P(win), P(tie) and the pot share of given hands (cards, partial hands or hand
classes) at a table of N players, exact by enumeration when the deals are few enough, otherwise
Monte Carlo through the engine.

Seats are filled in order: the given hands first, then random hands (optionally only hands of
the ``opponents`` class: players who stay in only with such a hand). Seat 0's unknown cards come
first; a hand class on seat 0 is met by redealing seat 0 alone (its hands as dealt), a class on
the others by redealing all the others together given seat 0's cards. "win" = the seat takes the
whole pot, "tie" = it takes a part of it; the pot share counts ties split (high-low split: half
to the best high hand, half to the best low hand, each half split on a tie).

>>> r = equity(["As Ad Kc Kd 2s"], players=2, rules="joker-wild")
>>> r.method, r.deals, round(r.seats[0].pot_share, 4)
('exact', 1712304, 0.9313)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from math import comb, prod
from typing import Any

import numpy as np

from analyzer.cards import CardError, format_hand, parse_hand
from analyzer.defaults import CHUNK
from analyzer.engine import run
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.games.showdown import kernels as SK
from analyzer.games.showdown.classes import ANY, ClassError, HandClass, class_frequency, parse_class
from analyzer.games.showdown.sampling import hash_args, mc_high5
from analyzer.results import TableResult
from analyzer.rules import RuleSet, get_rules
from analyzer.stats import estimate_pairs, mean_from_sums, proportion, share_interval

__all__ = ["EXACT_LIMIT", "GAMES", "Equity", "EquityError", "SeatResult", "ShowdownTask", "equity", "table_setup"]

EXACT_LIMIT = 60_000_000  # deals enumerated at most (heads-up 7-card hands from 52: 45,379,620)
GAMES = {"high": SK.HIGH, "low": SK.LOW, "hilo": SK.HILO}
MAX_TRIES = 1_000_000     # redeals of a seat before its class counts as unreachable
MIN_ACCEPT = 1e-4         # a class (or the opponents' classes together) dealt less often is refused
DEFAULT_CHUNK = CHUNK["equity"]


class EquityError(JokerOddsError):
    """A showdown that cannot be set up: too many players or cards, a bad hand or class."""


@dataclass(frozen=True)
class Seat:
    """One seat: its known cards and the class its hand must be in."""

    cards: tuple[int, ...]
    cls: HandClass
    label: str
    given: bool


@dataclass(frozen=True)
class Table:
    """A showdown set up for the kernels."""

    ev: Evaluator
    seats: tuple[Seat, ...]
    rest: np.ndarray
    game: int
    known: np.ndarray
    nknown: np.ndarray
    vlo: np.ndarray
    vhi: np.ndarray
    low_args: tuple[Any, ...]

    @property
    def need(self) -> np.ndarray:
        return self.ev.k - self.nknown

    def exact_deals(self) -> int:
        """How many deals an enumeration visits (disjoint or not)."""
        n = self.rest.size
        return prod(comb(n, int(m)) for m in self.need)

    def exact_possible(self) -> str | None:
        """Why the enumeration does not apply (None if it does)."""
        free_others = all(s.cls.is_any for s in self.seats[1:])
        if self.need[0] > 0 and not free_others:
            return ("seat 0 has unknown cards and another seat a hand class (each of seat 0's hands "
                    "would need its own weight)")
        if self.exact_deals() > EXACT_LIMIT:
            return f"{self.exact_deals():,} deals to enumerate (more than {EXACT_LIMIT:,})"
        return None


def _seat(text: str, ev: Evaluator) -> Seat:
    """Cards (up to k), a hand class, or 'random'."""
    t = text.strip()
    if not t:  # an empty argument is a slip, not a request for a random hand
        raise EquityError("an empty hand: give cards ('As Ad'), a hand class ('pair of kings') or 'random'")
    if t.lower() in ("random", "any", "?"):
        return Seat((), ANY, "random", True)
    try:
        codes = parse_hand(t, ev.deck)
    except CardError as card_err:
        try:
            cls = parse_class(t, ev)
        except ClassError as cls_err:
            raise EquityError(f"hand {t!r} is neither cards ({card_err}) nor a hand class ({cls_err})") from None
        return Seat((), cls, cls.name, True)
    if codes.size > ev.k:
        raise EquityError(f"hand {t!r} has {codes.size} cards; a hand here has {ev.k}")
    return Seat(tuple(int(c) for c in codes), ANY, format_hand(codes), True)


def table_setup(hands: Sequence[str], players: int | None = None, rules: RuleSet | str = "standard",
                deck: str | None = None, dead: str | None = None, cards: int = 5, game: str = "high",
                opponents: str | None = None) -> Table:
    """Check and set up a showdown (see :func:`equity`)."""
    rs = get_rules(rules) if isinstance(rules, str) else rules
    if cards not in (5, 6, 7):
        raise EquityError(f"a hand has 5, 6 or 7 cards (the best five count), not {cards}")
    if game not in GAMES:
        raise EquityError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    ev = Evaluator(rs, deck, k=cards)
    ev.kernel_args()  # refuses the four-flush
    if ev.deck.copies != 1:
        raise EquityError(f"deck {ev.deck.name} repeats cards; a showdown needs a single deck")
    if game != "high":
        from analyzer.lowball import LowEvaluator

        _, kind, lo, ace_choice, ignore_sf, cat_pos = LowEvaluator(rs, ev.deck).args()
        low_args: tuple[Any, ...] = (kind, lo, ace_choice, ignore_sf, cat_pos)
    else:
        low_args = (0, ev.deck.lowest_rank, False, False, np.zeros(12, np.int64))
    if not hands:
        raise EquityError("give at least one hand (cards, a partial hand or a hand class)")
    given = [_seat(h, ev) for h in hands]
    n_players = len(given) if players is None else players
    if players is None and n_players < 2:
        n_players = 2
    if n_players < len(given):
        raise EquityError(f"{len(given)} hands given for {n_players} players")
    if n_players < 2 or n_players > 10:
        raise EquityError(f"players must be 2 to 10, got {n_players}")
    opp = ANY if opponents is None else parse_class(opponents, ev)
    seats = given + [Seat((), opp, "random" if opp.is_any else f"random, {opp.name}", False)
                     for _ in range(n_players - len(given))]
    used: list[int] = [c for s in seats for c in s.cards]
    dead_codes = [int(c) for c in parse_hand(dead, ev.deck)] if dead else []
    if len(set(used + dead_codes)) != len(used) + len(dead_codes):
        raise EquityError("a card is given twice (in two hands, or in a hand and the dead cards)")
    taken = set(used + dead_codes)
    rest = np.array([int(c) for c in ev.deck.cards if int(c) not in taken], np.int64)
    missing = sum(cards - len(s.cards) for s in seats)
    if missing > rest.size:
        raise EquityError(f"{n_players} hands of {cards} need {missing} more cards; only {rest.size} are left")
    known = np.full((n_players, 7), -1, np.int64)
    for i, s in enumerate(seats):
        known[i, : len(s.cards)] = s.cards
    return Table(ev, tuple(seats), rest, GAMES[game], known,
                 np.array([len(s.cards) for s in seats], np.int64),
                 np.array([s.cls.vlo for s in seats], np.int64), np.array([s.cls.vhi for s in seats], np.int64),
                 low_args)


@dataclass(frozen=True)
class ShowdownTask:
    """Engine task: random showdowns at one table (totals: see :mod:`analyzer.games.showdown.kernels`)."""

    known: np.ndarray
    nknown: np.ndarray
    k: int
    rest: np.ndarray
    vlo: np.ndarray
    vhi: np.ndarray
    game: int
    table: np.ndarray
    wbits: int
    low_args: tuple[Any, ...]
    given: int

    @cached_property
    def hashed(self) -> tuple[Any, ...]:
        """The perfect hash :func:`mc_high5` scores through (built once per task, not a field:
        derived from the table and the cards, it is no part of the task's identity)."""
        return hash_args(self.table, self.wbits, np.concatenate([self.rest, self.known[self.known >= 0]]))

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        args = (state, n, self.known, self.nknown, self.k, self.rest, self.vlo, self.vhi, self.game, MAX_TRIES,
                self.table, self.wbits)
        if self.k == 5 and self.game == SK.HIGH:  # the same draws and totals, faster
            return mc_high5(*args, self.hashed)
        return SK.mc_chunk(*args, *self.low_args)  # type: ignore[no-any-return]

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        n = int(totals[0])
        out = []
        for i in range(self.given):
            b = SK.HEAD + SK.PER_SEAT * i
            out.append((f"pot_share_{i}", mean_from_sums(n, totals[b + 2] / SK.UNIT, totals[b + 3] / SK.UNIT**2)))
        return estimate_pairs(out)


@dataclass(frozen=True)
class SeatResult:
    """One seat's showdown: P(whole pot), P(part of it), pot share; SE and 95 % CI when sampled."""

    seat: int
    hand: str
    p_win: float
    p_tie: float
    pot_share: float
    se: float
    ci_low: float
    ci_high: float
    wins: int
    ties: int


@dataclass(frozen=True)
class Equity(TableResult):
    """What :func:`equity` found: one row per seat (given hands first)."""

    rules: str
    deck: str
    cards: int
    game: str
    players: int
    method: str
    deals: int
    seats: tuple[SeatResult, ...]
    seed: int | None = None
    stop: str | None = None
    redeals: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for s in self.seats:
            row: dict[str, Any] = {"seat": s.seat, "hand": s.hand, "p_win": s.p_win, "p_tie": s.p_tie,
                                   "pot_share": s.pot_share}
            if self.method == "exact":
                row.update({"wins": s.wins, "ties": s.ties})
            else:
                row.update({"se_pot_share": s.se, "ci_low_pot_share": s.ci_low, "ci_high_pot_share": s.ci_high})
            row["fair_share"] = 1.0 / self.players
            out.append(row)
        return out

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": self.rules, "deck": self.deck, "cards": self.cards, "game": self.game,
                               "players": self.players, "method": self.method, "deals": self.deals}
        if self.seed is not None:
            out.update({"seed": self.seed, "stop": self.stop, "redeals": self.redeals})
        return out


def _seat_results(tab: Table, totals: np.ndarray, exact: bool) -> tuple[SeatResult, ...]:
    n = int(totals[0])
    out = []
    for i, s in enumerate(tab.seats):
        b = SK.HEAD + SK.PER_SEAT * i
        wins, ties = int(totals[b]), int(totals[b + 1])
        label = s.label if s.given else f"{s.label} (seat {i})"
        if exact:
            share = int(totals[b + 2]) / SK.UNIT / n
            out.append(SeatResult(i, label, wins / n, ties / n, share, 0.0, share, share, wins, ties))
            continue
        m = mean_from_sums(n, totals[b + 2] / SK.UNIT, totals[b + 3] / SK.UNIT**2)
        lo, hi = share_interval(m.mean, m.se, n)  # a share of the pot: inside [0, 1]
        out.append(SeatResult(i, label, proportion(wins, n).estimate, proportion(ties, n).estimate, m.mean,
                              m.se, lo, hi, wins, ties))
    return tuple(out)


def equity(hands: Sequence[str], players: int | None = None, rules: RuleSet | str = "standard",
           deck: str | None = None, dead: str | None = None, cards: int = 5, game: str = "high",
           opponents: str | None = None, method: str = "auto", trials: int | None = 1_000_000, seed: int = 0,
           chunk_size: int = DEFAULT_CHUNK, unused_if_exact: Sequence[str] = (), **engine: Any) -> Equity:
    """Showdown equity of ``hands`` (cards, partial hands, hand classes or ``random``) at a table of
    ``players`` (default: the hands given, at least 2); the other seats get random hands of the
    ``opponents`` class (default any). ``method``: ``exact`` (enumerate every deal of the unknown
    cards), ``mc`` (``trials`` random showdowns through the engine, engine keywords accepted:
    ``target_se``, ``max_trials``, ``backend``, ``checkpoint``, …) or ``auto`` (exact when it fits).
    ``unused_if_exact`` names sampling options the caller set: refused when the method is exact.

    >>> r = equity(["Kh Kd", "random"], players=3, rules="short-32", trials=20_000, seed=1, quiet=True)
    >>> r.method, r.deals, r.seats[0].pot_share > 1 / 3
    ('mc', 20000, True)
    """
    tab = table_setup(hands, players, rules, deck, dead, cards, game, opponents)
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"unknown method {method!r} (auto, exact or mc)")
    why = tab.exact_possible()
    if method == "exact" and why is not None:
        raise EquityError(f"no exact enumeration here: {why}; use Monte Carlo")
    table, wbits = tab.ev.kernel_args()
    head: dict[str, Any] = {"rules": tab.ev.rules.name, "deck": tab.ev.deck.name, "cards": cards, "game": game,
                            "players": len(tab.seats)}
    if method != "mc" and why is None:
        if unused_if_exact:
            raise EquityError(f"{', '.join(unused_if_exact)} {'does' if len(unused_if_exact) == 1 else 'do'} "
                              "not apply: the equity is exact here (every deal of the unknown cards); "
                              "give --method mc to sample")
        totals = _enumerate(tab, table, wbits)
        if int(totals[0]) == 0:
            raise EquityError("no deal fits the hands and classes given")
        return Equity(**head, method="exact", deals=int(totals[0]), seats=_seat_results(tab, totals, True))
    _check_reachable(tab)
    task = ShowdownTask(tab.known, tab.nknown, cards, tab.rest, tab.vlo, tab.vhi, tab.game, table, wbits,
                        tab.low_args, sum(s.given for s in tab.seats))
    res = run(task, trials=trials, seed=seed, chunk_size=chunk_size, **engine)
    totals = np.asarray(res.totals)
    if int(totals[3]):
        raise EquityError(f"a hand class was not dealt in {MAX_TRIES:,} tries; it is too rare to sample")
    return Equity(**head, method="mc", deals=int(totals[0]), seats=_seat_results(tab, totals, False),
                  seed=seed, stop=res.stop_reason, redeals=int(totals[1] + totals[2]))


def _enumerate(tab: Table, table: np.ndarray, wbits: int) -> np.ndarray:
    """Exact totals: one seat with unknown cards is enumerated alone against the best of the
    others; otherwise every joint deal (mixed radix over the seats) is visited."""
    total = tab.exact_deals()
    blocks = max(1, min(256, total // 4096))
    free = np.flatnonzero(tab.need)
    args = (tab.known, tab.nknown, tab.ev.k, tab.rest, tab.vlo, tab.vhi, tab.game, _binom(), table, wbits,
            *tab.low_args)
    if free.size == 1:
        return SK.exact_one_free(int(free[0]), blocks, *args)  # type: ignore[no-any-return]
    radix = np.array([comb(tab.rest.size, int(m)) for m in tab.need], np.int64)
    return SK.exact_all(total, blocks, radix, tab.need.astype(np.int64), *args)  # type: ignore[no-any-return]


def _check_reachable(tab: Table) -> None:
    """Refuse classes dealt so rarely that redealing would take forever."""
    p0 = class_frequency(tab.seats[0].cls, tab.ev) if tab.nknown[0] == 0 else 1.0
    rest = prod(class_frequency(s.cls, tab.ev) for s in tab.seats[1:] if s.cls is not ANY and not s.cards)
    for what, p in (("the first hand's class", p0), ("the other seats' classes together", rest)):
        if p < MIN_ACCEPT:
            raise EquityError(f"{what} is dealt {p:.2g} of the time; too rare to sample by redealing "
                              f"(at least {MIN_ACCEPT:g} needed)")


@lru_cache(maxsize=1)
def _binom() -> np.ndarray:
    from analyzer.kernels.combinatorics import binomial_table

    return binomial_table(64, 8)
