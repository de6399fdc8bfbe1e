"""Remi 51 as an OpenSpiel game (``joker_odds_rummy``), over :class:`RummyState`.

The hands are dealt at chance nodes (seat s gets cards 14·s … 14·s+13, seat 0 the next as his
15th; a two-deck pack offers each code with its count); the rest is the stock, and each draw from
it is a chance node over the cards still unseen there (once it runs out the discard pile is turned
over, a known order: no chance). Moves are the project's:
:data:`~analyzer.games.rummy.state.STOCK` (100) or :data:`~analyzer.games.rummy.state.PILE` (101)
to draw, a card code to discard; laying down is the engine's ``open-asap`` rule between the two.
Returns are minus the deal's scores. Parameters: ``players``, ``deck`` (``cards2x52+2`` or
``cards3x52+3``), ``cap`` (jokers per meld, 3: any), ``joker_points``, ``max_turns``. The tensor:
own hand as counts over the 55 codes, hand sizes, who has opened, the stock's size, the pile's top
card, and the table's melds as the engine's rows (kind, key, places, natural and joker masks).

>>> import pyspiel
>>> from analyzer.openspiel.registry import register_all
>>> register_all()
>>> pyspiel.load_game("joker_odds_rummy", {"players": 3}).num_players()
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from analyzer.cards import format_card
from analyzer.games.rummy import game as g
from analyzer.games.rummy.solver import rummy_deck
from analyzer.games.rummy.state import PILE, STOCK, RummyState
from analyzer.openspiel.base import PackGame, PackState, deck_counts, deck_name, deck_param
from analyzer.openspiel.spiel import pyspiel
from analyzer.openspiel.tensors import one_hot, pack_layout

__all__ = ["RUMMY_GAME", "RummyGame", "RummySpielState", "rummy_game_type", "rummy_params"]

RUMMY_GAME = "joker_odds_rummy"
HAND = 14


def rummy_params() -> dict[str, Any]:
    """The game parameters with their defaults."""
    return {"players": 4, "deck": deck_param("2x52+2"), "cap": 3, "joker_points": 10, "max_turns": 1000}


def rummy_game_type() -> Any:
    return PackGame.game_type(RUMMY_GAME, "Remi 51 rummy (joker-odds)", 11, rummy_params())


class RummyGame(PackGame):
    """``joker_odds_rummy`` with the given parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**rummy_params(), **(params or {})}
        self.players, self.deck_name = int(p["players"]), deck_name(p["deck"])
        self.cap, self.joker_points, self.max_turns = int(p["cap"]), int(p["joker_points"]), int(p["max_turns"])
        self.template = RummyState(self.players, self.deck_name, 0, self.cap, self.joker_points, self.max_turns)
        n = int(self.template.deck.size)
        info = pyspiel.GameInfo(num_distinct_actions=PILE + 1, max_chance_outcomes=55, num_players=self.players,
                                min_utility=-5000.0, max_utility=400.0, utility_sum=None,
                                max_game_length=n + 2 * self.max_turns + 4)
        super().__init__(rummy_game_type(), info, p)

    def pack(self) -> dict[int, int]:
        return deck_counts(rummy_deck(self.deck_name).cards)

    def needed(self) -> int:
        return self.players * HAND + 1

    def tensor_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.players
        return [*pack_layout(n), ("hand", (55,)), ("hand_sizes", (n,)), ("opened", (n,)), ("stock", (1,)),
                                 ("pile_top", (56,)), ("melds", (g.MAX_TABLE, 6))]


class RummySpielState(PackState):
    """One deal: the pack at chance nodes, then :class:`RummyState`."""

    def start(self, pack: Sequence[int], first: int) -> RummyState:
        st = self.game_ref.template.clone()
        p = st.num_players
        st.hands[:] = 0
        for s in range(p):
            np.add.at(st.hands[s], np.asarray(pack[s * HAND:(s + 1) * HAND], np.int64), 1)
        st.hands[0, pack[p * HAND]] += 1
        rest = np.asarray(self.rest(), np.int64)
        st.stock[:] = 0
        st.stock[:rest.size] = rest
        st.meta[g.M_NSTOCK], st.meta[g.M_TOP] = rest.size, 0
        return st

    def card_text(self, card: int) -> str:
        return format_card(card)

    def world(self, player: int, rng: np.random.Generator) -> RummyState:
        return self.inner.resample(player, rng)

    def draws(self) -> bool:
        return True

    def hidden_draws(self, move: int) -> int:
        return 1 if move == STOCK else 0  # only asked while unseen cards are left in the stock

    def hidden_stock(self, inner: RummyState) -> list[int]:
        m = inner.meta
        return [int(c) for c in inner.stock[m[g.M_TOP]:m[g.M_NSTOCK]]]

    def set_hidden_stock(self, inner: RummyState, cards: Sequence[int]) -> None:
        m = inner.meta
        inner.stock[m[g.M_TOP]:m[g.M_NSTOCK]] = cards

    def inner_tensor(self, player: int, views: dict[str, np.ndarray]) -> None:
        st: RummyState = self.inner
        m = st.meta
        views["hand"][:] = st.hands[player]
        views["hand_sizes"][:] = st.hands.sum(axis=1)
        views["opened"][:] = st.opened
        views["stock"][0] = m[g.M_NSTOCK] - m[g.M_TOP]
        one_hot(views["pile_top"], st.pile[m[g.M_NPILE] - 1] if m[g.M_NPILE] else -1, 1)
        k = int(m[g.M_NTABLE])
        views["melds"][:k] = st.table[:k]


RummyGame.state_class = RummySpielState
