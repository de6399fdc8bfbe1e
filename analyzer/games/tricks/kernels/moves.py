"""numba kernels of the trick games: legal moves (with joker modes), trick winner, deal score.

A hand is a ``uint64`` mask (see :mod:`analyzer.games.tricks.deck`). A move is an int
``bit + 64 * mode``: mode 0 an ordinary card; a joker's mode is ``HIGH``/``LOW`` or, led in
Georgian Joker, ``TAKE + X`` / ``GIVE + X`` for the suit X; under the top-trump joker (short poker
for tricks, model 2) a joker is always ``HIGH``: the top trump, of two the later one wins. A trick in progress is two int64
arrays (card bits, modes) in playing order plus its length. The rules are the int64 array of
:meth:`analyzer.games.tricks.rules.TrickRules.params`.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> rp = trick_rules("georgian-joker").params()
>>> cards = np.array([12 + 32, 11 + 32, 62, 10 + 32]); modes = np.array([0, 0, LOW, 0])
>>> int(trick_winner(cards, modes, 4, 2, rp))   # Ah led, Kh, a low joker, Qh: the ace
0
"""

from __future__ import annotations

import numpy as np
from numba import uint64
from numba.cpython.unsafe.numbers import leading_zeros

from analyzer.games.tricks.rules import P
from analyzer.kernels.bits import low_bit
from analyzer.kernels.jit import no_refcount

R_EXACT_BASE = P.EXACT_BASE
R_EXACT_PER = P.EXACT_PER
R_FULL_PER = P.FULL_PER
R_JOKER_ANY = P.JOKER_ANY
R_MAKE = P.MAKE
R_MARCH = P.MARCH
R_FAIL = P.FAIL
R_HISHT = P.HISHT
R_HISHT_SET = P.HISHT_SET
R_HISHT_VALUE = P.HISHT_VALUE
R_MODEL = P.MODEL
R_MUST_TRUMP = P.MUST_TRUMP
R_OVER_D = P.OVER_D
R_OVER_K = P.OVER_K
R_TRUMP_BEATS_TAKE = P.TRUMP_BEATS_TAKE
R_UNDER_D = P.UNDER_D
R_UNDER_K = P.UNDER_K
R_ZERO = P.ZERO

__all__ = ["GIVE", "HIGH", "JK1", "JK2", "LOW", "TAKE", "TOP_TRUMP", "deal_score", "led_suit", "legal_moves",
           "legal_moves_inlined", "maker_points", "top_trump_mask", "trick_winner"]

JK1 = 61
JK2 = 62
PLAIN = 0
HIGH = 1
LOW = 2
TAKE = 3  # + suit
GIVE = 7  # + suit
TOP_TRUMP = 2  # the joker model of short poker for tricks
JOKER_SUIT = 4  # without trumps the top-trump joker is a suit of its own
SUIT_BITS = uint64(0x1FFF)
JOKERS = uint64((1 << 61) | (1 << 62))
NORMAL = uint64((1 << 61) - 1)


@no_refcount(inline="always")
def suit_mask(s):
    return SUIT_BITS << uint64(16 * s)


@no_refcount(inline="always")
def is_joker(bit):
    return bit >= JK1


@no_refcount(inline="always")
def top_bit(m):
    """Index of the highest set bit of a non-zero uint64 (``ctlz``: ``top_bit(0b1010)`` is 3)."""
    return np.int64(63) - np.int64(leading_zeros(uint64(m)))


@no_refcount
def popcount(m):
    c = 0
    x = m
    while x:
        x &= x - uint64(1)
        c += 1
    return c


@no_refcount
def led_suit(t_card, t_mode, k, model):
    """The suit to follow in a trick of ``k`` cards, -1 when none is set yet."""
    if k == 0:
        return -1
    if model == 0:
        c = t_card[0]
        if is_joker(c):
            m = t_mode[0]
            return m - TAKE if m < GIVE else m - GIVE
        return c >> 4
    for i in range(k):
        if not is_joker(t_card[i]):
            return t_card[i] >> 4
    return -1


@no_refcount
def top_trump_mask(hand, t_card, k, trump, joker_any):
    """The cards ``hand`` may play under the top-trump joker: follow the led suit (the joker is a
    trump, a led joker calls for trumps; without trumps it is a suit of its own), else trump,
    else any card; ``joker_any``: the joker may be played at any time."""
    if k == 0:
        return hand
    s = t_card[0] >> 4
    if is_joker(t_card[0]):
        s = trump if trump >= 0 else JOKER_SUIT
    allowed = hand & JOKERS if s == JOKER_SUIT else hand & NORMAL & suit_mask(s)
    if trump >= 0 and s == trump:
        allowed |= hand & JOKERS
    if allowed == 0 and trump >= 0:
        allowed = hand & ((NORMAL & suit_mask(trump)) | JOKERS)
    if allowed == 0:
        allowed = hand
    if joker_any:
        allowed |= hand & JOKERS
    return allowed


@no_refcount(python=True)
def legal_moves(hand, t_card, t_mode, k, trump, rp, out):
    """Write the legal moves of a player holding ``hand`` into ``out``; return how many.

    A joker may always be played (in both games); ordinary cards follow the duties of the
    rules: the led suit (the highest one under a led "take"), else a trump when ``must_trump``.
    """
    return legal_moves_inlined(hand, t_card, t_mode, k, trump, rp, out)


@no_refcount(inline="always")
def legal_moves_inlined(hand, t_card, t_mode, k, trump, rp, out):
    """:func:`legal_moves`, copied into the kernel that calls it: the trick search calls it at every
    node (copied there with :func:`~analyzer.games.tricks.search.bounds.order_moves`, the paranoid
    solver takes 14 % less time over 2,000 deals, the same nodes: ``benchmarks/solver_ab.py``)."""
    model = rp[R_MODEL]
    if model == TOP_TRUMP:
        x = top_trump_mask(hand, t_card, k, trump, rp[R_JOKER_ANY])
        n = 0
        while x:
            b = low_bit(x)
            x &= x - uint64(1)
            out[n] = b + 64 * HIGH if b >= JK1 else b
            n += 1
        return n
    normal = hand & NORMAL
    allowed = normal
    if k > 0:
        s = led_suit(t_card, t_mode, k, model)
        if s >= 0:
            follow = normal & suit_mask(s)
            if follow:
                if model == 0 and is_joker(t_card[0]) and t_mode[0] < GIVE:
                    allowed = uint64(1) << uint64(top_bit(follow))
                else:
                    allowed = follow
            elif rp[R_MUST_TRUMP] and trump >= 0 and normal & suit_mask(trump):
                allowed = normal & suit_mask(trump)
    n = 0
    x = allowed
    while x:
        b = low_bit(x)
        x &= x - uint64(1)
        out[n] = b
        n += 1
    other_joker = False
    forced = LOW
    if model == 1:
        for i in range(k):
            if is_joker(t_card[i]):
                other_joker = True
                forced = HIGH if t_mode[i] == LOW else LOW
    for jb in (JK1, JK2):
        if hand & (uint64(1) << uint64(jb)):
            if model == 0 and k == 0:
                for m in range(TAKE, GIVE + 4):
                    out[n] = jb + 64 * m
                    n += 1
            elif other_joker:
                out[n] = jb + 64 * forced
                n += 1
            else:
                out[n] = jb + 64 * HIGH
                out[n + 1] = jb + 64 * LOW
                n += 2
    return n


@no_refcount
def trick_winner(t_card, t_mode, k, trump, rp):
    """The position (0 = the leader) winning the first ``k`` cards of a trick."""
    model = rp[R_MODEL]
    last_high = -1
    for i in range(k):
        if is_joker(t_card[i]) and (t_mode[i] == HIGH or model == TOP_TRUMP):
            last_high = i
    if last_high >= 0:
        return last_high
    best_trump = -1
    best_trump_pos = -1
    if trump >= 0:
        for i in range(k):
            c = t_card[i]
            if not is_joker(c) and (c >> 4) == trump and c > best_trump:
                best_trump = c
                best_trump_pos = i
    if model == 0 and is_joker(t_card[0]):
        m = t_mode[0]
        if m < GIVE:  # take X: wins unless (variant) a trump beats a plain-suit take
            if rp[R_TRUMP_BEATS_TAKE] and best_trump_pos >= 0 and (m - TAKE) != trump:
                return best_trump_pos
            return 0
        if best_trump_pos >= 0:
            return best_trump_pos
        x = m - GIVE
        best = -1
        pos = 0
        for i in range(1, k):
            c = t_card[i]
            if not is_joker(c) and (c >> 4) == x and c > best:
                best = c
                pos = i
        return pos
    if best_trump_pos >= 0:
        return best_trump_pos
    s = led_suit(t_card, t_mode, k, model)
    if s < 0:
        return 0
    best = -1
    pos = 0
    for i in range(k):
        c = t_card[i]
        if not is_joker(c) and (c >> 4) == s and c > best:
            best = c
            pos = i
    return pos


@no_refcount
def deal_score(bid, took, cards, set_index, rp):
    """A player's score for a deal (``cards``: cards dealt each; ``set_index`` 0..3)."""
    if bid == took:
        if bid == 0:
            return rp[R_ZERO]
        if bid == cards and rp[R_FULL_PER] != 0:
            return rp[R_FULL_PER] * cards
        return rp[R_EXACT_BASE] + rp[R_EXACT_PER] * bid
    if bid > 0 and took == 0 and rp[R_HISHT] != 0:
        h = rp[R_HISHT]
        if h == 1:
            return rp[R_HISHT_VALUE]
        if h == 2:
            return rp[R_HISHT_SET + min(max(set_index, 0), 3)]
        return -100 * cards
    d = took - bid if took > bid else bid - took
    if took > bid:
        return rp[R_OVER_K] * took + rp[R_OVER_D] * d
    return rp[R_UNDER_K] * took + rp[R_UNDER_D] * d


@no_refcount
def maker_points(tricks, rp):
    """What the maker's side writes for ``tricks`` of 5 (maker scoring): march, made or failed."""
    if tricks == 5:
        return rp[R_MARCH]
    if tricks >= 3:
        return rp[R_MAKE]
    return rp[R_FAIL]
