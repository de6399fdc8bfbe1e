"""numba kernels of self-play: a whole deal (deal, trump, bids, tricks, drawing, scores) and
whole games, with each seat moved by a policy kernel.

Two streams per chunk: the deals come from the chunk's state, the policies' choices from a
state drawn from it first, so two policy line-ups see the very same deals.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.kernels import (
    JK1,
    deal_score,
    legal_moves,
    trick_winner,
)
from analyzer.games.tricks.policies import choose_bid, choose_move, choose_trump
from analyzer.games.tricks.rules import P
from analyzer.kernels.rng import deal, next_u64

__all__ = ["N_SETS", "deals_chunk", "games_chunk", "games_out", "play_deal", "policy_state", "tally_deal",
           "tally_game_deal", "tally_game_end", "tally_set_end"]

R_DRAW = P.DRAW
R_HOOK = P.HOOK
R_LEADER = P.LEADER
R_TRUMP = P.TRUMP
R_FULL_TRUMP = P.FULL_TRUMP
R_JOKER_LEAD = P.JOKER_LEAD
R_PREMIUM = P.PREMIUM
R_PREMIUM_LAST = P.PREMIUM_LAST


@njit(cache=True)
def policy_state(dstate):
    """The policies' stream of a chunk, drawn from the deal stream."""
    p = np.empty(4, np.uint64)
    for i in range(4):
        p[i] = next_u64(dstate)
    if p[0] == 0 and p[1] == 0 and p[2] == 0 and p[3] == 0:
        p[0] = uint64(1)
    return p


@njit(cache=True)
def play_deal(dstate, pstate, pack, np_, n, set_index, rp, pol, bids, took, scores):
    """Deal ``n`` cards each from ``pack`` and play it out; fills ``bids``, ``took``, ``scores``
    (by seat; seat ``np_ - 1`` is the dealer). Returns the trump (-1 none)."""
    size = pack.shape[0]
    drawing = rp[R_DRAW] == 1
    dealt = np_ * n
    if drawing or dealt == size:
        deal(dstate, pack, size)
    else:
        deal(dstate, pack, dealt + 1)
    hands = np.zeros(np_, np.uint64)
    for s in range(np_):
        for i in range(n):
            hands[s] |= uint64(1) << uint64(pack[s * n + i])
    trump = -1
    if rp[R_TRUMP] == 0:
        if dealt == size:  # a full deal: no card left to turn
            if rp[R_FULL_TRUMP] == 0:
                first3 = uint64(0)
                for i in range(min(3, n)):
                    first3 |= uint64(1) << uint64(pack[i])
                trump = choose_trump(pol[0], first3, pstate)
        else:
            turned = pack[size - 1] if drawing else pack[dealt]
            trump = -1 if turned >= JK1 else turned >> 4
    stock_next = dealt
    tricks = n
    if drawing:
        tricks = n + (size - dealt) // np_
    extra = (tricks - n) / np_  # a fair share of the tricks played with drawn cards
    total = 0
    for s in range(np_):
        forbidden = -1
        if s == np_ - 1 and rp[R_HOOK] != 2:
            target = tricks if rp[R_HOOK] == 0 else n
            forbidden = target - total
        bids[s] = choose_bid(pol[s], hands[s], trump, tricks, forbidden, extra, pstate)
        total += bids[s]
        took[s] = 0
        scores[s] = 0
    played = uint64(0)
    deck_mask = uint64(0)
    for i in range(size):
        deck_mask |= uint64(1) << uint64(pack[i])
    t_card = np.zeros(np_, np.int64)
    t_mode = np.zeros(np_, np.int64)
    moves = np.zeros(48, np.int64)
    leader = np_ - 1 if rp[R_LEADER] == 1 else 0
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
        if drawing and size - stock_next >= np_:
            for j in range(np_):
                s = (w + j) % np_
                hands[s] |= uint64(1) << uint64(pack[stock_next])
                stock_next += 1
    for s in range(np_):
        scores[s] += deal_score(bids[s], took[s], n, set_index, rp)
    return trump


@njit(cache=True)
def tally_deal(out, np_, nb, bids, took, scores):
    """Add one deal to the :func:`deals_chunk` vector."""
    for s in range(np_):
        out[s] += scores[s]
        out[np_ + s] += scores[s] * scores[s]
        if bids[s] == took[s]:
            out[2 * np_ + s] += 1
        out[3 * np_ + s * nb + bids[s]] += 1
        out[3 * np_ + np_ * nb + s * nb + took[s]] += 1


@njit(cache=True)
def deals_chunk(state, n_deals, pack0, np_, n, rp, pol):
    """``n_deals`` independent deals of ``n`` cards; the histogram vector of
    :class:`analyzer.games.tricks.selfplay.PlayTask` (seat 0 left of the dealer)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    tricks = n if rp[R_DRAW] == 0 else n + (pack.shape[0] - np_ * n) // np_
    nb = tricks + 1
    out = np.zeros(np_ * (3 + 2 * nb), np.int64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    for _ in range(n_deals):
        play_deal(dstate, pstate, pack, np_, n, 0, rp, pol, bids, took, scores)
        tally_deal(out, np_, nb, bids, took, scores)
    return out


N_SETS = 4


@njit(cache=True)
def games_out(np_):
    """The empty vector of :func:`games_chunk`: per player total, total², wins (shared wins count
    for each), exact deals, premiums; games; premiums by player and set (``N_SETS`` each)."""
    return np.zeros(5 * np_ + 1 + N_SETS * np_, np.int64)


@njit(cache=True)
def tally_game_deal(out, np_, i, new_set, bids, took, scores, total, best, all_exact, count_best):
    """Add deal ``i`` of a game (seat s is player ``(i + s) % np_``) to the running totals
    (``count_best``: the deal's scores may be the set's best, false for the last deal of a set
    when the premium excludes it)."""
    if new_set:
        best[:] = -(1 << 40)
        all_exact[:] = True
    for s in range(np_):
        p = (i + s) % np_
        total[p] += scores[s]
        if count_best and scores[s] > best[p]:
            best[p] = scores[s]
        if bids[s] == took[s]:
            out[3 * np_ + p] += 1
        else:
            all_exact[p] = False


@njit(cache=True)
def tally_set_end(out, np_, premium, set_no, total, best, all_exact):
    """The premium at the end of a set: exact in every deal adds the player's best deal score;
    the next player (or, by the rule, every other / every other not on premium) loses his."""
    if premium == 0:
        return
    for p in range(np_):
        if not all_exact[p]:
            continue
        out[4 * np_ + p] += 1
        out[5 * np_ + 1 + p * N_SETS + min(set_no, N_SETS - 1)] += 1
        total[p] += best[p]
        for q in range(1, np_):
            o = (p + q) % np_
            if premium == 1 and q != 1:
                continue
            if premium == 3 and all_exact[o]:
                continue
            total[o] -= max(best[o], 0)


@njit(cache=True)
def tally_game_end(out, np_, total):
    """Add a finished game's totals and winners."""
    out[5 * np_] += 1
    top = total[0]
    for p in range(1, np_):
        top = max(top, total[p])
    for p in range(np_):
        out[p] += total[p]
        out[np_ + p] += total[p] * total[p]
        if total[p] == top:
            out[2 * np_ + p] += 1


@njit(cache=True)
def games_chunk(state, n_games, pack0, np_, cards, sets, rp, pol):
    """``n_games`` whole games (deal i: ``cards[i]`` each, set ``sets[i]``; the deal passes
    clockwise, player ``(i + s) % np_`` sits at seat ``s``); the vector of :func:`games_out`."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    out = games_out(np_)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    seat_pol = np.zeros(np_, np.int64)
    total = np.zeros(np_, np.int64)
    best = np.zeros(np_, np.int64)
    all_exact = np.zeros(np_, np.bool_)
    n_deals = cards.shape[0]
    for _ in range(n_games):
        total[:] = 0
        for i in range(n_deals):
            for s in range(np_):
                seat_pol[s] = pol[(i + s) % np_]
            play_deal(dstate, pstate, pack, np_, cards[i], sets[i], rp, seat_pol, bids, took, scores)
            last = i == n_deals - 1 or sets[i + 1] != sets[i]
            tally_game_deal(out, np_, i, i == 0 or sets[i] != sets[i - 1], bids, took, scores, total, best,
                            all_exact, not (last and rp[R_PREMIUM_LAST] == 1))
            if last:
                tally_set_end(out, np_, rp[R_PREMIUM], sets[i], total, best, all_exact)
        tally_game_end(out, np_, total)
    return out
