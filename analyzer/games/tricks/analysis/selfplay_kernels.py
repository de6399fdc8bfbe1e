"""numba kernels of self-play: independent deals and whole games, each seat moved by its policy code.

A deal is :func:`analyzer.games.tricks.policies.seats.deal_and_play` (deal, trump, bids, the one
playout loop, drawing, scores; pimc seats included). Three streams per chunk: the deals come
from the chunk's state, the policies' choices from a state drawn from it first, pimc's worlds
from a third (see :mod:`analyzer.games.tricks.kernels.dealing`), so two policy line-ups see the
very same deals, and without a pimc seat the numbers do not depend on pimc's options.

>>> games_out(4).shape
(37,)
"""

from __future__ import annotations

import numpy as np

from analyzer.games.tricks.kernels.dealing import policy_state, stock_after
from analyzer.games.tricks.policies.seats import (
    deal_and_play,
    deal_and_play_plain,
    new_position,
    piece_carry,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["N_SETS", "deals_chunk", "deals_piece", "deals_start", "games_chunk", "games_out", "games_piece",
           "games_start", "tally_deal", "tally_game_deal", "tally_game_end", "tally_set_end"]

R_PREMIUM = P.PREMIUM
R_PREMIUM_LAST = P.PREMIUM_LAST


@no_refcount
def tally_deal(out, np_, nb, bids, took, scores):
    """Add one deal to the :func:`deals_chunk` vector."""
    for s in range(np_):
        out[s] += scores[s]
        out[np_ + s] += scores[s] * scores[s]
        if bids[s] == took[s]:
            out[2 * np_ + s] += 1
        out[3 * np_ + s * nb + bids[s]] += 1
        out[3 * np_ + np_ * nb + s * nb + took[s]] += 1


@kernel(nogil=True)
def deals_chunk(state, n_deals, pack0, np_, n, rp, pol, cfg):
    """``n_deals`` independent deals of ``n`` cards (``cfg``: pimc's options, for pimc seats; None
    when no seat plays pimc, and pimc is not compiled in); the histogram vector of
    :class:`analyzer.games.tricks.analysis.selfplay.PlayTask` (seat 0 left of the dealer)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    nb = n + stock_after(rp, pack.shape[0], np_ * n) // np_ + 1
    out = np.zeros(np_ * (3 + 2 * nb), np.int64)
    g = new_position(np_, pack.shape[0])
    moves = np.zeros(48, np.int64)
    if cfg is None:  # decided by the argument's type when compiling: the other branch is not compiled
        for _ in range(n_deals):
            deal_and_play_plain(dstate, pstate, pack, g, n, np.int64(0), rp, pol, moves)
            tally_deal(out, np_, nb, g[6], g[7], g[8])
        return out
    carry = deals_start(state, pack0, np_, n, rp, pol, cfg)
    deals_piece(carry, n_deals, np_, n, rp, pol)
    return carry[3]


@kernel
def deals_start(state, pack0, np_, n, rp, pol, cfg):
    """What a pimc chunk of :func:`deals_chunk` carries from one piece to the next
    (:func:`~analyzer.games.tricks.policies.seats.piece_carry`)."""
    nb = n + stock_after(rp, pack0.shape[0], np_ * n) // np_ + 1
    return piece_carry(state, pack0, np.zeros(np_ * (3 + 2 * nb), np.int64), pol, cfg)


@kernel(nogil=True)
def deals_piece(carry, n_deals, np_, n, rp, pol):
    """The next ``n_deals`` deals of a pimc chunk, added to the vector in ``carry`` (of
    :func:`deals_start`, which the deals move on): pieces of any sizes give the whole chunk's numbers."""
    dstate, pstate, pack, out, search = carry
    nb = (out.shape[0] // np_ - 3) // 2  # out: np_ * (3 + 2 * nb)
    g = new_position(np_, pack.shape[0])
    moves = np.zeros(48, np.int64)
    for _ in range(n_deals):
        deal_and_play(dstate, pstate, pack, g, n, np.int64(0), rp, pol, search, moves)
        tally_deal(out, np_, nb, g[6], g[7], g[8])


N_SETS = 4


@kernel
def games_out(np_):
    """The empty vector of :func:`games_chunk`: per player total, total², wins (shared wins count
    for each), exact deals, premiums; games; premiums by player and set (``N_SETS`` each)."""
    return np.zeros(5 * np_ + 1 + N_SETS * np_, np.int64)


@no_refcount
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


@no_refcount
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


@no_refcount
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


@kernel(nogil=True)
def games_chunk(state, n_games, pack0, np_, cards, sets, rp, pol, cfg):
    """``n_games`` whole games (deal i: ``cards[i]`` each, set ``sets[i]``; the deal passes
    clockwise, player ``(i + s) % np_`` sits at seat ``s``; ``pol`` by player, ``cfg`` pimc's
    options, None when no player plays pimc: see :func:`deals_chunk`); the vector of :func:`games_out`."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    pack = pack0.copy()
    out = games_out(np_)
    seat_pol = np.zeros(np_, np.int64)
    total = np.zeros(np_, np.int64)
    best = np.zeros(np_, np.int64)
    all_exact = np.zeros(np_, np.bool_)
    g = new_position(np_, pack.shape[0])
    moves = np.zeros(48, np.int64)
    n_deals = cards.shape[0]
    if cfg is None:  # no pimc player: compiled without pimc (see deals_chunk)
        for _ in range(n_games):
            total[:] = 0
            for i in range(n_deals):
                _seat_policies(pol, i, seat_pol)
                deal_and_play_plain(dstate, pstate, pack, g, cards[i], sets[i], rp, seat_pol, moves)
                _after_deal(out, np_, i, sets, rp, g, total, best, all_exact)
            tally_game_end(out, np_, total)
        return out
    carry = games_start(state, pack0, np_, pol, cfg)
    games_piece(carry, n_games * n_deals, np_, cards, sets, rp, pol)
    return carry[0][3]


@kernel
def games_start(state, pack0, np_, pol, cfg):
    """What a pimc chunk of :func:`games_chunk` carries from one piece to the next: the
    :func:`~analyzer.games.tricks.policies.seats.piece_carry` (its vector of :func:`games_out`),
    and the game in play: the players' totals, their best deal scores and exact deals in the set,
    the next deal of the schedule."""
    carry = piece_carry(state, pack0, games_out(np_), pol, cfg)
    return carry, (np.zeros(np_, np.int64), np.zeros(np_, np.int64), np.zeros(np_, np.bool_), np.zeros(1, np.int64))


@kernel(nogil=True)
def games_piece(carry, n_deals, np_, cards, sets, rp, pol):
    """The next ``n_deals`` deals of a pimc chunk of whole games (a piece may stop and start within
    a game), added to the vector in ``carry`` (of :func:`games_start`, which the deals move on):
    pieces of any sizes give the whole chunk's numbers."""
    dstate, pstate, pack, out, search = carry[0]
    total, best, all_exact, at = carry[1]
    seat_pol = np.zeros(np_, np.int64)
    g = new_position(np_, pack.shape[0])
    moves = np.zeros(48, np.int64)
    last = cards.shape[0] - 1
    for _ in range(n_deals):
        i = at[0]
        if i == 0:
            total[:] = 0
        _seat_policies(pol, i, seat_pol)
        deal_and_play(dstate, pstate, pack, g, cards[i], sets[i], rp, seat_pol, search, moves)
        _after_deal(out, np_, i, sets, rp, g, total, best, all_exact)
        if i == last:
            tally_game_end(out, np_, total)
        at[0] = 0 if i == last else i + 1


@no_refcount(inline="always")
def _seat_policies(pol, i, seat_pol):
    """The codes by seat in deal ``i`` of a game (player ``(i + s) % np_`` at seat ``s``)."""
    np_ = seat_pol.shape[0]
    for s in range(np_):
        seat_pol[s] = pol[(i + s) % np_]


@no_refcount(inline="always")
def _after_deal(out, np_, i, sets, rp, g, total, best, all_exact):
    """Tally deal ``i`` of a game just played in ``g``, and its set's premium when the set ends."""
    n_deals = sets.shape[0]
    last = i == n_deals - 1 or sets[i + 1] != sets[i]
    tally_game_deal(out, np_, i, i == 0 or sets[i] != sets[i - 1], g[6], g[7], g[8], total, best,
                    all_exact, not (last and rp[R_PREMIUM_LAST] == 1))
    if last:
        tally_set_end(out, np_, rp[R_PREMIUM], sets[i], total, best, all_exact)
