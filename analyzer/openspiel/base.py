"""The shared shape of the OpenSpiel wrappers: a pack dealt card by card at chance nodes, then a
project state (:class:`analyzer.games.state.GameState`) played by the players.

A wrapped game deals its pack at chance nodes, one card a node (each remaining card equally
likely; a two-deck pack offers each code with its count), so the shuffle is the chance event and
the cards drawn later come from that shuffled pack, hidden until drawn. When the pack is complete
the game builds its project state from it (a lot for the first player, if the rules draw one, is
one more chance node); from there every player move goes to the project's engine, and the returns
are the project's scoring. ``resample_from_infostate`` asks the game's own consistent-world
sampler for the cards ``player`` cannot see; the copy keeps the history of the original (its deal
outcomes are not the resampled world's), which is all ISMCTS reads.

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

__all__ = ["DECK_PREFIX", "PackGame", "PackState", "TextObserver", "deck_counts", "deck_name", "deck_param",
           "rng_from"]

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


class TextObserver:
    """An observer that gives the game's text views (no tensor): the information state when asked
    for perfect recall, else the observation."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: PackState, player: int) -> None:
        """No tensor: nothing to set."""

    def string_from(self, state: PackState, player: int) -> str:
        return state.info_text(player) if self.perfect_recall else state.observation_text(player)


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
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=False,
            parameter_specification=params)

    def new_initial_state(self) -> PackState:
        return self.state_class(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TextObserver:
        return TextObserver(iig_obs_type, params)

    # --- what a subclass supplies -----------------------------------------------------------
    def pack(self) -> dict[int, int]:
        """The deck as card code → copies."""
        raise NotImplementedError

    def needed(self) -> int:
        """How many cards of the pack the deal needs (the rest never comes into play)."""
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

    @property
    def game_ref(self) -> Any:
        """The game (not kept in the state: a copy of a state gets it back from OpenSpiel)."""
        return self.get_game()

    # --- chance ------------------------------------------------------------------------------
    def in_chance(self) -> bool:
        return self.inner is None

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
            self.pack.append(int(action))
            if len(self.pack) == self.need:
                self.lot = self.lot_seats(self.pack)
                if not self.lot:
                    self.inner = self.start(self.pack, -1)
            return
        self.inner.apply_action(self.to_inner(int(action)))

    def is_terminal(self) -> bool:
        return self.inner is not None and bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return [float(x) for x in self.inner.returns()]

    def rewards(self) -> list[float]:
        return self.returns() if self.is_terminal() else [0.0] * self.get_game().num_players()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"lot: seat {action}" if self.lot else f"deal {self.card_text(action)}"
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
        if self.inner is not None and not self.inner.is_terminal():
            out.inner = self.world(int(player_id), rng_from(probability_sampler))
        return out

    # --- views -------------------------------------------------------------------------------
    def info_text(self, player: int) -> str:
        if self.inner is None:
            return f"seat {player}; dealing {len(self.pack)} of {self.need}"
        return self.inner_info(player)

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

    def world(self, player: int, rng: np.random.Generator) -> Any:
        return self.inner.resample(player, rng)

    def copy_inner(self) -> Any:
        return copy.deepcopy(self.inner)
