"""Plain-Python value of exchanging the dealer's up card in J-poker (test oracle only).

Written from the rules of J-poker (casino stud with a board-designated wild card) and sharing no
code with ``analyzer.games.stud``: hands are scored by the brute-force evaluator of
``tests/reference.py`` with the designated card made wild (the ``jpoker`` wild mode: any card,
but never three of a kind). The player holds five cards and sees the dealer's up card; the
dealer's four hole cards are any four of the cards the player has not seen.

- Standing: fold (−1 ante) or bet (2 antes), whichever is worth more against every dealer hand.
  The dealer qualifies with a pair or better; not qualifying pays the ante 1:1 and returns the
  bet (+1); the player's better hand wins the ante and the bet at the table's odds (1 + 2·odds);
  a tie pushes (0); the dealer's better hand takes both (−3).
- Exchanging the up card (before the fee): the up card is discarded (dead) and a new one dealt
  from the unseen cards, each equally likely; then fold or bet as above. A designated card stays
  wild wherever it goes; when the designated card *was* the up card ("Dealer's Open Card"), rule
  ``stays`` takes the wild card out of play with it, rule ``new_up_card`` makes the new up card wild.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from poker_sheets import deck_cards, sheet
from reference import Reference
from stud_options_reference import ORDER

PAYS = {"five_of_a_kind": 150, "royal_flush": 75, "straight_flush": 35, "four_of_a_kind": 15, "full_house": 7,
        "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "pair": 1, "high_card": 1}


def evaluator(deck: str, wild: int | None) -> Reference:
    """The brute-force evaluator with ``wild`` (a card code, or None) as the only wild card."""
    return Reference(sheet("j-poker", deck=deck, wild=[] if wild is None else [_text(wild)], order=ORDER))


def _text(code: int) -> str:
    return "23456789TJQKA"[code >> 2] + "cdhs"[code & 3]


def decide(ref: Reference, hand: list[int], up: int, unseen: list[int]) -> Fraction:
    """Fold or bet, whichever is worth more over every dealer hand from ``unseen``."""
    cat, key = ref.evaluate(hand)
    win = 1 + 2 * PAYS[cat]
    total = n = 0
    for holes in combinations(unseen, 4):
        dcat, dkey = ref.evaluate([*holes, up])
        n += 1
        if dcat == "high_card":
            total += 1
        elif key > dkey:
            total += win
        elif key < dkey:
            total -= 3
    return max(Fraction(-1), Fraction(total, n))


def stand(deck: str, hand: list[int], up: int, wild: int) -> Fraction:
    unseen = [c for c in deck_cards(deck)[0] if c not in hand and c != up]
    return decide(evaluator(deck, wild), hand, up, unseen)


def exchange(deck: str, hand: list[int], up: int, wild: int, doc_rule: str = "stays") -> Fraction:
    """The mean over every new up card of the fold-or-bet value (the old up card dead)."""
    unseen = [c for c in deck_cards(deck)[0] if c not in hand and c != up]
    doc = wild == up
    fixed = evaluator(deck, None if doc else wild)
    vals = []
    for new in unseen:
        rest = [c for c in unseen if c != new]
        ref = evaluator(deck, new) if doc and doc_rule == "new_up_card" else fixed
        vals.append(decide(ref, hand, new, rest))
    return sum(vals, Fraction(0)) / len(vals)
