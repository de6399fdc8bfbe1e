"""The trick solver's sure-trick bounds against plain minimax: a bound is a promise about the deal.

``sure_tricks`` (what a seat makes whatever the others do) must never exceed the paranoid value,
and the deal's tricks less ``sure_against`` (what the others surely take) must never fall below
it; the search prunes on both, so a bound one trick too generous changes solver values.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.bounds import sure_against, sure_tricks
from analyzer.games.tricks.search.solver import parse_deal
from tests import tricks_reference as ref
from tests.test_tricks_solver import random_deal


def _bounds_and_value(game: str, hands: list[str], trump: str, leader: int, seat: int,
                      tbt: bool = False) -> tuple[int, int, int]:
    """(sure tricks, most tricks the others leave, paranoid value by plain minimax) of ``seat``."""
    over = [f"players={len(hands)}", f"trump_beats_take={str(tbt).lower()}"]
    rules = trick_rules("georgian-joker" if game == "georgian" else "joker-54",
                        over + (["draw=none"] if game == "54" else []))
    deal = parse_deal(rules, hands, trump, leader)
    h = np.array(deal.hands, np.uint64)
    n, rp = len(hands), rules.params()
    lo = int(sure_tricks(h, n, 1 << seat, deal.trump, leader, 0, rp))
    hi = deal.cards - int(sure_against(h, n, 1 << seat, deal.trump, leader, 0, rp, 0))
    georgian = game == "georgian"
    value = ref.paranoid([ref.hand(x, georgian) for x in hands], None if trump == "none" else trump, leader, seat,
                         georgian, tbt)
    return lo, hi, value


def _check_random_deals(game: str, n: int, seed: int) -> None:
    rng = random.Random(seed)
    shapes = [(4, 3), (3, 3), (3, 4), (2, 4)] if game == "georgian" else [(3, 3), (3, 4), (2, 5), (4, 3)]
    tight = 0
    for i in range(n):
        players, cards = shapes[i % len(shapes)]
        hands, trump, leader = random_deal(rng, game, players, cards)
        for seat in range(players):
            lo, hi, value = _bounds_and_value(game, hands, trump, leader, seat, game == "georgian" and i % 2 == 1)
            assert lo <= value <= hi, (hands, trump, leader, seat, lo, value, hi)
            tight += lo == value
    assert tight > 0  # the bounds say something, not only 0 and every trick


@pytest.mark.parametrize("game", ["georgian", "54"])
def test_bounds_never_promise_more_than_minimax(game: str) -> None:
    _check_random_deals(game, 12, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["georgian", "54"])
def test_bounds_never_promise_more_than_minimax_on_many_deals(game: str) -> None:
    _check_random_deals(game, 400, seed=6)


def test_masters_cash_while_every_trump_holder_must_follow() -> None:
    # Clubs trump, seat 0 on lead without a trump: its Qd is above every other diamond, and every
    # seat holding a club holds a diamond, so it must follow: one sure trick (its hearts are not
    # one: the trump holders hold no heart and trump them).
    hands = ["Qd Ah 8h", "7c 7d Td", "Ac 9d Jd", "8d Kc 9c"]
    assert _bounds_and_value("georgian", hands, "c", 0, 0) == (1, 1, 1)
    # Not on lead (and no joker to take it), it cashes nothing.
    assert _bounds_and_value("georgian", hands, "c", 1, 0)[0] == 0
    # Its Ac, led first, draws seat 1's only trump: then only seat 2 still holds one, and it
    # must follow diamonds with its 9d, so the Qd makes a second sure trick.
    assert _bounds_and_value("georgian", ["Ac Qd 8h", "Kc 9h Th", "7c 8c 9d", "Td Jd Jh"], "c", 0, 0)[::2] == (2, 2)


def test_a_seat_taking_the_lead_with_its_joker_counts_the_trick_it_takes_it_in() -> None:
    # Seat 1 takes the lead with its joker in seat 2's trick; both others follow that trick, seat 2
    # with its only diamond, so the Qd no longer has a trump holder forced to follow: one trick
    # sure (the joker), not two.
    lo, _, value = _bounds_and_value("54", ["4s 5c 7d", "Jk2 7s Qd", "Ac 5h 4d"], "c", 2, 1)
    assert lo <= value == 1
