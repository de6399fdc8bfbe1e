"""numba kernel of ``pimc``'s card: K worlds, every candidate move valued in each, the best mean.

At a decision, ``pimc`` deals K worlds consistent with what it has seen (its hand, the turned
card and who drew it, the cards played, the voids shown since a seat last drew, and — before
anyone has drawn — the heuristic seats' bids, by rejection); when drawing, each world also
orders the unseen stock at random, the turned card last. Each candidate move is valued in each
world by the **world model** (``cfg[C_MODEL]``):

- ``MODEL_PARANOID`` (0): the score for its bid the player makes sure of when the three other
  seats play together against it (:func:`analyzer.games.tricks.pimc_search_kernels.guaranteed_score`,
  exact within the node budget, else a lower bound); deals without drawing only.
- ``MODEL_PLAYOUT`` (1): the playout value (:func:`analyzer.games.tricks.pimc_rollout_kernels.finish_deal`:
  every seat, the player too, plays on by its policy) — while more than ``cfg[C_ENDGAME]``
  tricks are left or a card is still to draw; from there on the paranoid guaranteed score.

It plays the move of best mean value (less a joker-lead penalty), the heuristic's own move on a
tie; of the player's cards that are adjacent among the cards not yet played only one is tried.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.kernels import JK1, legal_moves, popcount, suit_mask, trick_winner
from analyzer.games.tricks.pimc_kernels import _pool, world
from analyzer.games.tricks.pimc_rollout_kernels import finish_deal, world_stock
from analyzer.games.tricks.pimc_search_kernels import _lowbit, guaranteed_score
from analyzer.games.tricks.policies import HEURISTIC, choose_move
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.solver_kernels import MAX_MOVES

__all__ = ["CFG_SIZE", "C_BID", "C_BUDGET", "C_ENDGAME", "C_K", "C_MODEL", "MODEL_PARANOID",
           "MODEL_PLAYOUT", "pimc_move"]

R_DRAW = P.DRAW
R_JOKER_LEAD = P.JOKER_LEAD
C_K = 0  # worlds per decision
C_BUDGET = 1  # solver nodes per search
C_BID = 2  # bid mode (see pimc_play_kernels)
C_MODEL = 3
C_ENDGAME = 4  # playout model: tricks left at which the solver takes over
CFG_SIZE = 5
MODEL_PARANOID = 0
MODEL_PLAYOUT = 1


@njit(cache=True)
def pimc_move(me, hands, stock_left, t_card, t_mode, k, leader, trump, rp, bids, took, played, played_by,
              forbid, up_bit, up_holder, drawn, deck_mask, np_, n, tricks, tricks_left, set_index, pol, cfg,
              tt, stamp, nodes, sstate, pstate):
    """pimc's card (a move ``bit + 64 * mode``) for seat ``me``. ``hands``: the true hands (only
    their sizes and ``hands[me]`` are read); ``stock_left`` cards still in the stock; ``up_holder``
    the seat that drew the turned card (-1: not drawn); ``drawn``: someone has drawn (the bids
    then say nothing checkable about the hands); ``sstate`` the search's random stream."""
    kk = cfg[C_K]
    budget = cfg[C_BUDGET]
    model = cfg[C_MODEL]
    endgame = cfg[C_ENDGAME]
    drawing = rp[R_DRAW] == 1
    moves = np.zeros(MAX_MOVES, np.int64)
    nmv = legal_moves(hands[me], t_card, t_mode, k, trump, rp, moves)
    need = bids[me] - took[me]
    unseen = deck_mask & ~played & ~hands[me]
    h_move = choose_move(HEURISTIC, hands[me], moves, nmv, t_card, t_mode, k, trump, need, unseen, rp,
                         pstate)
    if nmv == 1:
        return moves[0]
    live = deck_mask & ~played
    keep = np.zeros(nmv, np.bool_)
    for i in range(nmv):
        b = moves[i] & 63
        keep[i] = True
        if b < JK1:
            above = live & suit_mask(b >> 4) & ~((uint64(2) << uint64(b)) - uint64(1))
            if above:
                nb_ = uint64(1) << uint64(_lowbit(above))
                if hands[me] & nb_ and moves[i] != h_move:
                    keep[i] = False
    pool_buf = np.zeros(64, np.int64)
    npool = _pool(deck_mask, hands, me, played, up_bit, pool_buf)
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
    tk = np.zeros(np_, np.int64)
    mv2 = np.zeros(MAX_MOVES, np.int64)
    for _ in range(kk):
        world(sstate, pstate, pool_buf, npool, sizes, forbid, played_by, np_, me, hands[me], pol, bids,
              0 if drawn else np_, trump, tricks, n, rp, worlds)
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
            for s in range(np_):
                h2[s] = worlds[s]
                tk[s] = took[s]
            h2[me] ^= uint64(1) << uint64(b)
            for j in range(k):
                tc[j] = t_card[j]
                tm[j] = t_mode[j]
            tc[k] = b
            tm[k] = a >> 6
            pen = 0
            if k == 0 and b >= JK1 and hands[me] != (uint64(1) << uint64(b)):
                pen = rp[R_JOKER_LEAD]
            if not solver_now:
                v = finish_deal(h2, wstock[:ns], 0, tc, tm, k + 1, leader, trump, np_, n, tricks_left,
                                set_index, rp, pol, me, bids, tk, played | (uint64(1) << uint64(b)),
                                deck_mask, mv2, sstate)
            elif k + 1 == np_:
                w = (leader + trick_winner(tc, tm, np_, trump, rp)) % np_
                won = took[me] + (1 if w == me else 0)
                v = guaranteed_score(h2, np_, me, trump, rp, w, 0, tc, tm, won, tricks_left - 1,
                                     bids[me], n, set_index, tt, stamp, nodes, budget)
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
