"""A trick-game action as text: the card, and a joker's declared mode.

>>> move_text(61 + 64 * 5)
'Jk1 take h'
"""

from __future__ import annotations

from analyzer.games.tricks.deck import SUITS, card_text, trick_deck
from analyzer.games.tricks.kernels.moves import GIVE, HIGH, LOW, TAKE

__all__ = ["move_text"]


def move_text(action: int, deck_name: str = "36j") -> str:
    """A play as text: ``Ah``, ``Jk1 take h``, ``Jk2 low``.

    >>> move_text(61 + 64 * 5), move_text(62 + 64 * 2)
    ('Jk1 take h', 'Jk2 low')
    """
    bit, mode = action & 63, action >> 6
    text = card_text(bit, trick_deck(deck_name))
    if mode == HIGH:
        return f"{text} high"
    if mode == LOW:
        return f"{text} low"
    if TAKE <= mode < GIVE:
        return f"{text} take {SUITS[mode - TAKE]}"
    if mode >= GIVE:
        return f"{text} give {SUITS[mode - GIVE]}"
    return text
