"""numba kernel of ``pimc``'s card: K worlds, every candidate move valued in each, the best mean.

At a decision, ``pimc`` deals K worlds consistent with what it has seen (its hand, the turned
card and who drew it, the cards played, the voids shown since a seat last drew, and — before
anyone has drawn — the heuristic seats' bids, by rejection); when drawing, each world also
orders the unseen stock at random, the turned card last. Each candidate move is valued in each
world by the **world model** (``cfg[C_MODEL]``):

- ``MODEL_PARANOID`` (0): the score for its bid the player makes sure of when the three other
  seats play together against it (:func:`analyzer.games.tricks.search.sets.guaranteed_score`,
  exact within the node budget, else a lower bound); deals without drawing only.
- ``MODEL_PLAYOUT`` (1): the playout value (the loop of :mod:`analyzer.games.tricks.kernels.playout`:
  every seat, the player too, plays on by its policy) — while more than ``cfg[C_ENDGAME]``
  tricks are left or a card is still to draw; from there on the paranoid guaranteed score.

Under maker scoring (short poker for tricks) a value is the player's side's points for the deal
(the maker side's, negated for the defenders; the partner's tricks count for the side), the
exact endgame the side's guarantee against the other side, and the worlds keep the turned card
out of every hand (the declarations are not used as evidence).

It plays the move of best mean value (less a joker-lead penalty), the heuristic's own move on a
tie; of the player's cards that are adjacent among the cards not yet played only one is tried.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.defaults import PIMC_ENDGAME
from analyzer.games.tricks.kernels.moves import (
    JK1,
    NORMAL,
    TOP_TRUMP,
    legal_moves,
    low_bit,
    maker_points,
    popcount,
    suit_mask,
    trick_winner,
)
from analyzer.games.tricks.kernels.playout import (
    CARDS,
    DECK,
    DRAWN,
    END,
    LEADER,
    LEFT,
    MAKER,
    NEXT,
    PLAYED,
    SET,
    TRACK,
    TRICKS,
    TRUMP,
    UP_BIT,
    UP_HOLDER,
    K,
    apply_move,
    deal_value,
    new_position,
    play_on,
    playout_codes,
    policy_move,
)
from analyzer.games.tricks.policies.basic import HEURISTIC
from analyzer.games.tricks.policies.worlds import pool_of, world, world_stock
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.search.bounds import MAX_MOVES
from analyzer.games.tricks.search.sets import guaranteed_score, guaranteed_value
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["CFG_SIZE", "C_BID", "C_BUDGET", "C_ENDGAME", "C_K", "C_MODEL", "DEFAULT_ENDGAME", "MODEL_PARANOID",
           "MODEL_PLAYOUT", "default_cfg", "pimc_move"]

R_DRAW = P.DRAW
R_JOKER_LEAD = P.JOKER_LEAD
R_MODEL = P.MODEL
R_SCORING = P.SCORING
C_K = 0  # worlds per decision
C_BUDGET = 1  # solver nodes per search
C_BID = 2  # bid mode (see policies.pimc_bid)
C_MODEL = 3
C_ENDGAME = 4  # playout model: tricks left at which the solver takes over
CFG_SIZE = 5
MODEL_PARANOID = 0
MODEL_PLAYOUT = 1
DEFAULT_ENDGAME = PIMC_ENDGAME


@kernel
def default_cfg(kk, budget, endgame):
    """pimc's options with the playout model, heuristic bids and solver from ``endgame`` tricks left."""
    cfg = np.zeros(CFG_SIZE, np.int64)
    cfg[C_K] = kk
    cfg[C_BUDGET] = budget
    cfg[C_BID] = 1
    cfg[C_MODEL] = MODEL_PLAYOUT
    cfg[C_ENDGAME] = endgame
    return cfg


@no_refcount
def _playout_value(wg, g, worlds, wstock, ns, a, me, rp, wpol, moves, sstate):
    """Seat ``me``'s score (its joker-lead penalties included) when it plays ``a`` in the world
    (``worlds``, the stock ``wstock[:ns]``) and every seat plays on by its ``wpol`` code."""
    hands, stock, pos, bits, t_card, t_mode, bids, took, scores, _played_by, _forbid = wg
    copy_into(pos, g[2])
    copy_into(bits, g[3])
    copy_into(t_card, g[4])
    copy_into(t_mode, g[5])
    copy_into(bids, g[6])
    copy_into(took, g[7])
    copy_into(hands, worlds)
    copy_into(stock, wstock[:ns])
    pos[NEXT] = 0
    pos[END] = ns
    pos[TRACK] = 0
    scores[:] = 0
    apply_move(wg, a, rp)
    play_on(wg, rp, wpol, sstate, moves)
    return deal_value(wg, me, rp)


@kernel
def _side_guaranteed(h2, np_, me, bids, took, trump, rp, leader, k0, tc, tm, winner, rem, tricks, tt, stamp, nodes,
                     budget):
    """Maker scoring: the points seat ``me``'s side makes sure of with the other side playing
    against it (its seats: the same flag in ``bids``; the maker side's points, negated for the
    defenders); ``winner`` the seat that took the trick just completed (-1: none), ``rem`` the
    tricks left after it, ``tricks`` those of the deal."""
    mask = np.int64(0)
    won = np.int64(0)  # int64 from the start: guaranteed_value is not compiled first for the constant 0
    for s in range(np_):
        if bids[s] == bids[me]:
            mask |= np.int64(1) << s
            won += took[s] + (1 if s == winner else 0)
    vals = np.empty(rem + 1, np.int64)
    for i in range(rem + 1):
        vals[i] = maker_points(won + i, rp) if bids[me] == 1 else -maker_points(tricks - won - i, rp)
    return guaranteed_value(h2, np_, mask, trump, rp, leader, k0, tc, tm, won, rem, vals, tt, stamp, nodes, budget)


@kernel(python=True)  # called from Python as well: one compile serves both
def pimc_move(g, rp, pol, cfg, tt, stamp, nodes, sstate, pstate):
    """pimc's card (a move ``bit + 64 * mode``) for the seat on turn in position ``g`` (see
    :mod:`analyzer.games.tricks.kernels.playout`; only the hands' sizes and the player's own
    hand are read, with what the plays have shown and who drew the turned card). ``sstate`` is
    the search's random stream, ``pstate`` the policies' (the heuristic's tie-break)."""
    hands, _stock, pos, bits, t_card, t_mode, bids, took, _scores, played_by, forbid = g
    np_ = hands.shape[0]
    k = pos[K]
    leader = pos[LEADER]
    me = (leader + k) % np_
    trump = pos[TRUMP]
    stock_left = pos[END] - pos[NEXT]
    drawn = pos[DRAWN] > 0  # someone has drawn: the bids say nothing checkable about the hands now
    up_bit = pos[UP_BIT]
    up_holder = pos[UP_HOLDER]
    played = bits[PLAYED]
    deck_mask = bits[DECK]
    n = pos[CARDS]
    tricks = pos[TRICKS]
    tricks_left = pos[LEFT]
    set_index = pos[SET]
    kk = cfg[C_K]
    budget = cfg[C_BUDGET]
    model = cfg[C_MODEL]
    endgame = cfg[C_ENDGAME]
    drawing = rp[R_DRAW] == 1
    moves = np.zeros(MAX_MOVES, np.int64)
    nmv = legal_moves(hands[me], t_card, t_mode, k, trump, rp, moves)
    h_move = policy_move(g, np.int64(HEURISTIC), me, moves, nmv, rp, pstate)
    maker = rp[R_SCORING] == MAKER
    if nmv == 1:
        return moves[0]
    live = deck_mask & ~played
    if rp[R_MODEL] == TOP_TRUMP:
        live &= NORMAL  # the joker is no neighbour of the ace: a trump even when the ace is not
    keep = np.zeros(nmv, np.bool_)
    for i in range(nmv):
        b = moves[i] & 63
        keep[i] = True
        if b < JK1:
            above = live & suit_mask(b >> 4) & ~((uint64(2) << uint64(b)) - uint64(1))
            if above:
                nb_ = uint64(1) << uint64(low_bit(above))
                if hands[me] & nb_ and moves[i] != h_move:
                    keep[i] = False
    pool_buf = np.zeros(64, np.int64)
    npool = pool_of(deck_mask, hands, me, played, up_bit, pool_buf)
    up = uint64(1) << uint64(up_bit) if up_bit >= 0 else uint64(0)
    up_held = up_holder >= 0 and up_holder != me and not (played & up)
    up_in_stock = drawing and up_bit >= 0 and up_holder < 0 and not (played & up)
    sizes = np.zeros(np_, np.int64)
    for s in range(np_):
        sizes[s] = popcount(hands[s])
    if up_held:
        sizes[up_holder] -= 1
    solver_now = model == MODEL_PARANOID or (tricks_left <= endgame and (not drawing or stock_left < np_))
    worlds = np.zeros(np_, np.uint64)
    wstock = np.zeros(64, np.int64)
    sums = np.zeros(nmv, np.float64)
    tc = np.zeros(np_, np.int64)
    tm = np.zeros(np_, np.int64)
    h2 = np.zeros(np_, np.uint64)
    mv2 = np.zeros(MAX_MOVES, np.int64)
    wg = new_position(np_, wstock.shape[0])  # a world's position, for the playouts
    zero = np.int64(0)  # passed for the constant 0: the searches compile once for every caller
    wpol = playout_codes(pol)
    for _ in range(kk):
        world(sstate, pstate, pool_buf, npool, sizes, forbid, played_by, np_, me, hands[me], pol, bids,
              0 if drawn or maker else np_, trump, tricks, n, rp, worlds)
        if up_held:
            worlds[up_holder] |= up
        ns = 0
        if drawing and not solver_now:
            ns = world_stock(pool_buf, npool, worlds, np_, up_in_stock, up_bit, sstate, wstock)
        for i in range(nmv):
            if not keep[i]:
                continue
            a = moves[i]
            b = a & 63
            pen = 0
            if k == 0 and b >= JK1 and hands[me] != (uint64(1) << uint64(b)):
                pen = rp[R_JOKER_LEAD]
            if not solver_now:
                v = _playout_value(wg, g, worlds, wstock, ns, a, me, rp, wpol, mv2, sstate) + pen
            else:
                for s in range(np_):
                    h2[s] = worlds[s]
                h2[me] ^= uint64(1) << uint64(b)
                for j in range(k):
                    tc[j] = t_card[j]
                    tm[j] = t_mode[j]
                tc[k] = b
                tm[k] = a >> 6
                if k + 1 == np_:
                    w = (leader + trick_winner(tc, tm, np_, trump, rp)) % np_
                    won = took[me] + (1 if w == me else 0)
                    if maker:
                        v = _side_guaranteed(h2, np_, me, bids, took, trump, rp, w, zero, tc, tm, w, tricks_left - 1,
                                             tricks, tt, stamp, nodes, budget)
                    else:
                        v = guaranteed_score(h2, np_, me, trump, rp, w, zero, tc, tm, won, tricks_left - 1,
                                             bids[me], n, set_index, tt, stamp, nodes, budget)
                elif maker:
                    v = _side_guaranteed(h2, np_, me, bids, took, trump, rp, leader, k + 1, tc, tm, zero - 1, tricks_left,
                                         tricks, tt, stamp, nodes, budget)
                else:
                    v = guaranteed_score(h2, np_, me, trump, rp, leader, k + 1, tc, tm, took[me],
                                         tricks_left, bids[me], n, set_index, tt, stamp, nodes, budget)
            sums[i] += v - pen
    best = -1
    for i in range(nmv):
        if keep[i] and (best < 0 or sums[i] > sums[best]):
            best = i
    for i in range(nmv):
        if moves[i] == h_move and sums[i] == sums[best]:
            return h_move
    return moves[best]
