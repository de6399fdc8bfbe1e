"""numba kernels of short poker for tricks: the turned trump, the declaration, one deal, the DD value.

Short poker for tricks is a rule set of the trick engine (``scoring = "maker"``, ``jokers =
"top-trump"``): its legal moves and trick winner are :mod:`analyzer.games.tricks.kernels.moves`, a
deal is played by the engine's one loop (:func:`analyzer.games.tricks.kernels.playout.play_on`)
with the declaration's outcome (1 for the maker's side) where the bids are, and its policies are
:mod:`analyzer.games.tricks.policies.short`; its double-dummy value is the engine's paranoid
search with the maker's side as a team mask. Cards are the engine's hand-mask bits
(``suit * 16 + rank``, 7..A = ranks 5..12, jokers 61 and 62); ``trump`` is a suit 0..3 or -1.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> rp = trick_rules("short-tricks").params()
>>> top = sum(1 << b for b in (61, 60, 59, 58, 57))                  # Jk As Ks Qs Js, spades trump
>>> low = [sum(1 << (16 * s + r) for r in range(5, 10)) for s in range(3)]   # 7..J of c, d, h
>>> hands = np.array([top, *low], np.uint64)
>>> g = new_position(4, 0)
>>> from analyzer.games.tricks.policies.seats import new_search
>>> st = np.ones(4, np.uint64)
>>> search = new_search(np.zeros(5, np.int64), st, 1)
>>> int(play_deal(g, hands, 3, 1, rp, np.ones(4, np.int64), st, np.zeros(8, np.int64), search, -1, np.uint64(0)))
0
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import (
    JK1,
    JOKERS,
    NORMAL,
    maker_points,
)
from analyzer.games.tricks.kernels.playout import new_position, side_tricks, start_play
from analyzer.games.tricks.policies.seats import has_external, play_decisions
from analyzer.games.tricks.policies.short import (
    HEURISTIC,
    RANDOM,
    SHORT_POLICIES,
    hand_strength,
    says_play,
)
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.search.paranoid import paranoid_kernel
from analyzer.games.tricks.search.table import new_table
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import deal

__all__ = [
    "HEURISTIC",
    "JOKERS",
    "NORMAL",
    "RANDOM",
    "SHORT_POLICIES",
    "bit_of",
    "dd_table",
    "dd_tricks",
    "deal_hands",
    "deal_points",
    "declare",
    "hand_strength",
    "maker_of",
    "new_position",
    "play_deal",
    "same_side",
    "says_play",
    "side_flags",
    "trump_code",
    "turned_trump",
]

R_PLAYERS = P.PLAYERS
R_PARTNERS = P.PARTNERS
R_NO_TRUMP = P.TRUMP
R_DEALER_PLAYS = P.DEALER_PLAYS
deal_points = maker_points


def bit_of(text: str, deck) -> int:  # type: ignore[no-untyped-def]
    """The hand-mask bit of one card's text in ``deck`` (a :class:`TrickDeck`)."""
    from analyzer.games.tricks.deck import mask_bits, parse_mask

    return mask_bits(parse_mask(text, deck))[0]


def trump_code(trump: str | None) -> int:
    """0..3 for ``c d h s``, -1 for no trump."""
    return -1 if trump is None else "cdhs".index(trump)


@no_refcount
def turned_trump(turned, no_trump_rule):
    """The trump suit set by the turned card (a joker, or the no-trump rule: -1)."""
    if no_trump_rule or turned >= JK1:
        return -1
    return turned >> 4


@no_refcount
def maker_of(says, players, dealer_plays):
    """The first seat saying "play" (seat 0 is left of the dealer); all pass: -1, or the dealer."""
    for s in range(players):
        if says[s]:
            return s
    return players - 1 if dealer_plays else -1


@no_refcount
def declare(hands, trump, rp, policies, state, says):
    """Each seat says "play" or "pass" by its policy (``says``); the maker (see :func:`maker_of`)."""
    players = rp[R_PLAYERS]
    for s in range(players):
        says[s] = 1 if says_play(policies[s], hands[s], trump, rp, state) else 0
    return maker_of(says, players, rp[R_DEALER_PLAYS])


@no_refcount(inline="always")
def same_side(a, b, maker, partners):
    if partners:
        return (a & 1) == (b & 1)
    return (a == maker) == (b == maker)


@no_refcount
def side_flags(maker, rp, side):
    """``side[s]`` = 1 for the seats of ``maker``'s side (his partner too), else 0."""
    for s in range(side.shape[0]):
        side[s] = 1 if same_side(s, maker, maker, rp[R_PARTNERS]) else 0


@kernel(python=True)  # called from Python as well: one compile serves both
def play_deal(g, hands, trump, maker, rp, policies, state, moves, search, turned, deck_mask):
    """Play the five tricks of ``hands`` (seat 0 leads) through the engine's loop in position ``g``
    (:func:`new_position`), pimc seats (code 2) by pimc's card with ``search``
    (:func:`analyzer.games.tricks.policies.seats.new_search`) seeing the ``turned`` card (-1: none)
    and the pack ``deck_mask``; return the tricks of the maker's side."""
    g[0][:] = hands
    side_flags(maker, rp, g[6])
    zero = np.int64(0)  # int64 arguments, not constants: start_play compiles once for every game
    start_play(g, zero, trump, turned, zero + 5, zero + 5, zero, deck_mask, zero, 1 if has_external(policies) else 0)
    play_decisions(g, rp, policies, search, state, moves)
    return side_tricks(g[6], g[7])


@kernel(python=True)  # called from Python as well: one compile serves both
def dd_table(log_size):
    """A transposition table for :func:`dd_tricks` (``2**log_size`` entries), reused across deals:
    the paranoid solver's table, then the solve counter (its stamp) and the node counter."""
    return new_table(log_size), np.zeros(1, np.int64), np.zeros(1, np.int64)


@kernel(python=True)  # called from Python as well: one compile serves both
def dd_tricks(hands, trump, maker, rp, tt):
    """Double-dummy value: the tricks the maker's side takes with every hand known, seat 0 leading —
    the engine's paranoid search with the maker's side (a team mask) as the searching side."""
    players = rp[R_PLAYERS]
    side = np.zeros(players, np.int64)
    side_flags(maker, rp, side)
    mask = np.int64(0)  # int64 from the start (as the leader below): the search compiles once for every caller
    for s in range(players):
        mask |= side[s] << s
    tt[1][0] += 1
    return paranoid_kernel(hands, players, mask, trump, rp, np.int64(0), np.int64(-1), np.int64(0), tt[0], tt[1][0],
                           tt[2])


@no_refcount
def deal_hands(state, pack, players, hands):
    """Shuffle and deal five cards each from seat 0; return the turned card (-1 if none is left)."""
    deal(state, pack, pack.shape[0])
    for s in range(players):
        m = uint64(0)
        for j in range(5):
            m |= uint64(1) << uint64(pack[5 * s + j])
        hands[s] = m
    return pack[5 * players] if pack.shape[0] > 5 * players else -1
