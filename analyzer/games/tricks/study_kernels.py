"""numba kernels of the bidding study: bid values by hand features, and the hook's cost paired
on the same deals (with the jokers each seat was dealt).

Features of the studied seat's hand (cell index ``((tr * 3 + jk) * 3 + ac) * 2 + nt``): trumps
held ``tr`` (0, 1, 2, 3 or more), jokers ``jk`` (0..2), aces ``ac`` (0, 1, 2 or more; trump ace
included), ``nt`` 1 when there is no trump.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.bid_kernels import bid_rest, play_out
from analyzer.games.tricks.kernels import JK1, JK2, popcount, suit_mask
from analyzer.games.tricks.policies import choose_trump
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.selfplay_kernels import play_deal, policy_state
from analyzer.kernels.rng import deal

__all__ = ["CELLS", "features_chunk", "hook_chunk"]

CELLS = 72
R_TRUMP = P.TRUMP
R_FULL_TRUMP = P.FULL_TRUMP
R_DRAW = P.DRAW
R_HOOK = P.HOOK


@njit(cache=True)
def cell_of(hand, trump):
    """The feature cell of a hand (see the module text)."""
    tr = 0 if trump < 0 else min(popcount(hand & suit_mask(trump)), 3)
    jk = (1 if hand & (uint64(1) << uint64(JK1)) else 0) + (1 if hand & (uint64(1) << uint64(JK2)) else 0)
    ac = 0
    for s in range(4):
        if hand & (uint64(1) << uint64(16 * s + 12)):
            ac += 1
    ac = min(ac, 2)
    nt = 1 if trump < 0 else 0
    return ((tr * 3 + jk) * 3 + ac) * 2 + nt


@njit(cache=True)
def features_chunk(state, n_deals, pack0, np_, n, seat, rp, pol):
    """Random deals; the seat's hand played out once per bid (earlier and later seats bid by
    their policy). Per cell and bid b (``nb`` = tricks + 1): [count, Σ score, Σ score², made,
    Σ tricks] at ``((cell * nb) + b) * 5``."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    size = pack.shape[0]
    drawing = rp[R_DRAW] == 1
    dealt = np_ * n
    tricks = n if not drawing else n + (size - dealt) // np_
    nb = tricks + 1
    out = np.zeros(CELLS * nb * 5, np.int64)
    hands = np.zeros(np_, np.uint64)
    work = np.zeros(np_, np.uint64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    stock = np.zeros(size, np.int64)
    deck_mask = uint64(0)
    for i in range(size):
        deck_mask |= uint64(1) << uint64(pack[i])
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    for _ in range(n_deals):
        deal(dstate, pack, size if (drawing or dealt == size) else dealt + 1)
        for s in range(np_):
            hands[s] = uint64(0)
            for i in range(n):
                hands[s] |= uint64(1) << uint64(pack[s * n + i])
        trump = -1
        if rp[R_TRUMP] == 0:
            if dealt == size:
                if rp[R_FULL_TRUMP] == 0:
                    first3 = uint64(0)
                    for i in range(min(3, n)):
                        first3 |= uint64(1) << uint64(pack[i])
                    trump = choose_trump(pol[0], first3, pstate)
            else:
                turned = pack[size - 1] if drawing else pack[dealt]
                trump = -1 if turned >= JK1 else turned >> 4
        ns = 0
        if drawing:
            for i in range(dealt, size):
                stock[ns] = pack[i]
                ns += 1
        c = cell_of(hands[seat], trump)
        bid_rest(hands, trump, tricks, n, np_, rp, pol, bids, 0, extra, pstate)
        total = 0
        for s in range(seat):
            total += bids[s]
        forbidden = -1
        if seat == np_ - 1 and rp[R_HOOK] != 2:
            forbidden = (tricks if rp[R_HOOK] == 0 else n) - total
        for b in range(nb):
            if b == forbidden:
                continue
            for s in range(np_):
                work[s] = hands[s]
            bids[seat] = b
            bid_rest(work, trump, tricks, n, np_, rp, pol, bids, seat + 1, extra, pstate)
            play_out(work, stock[:ns], 0, trump, np_, n, tricks, 0, rp, pol, bids, deck_mask, pstate, took,
                     scores)
            j = ((c * nb) + b) * 5
            out[j] += 1
            out[j + 1] += scores[seat]
            out[j + 2] += scores[seat] * scores[seat]
            if took[seat] == b:
                out[j + 3] += 1
            out[j + 4] += took[seat]
    return out


@njit(cache=True)
def hook_chunk(state, n_deals, pack0, np_, n, rp_on, rp_off, pol):
    """Each deal played with the hook on and off (the same cards). Result: the dealer's Σ(on −
    off), Σ(on − off)²; per seat Σ score, Σ score² with the hook on; per joker count 0..2 dealt
    to a seat: seats, Σ score, Σ score² (hook on)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    out = np.zeros(2 + 2 * np_ + 9, np.int64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    saved = np.zeros(4, np.uint64)
    psaved = np.zeros(4, np.uint64)
    packsaved = pack.copy()
    for _ in range(n_deals):
        for i in range(4):
            saved[i] = dstate[i]
            psaved[i] = pstate[i]
        packsaved[:] = pack
        play_deal(dstate, pstate, pack, np_, n, 0, rp_off, pol, bids, took, scores)
        off = scores[np_ - 1]
        for i in range(4):
            dstate[i] = saved[i]
            pstate[i] = psaved[i]
        pack[:] = packsaved
        play_deal(dstate, pstate, pack, np_, n, 0, rp_on, pol, bids, took, scores)
        d = scores[np_ - 1] - off
        out[0] += d
        out[1] += d * d
        for s in range(np_):
            out[2 + s] += scores[s]
            out[2 + np_ + s] += scores[s] * scores[s]
            jk = 0
            for i in range(n):
                if pack[s * n + i] >= JK1:
                    jk += 1
            out[2 + 2 * np_ + 3 * jk] += 1
            out[2 + 2 * np_ + 3 * jk + 1] += scores[s]
            out[2 + 2 * np_ + 3 * jk + 2] += scores[s] * scores[s]
    return out
