"""Cards of the trick games as bits of a 64-bit hand mask, and their text (cards, hands, moves).

Bit ``suit * 16 + rank`` is an ordinary card (rank 0 = deuce … 12 = ace, as in
:mod:`analyzer.cards`), bits 61 and 62 are the jokers ``Jk1`` and ``Jk2``; within a suit a
higher bit is a higher card. In the ``36j`` deck ``6c`` is ``Jk1`` and ``6s`` is ``Jk2``.

>>> d = trick_deck("36j")
>>> format_mask(parse_mask("Ah 6c Kh", d), d)
'Kh Ah Jk1'
>>> parse_mask("2c", d)
Traceback (most recent call last):
...
analyzer.cards.CardError: card '2c' is not in deck 36j
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.cards import CardError, DeckSpec, format_card, get_deck, parse_hand

__all__ = ["JK1", "JK2", "JOKER_BITS", "TrickDeck", "bit_of_code", "code_of_bit", "format_mask",
           "hand_as_given", "mask_bits", "move_text", "parse_mask", "parse_trump", "trick_deck", "trump_text"]

JK1 = 61
JK2 = 62
JOKER_BITS = (1 << JK1) | (1 << JK2)
SUITS = "cdhs"


def bit_of_code(code: int) -> int:
    """The hand-mask bit of an :mod:`analyzer.cards` code (jokers 52, 53 → 61, 62)."""
    return JK1 + code - 52 if code >= 52 else (code & 3) * 16 + (code >> 2)


def code_of_bit(bit: int) -> int:
    """The card code of a hand-mask bit."""
    return 52 + bit - JK1 if bit >= JK1 else (bit & 15) * 4 + (bit >> 4)


@dataclass(frozen=True)
class TrickDeck:
    """A trick game's deck: its card spec (text) and the bits of its cards."""

    spec: DeckSpec
    bits: tuple[int, ...]

    @property
    def mask(self) -> int:
        m = 0
        for b in self.bits:
            m |= 1 << b
        return m

    @property
    def name(self) -> str:
        return self.spec.name


def trick_deck(name: str) -> TrickDeck:
    """``36j`` (6..A, the black sixes are the jokers: 6c = Jk1, 6s = Jk2) or ``52+2``."""
    base = get_deck(name)
    if base.name == "36j":
        spec = DeckSpec(name="36j", lowest_rank=4, jokers=2, removed=(16, 19),
                        joker_aliases=(("6c", 52), ("6s", 53)))
    else:
        spec = base
    return TrickDeck(spec, tuple(sorted(bit_of_code(int(c)) for c in spec.cards)))


def parse_mask(text: str, deck: TrickDeck) -> int:
    """A hand's mask from its text (a duplicate or a card the deck lacks is an error)."""
    codes = parse_hand(text, deck.spec)
    m = 0
    for c in codes:
        m |= 1 << bit_of_code(int(c))
    return m


def mask_bits(mask: int) -> list[int]:
    """The bits set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_text(bit: int, deck: TrickDeck) -> str:
    return format_card(code_of_bit(bit), deck.spec)


def format_mask(mask: int, deck: TrickDeck) -> str:
    """A hand mask as text, suit by suit (c d h s), low to high, jokers last."""
    return " ".join(card_text(b, deck) for b in mask_bits(int(mask)))


def hand_as_given(text: str, deck: TrickDeck) -> str:
    """A hand's text in the order the user gave its cards (normalized spelling), for output.

    >>> hand_as_given("ah kh 9s jk1", trick_deck("36j"))
    'Ah Kh 9s Jk1'
    """
    return " ".join(format_card(int(c), deck.spec) for c in parse_hand(text, deck.spec))


def parse_trump(text: str | None) -> int:
    """A trump suit 0..3 from ``c d h s`` (or ♣ ♦ ♥ ♠), -1 from ``none``/``nt``.

    >>> parse_trump("h"), parse_trump("none")
    (2, -1)
    """
    t = "none" if text is None else str(text).strip().lower()
    t = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "clubs": "c", "diamonds": "d", "hearts": "h",
         "spades": "s"}.get(t, t)
    if t in ("none", "nt", "no", "-", ""):
        return -1
    if len(t) == 1 and t in SUITS:
        return SUITS.index(t)
    raise CardError(f"unknown trump {text!r} (c, d, h, s or none)")


def trump_text(trump: int) -> str:
    return "none" if trump < 0 else SUITS[trump]


def deck_array(deck: TrickDeck) -> np.ndarray:
    """The deck's bits as an int64 array (what the dealing kernels shuffle)."""
    return np.array(deck.bits, dtype=np.int64)


def move_text(action: int, deck_name: str = "36j") -> str:
    """A play as text: the card, and a joker's declared mode: ``Ah``, ``Jk1 take h``, ``Jk2 low``.

    >>> move_text(61 + 64 * 5), move_text(62 + 64 * 2)
    ('Jk1 take h', 'Jk2 low')
    """
    from analyzer.games.tricks.kernels.moves import (  # numba loads on first use only
        GIVE,
        HIGH,
        LOW,
        TAKE,
    )

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
