"""Drawing and discarding policies of the table simulations, as numba kernels over card counts.

A hand is a counts vector by card code (length 55, jokers 52..54). The *free* cards of a hand are
those outside the melds of its best opening; a card's *partners* are the free cards it could
share a meld with (same rank in another suit, or same suit within two run places; a joker
partners everything). The card that costs least is a free natural card with the fewest partners
(ties: the fewer points, then the lower code); only when every natural card is melded does a
meld break, at the card whose loss costs the fewest opening points.

Policies: ``stock-only`` always draws from the stock; ``greedy`` takes the top of the discard
pile when the hand would keep it (it raises the opening value or joins a partial meld, so that
another card costs less to throw).

>>> from analyzer.games.rummy.solver import hand_code_counts, parse_rummy_hand
>>> counts = hand_code_counts(parse_rummy_hand("9c Tc Jc 4d 4h Ks"))
>>> card, value = choose_discard(counts, 3, np.zeros(55, np.int64), melds_buffer())
>>> int(card), int(value)  # Ks: no partner (4d and 4h partner each other)
(47, 29)
"""

from __future__ import annotations

import numpy as np

from analyzer.games.rummy.kernels import (
    JOKER_FLAG,
    MAX_MELDS,
    MELD_WIDTH,
    opening_value,
    opening_value_melds,
)
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["GREEDY", "POLICIES", "STOCK_ONLY", "card_points", "choose_discard", "free_cards", "partners"]

STOCK_ONLY = 0
GREEDY = 1
POLICIES = {"stock-only": STOCK_ONLY, "greedy": GREEDY}


@no_refcount
def card_points(code, joker_points):
    """Points of a card left in hand: ace 11, pictures 10, others face value, joker ``joker_points``."""
    if code >= 52:
        return joker_points
    r = code >> 2
    if r == 12:
        return 11
    if r >= 8:
        return 10
    return r + 2


@kernel
def free_cards(counts, cap, free, melds):
    """The opening value; ``free`` gets the counts of the cards outside its melds (rows in ``melds``)."""
    value, n = opening_value_melds(counts, cap, melds)
    copy_into(free, counts)
    for m in range(n):
        for e in range(melds[m, 1]):
            entry = melds[m, 2 + e]
            if entry & JOKER_FLAG:
                for jc in range(52, 55):
                    if free[jc] > 0:
                        free[jc] -= 1
                        break
            else:
                place = (entry >> 2) & 15
                suit = entry & 3
                code = 48 + suit if place == 0 or place == 13 else (place - 1) * 4 + suit
                free[code] -= 1
    return value, n


@no_refcount
def _pairs(a, b):
    """Whether natural cards ``a`` and ``b`` (codes) could share a meld."""
    if a == b:
        return False
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        return True
    if (a & 3) != (b & 3):
        return False
    d = abs(ra - rb)
    if d <= 2:
        return True
    # the ace also sits below the deuce
    lo = min(ra, rb)
    hi = max(ra, rb)
    return hi == 12 and lo <= 1


@no_refcount
def partners(free, code):
    """How many free cards could share a meld with ``code`` (jokers partner everything)."""
    n = free[52] + free[53] + free[54]
    if code >= 52:
        return 100
    for c in range(52):
        if free[c] > 0 and _pairs(code, c):
            n += free[c]
    return n


@kernel(python=True)  # called from Python as well: one compile serves both
def choose_discard(counts, cap, free, melds):
    """The card that costs least, and the opening value of ``counts`` (before the discard)."""
    value, _ = free_cards(counts, cap, free, melds)
    best = np.int64(-1)  # int64 values, not constants, for card_points: it compiles once
    no_joker = np.int64(0)
    best_key = 1 << 40
    for c in range(52):
        if free[c] > 0:
            key = partners(free, c) * 1000 + card_points(c, no_joker) * 64 + c
            if key < best_key:
                best_key = key
                best = c
    if best >= 0:
        return best, value
    # every natural card is melded: break the meld that loses least
    best_value = -1
    for c in range(52):
        if counts[c] > 0:
            counts[c] -= 1
            v = opening_value(counts, cap)
            counts[c] += 1
            if v > best_value or (v == best_value and card_points(c, no_joker) < card_points(best, no_joker)):
                best_value = v
                best = c
    if best < 0:  # only jokers in hand
        for jc in range(52, 55):
            if counts[jc] > 0:
                return jc, value
    return best, value


def melds_buffer() -> np.ndarray:
    """Scratch rows for :func:`free_cards`."""
    return np.zeros((MAX_MELDS, MELD_WIDTH), np.int64)
