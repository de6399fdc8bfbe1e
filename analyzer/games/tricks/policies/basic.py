"""Playing policies of the trick games, as numba kernels (named, reproducible).

``random`` (code 0): every choice uniform — the bid among the allowed bids, the move among the
legal moves, each joker mode counting as a move of its own, and in a full Georgian deal the
trump among the four suits and no trump.

``heuristic`` (code 1): plays to its bid. It bids from a hand estimate — a joker counts one
trick, a trump ace, king or queen one, a lower trump 0.34, a plain ace 0.85 and a plain king
with a guard 0.4, the sum times 0.88, plus a fair share of the tricks still to come from the
stock when drawing — rounded, and moved one step toward
the estimate when the hook forbids it. While short of its bid it leads its highest sure winner
(the top card left of a suit, trumps first), else a joker "take" in its longest plain suit (in
trump, clubs at no trump, when it holds no plain card; high in the 54-card game), else the top of its longest plain suit; following, it wins as cheaply as it
can (the lowest winning card, a joker high last), or throws its lowest card. Once its bid is
made it sheds: it leads its lowest card (a joker "give" in the suit with most cards out, low in
the 54-card game), and follows with its highest card that does not win, a joker low, and only
when every legal move wins, the cheapest winner. Naming trump from three cards, it takes a suit
held twice, else the suit of a queen or better, else no trump.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import (
    GIVE,
    HIGH,
    JK1,
    LOW,
    NORMAL,
    TAKE,
    popcount,
    suit_mask,
    top_bit,
    trick_winner,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import no_refcount
from analyzer.kernels.rng import bounded

__all__ = ["HEURISTIC", "PIMC", "PIMC_BID", "POLICY_CODES", "RANDOM", "choose_bid", "choose_move", "choose_trump"]

RANDOM = 0
HEURISTIC = 1
PIMC = 2  # searched outside the playout loop (its kernels: policies.pimc_move, policies.pimc_bid)
PIMC_BID = 3  # pimc that always bids by search (policies.pimc_bid)
POLICY_CODES = {"random": RANDOM, "heuristic": HEURISTIC}
R_MODEL = P.MODEL


@no_refcount
def choose_trump(code, first3, pstate):
    """Trump named from the first three cards (mask) in a full deal: 0..3 or -1 (none)."""
    if code == RANDOM:
        return bounded(pstate, np.int64(5)) - 1  # int64: bounded compiles once
    best = -1
    best_n = 0
    best_top = -1
    for s in range(4):
        m = first3 & suit_mask(s)
        c = popcount(m)
        if c == 0:
            continue
        top = top_bit(m) & 15
        if c > best_n or (c == best_n and top > best_top):
            best, best_n, best_top = s, c, top
    if best_n >= 2 or best_top >= 10:
        return best
    return -1


@no_refcount
def hand_estimate(hand, trump):
    """The heuristic's trick estimate of a hand."""
    est = 0.0
    if hand & (uint64(1) << uint64(61)):
        est += 1.0
    if hand & (uint64(1) << uint64(62)):
        est += 1.0
    for s in range(4):
        m = hand & suit_mask(s)
        n = popcount(m)
        x = m
        while x:
            b = top_bit(x)
            x ^= uint64(1) << uint64(b)
            r = b & 15
            if s == trump:
                est += 1.0 if r >= 10 else 0.34
            elif r == 12:
                est += 0.85
            elif r == 11 and n >= 2:
                est += 0.4
    return est


@no_refcount
def choose_bid(code, hand, trump, tricks, forbidden, extra, pstate):
    """A bid in 0..tricks other than ``forbidden`` (-1: none forbidden); ``extra``: the tricks
    expected from cards still to draw."""
    if code == RANDOM:
        k = tricks + 1 - (1 if 0 <= forbidden <= tricks else 0)
        j = bounded(pstate, k)
        if 0 <= forbidden <= j:
            j += 1
        return j
    est = hand_estimate(hand, trump) * 0.88 + extra
    bid = int(est + 0.5)
    bid = min(max(bid, 0), tricks)
    if bid == forbidden:
        if (est >= bid and bid < tricks) or bid == 0:
            bid += 1
        else:
            bid -= 1
    return bid


@no_refcount(inline="always")
def _cost(b, trump):
    """How dear a card is to give up: rank, trumps dearer, jokers dearest."""
    if b >= JK1:
        return 40
    return (b & 15) + (16 if (b >> 4) == trump else 0)


@no_refcount
def _lead(hand, moves, n, trump, need, unseen, rp):
    model = rp[R_MODEL]
    normal = hand & NORMAL
    if need > 0:
        best = -1
        best_key = -1
        for i in range(n):
            b = moves[i] & 63
            if b >= JK1:
                continue
            s = b >> 4
            higher = unseen & suit_mask(s) & ~((uint64(2) << uint64(b)) - uint64(1))
            if higher == 0:
                key = (b & 15) + (32 if s == trump else 0)
                if key > best_key:
                    best, best_key = moves[i], key
        if best >= 0:
            return best
        longest = -1
        ln = -1
        for s in range(4):
            c = popcount(normal & suit_mask(s))
            if c > ln:
                longest, ln = s, c
        for i in range(n):
            b = moves[i] & 63
            m = moves[i] >> 6
            if b >= JK1:
                if model == 1 and m == HIGH:
                    return moves[i]
                if model == 0 and ln > 0 and m == TAKE + longest:
                    return moves[i]
                if model == 0 and ln == 0 and m == TAKE + max(trump, 0):
                    return moves[i]
        best = -1
        best_key = -1
        for i in range(n):
            b = moves[i] & 63
            if b >= JK1:
                continue
            s = b >> 4
            key = popcount(normal & suit_mask(s)) * 16 + (b & 15) - (64 if s == trump else 0)
            if key > best_key:
                best, best_key = moves[i], key
        return best if best >= 0 else moves[0]
    best = -1
    best_key = 1000
    for i in range(n):
        b = moves[i] & 63
        if b < JK1:
            key = _cost(b, trump)
            if key < best_key:
                best, best_key = moves[i], key
    if best >= 0:
        return best
    give = 0
    most = -1
    for s in range(4):
        c = popcount(unseen & suit_mask(s))
        if s != trump and c > most:
            give, most = s, c
    for i in range(n):
        m = moves[i] >> 6
        if (model == 0 and m == GIVE + give) or (model == 1 and m == LOW):
            return moves[i]
    return moves[0]


@no_refcount
def choose_move(code, hand, moves, n, t_card, t_mode, k, trump, need, unseen, rp, pstate):
    """One of the ``n`` legal ``moves`` (``need``: tricks still short of the bid)."""
    if code == RANDOM or n == 1:
        return moves[bounded(pstate, n)] if n > 1 else moves[0]
    if k == 0:
        return _lead(hand, moves, n, trump, need, unseen, rp)
    win_best = -1
    win_cost = 1000
    lose_low = -1
    lose_low_cost = 1000
    lose_high = -1
    lose_high_cost = -1000
    for i in range(n):
        a = moves[i]
        b = a & 63
        t_card[k] = b
        t_mode[k] = a >> 6
        wins = trick_winner(t_card, t_mode, k + 1, trump, rp) == k
        c = _cost(b, trump)
        if wins:
            if c < win_cost:
                win_best, win_cost = a, c
        else:
            lc = -1 if b >= JK1 else c  # a low joker: shed last, kept as an escape
            if lc < lose_low_cost and b < JK1:
                lose_low, lose_low_cost = a, lc
            if lc > lose_high_cost:
                lose_high, lose_high_cost = a, lc
    if need > 0:
        if win_best >= 0:
            return win_best
        if lose_low >= 0:
            return lose_low
        return lose_high if lose_high >= 0 else moves[0]
    if lose_high >= 0:
        return lose_high
    return win_best if win_best >= 0 else moves[0]

