"""Properties every evaluator must have (hypothesis, derandomized profile from conftest.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.evaluator import Evaluator
from analyzer.rules import get_rules

PRESETS = ["standard", "joker-wild", "bug", "semi-wild", "j-poker", "poker-with-joker",
           "deuces-wild", "short-32", "short-36", "short-holdem"]
WILD_MODE = {  # rule sets in mode `wild` -> deck
    "joker-wild": "52+1", "joker-wild/52+2": "52+2", "poker-with-joker": "52+2",
    "deuces-wild": "52", "short-32": "32+1", "short-36": "36+2",
}
# rule sets whose natural hands rank exactly as in standard poker on the same deck
SAME_AS_STANDARD = ["joker-wild", "bug", "semi-wild", "j-poker", "poker-with-joker", "deuces-wild"]


@cache
def evaluator(preset: str, deck: str | None = None, k: int = 5, **overrides: Any) -> Evaluator:
    rules = get_rules(preset.split("/")[0], **({"deck": deck} if deck else {}), **overrides)
    return Evaluator(rules, k=k)


def score(ev: Evaluator, hand: list[int] | np.ndarray) -> int:
    """One hand's score (the serial kernel: no thread start-up per call)."""
    return int(ev.score_batch(np.asarray(hand).reshape(1, -1), parallel=False)[0])


def hand_of(data: st.DataObject, cards: list[int], k: int) -> list[int]:
    return data.draw(st.lists(st.sampled_from(cards), min_size=k, max_size=k, unique=True))


@given(st.data(), st.sampled_from(PRESETS), st.sampled_from([5, 6, 7]))
def test_card_order_never_changes_the_score(data: st.DataObject, preset: str, k: int) -> None:
    ev = evaluator(preset, k=k)
    hand = hand_of(data, ev.deck.cards.tolist(), k)
    shuffled = data.draw(st.permutations(hand))
    assert score(ev, hand) == score(ev, shuffled)


@given(st.data(), st.sampled_from(sorted(WILD_MODE)))
def test_wild_mode_a_card_turned_wild_never_lowers_the_hand(data: st.DataObject, name: str) -> None:
    """In mode `wild` a wild card may stand for the card it replaced: never worse, same category
    or better (the score itself may only drop by the natural-beats-wild bit)."""
    ev = evaluator(name, WILD_MODE[name])
    cards = ev.deck.cards.tolist()
    wild = [c for c in cards if ev.wild[c]]
    hand = hand_of(data, cards, 5)
    naturals = [i for i, c in enumerate(hand) if not ev.wild[c]]
    spare = [c for c in wild if c not in hand]
    if not naturals or not spare:
        return
    i = data.draw(st.sampled_from(naturals))
    turned = list(hand)
    turned[i] = data.draw(st.sampled_from(spare))
    before, after = score(ev, hand), score(ev, turned)
    assert after >> 22 >= before >> 22
    if ev.rules.natural_beats_wild.value == "none":
        assert after >= before


@given(st.data(), st.sampled_from(["joker-wild", "bug", "semi-wild", "j-poker", "poker-with-joker",
                                   "deuces-wild", "short-32", "short-36"]))
def test_adding_a_wild_card_never_lowers_the_score(data: st.DataObject, preset: str) -> None:
    """Best 5 of 6 (five cards + a wild one) is never worse than the five alone, in any mode."""
    ev5 = evaluator(preset)
    ev6 = evaluator(preset, k=6)
    cards = ev5.deck.cards.tolist()
    wild = [c for c in cards if ev5.wild[c]]
    hand = hand_of(data, [c for c in cards if c != wild[0]], 5)
    assert score(ev6, [*hand, wild[0]]) >= score(ev5, hand)


@given(st.data(), st.sampled_from(PRESETS))
def test_more_cards_never_lower_the_score(data: st.DataObject, preset: str) -> None:
    ev5, ev6, ev7 = evaluator(preset), evaluator(preset, k=6), evaluator(preset, k=7)
    hand = hand_of(data, ev5.deck.cards.tolist(), 7)
    s5, s6, s7 = (score(e, np.array(hand[:k])) for e, k in ((ev5, 5), (ev6, 6), (ev7, 7)))
    assert s5 <= s6 <= s7


@given(st.data(), st.sampled_from(SAME_AS_STANDARD))
def test_natural_hands_rank_as_in_standard_poker(data: st.DataObject, preset: str) -> None:
    """Without wild cards every rule set is standard poker: same category, same order."""
    ev = evaluator(preset)
    std = evaluator("standard")
    naturals = [c for c in ev.deck.cards.tolist() if not ev.wild[c]]
    a = np.array(hand_of(data, naturals, 5))
    b = np.array(hand_of(data, naturals, 5))
    assert ev.category(score(ev, a)) is std.category(score(std, a))
    assert np.sign(score(ev, a) - score(ev, b)) == np.sign(score(std, a) - score(std, b))


@given(st.data(), st.sampled_from([("short-32", "32"), ("short-36", "36"), ("short-holdem", "36")]))
def test_short_deck_natural_hands_rank_as_standard_on_that_deck(data: st.DataObject,
                                                               pair: tuple[str, str]) -> None:
    """Short-deck presets differ from standard poker on their deck only in the flush."""
    preset, deck = pair
    ev = evaluator(preset)
    std = evaluator("standard", deck)
    naturals = [c for c in ev.deck.cards.tolist() if not ev.wild[c]]
    a = np.array(hand_of(data, naturals, 5))
    b = np.array(hand_of(data, naturals, 5))
    suited = {int(c) & 3 for c in a}, {int(c) & 3 for c in b}
    if len(suited[0]) == 1 or len(suited[1]) == 1:
        return  # a flush: the order differs by design
    assert ev.category(score(ev, a)) is std.category(score(std, a))
    assert np.sign(score(ev, a) - score(ev, b)) == np.sign(score(std, a) - score(std, b))


@given(st.data(), st.sampled_from(["poker-with-joker", "semi-wild"]))
def test_natural_bit_marks_exactly_the_hands_without_wild_cards(data: st.DataObject,
                                                                preset: str) -> None:
    ev = evaluator(preset)
    hand = np.array(hand_of(data, ev.deck.cards.tolist(), 5))
    assert ev.is_natural_score(score(ev, hand)) == (not any(ev.wild[c] for c in hand))


@settings(max_examples=25)  # the parallel kernel starts threads on every call
@given(st.data())
def test_batch_and_single_scores_agree(data: st.DataObject) -> None:
    ev = evaluator(data.draw(st.sampled_from(PRESETS)))
    hands = np.array([hand_of(data, ev.deck.cards.tolist(), 5) for _ in range(5)])
    batch = ev.score_batch(hands)
    assert batch.tolist() == [score(ev, h) for h in hands]
    assert ev.score(hands[0]) == batch[0]
    assert ev.score_batch(hands, parallel=False).tolist() == batch.tolist()
