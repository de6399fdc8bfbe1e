"""The search's move rules against plain minimax: a dropped move never changes a value.

- at a trick's last card, when the other side wins it so far and the trick decides the search
  (the side makes its target with it, or fails without it), only the cards that take it are
  tried (:func:`keep_takers`);
- two cards of the mover with no card still in a hand between them (cards on the table of the
  trick may be) and that both take the trick or both leave it are interchangeable: one is tried
  (:func:`order_moves`).
"""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.tricks.deck import parse_mask
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.bounds import keep_takers, order_moves, winner_and_beaters
from tests import tricks_reference as ref
from tests.test_tricks_solver import DEFAULT_SHAPES, check_against_reference

RULES = trick_rules("georgian-joker")
RP = RULES.params()


def _bit(card: str) -> int:
    return int(parse_mask(card, _deck())).bit_length() - 1


def _deck():
    from analyzer.games.tricks.deck import trick_deck

    return trick_deck(RULES.deck)


def _kept(hands: list[str], trick: list[str], mover: int, trump: int) -> list[str]:
    """The cards ``order_moves`` keeps of the mover's (a 4-seat trick led by seat 0)."""
    h = np.array([int(parse_mask(x, _deck())) for x in hands], np.uint64)
    t_card = np.zeros(4, np.int64)
    t_mode = np.zeros(4, np.int64)
    for i, c in enumerate(trick):
        t_card[i] = _bit(c)
    k = len(trick)
    w, beat = winner_and_beaters(t_card, t_mode, k, trump, RP)
    cards = [b for b in range(64) if (int(h[mover]) >> b) & 1]
    mv = np.array(cards + [0] * (48 - len(cards)), np.int64)
    n = order_moves(mv, len(cards), h, 4, 1, mover, trump, RP, t_card, t_mode, k, 0, np.zeros(48, np.int64),
                    np.zeros((4, 64 * 11), np.int64), w, beat, True)
    names = {_bit(c): c for c in hands[mover].split()}
    return sorted(names[int(a)] for a in mv[:n])


def _value_after(hands: list[str], trick: list[str], seat: int, trump: str) -> int:
    """Minimax: the tricks ``seat`` makes sure of with ``trick`` (led by seat 0) on the table."""
    return ref.paranoid([ref.hand(x, True) for x in hands], trump, 0, seat, True,
                        trick=[(ref.card(c, True), "plain") for c in trick])


def test_keep_takers_keeps_the_cards_that_take_the_trick() -> None:
    mv = np.array([_bit("7c"), _bit("Ac"), 61 | (1 << 6), 61 | (2 << 6)], np.int64)  # 7c, Ac, Jk1 high / low
    assert keep_takers(mv, 4, np.uint64(1 << _bit("Ac")), RP) == 2
    assert mv[:2].tolist() == [_bit("Ac"), 61 | (1 << 6)]


def test_cards_apart_only_by_the_tricks_cards_are_interchangeable_when_both_leave_the_trick() -> None:
    # 8d led, Qd over it: seat 2's 7d and 9d both leave the trick to the queen; after it no card
    # lies between them: one is tried, and either gives every seat the same value
    hands = ["Ah", "Kh", "7d 9d", "Td Jh"]
    assert _kept(hands, ["8d", "Qd"], 2, -1) == ["9d"]
    rest = ["Ah", "Kh", "9d", "Td Jh"]
    for seat in range(4):
        assert _value_after(rest, ["8d", "Qd", "7d"], seat, None) == _value_after(
            ["Ah", "Kh", "7d", "Td Jh"], ["8d", "Qd", "9d"], seat, None)


def test_cards_apart_by_the_tricks_cards_differ_when_one_takes_it() -> None:
    # 8d led: seat 1's 9d takes it, its 7d does not: both are tried, and they differ
    hands = ["Ah", "7d 9d", "Kh 6h", "Qh 7h"]
    assert _kept(hands, ["8d"], 1, -1) == ["7d", "9d"]
    assert _value_after(["Ah", "7d", "Kh 6h", "Qh 7h"], ["8d", "9d"], 1, None) == 2  # it takes, then leads 7d
    assert _value_after(["Ah", "9d", "Kh 6h", "Qh 7h"], ["8d", "7d"], 1, None) == 0


def test_solver_with_the_move_rules_matches_minimax_on_four_seat_deals() -> None:
    # four seats of three cards (every trick has a last card after two others), both games
    shapes = [s for s in DEFAULT_SHAPES if s[1] == 4]
    assert check_against_reference(12, shapes, seed=41) == 12


@pytest.mark.slow
def test_solver_with_the_move_rules_matches_minimax_on_many_four_seat_deals() -> None:
    shapes = [*[s for s in DEFAULT_SHAPES if s[1] == 4], ("georgian", 4, 3)]
    assert check_against_reference(300, shapes, seed=42) == 300
