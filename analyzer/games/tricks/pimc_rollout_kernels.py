"""numba kernels of ``pimc``'s playout value: finish a deal from a position with every seat moved
by its known policy, and the unseen stock of a world when drawing.

The **playout value** of a move in one world (every hand and the stock order known) is the
player's score when, after the move, every seat — the player included — plays the rest of the
deal by its policy (a ``pimc`` seat counts as the heuristic): the heuristic's value of the
position, so choosing the move of best mean value over the worlds is one step of policy
improvement over the heuristic. The heuristic is deterministic given a seat's hand and what is
on the table, so in a world the other heuristic seats' replies are exactly what they would play.
"""

from __future__ import annotations

from numba import njit, uint64

from analyzer.games.tricks.kernels import JK1, deal_score, legal_moves, trick_winner
from analyzer.games.tricks.policies import HEURISTIC, RANDOM, choose_move
from analyzer.games.tricks.rules import P
from analyzer.kernels.rng import deal

__all__ = ["finish_deal", "world_stock"]

R_DRAW = P.DRAW
R_JOKER_LEAD = P.JOKER_LEAD


@njit(cache=True)
def finish_deal(hands, stock, s_next, t_card, t_mode, k, leader, trump, np_, n, tricks_left, set_index, rp,
                pol, me, bids, took, played, deck_mask, moves, sstate):
    """Play the deal out from a position: ``k`` cards of the current trick on the table
    (``t_card``/``t_mode``, led by ``leader``; ``k`` may be ``np_``: the trick is complete),
    ``tricks_left`` tricks counting the current one, ``took`` tricks won so far, ``stock[s_next:]``
    still to draw in order. Returns seat ``me``'s score from here on: its deal score less the
    penalties of the jokers it leads from now. ``hands``, ``took``, ``t_card``, ``t_mode`` are
    consumed (pass copies); ``sstate`` drives random seats."""
    drawing = rp[R_DRAW] == 1
    size = stock.shape[0]
    pen = 0
    t = tricks_left
    nxt = s_next
    while t > 0:
        while k < np_:
            seat = (leader + k) % np_
            h = hands[seat]
            m = legal_moves(h, t_card, t_mode, k, trump, rp, moves)
            code = RANDOM if pol[seat] == RANDOM else HEURISTIC
            a = choose_move(code, h, moves, m, t_card, t_mode, k, trump, bids[seat] - took[seat],
                            deck_mask & ~played & ~h, rp, sstate)
            b = a & 63
            bit = uint64(1) << uint64(b)
            if seat == me and k == 0 and b >= JK1 and h != bit:
                pen += rp[R_JOKER_LEAD]
            hands[seat] = h ^ bit
            played |= bit
            t_card[k] = b
            t_mode[k] = a >> 6
            k += 1
        w = (leader + trick_winner(t_card, t_mode, np_, trump, rp)) % np_
        took[w] += 1
        leader = w
        k = 0
        t -= 1
        if drawing and size - nxt >= np_:
            for j in range(np_):
                hands[(w + j) % np_] |= uint64(1) << uint64(stock[nxt])
                nxt += 1
    return deal_score(bids[me], took[me], n, set_index, rp) - pen


@njit(cache=True)
def world_stock(pool, npool, worlds, np_, up_in_stock, up_bit, sstate, out):
    """The stock of a world when drawing: the cards of ``pool[:npool]`` no seat holds in
    ``worlds``, in a fresh random order, then the turned card when it is still in the stock
    (it is drawn last). Writes ``out`` and returns its length.

    >>> import numpy as np
    >>> out = np.zeros(4, np.int64)
    >>> n = world_stock(np.array([3, 5, 7]), 3, np.array([1 << 5], np.uint64), 1, True, 9,
    ...                 np.array([1, 2, 3, 4], np.uint64), out)
    >>> n, sorted(out[:2].tolist()), int(out[2])
    (3, [3, 7], 9)
    """
    held = uint64(0)
    for s in range(np_):
        held |= worlds[s]
    m = 0
    for i in range(npool):
        if not held & (uint64(1) << uint64(pool[i])):
            out[m] = pool[i]
            m += 1
    deal(sstate, out[:m], m)
    if up_in_stock:
        out[m] = up_bit
        m += 1
    return m
