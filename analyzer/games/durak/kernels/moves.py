"""Durak rules as numba kernels over the integer state (:mod:`.layout`): deal, legal moves, moves.

A bout: the attacker leads any card to the next active seat clockwise (the defender), who beats
it (a card in ``BEAT[card]``) or takes. After each beat the throw-in order restarts from the
attacker and goes clockwise (the defender skipped); a seat may throw a card of a rank on the
table (jokers open no rank) while fewer than ``LIMIT`` attack cards were played and the defender
holds a card. A seat with nothing to throw is passed over without a move. A defender who takes
may be given more cards the same way (``AFTERTAKE``) and then picks up the table. Refills go
from the attacker clockwise, the defender last; once the stock is empty, seats without cards
leave; one seat left is the fool, none a draw.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.durak.kernels.layout import (
    ADD,
    AFTERTAKE,
    ATT,
    BEAT,
    BOUT,
    BYDEF,
    CTX,
    DECKMASK,
    DEF,
    DEFEND,
    DISC,
    DRAW,
    FIRST,
    FIRSTLIM,
    HAND,
    HSIZE,
    KNOWN,
    LEAD,
    LIMIT,
    MAXATT,
    MOVES,
    NATT,
    NPL,
    OVER,
    PASS,
    PHASE,
    R_AFTERTAKE,
    R_BYDEF,
    R_FIRSTATT,
    R_FIRSTLIM,
    R_HSIZE,
    R_MAXATT,
    RANKS,
    RESULT,
    RUNNING,
    SEQ,
    SIZE,
    SLEN,
    SPOS,
    STOCK,
    TABLE,
    TAKE,
    THROW,
    TRUMPS,
    TURN,
    TURNED,
    UNBEATEN,
)
from analyzer.kernels.bits import nth_set_bit as nth_bit  # the k-th set bit of a mask, -1 if none
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded

_M1 = 0x5555555555555555
_M2 = 0x3333333333333333
_M4 = 0x0F0F0F0F0F0F0F0F
_H01 = 0x0101010101010101


@no_refcount(inline="always")
def popcount(x):
    """Set bits of a non-negative int64 mask."""
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    return (x * _H01) >> 56


@no_refcount(inline="always")
def bit(c):
    return np.int64(1) << c


@no_refcount(inline="always")
def rank_mask(c):
    """The four cards of ``c``'s rank (nothing for a joker)."""
    if c >= 52:
        return np.int64(0)
    return np.int64(15) << ((c >> 2) << 2)


@no_refcount
def next_active(S, start):
    """The first seat with cards clockwise from ``start`` (itself included), -1 if none."""
    n = S[NPL]
    for k in range(n):
        s = start + k  # start <= n (a seat, or a seat + 1): one wrap at most, without a division
        if s >= n:
            s -= n
        if S[HAND + s] != 0:
            return s
    return -1


@no_refcount
def begin_bout(S, att):
    S[ATT] = att
    S[DEF] = next_active(S, att + 1)
    lim = popcount(S[HAND + S[DEF]]) if S[BYDEF] != 0 else 1 << 20
    if S[MAXATT] > 0 and S[MAXATT] < lim:
        lim = S[MAXATT]
    if S[BOUT] == 0 and S[FIRSTLIM] > 0 and S[FIRSTLIM] < lim:
        lim = S[FIRSTLIM]
    S[LIMIT] = lim
    S[PHASE] = LEAD
    S[TURN] = att
    S[NATT] = 0
    S[RANKS] = 0
    S[TABLE] = 0
    S[UNBEATEN] = -1
    S[SEQ] = 0


@no_refcount
def first_attacker(S, tab, mode, rng):
    """Lowest ordinary trump (a lot among ties, or among all when nobody has one), a lot, or seat 0."""
    n = S[NPL]
    if mode == 2:
        return 0
    if mode == 0:
        trumps = tab[S[CTX], TRUMPS]
        best = 99
        ties = np.int64(0)  # int64 from the start: bounded is not compiled first for the constant 0
        for s in range(n):
            m = S[HAND + s] & trumps
            for c in range(52):
                if (m >> c) & 1:
                    r = c >> 2
                    if r < best:
                        best = r
                        ties = 1
                    elif r == best:
                        ties += 1
                    break
        if ties > 0:
            pick = bounded(rng, ties) if ties > 1 else 0
            for s in range(n):
                m = S[HAND + s] & trumps
                for c in range(52):
                    if (m >> c) & 1:
                        if (c >> 2) == best:
                            if pick == 0:
                                return s
                            pick -= 1
                        break
    return bounded(rng, n)


@no_refcount(python=True)
def setup(S, tab, rules, n_players, pack, first, rng):
    """Start a game from ``pack``: seat s holds ``pack[s*H:(s+1)*H]``, ``pack[n*H]`` is turned and
    laid under the stock, the rest is the stock top first. ``first`` < 0: the rule decides."""
    S[:] = 0
    h = rules[R_HSIZE]
    S[NPL] = n_players
    S[HSIZE] = h
    S[MAXATT] = rules[R_MAXATT]
    S[FIRSTLIM] = rules[R_FIRSTLIM]
    S[BYDEF] = rules[R_BYDEF]
    S[AFTERTAKE] = rules[R_AFTERTAKE]
    deck = np.int64(0)
    for i in range(pack.shape[0]):
        deck |= bit(pack[i])
    S[DECKMASK] = deck
    for s in range(n_players):
        m = np.int64(0)
        for i in range(s * h, (s + 1) * h):
            m |= bit(pack[i])
        S[HAND + s] = m
    dealt = n_players * h
    turned = pack[dealt]
    S[TURNED] = turned
    if turned == 52:
        S[CTX] = 4
    elif turned == 53:
        S[CTX] = 5
    else:
        S[CTX] = turned & 3
    k = 0
    for i in range(dealt + 1, pack.shape[0]):
        S[STOCK + k] = pack[i]
        k += 1
    S[STOCK + k] = turned
    S[SLEN] = k + 1
    S[SPOS] = 0
    S[RESULT] = RUNNING
    att = first if first >= 0 else first_attacker(S, tab, rules[R_FIRSTATT], rng)
    S[FIRST] = att
    begin_bout(S, att)


@no_refcount(python=True)
def legal_mask(S, tab):
    """The legal moves of the seat to move as a bitmask (bits 0..53 cards, TAKE, PASS)."""
    ph = S[PHASE]
    if ph == LEAD:
        return S[HAND + S[ATT]]
    if ph == DEFEND:
        return (S[HAND + S[DEF]] & tab[S[CTX], BEAT + S[UNBEATEN]]) | bit(TAKE)
    if ph == THROW or ph == ADD:  # noqa: SIM109 (numba)
        return (S[HAND + S[TURN]] & S[RANKS]) | bit(PASS)
    return np.int64(0)


@no_refcount(inline="always")
def _can_throw(S, s):
    if S[NATT] >= S[LIMIT] or (S[HAND + s] & S[RANKS]) == 0:
        return False
    return S[PHASE] == ADD or S[HAND + S[DEF]] != 0


@no_refcount
def _seek_thrower(S, k0):
    n = S[NPL]
    for k in range(k0, n):
        s = S[ATT] + k  # a seat plus k < n: one wrap at most, without a division
        if s >= n:
            s -= n
        if s != S[DEF] and _can_throw(S, s):
            S[SEQ] = k
            S[TURN] = s
            return True
    return False


@no_refcount(inline="always")
def _play(S, s, c):
    b = bit(c)
    S[HAND + s] &= ~b
    S[KNOWN + s] &= ~b
    S[TABLE] |= b
    S[RANKS] |= rank_mask(c)


@no_refcount
def _draw_up(S, s):
    h = S[HSIZE]
    while S[SPOS] < S[SLEN] and popcount(S[HAND + s]) < h:
        b = bit(S[STOCK + S[SPOS]])
        S[HAND + s] |= b
        if S[SPOS] == S[SLEN] - 1:  # the turned card: everybody saw it
            S[KNOWN + s] |= b
        S[SPOS] += 1


@no_refcount
def end_bout(S, defended):
    """Discard or pick up the table, refill, let empty hands leave, find the fool, next bout."""
    n = S[NPL]
    att = S[ATT]
    dfd = S[DEF]
    if defended:
        S[DISC] |= S[TABLE]
    else:
        S[HAND + dfd] |= S[TABLE]
        S[KNOWN + dfd] |= S[TABLE]
    S[TABLE] = 0
    S[RANKS] = 0
    S[UNBEATEN] = -1
    _draw_up(S, att)
    for k in range(1, n):
        s = att + k  # a seat plus k < n: one wrap at most, without a division
        if s >= n:
            s -= n
        if s != dfd:
            _draw_up(S, s)
    _draw_up(S, dfd)
    S[BOUT] += 1
    if S[SPOS] >= S[SLEN]:
        active = 0
        last = -1
        for s in range(n):
            if S[HAND + s] != 0:
                active += 1
                last = s
        if active <= 1:
            S[RESULT] = last if active == 1 else DRAW
            S[PHASE] = OVER
            S[TURN] = -1
            return
    nxt = dfd if defended else dfd + 1
    begin_bout(S, next_active(S, nxt))


@no_refcount(python=True)
def apply_action(S, tab, a):
    """Make move ``a`` (assumed legal: check with :func:`legal_mask`)."""
    ph = S[PHASE]
    S[MOVES] += 1
    if ph == LEAD:
        _play(S, S[ATT], a)
        S[UNBEATEN] = a
        S[NATT] = 1
        S[PHASE] = DEFEND
        S[TURN] = S[DEF]
    elif ph == DEFEND:
        if a == TAKE:
            if S[AFTERTAKE] != 0:
                S[PHASE] = ADD
                if not _seek_thrower(S, np.int64(0)):
                    end_bout(S, np.bool_(False))
            else:
                end_bout(S, np.bool_(False))
        else:
            _play(S, S[DEF], a)
            S[UNBEATEN] = -1
            S[PHASE] = THROW
            if not _seek_thrower(S, np.int64(0)):
                end_bout(S, np.bool_(True))
    elif ph == THROW:
        if a == PASS:
            if not _seek_thrower(S, S[SEQ] + 1):
                end_bout(S, np.bool_(True))
        else:
            _play(S, S[TURN], a)
            S[NATT] += 1
            S[UNBEATEN] = a
            S[PHASE] = DEFEND
            S[TURN] = S[DEF]
    elif ph == ADD:
        if a == PASS:
            if not _seek_thrower(S, S[SEQ] + 1):
                end_bout(S, np.bool_(False))
        else:
            _play(S, S[TURN], a)
            S[NATT] += 1
            if not _seek_thrower(S, S[SEQ]):
                end_bout(S, np.bool_(False))


@kernel
def conservation_ok(S):
    """Every deck card is in exactly one hand, the table, the discard or the unseen stock; known
    cards are in their hands."""
    n = S[NPL]
    union = S[TABLE] | S[DISC]
    total = popcount(S[TABLE]) + popcount(S[DISC])
    if (S[TABLE] & S[DISC]) != 0:
        return False
    for s in range(n):
        if (S[KNOWN + s] & ~S[HAND + s]) != 0:
            return False
        union |= S[HAND + s]
        total += popcount(S[HAND + s])
    for i in range(S[SPOS], S[SLEN]):
        union |= bit(S[STOCK + i])
        total += 1
    return union == S[DECKMASK] and total == popcount(S[DECKMASK])


def new_state() -> np.ndarray:
    """An empty state array."""
    return np.zeros(SIZE, dtype=np.int64)


__all__ = ["apply_action", "begin_bout", "bit", "conservation_ok", "end_bout", "first_attacker",
           "legal_mask", "new_state", "next_active", "nth_bit", "popcount", "rank_mask", "setup"]
