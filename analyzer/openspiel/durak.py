"""Durak with two jokers as an OpenSpiel game (``joker_odds_durak``), over :class:`DurakState`.

The pack is dealt at chance nodes (seat s gets cards s·H … s·H+H−1, the next is turned, the rest
is the stock, top first); when the lowest trump ties (or nobody holds one), a lot for the first
attacker is one more chance node. Moves are the project's: a card code 0..53, 54 take, 55 pass.
Returns: −1 for the fool, 0 for the others. Parameters: every key of the shipped ``durak.toml``.

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
        return int(self.rules.deck_cards().size)


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
        return DurakState.from_pack(self.game_ref.rules, list(pack), first)

    def card_text(self, card: int) -> str:
        return format_card(card) if not self.lot else f"seat {card}"

    def world(self, player: int, rng: np.random.Generator) -> DurakState:
        return self.inner.resample(player, rng)



DurakGame.state_class = DurakSpielState
