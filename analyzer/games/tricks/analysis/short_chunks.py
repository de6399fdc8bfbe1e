"""numba chunk kernels of short poker for tricks: random deals, one hand's play/pass odds, whole games.

Each kernel plays ``n`` trials from one xoshiro256** stream and returns a float64 totals vector
(the layouts are the ``*_SIZE`` helpers below), which the engine adds up over chunks.

>>> from analyzer.kernels.rng import chunk_state
>>> from analyzer.games.tricks.rules import short_rules
>>> import numpy as np
>>> r = short_rules(); pack = np.array(sorted(trick_bits(r)), np.int64)
>>> t = deals_chunk(chunk_state(1, 0), 100, pack, r.params(), np.ones(4, np.int64), 0, np.zeros(5, np.int64))
>>> int(t[0]), int(t[2:2 + 24].sum() + t[1])   # deals, and every deal counted once
(100, 100)
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.dealing import pack_mask
from analyzer.games.tricks.kernels.moves import popcount, suit_mask
from analyzer.games.tricks.kernels.short import (
    JOKERS,
    NORMAL,
    dd_table,
    dd_tricks,
    deal_hands,
    deal_points,
    declare,
    new_position,
    play_deal,
    same_side,
    says_play,
    turned_trump,
)
from analyzer.games.tricks.policies.pimc_move import CFG_SIZE
from analyzer.games.tricks.policies.seats import search_for
from analyzer.games.tricks.rules import P, TrickRules
from analyzer.kernels.jit import kernel
from analyzer.kernels.rng import deal

__all__ = ["deals_chunk", "deals_size", "features_chunk", "games_chunk", "hand_chunk", "trick_bits"]

R_PLAYERS = P.PLAYERS
R_PARTNERS = P.PARTNERS
R_NO_TRUMP = P.TRUMP
R_DEALER_PLAYS = P.DEALER_PLAYS
HAND_SIZE = 17
GAME_SIZE = 13


def trick_bits(rules: TrickRules) -> list[int]:
    """The deck's cards as hand-mask bits (7..A of four suits, then the jokers)."""
    bits = [s * 16 + r for s in range(4) for r in range(5, 13)]
    return bits + [61 + j for j in range(rules.joker_count)]


def deals_size(players: int) -> int:
    """Totals of :func:`deals_chunk`: deals, thrown in, maker seat x tricks (6), DD x actual (36)."""
    return 2 + players * 6 + 36


@kernel(nogil=True)
def deals_chunk(state, n, pack, rp, policies, with_dd, cfg):
    """``n`` random deals: who makes, the tricks his side takes, and (``with_dd``) the DD value."""
    players = rp[R_PLAYERS]
    out = np.zeros(2 + players * 6 + 36)
    hands = np.zeros(players, np.uint64)
    says = np.zeros(players, np.int64)
    g = new_position(players, np.int64(0))
    mv = np.zeros(8, np.int64)
    tt = dd_table(12 if with_dd else 0)
    search = search_for(policies, cfg, state)
    dmask = pack_mask(pack)
    for _ in range(n):
        turned = deal_hands(state, pack, players, hands)
        trump = turned_trump(turned, rp[R_NO_TRUMP])
        out[0] += 1
        maker = declare(hands, trump, rp, policies, state, says)
        if maker < 0:
            out[1] += 1
            continue
        dd = dd_tricks(hands, trump, maker, rp, tt) if with_dd else 0
        took = play_deal(g, hands, trump, maker, rp, policies, state, mv, search, turned, dmask)
        out[2 + maker * 6 + took] += 1
        if with_dd:
            out[2 + players * 6 + dd * 6 + took] += 1
    return out


@kernel
def _play_and_pass(g, mv, hands, seat, says, trump, rp, policies, state, search, turned, dmask):
    """The same deal with ``seat`` saying "play" and saying "pass" (``says``: the later seats').

    Returns the tricks of its side when it plays, the points its side nets either way, and who
    made the deal after a pass: 0 its side, 1 the other side, 2 nobody (thrown in).
    """
    players = rp[R_PLAYERS]
    partners = rp[R_PARTNERS]
    took = play_deal(g, hands, trump, seat, rp, policies, state, mv, search, turned, dmask)
    p_play = deal_points(took, rp)
    maker = -1
    for s in range(seat + 1, players):
        if says[s]:
            maker = s
            break
    if maker < 0 and rp[R_DEALER_PLAYS]:
        maker = players - 1
    if maker < 0:
        return took, p_play, 0, 2
    pts = deal_points(play_deal(g, hands, trump, maker, rp, policies, state, mv, search, turned, dmask), rp)
    if same_side(seat, maker, maker, partners):
        return took, p_play, pts, 0
    return took, p_play, -pts, 1


@kernel(nogil=True)
def hand_chunk(state, n, hand, seat, cand, pack, rp, policies, cfg):
    """``n`` deals around a fixed ``hand`` at ``seat``: play it, and pass it, on the same cards.

    The turned card is uniform among ``cand`` (a mask of the cards that give the chosen trump);
    the other hands are dealt from ``pack`` (the rest), and deals where a seat before ``seat``
    would say "play" are rejected (the hand only gets to choose when they passed). Totals:
    tries, kept, tricks 0..5 when playing, sum and sum of squares of the points for playing,
    for passing and of their difference, then how often after a pass the hand's own side,
    the opponents or nobody made the deal.
    """
    players = rp[R_PLAYERS]
    out = np.zeros(HAND_SIZE)
    hands = np.zeros(players, np.uint64)
    g = new_position(players, np.int64(0))
    mv = np.zeros(8, np.int64)
    says = np.zeros(players, np.int64)
    m = pack.shape[0]
    search = search_for(policies, cfg, state)
    dmask = pack_mask(pack) | hand
    kept = 0
    while kept < n and out[0] < 1000 * n + 1000:
        out[0] += 1
        deal(state, pack, m)
        turned = -1
        if cand != 0:
            for i in range(m):
                if cand & (uint64(1) << uint64(pack[i])):
                    turned = pack[i]
                    break
        j = 0
        for s in range(players):
            if s == seat:
                hands[s] = hand
                continue
            h = uint64(0)
            got = 0
            while got < 5:
                if pack[j] != turned:
                    h |= uint64(1) << uint64(pack[j])
                    got += 1
                j += 1
            hands[s] = h
        trump = turned_trump(turned, rp[R_NO_TRUMP]) if turned >= 0 else -1
        early = False
        for s in range(seat):
            if says_play(policies[s], hands[s], trump, rp, state):
                early = True
                break
        if early:
            continue
        kept += 1
        out[1] += 1
        for s in range(seat + 1, players):
            says[s] = 1 if says_play(policies[s], hands[s], trump, rp, state) else 0
        took, p_play, p_pass, who = _play_and_pass(g, mv, hands, seat, says, trump, rp, policies, state, search,
                                                   turned, dmask)
        out[2 + took] += 1
        out[14 + who] += 1
        d = p_play - p_pass
        out[8] += p_play
        out[9] += p_play * p_play
        out[10] += p_pass
        out[11] += p_pass * p_pass
        out[12] += d
        out[13] += d * d
    return out


@kernel(nogil=True)
def games_chunk(state, n, pack, rp, policies, target, premium, cfg):
    """``n`` whole games to ``target`` (two sides; seat 0 of the first deal is on side 0).

    The deal passes clockwise, so the player at first-deal seat ``q`` sits at seat
    ``(q - d) % players`` of deal ``d``. Totals: games, side 0 wins, then P(side w wins and is
    paid premium[j]) for each side and entry (2 x 5 slots), deals played.
    """
    players = rp[R_PLAYERS]
    out = np.zeros(GAME_SIZE)
    hands = np.zeros(players, np.uint64)
    says = np.zeros(players, np.int64)
    pol = np.zeros(players, np.int64)
    g = new_position(players, np.int64(0))
    mv = np.zeros(8, np.int64)
    search = search_for(policies, cfg, state)
    dmask = pack_mask(pack)
    for _ in range(n):
        score = np.zeros(2, np.int64)
        d = 0
        while True:
            for s in range(players):
                pol[s] = policies[(s + d) % players]
            turned = deal_hands(state, pack, players, hands)
            trump = turned_trump(turned, rp[R_NO_TRUMP])
            maker = declare(hands, trump, rp, pol, state, says)
            if maker >= 0:
                took = play_deal(g, hands, trump, maker, rp, pol, state, mv, search, turned, dmask)
                side = ((maker + d) % players) % 2
                score[side] += deal_points(took, rp)
            d += 1
            if maker >= 0 and score[side] >= target:
                out[0] += 1
                if side == 0:
                    out[1] += 1
                lose = min(max(score[1 - side], 0), target - 1)
                out[2 + side * 5 + min(premium[lose], 5) - 1] += 1
                break
        out[GAME_SIZE - 1] += d
    return out



FEATURE_CELLS = 4 * 7 * 3  # seat x trumps counting jokers (0..6) x off-suit aces (0, 1, 2+)


@kernel(nogil=True)
def features_chunk(state, n, pack, rp, policies):
    """``n`` random deals with a trump; every seat whose turn comes (the seats before it passed)
    is played both ways. Totals per cell ``(seat, trumps with jokers, off-suit aces)``: deals,
    sum and sum of squares of play minus pass, sum of the points for playing, deals made (3+).
    """
    players = rp[R_PLAYERS]
    out = np.zeros(FEATURE_CELLS * 5 + 1)
    hands = np.zeros(players, np.uint64)
    g = new_position(players, np.int64(0))
    mv = np.zeros(8, np.int64)
    says = np.zeros(players, np.int64)
    search = search_for(policies, np.zeros(CFG_SIZE, np.int64), state)
    dmask = pack_mask(pack)
    for _ in range(n):
        turned = deal_hands(state, pack, players, hands)
        trump = turned_trump(turned, rp[R_NO_TRUMP])
        out[FEATURE_CELLS * 5] += 1
        if trump < 0:
            continue
        for s in range(players):
            says[s] = 1 if says_play(policies[s], hands[s], trump, rp, state) else 0
        for seat in range(min(players, 4)):
            if seat > 0 and says[seat - 1]:
                break  # an earlier seat made the deal: the later ones never choose
            h = hands[seat]
            trumps = popcount(h & JOKERS) + popcount(h & suit_mask(trump) & NORMAL)
            aces = 0
            for su in range(4):
                if su != trump and h & (uint64(1) << uint64(su * 16 + 12)):
                    aces += 1
            cell = (seat * 7 + trumps) * 3 + min(aces, 2)
            took, p_play, p_pass, _who = _play_and_pass(g, mv, hands, seat, says, trump, rp, policies, state, search,
                                                        turned, dmask)
            d = p_play - p_pass
            out[cell * 5] += 1
            out[cell * 5 + 1] += d
            out[cell * 5 + 2] += d * d
            out[cell * 5 + 3] += p_play
            out[cell * 5 + 4] += 1 if took >= 3 else 0
    return out
