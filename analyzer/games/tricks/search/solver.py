"""Exact perfect-information solver: each seat's paranoid value for a deal with every hand known.

The paranoid value of seat S is the number of tricks S makes sure of when the other seats play
together against it, every legal card and joker mode tried (alpha-beta with a transposition
table and interchangeable-card pruning, in :mod:`analyzer.games.tricks.search.paranoid`).

>>> from analyzer.games.tricks.rules import trick_rules
>>> d = parse_deal(trick_rules("georgian-joker"), ["Ah Kh", "Qh Jh", "Th 9h", "8h 7h"], "s", 0)
>>> Solver().paranoid(d)
[2, 0, 0, 0]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.cards import CardError
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.deck import (
    TrickDeck,
    format_mask,
    mask_bits,
    parse_mask,
    parse_trump,
    trick_deck,
    trump_text,
)
from analyzer.games.tricks.rules import TrickRules

__all__ = ["Deal", "DealError", "Solver", "deals_from_jsonl", "parse_deal"]


class DealError(JokerOddsError):
    """A deal that cannot be solved: hand count, sizes, duplicates, leader, trump."""


@dataclass(frozen=True)
class Deal:
    """Known hands (masks, seat order), a trump (-1 none) and the seat leading the first trick."""

    rules: TrickRules
    deck: TrickDeck
    hands: tuple[int, ...]
    trump: int
    leader: int

    @property
    def cards(self) -> int:
        return bin(self.hands[0]).count("1")

    def describe(self) -> dict[str, Any]:
        return {"hands": [format_mask(h, self.deck) for h in self.hands],
                "trump": trump_text(self.trump), "leader": self.leader}


def parse_deal(rules: TrickRules, hands: Sequence[str], trump: str | None, leader: int | str) -> Deal:
    """A deal from hand texts (one per seat), a trump text and the leading seat; checked."""
    deck = trick_deck(rules.deck)
    if len(hands) != rules.players:
        raise DealError(f"{len(hands)} hands given, the game has {rules.players} players")
    masks = []
    seen = 0
    for i, text in enumerate(hands):
        m = parse_mask(str(text), deck)
        dup = m & seen
        if dup:
            shown = format_mask(1 << mask_bits(dup)[0], deck)
            raise CardError(f"card {shown} is in more than one hand (seat {i})")
        seen |= m
        masks.append(m)
    sizes = {bin(m).count("1") for m in masks}
    if len(sizes) != 1:
        counts = ", ".join(str(bin(m).count("1")) for m in masks)
        raise DealError(f"hands have unequal sizes ({counts} cards)")
    n = sizes.pop()
    if n == 0:
        raise DealError("hands are empty")
    if rules.draw != "none":
        raise DealError("the solver needs the rule draw=none (no drawing from a stock)")
    limit = rules.deck_size // rules.players if rules.jokers == "georgian" else 54 // rules.players
    if n > limit:
        raise DealError(f"{n} cards each is more than {rules.players} players can hold")
    try:  # a seat is a whole number: JSON true, 1.9 or 1e400 is refused, not rounded
        if isinstance(leader, bool) or not isinstance(leader, (int, str)):
            raise TypeError
        lead = int(leader)
    except (TypeError, ValueError):
        raise DealError(f"leader must be a seat 0..{rules.players - 1}, got {leader!r}") from None
    if not 0 <= lead < rules.players:
        raise DealError(f"leader must be a seat 0..{rules.players - 1}, got {leader!r}")
    return Deal(rules, deck, tuple(masks), parse_trump(trump), lead)


class Solver:
    """Paranoid values; holds the transposition table (``2**log_size`` entries) between calls."""

    def __init__(self, log_size: int = 18) -> None:
        from analyzer.games.tricks.search.table import new_table

        self.table = new_table(int(log_size))
        self.generation = 0
        self.nodes = np.zeros(1, np.int64)

    def value(self, deal: Deal, seat: int) -> int:
        """The tricks ``seat`` makes sure of against all the others."""
        from analyzer.games.tricks.search.paranoid import paranoid_kernel

        if not 0 <= seat < deal.rules.players:
            raise DealError(f"seat must be 0..{deal.rules.players - 1}, got {seat}")
        self.generation += 1
        if self.generation >= 2**31 - 1:
            self.table[:] = 0
            self.generation = 1
        hands = np.array(deal.hands, dtype=np.uint64)
        return int(paranoid_kernel(hands, len(deal.hands), 1 << int(seat), int(deal.trump),
                                   deal.rules.params(), int(deal.leader), -1, 0, self.table, self.generation,
                                   self.nodes))

    def best_leads(self, deal: Deal) -> list[int]:
        """The leader's first moves (cards with joker modes) that keep its paranoid value.

        >>> from analyzer.games.tricks.rules import trick_rules
        >>> from analyzer.games.tricks.state import move_text
        >>> d = parse_deal(trick_rules("georgian-joker"), ["Ah 7c", "Kh 8c", "Qh 9c", "Jh Tc"], "none", 0)
        >>> [move_text(a) for a in Solver(12).best_leads(d)]  # either way the ace takes one
        ['7c', 'Ah']
        """
        from analyzer.games.tricks.kernels.moves import legal_moves
        from analyzer.games.tricks.search.paranoid import paranoid_kernel

        lead = deal.leader
        v = self.value(deal, lead)  # its table stays valid for the searches below
        hands = np.array(deal.hands, dtype=np.uint64)
        out = np.zeros(64, np.int64)
        n = legal_moves(hands[lead], np.zeros(len(hands), np.int64), np.zeros(len(hands), np.int64),
                        0, deal.trump, deal.rules.params(), out)
        best = []
        for a in sorted(int(x) for x in out[:n]):
            if v == 0 or paranoid_kernel(hands, len(hands), 1 << lead, int(deal.trump), deal.rules.params(),
                                         lead, a, v, self.table, self.generation, self.nodes):
                best.append(a)
        return best

    def paranoid(self, deal: Deal) -> list[int]:
        """Every seat's paranoid value."""
        return [self.value(deal, s) for s in range(len(deal.hands))]


def deals_from_jsonl(rules: TrickRules, text: str, source: str = "input") -> list[Deal]:
    """Deals from JSON lines ``{"hands": [...], "trump": "h" | "none", "leader": 0}``."""
    out = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DealError(f"{source} line {no}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("hands"), list):
            raise DealError(f"{source} line {no}: expected an object with a \"hands\" list")
        unknown = sorted(set(obj) - {"hands", "trump", "leader"})
        if unknown:
            raise DealError(f"{source} line {no}: unknown key {unknown[0]!r}")
        try:
            out.append(parse_deal(rules, [str(h) for h in obj["hands"]], obj.get("trump", "none"),
                                  obj.get("leader", 0)))
        except JokerOddsError as exc:
            raise DealError(f"{source} line {no}: {exc}") from None
    if not out:
        raise DealError(f"{source}: no deals")
    return out
