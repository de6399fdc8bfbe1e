"""What a play shows about the player's hand: the voids and the highest card a led "take" forced.

``forbid[seat]`` is a mask of cards the seat is known not to hold (public information: anyone
watching the table knows it). A seat that does not follow the led suit has none of it (nor a
trump, when bound to trump); a card played under a led Georgian "take" was the seat's highest
of that suit.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> rp = trick_rules("georgian-joker").params()
>>> forbid = np.zeros(4, np.uint64)
>>> cards, modes = np.array([12 + 16, 0, 0, 0]), np.zeros(4, np.int64)   # Ad led
>>> note_play(forbid, 1, 5 + 32, cards, modes, 1, -1, rp)                 # 9h: no diamond
>>> hex(int(forbid[1]))
'0x1fff0000'
"""

from __future__ import annotations

from numba import uint64

from analyzer.games.tricks.kernels.moves import (
    GIVE,
    JK1,
    JOKERS,
    NORMAL,
    TAKE,
    TOP_TRUMP,
    led_suit,
    suit_mask,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import no_refcount

__all__ = ["note_play"]

R_MODEL = P.MODEL
R_MUST_TRUMP = P.MUST_TRUMP


@no_refcount
def _note_top_trump(forbid, seat, b, t_card, trump):
    """Under the top-trump joker (a trump; led, it calls for trumps): an ordinary card off the led
    suit shows no card of it (no joker either when trumps or the joker were led), and off trumps
    too, no trump and no joker (the joker counts as a trump)."""
    c0 = t_card[0]
    if c0 >= JK1 and trump < 0:  # without trumps a led joker calls for the other joker
        forbid[seat] |= JOKERS
        return
    s = trump if c0 >= JK1 else c0 >> 4
    if (b >> 4) == s:
        return
    forbid[seat] |= NORMAL & suit_mask(s)
    if s == trump:
        forbid[seat] |= JOKERS
    if trump >= 0 and (b >> 4) != trump:
        forbid[seat] |= (NORMAL & suit_mask(trump)) | JOKERS


@no_refcount
def note_play(forbid, seat, a, t_card, t_mode, k, trump, rp):
    """What a play shows about the player's hand, added to ``forbid[seat]`` (cards it cannot hold)."""
    b = a & 63
    if k == 0 or b >= JK1:
        return
    if rp[R_MODEL] == TOP_TRUMP:
        _note_top_trump(forbid, seat, b, t_card, trump)
        return
    s = led_suit(t_card, t_mode, k, rp[R_MODEL])
    if s < 0:
        return
    if (b >> 4) != s:
        forbid[seat] |= suit_mask(s)
        if rp[R_MUST_TRUMP] and trump >= 0 and (b >> 4) != trump:
            forbid[seat] |= suit_mask(trump)
    elif rp[R_MODEL] == 0 and t_card[0] >= JK1 and TAKE <= t_mode[0] < GIVE:
        forbid[seat] |= suit_mask(s) & ~((uint64(2) << uint64(b)) - uint64(1))
