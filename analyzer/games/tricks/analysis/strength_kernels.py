"""numba kernel of the duplicate strength comparison: the same deals, policy A rotated over the seats.

A policy code per seat: 0 random, 1 heuristic, 2 pimc (its options ``cfg``, see
:mod:`analyzer.games.tricks.policies.pimc_move`). Three random streams: the deals, the
policies' choices, pimc's worlds (so a pimc seat does not move the deals or the random seats'
choices).

>>> OUT_FIXED
4
"""

from __future__ import annotations

import numpy as np

from analyzer.games.tricks.kernels.dealing import deal_cards, pack_mask, stock_after, turned_trump
from analyzer.games.tricks.kernels.playout import first_leader, start_play
from analyzer.games.tricks.policies.basic import HEURISTIC, PIMC
from analyzer.games.tricks.policies.seats import bid_and_play_seats, new_position, piece_carry
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel

__all__ = ["OUT_FIXED", "strength_chunk", "strength_piece", "strength_start"]

OUT_FIXED = 4  # ΣD, ΣD², nodes, deals: the entries besides the 4 per seat


def strength_chunk(state, n_deals, pack0, np_, n, rp, pol_a, pol_b, pol_o, cfg):
    """Duplicate deals: per deal and seat s, A at s against B at s, the other seats playing
    ``pol_o`` (when it is B: B at every seat once, then A at seat s for each s). One call of
    :func:`strength_piece`.

    Result: ΣD, ΣD² of D = Σ over seats s of (A's score at s − B's score at s) per deal; per
    seat s: Σ diff, Σ diff²; Σ B's score at s, Σ A's score at s; then solver nodes, deals."""
    carry = strength_start(state, pack0, np_, pol_a, pol_b, pol_o, cfg)
    strength_piece(carry, n_deals, np_, n, rp, pol_a, pol_b, pol_o)
    return carry[3]


@kernel
def strength_start(state, pack0, np_, pol_a, pol_b, pol_o, cfg):
    """What a chunk of :func:`strength_chunk` carries from one piece to the next
    (:func:`~analyzer.games.tricks.policies.seats.piece_carry`)."""
    return piece_carry(state, pack0, np.zeros(2 + 4 * np_ + 2, np.int64), np.array([pol_a, pol_b, pol_o]), cfg)


@kernel(nogil=True)
def strength_piece(carry, n_deals, np_, n, rp, pol_a, pol_b, pol_o):
    """The next ``n_deals`` deals of a chunk, added to the vector in ``carry`` (of
    :func:`strength_start`, which the deals move on): pieces of any sizes give the whole chunk's numbers."""
    dstate, pstate, pack, out, search = carry
    size = pack.shape[0]
    dealt = np_ * n
    hands0 = np.zeros(np_, np.uint64)
    base = np.zeros(np_, np.int64)
    pol = np.zeros(np_, np.int64)
    deck_mask = pack_mask(pack)
    g = new_position(np_, size)
    hands, stock, scores = g[0], g[1], g[8]
    moves = np.zeros(48, np.int64)
    sstate = search[3]
    track = 1 if max(pol_a, pol_b, pol_o) >= PIMC else 0
    shared = pol_o == pol_b  # one all-B line-up is every seat's baseline
    lineups = np_ + 1 if shared else 2 * np_
    saved = np.zeros(8, np.uint64)
    for _ in range(n_deals):
        turned, up_bit, s0 = deal_cards(dstate, pack, np_, n, rp, np.int64(HEURISTIC), pstate, hands0)
        ns = stock_after(rp, size, s0)
        copy_into(stock, pack[s0:s0 + ns])
        d = 0
        for lineup in range(lineups):
            seat = lineup - 1 if shared else lineup // 2
            is_a = lineup > 0 if shared else lineup % 2 == 1
            pol[:] = pol_o
            if seat >= 0:
                pol[seat] = pol_a if is_a else pol_b
            trump = turned
            if dealt == size:  # a full deal: seat 0 names trump by his line-up's policy, if the rules say so
                trump = turned_trump(pack, np_, n, rp, HEURISTIC if pol[0] >= PIMC else pol[0], pstate)[0]
            if not shared:  # A and B at a seat see the same random choices elsewhere
                if is_a:
                    copy_into(pstate, saved[:4])
                    copy_into(sstate, saved[4:])
                else:
                    copy_into(saved[:4], pstate)
                    copy_into(saved[4:], sstate)
            copy_into(hands, hands0)
            start_play(g, first_leader(np_, rp), trump, up_bit, n, n + ns // np_, np.int64(0), deck_mask, ns, track)
            bid_and_play_seats(g, np.int64(0), rp, pol, search, pstate, moves)
            for s in range(np_):
                if not is_a and (shared or s == seat):
                    base[s] = scores[s]
                    out[2 + 2 * np_ + s] += scores[s]
            if is_a:
                diff = scores[seat] - base[seat]
                out[2 + seat] += diff
                out[2 + np_ + seat] += diff * diff
                out[2 + 3 * np_ + seat] += scores[seat]
                d += diff
        out[0] += d  # np_ times the deal's mean difference, an integer
        out[1] += d * d
    out[2 + 4 * np_] = search[2][0]
    out[3 + 4 * np_] += n_deals
