"""The move-by-move :class:`~analyzer.games.state.GameState` of durak, over the numba kernels.

>>> import numpy as np
>>> from analyzer.games.durak.rules import durak_rules
>>> st = DurakState.deal(durak_rules(), seed=3)
>>> st.num_players, st.current_player() == st.first_attacker, len(st.hand(0))
(2, True, 6)
>>> st.apply_action(st.legal_actions()[0]); st.phase
'defend'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.cards import format_card, format_hand
from analyzer.errors import JokerOddsError
from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.kernels.moves import apply_action, legal_mask, setup
from analyzer.games.durak.kernels.policies import (
    heuristic_action,
    random_action,
    resample,
    search_action,
)
from analyzer.games.durak.kernels.tree import ISMCTS_BUDGET, ismcts_action, uct_random_action
from analyzer.games.durak.rules import DurakRules
from analyzer.kernels.rng import seed_words

__all__ = ["DurakState", "heuristic_policy", "ismcts_policy", "mask_cards", "random_policy", "search_policy",
           "uct_random_policy"]

PHASES = ("lead", "defend", "throw", "add", "over")
SUITS = "cdhs"


def mask_cards(mask: int) -> list[int]:
    """The card codes of a bitmask, ascending.

    >>> mask_cards(0b1011)
    [0, 1, 3]
    """
    return [c for c in range(54) if (int(mask) >> c) & 1]


def _words(rng: np.random.Generator) -> np.ndarray:
    return seed_words(int(rng.integers(0, 2**63)))


class DurakState:
    """One game of durak in progress (state array ``S``; see :mod:`.kernels.layout`)."""

    def __init__(self, rules: DurakRules, S: np.ndarray, tab: np.ndarray) -> None:
        self.rules = rules
        self.S = S
        self.tab = tab
        self.num_players = int(S[L.NPL])

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def from_pack(cls, rules: DurakRules, pack: Sequence[int] | np.ndarray, first: int = -1, seed: int = 0) -> DurakState:
        """A game from an arranged pack: seat s holds ``pack[s*H:(s+1)*H]``, the next card is
        turned for trump and laid under the rest (the stock, top first)."""
        arr = np.asarray(pack, dtype=np.int64)
        deck = rules.deck_cards()
        if sorted(arr.tolist()) != deck.tolist():
            raise JokerOddsError(f"the pack must hold each card of deck {rules.deck} once")
        if not -1 <= first < rules.players:
            raise JokerOddsError(f"first attacker must be a seat 0..{rules.players - 1}, got {first}")
        S = np.zeros(L.SIZE, np.int64)
        tab = np.array(tables_for(rules))  # writable, like the engine tasks' (one compiled variant)
        setup(S, tab, rules.kernel_rules(), rules.players, arr, int(first), seed_words(seed))
        return cls(rules, S, tab)

    @classmethod
    def deal(cls, rules: DurakRules, seed: int = 0) -> DurakState:
        """A uniformly shuffled deal."""
        rng = np.random.default_rng(seed)
        pack = rng.permutation(rules.deck_cards())
        return cls.from_pack(rules, pack, -1, seed)

    # --- the interface -----------------------------------------------------------------------
    def current_player(self) -> int:
        return int(self.S[L.TURN]) if not self.is_terminal() else -1

    def legal_mask(self) -> int:
        return int(legal_mask(self.S, self.tab))

    def legal_actions(self) -> list[int]:
        m = self.legal_mask()
        return [a for a in range(56) if (m >> a) & 1]

    def apply_action(self, action: int) -> None:
        if self.is_terminal():
            raise JokerOddsError("the game is over")
        if not 0 <= int(action) < 56 or not (self.legal_mask() >> int(action)) & 1:
            raise JokerOddsError(f"illegal move {self.action_to_string(int(action))} in phase {self.phase}")
        apply_action(self.S, self.tab, int(action))

    def is_terminal(self) -> bool:
        return int(self.S[L.PHASE]) == L.OVER

    def returns(self) -> list[float]:
        """−1 for the fool, 0 for everybody else (all 0 in a draw or while running)."""
        out = [0.0] * self.num_players
        if self.fool >= 0:
            out[self.fool] = -1.0
        return out

    def action_to_string(self, action: int) -> str:
        if action == L.TAKE:
            return "take"
        if action == L.PASS:
            return "pass"
        return format_card(action)

    def information_state(self, player: int) -> str:
        S = self.S
        others = [f"{q}:{bin(int(S[L.HAND + q])).count('1')}" for q in range(self.num_players) if q != player]
        known = [f"{q}:{format_hand(mask_cards(S[L.KNOWN + q]))}" for q in range(self.num_players)
                 if q != player and S[L.KNOWN + q]]
        return (f"seat {player}; turned {format_card(int(S[L.TURNED]))}; hand {format_hand(self.hand(player))}; "
                f"table {format_hand(self.table())}; discard {format_hand(mask_cards(S[L.DISC]))}; "
                f"stock {self.stock_left}; hand sizes {' '.join(others)}; seen {' '.join(known) or '-'}; "
                f"attacker {int(S[L.ATT])} defender {int(S[L.DEF])} phase {self.phase}")

    def clone(self) -> DurakState:
        return DurakState(self.rules, self.S.copy(), self.tab)

    def resample(self, player: int, rng: np.random.Generator) -> DurakState:
        out = self.clone()
        resample(out.S, int(player), _words(rng), np.empty(54, np.int64))
        return out

    # --- views -------------------------------------------------------------------------------
    def hand(self, seat: int) -> list[int]:
        return mask_cards(self.S[L.HAND + seat])

    def table(self) -> list[int]:
        return mask_cards(self.S[L.TABLE])

    @property
    def phase(self) -> str:
        return PHASES[int(self.S[L.PHASE])]

    @property
    def stock_left(self) -> int:
        return int(self.S[L.SLEN] - self.S[L.SPOS])

    @property
    def fool(self) -> int:
        """The fool's seat; −1 while running, −2 for a draw."""
        r = int(self.S[L.RESULT])
        return r if r >= 0 or self.is_terminal() else -1

    @property
    def first_attacker(self) -> int:
        return int(self.S[L.FIRST])

    @property
    def trump(self) -> str:
        t = int(self.S[L.TURNED])
        return format_card(t) if t >= 52 else SUITS[t & 3]


def tables_for(rules: DurakRules) -> np.ndarray:
    """The per-trump tables for ``rules``' joker and equal-rank variants."""
    return L.context_tables(rules.low_joker_beats == "any-non-trump", rules.equal_rank_trumps_beat)


def random_policy(state: DurakState, rng: np.random.Generator) -> int:
    """Uniform over the legal moves (the ``random`` kernel)."""
    return int(random_action(state.S, state.tab, _words(rng)))


def heuristic_policy(state: DurakState, rng: np.random.Generator) -> int:
    """The ``heuristic`` kernel (deterministic)."""
    return int(heuristic_action(state.S, state.tab))


def search_policy(budget: int = 64):  # type: ignore[no-untyped-def]
    """The ``search`` kernel with ``budget`` rollouts per decision, as a façade policy."""

    def policy(state: DurakState, rng: np.random.Generator) -> int:
        return int(search_action(state.S, state.tab, _words(rng), int(budget)))

    return policy


def ismcts_policy(budget: int = ISMCTS_BUDGET):  # type: ignore[no-untyped-def]
    """The ``ismcts`` kernel with ``budget`` tree iterations per decision, as a façade policy."""

    def policy(state: DurakState, rng: np.random.Generator) -> int:
        return int(ismcts_action(state.S, state.tab, _words(rng), int(budget)))

    return policy


def uct_random_policy(state: DurakState, rng: np.random.Generator) -> int:
    """The ``uct-random`` baseline kernel (4 determinized UCT trees of 500 random playouts)."""
    return int(uct_random_action(state.S, state.tab, _words(rng)))
