"""numba kernels of a hand's bidding expectation: sample the unseen cards, play every legal bid out.

One sample deals the cards the player has not seen (everything but his hand and the turned
card) to the other seats (and, when drawing, to the stock, the turned card drawn last); then
the deal is played once per legal bid of the player, the same sample for every bid. Seats
before him keep the bids they made — an unknown bid (-1 in ``pre_bids``) is the heuristic's
bid from that seat's sampled hand; seats after him bid by their policy (the dealer within
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
from numba import uint64

from analyzer.games.tricks.kernels.dealing import policy_state
from analyzer.games.tricks.kernels.playout import (
    bid_and_play,
    bid_blind,
    first_leader,
    keep_short_play,
    reused_score,
    same_play,
    short_play,
    start_play,
)
from analyzer.games.tricks.policies.basic import HEURISTIC, choose_bid, choose_trump
from analyzer.games.tricks.policies.seats import (
    bid_and_play_seats,
    has_external,
    new_position,
    new_search,
    piece_carry,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import deal

__all__ = ["bid_chunk", "bid_exact_one_card", "bid_piece", "bid_start", "fit_count"]

R_DRAW = P.DRAW


@no_refcount
def _consistent(hands, first3, me, pre_bids, trump, tricks, full_choice, extra, pstate):
    """Would the heuristic have bid ``pre_bids`` (and named ``trump``) from these hands?"""
    if full_choice and me != 0 and choose_trump(np.int64(HEURISTIC), first3, pstate) != trump:
        return False
    for s in range(me):
        if choose_bid(np.int64(HEURISTIC), hands[s], trump, tricks, np.int64(-1), extra, pstate) != pre_bids[s]:
            return False
    return True


@kernel(inline="always")
def _draw_hands(dstate, pool, size, me, my_hand, np_, n, hands):
    """Shuffle the first ``size`` cards of ``pool`` to its front and deal them ``n`` a seat into
    ``hands`` (seat ``me`` holds ``my_hand``); seat 0's first three cards (a full Georgian deal's
    trump call)."""
    deal(dstate, pool, size)
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
    return first3


@kernel
def fit_count(state, pool0, me, my_hand, trump, pre_bids, np_, n, tricks, full_choice, draws):
    """How many of ``draws`` random deals of the unseen cards ``pool0`` fit the earlier bids (the
    heuristic would have made them, :func:`_consistent`): the pilot by which a conditioned run's
    cost counts the draws it rejects."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pool = pool0.copy()
    hands = np.zeros(np_, np.uint64)
    extra = (tricks - n) / np_
    fits = 0
    for _ in range(draws):
        first3 = _draw_hands(dstate, pool, (np_ - 1) * n, me, my_hand, np_, n, hands)
        if _consistent(hands, first3, me, pre_bids, trump, tricks, full_choice, extra, pstate):
            fits += 1
    return fits


@no_refcount
def _record(out, j, nb, score, took_me, bid):
    base = j * (3 + nb)
    out[base] += score
    out[base + 1] += score * score
    if took_me == bid:
        out[base + 2] += 1
    out[base + 3 + took_me] += 1


@no_refcount
def _earlier_bids(pre_bids, hands, me, trump, tricks, extra, pstate, out):
    """The bids of seats ``0..me-1`` into ``out``: the given ones, and for an unknown one (-1) the
    heuristic's bid from the seat's hand (no earlier seat is the dealer: nothing is forbidden)."""
    for s in range(me):
        out[s] = pre_bids[s] if pre_bids[s] >= 0 else choose_bid(np.int64(HEURISTIC), hands[s], trump, tricks, np.int64(-1), extra,
                                                                   pstate)


@kernel
def _play_bids(out, g, hands, ns, trump, up_bit, n, tricks, set_index, rp, pol, me, pre_bids, legal_bids,
               deck_mask, extra, search, pstate, moves, reuse):
    """The sample ``hands`` (the stock in ``g``'s first ``ns`` cards) played out once per legal bid
    (``search`` None: no pimc seat, and pimc is not compiled in). With ``reuse`` and the heuristic
    at every seat the bids go highest first and a play that stayed short of its bid stands for
    the lower bids it stays short of too (:func:`~analyzer.games.tricks.kernels.playout.same_play`):
    the same totals as playing each."""
    wh, _stock, _pos, _bits, _t_card, _t_mode, bids, took, scores, _played_by, _forbid = g
    np_ = hands.shape[0]
    track = 1 if has_external(pol) else 0
    earlier = np.zeros(me + 1, np.int64)
    _earlier_bids(pre_bids, hands, me, trump, tricks, extra, pstate, earlier)
    shortcut = reuse and bid_blind(pol, rp)
    nbids = legal_bids.shape[0]
    ref = short_play(np_)  # a play that stayed short of its bid (see same_play)
    for i in range(nbids):
        j = nbids - 1 - i if shortcut else i  # (the legal bids ascend)
        b = legal_bids[j]
        copy_into(bids, earlier[:me])
        if shortcut and same_play(bids, me, b, ref, hands, trump, tricks, n, rp, pol, extra, pstate):
            _record(out, j, tricks + 1, reused_score(ref, b, n, set_index, rp), ref[0], b)
            continue
        copy_into(wh, hands)
        bids[me] = b
        start_play(g, first_leader(np_, rp), trump, up_bit, n, tricks, set_index, deck_mask, ns, track)
        if search is None:  # decided by the argument's type when compiling: the plain loop
            bid_and_play(g, me + 1, extra, rp, pol, pstate, moves)
        else:
            bid_and_play_seats(g, me + 1, rp, pol, search, pstate, moves)
        _record(out, j, tricks + 1, scores[me], took[me], b)
        if shortcut:
            keep_short_play(ref, b, took[me], scores[me], bids, n, set_index, rp)


@kernel(nogil=True)
def bid_chunk(state, n_samples, pool0, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n,
              tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries, cfg, reuse):
    """``n_samples`` samples of the unseen cards ``pool0``, every legal bid played out on each
    (``cfg``: pimc's options, for pimc seats; None when no seat plays pimc, and pimc is not
    compiled in; ``reuse``: see :func:`_play_bids`, False plays every bid, the tests' reference)."""
    if cfg is None:  # decided by the argument's type when compiling: pimc is not compiled in
        dstate = state.copy()
        pstate = policy_state(dstate)
        out = np.zeros(legal_bids.shape[0] * (3 + tricks + 1) + 2, np.int64)
        _samples(dstate, pstate, pool0.copy(), out, None, n_samples, me, my_hand, up_bit, trump, pre_bids,
                 legal_bids, np_, n, tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries, reuse)
        return out
    carry = bid_start(state, pool0, legal_bids, tricks, pol, cfg)
    bid_piece(carry, n_samples, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n, tricks, set_index, rp,
              pol, deck_mask, cond, full_choice, max_tries, reuse)
    return carry[3]


@kernel
def bid_start(state, pool0, legal_bids, tricks, pol, cfg):
    """What a pimc chunk of :func:`bid_chunk` carries from one piece to the next
    (:func:`~analyzer.games.tricks.policies.seats.piece_carry`, the pool as the pack)."""
    out = np.zeros(legal_bids.shape[0] * (3 + tricks + 1) + 2, np.int64)
    return piece_carry(state, pool0, out, pol, cfg)


@kernel(nogil=True)
def bid_piece(carry, n_samples, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n, tricks, set_index, rp,
              pol, deck_mask, cond, full_choice, max_tries, reuse):
    """The next ``n_samples`` samples of a pimc chunk, added to the vector in ``carry`` (of
    :func:`bid_start`, which the samples move on): pieces of any sizes give the whole chunk's numbers."""
    dstate, pstate, pool, out, search = carry
    _samples(dstate, pstate, pool, out, search, n_samples, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n,
             tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries, reuse)


@kernel(inline="always")
def _samples(dstate, pstate, pool, out, search, n_samples, me, my_hand, up_bit, trump, pre_bids, legal_bids, np_, n,
             tricks, set_index, rp, pol, deck_mask, cond, full_choice, max_tries, reuse):
    """:func:`bid_chunk`'s samples, added to ``out`` (``search`` None: no pimc seat)."""
    nb = tricks + 1
    nbids = legal_bids.shape[0]
    drawing = rp[R_DRAW] == 1
    need = (np_ - 1) * n
    size = pool.shape[0]
    g = new_position(np_, size - need + 1)
    stock = g[1]
    hands = np.zeros(np_, np.uint64)
    moves = np.zeros(48, np.int64)
    extra = (tricks - n) / np_  # the heuristic's share of the tricks from drawn cards
    for _ in range(n_samples):
        tries = 0
        while True:
            first3 = _draw_hands(dstate, pool, size if drawing else need, me, my_hand, np_, n, hands)
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
        _play_bids(out, g, hands, ns, trump, up_bit, n, tricks, set_index, rp, pol, me, pre_bids, legal_bids,
                   deck_mask, extra, search, pstate, moves, reuse)


@kernel
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
    # typed values, not constants: the kernels below reuse the sampler's compiles (a constant
    # argument would compile a copy of the whole play-out)
    zero, one, no, yes = np.int64(0), np.int64(1), np.bool_(False), np.bool_(True)
    g = new_position(np_, zero)
    moves = np.zeros(48, np.int64)
    pstate = np.ones(4, np.uint64)
    search = new_search(np.zeros(5, np.int64), pstate, np.int64(1))
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
        if cond and not _consistent(hands, uint64(0), me, pre_bids, trump, one, no, 0.0, pstate):
            continue
        _play_bids(out, g, hands, zero, trump, -one, one, one, set_index, rp, pol, me, pre_bids, legal_bids, deck_mask,
                   0.0, search, pstate, moves, yes)
    return out
