"""The opening value of a Remi 51 hand: the most points disjoint melds from it can total.

Sets are 3 or 4 cards of one rank in distinct suits; runs are 3 or more places of one suit in
A, 2, 3 .. K, A (no wrap-around; the ace played low counts 0 toward the opening, played high
11); a joker stands for any card of a meld and counts as that card; a meld holds at least one
natural card. A hand can open when its opening value is at least 51.

>>> r = best_opening("9c Tc Jc Th Td Ts 2d")
>>> r.opening_points, r.can_open, [m.text() for m in r.melds]
(59, True, ['run 9c Tc Jc = 29', 'set Td Th Ts = 30'])
>>> best_opening("Qc Jk Ac").melds[0].text()
'run Qc Jk(Kc) Ac = 31'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.cards import DeckSpec, format_card, get_deck, parse_card
from analyzer.errors import JokerOddsError
from analyzer.results import TableResult

__all__ = ["MAX_HAND", "OPENING", "Meld", "Opening", "RummyError", "best_opening", "check_codes", "check_hand_size",
           "hand_code_counts", "joker_cap", "parse_rummy_hand", "rummy_deck"]

OPENING = 51  # the first meld of a deal totals at least this many points
MAX_HAND = 24
DECKS = ("2x52+2", "2x52", "3x52+3")


class RummyError(JokerOddsError):
    """A Remi 51 input that cannot be used: a card the deck lacks, a wrong hand size, a policy."""


def rummy_deck(spec: str | DeckSpec) -> DeckSpec:
    """A deck of whole 52-card packs (``2x52+2`` by default in the game; ``3x52+3`` for 8+ players).

    >>> rummy_deck("3x52+3").size
    159
    """
    deck = spec if isinstance(spec, DeckSpec) else get_deck(spec)
    if deck.lowest_rank != 0 or deck.joker_aliases or deck.removed or deck.name not in DECKS:
        raise RummyError(f"Remi 51 is played with whole 52-card packs ({', '.join(DECKS)}), not deck {deck.name}")
    return deck


def check_hand_size(cards: int, low: int = 1, high: int = MAX_HAND) -> int:
    if isinstance(cards, bool) or not isinstance(cards, (int, np.integer)) or not low <= cards <= high:
        raise RummyError(f"a hand holds {low} to {high} cards, got {cards!r}")
    return int(cards)


def joker_cap(cap: int | None) -> int:
    """Jokers allowed in one meld (``None``: any number)."""
    if cap is None:
        return 3
    if isinstance(cap, bool) or not isinstance(cap, (int, np.integer)) or cap < 0:
        raise RummyError(f"the joker cap per meld must be a whole number ≥ 0, got {cap!r}")
    return min(int(cap), 3)


def parse_rummy_hand(text: str, deck: str | DeckSpec = "2x52+2", cards: int | None = None) -> np.ndarray:
    """Card codes of a hand; each card at most as often as the deck holds it.

    Jokers may be written ``Jk Jk`` or ``Jk1 Jk2``.

    >>> parse_rummy_hand("Jk Jk2 7c 7c").tolist()
    [52, 53, 20, 20]
    >>> parse_rummy_hand("7c 7c 7c")
    Traceback (most recent call last):
    ...
    analyzer.games.rummy.solver.RummyError: card '7c' appears 3 times in '7c 7c 7c'; deck 2x52+2 holds 2
    """
    spec = rummy_deck(deck)
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    have = spec.max_copies
    used = np.zeros(have.size, np.int64)
    codes: list[int] = []
    for tok in tokens:
        code = parse_card(tok, spec)
        if code >= 52 and tok.strip().lower() in ("jk", "joker", "jo"):
            free = [c for c in range(52, have.size) if used[c] < have[c]]
            if not free:
                raise RummyError(f"too many jokers in {text.strip()!r}; deck {spec.name} holds {spec.jokers}")
            code = free[0]
        if have[code] == 0:
            raise RummyError(f"card {tok!r} is not in deck {spec.name}")
        used[code] += 1
        if used[code] > have[code]:
            n = sum(1 for c in codes if c == code) + 1
            raise RummyError(f"card {tok!r} appears {n} times in {text.strip()!r}; deck {spec.name} "
                             f"holds {have[code]}")
        codes.append(code)
    if cards is not None and len(codes) != cards:
        raise RummyError(f"hand {text.strip()!r} has {len(codes)} cards, expected {cards}")
    if not codes:
        raise RummyError("empty hand")
    check_hand_size(len(codes))
    return np.array(codes, dtype=np.int64)


def check_codes(hand: np.ndarray, deck: str | DeckSpec = "2x52+2", cards: int | None = None) -> np.ndarray:
    """Card codes checked against the deck (each code at most as often as the deck holds it)."""
    spec = rummy_deck(deck)
    codes = np.asarray(hand, dtype=np.int64).ravel()
    if codes.size and (codes.min() < 0 or codes.max() >= 55):
        raise RummyError(f"card codes run 0..54, got {codes.tolist()}")
    over = np.nonzero(hand_code_counts(codes) > spec.max_copies)[0]
    if over.size:
        raise RummyError(f"card {format_card(int(over[0]))} appears too often for deck {spec.name}")
    if cards is not None and codes.size != cards:
        raise RummyError(f"hand has {codes.size} cards, expected {cards}")
    check_hand_size(int(codes.size))
    return codes


def hand_code_counts(codes: np.ndarray) -> np.ndarray:
    """Counts by card code (length 55)."""
    counts = np.zeros(55, np.int64)
    np.add.at(counts, np.asarray(codes, dtype=np.int64), 1)
    return counts


def _slot_text(entry: int) -> str:
    from analyzer.games.rummy.kernels import JOKER_FLAG

    slot = entry & (JOKER_FLAG - 1)
    place, suit = slot >> 2, slot & 3
    code = 48 + suit if place in (0, 13) else (place - 1) * 4 + suit
    card = format_card(code)
    return f"Jk({card})" if entry & JOKER_FLAG else card


@dataclass(frozen=True)
class Meld:
    """One meld: ``kind`` set or run, its cards (``Jk(Kc)``: a joker standing for Kc), its points."""

    kind: str
    cards: tuple[str, ...]
    points: int

    def text(self) -> str:
        return f"{self.kind} {' '.join(self.cards)} = {self.points}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


@dataclass(frozen=True)
class Opening(TableResult):
    """A hand's opening value, whether it opens, and melds reaching the value (``to_frame()``: one
    row per meld)."""

    hand: str
    opening_points: int
    can_open: bool
    melds: tuple[Meld, ...]

    def summary(self) -> dict[str, Any]:
        return {"hand": self.hand, "opening_points": self.opening_points, "can_open": self.can_open}

    def rows(self) -> list[dict[str, Any]]:
        return [{"kind": m.kind, "cards": " ".join(m.cards), "points": m.points} for m in self.melds]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "opening_points": self.opening_points, "can_open": self.can_open,
                "melds": [m.to_dict() for m in self.melds]}


def best_opening(hand: str | np.ndarray, deck: str | DeckSpec = "2x52+2", cap: int | None = None,
                 cards: int | None = None) -> Opening:
    """The opening value of ``hand`` (text or card codes) and melds that reach it."""
    from analyzer.games.rummy.kernels import MAX_MELDS, MELD_WIDTH, POS_VALUE, opening_value_melds

    if isinstance(hand, str):
        codes = parse_rummy_hand(hand, deck, cards)
    else:
        codes = check_codes(hand, deck, cards)
    out = np.zeros((MAX_MELDS, MELD_WIDTH), np.int64)
    value, n = opening_value_melds(hand_code_counts(codes), joker_cap(cap), out)
    melds = []
    for row in out[:n]:
        entries = [int(e) for e in row[2:2 + row[1]]]
        places = [(e & 63) >> 2 for e in entries]
        if row[0] == 0:
            pts = len(entries) * int(POS_VALUE[places[0]])
        else:
            pts = int(sum(POS_VALUE[p] for p in places))
        melds.append(Meld("set" if row[0] == 0 else "run", tuple(_slot_text(e) for e in entries), pts))
    shown = " ".join(format_card(int(c)) for c in codes)
    return Opening(shown, int(value), bool(value >= OPENING), tuple(melds))
