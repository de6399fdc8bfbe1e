"""Codes shared by the kernels and the Python layers, defined once: category and wild-mode
codes, the wild-mode table, and the evaluator's score layout. Plain ints (no numba), so the
rule layer imports it for free; numba kernels read the constants as compile-time values.

Score layout (int32, higher is better)::

    pos << 22 | natcat << 21 | tiebreak << 1 | nattie

``pos`` is the category's position in the rule set's order (0 = worst); ``tiebreak`` is five
4-bit rank nibbles, highest first (rank + 1, 0 = blank); the ``nat*`` bits implement
``natural_beats_wild`` = ``category`` (bit 21) / ``tie`` (bit 0).

>>> s = pack_score(3, tiebreak_value([12, 11]))
>>> category_position(s), tiebreak_ranks(s), leading_rank(s)
(3, [12, 11, -1, -1, -1], 12)
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ALL_CATS", "CAT_SHIFT", "MODE_ROWS", "NATCAT_SHIFT", "N_CATEGORIES", "TB_MASK", "TB_SHIFT",
    "VALUE_POS_SHIFT", "category_position", "leading_rank", "pack_score", "tiebreak_ranks",
    "tiebreak_value",
]

# ---------------------------------------------------------------- categories (internal index)
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, SF, ROYAL, FIVE, FOUR_FLUSH = range(12)
N_CATEGORIES = 12  # FOUR_FLUSH (optional, four cards of one suit) is never made by the tables:
#                    the four-flush layer (analyzer/kernels/fourflush.py) scores it beside them
ALL_CATS = (1 << N_CATEGORIES) - 1
STRAIGHTISH = (1 << STRAIGHT) | (1 << FLUSH) | (1 << SF) | (1 << ROYAL)
SEMI_CATS = (1 << STRAIGHT) | (1 << FLUSH)

# ---------------------------------------------------------------- wild modes and tie rules
MODE_NATURAL, MODE_WILD, MODE_BUG, MODE_SEMI, MODE_JPOKER = range(5)
NBW_NONE, NBW_TIE, NBW_CATEGORY = range(3)

# One row of data per wild mode (index = mode code): what a wild card may do.
#   blanks     1: a wild card that completes nothing counts as a blank (no rank)
#   allowed    categories a substitution of the wild cards may complete
#   aces       categories allowed when every wild card stands for an ace (the bug's exemption)
#   forbidden  a substitution whose best category is one of these is not taken at all
#   duplicate  ranks (bit mask) a suited wild card may stand for although that card is held
#              (the rule set's ``double_ace_flush`` adds the ace at run time)
MODE_COLUMNS = ("blanks", "allowed", "aces", "forbidden", "duplicate")
MODE_ROWS: tuple[tuple[int, int, int, int, int], ...] = (
    (0, ALL_CATS, ALL_CATS, 0, 0),            # natural: no wild cards
    (0, ALL_CATS, ALL_CATS, 0, 0),            # wild: any card
    (0, STRAIGHTISH, ALL_CATS, 0, 0),         # bug: an ace, or completes a straight or flush
    (1, SEMI_CATS, SEMI_CATS, 0, 0),          # semi: completes only a straight or flush
    (0, ALL_CATS, ALL_CATS, 1 << TRIPS, 0),   # j-poker: any card, but never three of a kind
)
M_BLANKS, M_ALLOWED, M_ACES, M_FORBIDDEN, M_DUPLICATE = range(len(MODE_COLUMNS))

# ---------------------------------------------------------------- score layout
CAT_SHIFT = 22
NATCAT_SHIFT = 21
TB_SHIFT = 1
TB_MASK = 0xFFFFF
VALUE_POS_SHIFT = 20  # the kernels' intermediate ``pos << 20 | tiebreak`` value


def pack_score(pos: int, tiebreak: int, natcat: int = 0, nattie: int = 0) -> int:
    """The score of a hand from its category position, tie-break nibbles and natural bits."""
    return (pos << CAT_SHIFT) | (natcat << NATCAT_SHIFT) | (tiebreak << TB_SHIFT) | nattie


def tiebreak_value(ranks: list[int] | tuple[int, ...]) -> int:
    """Five rank nibbles (rank + 1, highest first; missing ones blank) as one int."""
    tb = 0
    for i, r in enumerate(ranks[:5]):
        tb |= (r + 1) << (4 * (4 - i))
    return tb


def category_position(score: Any) -> Any:
    """Category position (0 = worst in the rule set's order) of a score or an array of them."""
    return score >> CAT_SHIFT


def tiebreak_ranks(score: int) -> list[int]:
    """The five tie-break ranks of a score, highest first (-1 = blank)."""
    tb = (int(score) >> TB_SHIFT) & TB_MASK
    return [((tb >> (4 * (4 - i))) & 0xF) - 1 for i in range(5)]


def leading_rank(score: Any) -> Any:
    """The first tie-break rank (-1 = blank) of a score or an array of them."""
    return ((score >> (TB_SHIFT + 16)) & 0xF) - 1


def is_natcat(score: int) -> bool:
    return bool((int(score) >> NATCAT_SHIFT) & 1)


def is_nattie(score: int) -> bool:
    return bool(int(score) & 1)
