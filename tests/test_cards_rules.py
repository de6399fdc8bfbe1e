"""Card text, deck specs and rule sets: parsing, presets, overrides and error messages."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.cards import (
    JOKER_CODES,
    CardError,
    DeckError,
    deck_names,
    format_card,
    format_hand,
    get_deck,
    parse_card,
    parse_hand,
    rank_of,
    suit_of,
)
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.rules import (
    CATEGORY_INDEX,
    DEFAULT_ORDER,
    Category,
    NaturalBeatsWild,
    RulesError,
    WildMode,
    get_rules,
    preset_names,
    rules_from_mapping,
    with_overrides,
)

# --- cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "code"), [
    ("As", 51), ("as", 51), ("AS", 51), ("2c", 0), ("Td", 33), ("10d", 33), ("10♦", 33),
    ("tD", 33), ("A♠", 51), ("a♤", 51), ("K♥", 46), ("Q♡", 42), ("J♣", 36), ("9♧", 28),
    ("7♢", 21), ("Jk", 52), ("jk", 52), ("JK1", 52), ("Jk2", 53), ("Jk3", 54), ("joker", 52),
    (" Qh ", 42),
])
def test_parse_card(text: str, code: int) -> None:
    assert parse_card(text) == code


@pytest.mark.parametrize("text", ["Zz", "1s", "A", "Ax", "11h", "Jk4", "", "As2", "♠A"])
def test_parse_card_rejects_unknown_cards(text: str) -> None:
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


def test_rank_and_suit_of() -> None:
    assert [rank_of(c) for c in (0, 51, 52)] == [0, 12, -1]
    assert [suit_of(c) for c in (0, 33, 51, 53)] == [0, 1, 3, -1]


def test_parse_hand_separators_and_iterables() -> None:
    want = [51, 45, 22]
    assert parse_hand("As Kd 7h").tolist() == want
    assert parse_hand("As,Kd, 7h").tolist() == want
    assert parse_hand(["As Kd", "7h"]).tolist() == want
    assert parse_hand("  As\tKd\n7h ").tolist() == want
    assert parse_hand("As Kd 7h").dtype == np.int8


def test_plain_joker_is_the_first_unused_joker() -> None:
    assert parse_hand("Jk Jk 2c", deck="52+2").tolist() == [52, 53, 0]
    assert parse_hand("Jk1 Jk", deck="52+2").tolist() == [52, 53]
    assert parse_hand("Jk2 Jk", deck="52+2").tolist() == [53, 52]
    assert parse_hand("Jk", deck="52+1").tolist() == [52]


def test_parse_hand_joker_errors() -> None:
    with pytest.raises(CardError, match="too many jokers"):
        parse_hand("Jk Jk", deck="52+1")
    with pytest.raises(CardError, match="not in deck 52"):
        parse_hand("Jk 2c", deck="52")
    with pytest.raises(CardError, match="not in deck 52\\+1"):
        parse_hand("Jk2 2c", deck="52+1")
    with pytest.raises(CardError, match="duplicate card 'Jk1'"):
        parse_hand("Jk1 Jk1", deck="52+2")


def test_parse_hand_duplicates_and_size() -> None:
    with pytest.raises(CardError, match="duplicate card 'as' in 'As as'"):
        parse_hand("As as")
    with pytest.raises(CardError, match="duplicate card"):
        parse_hand("A♠ As")
    with pytest.raises(CardError, match="has 4 cards, expected 5"):
        parse_hand("As Kd 7h 2c", size=5)
    with pytest.raises(CardError, match="unknown card 'Xx'"):
        parse_hand("As Xx")
    with pytest.raises(CardError, match="card '6h' is not in deck 32"):
        parse_hand("6h 7h", deck="32")
    assert issubclass(CardError, JokerOddsError) and issubclass(CardError, ValueError)


def test_36j_black_sixes_are_the_jokers() -> None:
    deck = get_deck("36j")
    assert deck.size == 36 and deck.jokers == 2 and deck.lowest_rank == 4
    codes = set(deck.cards.tolist())
    assert 52 in codes and 53 in codes and 16 not in codes and 19 not in codes  # 6c, 6s
    assert 18 in codes and 17 in codes  # 6h, 6d stay ordinary cards
    assert parse_hand("6c 6s 6h", deck=deck).tolist() == [52, 53, 18]  # Jk1 = 6♣, Jk2 = 6♠
    assert parse_hand("6♣ Jk", deck="36j").tolist() == [52, 53]
    assert parse_hand("Jk2", deck="36j").tolist() == [53]
    assert parse_hand("6s", deck="36").tolist() == [19]


def test_multi_deck_shoes_allow_copies() -> None:
    deck = get_deck("2x52+2")
    assert deck.size == 106 and int(deck.max_copies[51]) == 2 and int(deck.max_copies[52]) == 1
    assert parse_hand("As As Jk Jk", deck=deck).tolist() == [51, 51, 52, 53]
    with pytest.raises(CardError, match="duplicate card"):
        parse_hand("As As As", deck=deck)
    assert get_deck("3x52+3").size == 159 and int(get_deck("3x52+3").max_copies[0]) == 3


def test_format_card_and_round_trip() -> None:
    assert format_card(51) == "As" and format_card(0) == "2c" and format_card(33) == "Td"
    assert format_card(52) == "Jk1" and format_card(53) == "Jk2"
    assert format_card(52, get_deck("52+1")) == "Jk"
    assert format_hand(parse_hand("a♠ 10d Jk")) == "As Td Jk1"
    for name in deck_names():
        deck = get_deck(name)
        if deck.copies == 1:
            assert parse_hand(format_hand(deck.cards, deck), deck).tolist() == deck.cards.tolist()


@pytest.mark.parametrize(("spec", "size", "lowest", "jokers"), [
    ("52", 52, 0, 0), ("52+1", 53, 0, 1), ("52+2", 54, 0, 2), ("32", 32, 5, 0), ("32+1", 33, 5, 1),
    ("36", 36, 4, 0), ("36+1", 37, 4, 1), ("36+2", 38, 4, 2), ("36j", 36, 4, 2),
    ("2x52+2", 106, 0, 2), ("3x52+3", 159, 0, 3), (" 52+1 ", 53, 0, 1), ("1x52", 52, 0, 0),
])
def test_deck_specs(spec: str, size: int, lowest: int, jokers: int) -> None:
    deck = get_deck(spec)
    assert (deck.size, deck.lowest_rank, deck.jokers) == (size, lowest, jokers)
    assert deck.cards.tolist() == sorted(deck.cards.tolist())
    assert sum(1 for c in deck.cards.tolist() if c in JOKER_CODES) == jokers
    assert list(deck.ranks) == list(range(lowest, 13))
    assert get_deck(deck.name) == deck


@pytest.mark.parametrize("spec", ["54", "52+4", "4x52", "32j", "36j+1", "2x36j", "", "fifty-two"])
def test_bad_deck_specs(spec: str) -> None:
    with pytest.raises(DeckError, match="unknown deck"):
        get_deck(spec)
    assert issubclass(DeckError, JokerOddsError)


def test_deck_names_are_all_valid() -> None:
    assert {get_deck(n).name for n in deck_names()} == set(deck_names())


# --- rules --------------------------------------------------------------------------------------

PRESETS = ["standard", "joker-wild", "bug", "semi-wild", "j-poker", "poker-with-joker",
           "deuces-wild", "short-32", "short-36", "short-holdem"]


def test_presets_listed() -> None:
    assert set(PRESETS) <= set(preset_names())


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_is_consistent_with_its_deck(name: str) -> None:
    rules = get_rules(name)
    deck = rules.deck_spec()
    mask = rules.wild_mask(deck)
    assert bool(mask.any()) == (rules.mode is not WildMode.NATURAL)
    assert Category.HIGH_CARD in rules.order
    assert rules.order_low_to_high[0] is Category.HIGH_CARD
    assert rules.description
    assert rules_from_mapping(rules.to_mapping()).to_mapping() == rules.to_mapping()


def test_preset_values() -> None:
    assert get_rules("joker-wild").mode is WildMode.WILD
    assert get_rules("semi-wild").natural_beats_wild is NaturalBeatsWild.CATEGORY
    assert Category.FIVE_OF_A_KIND not in get_rules("semi-wild").order
    assert get_rules("poker-with-joker").natural_beats_wild is NaturalBeatsWild.TIE
    assert get_rules("joker-wild").natural_beats_wild is NaturalBeatsWild.NONE
    assert Category.FLUSH not in get_rules("short-32").order
    assert Category.FLUSH not in get_rules("short-36").order
    order = get_rules("short-holdem").order
    assert order.index(Category.FLUSH) < order.index(Category.FULL_HOUSE)
    assert get_rules("standard").order == tuple(c for c in DEFAULT_ORDER
                                                if c is not Category.FIVE_OF_A_KIND)
    assert get_rules("joker-wild").order == DEFAULT_ORDER
    assert get_rules("deuces-wild").wild_mask(get_deck("52")).nonzero()[0].tolist() == [0, 1, 2, 3]


def test_overrides() -> None:
    r = get_rules("joker-wild", deck="52+2", natural_beats_wild="tie", double_ace_flush="true")
    assert (r.deck, r.natural_beats_wild, r.double_ace_flush) == ("52+2", NaturalBeatsWild.TIE, True)
    assert get_rules("bug", double_ace_flush="no").double_ace_flush is False
    assert get_rules("bug", ace_low_straight=0).ace_low_straight is False
    assert get_rules("j-poker", wild="Kh", deck="52").wild_mask(get_deck("52")).nonzero()[0].tolist() == [46]
    assert get_rules("j-poker", wild=["10"], deck="52").wild_mask(get_deck("52")).sum() == 4
    assert get_rules("joker-wild", order="royal_flush, high_card").order == (
        Category.ROYAL_FLUSH, Category.HIGH_CARD)
    assert get_rules("joker-wild", deck="52+1 ").deck == "52+1"
    assert get_rules("standard", deck=None).deck == "52"  # None means "not overridden"
    w = with_overrides(get_rules("joker-wild"), natural_beats_wild="category", deck="52+2")
    assert (w.natural_beats_wild, w.deck, w.name) == (NaturalBeatsWild.CATEGORY, "52+2", "joker-wild")
    assert with_overrides(get_rules("joker-wild"), mode="natural", deck="52").wild == ()


def test_rules_from_mapping() -> None:
    r = rules_from_mapping({"preset": "bug", "deck": "52+2"})
    assert (r.mode, r.deck) == (WildMode.BUG, "52+2")
    custom = rules_from_mapping({"mode": "wild", "wild": ["jokers"], "deck": "52+1"}, name="mine")
    assert custom.name == "mine" and custom.order == DEFAULT_ORDER
    assert Category.FIVE_OF_A_KIND not in rules_from_mapping({"mode": "natural"}).order
    semi = rules_from_mapping({"mode": "semi", "wild": "jokers", "deck": "52+1"})
    assert Category.FIVE_OF_A_KIND not in semi.order


@pytest.mark.parametrize(("call", "message"), [
    (lambda: get_rules("nope"), "unknown rules preset 'nope' \\(known: standard, joker-wild"),
    (lambda: get_rules("standard", foo=1), "unknown rules key 'foo'"),
    (lambda: rules_from_mapping({"preset": "bug", "colour": "red"}), "unknown rules key 'colour'"),
    (lambda: get_rules("bug", natural_beats_wild="maybe"),
     "rules 'bug': bad value 'maybe' for 'natural_beats_wild'"),
    (lambda: get_rules("bug", mode="chaos"), "bad value 'chaos' for 'mode'"),
    (lambda: get_rules("bug", order="flush,nonsense,high_card"), "bad value .* for 'order'"),
    (lambda: get_rules("bug", double_ace_flush="perhaps"), "bad value 'perhaps' for 'double_ace_flush'"),
    (lambda: get_rules("bug", deck="54"), "bad value '54' for 'deck'"),
    (lambda: get_rules("bug", order="royal_flush,pair"), "the order must include high_card"),
    (lambda: get_rules("bug", order="pair,pair,high_card"), "a category is listed twice"),
    (lambda: get_rules("standard", wild="jokers"), "mode 'natural' cannot have wild cards"),
    (lambda: rules_from_mapping({"mode": "wild"}), "rules 'custom': mode 'wild' needs wild cards"),
    (lambda: get_rules("j-poker", wild="X").wild_mask(get_deck("52+1")), "unknown wild rank 'X'"),
    (lambda: get_rules("j-poker", wild="Zz").wild_mask(get_deck("52+1")), "unknown wild card 'Zz'"),
    (lambda: get_rules("j-poker", wild="2c").wild_mask(get_deck("32")),
     "wild card '2c' is not in deck 32"),
    (lambda: get_rules("joker-wild").wild_mask(get_deck("52")),
     "need wild cards \\['jokers'\\] but deck 52 has none"),
    (lambda: get_rules("joker-wild", mode="natural").wild_mask(get_deck("52+1")),
     "have no wild cards but deck 52\\+1 has jokers"),
    # a joker that is not wild has no rank: it used to score as garbage (or crash describe())
    (lambda: get_rules("deuces-wild").wild_mask(get_deck("52+1")),
     "make \\['2'\\] wild but not the jokers of deck 52\\+1"),
    (lambda: get_rules("joker-wild", wild="Kh").wild_mask(get_deck("52+2")), "but not the jokers of deck 52\\+2"),
    (lambda: with_overrides(get_rules("bug"), colour="red"), "colour"),
])
def test_rules_errors(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=message):
        call()


def test_rules_error_is_a_library_input_error() -> None:
    assert issubclass(RulesError, JokerOddsError) and issubclass(RulesError, ValueError)


def test_categories() -> None:
    assert sorted(CATEGORY_INDEX.values()) == list(range(12))  # 11 + the optional four-flush
    assert Category.FOUR_FLUSH not in DEFAULT_ORDER and len(DEFAULT_ORDER) == 11
    assert set(CATEGORY_INDEX) == set(Category)
    assert Category.FIVE_OF_A_KIND.label == "five of a kind"
    assert DEFAULT_ORDER[0] is Category.FIVE_OF_A_KIND and DEFAULT_ORDER[-1] is Category.HIGH_CARD
    assert [CATEGORY_INDEX[c] for c in DEFAULT_ORDER] == list(range(10, -1, -1))


# --- evaluator input errors ---------------------------------------------------------------------


def test_evaluator_input_errors() -> None:
    with pytest.raises(CardError, match="single deck"):
        Evaluator("joker-wild", deck="2x52+2")
    with pytest.raises(CardError, match="hands of 4 cards are not supported"):
        Evaluator("standard", k=4)
    ev = Evaluator("standard")
    with pytest.raises(CardError, match="expected an \\(n, 5\\) array"):
        ev.score_batch(np.zeros((3, 4), np.int64))
    with pytest.raises(CardError, match="out of range"):
        ev.score_batch(np.array([[0, 1, 2, 3, 99]]))
    with pytest.raises(CardError, match="has 4 cards, expected 5"):
        ev.score("As Ks Qs Js")
    with pytest.raises(CardError, match="not in deck 52"):
        ev.score("As Ks Qs Js Jk")
