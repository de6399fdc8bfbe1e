"""The shared shape of the OpenSpiel wrappers: the deal at chance nodes, then a project state
(:class:`analyzer.games.state.GameState`) played by the players, every draw from the stock one
more chance node.

A wrapped game deals the cards that start in play (the hands, a turned card) at chance nodes, one
card a node (each card still in the pack equally likely; a two-deck pack offers each code with its
count). The rest of the pack is the stock: the project state holds it in a placeholder order, and
when a move makes someone draw (durak's refill, the 54-card game's draw after a trick, Remi's
stock), the move waits while chance draws each hidden card from what is left, those cards are put
on top of the stock, and only then the engine plays the move. A lot for the first player, if the
rules draw one, is one more chance node after the deal; the returns are the project's scoring.
``resample_from_infostate`` asks the game's own consistent-world sampler for the cards ``player``
cannot see (the stock's cards follow the world); the copy keeps the history of the original (its
deal outcomes are not the resampled world's), which is all ISMCTS reads.

>>> from analyzer.openspiel.base import deck_counts
>>> deck_counts([3, 1, 3])
{1: 1, 3: 2}
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from analyzer.openspiel.spiel import SpielGame, SpielState, pyspiel
from analyzer.openspiel.tensors import TensorObserver

__all__ = ["DECK_PREFIX", "PackGame", "PackState", "deck_counts", "deck_name", "deck_param", "rng_from"]

DECK_PREFIX = "cards"  # OpenSpiel's game strings read a value starting with a digit as a number


def deck_param(name: str) -> str:
    """A deck name as a game-string value: ``36+2`` → ``cards36+2``.

    >>> deck_param("36+2"), deck_name("cards36+2"), deck_name("52")
    ('cards36+2', '36+2', '52')
    """
    return DECK_PREFIX + name


def deck_name(value: object) -> str:
    """The deck name of a game-string value (the prefix is optional)."""
    text = str(value)
    return text[len(DECK_PREFIX):] if text.startswith(DECK_PREFIX) else text


def deck_counts(cards: Iterable[int]) -> dict[int, int]:
    """A pack as a multiset: card code → copies, in code order."""
    out: dict[int, int] = {}
    for c in sorted(int(x) for x in cards):
        out[c] = out.get(c, 0) + 1
    return out


def rng_from(sampler: Any) -> np.random.Generator:
    """A NumPy generator seeded from an OpenSpiel probability sampler (or a float, or None)."""
    u = sampler() if callable(sampler) else (sampler if sampler is not None else np.random.random())
    return np.random.default_rng(int(float(u) * 2**53))


class PackGame(SpielGame):
    """A pyspiel game whose states deal ``pack`` (a multiset of card codes) ``needed`` cards at chance
    nodes, then play a project state; subclasses make the state (:meth:`make_state`)."""

    state_class: type[PackState]

    def __init__(self, game_type: Any, game_info: Any, params: dict[str, Any]) -> None:
        super().__init__(game_type, game_info, params)
        self.params_used = dict(params)

    @staticmethod
    def game_type(short_name: str, long_name: str, max_players: int, params: dict[str, Any]) -> Any:
        """The ``pyspiel.GameType`` every wrapped game shares: sequential, dealt at explicit chance
        nodes, imperfect information, general-sum returns at the end, information-state and
        observation strings; 2 to ``max_players`` players, ``params`` the parameters' defaults."""
        return pyspiel.GameType(
            short_name=short_name, long_name=long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max_players, min_num_players=2,
            provides_information_state_string=True, provides_information_state_tensor=True,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification=params)

    def new_initial_state(self) -> PackState:
        return self.state_class(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TensorObserver:
        return TensorObserver(self.tensor_layout(), iig_obs_type, params)

    # --- what a subclass supplies -----------------------------------------------------------
    def pack(self) -> dict[int, int]:
        """The deck as card code → copies."""
        raise NotImplementedError

    def needed(self) -> int:
        """How many cards of the pack the deal gives out (the rest is the stock, or never plays)."""
        raise NotImplementedError

    def tensor_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The pieces of the observation tensor, in order: name and shape."""
        raise NotImplementedError


class PackState(SpielState):
    """Chance deals ``game.needed()`` cards, then :meth:`start` builds ``inner`` (the project state)."""

    def __init__(self, game: PackGame) -> None:
        super().__init__(game)
        self.pack: list[int] = []
        self.left = dict(game.pack())
        self.need = game.needed()
        self.lot: list[int] = []  # seats a pending lot chooses among
        self.inner: Any = None
        self.waiting = -1  # a move that makes someone draw, played once chance has drawn the cards
        self.due = 0  # how many hidden cards that move draws
        self.drawn: list[int] = []  # the cards chance has drawn for it so far

    @property
    def game_ref(self) -> Any:
        """The game (not kept in the state: a copy of a state gets it back from OpenSpiel)."""
        return self.get_game()

    # --- chance ------------------------------------------------------------------------------
    def in_chance(self) -> bool:
        return self.inner is None or self.due > 0

    def current_player(self) -> int:
        if self.in_chance():
            return int(pyspiel.PlayerId.CHANCE)
        if self.inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.inner.current_player())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.lot:
            return [(s, 1.0 / len(self.lot)) for s in self.lot]
        total = sum(self.left.values())
        return [(c, n / total) for c, n in self.left.items() if n]

    def _legal_actions(self, player: int) -> list[int]:
        if self.in_chance() or self.inner.is_terminal():
            return []
        return sorted(self.to_spiel(a) for a in self.inner.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.lot:
            if action not in self.lot:
                raise pyspiel.SpielError(f"lot outcome {action} not among {self.lot}")
            self.lot = []
            self.inner = self.start(self.pack, int(action))
            return
        if self.in_chance():
            if self.left.get(action, 0) <= 0:
                raise pyspiel.SpielError(f"card {action} is not left in the pack")
            self.left[action] -= 1
            if self.due:
                self._draw(int(action))
                return
            self.pack.append(int(action))
            if len(self.pack) == self.need:
                self.lot = self.lot_seats(self.pack)
                if not self.lot:
                    self.inner = self.start(self.pack, -1)
            return
        move = self.to_inner(int(action))
        due = self.hidden_draws(move) if any(self.left.values()) else 0
        if due:
            if move not in self.inner.legal_actions():
                raise pyspiel.SpielError(f"illegal move {action}")
            self.waiting, self.due, self.drawn = int(action), due, []
            return
        self.inner.apply_action(move)

    def _draw(self, card: int) -> None:
        """Chance drew ``card`` for the waiting move; when all are drawn, stack them and play it."""
        self.drawn.append(card)
        if len(self.drawn) < self.due:
            return
        hidden = self.hidden_stock(self.inner)
        for i, c in enumerate(self.drawn):
            j = hidden.index(c, i)
            hidden[i], hidden[j] = hidden[j], hidden[i]
        self.set_hidden_stock(self.inner, hidden)
        move = self.to_inner(self.waiting)
        self.waiting, self.due, self.drawn = -1, 0, []
        self.inner.apply_action(move)

    def rest(self) -> list[int]:
        """The cards not dealt, in code order (the stock's placeholder order)."""
        return [c for c, n in self.left.items() for _ in range(n)]

    def is_terminal(self) -> bool:
        return self.inner is not None and not self.due and bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return [float(x) for x in self.inner.returns()]

    def rewards(self) -> list[float]:
        return self.returns() if self.is_terminal() else [0.0] * self.get_game().num_players()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.lot:
                return f"lot: seat {action}"
            return f"{'draw' if self.inner is not None else 'deal'} {self.card_text(action)}"
        if self.inner is None:
            return str(action)
        return str(self.inner.action_to_string(self.to_inner(action)))

    def __str__(self) -> str:
        if self.inner is None:
            return f"dealing: {len(self.pack)} of {self.need} cards"
        return "\n".join(self.info_text(s) for s in range(self.get_game().num_players()))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PackState:
        """A copy in which the cards ``player_id`` cannot see are redealt by the project's sampler."""
        out = self.clone()
        if self.inner is not None and not self.due and not self.inner.is_terminal():
            out.inner = self.world(int(player_id), rng_from(probability_sampler))
            if self.draws() and any(self.left.values()):  # the world's stock is what chance draws from
                out.left = deck_counts(self.hidden_stock(out.inner))
        return out

    # --- views -------------------------------------------------------------------------------
    def info_text(self, player: int) -> str:
        if self.inner is None:
            return f"seat {player}; dealing {len(self.pack)} of {self.need}"
        text = self.inner_info(player)
        if self.due:
            text += f" | drawing {len(self.drawn)} of {self.due} after {self._action_to_string(-9, self.waiting)}"
        return text

    def fill_tensor(self, player: int, views: dict[str, np.ndarray]) -> None:
        """Write what ``player`` knows into the zeroed pieces ``views`` (see ``tensor_layout``)."""
        views["seat"][player] = 1
        views["dealt"][0] = len(self.pack)
        if self.due:
            views["drawing"][:] = (len(self.drawn), self.due, self.waiting + 1)
        if self.inner is not None:
            self.inner_tensor(player, views)

    def observation_text(self, player: int) -> str:
        return self.info_text(player)

    # --- what a subclass supplies -----------------------------------------------------------
    def start(self, pack: Sequence[int], first: int) -> Any:
        """The project state from the dealt pack (``first``: the lot's seat, -1 when none)."""
        raise NotImplementedError

    def lot_seats(self, pack: Sequence[int]) -> list[int]:
        """Seats a lot must choose among before play (empty: no lot)."""
        return []

    def to_inner(self, action: int) -> int:
        return action

    def to_spiel(self, action: int) -> int:
        return action

    def card_text(self, card: int) -> str:
        return str(card)

    def inner_info(self, player: int) -> str:
        return str(self.inner.information_state(player))

    def inner_tensor(self, player: int, views: dict[str, np.ndarray]) -> None:
        """The tensor of :meth:`inner_info`: the same information as planes and scalars."""
        raise NotImplementedError

    def draws(self) -> bool:
        """Whether moves draw from the stock in this game."""
        return False

    def hidden_draws(self, move: int) -> int:
        """How many hidden stock cards the engine's ``move`` draws (the turned card is not hidden)."""
        if not self.draws():
            return 0
        after = self.copy_inner()
        after.apply_action(move)
        return len(self.hidden_stock(self.inner)) - len(self.hidden_stock(after))

    def hidden_stock(self, inner: Any) -> list[int]:
        """The stock's hidden cards of project state ``inner``, the next to draw first."""
        return []

    def set_hidden_stock(self, inner: Any, cards: Sequence[int]) -> None:
        """Put ``cards`` (a reordering of :meth:`hidden_stock`) back in ``inner``'s stock."""

    def world(self, player: int, rng: np.random.Generator) -> Any:
        return self.inner.resample(player, rng)

    def copy_inner(self) -> Any:
        return copy.deepcopy(self.inner)
