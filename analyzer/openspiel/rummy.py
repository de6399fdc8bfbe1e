"""Remi 51 as an OpenSpiel game (``joker_odds_rummy``), over :class:`RummyState`.

The pack is dealt at chance nodes (seat s gets cards 14·s … 14·s+13, seat 0 the next as his
15th, the rest is the stock, top first; a two-deck pack offers each code with its count). Moves
are the project's: :data:`~analyzer.games.rummy.state.STOCK` (100) or
:data:`~analyzer.games.rummy.state.PILE` (101) to draw, a card code to discard; laying down is the
engine's ``open-asap`` rule between the two. Returns are minus the deal's scores. Parameters:
``players``, ``deck`` (``cards2x52+2`` or ``cards3x52+3``), ``cap`` (jokers per meld, 3: any),
``joker_points``, ``max_turns``.

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
from analyzer.games.rummy.state import PILE, RummyState
from analyzer.openspiel.base import PackGame, PackState, deck_counts, deck_name, deck_param
from analyzer.openspiel.spiel import pyspiel

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
        return int(self.template.deck.size)


class RummySpielState(PackState):
    """One deal: the pack at chance nodes, then :class:`RummyState`."""

    def start(self, pack: Sequence[int], first: int) -> RummyState:
        st = self.game_ref.template.clone()
        p = st.num_players
        st.hands[:] = 0
        for s in range(p):
            np.add.at(st.hands[s], np.asarray(pack[s * HAND:(s + 1) * HAND], np.int64), 1)
        st.hands[0, pack[p * HAND]] += 1
        rest = np.asarray(pack[p * HAND + 1:], np.int64)
        st.stock[:] = 0
        st.stock[:rest.size] = rest
        st.meta[g.M_NSTOCK], st.meta[g.M_TOP] = rest.size, 0
        return st

    def card_text(self, card: int) -> str:
        return format_card(card)

    def world(self, player: int, rng: np.random.Generator) -> RummyState:
        return self.inner.resample(player, rng)


RummyGame.state_class = RummySpielState
