"""Remi 51 opening solver: every rule as a named example, and agreement with the brute force of
``tests/rummy_reference.py`` (every partition into melds) on random and dense hands."""

from __future__ import annotations

import re

import numpy as np
import pytest
from rummy_reference import meld_points, reference_opening

from analyzer.cards import get_deck
from analyzer.errors import JokerOddsError
from analyzer.games.rummy.kernels import hand_counts, opening_value
from analyzer.games.rummy.solver import RummyError, best_opening, parse_rummy_hand


def value(text: str, deck: str = "2x52+2", cap: int | None = None) -> int:
    return best_opening(text, deck, cap).opening_points


# --- the rules, one named example each -------------------------------------------------------

def test_rule_text_example_run_and_set_make_59() -> None:
    r = best_opening("9c Tc Jc Th Td Ts")
    assert (r.opening_points, r.can_open) == (59, True)
    assert sorted(m.points for m in r.melds) == [29, 30]


def test_rule_text_example_with_four_tens_and_two_ten_of_clubs() -> None:
    # two packs: one 10♣ in the run, the other in the four-suit set
    assert value("9c Tc Jc Tc Th Td Ts") == 69


def test_several_melds_count_together_not_just_the_best_one() -> None:
    r = best_opening("Kc Kd Kh 9s Ts Js 2h 3h 4h")
    assert r.opening_points == 30 + 29 + 9
    assert max(m.points for m in r.melds) < 51 <= r.opening_points


def test_low_ace_run_counts_zero_for_the_ace() -> None:
    assert value("Ac 2c 3c") == 5


def test_high_ace_run_q_k_a_is_31() -> None:
    assert value("Qc Kc Ac") == 31


def test_no_wrap_around_k_a_2() -> None:
    assert value("Kc Ac 2c") == 0


def test_full_run_holds_both_aces() -> None:
    assert value("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac") == 95


def test_one_ace_cannot_play_both_ends() -> None:
    # 13 cards A..K plus one ace: a 13-card run, best with the ace high: 2..K A
    assert value("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc") == 95


def test_ace_set_counts_11_each() -> None:
    assert value("Ac Ad Ah") == 33


def test_set_needs_distinct_suits() -> None:
    assert value("7c 7c 7d") == 0
    assert value("7c 7c 7d 7h") == 21


def test_set_holds_at_most_four_cards() -> None:
    assert value("7c 7d 7h 7s Jk") == 28


def test_joker_fills_a_set_and_counts_as_the_card() -> None:
    assert value("7c 7d Jk") == 21
    assert value("7c 7d 7h Jk") == 28


def test_joker_fills_a_run_gap() -> None:
    r = best_opening("5d Jk 7d")
    assert r.opening_points == 18
    assert r.melds[0].cards == ("5d", "Jk(6d)", "7d")


def test_two_jokers_make_the_best_run_for_one_card() -> None:
    assert value("Jk Jk 5d") == 18          # 5-6-7 beats 5-5-5
    assert value("Jk1 Jk2 Kh") == 31        # Q-K-A
    assert value("Jk Jk Ah") == 33          # A-A-A beats Q-K-A
    assert value("Jk Jk") == 0              # a meld holds a natural card


def test_three_jokers_in_three_packs() -> None:
    assert value("Jk Jk Jk 9h", "3x52+3") == 9 + 10 + 10 + 10
    assert value("Jk1 Jk2 Jk3", "3x52+3") == 0


def test_joker_cap_per_meld() -> None:
    assert value("Jk Jk 5d", cap=1) == 0
    assert value("5d 6d Jk", cap=1) == 18
    assert value("Jk Jk 5d 9h 9s", cap=1) == 27 + 0


def test_three_packs_hold_three_copies() -> None:
    assert value("7c 7c 7c 8c 8c 8c 9c 9c 9c", "3x52+3") == 3 * 24


def test_two_decks_without_jokers() -> None:
    assert value("Qc Kc Ac Jk", "2x52+2") == 41
    with pytest.raises(RummyError, match=r"too many jokers .*deck 2x52 holds 0"):
        best_opening("Qc Kc Ac Jk", "2x52")


def test_melds_are_reported_in_card_text() -> None:
    r = best_opening("Qh Jk Ah")
    assert [m.to_dict() for m in r.melds] == [{"kind": "run", "cards": ["Qh", "Jk(Kh)", "Ah"], "points": 31}]


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, deck, message", [
    ("7c 7c 7c", "2x52+2", "card '7c' appears 3 times in '7c 7c 7c'; deck 2x52+2 holds 2"),
    ("Jk Jk Jk", "2x52+2", "too many jokers in 'Jk Jk Jk'; deck 2x52+2 holds 2"),
    ("Jk3 7c", "2x52+2", "card 'Jk3' is not in deck 2x52+2"),
    ("Jk1 Jk1", "2x52+2", "card 'Jk1' appears 2 times in 'Jk1 Jk1'; deck 2x52+2 holds 1"),
    ("Zz 7c", "2x52+2", "unknown card 'Zz'"),
    ("", "2x52+2", "empty hand"),
    ("7c", "36+2", "Remi 51 is played with whole 52-card packs"),
])
def test_bad_hands_name_the_fault(text: str, deck: str, message: str) -> None:
    with pytest.raises(JokerOddsError, match=re.escape(message)):
        parse_rummy_hand(text, deck)


def test_wrong_hand_size_is_refused() -> None:
    with pytest.raises(RummyError, match="has 3 cards, expected 14"):
        best_opening("Qc Kc Ac", cards=14)
    with pytest.raises(RummyError, match="1 to 24 cards"):
        best_opening(" ".join(["2c"] * 2 + ["3c"] * 2 + ["4c"] * 2 + ["5c"] * 2 + ["6c"] * 2 + ["7c"] * 2
                              + ["8c"] * 2 + ["9c"] * 2 + ["Tc"] * 2 + ["Jc"] * 2 + ["Qc"] * 2 + ["Kc"] * 2
                              + ["Ac"]))


# --- against the brute force ------------------------------------------------------------------

def _hands(seed: int, deck: str, k: int, n: int, jokers: int | None, dense: bool) -> list[np.ndarray]:
    """``n`` random hands; ``jokers`` forces that many jokers; ``dense`` draws from 2 suits × 8 ranks."""
    rng = np.random.default_rng(seed)
    cards = get_deck(deck).cards.astype(np.int64)
    naturals = cards[cards < 52]
    if dense:
        naturals = naturals[((naturals & 3) < 2) & ((naturals >> 2) >= 5)]
    joker_cards = cards[cards >= 52]
    out = []
    for _ in range(n):
        if jokers is None and not dense:
            out.append(rng.choice(cards, size=k, replace=False))
            continue
        nj = jokers if jokers is not None else int(rng.integers(0, joker_cards.size + 1))
        out.append(np.concatenate([rng.choice(naturals, size=k - nj, replace=False), joker_cards[:nj]]))
    return out


CASES = [  # (seed, deck, cards, hands by default, hands in the slow run, forced jokers, dense)
    (1, "2x52+2", 14, 350, 6000, None, False),
    (2, "2x52+2", 15, 250, 4000, None, False),
    (3, "2x52+2", 14, 125, 2500, 1, False),
    (4, "2x52+2", 15, 75, 1500, 2, False),
    (5, "2x52", 14, 125, 2000, None, False),
    (6, "2x52", 15, 75, 1000, None, True),
    (7, "2x52+2", 14, 75, 1500, None, True),
    (8, "2x52+2", 15, 40, 800, 2, True),
    (9, "3x52+3", 15, 30, 600, 3, False),
    (10, "3x52+3", 14, 30, 600, None, True),
]
assert sum(c[4] for c in CASES) >= 20_000


def _check(seed: int, deck: str, k: int, n: int, jokers: int | None, dense: bool) -> None:
    for hand in _hands(seed, deck, k, n, jokers, dense):
        got = int(opening_value(hand_counts(hand, k), 3))
        want = reference_opening([int(c) for c in hand])
        assert got == want, (sorted(hand.tolist()), got, want)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[1]}-{c[2]}-j{c[5]}-{'dense' if c[6] else 'deal'}" for c in CASES])
def test_solver_matches_brute_force(case: tuple) -> None:
    seed, deck, k, n, _, jokers, dense = case
    _check(seed, deck, k, n, jokers, dense)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[f"{c[1]}-{c[2]}-j{c[5]}-{'dense' if c[6] else 'deal'}" for c in CASES])
def test_solver_matches_brute_force_20000_hands(case: tuple) -> None:
    seed, deck, k, _, n, jokers, dense = case
    _check(seed + 100, deck, k, n, jokers, dense)


@pytest.mark.parametrize("n", [75, pytest.param(150, marks=pytest.mark.slow)])
def test_joker_cap_matches_brute_force(n: int) -> None:
    for hand in _hands(11, "2x52+2", 14, n, 2, True):
        got = int(opening_value(hand_counts(hand, 14), 1))
        assert got == reference_opening([int(c) for c in hand], cap=1)


def _codes(cards: tuple[str, ...]) -> list[int]:
    return [52 if c.startswith("Jk") else int(parse_rummy_hand(c)[0]) for c in cards]


@pytest.mark.parametrize(("dense", "jokers"), [(60, 20), pytest.param(120, 40, marks=pytest.mark.slow)])
def test_reported_melds_are_valid_disjoint_and_reach_the_value(dense: int, jokers: int) -> None:
    for hand in _hands(12, "2x52+2", 15, dense, None, True) + _hands(13, "2x52+2", 15, jokers, 2, False):
        r = best_opening(hand)
        used: list[int] = []
        for m in r.melds:
            codes = _codes(m.cards)
            assert meld_points(codes) == m.points, (r.hand, m)
            used += codes
        left = list(hand)
        for c in used:
            c = next(x for x in left if (x >= 52 if c == 52 else x == c))
            left.remove(c)
        assert sum(m.points for m in r.melds) == r.opening_points == reference_opening([int(c) for c in hand])
