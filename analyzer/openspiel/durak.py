"""Durak with two jokers as an OpenSpiel game (``joker_odds_durak``), over :class:`DurakState`.

The hands and the turned card are dealt at chance nodes (seat s gets cards s·H … s·H+H−1, the
next is turned and laid under the stock); when the lowest trump ties (or nobody holds one), a lot
for the first attacker is one more chance node. Each card drawn from the stock when the hands are
refilled after a bout is a chance node too (uniform over the unseen stock; the turned card comes
last and is no chance). Moves are the project's: a card code 0..53, 54 take, 55 pass. Returns: −1
for the fool, 0 for the others. Parameters: every key of the shipped ``durak.toml``. The tensor:
one-hot planes over the 54 codes (own hand, table, discard, turned card, each other seat's cards
seen), hand sizes, the stock's size, attacker, defender and phase.

>>> import pyspiel
>>> from analyzer.openspiel.registry import register_all
>>> register_all()
>>> g = pyspiel.load_game("joker_odds_durak", {"players": 3})
>>> g.num_players(), g.num_distinct_actions()
(3, 56)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import numpy as np

from analyzer.cards import format_card
from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.rules import DurakRules, durak_rules
from analyzer.games.durak.state import DurakState, tables_for
from analyzer.openspiel.base import PackGame, PackState, deck_counts, deck_name, deck_param
from analyzer.openspiel.spiel import pyspiel
from analyzer.openspiel.tensors import mask_plane, one_hot, pack_layout

__all__ = ["DURAK_GAME", "DurakGame", "DurakSpielState", "durak_game_type", "durak_params"]

DURAK_GAME = "joker_odds_durak"
MAX_LENGTH = 5000


def durak_params() -> dict[str, Any]:
    """The game parameters: every durak rule key with the shipped default."""
    base = durak_rules()
    out = {f.name: getattr(base, f.name) for f in fields(DurakRules)}
    out["deck"] = deck_param(out["deck"])
    return out


def durak_game_type() -> Any:
    return PackGame.game_type(DURAK_GAME, "Durak with two jokers (joker-odds)", 6, durak_params())


class DurakGame(PackGame):
    """``joker_odds_durak`` with the given rule keys."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**durak_params(), **(params or {})}
        self.rules = durak_rules(overrides={k: deck_name(v) if k == "deck" else v for k, v in p.items()})
        self.tab = np.array(tables_for(self.rules))
        info = pyspiel.GameInfo(num_distinct_actions=56, max_chance_outcomes=54, num_players=self.rules.players,
                                min_utility=-1.0, max_utility=0.0, utility_sum=None, max_game_length=MAX_LENGTH)
        super().__init__(durak_game_type(), info, p)

    def pack(self) -> dict[int, int]:
        return deck_counts(self.rules.deck_cards())

    def needed(self) -> int:
        return min(self.rules.players * self.rules.hand_size + 1, int(self.rules.deck_cards().size))

    def tensor_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.rules.players
        return [*pack_layout(n), ("hand", (54,)), ("table", (54,)), ("discard", (54,)), ("turned", (54,)),
                                 ("seen", (n, 54)), ("hand_sizes", (n,)), ("stock", (1,)),
                                 ("attacker", (n + 1,)), ("defender", (n + 1,)), ("phase", (5,))]


class DurakSpielState(PackState):
    """One durak game: the shuffle at chance nodes, then :class:`DurakState`."""

    def lot_seats(self, pack: Sequence[int]) -> list[int]:
        r = self.game_ref.rules
        n = r.players
        if r.first_attack == "seat0":
            return []
        if r.first_attack == "random":
            return list(range(n))
        h = r.hand_size
        turned = pack[n * h]
        ctx = 4 if turned == 52 else 5 if turned == 53 else turned & 3
        trumps = int(self.game_ref.tab[ctx, L.TRUMPS])
        low = {s: min(((c >> 2) for c in pack[s * h:(s + 1) * h] if c < 52 and trumps >> c & 1), default=99)
               for s in range(n)}
        best = min(low.values())
        seats = [s for s in range(n) if low[s] == best] if best < 99 else list(range(n))
        return seats if len(seats) > 1 else []

    def start(self, pack: Sequence[int], first: int) -> DurakState:
        if first < 0 and self.game_ref.rules.first_attack == "seat0":
            first = 0
        return DurakState.from_pack(self.game_ref.rules, list(pack) + self.rest(), first)

    def card_text(self, card: int) -> str:
        return format_card(card) if not self.lot else f"seat {card}"

    def world(self, player: int, rng: np.random.Generator) -> DurakState:
        return self.inner.resample(player, rng)

    def draws(self) -> bool:
        return True

    def hidden_stock(self, inner: DurakState) -> list[int]:
        S = inner.S
        return [int(c) for c in S[L.STOCK + S[L.SPOS]:L.STOCK + S[L.SLEN] - 1]]

    def set_hidden_stock(self, inner: DurakState, cards: Sequence[int]) -> None:
        S = inner.S
        S[L.STOCK + S[L.SPOS]:L.STOCK + S[L.SLEN] - 1] = cards

    def inner_tensor(self, player: int, views: dict[str, np.ndarray]) -> None:
        S = self.inner.S
        mask_plane(views["hand"], S[L.HAND + player])
        mask_plane(views["table"], S[L.TABLE])
        mask_plane(views["discard"], S[L.DISC])
        one_hot(views["turned"], S[L.TURNED])
        for q in range(self.inner.num_players):
            views["hand_sizes"][q] = bin(int(S[L.HAND + q])).count("1")
            if q != player:
                mask_plane(views["seen"][q], S[L.KNOWN + q])
        views["stock"][0] = self.inner.stock_left
        one_hot(views["attacker"], S[L.ATT], 1)
        one_hot(views["defender"], S[L.DEF], 1)
        one_hot(views["phase"], S[L.PHASE])


DurakGame.state_class = DurakSpielState
