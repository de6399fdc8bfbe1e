"""The alpha-beta skeleton of every perfect-information search of the trick games (one stack walk).

The question: can the side S (a bit mask of seats: one seat, or a partnership such as seats 0+2)
make sure its final trick count lies in ``accept`` (bit t: t tricks accepted) when every other
seat plays against it? S's turns are an OR over its moves, the
others' an AND: a boolean alpha-beta, walked with an explicit stack (no recursion, so the
kernel caches); ply ``p`` is card ``p % np_`` of trick ``p // np_`` from the root. The two
searches differ only in what a node knows before it is searched, two kernels the search is given
(``known`` and ``remember``: numba compiles the search with the pair it is passed, and nothing of
the other pair):

- paranoid, "at least t tricks", the solver (:func:`known_bounds`, :func:`remember_bounds`): at a
  trick's start, the sure tricks of each side and a table of trick *bounds* keyed by relative
  ranks, valid across targets, whose best move is tried first; before a trick's last card, when
  that seat cannot change its winner, the side's sure tricks after it; at a trick's last card,
  the other side winning it so far, when the trick decides the search (the side makes the
  target with it, or fails without it), only the cards that take it (:func:`keep_takers`);
- any set, pimc's guaranteed score (:func:`known_answers`, :func:`remember_answer`): at every node
  whether every / no count still reachable is accepted, at a trick's start a table of *answers*
  keyed by the hands and the accepted set; a node budget (over it the answer is -1, "unknown").

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> from analyzer.games.tricks.search.table import new_table
>>> rp = trick_rules("georgian-joker").params()
>>> hands = np.array([1 << 44, 1 << 43, 1 << 42, 1 << 12], np.uint64)   # Ah, Kh, Qh, Ac
>>> from analyzer.games.tricks.search.sets import search_set   # it: known_answers, remember_answer
>>> tc = np.zeros(4, np.int64)                                 # no card of the trick played yet
>>> search_set(hands, 4, 0, 2, rp, 0, 0, tc, tc, 0, 1, 0b10, new_table(12), 1, np.zeros(1, np.int64), 1000)
1
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import HIGH, JK1, TOP_TRUMP, legal_moves_inlined
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.search.bounds import (
    MAX_MOVES,
    beaters,
    canonical,
    keep_takers,
    order_moves,
    sort_suits,
    trick_decided,
    winner_and_beaters,
)
from analyzer.games.tricks.search.sure import sure_against, sure_tricks, sure_tricks_inlined
from analyzer.games.tricks.search.table import (
    best_move,
    find,
    hash_hands,
    lower,
    store_answer,
    store_bounds,
    upper,
)
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["UNBOUNDED", "alphabeta", "buffers", "in_side", "known_answers", "known_bounds", "remember_answer",
           "remember_bounds"]

R_MODEL = P.MODEL
UNBOUNDED = np.int64(1) << 62  # a node budget never reached (the paranoid solver's)
ACC_MIX = 0xD6E8FEB86659FD93  # mixes the accepted set into an answers-table hash


@no_refcount(inline="always")
def in_side(s_mask, seat):
    """Whether ``seat`` belongs to the searching side ``s_mask``."""
    return (s_mask >> seat) & 1 == 1


@kernel
def buffers(np_, rem):
    """Work arrays of a search ``rem`` tricks deep: moves, their sort keys, the tricks' cards
    and modes, the cut-off history, the relative-rank hands, the stack (its columns as rows of
    one int64 array: a row at least 8 long for the node knowledge's inputs and outputs, two for
    the trick under way at each ply, its winner so far and the cards that take it)."""
    depth = rem * np_ + 1
    return (np.zeros((depth, MAX_MOVES), np.int64), np.zeros((depth, MAX_MOVES), np.int64),
            np.zeros((rem + 1, np_), np.int64), np.zeros((rem + 1, np_), np.int64),
            np.zeros((np_, 64 * 11), np.int64), np.zeros((rem + 1, np_), np.uint64),
            np.zeros((15, max(depth + 3, 8)), np.int64))


@no_refcount(inline="always")
def _window(won, rem):
    """The final counts still reachable, ``won`` .. ``won + rem``, as a bit set."""
    return ((np.int64(1) << (rem + 1)) - 1) << won


@no_refcount(inline="always")
def _in_window(accept, won, rem):
    """1 if every final count still reachable is accepted, 0 if none is, else -1."""
    window = _window(won, rem)
    hit = accept & window
    if hit == 0:
        return 0
    return 1 if hit == window else -1


@no_refcount(inline="always")
def known_bounds(hands, np_, s_mask, trump, k, leader, won, rem, accept, target, tt, stamp, ch, slot_key, t_card,
                 t_mode, rp):
    """The paranoid search's answer of a node before searching it: 1 or 0, or -1 (search it).
    At a trick's start: the counts still reachable, the side's sure tricks, the table's trick
    bounds of the relative-rank hands, plain suits sorted (written to ``ch``: :func:`sort_suits`),
    then the others' sure tricks (after the table: it answers most positions the others' count
    would, and that count costs as much as the table's key); ``slot_key`` gets the table
    index to store under (-1: none) and the table's best move (``slot_key[2]``, -1: none).
    Within a trick (``t_card``/``t_mode``, ``rp``: the rules; its winner so far and the cards
    that take it in ``slot_key[5]``/``[6]``), before its last card, when that seat cannot change
    its winner (:func:`trick_decided`): the side's sure tricks after it (when the others win it
    and the last card is theirs, its sure tricks from the winner's lead; and the counts still
    reachable after it)."""
    slot_key[0] = -1
    slot_key[2] = -1
    if k != 0:  # a trick under way: at its last card, when that seat cannot change the winner, the
        # bounds of the position after it (earlier in the trick the count cost more than it saved)
        if k != np_ - 1:
            return -1
        w = trick_decided(hands, np_, k, leader, slot_key[5], uint64(slot_key[6]))
        if w >= 0:
            if in_side(s_mask, w):  # the last seat's hand holds this trick's card
                rest = np.int64(1) << ((leader + k) % np_)
                slot_key[3] = won + 1 + sure_tricks(hands, np_, s_mask, trump, w, rest, rp)
                if slot_key[3] >= target:
                    return 1
            else:  # the side's sure tricks after it (the others' cost more than they saved)
                last = (leader + k) % np_
                if not in_side(s_mask, last):
                    slot_key[3] = won + sure_tricks(hands, np_, s_mask, trump, w, np.int64(1) << last, rp)
                    if slot_key[3] >= target:
                        return 1
                slot_key[3] = won + rem - 1
                if slot_key[3] < target:
                    return 0
        return -1
    w = _in_window(accept, won, rem)
    if w >= 0:
        slot_key[3] = won if w == 1 else won + rem
        return w
    slot_key[3] = won + sure_tricks_inlined(hands, np_, s_mask, trump, leader, np.int64(0), rp)
    if slot_key[3] >= target:
        return 1
    canonical(hands, np_, ch)
    sort_suits(ch, np_, trump)
    idx = np.int64(hash_hands(ch, np_, leader) >> uint64(40))
    slot = find(tt, stamp, ch, np_, leader, np.int64(-1), idx)
    if slot >= 0:
        lb = lower(tt, slot)
        if won + lb >= target:
            slot_key[3] = won + lb
            return 1
        ub = upper(tt, slot)
        if won + ub < target:
            slot_key[3] = won + ub
            return 0
        slot_key[2] = best_move(tt, slot)
    ub = won + rem - sure_against(hands, np_, s_mask, trump, leader, np.int64(0), rp, won + rem - target + 1)
    if ub < target:
        slot_key[3] = ub
        return 0
    slot_key[0] = idx
    return -1


@no_refcount
def known_answers(hands, np_, s_mask, trump, k, leader, won, rem, accept, target, tt, stamp, ch, slot_key, t_card,
                  t_mode, rp):
    """The any-set search's answer of a node before searching it: 1 or 0, or -1 (search it).
    At every node the counts still reachable, at a trick's start the table of answers;
    ``slot_key`` gets the table index and accepted set to store under (-1: none)."""
    slot_key[0] = -1
    slot_key[2] = -1
    w = _in_window(accept, won, rem)
    if w >= 0 or k != 0:
        return w
    acc = (accept & _window(won, rem)) >> won
    idx = np.int64((hash_hands(hands, np_, leader) ^ (uint64(acc) * uint64(ACC_MIX))) >> uint64(40))
    slot = find(tt, stamp, hands, np_, leader, acc, idx)
    if slot >= 0:
        return 1 if upper(tt, slot) == 1 else 0
    slot_key[0] = idx
    slot_key[1] = acc
    return -1


@no_refcount
def remember_bounds(r, hands, np_, leader, won, rem, target, tt, stamp, ch, idx, acc, best, bound):
    """Store a searched trick start's trick bounds (the paranoid search): ``bound``, the final
    count proven (at least it when ``r``, else at most), less the tricks won."""
    if r:
        store_bounds(tt, stamp, ch, np_, leader, idx, bound - won, rem, best)
    else:
        store_bounds(tt, stamp, ch, np_, leader, idx, np.int64(0), bound - won, best)


@no_refcount
def remember_answer(r, hands, np_, leader, won, rem, target, tt, stamp, ch, idx, acc, best, bound):
    """Store a searched trick start's answer (the any-set search)."""
    store_answer(tt, stamp, hands, np_, leader, idx, acc, r)


@kernel(inline="always")
def alphabeta(known, remember, hands, np_, s_mask, trump, rp, leader0, k0, won0, rem0, accept, tt, stamp, nodes,
              budget, mv, keyb, tcard, tmode, hist, canon, st):
    """1 if the side ``s_mask`` makes sure its final tricks are in ``accept``, 0 if not, -1 over
    ``budget`` nodes (:data:`UNBOUNDED`: none). ``known`` and ``remember``: the node knowledge,
    :func:`known_bounds` and :func:`remember_bounds` or :func:`known_answers` and
    :func:`remember_answer`. The root: ``k0`` cards of its trick already in
    ``tcard[0]``/``tmode[0]`` (led by ``leader0``), ``won0`` tricks won, ``rem0`` tricks left
    counting the current one; the work arrays from :func:`buffers` (it allocates nothing: a
    caller compiled without reference counting runs it without an atomic count per row it
    slices). ``hands`` is restored unless -1 is returned."""
    kk, ld, wn, rm, sidx, sacc, nm, ci, movers, res, cut, bd = (st[0], st[1], st[2], st[3], st[4], st[5], st[6],
                                                                st[7], st[8], st[9], st[10], st[11])
    slot_key = st[12, :8]
    tw, tbeat = st[13], st[14]  # a trick under way at each ply: the winner so far, the cards that take it
    target = 0  # paranoid: the fewest tricks accepted
    while target < 63 and not (accept >> target) & 1:
        target += 1
    ply = k0
    if k0 > 0:
        w0, beat0 = winner_and_beaters(tcard[0], tmode[0], k0, trump, rp)
        tw[ply] = w0
        tbeat[ply] = np.int64(beat0)
    kk[ply] = k0
    ld[ply] = leader0
    wn[ply] = won0
    rm[ply] = rem0
    start = nodes[0]
    paranoid = budget == UNBOUNDED  # its cut-offs weighted by depth, ranking its leads (the budgeted
    # search keeps its order: its answers within a budget depend on it)
    state = 0  # 0 enter a node, 1 try its next move, 2 return r to the parent
    r = False
    while True:
        if state == 0:
            nodes[0] += 1
            if nodes[0] - start > budget:
                return -1
            k = kk[ply]
            leader = ld[ply]
            cut[ply] = 0
            t = ply // np_
            slot_key[5] = tw[ply]  # (in) a trick under way: its winner so far, the cards that take it
            slot_key[6] = tbeat[ply]
            known_r = known(hands, np_, s_mask, trump, k, leader, wn[ply], rm[ply], accept, target, tt,
                            stamp, canon[t], slot_key, tcard[t], tmode[t], rp)
            sidx[ply] = slot_key[0]
            sacc[ply] = slot_key[1]
            if known_r >= 0:
                r = known_r == 1
                bd[ply] = slot_key[3]
                sidx[ply] = -1
                state = 2
            else:
                mover = (leader + k) % np_
                movers[ply] = mover
                n = legal_moves_inlined(hands[mover], tcard[t], tmode[t], k, trump, rp, mv[ply])
                bd[ply] = -1 if in_side(s_mask, mover) else 64  # the most of the failures, the fewest made
                if paranoid and k == np_ - 1 and in_side(s_mask, mover) != in_side(s_mask, (leader + tw[ply]) % np_):
                    # the trick's last card, the other side winning it: when the trick decides the
                    # search (the side makes the target with it, or fails without it), only a card
                    # that takes it can change the answer (the others lead where the trick's owner
                    # wants)
                    if not in_side(s_mask, mover) and wn[ply] >= target - 1:
                        n = keep_takers(mv[ply], n, uint64(tbeat[ply]), rp)
                        bd[ply] = wn[ply] + 1
                    elif in_side(s_mask, mover) and wn[ply] + rm[ply] - 1 < target:
                        n = keep_takers(mv[ply], n, uint64(tbeat[ply]), rp)
                        bd[ply] = wn[ply] + rm[ply] - 1
                if n > 1:  # (a single legal card has no equivalent to drop and nothing to sort)
                    n = order_moves(mv[ply], n, hands, np_, s_mask, mover, trump, rp, tcard[t], tmode[t], k,
                                    leader, keyb[ply], hist, tw[ply], uint64(tbeat[ply]), paranoid)
                bm = slot_key[2]
                if bm >= 0:  # the table's best move of this position first
                    for j in range(n):
                        if mv[ply, j] == bm:
                            for q in range(j, 0, -1):
                                mv[ply, q] = mv[ply, q - 1]
                            mv[ply, 0] = bm
                            break
                nm[ply] = n
                ci[ply] = 0
                res[ply] = 0 if in_side(s_mask, mover) else 1
                state = 1
        if state == 1:
            i = ci[ply]
            if i == nm[ply]:
                r = res[ply] == 1
                state = 2
            else:
                ci[ply] = i + 1
                k = kk[ply]
                t = ply // np_
                a = mv[ply, i]
                hands[movers[ply]] ^= uint64(1) << uint64(a & 63)
                tcard[t, k] = a & 63
                tmode[t, k] = a >> 6
                c = ply + 1
                # the card takes the trick or leaves it to the winner so far (winner_and_beaters)
                b = a & 63
                if k == 0:
                    takes = True
                elif b >= JK1:
                    takes = (a >> 6) == HIGH or rp[R_MODEL] == TOP_TRUMP
                else:
                    takes = (uint64(tbeat[ply]) >> uint64(b)) & uint64(1) == 1
                if k + 1 == np_:
                    w = (ld[ply] + (k if takes else tw[ply])) % np_
                    kk[c] = 0
                    ld[c] = w
                    wn[c] = wn[ply] + (1 if in_side(s_mask, w) else 0)
                    rm[c] = rm[ply] - 1
                else:
                    kk[c] = k + 1
                    ld[c] = ld[ply]
                    wn[c] = wn[ply]
                    rm[c] = rm[ply]
                    if takes:
                        tw[c] = k
                        tbeat[c] = np.int64(beaters(tcard[t], tmode[t], k, trump, rp))
                    else:
                        tw[c] = tw[ply]
                        tbeat[c] = tbeat[ply]
                ply = c
                state = 0
                continue
        if state == 2:
            if sidx[ply] >= 0:
                best = mv[ply, ci[ply] - 1] if cut[ply] == 1 else -1
                remember(r, hands, np_, ld[ply], wn[ply], rm[ply], target, tt, stamp, canon[ply // np_],
                         sidx[ply], sacc[ply], best, bd[ply])
            if ply == k0:
                return 1 if r else 0
            ply -= 1
            a = mv[ply, ci[ply] - 1]
            hands[movers[ply]] ^= uint64(1) << uint64(a & 63)
            if in_side(s_mask, movers[ply]) == r:  # a cut: S found a way, or the others found a refutation
                if ci[ply] > 1:
                    hist[kk[ply], a] += rm[ply] * rm[ply] if paranoid else 1
                cut[ply] = 1
                bd[ply] = bd[ply + 1]
                state = 2
            else:  # fail-soft: the node's proven bound from its children's
                if r:
                    bd[ply] = min(bd[ply], bd[ply + 1])
                else:
                    bd[ply] = max(bd[ply], bd[ply + 1])
                state = 1
