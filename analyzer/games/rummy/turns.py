"""Turns to open: a table simulation of the drawing phase of Remi 51, in one numba kernel.

Seats 0..P-1 (seat 0 is the player after the dealer) get 14 cards, seat 0 a 15th and starts by
discarding. Each later turn draws the top of the stock or of the discard pile (by the seat's
policy, :mod:`analyzer.games.rummy.policy`) and discards the card that costs least. Nobody
melds in the first round, so a seat can first open on its own turn 2. When the stock runs out
the discard pile is turned over to become the stock (its first card discarded on top). Seats
do not lay down here: the simulation records, for every seat, its first own turn whose hand
(after the draw) has an opening value of at least 51, and stops when every seat has reached
that or after ``max_turns`` rounds. With ``rotate`` every deal is replayed once per rotation of
the policies round the table, so that policies are compared on the same cards from every seat.

>>> r = turns_to_open(players=3, trials=200, seed=1, chunk_size=100, quiet=True)
>>> r.hist.shape, int(r.hist[0].sum())
((3, 42), 200)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.checkpoint import outcome_problem
from analyzer.defaults import CHUNK
from analyzer.engine import run
from analyzer.games.rummy.kernels import MAX_MELDS, MELD_WIDTH
from analyzer.games.rummy.policy import GREEDY, POLICIES, choose_discard
from analyzer.games.rummy.solver import OPENING, RummyError, joker_cap, rummy_deck
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import shuffle
from analyzer.results import TableResult
from analyzer.stats import ProportionEstimate, estimate_pairs, proportion

__all__ = ["MAX_TURNS", "TurnsResult", "TurnsTask", "parse_policies", "turns_chunk", "turns_to_open"]

MAX_TURNS = 40
HAND = 14


@kernel
def deal_table(state, pack, hands, stock, players):
    """Shuffle ``pack``, deal 14 cards a seat and a 15th to seat 0; the rest to ``stock``.

    Returns the number of cards in the stock (drawn from index 0 up)."""
    shuffle(state, pack)
    hands[:] = 0
    pos = 0
    for s in range(players):
        for _ in range(HAND):
            hands[s, pack[pos]] += 1
            pos += 1
    hands[0, pack[pos]] += 1
    pos += 1
    n = pack.shape[0] - pos
    for k in range(n):
        stock[k] = pack[pos + k]
    return n


@kernel
def _one_table(state, pack, hands, stock, pile, free, melds, first, own, policies, cap, max_turns,
               first_only):
    """Deal and play one table until every seat can open (or the first, or the round cap);
    ``first[s]`` gets seat s's first turn able to open (0: none). Returns the table's first."""
    players = policies.shape[0]
    n_stock = deal_table(state, pack, hands, stock, players)
    top = 0
    n_pile = 0
    first[:] = 0
    own[:] = 0
    done = 0
    table_first = 0
    seat = 0
    while True:
        own[seat] += 1
        t = own[seat]
        if t > max_turns:
            break
        h = hands[seat]
        if seat == 0 and t == 1:
            disc, value = choose_discard(h, cap, free, melds)
        else:
            took = False
            if policies[seat] == GREEDY and n_pile > 0:
                d = pile[n_pile - 1]
                h[d] += 1
                disc, value = choose_discard(h, cap, free, melds)
                if disc != d:
                    took = True
                    n_pile -= 1
                else:
                    h[d] -= 1
            if not took:
                if top == n_stock:  # turn the discard pile over
                    for k in range(n_pile):
                        stock[k] = pile[k]
                    n_stock = n_pile
                    n_pile = 0
                    top = 0
                    if n_stock == 0:
                        break
                h[stock[top]] += 1
                top += 1
                disc, value = choose_discard(h, cap, free, melds)
        if t >= 2 and first[seat] == 0 and value >= OPENING:
            first[seat] = t
            done += 1
            if table_first == 0:
                table_first = t
        if done == players or (first_only and table_first > 0):
            break
        h[disc] -= 1
        pile[n_pile] = disc
        n_pile += 1
        seat += 1
        if seat == players:
            seat = 0
    return table_first


@kernel(nogil=True)
def turns_chunk(state, n, deck, policies, cap, max_turns, first_only, rotate=False):
    """``n`` deals; counts of each seat's first turn able to open (index ``max_turns + 1``: not
    within the cap), then of the first such turn at the table, then of each policy slot's
    (with ``rotate`` every deal is replayed once per rotation of the policies round the table)."""
    players = policies.shape[0]
    nt = max_turns + 2
    out = np.zeros((2 * players + 1) * nt, np.int64)
    pack = deck.copy()
    hands = np.zeros((players, 55), np.int64)
    stock = np.empty(pack.shape[0], np.int64)
    pile = np.empty(pack.shape[0], np.int64)
    free = np.zeros(55, np.int64)
    melds = np.zeros((MAX_MELDS, MELD_WIDTH), np.int64)
    first = np.zeros(players, np.int64)
    own = np.zeros(players, np.int64)
    seat_pol = policies.copy()
    saved = state.copy()
    after = state.copy()
    for _ in range(n):
        copy_into(saved, state)
        for rep in range(players if rotate else 1):
            copy_into(state, saved)  # every rotation deals the same cards
            copy_into(pack, deck)
            for s in range(players):
                seat_pol[s] = policies[(s + rep) % players]
            table_first = _one_table(state, pack, hands, stock, pile, free, melds, first, own, seat_pol, cap,
                                     max_turns, first_only)
            if rep == 0:
                copy_into(after, state)
            for s in range(players):
                t_open = first[s] if first[s] > 0 else max_turns + 1
                out[s * nt + t_open] += 1
                out[(players + 1 + (s + rep) % players) * nt + t_open] += 1
            out[players * nt + (table_first if table_first > 0 else max_turns + 1)] += 1
        copy_into(state, after)
    return out


@dataclass(frozen=True)
class TurnsTask:
    """Engine task: the deck (codes), each seat's policy code, joker cap, round cap."""

    deck: np.ndarray
    policies: np.ndarray
    cap: int
    max_turns: int = MAX_TURNS
    first_only: bool = False
    rotate: bool = False

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return turns_chunk(state, n, self.deck, self.policies, self.cap, self.max_turns, self.first_only,
                           self.rotate)

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` deals: every histogram row counts each deal
        once (once per rotation with ``rotate``)."""
        players, width = self.policies.shape[0], self.max_turns + 2
        rows = {f"histogram row {r}": slice(r * width, (r + 1) * width) for r in range(2 * players + 1)}
        return outcome_problem(totals, trials, rows, players if self.rotate else 1)

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """P(seat s can open by its turn t) for t = 5, 10, 15 and every seat."""
        players = self.policies.shape[0]
        hist = totals.reshape(2 * players + 1, self.max_turns + 2)
        return estimate_pairs((f"seat{s}_by_{t}", proportion(int(hist[s, : t + 1].sum()), int(hist[s].sum())))
                              for s in range(players) for t in (5, 10, 15) if t <= self.max_turns)


def parse_policies(policy: str | list[str], players: int) -> np.ndarray:
    """One policy code per seat from a name (every seat) or a comma-separated list (seat by seat).

    >>> parse_policies("greedy,stock-only", 2).tolist()
    [1, 0]
    """
    names = policy if isinstance(policy, list) else [p.strip() for p in str(policy).split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise RummyError(f"{len(names)} policies given for {players} players")
    codes = []
    for name in names:
        if name not in POLICIES:
            raise RummyError(f"unknown policy {name!r} (known: {', '.join(POLICIES)})")
        codes.append(POLICIES[name])
    return np.array(codes, dtype=np.int64)


def check_players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not 2 <= players <= 11:
        raise RummyError(f"Remi 51 seats 2 to 7 players (8 to 11 with three packs), got {players!r}")
    return int(players)


def check_range(value: int, name: str, low: int, high: int) -> int:
    """``value`` as an int when it is a whole number from ``low`` to ``high``, else a :class:`RummyError`.

    >>> check_range(30, "max_turns", 2, 500)
    30
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise RummyError(f"{name} must be {low:,} to {high:,}, got {value!r}")
    return int(value)


def table_setup(players: int, deck: str, policy: str | list[str]) -> tuple[int, Any, np.ndarray]:
    """The checked seat count, the deck and the policy codes of a table (shared by the simulations)."""
    players = check_players(players)
    spec = rummy_deck(deck)
    if players * HAND + 1 >= spec.size:
        raise RummyError(f"deck {spec.name} is too small for {players} players")
    return players, spec, parse_policies(policy, players)


@dataclass(frozen=True)
class TurnsResult(TableResult):
    """Per-seat histograms of the first turn able to open (column ``max_turns + 1``: later);
    ``to_frame()``: the summary rows."""

    players: int
    policies: tuple[str, ...]
    deck: str
    max_turns: int
    hist: np.ndarray        # [seat, turn]
    table_hist: np.ndarray  # [turn] of the first seat able to open
    slot_hist: np.ndarray   # [policy slot, turn] (the same as by seat unless rotating)
    rotate: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def trials(self) -> int:
        return int(self.table_hist.sum())

    def by_turn(self, seat: int | None, t: int, slot: bool = False) -> ProportionEstimate:
        """P(seat can open by its own turn t); ``seat=None``: some seat at the table; ``slot``:
        the seat-th policy of a rotated run, from every seat."""
        h = self.table_hist if seat is None else (self.slot_hist if slot else self.hist)[seat]
        return proportion(int(h[: t + 1].sum()), int(h.sum()))

    def curve_rows(self) -> list[dict[str, Any]]:
        """P(open by turn t) for every seat and the table, t = 2 .. max_turns."""
        rows = []
        for t in range(2, self.max_turns + 1):
            row: dict[str, Any] = {"turn": t}
            for s in range(self.players):
                row[f"seat{s}"] = self.by_turn(s, t).estimate
            row["any_seat"] = self.by_turn(None, t).estimate
            rows.append(row)
        return rows

    def summary(self) -> dict[str, Any]:
        return {"players": self.players, "policies": list(self.policies), "deck": self.deck,
                "max_turns": self.max_turns, "rotate": self.rotate, "trials": self.trials}

    def rows(self) -> list[dict[str, Any]]:
        return self.summary_rows()

    def summary_rows(self) -> list[dict[str, Any]]:
        """Per seat (then per policy slot when rotating): P(open by turn 2 / 5 / 10) with CIs,
        the median and mean turn, the share not open by the cap."""
        rows = []
        keys: list[tuple[str, int | None]] = [("seat", s) for s in range(self.players)] + [("seat", None)]
        if self.rotate:
            keys += [("slot", s) for s in range(self.players)]
        for kind, s in keys:
            h = self.table_hist if s is None else (self.slot_hist if kind == "slot" else self.hist)[s]
            cum = np.cumsum(h) / h.sum()
            median = int(np.searchsorted(cum, 0.5)) if cum[self.max_turns] >= 0.5 else None
            who = "any seat" if s is None else f"{kind}{s}"
            policy = "-" if s is None else ("rotated" if self.rotate and kind == "seat" else self.policies[s])
            row: dict[str, Any] = {"who": who, "policy": policy}
            for t in (2, 5, 10):
                e = self.by_turn(s, t, kind == "slot")
                row[f"p_by_{t}"] = e.estimate
                row[f"ci_low_{t}"] = e.ci_low
                row[f"ci_high_{t}"] = e.ci_high
            row["median_turn"] = median if median is not None else f">{self.max_turns}"
            opened = h[: self.max_turns + 1]
            row["mean_turn_if_opened"] = (float((opened * np.arange(opened.size)).sum() / opened.sum())
                                          if opened.sum() else float("nan"))
            row["p_not_by_cap"] = float(h[self.max_turns + 1] / h.sum())
            row["trials"] = int(h.sum())
            rows.append(row)
        return rows


def turns_to_open(players: int = 4, policy: str | list[str] = "greedy", deck: str = "2x52+2",
                  trials: int | None = None, seed: int = 0, cap: int | None = None,
                  max_turns: int = MAX_TURNS, chunk_size: int = CHUNK["rummy turns"], first_only: bool = False,
                  rotate: bool = False, **engine: Any) -> TurnsResult:
    """Simulate ``trials`` deals at a table of ``players`` (see the module notes)."""
    players, spec, codes = table_setup(players, deck, policy)
    max_turns = check_range(max_turns, "max_turns", 2, 500)
    if trials is None and engine.get("target_se") is None and engine.get("target_rel_se") is None:
        trials = 10_000
    task = TurnsTask(spec.cards.astype(np.int64), codes, joker_cap(cap), int(max_turns), bool(first_only),
                     bool(rotate))
    res = run(task, trials=trials, seed=seed, chunk_size=chunk_size, **engine)
    hist = np.asarray(res.totals, dtype=np.int64).reshape(2 * players + 1, max_turns + 2)
    names = {v: k for k, v in POLICIES.items()}
    extra = {"trials": res.trials, "chunks": res.chunks_done, "chunk_size": chunk_size,
             "stop": res.stop_reason, "seed": seed, "opening": OPENING, **res.precision}
    return TurnsResult(players, tuple(names[int(c)] for c in codes), spec.name, int(max_turns),
                       hist[:players].copy(), hist[players].copy(), hist[players + 1:].copy(), bool(rotate), extra)
