"""numba kernels of short poker for tricks: legal cards, trick winner, declaration, policies, one deal.

Cards are the trick engine's hand-mask bits (:mod:`analyzer.games.tricks.deck`: ``suit * 16 + rank``,
7..A = ranks 5..12, jokers 61 and 62). ``trump`` is a suit 0..3 or -1 (none; then the joker is a
suit of its own, code 4, that beats every card). A trick in progress is an int64 array of card bits
in playing order and its length ``k``. The rules are :meth:`ShortRules.params` (indices ``SP.*``).

>>> import numpy as np
>>> trick = np.array([12 + 32, 5 + 48, 61, 11 + 48])   # Ah led, 7s, the joker, Ks (trump spades)
>>> int(short_winner(trick, 4, 3))
2

Policies (codes): ``random`` says "play" with probability 1/2 and plays a uniformly random legal
card; ``heuristic`` says "play" when its hand strength (:func:`hand_strength`) reaches
:data:`PLAY_AT` (partners) or :data:`PLAY_ALONE_AT` (alone) and plays: lead — the highest trump when
on the maker's side with two or more trumps, else an off-suit ace, else the weakest card; follow —
the weakest card when its side already holds the trick, else the weakest card that takes it, else
the weakest card.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from analyzer.games.tricks.kernels.moves import (
    JK1,
    JK2,
    JOKERS,
    NORMAL,
    low_bit,
    popcount,
    suit_mask,
)
from analyzer.games.tricks.short_rules import SP
from analyzer.kernels.rng import bounded, deal, uniform

__all__ = [
    "HEURISTIC",
    "PLAY_ALONE_AT",
    "PLAY_AT",
    "RANDOM",
    "SHORT_POLICIES",
    "bit_of",
    "dd_tricks",
    "deal_points",
    "hand_strength",
    "maker_of",
    "play_deal",
    "short_legal",
    "short_winner",
    "trump_code",
    "turned_trump",
]

SHORT_POLICIES = ("random", "heuristic")
RANDOM = 0
HEURISTIC = 1
PLAY_AT = 1.6
PLAY_ALONE_AT = 2.6
JOKER_SUIT = 4
R_PLAYERS = SP.PLAYERS
R_PARTNERS = SP.PARTNERS
R_JOKER_ANY = SP.JOKER_ANY
R_DEALER_PLAYS = SP.DEALER_PLAYS
R_MAKE = SP.MAKE
R_MARCH = SP.MARCH
R_FAIL = SP.FAIL
R_NO_TRUMP = SP.NO_TRUMP


def bit_of(text: str, deck) -> int:  # type: ignore[no-untyped-def]
    """The hand-mask bit of one card's text in ``deck`` (a :class:`TrickDeck`)."""
    from analyzer.games.tricks.deck import mask_bits, parse_mask

    return mask_bits(parse_mask(text, deck))[0]


def trump_code(trump: str | None) -> int:
    """0..3 for ``c d h s``, -1 for no trump."""
    return -1 if trump is None else "cdhs".index(trump)


@njit(cache=True)
def turned_trump(turned, no_trump_rule):
    """The trump suit set by the turned card (a joker, or the no-trump rule: -1)."""
    if no_trump_rule or turned >= JK1:
        return -1
    return turned >> 4


@njit(cache=True, inline="always")
def card_suit(c, trump):
    """The suit a card follows: a joker is a trump, or the joker suit (4) without trumps."""
    if c >= JK1:
        return trump if trump >= 0 else JOKER_SUIT
    return c >> 4


@njit(cache=True, inline="always")
def suit_cards(hand, s, trump):
    """The cards of ``hand`` belonging to suit ``s`` (jokers with the trump suit)."""
    if s == JOKER_SUIT:
        return hand & JOKERS
    m = hand & NORMAL & suit_mask(s)
    if s == trump:
        m |= hand & JOKERS
    return m


@njit(cache=True)
def legal_mask(hand, t_card, k, trump, joker_any):
    """The cards of ``hand`` that may be played to the trick (a mask)."""
    if k == 0:
        return hand
    allowed = suit_cards(hand, card_suit(t_card[0], trump), trump)
    if allowed == 0 and trump >= 0:
        allowed = suit_cards(hand, trump, trump)
    if allowed == 0:
        allowed = hand
    if joker_any:
        allowed |= hand & JOKERS
    return allowed


@njit(cache=True)
def short_legal(hand, t_card, k, trump, joker_any, out):
    """Write the legal cards (bits, ascending) into ``out``; return how many."""
    x = legal_mask(hand, t_card, k, trump, joker_any)
    n = 0
    while x:
        out[n] = low_bit(x)
        x &= x - uint64(1)
        n += 1
    return n


@njit(cache=True)
def short_winner(t_card, k, trump):
    """Position (0 = the leader) of the card taking the first ``k`` cards of a trick."""
    for i in range(k - 1, -1, -1):
        if t_card[i] >= JK1:
            return i  # the last joker played
    best = -1
    pos = 0
    for i in range(k):
        c = t_card[i]
        if trump >= 0 and (c >> 4) == trump and c > best:
            best = c
            pos = i
    if best >= 0:
        return pos
    led = t_card[0] >> 4
    for i in range(k):
        c = t_card[i]
        if (c >> 4) == led and c > best:
            best = c
            pos = i
    return pos


@njit(cache=True)
def power(c, trump):
    """A card's strength for the heuristic: plain rank < trump < joker."""
    if c >= JK1:
        return 100
    if trump >= 0 and (c >> 4) == trump:
        return 50 + (c & 15)
    return c & 15


@njit(cache=True)
def hand_strength(hand, trump):
    """Expected tricks, roughly: joker 1; trump A .9, K .7, Q .5, other trumps .35; off-suit A .6,
    K .2. Without trumps: joker 1, ace .8, king .4."""
    s = 0.0
    x = hand
    while x:
        c = low_bit(x)
        x &= x - uint64(1)
        if c >= JK1:
            s += 1.0
            continue
        r = c & 15
        if trump < 0:
            s += 0.8 if r == 12 else (0.4 if r == 11 else 0.0)
        elif (c >> 4) == trump:
            s += 0.9 if r == 12 else (0.7 if r == 11 else (0.5 if r == 10 else 0.35))
        else:
            s += 0.6 if r == 12 else (0.2 if r == 11 else 0.0)
    return s


@njit(cache=True)
def says_play(policy, hand, trump, rp, state):
    """One player's declaration: True for "play"."""
    if policy == RANDOM:
        return uniform(state) < 0.5
    at = PLAY_AT if rp[R_PARTNERS] else PLAY_ALONE_AT
    return hand_strength(hand, trump) >= at


@njit(cache=True)
def maker_of(says, players, dealer_plays):
    """The first seat saying "play" (seat 0 is left of the dealer); all pass: -1, or the dealer."""
    for s in range(players):
        if says[s]:
            return s
    return players - 1 if dealer_plays else -1


@njit(cache=True)
def deal_points(tricks, rp):
    """Points the maker's side writes for ``tricks`` of 5."""
    if tricks == 5:
        return rp[R_MARCH]
    if tricks >= 3:
        return rp[R_MAKE]
    return rp[R_FAIL]


@njit(cache=True, inline="always")
def same_side(a, b, maker, partners):
    if partners:
        return (a & 1) == (b & 1)
    return (a == maker) == (b == maker)


@njit(cache=True)
def choose_card(policy, seat, hand, t_card, k, leader, maker, trump, rp, state):
    """The card ``policy`` plays from ``hand`` to the trick."""
    allowed = legal_mask(hand, t_card, k, trump, rp[R_JOKER_ANY])
    if policy == RANDOM:
        pick = bounded(state, popcount(allowed))
        x = allowed
        for _ in range(pick):
            x &= x - uint64(1)
        return low_bit(x)
    partners = rp[R_PARTNERS]
    players = rp[R_PLAYERS]
    weakest = -1
    wp = 1000
    x = allowed
    while x:
        c = low_bit(x)
        x &= x - uint64(1)
        if power(c, trump) < wp:
            wp = power(c, trump)
            weakest = c
    if k == 0:
        if same_side(seat, maker, maker, partners) and trump >= 0:
            trumps = suit_cards(hand, trump, trump)
            if popcount(trumps) >= 2:
                best = -1
                bp = -1
                x = trumps
                while x:
                    c = low_bit(x)
                    x &= x - uint64(1)
                    if power(c, trump) > bp:
                        bp = power(c, trump)
                        best = c
                return best
        x = hand & NORMAL
        while x:
            c = low_bit(x)
            x &= x - uint64(1)
            if (c & 15) == 12 and (c >> 4) != trump:
                return c
        return weakest
    w = short_winner(t_card, k, trump)
    if same_side((leader + w) % players, seat, maker, partners):
        return weakest
    best = -1
    bp = 1000
    x = allowed
    while x:
        c = low_bit(x)
        x &= x - uint64(1)
        t_card[k] = c
        if short_winner(t_card, k + 1, trump) == k and power(c, trump) < bp:
            bp = power(c, trump)
            best = c
    return best if best >= 0 else weakest


@njit(cache=True)
def play_deal(hands, trump, maker, rp, policies, state, trace):
    """Play the five tricks (seat 0 leads); return the tricks of the maker's side.

    ``hands`` is consumed; ``trace`` (length 0, or ``players * 5``) receives the cards in play order.
    """
    players = rp[R_PLAYERS]
    partners = rp[R_PARTNERS]
    t_card = np.zeros(players + 1, np.int64)
    leader = 0
    took = 0
    m = 0
    for _ in range(5):
        for i in range(players):
            seat = (leader + i) % players
            c = choose_card(policies[seat], seat, hands[seat], t_card, i, leader, maker, trump, rp, state)
            hands[seat] &= ~(uint64(1) << uint64(c))
            t_card[i] = c
            if trace.shape[0] > 0:
                trace[m] = c
            m += 1
        leader = (leader + short_winner(t_card, players, trump)) % players
        if same_side(leader, maker, maker, partners):
            took += 1
    return took


# not cached: numba's on-disk cache of a self-recursive function crashes when loaded again (the
# recursion's own address is not relinked), so the search and every kernel calling it compile per process
@njit
def _ab(hands, t_card, k, leader, alpha, beta, side, players, trump, joker_any):
    """Tricks the maker's side takes from here on (``side[s]`` = 1 for its seats), alpha-beta."""
    if k == 0 and hands[leader] == 0:
        return 0
    seat = (leader + k) % players
    allowed = legal_mask(hands[seat], t_card, k, trump, joker_any)
    if (allowed & JOKERS) == JOKERS:
        allowed &= ~(uint64(1) << uint64(JK2))  # two jokers in one hand are the same card
    others = uint64(0)
    for s in range(players):
        if s != seat:
            others |= hands[s]
    for i in range(k):
        others |= uint64(1) << uint64(t_card[i])
    maxing = side[seat] == 1
    best = -1 if maxing else 99
    prev = -1
    x = allowed
    while x:
        c = low_bit(x)
        x &= x - uint64(1)
        if prev >= 0 and c < JK1 and (prev >> 4) == (c >> 4):
            between = ((uint64(1) << uint64(c)) - uint64(1)) & ~((uint64(2) << uint64(prev)) - uint64(1))
            if (others & between) == 0:
                prev = c
                continue  # equivalent to the card just tried
        prev = c
        hands[seat] &= ~(uint64(1) << uint64(c))
        t_card[k] = c
        if k + 1 == players:
            win = (leader + short_winner(t_card, players, trump)) % players
            got = side[win]
            nxt = np.zeros(players + 1, np.int64)  # the next trick must not overwrite this one
            v = got + _ab(hands, nxt, 0, win, alpha - got, beta - got, side, players, trump, joker_any)
        else:
            v = _ab(hands, t_card, k + 1, leader, alpha, beta, side, players, trump, joker_any)
        hands[seat] |= uint64(1) << uint64(c)
        if maxing:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


@njit
def dd_tricks(hands, trump, maker, rp):
    """Double-dummy value: the tricks the maker's side takes with every hand known, seat 0 leading."""
    players = rp[R_PLAYERS]
    side = np.zeros(players, np.int64)
    for s in range(players):
        side[s] = 1 if same_side(s, maker, maker, rp[R_PARTNERS]) else 0
    t_card = np.zeros(players + 1, np.int64)
    h = hands.copy()
    return _ab(h, t_card, 0, 0, -1, 6, side, players, trump, rp[R_JOKER_ANY])


@njit(cache=True)
def deal_hands(state, pack, players, hands):
    """Shuffle and deal five cards each from seat 0; return the turned card (-1 if none is left)."""
    deal(state, pack, pack.shape[0])
    for s in range(players):
        m = uint64(0)
        for j in range(5):
            m |= uint64(1) << uint64(pack[5 * s + j])
        hands[s] = m
    return pack[5 * players] if pack.shape[0] > 5 * players else -1
