"""numba kernels of self-play with ``pimc`` seats: independent deals and whole games.

The same vectors as :func:`analyzer.games.tricks.selfplay_kernels.deals_chunk` and
:func:`~analyzer.games.tricks.selfplay_kernels.games_chunk`, and the same deals: the deals and
the policies' choices come from the same two streams, pimc's worlds from a third
(:func:`analyzer.games.tricks.pimc_play_kernels.search_state`), so without a pimc seat these
kernels give exactly the numbers of the plain ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.tricks.pimc_kernels import new_table
from analyzer.games.tricks.pimc_play_kernels import LOG_TABLE, deal_pimc, search_state
from analyzer.games.tricks.rules import P
from analyzer.games.tricks.selfplay_kernels import (
    games_out,
    policy_state,
    tally_deal,
    tally_game_deal,
    tally_game_end,
    tally_set_end,
)

__all__ = ["pimc_deals_chunk", "pimc_games_chunk"]

R_DRAW = P.DRAW
R_PREMIUM = P.PREMIUM
R_PREMIUM_LAST = P.PREMIUM_LAST


@njit(cache=True)
def pimc_deals_chunk(state, n_deals, pack0, np_, n, rp, pol, cfg):
    """:func:`analyzer.games.tricks.selfplay_kernels.deals_chunk` with pimc seats (code 2)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    sstate = search_state(state)
    pack = pack0.copy()
    tricks = n if rp[R_DRAW] == 0 else n + (pack.shape[0] - np_ * n) // np_
    nb = tricks + 1
    out = np.zeros(np_ * (3 + 2 * nb), np.int64)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    tt = new_table(LOG_TABLE)
    nodes = np.zeros(1, np.int64)
    stamp = 0
    for _ in range(n_deals):
        stamp = deal_pimc(dstate, pstate, sstate, pack, np_, n, 0, rp, pol, cfg, tt, stamp, nodes, bids, took,
                          scores)
        tally_deal(out, np_, nb, bids, took, scores)
    return out


@njit(cache=True)
def pimc_games_chunk(state, n_games, pack0, np_, cards, sets, rp, pol, cfg):
    """:func:`analyzer.games.tricks.selfplay_kernels.games_chunk` with pimc players (``pol`` by
    player; player ``(i + s) % np_`` sits at seat ``s`` in deal ``i``)."""
    dstate = state.copy()
    pstate = policy_state(dstate)
    sstate = search_state(state)
    pack = pack0.copy()
    out = games_out(np_)
    bids = np.zeros(np_, np.int64)
    took = np.zeros(np_, np.int64)
    scores = np.zeros(np_, np.int64)
    seat_pol = np.zeros(np_, np.int64)
    total = np.zeros(np_, np.int64)
    best = np.zeros(np_, np.int64)
    all_exact = np.zeros(np_, np.bool_)
    tt = new_table(LOG_TABLE)
    nodes = np.zeros(1, np.int64)
    stamp = 0
    n_deals = cards.shape[0]
    for _ in range(n_games):
        total[:] = 0
        for i in range(n_deals):
            for s in range(np_):
                seat_pol[s] = pol[(i + s) % np_]
            stamp = deal_pimc(dstate, pstate, sstate, pack, np_, cards[i], sets[i], rp, seat_pol, cfg, tt, stamp,
                              nodes, bids, took, scores)
            last = i == n_deals - 1 or sets[i + 1] != sets[i]
            tally_game_deal(out, np_, i, i == 0 or sets[i] != sets[i - 1], bids, took, scores, total, best,
                            all_exact, not (last and rp[R_PREMIUM_LAST] == 1))
            if last:
                tally_set_end(out, np_, rp[R_PREMIUM], sets[i], total, best, all_exact)
        tally_game_end(out, np_, total)
    return out
