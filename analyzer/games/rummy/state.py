"""Remi 51 move by move: a :class:`~analyzer.games.state.GameState` over the deal kernels.

Moves are a seat's choices: draw from the stock (:data:`STOCK`) or take the top of the discard
pile (:data:`PILE`), then throw a card (its code; a hand of jokers only is thrown whole, going
out). Laying down follows the ``open-asap`` heuristic of :mod:`analyzer.games.rummy.game`
between the draw and the discard. ``returns`` are minus the deal's scores (higher is better).

>>> from analyzer.games.state import play_out
>>> s = RummyState(players=3, seed=4)
>>> r = play_out(s, [heuristic_policy("greedy")] * 3, np.random.default_rng(0))
>>> s.is_terminal(), len(r)
(True, 3)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from analyzer.cards import format_card
from analyzer.games.rummy import game as g
from analyzer.games.rummy.kernels import MAX_MELDS, MELD_WIDTH
from analyzer.games.rummy.policy import POLICIES, choose_discard
from analyzer.games.rummy.solver import RummyError, joker_cap, rummy_deck
from analyzer.games.rummy.turns import check_players
from analyzer.games.state import TERMINAL, GameState
from analyzer.kernels.rng import seed_words

__all__ = ["PILE", "STOCK", "RummyState", "heuristic_policy", "random_policy"]

STOCK = 100
PILE = 101


def _hand_text(counts: np.ndarray) -> str:
    return " ".join(format_card(c) for c in range(55) for _ in range(int(counts[c])))


def _meld_text(row: np.ndarray) -> str:
    kind, key, lo, hi, nat, jok = (int(x) for x in row)
    if kind == 1:
        cards = []
        for p in range(lo, hi + 1):
            code = 48 + key if p in (0, 13) else (p - 1) * 4 + key
            cards.append(f"Jk({format_card(code)})" if (jok >> p) & 1 else format_card(code))
        return " ".join(cards)
    return " ".join([format_card(key * 4 + s) for s in range(4) if (nat >> s) & 1] + ["Jk"] * jok)


class RummyState:
    """A deal of Remi 51 in progress (see the module notes)."""

    def __init__(self, players: int = 4, deck: str = "2x52+2", seed: int = 0, cap: int | None = None,
                 joker_points: int = 10, max_turns: int = 1000) -> None:
        self.num_players = check_players(players)
        spec = rummy_deck(deck)
        if self.num_players * 14 + 1 >= spec.size:
            raise RummyError(f"deck {spec.name} is too small for {players} players")
        self.deck = spec.cards.astype(np.int64)
        (self.hands, self.stock, self.pile, self.table, self.tjok, self.opened, self.own,
         self.meta) = g.new_state_arrays(self.num_players, self.deck.size)
        self.free = np.zeros(55, np.int64)
        self.rows = np.zeros((MAX_MELDS, MELD_WIDTH), np.int64)
        g.start_deal(seed_words(int(seed)), self.deck.copy(), self.hands, self.stock, self.pile, self.table,
                     self.tjok, self.opened, self.own, self.meta, self.num_players, joker_cap(cap),
                     int(max_turns), int(joker_points))

    # --- the interface -------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else int(self.meta[g.M_SEAT])

    def is_terminal(self) -> bool:
        return bool(self.meta[g.M_PHASE] == g.OVER)

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.meta[g.M_PHASE] == g.DRAW:
            return [STOCK, PILE] if self.meta[g.M_NPILE] > 0 else [STOCK]
        h = self.hands[self.current_player()]
        return [c for c in range(55) if h[c] > 0]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise RummyError(f"illegal move {action!r} for seat {self.current_player()}")
        if self.meta[g.M_PHASE] == g.DRAW:
            g.draw(int(action == PILE), self.hands, self.stock, self.pile, self.table, self.tjok, self.opened,
                   self.own, self.meta, self.free, self.rows)
        else:
            g.discard(int(action), self.hands, self.pile, self.own, self.meta)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        out = np.zeros(self.num_players, np.int64)
        g.scores(self.hands, self.meta, out)
        return [float(-x) for x in out]

    def action_to_string(self, action: int) -> str:
        if action == STOCK:
            return "draw stock"
        if action == PILE:
            return f"take {format_card(int(self.pile[self.meta[g.M_NPILE] - 1]))}"
        return f"discard {format_card(int(action))}"

    def information_state(self, player: int) -> str:
        m = self.meta
        lines = [f"seat {player} hand: {_hand_text(self.hands[player])}",
                 "hand sizes: " + " ".join(str(int(self.hands[s].sum())) for s in range(self.num_players)),
                 "opened: " + " ".join(str(int(x)) for x in self.opened),
                 f"stock: {int(m[g.M_NSTOCK] - m[g.M_TOP])}",
                 "pile top: " + (format_card(int(self.pile[m[g.M_NPILE] - 1])) if m[g.M_NPILE] else "-")]
        lines += [f"meld {t}: {_meld_text(self.table[t])}" for t in range(int(m[g.M_NTABLE]))]
        return "\n".join(lines)

    def clone(self) -> RummyState:
        other = object.__new__(RummyState)
        other.__dict__ = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in self.__dict__.items()}
        return other

    def resample(self, player: int, rng: np.random.Generator) -> RummyState:
        """The other hands and the stock redealt at random (sizes kept); all else is public."""
        other = self.clone()
        m = other.meta
        pool: list[int] = []
        for s in range(self.num_players):
            if s != player:
                pool += [c for c in range(55) for _ in range(int(other.hands[s, c]))]
        stock = [int(x) for x in other.stock[m[g.M_TOP]:m[g.M_NSTOCK]]]
        pool += stock
        cards = rng.permutation(np.array(pool, dtype=np.int64))
        k = 0
        for s in range(self.num_players):
            if s != player:
                n = int(other.hands[s].sum())
                other.hands[s] = 0
                np.add.at(other.hands[s], cards[k:k + n], 1)
                k += n
        other.stock[m[g.M_TOP]:m[g.M_NSTOCK]] = cards[k:]
        return other

    # --- for people -----------------------------------------------------------------------
    def total_cards(self) -> np.ndarray:
        """Counts by code of every card in hands, stock, pile and on the table (the invariant)."""
        m = self.meta
        tot = self.hands.sum(axis=0).copy()
        np.add.at(tot, self.stock[m[g.M_TOP]:m[g.M_NSTOCK]], 1)
        np.add.at(tot, self.pile[:m[g.M_NPILE]], 1)
        for t in range(int(m[g.M_NTABLE])):
            kind, key, lo, hi, nat, _ = (int(x) for x in self.table[t])
            if kind == 1:
                for p in range(lo, hi + 1):
                    if (nat >> p) & 1:
                        tot[48 + key if p in (0, 13) else (p - 1) * 4 + key] += 1
            else:
                for s in range(4):
                    if (nat >> s) & 1:
                        tot[key * 4 + s] += 1
        return tot + self.tjok


def heuristic_policy(name: str = "greedy") -> Callable[[GameState, np.random.Generator], int]:
    """The kernels' policy ``name`` (stock-only or greedy) with the least-cost discard."""
    if name not in POLICIES:
        raise RummyError(f"unknown policy {name!r} (known: {', '.join(POLICIES)})")
    code = POLICIES[name]

    def policy(state: GameState, rng: np.random.Generator) -> int:
        assert isinstance(state, RummyState)
        seat = state.current_player()
        if state.meta[g.M_PHASE] == g.DRAW:
            take = g.policy_draw(seat, state.hands, state.pile, state.meta, code, state.free, state.rows)
            return PILE if take else STOCK
        h = state.hands[seat]
        if h[52:].sum() == h.sum():
            return int(next(c for c in (52, 53, 54) if h[c] > 0))
        card, _ = choose_discard(h, int(state.meta[g.M_CAP]), state.free, state.rows)
        return int(card)

    return policy


def random_policy(state: GameState, rng: np.random.Generator) -> int:
    """A uniformly random legal move."""
    moves = state.legal_actions()
    return int(moves[int(rng.integers(len(moves)))])
