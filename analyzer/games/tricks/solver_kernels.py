"""numba kernels of the perfect-information ("paranoid") solver.

The question "can seat S make sure of at least ``target`` more tricks when every other seat
plays against it?" is answered by an alpha-beta search on a boolean (a null window on the
trick count): S's turns are an OR over its moves, the others' an AND. Positions at the start
of a trick are kept in a transposition table with a lower and an upper bound on S's tricks
from there, valid across targets. Cards that are adjacent among the cards still out (in hands
or on the table) are interchangeable, so only the highest of such a run is tried; the two
jokers in one hand are interchangeable too. Moves are ordered cheapest winner first.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.kernels import (
    GIVE,
    JK1,
    JK2,
    JOKERS,
    TAKE,
    legal_moves,
    low_bit,
    popcount,
    suit_mask,
    top_bit,
    trick_winner,
)

__all__ = ["MAXP", "MAX_MOVES", "after_first_card_kernel", "paranoid_kernel", "search_target"]

MAXP = 6
MAX_MOVES = 48


@njit(cache=True, inline="always")
def _hash(hands, np_, leader):
    h = uint64(leader + 1) * uint64(0x94D049BB133111EB)
    for i in range(np_):
        x = hands[i] * uint64(0x9E3779B97F4A7C15) + uint64(i)
        x ^= x >> uint64(31)
        h = (h ^ x) * uint64(0xBF58476D1CE4E5B9)
    h ^= h >> uint64(29)
    return h


@njit(cache=True)
def _find(hands, np_, leader, keys, tlead, tstamp, stamp, idx, tmask):
    for j in range(4):
        slot = (idx + j) & tmask
        if tstamp[slot] != stamp:
            continue
        if tlead[slot] != leader:
            continue
        same = True
        for i in range(np_):
            if keys[slot, i] != hands[i]:
                same = False
                break
        if same:
            return slot
    return -1


@njit(cache=True)
def _store(hands, np_, leader, keys, tlead, tlb, tub, tstamp, stamp, idx, tmask, lb, ub, tbest,
           best):
    slot = _find(hands, np_, leader, keys, tlead, tstamp, stamp, idx, tmask)
    if slot < 0:
        slot = idx & tmask
        for j in range(4):
            s = (idx + j) & tmask
            if tstamp[s] != stamp:
                slot = s
                break
        tstamp[slot] = stamp
        tlead[slot] = leader
        for i in range(np_):
            keys[slot, i] = hands[i]
        tlb[slot] = lb
        tub[slot] = ub
        tbest[slot] = best
        return
    if best >= 0:
        tbest[slot] = best
    if lb > tlb[slot]:
        tlb[slot] = lb
    if ub < tub[slot]:
        tub[slot] = ub


@njit(cache=True)
def _canonical(hands, np_, out):
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


@njit(cache=True)
def _sure_tricks(hands, np_, s_seat, trump, leader):
    """Tricks ``s_seat`` wins whatever happens: its jokers and its trumps above every other
    trump, less one for each joker of the others (a joker spoils at most one trick); on lead
    against no jokers and no trumps, every card above all the others' cards of its suit."""
    mine = hands[s_seat]
    opp = uint64(0)
    for i in range(np_):
        if i != s_seat:
            opp |= hands[i]
    sure = popcount(mine & JOKERS)
    if trump >= 0:
        mt = mine & suit_mask(trump)
        ot = opp & suit_mask(trump)
        if ot:
            mt &= ~((uint64(2) << uint64(top_bit(ot))) - uint64(1))
        sure += popcount(mt)
    sure -= popcount(opp & JOKERS)
    if leader == s_seat and not (opp & JOKERS) and (trump < 0 or not (opp & suit_mask(trump))):
        # on lead, the others without jokers or trumps: S cashes its top cards one by one
        cash = popcount(mine & JOKERS)
        for x in range(4):
            mx = mine & suit_mask(x)
            ox = opp & suit_mask(x)
            if ox:
                mx &= ~((uint64(2) << uint64(top_bit(ox))) - uint64(1))
            cash += popcount(mx)
        if cash > sure:
            sure = cash
    return sure if sure > 0 else 0


@njit(cache=True)
def _sure_against(hands, np_, s_seat, trump):
    """Tricks the others surely take from ``s_seat``: the most, over one other seat, of its
    jokers and its trumps above all of S's, less one for each joker of S (each card of that
    seat wins a trick of its own unless one of S's jokers beats it)."""
    mine = hands[s_seat]
    my_top = -1
    if trump >= 0 and mine & suit_mask(trump):
        my_top = top_bit(mine & suit_mask(trump))
    best = 0
    for i in range(np_):
        if i == s_seat:
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


@njit(cache=True)
def _order_moves(mv, n, hands, np_, s_seat, mover, trump, rp, t_card, t_mode, k, leader, keyb,
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
                key = 20 + (b & 15) if mover == s_seat else 34 - (b & 15)
        else:
            t_card[k] = b
            t_mode[k] = mode
            w = (leader + trick_winner(t_card, t_mode, k + 1, trump, rp)) % np_
            side = (w == s_seat) == (mover == s_seat)
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


@njit(cache=True)
def search_target(hands, np_, s_seat, trump, rp, leader0, rem0, target, mv, keyb, tcard, tmode,
                  keys, tlead, tlb, tub, tstamp, stamp, tmask, nodes, hist, tbest, ply0):
    """Whether ``s_seat`` makes sure of ``target`` tricks from the start of a trick.

    An explicit-stack alpha-beta on the boolean (no recursion, so the kernel caches); ply
    ``p`` is card ``p % np_`` of trick ``p // np_``. The root is ply ``ply0``: the first
    ``ply0`` cards of the first trick are already in ``tcard[0]``/``tmode[0]``.
    """
    depth = rem0 * np_ + 1
    kk = np.zeros(depth, np.int64)
    ld = np.zeros(depth, np.int64)
    wn = np.zeros(depth, np.int64)
    rm = np.zeros(depth, np.int64)
    sidx = np.zeros(depth, np.int64)
    nm = np.zeros(depth, np.int64)
    ci = np.zeros(depth, np.int64)
    movers = np.zeros(depth, np.int64)
    res = np.zeros(depth, np.bool_)
    cut = np.zeros(depth, np.bool_)
    first = np.full(depth, -1, np.int64)
    canon = np.zeros((rem0 + 1, np_), np.uint64)
    ply = ply0
    kk[ply] = ply0
    ld[ply] = leader0
    rm[ply] = rem0
    state = 0  # 0 enter a node, 1 try its next move, 2 return r to the parent
    r = False
    while True:
        if state == 0:
            nodes[0] += 1
            k = kk[ply]
            leader = ld[ply]
            won = wn[ply]
            rem = rm[ply]
            state = 1
            cut[ply] = False
            first[ply] = -1
            if k == 0:
                if won >= target:
                    r = True
                    state = 2
                elif won + rem < target:
                    r = False
                    state = 2
                elif won + _sure_tricks(hands, np_, s_seat, trump, leader) >= target:
                    r = True
                    state = 2
                elif won + rem - _sure_against(hands, np_, s_seat, trump) < target:
                    r = False
                    state = 2
                else:
                    ch = canon[ply // np_]
                    _canonical(hands, np_, ch)
                    idx = np.int64(_hash(ch, np_, leader) >> uint64(40))
                    sidx[ply] = idx
                    slot = _find(ch, np_, leader, keys, tlead, tstamp, stamp, idx, tmask)
                    if slot >= 0:
                        if won + tlb[slot] >= target:
                            r = True
                            state = 2
                        elif won + tub[slot] < target:
                            r = False
                            state = 2
                        else:
                            first[ply] = tbest[slot]
            if state == 2:
                kk[ply] = -1  # decided without a search: nothing to store
            else:
                t = ply // np_
                mover = (leader + k) % np_
                movers[ply] = mover
                n = legal_moves(hands[mover], tcard[t], tmode[t], k, trump, rp, mv[ply])
                n = _order_moves(mv[ply], n, hands, np_, s_seat, mover, trump, rp, tcard[t],
                                 tmode[t], k, leader, keyb[ply], hist)
                bm = first[ply]
                if bm >= 0:  # the table's best move of this position first
                    for j in range(n):
                        if mv[ply, j] == bm:
                            for q in range(j, 0, -1):
                                mv[ply, q] = mv[ply, q - 1]
                            mv[ply, 0] = bm
                            break
                nm[ply] = n
                ci[ply] = 0
                res[ply] = mover != s_seat
        if state == 1:
            i = ci[ply]
            if i == nm[ply]:
                r = res[ply]
                state = 2
            else:
                ci[ply] = i + 1
                k = kk[ply]
                t = ply // np_
                a = mv[ply, i]
                b = a & 63
                hands[movers[ply]] ^= uint64(1) << uint64(b)
                tcard[t, k] = b
                tmode[t, k] = a >> 6
                c = ply + 1
                if k + 1 == np_:
                    w = (ld[ply] + trick_winner(tcard[t], tmode[t], np_, trump, rp)) % np_
                    kk[c] = 0
                    ld[c] = w
                    wn[c] = wn[ply] + (1 if w == s_seat else 0)
                    rm[c] = rm[ply] - 1
                else:
                    kk[c] = k + 1
                    ld[c] = ld[ply]
                    wn[c] = wn[ply]
                    rm[c] = rm[ply]
                ply = c
                state = 0
                continue
        if state == 2:
            if kk[ply] == 0:
                won = wn[ply]
                ch = canon[ply // np_]
                best = mv[ply, ci[ply] - 1] if cut[ply] else -1
                if r:
                    _store(ch, np_, ld[ply], keys, tlead, tlb, tub, tstamp, stamp, sidx[ply],
                           tmask, target - won, rm[ply], tbest, best)
                else:
                    _store(ch, np_, ld[ply], keys, tlead, tlb, tub, tstamp, stamp, sidx[ply],
                           tmask, 0, target - won - 1, tbest, best)
            if ply == ply0:
                return r
            ply -= 1
            a = mv[ply, ci[ply] - 1]
            hands[movers[ply]] ^= uint64(1) << uint64(a & 63)
            maximizing = movers[ply] == s_seat
            if maximizing == r:  # a cut: S found a way, or the others found a refutation
                if ci[ply] > 1:
                    hist[kk[ply], a] += 1
                cut[ply] = True
                state = 2
            else:
                state = 1
    return r


@njit(cache=True)
def paranoid_kernel(hands0, np_, s_seat, trump, rp, leader, keys, tlead, tlb, tub, tstamp, stamp,
                    nodes, tbest):
    """The paranoid value of ``s_seat`` for a deal at the start of its first trick."""
    hands = hands0.copy()
    rem = 0
    for i in range(np_):
        c = 0
        x = hands[i]
        while x:
            x &= x - uint64(1)
            c += 1
        if c > rem:
            rem = c
    depth = rem * np_ + 1
    mv = np.zeros((depth, MAX_MOVES), np.int64)
    keyb = np.zeros((depth, MAX_MOVES), np.int64)
    tcard = np.zeros((rem + 1, np_), np.int64)
    tmode = np.zeros((rem + 1, np_), np.int64)
    tmask = tstamp.shape[0] - 1
    hist = np.zeros((np_, 64 * 11), np.int64)  # cut-offs by (position in the trick, move)
    lo = 0
    while lo < rem and search_target(hands, np_, s_seat, trump, rp, leader, rem, lo + 1, mv, keyb,
                                     tcard, tmode, keys, tlead, tlb, tub, tstamp, stamp, tmask,
                                     nodes, hist, tbest, 0):
        lo += 1
    return lo


@njit(cache=True)
def after_first_card_kernel(hands0, np_, s_seat, trump, rp, leader, move, target, keys, tlead, tlb,
                            tub, tstamp, stamp, nodes, tbest):
    """Whether ``s_seat`` still makes sure of ``target`` tricks after the leader plays ``move``."""
    hands = hands0.copy()
    rem = 0
    for i in range(np_):
        c = popcount(hands[i])
        if c > rem:
            rem = c
    depth = rem * np_ + 1
    mv = np.zeros((depth, MAX_MOVES), np.int64)
    keyb = np.zeros((depth, MAX_MOVES), np.int64)
    tcard = np.zeros((rem + 1, np_), np.int64)
    tmode = np.zeros((rem + 1, np_), np.int64)
    hist = np.zeros((np_, 64 * 11), np.int64)
    b = move & 63
    hands[leader] ^= uint64(1) << uint64(b)
    tcard[0, 0] = b
    tmode[0, 0] = move >> 6
    return search_target(hands, np_, s_seat, trump, rp, leader, rem, target, mv, keyb, tcard, tmode,
                         keys, tlead, tlb, tub, tstamp, stamp, tstamp.shape[0] - 1, nodes, hist,
                         tbest, 1)
