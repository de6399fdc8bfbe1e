"""numba kernels of the bidding study: bid values by hand features, and the hook's cost paired
on the same deals (with the jokers each seat was dealt).

Features of the studied seat's hand (cell index ``((tr * 3 + jk) * 3 + ac) * 2 + nt``): trumps
held ``tr`` (0, 1, 2, 3 or more), jokers ``jk`` (0..2), aces ``ac`` (0, 1, 2 or more; trump ace
included), ``nt`` 1 when there is no trump.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.dealing import deal_cards, pack_mask, policy_state, search_state
from analyzer.games.tricks.kernels.moves import JK1, JK2, popcount, suit_mask
from analyzer.games.tricks.kernels.playout import (
    CARDS,
    TRICKS,
    TRUMP,
    bid_blind,
    bid_rest,
    first_leader,
    forbidden_bid,
    keep_short_play,
    play_out,
    reused_score,
    same_play,
    short_play,
    start_play,
)
from analyzer.games.tricks.policies.basic import PIMC
from analyzer.games.tricks.policies.seats import (
    bid_and_play_seats,
    deal_into,
    has_external,
    new_position,
    search_for,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["CELLS", "features_chunk", "hook_chunk"]

CELLS = 72
R_DRAW = P.DRAW


@no_refcount
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


@kernel(nogil=True)
def features_chunk(state, n_deals, pack0, np_, n, seat, rp, pol, cfg, reuse):
    """Random deals; the seat's hand played out once per bid (earlier and later seats bid by
    their policy; ``cfg`` pimc's options, for pimc seats). Per cell and bid b (``nb`` = tricks + 1): [count, Σ score, Σ score², made,
    Σ tricks] at ``((cell * nb) + b) * 5``.

    With the heuristic at every seat (and ``reuse``) the bids go highest first, and a bid is not
    played when a higher one's play stayed short of both (:func:`same_play`): that play is this
    bid's too, move for move, scored for this bid. The totals are those of playing every bid,
    which ``reuse`` False does (the tests' reference)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    search = search_for(pol, cfg, search_state(state))
    pack = pack0.copy()
    size = pack.shape[0]
    drawing = rp[R_DRAW] == 1
    dealt = np_ * n
    tricks = n if not drawing else n + (size - dealt) // np_
    nb = tricks + 1
    out = np.zeros(CELLS * nb * 5, np.int64)
    hands = np.zeros(np_, np.uint64)
    bids = np.zeros(np_, np.int64)
    ref = short_play(np_)  # a play that stayed short of its bid (see same_play)
    g = new_position(np_, size)
    moves = np.zeros(48, np.int64)
    deck_mask = pack_mask(pack)
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    track = 1 if has_external(pol) else 0
    shortcut = reuse and bid_blind(pol, rp)
    for _ in range(n_deals):
        trump, up_bit, s0 = deal_cards(dstate, pack, np_, n, rp, 1 if pol[0] >= PIMC else pol[0], pstate, hands)
        ns = size - s0 if drawing else 0
        g[1][:ns] = pack[s0:s0 + ns]
        c = cell_of(hands[seat], trump)
        bid_rest(hands, trump, tricks, n, np_, rp, pol, bids, np.int64(0), extra, pstate)
        forbidden = forbidden_bid(bids, seat, np_, tricks, n, rp)
        ref[0] = -1  # none yet on this deal
        for i in range(nb):
            b = nb - 1 - i if shortcut else i  # highest first: its play may stand for the lower bids
            if b == forbidden:
                continue
            j = ((c * nb) + b) * 5
            g[6][:] = bids
            if shortcut and same_play(g[6], seat, b, ref, hands, trump, tricks, n, rp, pol, extra, pstate):
                _add(out, j, reused_score(ref, b, n, np.int64(0), rp), b, ref[0])
                continue
            g[0][:] = hands
            g[6][:] = bids
            g[6][seat] = b
            start_play(g, first_leader(np_, rp), trump, up_bit, n, tricks, np.int64(0), deck_mask, ns, track)
            bid_and_play_seats(g, seat + 1, rp, pol, search, pstate, moves)
            took, scores = g[7], g[8]
            _add(out, j, scores[seat], b, took[seat])
            if shortcut:
                keep_short_play(ref, b, took[seat], scores[seat], g[6], n, np.int64(0), rp)
    return out


@no_refcount(inline="always")
def _add(out, j, score, bid, took):
    """Count one play of ``bid`` scoring ``score`` with ``took`` tricks at ``out[j:j + 5]``."""
    out[j] += 1
    out[j + 1] += score
    out[j + 2] += score * score
    if took == bid:
        out[j + 3] += 1
    out[j + 4] += took


@kernel(nogil=True)
def hook_chunk(state, n_deals, pack0, np_, n, rp_on, rp_off, pol, reuse):
    """Each deal played with the hook on and off (the same cards; no seat plays pimc, and pimc is
    not compiled in). Result: the dealer's Σ(on −
    off), Σ(on − off)²; per seat Σ score, Σ score² with the hook on; per joker count 0..2 dealt
    to a seat: seats, Σ score, Σ score² (hook on).

    The hook changes nothing but the dealer's bid: when the bids with it on come out as they did
    with it off, on the same stream, the rest is the same play, and with ``reuse`` it is not played
    again (the totals are the same; ``reuse`` False plays both, the tests' reference)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    out = np.zeros(2 + 2 * np_ + 9, np.int64)
    g = new_position(np_, pack.shape[0])
    bids, scores = g[6], g[8]
    moves = np.zeros(48, np.int64)
    saved = np.zeros(4, np.uint64)
    psaved = np.zeros(4, np.uint64)
    p_bid = np.zeros(4, np.uint64)  # the policies' stream after the bids with the hook off
    p_end = np.zeros(4, np.uint64)  # and after that deal's play
    bids_off = np.zeros(np_, np.int64)
    scores_off = np.zeros(np_, np.int64)
    packsaved = pack.copy()
    for _ in range(n_deals):
        for i in range(4):
            saved[i] = dstate[i]
            psaved[i] = pstate[i]
        copy_into(packsaved, pack)
        _deal_and_bid(dstate, pstate, pack, g, n, rp_off, pol)
        copy_into(bids_off, bids)
        copy_into(p_bid, pstate)
        play_out(g, rp_off, pol, pstate, moves)
        copy_into(scores_off, scores)
        copy_into(p_end, pstate)
        off = scores[np_ - 1]
        for i in range(4):
            dstate[i] = saved[i]
            pstate[i] = psaved[i]
        copy_into(pack, packsaved)
        _deal_and_bid(dstate, pstate, pack, g, n, rp_on, pol)
        if reuse and np.array_equal(bids, bids_off) and np.array_equal(pstate, p_bid):
            copy_into(scores, scores_off)  # the same bids on the same stream: the same play
            copy_into(pstate, p_end)
        else:
            play_out(g, rp_on, pol, pstate, moves)
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


@no_refcount(inline="always")
def _deal_and_bid(dstate, pstate, pack, g, n, rp, pol):
    """Deal into ``g`` (:func:`deal_into`) and make every seat's bid by its code (the heuristic
    counting the tricks expected from drawn cards), as a whole deal's play does."""
    hands, pos, bids = g[0], g[2], g[6]
    deal_into(dstate, pstate, pack, g, n, np.int64(0), rp, pol)
    extra = (pos[TRICKS] - pos[CARDS]) / hands.shape[0]
    bid_rest(hands, pos[TRUMP], pos[TRICKS], pos[CARDS], hands.shape[0], rp, pol, bids, np.int64(0), extra, pstate)
