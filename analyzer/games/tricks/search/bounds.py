"""What a search knows of a position before searching it: sure tricks, relative ranks, move order.

Cards that are adjacent among the cards still out (in hands or on the table) are
interchangeable, so only one of such a run is tried; the two jokers in one hand are
interchangeable too. Moves are ordered cheapest winner first (with a history of cut-offs).
Positions equal up to the cards already gone share a table entry (:func:`canonical`).

>>> import numpy as np
>>> out = np.zeros(2, np.uint64)
>>> canonical(np.array([1 << 12, 1 << 3], np.uint64), 2, out)   # Ac and 5c: the top two clubs left
>>> [int(x) for x in out]
[2, 1]
"""

from __future__ import annotations

from numba import uint64

from analyzer.games.tricks.kernels import low_bit, popcount, suit_mask, top_bit, trick_winner
from analyzer.games.tricks.kernels.moves import GIVE, JK1, JK2, JOKERS, TAKE
from analyzer.kernels.jit import no_refcount

__all__ = ["MAX_MOVES", "canonical", "order_moves", "sure_against", "sure_tricks"]

MAX_MOVES = 48


@no_refcount
def canonical(hands, np_, out):
    """Hands with each suit's remaining cards renumbered 0, 1, … by rank and the jokers in seat
    order: positions equal up to cards already gone share one table entry."""
    for i in range(np_):
        out[i] = uint64(0)
    for s in range(4):
        u = uint64(0)
        for i in range(np_):
            u |= hands[i] & suit_mask(s)
        r = 0
        while u:
            b = low_bit(u)
            u &= u - uint64(1)
            bit = uint64(1) << uint64(b)
            for i in range(np_):
                if hands[i] & bit:
                    out[i] |= uint64(1) << uint64(s * 16 + r)
                    break
            r += 1
    first = True
    for i in range(np_):
        j = (hands[i] >> uint64(JK1)) & uint64(3)
        if j == 3:
            out[i] |= uint64(3) << uint64(JK1)
        elif j:
            out[i] |= uint64(1) << uint64(JK1 if first else JK2)
            first = False


@no_refcount
def _sure_of(mine, opp, others, trump, on_lead):
    """Tricks a hand ``mine`` wins against ``opp`` (the other side's cards) whatever happens: its
    jokers and its trumps above every trump of ``opp``, less one for each joker of ``opp`` (a joker
    spoils at most one trick); on lead, when ``others`` (every other seat's cards, a partner's
    too: he must not take the lead away) hold no jokers and no trumps, every card above all of
    theirs of its suit."""
    sure = popcount(mine & JOKERS)
    if trump >= 0:
        mt = mine & suit_mask(trump)
        ot = opp & suit_mask(trump)
        if ot:
            mt &= ~((uint64(2) << uint64(top_bit(ot))) - uint64(1))
        sure += popcount(mt)
    sure -= popcount(opp & JOKERS)
    if on_lead and not (others & JOKERS) and (trump < 0 or not (others & suit_mask(trump))):
        # on lead, the others without jokers or trumps: S cashes its top cards one by one
        cash = popcount(mine & JOKERS)
        for x in range(4):
            mx = mine & suit_mask(x)
            ox = others & suit_mask(x)
            if ox:
                mx &= ~((uint64(2) << uint64(top_bit(ox))) - uint64(1))
            cash += popcount(mx)
        if cash > sure:
            sure = cash
    return sure if sure > 0 else 0


@no_refcount
def sure_tricks(hands, np_, s_mask, trump, leader):
    """Tricks the side ``s_mask`` wins whatever happens: the most, over its seats, of what one
    seat's cards win against the other side's (:func:`_sure_of`; one seat's cards fall in
    different tricks, and a partner beating them keeps the trick on the side). For one seat,
    the other side is every other seat."""
    opp = uint64(0)
    every = uint64(0)
    for i in range(np_):
        every |= hands[i]
        if not (s_mask >> i) & 1:
            opp |= hands[i]
    sure = 0
    for i in range(np_):
        if (s_mask >> i) & 1:
            v = _sure_of(hands[i], opp, every & ~hands[i], trump, leader == i)
            if v > sure:
                sure = v
    return sure


@no_refcount
def sure_against(hands, np_, s_mask, trump):
    """Tricks the others surely take from the side ``s_mask``: the most, over one other seat, of
    its jokers and its trumps above all of the side's, less one for each joker of the side (each
    card of that seat wins a trick of its own unless one of the side's jokers beats it)."""
    mine = uint64(0)
    for i in range(np_):
        if (s_mask >> i) & 1:
            mine |= hands[i]
    my_top = -1
    if trump >= 0 and mine & suit_mask(trump):
        my_top = top_bit(mine & suit_mask(trump))
    best = 0
    for i in range(np_):
        if (s_mask >> i) & 1:
            continue
        c = popcount(hands[i] & JOKERS)
        if trump >= 0:
            t = hands[i] & suit_mask(trump)
            if my_top >= 0:
                t &= ~((uint64(2) << uint64(my_top)) - uint64(1))
            c += popcount(t)
        if c > best:
            best = c
    best -= popcount(mine & JOKERS)
    return best if best > 0 else 0


@no_refcount
def order_moves(mv, n, hands, np_, s_mask, mover, trump, rp, t_card, t_mode, k, leader, keyb,
                 hist):
    """Drop interchangeable moves, then sort the rest best-first; the new count."""
    mine = hands[mover]
    out = uint64(0)
    for i in range(np_):
        out |= hands[i]
    for i in range(k):
        out |= uint64(1) << uint64(t_card[i])
    both_jokers = (mine >> uint64(JK1)) & (mine >> uint64(JK2)) & uint64(1)
    others = uint64(0)
    for i in range(np_):
        if i != mover:
            others |= hands[i]
    first_unheld = -1
    first_plain_unheld = -1
    for x in range(3, -1, -1):
        if not (others & suit_mask(x)):
            first_unheld = x
            if x != trump:
                first_plain_unheld = x
    m = 0
    for i in range(n):
        a = mv[i]
        b = a & 63
        mode = a >> 6
        if b < JK1:
            above = out & suit_mask(b >> 4) & ~((uint64(2) << uint64(b)) - uint64(1))
            if above and (mine & (uint64(1) << uint64(low_bit(above)))):
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
                key = 20 + (b & 15) if (s_mask >> mover) & 1 else 34 - (b & 15)
        else:
            t_card[k] = b
            t_mode[k] = mode
            w = (leader + trick_winner(t_card, t_mode, k + 1, trump, rp)) % np_
            side = (s_mask >> w) & 1 == (s_mask >> mover) & 1
            r = 14 if b >= JK1 else (b & 15)
            key = 100 - r if side else 50 - r
        mv[m] = a
        keyb[m] = key * 65536 + min(hist[k, a], 65535)
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
