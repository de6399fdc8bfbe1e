"""numba kernels playing deals with ``pimc`` seats: one deal (with or without drawing), a dealt
deal as self-play deals it, the bidding table under pimc and the duplicate strength comparison.

A policy code per seat: 0 random, 1 heuristic, 2 pimc. pimc's options are one int64 array
``cfg`` (indices ``C_*`` of :mod:`analyzer.games.tricks.pimc_move_kernels`): K worlds per
decision, a node budget per solver search, the bid mode (0 pimc bids from heuristic playouts of
its worlds, 1 with the heuristic's estimate, 2 from the solver's trick bounds, 3 by the solver's
guaranteed score; with drawing only 1), the world model and the endgame length. Three random
streams: the deals, the policies' choices, pimc's worlds (so a pimc seat does not move the
deals or the random seats' choices).
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.bid_kernels import _consistent, _record
from analyzer.games.tricks.kernels import JK1, deal_score, legal_moves, trick_winner
from analyzer.games.tricks.pimc_kernels import PIMC, new_table, note_play, pimc_bid
from analyzer.games.tricks.pimc_move_kernels import (
    C_BID,
    C_BUDGET,
    C_ENDGAME,
    C_K,
    C_MODEL,
    CFG_SIZE,
    MODEL_PLAYOUT,
    pimc_move,
)
from analyzer.games.tricks.policies import HEURISTIC, choose_bid, choose_move, choose_trump
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.selfplay_kernels import policy_state
from analyzer.kernels.rng import deal

__all__ = ["DEFAULT_ENDGAME", "deal_pimc", "dealt_deal", "default_cfg", "pimc_bid_chunk", "play_pimc",
           "search_state", "strength_chunk"]

R_DRAW = P.DRAW
R_HOOK = P.HOOK
R_LEADER = P.LEADER
R_JOKER_LEAD = P.JOKER_LEAD
R_TRUMP = P.TRUMP
R_FULL_TRUMP = P.FULL_TRUMP
LOG_TABLE = 18
DEFAULT_ENDGAME = 4


@njit(cache=True)
def search_state(state):
    """pimc's stream of a chunk: from the chunk's state words, apart from the deals' and the
    policies' streams (drawing it moves neither)."""
    tmp = state.copy()
    tmp[0] ^= uint64(0x9E3779B97F4A7C15)
    tmp[3] ^= uint64(0xD1B54A32D192ED03)
    return policy_state(tmp)


@njit(cache=True)
def default_cfg(kk, budget):
    """pimc's options with the playout model and the default endgame."""
    cfg = np.zeros(CFG_SIZE, np.int64)
    cfg[C_K] = kk
    cfg[C_BUDGET] = budget
    cfg[C_BID] = 1
    cfg[C_MODEL] = MODEL_PLAYOUT
    cfg[C_ENDGAME] = DEFAULT_ENDGAME
    return cfg


@njit(cache=True)
def play_pimc(hands, stock, trump, up_bit, np_, n, set_index, rp, pol, bids, start, deck_mask, cfg, tt,
              stamp, nodes, sstate, pstate, took, scores):
    """Bid (seats ``start..``; earlier bids given) and play a deal; ``hands`` is consumed; when
    drawing, ``stock`` is drawn in order (the turned card ``up_bit`` last). Returns the next
    table stamp."""
    drawing = rp[R_DRAW] == 1
    size = stock.shape[0] if drawing else 0
    tricks = n + size // np_
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    leader = np_ - 1 if rp[R_LEADER] == 1 else 0
    total = 0
    legal = np.zeros(tricks + 1, np.int64)
    for s in range(start):
        total += bids[s]
    for s in range(start, np_):
        forbidden = -1
        if s == np_ - 1 and rp[R_HOOK] != 2:
            forbidden = (tricks if rp[R_HOOK] == 0 else n) - total
        h_bid = choose_bid(pol[s], hands[s], trump, tricks, forbidden, extra, pstate)
        if pol[s] == PIMC and cfg[C_BID] != 1 and not drawing:
            m = 0
            for b in range(tricks + 1):
                if b != forbidden:
                    legal[m] = b
                    m += 1
            stamp += 1
            h_bid = pimc_bid(s, hands, trump, rp, bids, legal, m, leader, up_bit, deck_mask, np_, n,
                             tricks, set_index, pol, cfg[C_K], cfg[C_BUDGET], tt, stamp, nodes, sstate,
                             pstate, h_bid, cfg[C_BID])
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
    nxt = 0
    up_holder = -1
    for t in range(tricks):
        for k in range(np_):
            seat = (leader + k) % np_
            h = hands[seat]
            if pol[seat] == PIMC:
                stamp += 1
                a = pimc_move(seat, hands, size - nxt, t_card, t_mode, k, leader, trump, rp, bids, took,
                              played, played_by, forbid, up_bit, up_holder, nxt > 0, deck_mask, np_, n,
                              tricks, tricks - t, set_index, pol, cfg, tt, stamp, nodes, sstate, pstate)
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
        if drawing and size - nxt >= np_:
            for j in range(np_):
                s = (w + j) % np_
                c = stock[nxt]
                hands[s] |= uint64(1) << uint64(c)
                if c == up_bit:
                    up_holder = s
                forbid[s] = uint64(0)  # a void shown before the draw may be filled now
                nxt += 1
    for s in range(np_):
        scores[s] += deal_score(bids[s], took[s], n, set_index, rp)
    return stamp


@njit(cache=True)
def dealt_deal(dstate, pack, np_, n, rp, first_pol, pstate, hands):
    """Deal as self-play does (:func:`analyzer.games.tricks.selfplay_kernels.play_deal`): fills
    ``hands``; returns (trump, turned card or -1, stock start). The stock is ``pack[start:]``
    when drawing (the turned card last)."""
    size = pack.shape[0]
    drawing = rp[R_DRAW] == 1
    dealt = np_ * n
    if drawing or dealt == size:
        deal(dstate, pack, size)
    else:
        deal(dstate, pack, dealt + 1)
    for s in range(np_):
        hands[s] = uint64(0)
        for i in range(n):
            hands[s] |= uint64(1) << uint64(pack[s * n + i])
    trump = -1
    up_bit = -1
    if rp[R_TRUMP] == 0:
        if dealt == size:  # a full deal: no card left to turn
            if rp[R_FULL_TRUMP] == 0:
                first3 = uint64(0)
                for i in range(min(3, n)):
                    first3 |= uint64(1) << uint64(pack[i])
                trump = choose_trump(HEURISTIC if first_pol == PIMC else first_pol, first3, pstate)
        else:
            up_bit = pack[size - 1] if drawing else pack[dealt]
            trump = -1 if up_bit >= JK1 else up_bit >> 4
    return trump, up_bit, dealt


@njit(cache=True)
def deal_pimc(dstate, pstate, sstate, pack, np_, n, set_index, rp, pol, cfg, tt, stamp, nodes, bids, took,
              scores):
    """:func:`analyzer.games.tricks.selfplay_kernels.play_deal` with pimc seats: the same deals
    and, without a pimc seat, the very same play. Returns the next table stamp."""
    hands = np.zeros(np_, np.uint64)
    trump, up_bit, dealt = dealt_deal(dstate, pack, np_, n, rp, pol[0], pstate, hands)
    deck_mask = uint64(0)
    for i in range(pack.shape[0]):
        deck_mask |= uint64(1) << uint64(pack[i])
    stock = pack[dealt:] if rp[R_DRAW] == 1 else pack[:0]
    return play_pimc(hands, stock.copy(), trump, up_bit, np_, n, set_index, rp, pol, bids, 0, deck_mask, cfg,
                     tt, stamp, nodes, sstate, pstate, took, scores)


@njit(cache=True)
def pimc_bid_chunk(state, n_samples, pool0, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n,
                   tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries, kk, budget):
    """:func:`analyzer.games.tricks.bid_kernels.bid_chunk` with the player moved by pimc (the
    default world model, no drawing)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    sstate = search_state(state)
    cfg = default_cfg(kk, budget)
    stock = np.zeros(0, np.int64)
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
            stamp = play_pimc(work, stock, trump, up_bit, np_, n, set_index, rp, pol2, bids, me + 1,
                              deck_mask, cfg, tt, stamp, nodes, sstate, pstate, took, scores)
            _record(out, j, nb, scores[me], took[me], legal_bids[j])
    return out


@njit(cache=True)
def strength_chunk(state, n_deals, pack0, np_, n, rp, pol_a, pol_b, cfg):
    """Duplicate deals: per deal, B at every seat, then A at seat s (B elsewhere) for each s.

    Result: ΣD, ΣD² of D = Σ over seats s of (A's score at s − B's score at s) per deal; per
    seat s: Σ diff, Σ diff²; Σ B's score at s, Σ A's score at s; then solver nodes, deals."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    sstate = search_state(state)
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
    full_choice = dealt == size and rp[R_TRUMP] == 0 and rp[R_FULL_TRUMP] == 0
    for _ in range(n_deals):
        turned_trump, up_bit, s0 = dealt_deal(dstate, pack, np_, n, rp, HEURISTIC, pstate, hands0)
        stock0 = pack[s0:].copy() if rp[R_DRAW] == 1 else pack[:0].copy()
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
            if full_choice:
                trump = choose_trump(HEURISTIC if pol[0] == PIMC else pol[0], first3, pstate)
            for s in range(np_):
                hands[s] = hands0[s]
            stamp = play_pimc(hands, stock0, trump, up_bit, np_, n, 0, rp, pol, bids, 0, deck_mask, cfg, tt,
                              stamp, nodes, sstate, pstate, took, scores)
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
