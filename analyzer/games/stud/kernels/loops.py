"""Numba loops over many situations: the exact enumeration, per-hand values for stratified
sampling, and the joker-location deal.

A *strategy rule* is an int64 array ``rules[s, g]`` over the situation groups of
:func:`.counting.up_group`: -1 = the optimal decision (bet iff betting beats folding), else bet
iff the player's class ≥ ``rules[s, g]``. Several strategies are valued in one pass.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analyzer.games.stud.kernels.counting import (
    LOSE,
    NQ,
    TIE,
    WIN,
    bet_value,
    group_of,
    hand_marks,
    situation,
    up_group,
)
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded, deal

N_GROUPS = 14 * 6  # up-card ranks (13 = joker) × pairs a hand card × wild state


@no_refcount(inline="always")
def decide(rule, g, pc, v, total):
    """Bet or not under one strategy rule (``v``: the bet's summed value over dealer hands)."""
    t = rule[g]
    if t < 0:
        return v > -total
    return pc >= t


@kernel(parallel=True)
def exact_loop(reps, weights, rep_pc, rep_cat, n_cat, u_fixed, win_of, nq_win, tie_win, lose_win,
               rules, pos_code, wild_pos, cls, cum1, cum2, tri, quad, binom, qc, gain):
    """Every canonical player hand (× its weight) × every up card (or ``u_fixed`` ≥ 0 only).

    Work is split by up card (so one card's tables stay in cache) and by blocks of hands.
    Returns weighted totals per strategy (S, 8 + n_cat): [situations, bets, NQ, TIE, LOSE (bet
    situations), folds, NQ (all situations), -, WIN by player category…]. If ``gain`` has rows,
    ``gain[i, u]`` gets the bet's EV minus the fold's (antes) of each situation.
    """
    n = cum1.shape[0]
    nr = reps.shape[0]
    ns = rules.shape[0]
    nb = 16
    bs = (nr + nb - 1) // nb
    acc = np.zeros((n * nb, ns, 8 + n_cat), np.int64)
    total = binom[n - 6, 4]
    keep_gain = gain.shape[0] > 0
    for t in prange(n * nb):
        u = t // nb
        if u_fixed >= 0 and u != u_fixed:
            continue
        c4 = np.empty(4, np.int64)
        c3 = np.empty(3, np.int64)
        s = np.empty(5, np.int64)
        for i in range((t % nb) * bs, min(nr, (t % nb + 1) * bs)):
            hand = reps[i]
            if u == hand[0] or u == hand[1] or u == hand[2] or u == hand[3] or u == hand[4]:
                continue
            pc = rep_pc[i]
            situation(hand, np.int64(5), u, pc, qc, cls, cum1, cum2, tri, quad, binom, c4, c3, s)
            v = bet_value(c4, win_of[pc], nq_win, tie_win, lose_win)
            if keep_gain:
                gain[i, u] = (v + total) / total
            g = up_group(hand, 5, u, pos_code, wild_pos)
            w = weights[i]
            for k in range(ns):
                row = acc[t, k]
                row[0] += w
                row[6] += w * c4[NQ]
                if decide(rules[k], g, pc, v, total):
                    row[1] += w
                    row[2] += w * c4[NQ]
                    row[3] += w * c4[TIE]
                    row[4] += w * c4[LOSE]
                    row[8 + rep_cat[i]] += w * c4[WIN]
                else:
                    row[5] += w
    return acc.sum(axis=0)


@kernel(parallel=True)
def hand_values(hands, hand_pc, hand_cat, n_cat, u_fixed, win_of, nq_win, tie_win, lose_win,
                rules, pos_code, wild_pos, cls, cum1, cum2, tri, quad, binom, qc, gain):
    """Each hand's exact results summed over its up cards (all cards not in it, or ``u_fixed``).

    Returns (H, S, 3 + n_cat + 4) floats: [Σ value (antes), Σ bet, Σ share of dealer hands not
    qualifying, Σ event shares: win by category…, NQ, TIE, fold, LOSE]; ``gain`` as in
    :func:`exact_loop` (rows = hands) if it has rows.
    """
    n = cum1.shape[0]
    nh = hands.shape[0]
    ns = rules.shape[0]
    ne = n_cat + 4
    out = np.zeros((nh, ns, 3 + ne), np.float64)
    total = binom[n - 6, 4]
    inv = 1.0 / total
    keep_gain = gain.shape[0] > 0
    for i in prange(nh):
        c4 = np.empty(4, np.int64)
        c3 = np.empty(3, np.int64)
        s = np.empty(5, np.int64)
        hand = hands[i]
        pc = hand_pc[i]
        cat = hand_cat[i]
        for u in range(n):
            if u_fixed >= 0 and u != u_fixed:
                continue
            if u == hand[0] or u == hand[1] or u == hand[2] or u == hand[3] or u == hand[4]:
                continue
            situation(hand, np.int64(5), u, pc, qc, cls, cum1, cum2, tri, quad, binom, c4, c3, s)
            v = bet_value(c4, win_of[pc], nq_win, tie_win, lose_win)
            if keep_gain:
                gain[i, u] = (v + total) * inv
            g = up_group(hand, 5, u, pos_code, wild_pos)
            for k in range(ns):
                row = out[i, k]
                row[2] += c4[NQ] * inv
                if decide(rules[k], g, pc, v, total):
                    row[0] += v * inv
                    row[1] += 1.0
                    row[3 + cat] += c4[WIN] * inv
                    row[3 + n_cat] += c4[NQ] * inv
                    row[3 + n_cat + 1] += c4[TIE] * inv
                    row[3 + n_cat + 3] += c4[LOSE] * inv
                else:
                    row[0] -= 1.0
                    row[3 + n_cat + 2] += 1.0
    return out


@kernel(nogil=True)
def location_chunk(state, trials, players, doc_num, doc_den):
    """Deal ``players`` hands of 5 and the dealer's 5 (up card last) from 52 cards; a board picks
    the wild card (DOC with probability doc_num/doc_den). Counts where it lies:
    [up card, player 1, other players, dealer hole cards, stock]."""
    pack = np.arange(52).astype(np.int64)
    out = np.zeros(5, np.int64)
    need = 5 * players + 5
    for _ in range(trials):
        deal(state, pack, need)
        if bounded(state, doc_den) < doc_num:
            out[0] += 1
            continue
        w = bounded(state, np.int64(52))  # int64: bounded compiles once for every caller
        where = 4
        for i in range(need):
            if pack[i] == w:
                if i == need - 1:
                    where = 0
                elif i < 5:
                    where = 1
                elif i < 5 * players:
                    where = 2
                else:
                    where = 3
                break
        out[where] += 1
    return out


@no_refcount
def add_cells(hands, gain, prob, hand_pc, pos_code, wild_pos, first_up, sums, group_prob, mass):
    """Add Σ prob·gain of the situations (hand row i, up card u) with a gain (not NaN) to ``sums``
    (N_GROUPS, classes), Σ prob to ``group_prob`` by group and, unless ``mass`` has no rows, to
    ``mass`` by cell; (Σ prob·max(0, gain), Σ prob) of those situations. Column c of ``gain`` is up
    card ``first_up + c`` (0 for a gain per up card; one column when a deal type has one up card)."""
    positive = 0.0
    total = 0.0
    cells = mass.shape[0] > 0
    for i in range(hands.shape[0]):
        hand = hands[i]
        p = prob[i]
        ranks, held = hand_marks(hand, 5, pos_code, wild_pos)  # once per hand, not per up card
        for c in range(gain.shape[1]):
            x = gain[i, c]
            if x != x:
                continue
            g = group_of(ranks, held, first_up + c, pos_code, wild_pos)
            v = np.float64(x) * p
            sums[g, hand_pc[i]] += v
            group_prob[g] += p
            if v > 0:
                positive += v
            if cells:
                mass[g, hand_pc[i]] += p
                if p > 0:
                    total += p
    return positive, total


@kernel
def cell_sums(hands, gain, prob, hand_pc, n_classes, pos_code, wild_pos, first_up):
    """Σ prob·gain of the situations with a gain, by strategy group and the hand's class:
    (N_GROUPS, n_classes); with Σ prob by group and Σ prob·max(0, gain) (:func:`add_cells`)."""
    # a hand's cells lie in one row of the transposed table (its class), not one row per group:
    # each cell gets the same additions in the same order, so the same sums
    sums = np.zeros((n_classes, N_GROUPS))
    group_prob = np.zeros(N_GROUPS)
    positive, _ = add_cells(hands, gain, prob, hand_pc, pos_code, wild_pos, first_up, sums.T, group_prob,
                            np.zeros((0, 0)).T)
    return np.ascontiguousarray(sums.T), group_prob, positive


@kernel
def cell_mass_sums(hands, gain, prob, hand_pc, n_classes, pos_code, wild_pos, first_up):
    """:func:`cell_sums` and, from the same sweep, Σ prob by cell (each cell's probability) and
    in all: (sums, group_prob, positive, mass, total)."""
    sums = np.zeros((n_classes, N_GROUPS))  # transposed as in :func:`cell_sums`
    mass = np.zeros((n_classes, N_GROUPS))
    group_prob = np.zeros(N_GROUPS)
    positive, total = add_cells(hands, gain, prob, hand_pc, pos_code, wild_pos, first_up, sums.T, group_prob,
                                mass.T)
    return np.ascontiguousarray(sums.T), group_prob, positive, np.ascontiguousarray(mass.T), total
