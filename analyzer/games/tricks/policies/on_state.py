"""Every named policy one state at a time: ``policy(state, rng) -> action`` on a :class:`TrickState`.

``random`` and ``heuristic`` ask the policy kernels; ``pimc`` and ``pimc-bid`` run the very
kernels pimc runs inside self-play (:func:`analyzer.games.tricks.policies.pimc_move.pimc_move`
on :meth:`TrickState.position`, and the bid of :func:`analyzer.games.tricks.policies.seats.seat_bid`),
so a pimc seat driven from outside plays as it plays in the kernels. pimc assumes the other
seats play ``others`` (its world model: which seats' bids tell something, how they play on).
Each call draws its random words from ``rng``; a pimc policy built with ``streams`` draws them
from those two arrays instead (its worlds, the policies'), in place, as a kernel does.

>>> import numpy as np
>>> from analyzer.games.state import play_out
>>> from analyzer.games.tricks.rules import trick_rules
>>> from analyzer.games.tricks.state import TrickState
>>> rng = np.random.default_rng(3)
>>> st = TrickState.new_deal(trick_rules("georgian-joker"), 3, rng)
>>> seats = [state_policy("pimc", k=8), state_policy("heuristic"), state_policy("random"), state_policy("heuristic")]
>>> len(play_out(st, seats, rng))
4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.defaults import PIMC_ENDGAME
from analyzer.errors import JokerOddsError

if TYPE_CHECKING:
    from analyzer.games.tricks.state import TrickState

__all__ = ["STATE_POLICIES", "PimcPolicy", "state_policy"]

STATE_POLICIES = ("random", "heuristic", "pimc", "pimc-bid")
NO_TRUMP_ACTION = 4
StatePolicy = Callable[["TrickState", np.random.Generator], int]


def _words(rng: np.random.Generator) -> np.ndarray:
    return rng.integers(1, 2**63, size=4, dtype=np.int64).astype(np.uint64)


def _basic(code: int, st: TrickState, pstate: np.ndarray) -> int:
    """The random (0) or heuristic (1) kernel's action for the seat on turn."""
    from analyzer.games.tricks.kernels.moves import legal_moves
    from analyzer.games.tricks.policies.basic import choose_bid, choose_move, choose_trump

    seat = st.current_player()
    if st.phase == "trump":
        t = int(choose_trump(code, np.uint64(st.first_three), pstate))
        return NO_TRUMP_ACTION if t < 0 else t
    hand = np.uint64(st.hands[seat])
    if st.rules.scoring == "maker":
        return _maker_game(code, st, seat, pstate)
    if st.phase == "bid":
        extra = (st.tricks - st.cards) / st.num_players
        return int(choose_bid(code, hand, st.trump, st.tricks, st.forbidden_bid(), extra, pstate))
    cards, modes = st.trick_arrays()
    moves = np.zeros(48, np.int64)
    n = legal_moves(hand, cards, modes, len(st.trick), st.trump, st.params, moves)
    o = st.observation(seat)
    played = sum(1 << (a & 63) for _s, a in o.plays)
    deck = sum(1 << b for b in st.deck_bits)
    need = (o.bids[seat] or 0) - o.took[seat]
    return int(choose_move(code, hand, moves, n, cards, modes, len(st.trick), st.trump, need,
                           np.uint64(deck & ~played & ~st.hands[seat]), st.params, pstate))


def _maker_game(code: int, st: TrickState, seat: int, pstate: np.ndarray) -> int:
    """Maker scoring (short poker for tricks): the declaration, or the card the engine's loop plays
    (:func:`analyzer.games.tricks.kernels.playout.policy_move`) for the seat on turn."""
    from analyzer.games.tricks.kernels.moves import legal_moves
    from analyzer.games.tricks.kernels.playout import policy_move
    from analyzer.games.tricks.policies.short import says_play

    if st.phase == "bid":
        return int(says_play(code, np.uint64(st.hands[seat]), st.trump, st.params, pstate))
    g = st.position()
    me = (seat - st.first_seat) % st.num_players
    moves = np.zeros(8, np.int64)
    n = legal_moves(g[0][me], g[4], g[5], len(st.trick), st.trump, st.params, moves)
    return int(policy_move(g, code, me, moves, n, st.params, pstate))


class PimcPolicy:
    """pimc on a state: K worlds consistent with what the seat on turn has seen, each move valued
    by the world model; bids by the heuristic (``pimc``) or by search (``pimc-bid``: each legal
    bid played out over 16·K worlds consistent with the earlier bids). Options as ``tricks play``'s
    (``k``, ``budget``, ``model``, ``endgame``, ``bid_mode``); ``others`` the policy pimc assumes
    at the other seats; ``streams`` (worlds, policies) to draw from in place."""

    def __init__(self, name: str = "pimc", k: int = 256, budget: int = 200_000, model: str = "playout",
                 endgame: int = PIMC_ENDGAME, bid_mode: str = "heuristic", others: str = "heuristic",
                 streams: tuple[np.ndarray, np.ndarray] | None = None, log_table: int = 18) -> None:
        from analyzer.games.tricks.policies.basic import PIMC, PIMC_BID, POLICY_CODES

        if others not in POLICY_CODES:
            raise JokerOddsError(f"others must be random or heuristic, got {others!r}")
        self.name, self.code, self.others = name, PIMC_BID if name == "pimc-bid" else PIMC, POLICY_CODES[others]
        self.options: dict[str, Any] = {"k": k, "budget": budget, "model": model, "endgame": endgame,
                                        "bid_mode": bid_mode}
        self.streams = streams
        self.log_table = log_table
        self._search: Any = None
        self._cfg_for: str | None = None

    def _context(self, st: TrickState, rng: np.random.Generator) -> tuple[Any, np.ndarray]:
        from analyzer.games.tricks.analysis.strength import pimc_cfg
        from analyzer.games.tricks.policies.seats import new_search

        if self._cfg_for != st.rules.name:
            cfg = pimc_cfg(st.rules, **self.options)
            self._search = new_search(cfg, np.ones(4, np.uint64), self.log_table)
            self._cfg_for = st.rules.name
        sstate, pstate = self.streams if self.streams is not None else (_words(rng), _words(rng))
        cfg, tt, ctr, _ = self._search
        return (cfg, tt, ctr, sstate), pstate

    def __call__(self, st: TrickState, rng: np.random.Generator) -> int:
        from analyzer.games.tricks.policies.basic import HEURISTIC
        from analyzer.games.tricks.policies.pimc_move import pimc_move
        from analyzer.games.tricks.policies.seats import seat_bid

        if st.phase == "trump" or (st.phase == "bid" and st.rules.scoring == "maker"):  # as the heuristic
            return _basic(HEURISTIC, st, _words(rng) if self.streams is None else self.streams[1])
        search, pstate = self._context(st, rng)
        g = st.position()
        p = st.num_players
        me = (st.current_player() - st.first_seat) % p
        pol = np.full(p, self.others, np.int64)
        pol[me] = self.code
        if st.phase == "bid":
            extra = (st.tricks - st.cards) / p
            return int(seat_bid(g, me, extra, st.params, pol, search, pstate))
        cfg, tt, ctr, sstate = search
        ctr[1] += 1
        return int(pimc_move(g, st.params, pol, cfg, tt, ctr[1], ctr, sstate, pstate))


def state_policy(name: str, **options: Any) -> StatePolicy:
    """The named policy (``random``, ``heuristic``, ``pimc``, ``pimc-bid``) as a
    :data:`analyzer.games.state.Policy`; ``options`` go to :class:`PimcPolicy`.

    >>> from analyzer.games.tricks.rules import trick_rules
    >>> from analyzer.games.tricks.state import TrickState
    >>> st = TrickState.new_deal(trick_rules("georgian-joker"), 2, np.random.default_rng(5))
    >>> state_policy("heuristic")(st, np.random.default_rng(0)) in st.legal_actions()
    True
    """
    from analyzer.games.tricks.policies.basic import POLICY_CODES

    if name in POLICY_CODES:
        if options:
            raise JokerOddsError(f"the {name} policy takes no options, got {', '.join(options)}")
        code = POLICY_CODES[name]
        return lambda st, rng: _basic(code, st, _words(rng))
    if name in ("pimc", "pimc-bid"):
        return PimcPolicy(name, **options)
    raise JokerOddsError(f"unknown policy {name!r} (known: {', '.join(STATE_POLICIES)})")
