"""Whole games in a loop: self-play chunks for the engine (simulate, hand odds, strength) and a
self-checking chunk that verifies the invariants after every move.

Every loop takes ``search``: the searching policies' budget, or None when every seat plays
random or the heuristic (:func:`analyzer.games.durak.kernels.choose.search_arg`; compiled without
the searches then).

Result vectors of :func:`sim_chunk` (see :mod:`analyzer.games.durak.simulate` for the names):
fools by seat (6), draws, aborted games, Σ bouts, Σ bouts², Σ moves, Σ moves², first attackers
by seat (6), then for each family of hand groups (jokers by colour, jokers by role, trump count,
first attacker or not) the sums of the per-game vector ``(fools per group, players per group)``
and of its outer product, for cluster-robust standard errors.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.durak.kernels.choose import choose
from analyzer.games.durak.kernels.layout import (
    ABORTED,
    BOUT,
    CTX,
    DRAW,
    FIRST,
    HAND,
    HIGHJ,
    LIMIT,
    MAX_MOVES,
    MOVES,
    NATT,
    NPL,
    OVER,
    PHASE,
    R_AFTERLOSS,
    RESULT,
    SIZE,
    SLEN,
    SPOS,
    TRUMPS,
    TURN,
    UNBEATEN,
)
from analyzer.games.durak.kernels.moves import (
    apply_action,
    bit,
    conservation_ok,
    legal_mask,
    popcount,
    setup,
)
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded, shuffle

FAMILY_SIZES = (4, 4, 7, 2)  # jokers by colour, jokers by role, trumps 0..6+, first attacker / other
HEAD = 20                    # fools(6) draws aborted Σb Σb² Σm Σm² first(6)


def _family_offsets() -> tuple[tuple[int, int], ...]:
    out = []
    off = HEAD
    for g in FAMILY_SIZES:
        out.append((off, g))
        off += 2 * g + 4 * g * g
    return tuple(out)


FAMILIES = _family_offsets()
SIM_LEN = FAMILIES[-1][0] + 2 * FAMILY_SIZES[-1] + 4 * FAMILY_SIZES[-1] ** 2
_FAM_OFF = np.array([f[0] for f in FAMILIES], dtype=np.int64)
_FAM_G = np.array(FAMILY_SIZES, dtype=np.int64)


@kernel
def play_game(S, tab, rng, policies, search):
    """Play the set-up game ``S`` to the end; the result (fool seat, DRAW or ABORTED). ``search``:
    the searching policies' budget, None when no seat searches (see :func:`choose`)."""
    while S[PHASE] != OVER:
        if S[MOVES] >= MAX_MOVES:
            S[RESULT] = ABORTED
            S[PHASE] = OVER
            break
        apply_action(S, tab, choose(S, tab, rng, policies[S[TURN]], search))
    return S[RESULT]


@no_refcount
def _groups(S, tab, s, out):
    """The group of seat s in each family (its dealt hand; call before play)."""
    h = S[HAND + s]
    red = (h >> 52) & 1
    black = (h >> 53) & 1
    out[0] = red + 2 * black
    high = tab[S[CTX], HIGHJ]
    hi = (h >> high) & 1
    lo = (h >> (105 - high)) & 1  # 52 + 53 - high: the other joker
    out[1] = hi + 2 * lo
    t = popcount(h & tab[S[CTX], TRUMPS])
    out[2] = t if t < 6 else 6
    out[3] = 0 if s == S[FIRST] else 1


@no_refcount
def _tally(S, tab, out, groups, vec):
    n = S[NPL]
    r = S[RESULT]
    if r >= 0:
        out[r] += 1
    elif r == DRAW:
        out[6] += 1
    else:
        out[7] += 1
    b = S[BOUT]
    m = S[MOVES]
    out[8] += b
    out[9] += b * b
    out[10] += m
    out[11] += m * m
    out[12 + S[FIRST]] += 1
    for f in range(_FAM_G.shape[0]):
        g = _FAM_G[f]
        vec[: 2 * g] = 0
        for s in range(n):
            k = groups[s, f]
            vec[g + k] += 1
            if s == r:
                vec[k] += 1
        off = _FAM_OFF[f]
        d = 2 * g
        for i in range(d):
            out[off + i] += vec[i]
        off += d
        for i in range(d):
            vi = vec[i]
            if vi != 0:
                for j in range(d):
                    out[off + i * d + j] += vi * vec[j]


@no_refcount
def after_loss_attacker(fool, n_players, rules):
    """The first attacker of the game after one whose fool sat at ``fool`` (-1: the rule decides)."""
    if fool < 0:
        return -1
    if rules[R_AFTERLOSS] == 0:
        return (fool + n_players - 1) % n_players
    return (fool + 1) % n_players


def sim_chunk(rng, n_games, deck, rules, n_players, policies, search, tab, later):
    """``n_games`` self-play games on fresh deals; the :data:`SIM_LEN` result vector.

    ``later``: each game follows a first game on its own deal, whose fool's neighbour attacks first
    (``rules[R_AFTERLOSS]``); only the later game is tallied, and ``out[18]`` / ``out[19]`` count
    the games after a fool and those in which the same seat is the fool again. One call of
    :func:`sim_piece`; the engine calls that in pieces (Ctrl-C lands between two).
    """
    out = np.zeros(SIM_LEN, np.int64)
    sim_piece(rng, deck.copy(), n_games, rules, n_players, policies, search, tab, later, out)
    return out


@kernel(nogil=True)
def sim_piece(rng, pack, n_games, rules, n_players, policies, search, tab, later, out):
    """:func:`sim_chunk`'s games, ``pack`` (shuffled in place game after game) and ``out`` carried
    from one piece to the next: pieces give the whole chunk's numbers to the last bit."""
    S = np.zeros(SIZE, np.int64)
    groups = np.zeros((n_players, 4), np.int64)
    g = np.zeros(4, np.int64)
    vec = np.zeros(64, np.int64)
    for _ in range(n_games):
        first = -1
        prev = -1
        if later:
            shuffle(rng, pack)
            setup(S, tab, rules, n_players, pack, np.int64(-1), rng)
            prev = play_game(S, tab, rng, policies, search)
            first = after_loss_attacker(prev, n_players, rules)
        shuffle(rng, pack)
        setup(S, tab, rules, n_players, pack, first, rng)
        if later and first >= 0:
            out[18] += 1
        for s in range(n_players):
            _groups(S, tab, s, g)
            for j in range(4):
                groups[s, j] = g[j]
        r = play_game(S, tab, rng, policies, search)
        if later and first >= 0 and r == prev:
            out[19] += 1
        _tally(S, tab, out, groups, vec)


@no_refcount
def arrange_pack(rng, rest, hand, seat, turned_choices, n_players, pack, others):
    """Fill ``pack`` (the deck's size): ``hand`` in ``seat``'s places, a turned card drawn from
    ``turned_choices`` at place ``n_players * len(hand)``, the rest of ``rest`` (the deck less the
    hand) shuffled into the other places. ``others``: scratch of ``len(rest) - 1``."""
    h = hand.shape[0]
    t = turned_choices[bounded(rng, turned_choices.shape[0])]
    k = 0
    for i in range(rest.shape[0]):
        if rest[i] != t:
            others[k] = rest[i]
            k += 1
    shuffle(rng, others)
    k = 0
    dealt = n_players * h
    for i in range(pack.shape[0]):
        if seat * h <= i < (seat + 1) * h:
            pack[i] = hand[i - seat * h]
        elif i == dealt:
            pack[i] = t
        else:
            pack[i] = others[k]
            k += 1


@kernel(nogil=True)
def odds_chunk(rng, n_games, rest, hand, seat, turned_choices, rules, n_players, policies, search, tab):
    """Games in which ``seat`` holds ``hand`` (see :func:`arrange_pack`).

    Returns ``[games, seat fool, draws, aborted, seat attacks first, seat attacks first and is
    the fool, Σ bouts, Σ bouts²]``.
    """
    out = np.zeros(8, np.int64)
    S = np.zeros(SIZE, np.int64)
    pack = np.empty(rest.shape[0] + hand.shape[0], np.int64)
    others = np.empty(rest.shape[0] - 1, np.int64)
    for _ in range(n_games):
        arrange_pack(rng, rest, hand, seat, turned_choices, n_players, pack, others)
        setup(S, tab, rules, n_players, pack, np.int64(-1), rng)
        r = play_game(S, tab, rng, policies, search)
        out[0] += 1
        if r == seat:
            out[1] += 1
        elif r == DRAW:
            out[2] += 1
        elif r == ABORTED:
            out[3] += 1
        if S[FIRST] == seat:
            out[4] += 1
            if r == seat:
                out[5] += 1
        out[6] += S[BOUT]
        out[7] += S[BOUT] * S[BOUT]
    return out


def strength_chunk(rng, n_deals, deck, rules, n_players, lineup, search, tab):
    """Each deal is played ``n_players`` times, the lineup rotated one seat each time (lineup slot
    j plays seat (j + r) mod n in rotation r), with the same first attacker.

    Returns ``n + n*n + 3`` numbers: per lineup slot its fools, then Σ over deals of
    ``f_i * f_j`` (f = a slot's fools in the deal's rotations; the paired standard errors come
    from it), then draws, aborted games, deals. One call of :func:`strength_piece`.
    """
    out = np.zeros(n_players + n_players * n_players + 3, np.int64)
    strength_piece(rng, deck.copy(), n_deals, rules, n_players, lineup, search, tab, out)
    return out


@kernel(nogil=True)
def strength_piece(rng, pack, n_deals, rules, n_players, lineup, search, tab, out):
    """:func:`strength_chunk`'s deals, ``pack`` and ``out`` carried from one piece to the next."""
    n = n_players
    S = np.zeros(SIZE, np.int64)
    pol = np.zeros(6, np.int64)
    fools = np.zeros(n, np.int64)
    for _ in range(n_deals):
        shuffle(rng, pack)
        setup(S, tab, rules, n_players, pack, np.int64(-1), rng)
        first = S[FIRST]
        fools[:] = 0
        for r in range(n):
            for j in range(n):
                pol[(j + r) % n] = lineup[j]
            setup(S, tab, rules, n_players, pack, first, rng)
            res = play_game(S, tab, rng, pol, search)
            if res >= 0:
                fools[(res - r) % n] += 1
            elif res == DRAW:
                out[n + n * n] += 1
            else:
                out[n + n * n + 1] += 1
        for i in range(n):
            out[i] += fools[i]
            for j in range(n):
                out[n + i * n + j] += fools[i] * fools[j]
        out[n + n * n + 2] += 1


@kernel(nogil=True)
def checked_chunk(rng, n_games, deck, rules, n_players, policies, search, tab):
    """Self-play with the invariants checked after every move.

    Returns ``[games, finished, illegal moves, conservation failures, limit failures, refill
    failures, draws, aborted, moves]``.
    """
    out = np.zeros(9, np.int64)
    S = np.zeros(SIZE, np.int64)
    pack = deck.copy()
    for _ in range(n_games):
        shuffle(rng, pack)
        setup(S, tab, rules, n_players, pack, np.int64(-1), rng)
        out[0] += 1
        if not conservation_ok(S):
            out[3] += 1
        while S[PHASE] != OVER:
            if S[MOVES] >= MAX_MOVES:
                S[RESULT] = ABORTED
                break
            a = choose(S, tab, rng, policies[S[TURN]], search)
            if a < 0 or ((legal_mask(S, tab) >> a) & 1) == 0:
                out[2] += 1
                break
            bout = S[BOUT]
            apply_action(S, tab, a)
            out[8] += 1
            if not conservation_ok(S):
                out[3] += 1
            if S[PHASE] != OVER:
                if S[NATT] > S[LIMIT] or (S[UNBEATEN] >= 0 and (S[HAND + S[TURN]] & bit(S[UNBEATEN])) != 0):
                    out[4] += 1
                if S[BOUT] != bout and S[SPOS] < S[SLEN]:
                    for s in range(n_players):
                        if popcount(S[HAND + s]) < rules[0]:
                            out[5] += 1
        if S[RESULT] >= 0 or S[RESULT] == DRAW:
            out[1] += 1
        if S[RESULT] == DRAW:
            out[6] += 1
        if S[RESULT] == ABORTED:
            out[7] += 1
    return out


__all__ = ["FAMILIES", "FAMILY_SIZES", "HEAD", "SIM_LEN", "after_loss_attacker", "arrange_pack", "checked_chunk", "odds_chunk", "play_game",
           "sim_chunk", "sim_piece", "strength_chunk", "strength_piece"]
