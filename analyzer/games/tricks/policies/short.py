"""The policies of short poker for tricks (maker scoring): the play/pass declaration and the card to play.

Codes as in :mod:`analyzer.games.tricks.policies.basic`: ``random`` says "play" with probability 1/2
and plays a uniformly random legal card; ``heuristic`` says "play" when its hand strength
(:func:`hand_strength`) reaches :data:`PLAY_AT` (partners) or :data:`PLAY_ALONE_AT` (alone) and
plays: lead — the highest trump when on the maker's side with two or more trumps, else an
off-suit ace, else the weakest card; follow — the weakest card when its side already holds the
trick, else the weakest card that takes it, else the weakest card. ``side[s]`` is 1 for the
seats of the maker's side (the declaration's outcome, kept where the bids are).

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> rp = trick_rules("short-tricks").params()
>>> round(hand_strength(np.uint64((1 << 61) | (1 << 60) | (1 << 59)), 3), 2)   # joker, As, Ks; spades trump
2.6
>>> bool(says_play(HEURISTIC, np.uint64((1 << 61) | (1 << 60)), 3, rp, np.ones(4, np.uint64)))
True
"""

from __future__ import annotations

from numba import uint64

from analyzer.games.tricks.kernels.moves import (
    JK1,
    JOKERS,
    NORMAL,
    low_bit,
    popcount,
    suit_mask,
    trick_winner,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import no_refcount
from analyzer.kernels.rng import bounded, uniform

__all__ = ["HEURISTIC", "PLAY_ALONE_AT", "PLAY_AT", "RANDOM", "SHORT_POLICIES", "hand_strength", "says_play",
           "short_move"]

SHORT_POLICIES = ("random", "heuristic", "pimc")  # by code; pimc declares as the heuristic
RANDOM = 0
HEURISTIC = 1
PLAY_AT = 1.6
PLAY_ALONE_AT = 2.6
R_PARTNERS = P.PARTNERS


@no_refcount
def power(c, trump):
    """A card's strength for the heuristic: plain rank < trump < joker."""
    if c >= JK1:
        return 100
    if trump >= 0 and (c >> 4) == trump:
        return 50 + (c & 15)
    return c & 15


@no_refcount
def hand_strength(hand, trump):
    """Expected tricks, roughly: joker 1; trump A .9, K .7, Q .5, other trumps .35; off-suit A .6,
    K .2. Without trumps: joker 1, ace .8, king .4."""
    s = 0.0
    x = hand
    while x:
        c = low_bit(x)
        x &= x - uint64(1)
        if c >= JK1:
            s += 1.0
            continue
        r = c & 15
        if trump < 0:
            s += 0.8 if r == 12 else (0.4 if r == 11 else 0.0)
        elif (c >> 4) == trump:
            s += 0.9 if r == 12 else (0.7 if r == 11 else (0.5 if r == 10 else 0.35))
        else:
            s += 0.6 if r == 12 else (0.2 if r == 11 else 0.0)
    return s


@no_refcount
def says_play(policy, hand, trump, rp, state):
    """One player's declaration: True for "play"."""
    if policy == RANDOM:
        return uniform(state) < 0.5
    at = PLAY_AT if rp[R_PARTNERS] else PLAY_ALONE_AT
    return hand_strength(hand, trump) >= at


@no_refcount
def _weakest(moves, n, trump):
    best = moves[0]
    bp = 1000
    for i in range(n):
        p = power(moves[i] & 63, trump)
        if p < bp:
            bp = p
            best = moves[i]
    return best


@no_refcount
def _lead(seat, hand, moves, n, side, trump):
    if side[seat] == 1 and trump >= 0:
        trumps = hand & ((NORMAL & suit_mask(trump)) | JOKERS)
        if popcount(trumps) >= 2:
            best = -1
            bp = -1
            for i in range(n):
                c = moves[i] & 63
                if (c >= JK1 or (c >> 4) == trump) and power(c, trump) > bp:
                    bp = power(c, trump)
                    best = moves[i]
            return best
    for i in range(n):
        c = moves[i] & 63
        if c < JK1 and (c & 15) == 12 and (c >> 4) != trump:
            return moves[i]
    return _weakest(moves, n, trump)


@no_refcount
def short_move(policy, seat, hand, moves, n, t_card, t_mode, k, leader, side, trump, rp, state):
    """The move ``policy`` plays at ``seat`` among the ``n`` legal ``moves`` (ascending cards)."""
    if policy == RANDOM:
        return moves[bounded(state, n)]
    if k == 0:
        return _lead(seat, hand, moves, n, side, trump)
    players = side.shape[0]
    w = trick_winner(t_card, t_mode, k, trump, rp)
    weakest = _weakest(moves, n, trump)
    if side[(leader + w) % players] == side[seat]:
        return weakest
    best = -1
    bp = 1000
    for i in range(n):
        a = moves[i]
        t_card[k] = a & 63
        t_mode[k] = a >> 6
        if trick_winner(t_card, t_mode, k + 1, trump, rp) == k and power(a & 63, trump) < bp:
            bp = power(a & 63, trump)
            best = a
    return best if best >= 0 else weakest
