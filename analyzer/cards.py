"""Card codes, card text, and deck specs.

A card is a small integer: ``rank * 4 + suit`` for the 52 ordinary cards (rank 0 = deuce …
12 = ace; suit 0..3 = clubs, diamonds, hearts, spades) and ``52, 53, 54`` for the jokers
``Jk1, Jk2, Jk3``. Multi-deck shoes repeat codes; a deck is a NumPy array of codes.

>>> parse_hand("As Td 7h Jk")
array([51, 33, 22, 52], dtype=int8)
>>> format_hand(parse_hand("a♠ 10d"))
'As Td'
>>> get_deck("36j").size, get_deck("2x52+2").size
(36, 106)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache

import numpy as np

from analyzer.errors import JokerOddsError

__all__ = [
    "JOKER_CODES",
    "NUM_CODES",
    "CardError",
    "DeckError",
    "DeckSpec",
    "Rank",
    "Suit",
    "deck_names",
    "format_card",
    "format_hand",
    "get_deck",
    "hand_codes",
    "hand_tokens",
    "parse_card",
    "parse_hand",
    "parse_rank",
    "rank_of",
    "split_compact",
    "suit_of",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
FIRST_JOKER = 52
NUM_CODES = 55  # 52 ordinary cards + up to three distinct jokers
JOKER_CODES = (52, 53, 54)
_SUIT_ALIASES = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}


class CardError(JokerOddsError):
    """A card or hand text that cannot be read: unknown card, duplicate, wrong size."""


class DeckError(JokerOddsError):
    """An unknown or malformed deck spec."""


class Rank(IntEnum):
    """Card ranks, deuce lowest; the value is the rank index used in codes."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        return RANK_CHARS[self]


class Suit(IntEnum):
    """Suits; they never break ties."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]


def rank_of(code: int) -> int:
    """Rank index of a card code, -1 for a joker.

    >>> rank_of(parse_card("Qh")), rank_of(52)
    (10, -1)
    """
    return -1 if code >= FIRST_JOKER else code >> 2


def suit_of(code: int) -> int:
    """Suit index of a card code, -1 for a joker."""
    return -1 if code >= FIRST_JOKER else code & 3


@dataclass(frozen=True)
class DeckSpec:
    """A deck as data: which ranks, how many copies, how many jokers.

    ``joker_aliases`` maps ordinary card text to a joker code for decks such as ``36j`` where
    the black sixes *are* the jokers.
    """

    name: str
    lowest_rank: int
    copies: int = 1
    jokers: int = 0
    joker_aliases: tuple[tuple[str, int], ...] = ()
    removed: tuple[int, ...] = field(default=())

    @property
    def cards(self) -> np.ndarray:
        """All cards of the deck, one entry per physical card (sorted codes)."""
        base = [
            r * 4 + s for r in range(self.lowest_rank, 13) for s in range(4)
            if r * 4 + s not in self.removed
        ]
        codes = base * self.copies + list(JOKER_CODES[: self.jokers])
        return np.array(sorted(codes), dtype=np.int8)

    @property
    def size(self) -> int:
        return int(self.cards.size)

    @property
    def ranks(self) -> range:
        """Rank indices present in the deck (the ace plays low below ``lowest_rank``)."""
        return range(self.lowest_rank, 13)

    @property
    def max_copies(self) -> np.ndarray:
        """How many physical cards carry each code (length NUM_CODES)."""
        counts = np.zeros(NUM_CODES, dtype=np.int64)
        np.add.at(counts, self.cards.astype(np.int64), 1)
        return counts

    def __str__(self) -> str:
        return self.name


_DECK_RE = re.compile(r"^(?:(?P<copies>[1-3])x)?(?P<base>52|36|32)(?P<j>j)?(?:\+(?P<jokers>[0-3]))?$")
_LOWEST = {"52": 0, "36": 4, "32": 5}
_DECK_NAMES = ("52", "52+1", "52+2", "32", "32+1", "32+2", "36", "36+1", "36+2", "36j", "2x52+2", "3x52+3")


def deck_names() -> tuple[str, ...]:
    """The deck specs listed by ``joker-odds decks`` (others of the same grammar work too)."""
    return _DECK_NAMES


@lru_cache(maxsize=64)
def get_deck(spec: str) -> DeckSpec:
    """Parse a deck spec such as ``52+1``, ``36j`` or ``2x52+2``.

    >>> get_deck("32+1").size
    33
    >>> get_deck("54")
    Traceback (most recent call last):
    ...
    analyzer.cards.DeckError: unknown deck '54' (known: 52, 52+1, 52+2, 32, 32+1, 32+2, 36, 36+1, 36+2, 36j, 2x52+2, 3x52+3)
    """
    text = str(spec).strip().lower()
    m = _DECK_RE.match(text)
    if not m:
        raise DeckError(f"unknown deck {spec!r} (known: {', '.join(_DECK_NAMES)})")
    base = m["base"]
    copies = int(m["copies"] or 1)
    jokers = int(m["jokers"] or 0)
    if m["j"]:
        if base != "36" or copies != 1 or m["jokers"]:
            raise DeckError(f"unknown deck {spec!r}: only '36j' has sixes as jokers")
        six_s, six_c = 4 * 4 + 3, 4 * 4 + 0
        return DeckSpec(
            name="36j", lowest_rank=4, jokers=2, removed=(six_s, six_c),
            joker_aliases=(("6c", 52), ("6s", 53)),  # Jk1 = 6♣, Jk2 = 6♠
        )
    name = (f"{copies}x" if copies > 1 else "") + base + (f"+{jokers}" if jokers else "")
    return DeckSpec(name=name, lowest_rank=_LOWEST[base], copies=copies, jokers=jokers)


def _normalize(token: str) -> str:
    t = token.strip()
    for sym, ch in _SUIT_ALIASES.items():
        t = t.replace(sym, ch)
    return t.lower()


def parse_card(token: str, deck: DeckSpec | None = None) -> int:
    """One card code from text: ``As``, ``td``, ``10♥``, ``Jk1``; ``Jk`` is the first joker.

    >>> parse_card("Ks"), parse_card("Jk2")
    (47, 53)
    >>> parse_card("Zz")
    Traceback (most recent call last):
    ...
    analyzer.cards.CardError: unknown card 'Zz'
    """
    t = _normalize(token)
    if deck is not None:
        for alias, code in deck.joker_aliases:
            if t == alias:
                return code
    if t in ("jk", "jk1", "joker", "jo"):
        return FIRST_JOKER
    if t in ("jk2", "jk3"):
        return FIRST_JOKER + int(t[2]) - 1
    if t.startswith("10"):
        t = "t" + t[2:]
    if len(t) == 2 and t[0].upper() in RANK_CHARS and t[1] in SUIT_CHARS:
        return RANK_CHARS.index(t[0].upper()) * 4 + SUIT_CHARS.index(t[1])
    raise CardError(f"unknown card {token.strip()!r}")


def _tokens(text: str | Iterable[str]) -> list[str]:
    if isinstance(text, str):
        return [c for t in re.split(r"[\s,]+", text.strip()) if t for c in split_compact(t)]
    out: list[str] = []
    for item in text:
        out.extend(_tokens(item))
    return out


def parse_hand(
    text: str | Iterable[str], deck: DeckSpec | str | None = None, size: int | None = None
) -> np.ndarray:
    """Card codes from hand text; checks the cards exist in ``deck`` and are not repeated.

    A plain ``Jk`` means the first joker not already in the hand.

    >>> parse_hand("Jk Jk 2c", deck="52+2")
    array([52, 53,  0], dtype=int8)
    >>> parse_hand("As as")
    Traceback (most recent call last):
    ...
    analyzer.cards.CardError: duplicate card 'as' in 'As as'
    """
    spec = get_deck(deck) if isinstance(deck, str) else deck
    tokens = _tokens(text)
    shown = text if isinstance(text, str) else " ".join(tokens)
    available = spec.max_copies if spec is not None else np.ones(NUM_CODES, dtype=np.int64)
    used = np.zeros(NUM_CODES, dtype=np.int64)
    codes: list[int] = []
    for tok in tokens:
        code = parse_card(tok, spec)
        plain_joker = _normalize(tok) in ("jk", "joker", "jo")
        if plain_joker:
            free = [j for j in JOKER_CODES if used[j] < available[j]]
            if free:
                code = free[0]
        if available[code] == 0:
            where = f"deck {spec.name}" if spec is not None else "the deck"
            raise CardError(f"card {tok!r} is not in {where}")
        if used[code] >= available[code]:
            if plain_joker:
                raise CardError(f"too many jokers in {shown!r}")
            raise CardError(f"duplicate card {tok!r} in {shown!r}")
        used[code] += 1
        codes.append(code)
    if size is not None and len(codes) != size:
        raise CardError(f"hand {shown!r} has {len(codes)} card{'' if len(codes) == 1 else 's'}, expected {size}")
    return np.array(codes, dtype=np.int8)


def hand_codes(hand: str | Iterable[str] | np.ndarray, deck: DeckSpec, size: int) -> np.ndarray:
    """The ``size`` card codes of a hand given as text or card names (parsed in ``deck``) or as codes
    (only checked to be ``size`` valid codes).

    >>> hand_codes("As Kd", get_deck("52"), 2).tolist()
    [51, 45]
    """
    codes = hand if isinstance(hand, np.ndarray) else parse_hand(hand, deck, size=size)
    if codes.shape != (size,) or codes.min() < 0 or codes.max() >= NUM_CODES:
        raise CardError(f"expected {size} card codes, got {codes.tolist()}")
    return codes


def format_card(code: int, deck: DeckSpec | None = None) -> str:
    """Card text for a code; jokers are ``Jk`` when the deck has one joker, else ``Jk1``/``Jk2``.

    >>> format_card(51), format_card(53)
    ('As', 'Jk2')
    """
    code = int(code)
    if code >= FIRST_JOKER:
        if deck is not None and deck.jokers == 1:
            return "Jk"
        return f"Jk{code - FIRST_JOKER + 1}"
    return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]


def format_hand(codes: Sequence[int] | np.ndarray, deck: DeckSpec | None = None) -> str:
    """Space-separated card text for a hand."""
    return " ".join(format_card(int(c), deck) for c in codes)


def parse_rank(text: str) -> int:
    """One rank from text (the one rank parser): ``A``, ``k``, ``T`` or ``10`` → 0 (deuce) … 12 (ace).

    >>> parse_rank("A"), parse_rank("10"), parse_rank(" q ")
    (12, 8, 10)
    >>> parse_rank("X")
    Traceback (most recent call last):
    ...
    analyzer.cards.CardError: unknown rank 'X' (use one of 23456789TJQKA, or 10)
    """
    t = str(text).strip().upper()
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in RANK_CHARS:
        raise CardError(f"unknown rank {str(text).strip()!r} (use one of {RANK_CHARS}, or 10)")
    return RANK_CHARS.index(t)


_SINGLE_TOKENS = ("joker", "jk1", "jk2", "jk3", "jk", "jo")


def split_compact(token: str) -> list[str]:
    """A token of run-together cards split into cards (``AsKsQsJsTs``, ``10hJk``); any other
    token comes back unchanged, so a bad card is still reported as itself.

    >>> split_compact("AsKsQsJsTs"), split_compact("10hJk2c"), split_compact("Jk2"), split_compact("AsX")
    (['As', 'Ks', 'Qs', 'Js', 'Ts'], ['10h', 'Jk', '2c'], ['Jk2'], ['AsX'])
    """
    t = _normalize(token)
    if len(t) <= 3 or t in _SINGLE_TOKENS:
        return [token]

    def split(i: int) -> list[int] | None:  # the cut points after i, longest card first
        if i == len(t):
            return []
        for size in (5, 3, 2):
            piece = t[i:i + size]
            if len(piece) == size and _is_card_text(piece):
                rest = split(i + size)
                if rest is not None:
                    return [i + size, *rest]
        return None

    cuts = split(0)
    if cuts is None or len(cuts) < 2:
        return [token]
    raw = token.strip()  # normalizing keeps the length (one suit symbol is one letter)
    return [raw[a:b] for a, b in zip([0, *cuts[:-1]], cuts, strict=True)]


def _is_card_text(piece: str) -> bool:
    if piece in _SINGLE_TOKENS:
        return True
    if piece.startswith("10") and len(piece) == 3:
        piece = "t" + piece[2]
    return len(piece) == 2 and piece[0].upper() in RANK_CHARS and piece[1] in SUIT_CHARS


def hand_tokens(text: str) -> list[str]:
    """The card tokens of a hand's text (spaces, commas, run-together cards).

    >>> hand_tokens("AsKs QsJs, Ts")
    ['As', 'Ks', 'Qs', 'Js', 'Ts']
    """
    return _tokens(text)
