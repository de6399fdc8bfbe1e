"""What a search knows of a position before searching it: relative ranks, move order, decided tricks.

Cards of one hand with no card still in a hand between them are interchangeable when both
take the trick under way or both leave it (the trick's cards between them are gone after it),
so only one of such a run is tried; the two jokers in one hand are interchangeable too. At a
trick's last card only the cards that take it may matter (:func:`keep_takers`). Moves are
ordered cheapest winner first (with a history of cut-offs).
Positions equal up to the cards already gone share a table entry (:func:`canonical`); a trick
under way can be decided before its last card (:func:`trick_decided`). The sure tricks counted
at a node are in :mod:`analyzer.games.tricks.search.sure`.

>>> import numpy as np
>>> out = np.zeros(2, np.uint64)
>>> canonical(np.array([1 << 12, 1 << 3], np.uint64), 2, out)   # Ac and 5c: the top two clubs left
>>> [int(x) for x in out]
[2, 1]
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels import low_bit, suit_mask, trick_winner
from analyzer.games.tricks.kernels.moves import (
    GIVE,
    HIGH,
    JK1,
    JK2,
    JOKERS,
    LOW,
    NORMAL,
    TAKE,
    TOP_TRUMP,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import no_refcount

__all__ = ["MAX_MOVES", "beaters", "canonical", "keep_takers", "order_moves", "sort_suits", "trick_decided",
           "winner_and_beaters"]

R_MODEL = P.MODEL
R_TRUMP_BEATS_TAKE = P.TRUMP_BEATS_TAKE

MAX_MOVES = 48


def _compress_table() -> np.ndarray:
    """``t[(m << 7) | x]``: the bits of ``x`` at the set bits of ``m`` packed low (7-bit ``m``, ``x``),
    and ``t[(1 << 14) + m]`` the count of ``m``'s bits."""
    t = np.zeros((1 << 14) + 128, np.uint8)
    for m in range(128):
        t[(1 << 14) + m] = bin(m).count("1")
        for x in range(128):
            r = 0
            j = 0
            for b in range(7):
                if m >> b & 1:
                    r |= (x >> b & 1) << j
                    j += 1
            t[(m << 7) | x] = r
    return t


_PACK = _compress_table()


@no_refcount(inline="always")
def canonical(hands, np_, out):
    """Hands with each suit's remaining cards renumbered 0, 1, … by rank and the jokers in seat
    order: positions equal up to cards already gone share one table entry. (Each hand's suit
    bits are packed at the cards still held, seven ranks at a time, from :data:`_PACK`.)"""
    for i in range(np_):
        out[i] = uint64(0)
    for s in range(4):
        sh = uint64(16 * s)
        u = uint64(0)
        for i in range(np_):
            u |= hands[i] >> sh
        u &= uint64(0x1FFF)
        lo = (u & uint64(127)) << uint64(7)
        hi = (u >> uint64(7)) << uint64(7)
        n_lo = uint64(_PACK[(1 << 14) + (u & uint64(127))])
        for i in range(np_):
            h = (hands[i] >> sh) & uint64(0x1FFF)
            r = uint64(_PACK[lo | (h & uint64(127))]) | (uint64(_PACK[hi | (h >> uint64(7))]) << n_lo)
            out[i] |= r << sh
    first = True
    for i in range(np_):
        j = (hands[i] >> uint64(JK1)) & uint64(3)
        if j == 3:
            out[i] |= uint64(3) << uint64(JK1)
        elif j:
            out[i] |= uint64(1) << uint64(JK1 if first else JK2)
            first = False


@no_refcount(inline="always")
def _suit_key(out, np_, s):
    """A sort key of suit ``s`` of canonical hands: its cards' owners, seat by seat."""
    key = uint64(0)
    for i in range(np_):
        key = key * uint64(0x2001) + ((out[i] >> uint64(16 * s)) & uint64(0x1FFF))
    return key


@no_refcount(inline="always")
def sort_suits(out, np_, trump):
    """Canonical hands (:func:`canonical`) with the suits other than the trump in the order of
    their content, the largest first: positions equal up to a relabelling of the plain suits
    (the rules treat them alike) share one table entry."""
    keys = (_suit_key(out, np_, 0), _suit_key(out, np_, 1), _suit_key(out, np_, 2), _suit_key(out, np_, 3))
    dest0 = dest1 = dest2 = dest3 = 0
    for s in range(4):
        if s == trump:
            continue
        pos = 0
        for t in range(4):
            if t != trump and t != s and (keys[t] > keys[s] or (keys[t] == keys[s] and t < s)):
                pos += 1
        d = 0
        for x in range(4):
            if x != trump:
                if pos == 0:
                    d = x
                    break
                pos -= 1
        if s == 0:
            dest0 = d
        elif s == 1:
            dest1 = d
        elif s == 2:
            dest2 = d
        else:
            dest3 = d
    dests = (dest0, dest1, dest2, dest3)
    keep = JOKERS | (suit_mask(trump) if trump >= 0 else uint64(0))
    for i in range(np_):
        h = out[i]
        v = h & keep
        for s in range(4):
            if s != trump:
                v |= ((h >> uint64(16 * s)) & uint64(0x1FFF)) << uint64(16 * dests[s])
        out[i] = v


@no_refcount(inline="always")
def _above(c):
    """The cards of ``c``'s suit ranked above the ordinary card ``c``."""
    return suit_mask(c >> 4) & ~((uint64(2) << uint64(c)) - uint64(1))


@no_refcount
def winner_and_beaters(t_card, t_mode, k, trump, rp):
    """(position winning the first ``k`` >= 1 cards of a trick, the ordinary cards that would take
    it played next). A card played next takes the trick or leaves it where it was; a joker played
    next takes it when high (or a top trump); no other card does."""
    w = trick_winner(t_card, t_mode, k, trump, rp)
    return w, beaters(t_card, t_mode, w, trump, rp)


@no_refcount
def beaters(t_card, t_mode, w, trump, rp):
    """The ordinary cards that would take a trick won so far by its card at position ``w`` (see
    :func:`winner_and_beaters`)."""
    c = t_card[w]
    trumps = suit_mask(trump) & NORMAL if trump >= 0 else uint64(0)
    if c < JK1:
        beat = _above(c)
        if trump < 0 or (c >> 4) != trump:
            beat |= trumps
    elif t_mode[w] == LOW:  # a led low joker (54-card game): the next ordinary card sets the suit
        beat = NORMAL
    elif w == 0 and rp[R_MODEL] == 0 and t_mode[0] >= TAKE:  # a led joker naming a suit x
        x = (t_mode[0] - TAKE) & 3
        if t_mode[0] >= GIVE:
            beat = (suit_mask(x) & NORMAL) | trumps
        elif rp[R_TRUMP_BEATS_TAKE] and x != trump:
            beat = trumps
        else:
            beat = uint64(0)
    else:  # a high joker: only a later joker beats it
        beat = uint64(0)
    return beat


@no_refcount
def trick_decided(hands, np_, k, leader, w, beat):
    """The seat that wins the trick of ``k`` >= 1 cards whatever the seats still to play do, or -1
    when one of them might take it: none holds a joker, and no card any of them holds would take
    it played next (``w``, ``beat``: the trick's :func:`winner_and_beaters`; a card that takes none
    of the tricks as they stand when it might be played takes nothing)."""
    rest = uint64(0)
    for j in range(k, np_):
        rest |= hands[(leader + j) % np_]
    if rest & JOKERS or rest & beat:
        return -1
    return (leader + w) % np_


@no_refcount(inline="always")
def keep_takers(mv, n, beat, rp):
    """Keep of the ``n`` moves ``mv`` (a card to a trick under way) those that take the trick (``beat``:
    the ordinary cards that would, :func:`winner_and_beaters`; a joker when high or a top trump);
    the new count.

    >>> import numpy as np
    >>> from analyzer.games.tricks.rules import trick_rules
    >>> mv = np.array([3, 12, 61 | (HIGH << 6), 61 | (LOW << 6)], np.int64)   # 5c, Ac, the joker high / low
    >>> int(keep_takers(mv, 4, uint64(1 << 12), trick_rules("georgian-joker").params())), mv[:2].tolist()
    (2, [12, 125])
    """
    m = 0
    for i in range(n):
        a = mv[i]
        b = a & 63
        if b >= JK1:
            takes = (a >> 6) == HIGH or rp[R_MODEL] == TOP_TRUMP
        else:
            takes = (beat >> uint64(b)) & uint64(1) == 1
        if takes:
            mv[m] = a
            m += 1
    return m


@no_refcount(inline="always")  # copied into the search, its one caller (see legal_moves_inlined)
def order_moves(mv, n, hands, np_, s_mask, mover, trump, rp, t_card, t_mode, k, leader, keyb,
                hist, w0, beat, lead_hist):
    """Drop interchangeable moves (a card whose next card up still in a hand is the mover's, and
    takes the trick as it does or leaves it as it does), then sort the rest best-first; the new
    count. ``w0``, ``beat``: the trick's :func:`winner_and_beaters` (when ``k`` > 0); ``lead_hist`` (the paranoid search):
    a lead's cut-off history ranks before its static key (else only breaks its ties, and a card of
    the trick parts two cards, as before)."""
    mine = hands[mover]
    others = uint64(0)
    for i in range(np_):
        others |= hands[i]
    others &= ~mine
    out = others | mine
    if not lead_hist:  # the budgeted search keeps its moves: a card of the trick between two parts them
        for i in range(k):
            out |= uint64(1) << uint64(t_card[i])
    both_jokers = (mine >> uint64(JK1)) & (mine >> uint64(JK2)) & uint64(1)
    first_unheld = -1
    first_plain_unheld = -1
    if k == 0 and mine & JOKERS:
        for x in range(3, -1, -1):
            if not (others & suit_mask(x)):
                first_unheld = x
                if x != trump:
                    first_plain_unheld = x
    mover_side = (s_mask >> mover) & 1
    top_joker = rp[R_MODEL] == TOP_TRUMP
    m = 0
    for i in range(n):
        a = mv[i]
        b = a & 63
        mode = a >> 6
        if b < JK1:
            above = out & suit_mask(b >> 4) & ~((uint64(2) << uint64(b)) - uint64(1))
            if above:
                nxt = low_bit(above)
                if mine & (uint64(1) << uint64(nxt)) and (k == 0 or (beat >> uint64(b)) & uint64(1) ==
                                                         (beat >> uint64(nxt)) & uint64(1)):
                    continue
        elif b == JK2 and both_jokers:
            continue
        elif k == 0 and mode >= TAKE and not (others & suit_mask((mode - TAKE) & 3)):
            # a led joker naming a suit nobody else holds: every such suit plays alike
            # (for "take", a plain suit and the trump suit differ in the follow duty)
            x = (mode - TAKE) & 3
            if mode >= GIVE:
                if x != first_unheld:
                    continue
            elif x != trump and x != first_plain_unheld:
                continue
        if k == 0:
            if b >= JK1:
                key = 40 if mode < GIVE and mode >= TAKE else 0
            else:
                key = 20 + (b & 15)
        else:
            if b >= JK1:
                takes = mode == HIGH or top_joker
            else:
                takes = (beat >> uint64(b)) & uint64(1) == 1
            w = (leader + (k if takes else w0)) % np_
            side = (s_mask >> w) & 1 == mover_side
            r = 14 if b >= JK1 else (b & 15)
            key = 100 - r if side else 50 - r
        mv[m] = a
        h = min(hist[k, a], 65535)
        keyb[m] = h * 128 + key if k == 0 and lead_hist else key * 65536 + h
        m += 1
    for i in range(1, m):
        a = mv[i]
        kk = keyb[i]
        j = i - 1
        while j >= 0 and keyb[j] < kk:
            mv[j + 1] = mv[j]
            keyb[j + 1] = keyb[j]
            j -= 1
        mv[j + 1] = a
        keyb[j + 1] = kk
    return m
