"""numba kernels playing deals with ``pimc`` seats: the bidding table under pimc and the
duplicate strength comparison of two policies.

A policy code per seat: 0 random, 1 heuristic, 2 pimc (K worlds per decision, a node budget per
solver search; ``bid_mode`` 0 pimc bids from heuristic playouts of its K worlds, 1 with the heuristic's
estimate, 2 from the solver's trick bounds, 3 by the solver's guaranteed score).
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.bid_kernels import _consistent, _record
from analyzer.games.tricks.kernels import JK1, deal_score, legal_moves, trick_winner
from analyzer.games.tricks.pimc_kernels import PIMC, new_table, note_play, pimc_bid, pimc_move
from analyzer.games.tricks.policies import choose_bid, choose_move, choose_trump
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.selfplay_kernels import policy_state
from analyzer.kernels.rng import deal

__all__ = ["pimc_bid_chunk", "play_pimc", "strength_chunk"]

R_HOOK = P.HOOK
R_LEADER = P.LEADER
R_JOKER_LEAD = P.JOKER_LEAD
R_TRUMP = P.TRUMP
R_FULL_TRUMP = P.FULL_TRUMP
LOG_TABLE = 18


@njit(cache=True)
def play_pimc(hands, trump, up_bit, np_, n, set_index, rp, pol, bids, start, deck_mask, kk, budget,
              bid_mode, tt, stamp, nodes, dstate, pstate, took, scores):
    """Bid (seats ``start..``; earlier bids given) and play a deal without drawing; ``hands`` is
    consumed. Returns the next table stamp."""
    tricks = n
    leader = np_ - 1 if rp[R_LEADER] == 1 else 0
    total = 0
    legal = np.zeros(tricks + 1, np.int64)
    for s in range(start):
        total += bids[s]
    for s in range(start, np_):
        forbidden = -1
        if s == np_ - 1 and rp[R_HOOK] != 2:
            forbidden = (tricks if rp[R_HOOK] == 0 else n) - total
        h_bid = choose_bid(pol[s], hands[s], trump, tricks, forbidden, 0.0, pstate)
        if pol[s] == PIMC and bid_mode != 1:
            m = 0
            for b in range(tricks + 1):
                if b != forbidden:
                    legal[m] = b
                    m += 1
            stamp += 1
            h_bid = pimc_bid(s, hands, trump, rp, bids, legal, m, leader, up_bit, deck_mask, np_, n,
                             tricks, set_index, pol, kk, budget, tt, stamp, nodes, dstate, pstate, h_bid,
                             bid_mode)
        bids[s] = h_bid
        total += h_bid
    for s in range(np_):
        took[s] = 0
        scores[s] = 0
    played = uint64(0)
    played_by = np.zeros(np_, np.uint64)
    forbid = np.zeros(np_, np.uint64)
    t_card = np.zeros(np_, np.int64)
    t_mode = np.zeros(np_, np.int64)
    moves = np.zeros(48, np.int64)
    for t in range(tricks):
        for k in range(np_):
            seat = (leader + k) % np_
            h = hands[seat]
            if pol[seat] == PIMC:
                stamp += 1
                a = pimc_move(seat, hands, t_card, t_mode, k, leader, trump, rp, bids, took, played,
                              played_by, forbid, up_bit, deck_mask, np_, n, tricks - t, set_index, pol,
                              kk, budget, tt, stamp, nodes, dstate, pstate)
            else:
                m = legal_moves(h, t_card, t_mode, k, trump, rp, moves)
                unseen = deck_mask & ~played & ~h
                a = choose_move(pol[seat], h, moves, m, t_card, t_mode, k, trump,
                                bids[seat] - took[seat], unseen, rp, pstate)
            b = a & 63
            note_play(forbid, seat, a, t_card, t_mode, k, trump, rp)
            if k == 0 and b >= JK1 and h != (uint64(1) << uint64(b)):  # not his last card
                scores[seat] -= rp[R_JOKER_LEAD]
            hands[seat] = h ^ (uint64(1) << uint64(b))
            played |= uint64(1) << uint64(b)
            played_by[seat] |= uint64(1) << uint64(b)
            t_card[k] = b
            t_mode[k] = a >> 6
        w = (leader + trick_winner(t_card, t_mode, np_, trump, rp)) % np_
        took[w] += 1
        leader = w
    for s in range(np_):
        scores[s] += deal_score(bids[s], took[s], n, set_index, rp)
    return stamp


@njit(cache=True)
def pimc_bid_chunk(state, n_samples, pool0, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n,
                   tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries, kk, budget):
    """:func:`analyzer.games.tricks.bid_kernels.bid_chunk` with the player moved by pimc."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pool = pool0.copy()
    nb = tricks + 1
    nbids = legal_bids.shape[0]
    out = np.zeros(nbids * (3 + nb) + 2, np.int64)
    need = (np_ - 1) * n
    hands = np.zeros(np_, np.uint64)
    work = np.zeros(np_, np.uint64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    tt = new_table(LOG_TABLE)
    nodes = np.zeros(1, np.int64)
    stamp = 0
    pol2 = pol.copy()
    pol2[me] = PIMC
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    for _ in range(n_samples):
        tries = 0
        while True:
            deal(dstate, pool, need)
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
        for j in range(nbids):
            for s in range(np_):
                work[s] = hands[s]
            for s in range(me):
                bids[s] = pre_bids[s]
            bids[me] = legal_bids[j]
            stamp = play_pimc(work, trump, up_bit, np_, n, set_index, rp, pol2, bids, me + 1, deck_mask,
                              kk, budget, 1, tt, stamp, nodes, dstate, pstate, took, scores)
            _record(out, j, nb, scores[me], took[me], legal_bids[j])
    return out


@njit(cache=True)
def strength_chunk(state, n_deals, pack0, np_, n, rp, pol_a, pol_b, kk, budget, bid_mode):
    """Duplicate deals: per deal, B at every seat, then A at seat s (B elsewhere) for each s.

    Result: ΣD, ΣD² of D = Σ over seats s of (A's score at s − B's score at s) per deal; per
    seat s: Σ diff, Σ diff²; Σ B's score at s, Σ A's score at s; then solver nodes, deals."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    size = pack.shape[0]
    dealt = np_ * n
    out = np.zeros(2 + 4 * np_ + 2, np.int64)
    hands0 = np.zeros(np_, np.uint64)
    hands = np.zeros(np_, np.uint64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    base = np.zeros(np_, np.int64)
    pol = np.zeros(np_, np.int64)
    deck_mask = uint64(0)
    for i in range(size):
        deck_mask |= uint64(1) << uint64(pack[i])
    tt = new_table(LOG_TABLE)
    nodes = np.zeros(1, np.int64)
    stamp = 0
    for _ in range(n_deals):
        deal(dstate, pack, size if dealt == size else dealt + 1)
        for s in range(np_):
            hands0[s] = uint64(0)
            for i in range(n):
                hands0[s] |= uint64(1) << uint64(pack[s * n + i])
        up_bit = -1
        turned_trump = -1
        if dealt < size:
            up_bit = pack[dealt]
            turned_trump = -1 if up_bit >= JK1 else up_bit >> 4
        first3 = uint64(0)
        for i in range(min(3, n)):
            first3 |= uint64(1) << uint64(pack[i])
        d = 0
        for lineup in range(np_ + 1):
            for s in range(np_):
                pol[s] = pol_b
            if lineup > 0:
                pol[lineup - 1] = pol_a
            trump = turned_trump
            if dealt == size and rp[R_TRUMP] == 0 and rp[R_FULL_TRUMP] == 0:
                trump = choose_trump(1 if pol[0] == PIMC else pol[0], first3, pstate)
            elif rp[R_TRUMP] == 1:
                trump = -1
            for s in range(np_):
                hands[s] = hands0[s]
            stamp = play_pimc(hands, trump, up_bit, np_, n, 0, rp, pol, bids, 0, deck_mask, kk, budget,
                              bid_mode, tt, stamp, nodes, dstate, pstate, took, scores)
            if lineup == 0:
                for s in range(np_):
                    base[s] = scores[s]
                    out[2 + 2 * np_ + s] += scores[s]
            else:
                s = lineup - 1
                diff = scores[s] - base[s]
                out[2 + s] += diff
                out[2 + np_ + s] += diff * diff
                out[2 + 3 * np_ + s] += scores[s]
                d += diff
        out[0] += d  # np_ times the deal's mean difference, an integer
        out[1] += d * d
    out[2 + 4 * np_] = nodes[0]
    out[3 + 4 * np_] = n_deals
    return out
