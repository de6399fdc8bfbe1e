"""The integer state of a durak game and the per-trump tables the kernels read.

A game is one ``int64`` array ``S`` of :data:`SIZE` slots; hands, the table and the discard
are card bitmasks (bit ``c`` = card code ``c``: ``rank * 4 + suit``, 52 the red joker ``Jk1``,
53 the black joker ``Jk2``). Moves are card codes, :data:`TAKE` or :data:`PASS`.

The trump context ``ctx`` is the trump suit 0..3 (c d h s) or 4 / 5 when the red / black joker
is turned (then both suits of that colour are trumps). ``context_tables`` gives, per context, the
mask of cards beating each card, the cards in the order a cautious player spends them, their
values, the trump mask and the high and low jokers.

>>> t = context_tables()
>>> bool(t[2, BEAT + 51] >> 52 & 1), bool(t[2, BEAT + 51] >> 53 & 1)   # As under hearts: Jk1, Jk2
(True, True)
>>> bool(t[2, BEAT + 50] >> 53 & 1)                                      # Ah is a trump: not Jk2
False
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

# --- state slots --------------------------------------------------------------------------
HAND = 0        # 6 hand masks
KNOWN = 6       # 6 masks: the cards of each hand every player has seen go there
NPL = 12        # players
CTX = 13        # trump context
SPOS = 14       # next stock index to draw
SLEN = 15       # stock length (the turned card is STOCK[SLEN - 1])
ATT = 16        # the bout's attacker (leads, throws first, draws first)
DEF = 17        # the bout's defender
PHASE = 18
TURN = 19       # seat to move, -1 when over
NATT = 20       # attack cards played this bout
LIMIT = 21      # most attack cards this bout
RANKS = 22      # mask of the cards whose rank lies on the table
SEQ = 23        # position of the seat to move in the throw-in order (attacker = 0)
BOUT = 24       # bouts completed
RESULT = 25     # RUNNING, the fool's seat, DRAW or ABORTED
MOVES = 26
DISC = 27       # discard mask
TABLE = 28      # mask of the cards on the table
UNBEATEN = 29   # the attack card waiting for a defence, -1 if none
TURNED = 30     # the turned (trump) card
FIRST = 31      # the game's first attacker
HSIZE = 32      # rules copied in: hand size, caps, flags
MAXATT = 33
FIRSTLIM = 34
BYDEF = 35
AFTERTAKE = 36
DECKMASK = 37
STOCK = 40      # up to 54 stock cards, top first
SIZE = 96

# --- phases, moves, results ---------------------------------------------------------------
LEAD, DEFEND, THROW, ADD, OVER = 0, 1, 2, 3, 4
TAKE, PASS = 54, 55
RUNNING, DRAW, ABORTED = -1, -2, -3
MAX_MOVES = 4000

# --- rules array (DurakRules.kernel_rules) ------------------------------------------------
R_HSIZE, R_MAXATT, R_FIRSTLIM, R_BYDEF, R_AFTERTAKE, R_FIRSTATT, R_AFTERLOSS = range(7)

# --- per-context tables -------------------------------------------------------------------
BEAT = 0        # 54 masks: the cards that beat card i
ORDER = 54      # 54 cards, cheapest to spend first
VALUE = 108     # 54 values (non-trump rank; low joker 19; trump 20 + rank; high joker 40)
TRUMPS = 162    # mask of the ordinary trump cards
HIGHJ = 163     # the joker of the trump's colour
LOWJ = 164      # the other joker
TAB_W = 165
RED_JOKER, BLACK_JOKER = 52, 53
LOW_JOKER_VALUE, TRUMP_BASE, HIGH_JOKER_VALUE = 19, 20, 40


def _is_red(suit: int) -> bool:
    return suit in (1, 2)


def _trump_suits(ctx: int) -> tuple[int, ...]:
    if ctx < 4:
        return (ctx,)
    return (1, 2) if ctx == 4 else (0, 3)


def _beats(b: int, a: int, ctx: int, low_any: bool, equal_rank: bool) -> bool:
    suits = _trump_suits(ctx)
    red_trump = _is_red(suits[0])
    high = RED_JOKER if red_trump else BLACK_JOKER
    low = BLACK_JOKER if red_trump else RED_JOKER
    if a in (b, high):
        return False
    if b == high:
        return True
    if a == low:
        return b < 52 and (b & 3) in suits
    a_trump = (a & 3) in suits
    if b == low:
        return not a_trump and (low_any or _is_red(a & 3) == (low == RED_JOKER))
    b_trump = (b & 3) in suits
    if b_trump and not a_trump:
        return True
    if a_trump and b_trump:
        return (b >> 2) > (a >> 2) or (equal_rank and (b >> 2) == (a >> 2))
    return not a_trump and (a & 3) == (b & 3) and (b >> 2) > (a >> 2)


@lru_cache(maxsize=8)
def context_tables(low_any: bool = False, equal_rank: bool = False) -> np.ndarray:
    """``(6, TAB_W)`` int64 tables, one row per trump context (read-only)."""
    tab = np.zeros((6, TAB_W), dtype=np.int64)
    for ctx in range(6):
        suits = _trump_suits(ctx)
        high = RED_JOKER if _is_red(suits[0]) else BLACK_JOKER
        low = BLACK_JOKER if high == RED_JOKER else RED_JOKER
        values = np.zeros(54, dtype=np.int64)
        for c in range(54):
            if c == high:
                values[c] = HIGH_JOKER_VALUE
            elif c == low:
                values[c] = LOW_JOKER_VALUE
            elif (c & 3) in suits:
                values[c] = TRUMP_BASE + (c >> 2)
            else:
                values[c] = c >> 2
            mask = 0
            for b in range(54):
                if _beats(b, c, ctx, low_any, equal_rank):
                    mask |= 1 << b
            tab[ctx, BEAT + c] = mask
        tab[ctx, ORDER:ORDER + 54] = np.argsort(values * 64 + np.arange(54), kind="stable")
        tab[ctx, VALUE:VALUE + 54] = values
        tab[ctx, TRUMPS] = sum(1 << c for c in range(52) if (c & 3) in suits)
        tab[ctx, HIGHJ] = high
        tab[ctx, LOWJ] = low
    tab.setflags(write=False)
    return tab
