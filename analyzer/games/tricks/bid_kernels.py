"""numba kernels of a hand's bidding expectation: sample the unseen cards, play every legal bid out.

One sample deals the cards the player has not seen (everything but his hand and the turned
card) to the other seats (and, when drawing, to the stock, the turned card drawn last); then
the deal is played once per legal bid of the player, the same sample for every bid. Seats
before him keep the bids they made; seats after him bid by their policy (the dealer within
the hook). With ``cond`` set, a sample is kept only if the heuristic would have made the
earlier seats' bids from their sampled hands (and, in a full Georgian deal, named the given
trump from seat 0's first three cards): the sample is then drawn from the deals consistent
with what the bids reveal. After ``max_tries`` rejected draws the last draw is kept and
counted as unconditioned.

Result vector of :func:`bid_chunk`, per legal bid j (``3 + nb`` entries each, ``nb`` = tricks
+ 1): Σ score, Σ score², deals made, the trick histogram; then draws tried and unconditioned
samples.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.kernels import JK1, deal_score, legal_moves, trick_winner
from analyzer.games.tricks.policies import HEURISTIC, choose_bid, choose_move, choose_trump
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.selfplay_kernels import policy_state
from analyzer.kernels.rng import deal

__all__ = ["bid_chunk", "bid_exact_one_card", "bid_rest", "play_out"]

R_DRAW = P.DRAW
R_HOOK = P.HOOK
R_LEADER = P.LEADER
R_JOKER_LEAD = P.JOKER_LEAD


@njit(cache=True)
def bid_rest(hands, trump, tricks, n, np_, rp, pol, bids, start, extra, pstate):
    """Bids of seats ``start..np_-1`` by their policies (the last seat under the hook)."""
    total = 0
    for s in range(start):
        total += bids[s]
    for s in range(start, np_):
        forbidden = -1
        if s == np_ - 1 and rp[R_HOOK] != 2:
            target = tricks if rp[R_HOOK] == 0 else n
            forbidden = target - total
        bids[s] = choose_bid(pol[s], hands[s], trump, tricks, forbidden, extra, pstate)
        total += bids[s]


@njit(cache=True)
def play_out(hands, stock, s0, trump, np_, n, tricks, set_index, rp, pol, bids, deck_mask, pstate,
             took, scores):
    """Play every trick of a deal whose bids are made (``hands`` is consumed; ``stock[s0:]`` is
    drawn in order when drawing); fills ``took`` and ``scores`` by seat."""
    drawing = rp[R_DRAW] == 1
    for s in range(np_):
        took[s] = 0
        scores[s] = 0
    played = uint64(0)
    t_card = np.zeros(np_, np.int64)
    t_mode = np.zeros(np_, np.int64)
    moves = np.zeros(48, np.int64)
    leader = np_ - 1 if rp[R_LEADER] == 1 else 0
    nxt = s0
    size = stock.shape[0]
    for _t in range(tricks):
        for k in range(np_):
            seat = (leader + k) % np_
            h = hands[seat]
            m = legal_moves(h, t_card, t_mode, k, trump, rp, moves)
            unseen = deck_mask & ~played & ~h
            a = choose_move(pol[seat], h, moves, m, t_card, t_mode, k, trump,
                            bids[seat] - took[seat], unseen, rp, pstate)
            b = a & 63
            if k == 0 and b >= JK1 and h != (uint64(1) << uint64(b)):  # not his last card
                scores[seat] -= rp[R_JOKER_LEAD]
            hands[seat] = h ^ (uint64(1) << uint64(b))
            played |= uint64(1) << uint64(b)
            t_card[k] = b
            t_mode[k] = a >> 6
        w = (leader + trick_winner(t_card, t_mode, np_, trump, rp)) % np_
        took[w] += 1
        leader = w
        if drawing and size - nxt >= np_:
            for j in range(np_):
                s = (w + j) % np_
                hands[s] |= uint64(1) << uint64(stock[nxt])
                nxt += 1
    for s in range(np_):
        scores[s] += deal_score(bids[s], took[s], n, set_index, rp)


@njit(cache=True)
def _consistent(hands, first3, me, pre_bids, trump, tricks, full_choice, extra, pstate):
    """Would the heuristic have bid ``pre_bids`` (and named ``trump``) from these hands?"""
    if full_choice and me != 0 and choose_trump(HEURISTIC, first3, pstate) != trump:
        return False
    for s in range(me):
        if choose_bid(HEURISTIC, hands[s], trump, tricks, -1, extra, pstate) != pre_bids[s]:
            return False
    return True


@njit(cache=True)
def _record(out, j, nb, score, took_me, bid):
    base = j * (3 + nb)
    out[base] += score
    out[base + 1] += score * score
    if took_me == bid:
        out[base + 2] += 1
    out[base + 3 + took_me] += 1


@njit(cache=True)
def _play_bids(out, hands, stock, s0, trump, np_, n, tricks, set_index, rp, pol, me, pre_bids,
               legal_bids, deck_mask, extra, pstate, work, bids, took, scores):
    nb = tricks + 1
    for j in range(legal_bids.shape[0]):
        for s in range(np_):
            work[s] = hands[s]
        for s in range(me):
            bids[s] = pre_bids[s]
        bids[me] = legal_bids[j]
        bid_rest(work, trump, tricks, n, np_, rp, pol, bids, me + 1, extra, pstate)
        play_out(work, stock, s0, trump, np_, n, tricks, set_index, rp, pol, bids, deck_mask,
                 pstate, took, scores)
        _record(out, j, nb, scores[me], took[me], legal_bids[j])


@njit(cache=True)
def bid_chunk(state, n_samples, pool0, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n,
              tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries):
    """``n_samples`` samples of the unseen cards ``pool0``, every legal bid played out on each."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pool = pool0.copy()
    nb = tricks + 1
    nbids = legal_bids.shape[0]
    out = np.zeros(nbids * (3 + nb) + 2, np.int64)
    drawing = rp[R_DRAW] == 1
    need = (np_ - 1) * n
    size = pool.shape[0]
    stock = np.zeros(size - need + (1 if up_bit >= 0 else 0), np.int64)
    hands = np.zeros(np_, np.uint64)
    work = np.zeros(np_, np.uint64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    for _ in range(n_samples):
        tries = 0
        while True:
            deal(dstate, pool, size if drawing else need)
            i = 0
            first3 = uint64(0)
            for s in range(np_):
                if s == me:
                    hands[s] = my_hand
                    continue
                hands[s] = uint64(0)
                for c in range(n):
                    hands[s] |= uint64(1) << uint64(pool[i])
                    if s == 0 and c < 3:
                        first3 |= uint64(1) << uint64(pool[i])
                    i += 1
            tries += 1
            if not cond or _consistent(hands, first3, me, pre_bids, trump, tricks, full_choice, extra,
                                       pstate):
                break
            if tries >= max_tries:
                out[nbids * (3 + nb) + 1] += 1
                break
        out[nbids * (3 + nb)] += tries
        ns = 0
        if drawing:
            for i in range(need, size):
                stock[ns] = pool[i]
                ns += 1
            if up_bit >= 0:
                stock[ns] = up_bit
                ns += 1
        _play_bids(out, hands, stock[:ns], 0, trump, np_, n, tricks, set_index, rp, pol, me, pre_bids,
                   legal_bids, deck_mask, extra, pstate, work, bids, took, scores)
    return out


@njit(cache=True)
def bid_exact_one_card(pool, me, my_hand, trump, pre_bids, legal_bids, np_, set_index, rp, pol,
                       deck_mask, cond):
    """Every ordered deal of one card to each other seat from ``pool`` (no drawing), every legal
    bid played out with deterministic policies: the same vector as :func:`bid_chunk`."""
    nb = 2
    nbids = legal_bids.shape[0]
    out = np.zeros(nbids * (3 + nb) + 2, np.int64)
    size = pool.shape[0]
    others = np_ - 1
    idx = np.zeros(others, np.int64)
    hands = np.zeros(np_, np.uint64)
    work = np.zeros(np_, np.uint64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    stock = np.zeros(0, np.int64)
    pstate = np.ones(4, np.uint64)
    total = 1
    for _ in range(others):
        total *= size
    for code in range(total):
        x = code
        distinct = True
        for i in range(others):
            idx[i] = x % size
            x //= size
            for j in range(i):
                if idx[j] == idx[i]:
                    distinct = False
        if not distinct:
            continue
        i = 0
        for s in range(np_):
            if s == me:
                hands[s] = my_hand
            else:
                hands[s] = uint64(1) << uint64(pool[idx[i]])
                i += 1
        out[nbids * (3 + nb)] += 1
        if cond and not _consistent(hands, uint64(0), me, pre_bids, trump, 1, False, 0.0, pstate):
            continue
        _play_bids(out, hands, stock, 0, trump, np_, 1, 1, set_index, rp, pol, me, pre_bids,
                   legal_bids, deck_mask, 0.0, pstate, work, bids, took, scores)
    return out
