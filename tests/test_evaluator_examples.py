"""The worked examples of RULES.md §1, one named test each, plus descriptions."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from analyzer.cards import CardError
from analyzer.evaluator import Evaluator, decode_tiebreak
from analyzer.rules import Category, get_rules

A, K, Q, J, T = 12, 11, 10, 9, 8


@cache
def _ev(preset: str, items: tuple[tuple[str, Any], ...] = (), k: int = 5) -> Evaluator:
    return Evaluator(get_rules(preset, **dict(items)), k=k)


def ev(preset: str, k: int = 5, **overrides: Any) -> Evaluator:
    items = ((key, tuple(v) if isinstance(v, list) else v) for key, v in overrides.items())
    return _ev(preset, tuple(sorted(items)), k)


def cat(e: Evaluator, hand: str) -> Category:
    return e.category(e.score(hand))


# --- wild ---------------------------------------------------------------------------------------


def test_two_pair_plus_joker_is_full_house_higher_pair_as_trips() -> None:
    e = ev("joker-wild")
    assert cat(e, "Qs Qd 9h 9c Jk") is Category.FULL_HOUSE
    assert decode_tiebreak(e.score("Qs Qd 9h 9c Jk")) == [Q, Q, Q, 9 - 2, 9 - 2]
    assert e.score("Qs Qd 9h 9c Jk") == e.score("Qs Qd Qh 9h 9c")
    assert e.describe("Qs Qd 9h 9c Jk") == "full house, queens over nines, wild"


def test_wild_joker_makes_five_of_a_kind_the_top_hand() -> None:
    e = ev("joker-wild")
    assert cat(e, "Ah Ad Ac As Jk") is Category.FIVE_OF_A_KIND
    assert e.score("Ah Ad Ac As Jk") > e.score("As Ks Qs Js Ts")
    assert e.describe("Jk 7c 7d 7h 7s") == "five of a kind, sevens, wild"


def test_wild_joker_does_not_duplicate_a_card_for_a_flush() -> None:
    e = ev("joker-wild")
    # A-K-8-5 of spades + joker: the joker is the queen of spades, not a second ace
    assert decode_tiebreak(e.score("As Ks 8s 5s Jk")) == [A, K, Q, 8 - 2, 5 - 2]
    d = ev("joker-wild", double_ace_flush=True)
    assert decode_tiebreak(d.score("As Ks 8s 5s Jk")) == [A, A, K, 8 - 2, 5 - 2]
    assert cat(d, "As Ks 8s 5s Jk") is Category.FLUSH
    assert d.score("As Ks 8s 5s Jk") > d.score("As Ks Qs Js 9s")


def test_joker_completes_royal_and_wheel() -> None:
    e = ev("joker-wild")
    assert cat(e, "Ks Qs Js Ts Jk") is Category.ROYAL_FLUSH
    assert e.describe("Ks Qs Js Ts Jk") == "royal flush, wild"
    assert e.describe("2c 3d 4h Jk 6s") == "straight, six high, wild"
    assert e.describe("Ac 2d 3h 4s Jk") == "straight, five high, wild"


def test_deuces_wild_deuce_may_stand_for_a_deuce() -> None:
    e = ev("deuces-wild")
    assert cat(e, "2c 2d 2h 2s Ts") is Category.FIVE_OF_A_KIND
    assert e.describe("2c 3d 4h 5s 7s") == "straight, seven high, wild"
    assert e.describe("2c 3d 4h 5s 6s") == "straight, seven high, wild"
    assert cat(e, "2c 3c 4c 5c 6c") is Category.STRAIGHT_FLUSH


# --- bug ----------------------------------------------------------------------------------------


def test_bug_aces_pair_plus_bug_is_three_aces() -> None:
    e = ev("bug")
    assert e.describe("Ah Ad 7c 4s Jk") == "three of a kind, aces, wild"
    assert e.score("Ah Ad 7c 4s Jk") == e.score("Ah Ad Ac 7c 4s")


def test_bug_kings_pair_plus_bug_is_pair_with_ace_kicker() -> None:
    e = ev("bug")
    s = e.score("Kh Kd 9c 5s Jk")
    assert e.category(s) is Category.PAIR
    assert decode_tiebreak(s) == [K, K, A, 7, 3]
    assert e.score("Kh Kd 9c 5s Jk") == e.score("Kh Kd Ac 9c 5s")
    assert cat(e, "Kh Kd Kc 9s Jk") is Category.THREE_OF_A_KIND
    assert cat(e, "Kh Kd 9c 9s Jk") is Category.TWO_PAIR


def test_bug_four_aces_plus_bug_is_five_aces() -> None:
    e = ev("bug")
    assert e.describe("Ah Ad Ac As Jk") == "five of a kind, aces, wild"


def test_bug_completes_straights_and_flushes() -> None:
    e = ev("bug")
    assert e.describe("9h 8d 7c 6s Jk") == "straight, ten high, wild"
    assert e.describe("Kh 9h 7h 3h Jk") == "flush, ace high, wild"
    assert e.describe("Kh Qh Jh Th Jk") == "royal flush, wild"
    assert e.describe("9h 8h 7h 6h Jk") == "straight flush, ten high, wild"


# --- semi ---------------------------------------------------------------------------------------


def test_semi_wild_completes_nothing_is_high_card_with_a_blank() -> None:
    e = ev("semi-wild")
    s = e.score("Th 9d 7c 2s Jk")
    assert e.category(s) is Category.HIGH_CARD
    assert decode_tiebreak(s) == [T, 7, 5, 0, -1]
    assert e.describe("Th 9d 7c 2s Jk") == "high card, ten, wild"
    n = ev("semi-wild", natural_beats_wild="none")  # the blank ranks below every card
    assert n.score("Th 9d 7c 6s 2c") > n.score("Th 9d 7c 2s Jk") > n.score("Th 9d 6c 5s 4c")
    assert cat(e, "Kh Kd 7c 2s Jk") is Category.PAIR  # the semi card never pairs


def test_semi_wild_completes_a_straight() -> None:
    e = ev("semi-wild")
    assert e.describe("Th 9d 7c 6s Jk") == "straight, ten high, wild"


def test_semi_wild_suited_broadway_is_a_flush_no_higher() -> None:
    e = ev("semi-wild")
    assert e.describe("Ks Qs Js Ts Jk") == "flush, ace high, wild"
    # natural_beats_wild = category: every natural flush beats it
    assert e.score("7c 5c 4c 3c 2c") > e.score("Ks Qs Js Ts Jk") > e.score("As Kd Qh Jc Ts")


# --- j-poker ------------------------------------------------------------------------------------


def test_jpoker_pair_plus_wild_is_two_pair_pairing_the_highest_other_card() -> None:
    e = ev("j-poker")
    assert e.describe("Qs Qd 9h 5c Jk") == "two pair, queens and nines, wild"
    assert e.score("Qs Qd 9h 5c Jk") == e.score("Qs Qd 9h 9c 5c")


def test_jpoker_allows_quads_five_of_a_kind_royal_but_never_trips() -> None:
    e = ev("j-poker")
    assert cat(e, "Qs Qd Qh 5c Jk") is Category.FOUR_OF_A_KIND
    assert cat(e, "Qs Qd Qh Qc Jk") is Category.FIVE_OF_A_KIND
    assert cat(e, "As Ks Qs Js Jk") is Category.ROYAL_FLUSH
    assert cat(e, "Qs Jk 9h 5c 3d") is Category.PAIR
    assert cat(e, "Qs Qd Qh 5c 3d") is Category.THREE_OF_A_KIND  # natural trips exist
    d = ev("j-poker", deck="52", wild=["As"])  # a designated wild card
    assert d.describe("As Qs Qd 9h 5c") == "two pair, queens and nines, wild"


# --- short decks --------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "reverse", "next_up"), [
    ("standard", "Ac 2d 3h 4s 5s", "2c 3d 4h 5s 6s"),
    ("short-36", "Ac 6d 7h 8s 9s", "6c 7d 8h 9s Ts"),
    ("short-32", "Ac 7d 8h 9s Ts", "7c 8d 9h Ts Js"),
    ("short-holdem", "Ac 6d 7h 8s 9s", "6c 7d 8h 9s Ts"),
])
def test_reverse_straight_is_the_lowest(preset: str, reverse: str, next_up: str) -> None:
    e = ev(preset)
    assert cat(e, reverse) is Category.STRAIGHT
    assert e.score(reverse) < e.score(next_up)
    lowest_trips = {"standard": "2c 2d 2h 3s 4s", "short-36": "6c 6d 6h 7s 8s",
                    "short-32": "7c 7d 7h 8s 9s", "short-holdem": "6c 6d 6h 7s 8s"}[preset]
    assert e.score(reverse) > e.score(lowest_trips)


def test_short_holdem_flush_beats_full_house() -> None:
    e = ev("short-holdem")
    assert e.score("9c 8c 7c Tc 6c") > e.score("Ac Kc Qc Jc 9c") > e.score("As Ad Ah Ks Kd")
    assert e.rules.order.index(Category.FLUSH) < e.rules.order.index(Category.FULL_HOUSE)


@pytest.mark.parametrize("preset", ["short-32", "short-36"])
def test_short_poker_has_no_plain_flush(preset: str) -> None:
    e = ev(preset)
    assert cat(e, "Ac Kc 9c 8c Tc") is Category.HIGH_CARD
    assert cat(e, "Ac Kc Qc Jc Tc") is Category.ROYAL_FLUSH
    assert cat(e, "Kc Qc 9c 8c Jk") is Category.PAIR  # the joker pairs the king
    assert cat(e, "Kc Qc Jc 9c Jk") is Category.STRAIGHT_FLUSH


def test_short_deck_wild_never_a_card_outside_the_deck() -> None:
    e = ev("short-32")
    with pytest.raises(CardError, match="not in deck 32"):
        e.score("2c 7d 8h 9s Jk")
    assert e.describe("Ac 8d 9h Ts Jk") == "straight, ten high, wild"  # A-7-8-9-T


# --- natural beats wild -------------------------------------------------------------------------


def test_natural_beats_wild_none_is_a_plain_tie() -> None:
    e = ev("joker-wild")
    assert e.score("Qs Qd 9h 9c Jk") == e.score("Qc Qh Qd 9s 9d")
    assert e.is_natural_score(e.score("Qc Qh Qd 9s 9d")) is None


def test_natural_beats_wild_tie_breaks_only_exact_ties() -> None:
    e = ev("poker-with-joker")
    wild_fh, natural_fh = e.score("Qs Qd 9h 9c Jk"), e.score("Qc Qh Qd 9s 9d")
    assert natural_fh > wild_fh
    assert e.is_natural_score(natural_fh) and not e.is_natural_score(wild_fh)
    assert e.score("Ks Kd 9h 9c Jk") > natural_fh  # a higher wild hand still wins
    assert e.score("Qs Qd 9h 9c Jk") > e.score("Jc Jh Jd As Ad")


def test_natural_beats_wild_category_beats_every_wild_hand_of_the_category() -> None:
    e = ev("joker-wild", natural_beats_wild="category")
    assert e.score("2c 2h 2d 3s 3d") > e.score("As Ad Kh Kc Jk")
    assert e.score("Kc Kh Kd Qs Qd") > e.score("As Ad Kh Kc Jk")
    assert e.score("As Ad Kh Kc Jk") > e.score("Qs Qd 9h 9c Jk")  # wild hands: ranks decide
    assert e.score("2c 2h 3d 3s Jk") > e.score("Ac Ah Ad Ks Qd")  # wild full house > trips


# --- descriptions -------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "hand", "text"), [
    ("standard", "Kd Kc 9s 9h 2c", "two pair, kings and nines"),
    ("standard", "As Ks Qs Js Ts", "royal flush"),
    ("standard", "9s 8s 7s 6s 5s", "straight flush, nine high"),
    ("standard", "7s 7d 7c 7h 2s", "four of a kind, sevens"),
    ("standard", "Ts Td Tc 4h 4s", "full house, tens over fours"),
    ("standard", "Ks 9s 7s 4s 2s", "flush, king high"),
    ("standard", "Ks Qd Jh Tc 9s", "straight, king high"),
    ("standard", "5s 5d 5c Kh 2s", "three of a kind, fives"),
    ("standard", "3s 3d Ac Kh 2s", "pair of threes"),
    ("standard", "As Jd 9c 6h 2s", "high card, ace"),
    ("j-poker", "Ks Jk 9h 5c 3d", "pair of kings, wild"),
])
def test_describe(preset: str, hand: str, text: str) -> None:
    assert ev(preset).describe(hand) == text


def test_best_five_of_seven_uses_the_joker_once() -> None:
    e = ev("joker-wild", k=7)
    assert e.describe("As Ks Qs Js 2d 3c Jk") == "royal flush, wild"
    assert e.category(e.score("As Ad 9c 7h 5s 3d Jk")) is Category.THREE_OF_A_KIND
    n = ev("poker-with-joker", k=7)  # the best five may leave the joker out
    assert n.is_natural_score(n.score("As Ks Qs Js Ts 3c Jk"))
