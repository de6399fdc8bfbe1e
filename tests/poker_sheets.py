"""Poker rule sets for the plain references, typed from the rules text (test data only).

The references (:mod:`reference`, :mod:`low_reference`, :mod:`stud_options_reference`) take
their rule data from here, never from the analyzer's presets: the decks (``52`` all ranks,
``36`` from the six, ``32`` from the seven, ``+n`` jokers), each named rule set's wild mode,
wild cards, category order and tie rule, and the defaults (the ace low in the lowest
straight, no double-ace flush, the ace high in a low hand, straights and flushes counting
against it). Cards are the program's codes (rank·4 + suit, rank 0 = deuce, suits c d h s; the
jokers 52, 53): a representation, not a rule.

>>> s = sheet("deuces-wild")
>>> s.mode, sorted(s.wild), s.lowest_rank, len(s.cards)
('wild', [0, 1, 2, 3], 0, 52)
>>> sheet("short-32", deck="32+2").cards[-2:], sheet("short-32").order[:3]
([52, 53], ('five_of_a_kind', 'royal_flush', 'straight_flush'))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"

# categories best first (five of a kind above the royal flush)
ORDER = ("five_of_a_kind", "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
         "straight", "three_of_a_kind", "two_pair", "pair", "high_card")
NO_FLUSH = tuple(c for c in ORDER if c != "flush")  # short poker: no plain flush
FLUSH_OVER_FULL = ("royal_flush", "straight_flush", "four_of_a_kind", "flush", "full_house", "straight",
                   "three_of_a_kind", "two_pair", "pair", "high_card")  # short-deck hold'em
LOWEST = {"52": 0, "36": 4, "32": 5}  # 52 cards from the deuce, 36 from the six, 32 from the seven

# name: (mode, deck, wild, tie rule, order)
PRESETS: dict[str, tuple[str, str, tuple[str, ...], str, tuple[str, ...]]] = {
    "standard": ("natural", "52", (), "none", ORDER),
    "joker-wild": ("wild", "52+1", ("jokers",), "none", ORDER),
    "bug": ("bug", "52+1", ("jokers",), "none", ORDER),
    "semi-wild": ("semi", "52+1", ("jokers",), "category", ORDER),
    "j-poker": ("jpoker", "52+1", ("jokers",), "none", ORDER),
    "poker-with-joker": ("wild", "52+1", ("jokers",), "tie", ORDER),
    "deuces-wild": ("wild", "52", ("2",), "none", ORDER),
    "short-32": ("wild", "32+1", ("jokers",), "none", NO_FLUSH),
    "short-36": ("wild", "36+1", ("jokers",), "none", NO_FLUSH),
    "short-holdem": ("natural", "36", (), "none", FLUSH_OVER_FULL),
}


@dataclass(frozen=True)
class Sheet:
    """One rule set on one deck, as the references read it."""

    name: str
    mode: str  # natural | wild | bug | semi | jpoker
    deck: str
    cards: list[int]
    lowest_rank: int
    wild: frozenset[int]
    order: tuple[str, ...]  # best first
    natural_beats_wild: str = "none"  # none | tie | category
    ace_low_straight: bool = True
    double_ace_flush: bool = False
    low_ace: str = "high"  # high | high_or_low
    low_ignores_straights_flushes: bool = False


def deck_cards(spec: str) -> tuple[list[int], int]:
    """The card codes of a deck spec and its lowest rank."""
    base, _, jokers = spec.partition("+")
    lo = LOWEST[base]
    return [r * 4 + s for r in range(lo, 13) for s in range(4)] + [52 + j for j in range(int(jokers or 0))], lo


def _wild(names: tuple[str, ...] | list[str], cards: list[int]) -> frozenset[int]:
    out: set[int] = set()
    for w in names:
        if w == "jokers":
            out |= {c for c in cards if c >= 52}
        elif len(w) == 1:
            out |= {c for c in cards if c < 52 and c >> 2 == RANKS.index(w.upper())}
        else:
            out.add(RANKS.index(w[0].upper()) * 4 + SUITS.index(w[1].lower()))
    return frozenset(out)


def sheet(name: str, **overrides: Any) -> Sheet:
    """The named rule set with overrides (``deck``, ``wild``, ``order``, ``natural_beats_wild``,
    ``double_ace_flush``, ``ace_low_straight``, ``low_ace``, ``low_ignores_straights_flushes``;
    ``four_flush=True`` ranks the four-flush above a pair and below two pair)."""
    mode, deck, wild, nbw, order = PRESETS[name]
    deck = overrides.pop("deck", deck)
    wild = tuple(overrides.pop("wild", wild))
    order = tuple(overrides.pop("order", order))
    if overrides.pop("four_flush", False) and "four_flush" not in order:
        i = order.index("pair")
        order = (*order[:i], "four_flush", *order[i:])
    cards, lo = deck_cards(deck)
    s = Sheet(name, mode, deck, cards, lo, _wild(wild, cards), order, nbw)
    return replace(s, **{k: str(v) if isinstance(v, str) else v for k, v in overrides.items()})
