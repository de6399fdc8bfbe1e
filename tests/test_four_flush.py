"""The optional four-flush: named examples, exact counts (natural deck derived by combinatorics)
and agreement with the brute-force reference (tests/reference.py) on random and exhaustive hands."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import pytest
from poker_sheets import sheet
from reference import Reference, dense_ranks

from analyzer.cards import format_hand
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.frequencies import exact_frequencies
from analyzer.rules import Category, get_rules

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "standard": ("standard", {}),
    "joker-wild": ("joker-wild", {}),
    "joker-wild/52+2": ("joker-wild", {"deck": "52+2"}),
    "j-poker": ("j-poker", {}),
    "bug": ("bug", {}),
    "semi-wild": ("semi-wild", {}),
    "poker-with-joker": ("poker-with-joker", {}),
    "short-32": ("short-32", {}),  # no plain flush: five suited cards are a four-flush
    "standard/above-trips": ("standard", {"order": [
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "four_flush", "three_of_a_kind", "two_pair", "pair", "high_card"]}),
}


@cache
def setup(name: str) -> tuple[Evaluator, Reference]:
    preset, overrides = CONFIGS[name]
    rules = get_rules(preset, four_flush=True, **overrides)
    ev = Evaluator(rules)
    return ev, Reference(sheet(preset, four_flush=True, **overrides))


def check(name: str, hands: np.ndarray) -> None:
    ev, ref = setup(name)
    scores = ev.score_batch(hands)
    results = [ref.evaluate(h) for h in hands]
    for h, s, (cat, key) in zip(hands, scores, results, strict=True):
        assert ev.category(int(s)).value == cat, f"{name}: {format_hand(h)}: {ev.describe(h)} vs {cat} {key}"
        assert ev.score(h) == int(s)
    assert dense_ranks([k for _, k in results]) == dense_ranks([int(s) for s in scores]), name


def suited_heavy(ev: Evaluator, n: int, seed: int) -> np.ndarray:
    """Hands with 3 or 4 cards of one suit (plus random wild cards), and plain random hands."""
    rng = np.random.default_rng(seed)
    deck = ev.deck.cards.astype(np.int64)
    wild = deck[ev.wild[deck].astype(bool)]
    out = []
    for i in range(n):
        if i % 3 == 0:
            out.append(rng.choice(deck, 5, replace=False))
            continue
        suit = int(rng.integers(4))
        suited = [c for c in deck if c < 52 and c % 4 == suit and not ev.wild[c]]
        w = int(rng.integers(0, min(2, wild.size) + 1))
        m = int(rng.integers(3, 5)) if w < 2 else 3
        m = min(m, 5 - w)
        hand = list(rng.choice(suited, m, replace=False)) + list(rng.choice(wild, w, replace=False))
        rest = [c for c in deck if c not in hand and not ev.wild[c]]
        hand += list(rng.choice(rest, 5 - len(hand), replace=False))
        out.append(hand)
    return np.array(out, dtype=np.int64)


# ------------------------------------------------------------------ named examples

def test_four_flush_beats_a_pair_and_loses_to_two_pair() -> None:
    ev = Evaluator(get_rules("standard", four_flush=True))
    ff = ev.score("As Ks 9s 2s 3d")
    assert ev.category(ff) is Category.FOUR_FLUSH
    assert ev.describe("As Ks 9s 2s 3d") == "four-flush, ace high"
    assert ev.score("Ad Ac Kh 9s 2d") < ff < ev.score("3d 3c 2h 2s 4d")


def test_four_flush_is_the_default_place_between_two_pair_and_pair() -> None:
    order = get_rules("standard", four_flush=True).order
    assert order.index(Category.TWO_PAIR) + 1 == order.index(Category.FOUR_FLUSH) == order.index(Category.PAIR) - 1


def test_four_flush_ties_break_on_the_suited_ranks_then_the_fifth_card() -> None:
    ev = Evaluator(get_rules("standard", four_flush=True))
    assert ev.score("Ks Qs 9s 2s Ad") < ev.score("As Qs 9s 2s 3d")
    assert ev.score("As Qs 9s 2s 3d") < ev.score("Ah Qh 9h 2h 4d")
    assert ev.score("As Qs 9s 2s 3d") == ev.score("Ah Qh 9h 2h 3c")


def test_four_flush_pair_inside_is_a_four_flush() -> None:
    ev = Evaluator(get_rules("standard", four_flush=True))
    assert ev.category(ev.score("As Ks 9s 2s 9d")) is Category.FOUR_FLUSH


def test_wild_joker_fills_a_four_flush_with_the_highest_free_rank() -> None:
    ev = Evaluator(get_rules("joker-wild", four_flush=True))
    s = ev.score("As 9s 2s Jk 3d")
    assert ev.category(s) is Category.FOUR_FLUSH
    assert s == ev.score("As Ks 9s 2s 3d")  # the joker is the king of spades


def test_semi_card_never_fills_a_four_flush() -> None:
    ev = Evaluator(get_rules("semi-wild", four_flush=True))
    assert ev.category(ev.score("As 9s 2s Jk 3d")) is Category.HIGH_CARD
    assert ev.category(ev.score("As 9s 2s 4s Jk")) is Category.FLUSH  # the semi card completes a flush


def test_four_flush_order_is_configurable() -> None:
    ev, _ = setup("standard/above-trips")
    assert ev.score("Ad Ac Ah 9s 2d") < ev.score("As Ks 9s 2s 3d") < ev.score("3d 4c 5h 6s 7d")


def test_four_flush_needs_five_card_hands() -> None:
    with pytest.raises(JokerOddsError, match="5-card hands only"):
        Evaluator(get_rules("standard", four_flush=True), k=7)


# ------------------------------------------------------------------ exact counts

def test_natural_deck_counts_derived_by_combinatorics() -> None:
    t = exact_frequencies(get_rules("standard", four_flush=True))
    # exactly four cards of one suit: 4 suits x C(13,4) ranks x 39 fifth cards, less the
    # 4 x 10 x 5 x 3 straights among them (a straight beats a four-flush)
    exactly_four = 4 * comb(13, 4) * 39
    straights = 4 * 10 * 5 * 3
    assert t.row("four_flush").count == exactly_four - straights == 110_940
    # those hands were pairs (the fifth card pairs a suited one) or high cards before
    paired = 4 * comb(13, 4) * 4 * 3
    assert t.row("pair").count == 1_098_240 - paired == 1_063_920
    assert t.row("high_card").count == 1_302_540 - (exactly_four - straights - paired) == 1_225_920
    assert t.row("two_pair").count == 123_552 and t.total == comb(52, 5)


def test_joker_deck_counts_pinned() -> None:
    t = exact_frequencies(get_rules("joker-wild", four_flush=True))
    got = {r.category: r.count for r in t.rows}
    assert got == {"five_of_a_kind": 13, "royal_flush": 24, "straight_flush": 180, "four_of_a_kind": 3_120,
                   "full_house": 6_552, "flush": 7_804, "straight": 20_532, "three_of_a_kind": 137_280,
                   "two_pair": 123_552, "four_flush": 143_292, "pair": 1_201_416, "high_card": 1_225_920}
    # the joker's four-flushes: three suited + one off-suit card of a fourth rank, less those
    # the joker turns into a straight (counted over all such hands by the reference below)
    assert got["four_flush"] - 110_940 == 4 * comb(13, 3) * 10 * 3 - 1_968


def test_joker_four_flushes_counted_by_the_reference() -> None:
    """The 1,968 hands above: 3 suited + 1 off-suit distinct ranks + joker that make a straight."""
    _ev, ref = setup("joker-wild")
    n = 0
    for ranks in combinations(range(13), 4):
        for off in range(4):  # which of the four ranks is off-suit
            hand = [ranks[i] * 4 + (1 if i == off else 0) for i in range(4)] + [52]
            n += ref.category(hand) == "straight"
    assert n * 4 * 3 == 1_968  # x 4 flush suits x 3 off suits (suit symmetry)


# ------------------------------------------------------------------ kernel vs reference

@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_hands_match_the_reference(name: str) -> None:
    ev, _ = setup(name)
    check(name, suited_heavy(ev, 1500, seed=sum(map(ord, name))))


def test_every_32_plus_1_joker_hand_matches_the_reference() -> None:
    rules = get_rules("joker-wild", deck="32+1", four_flush=True)
    ev = Evaluator(rules)
    ref = Reference(sheet("joker-wild", deck="32+1", four_flush=True))
    natural = [int(c) for c in ev.deck.cards if c < 52]
    hands = np.array([(*h, 52) for h in combinations(natural, 4)], dtype=np.int64)
    scores = ev.score_batch(hands)
    keys = [ref.key(h) for h in hands]
    assert [ev.category(int(s)).value for s in scores] == [ref.evaluate(h)[0] for h in hands]
    assert dense_ranks(keys) == dense_ranks([int(s) for s in scores])


# ------------------------------------------------------------------ best of 6 and 7 cards

@pytest.mark.parametrize(("name", "k"), [("standard", 7), ("joker-wild", 7), ("semi-wild", 6)])
def test_best_of_k_with_the_four_flush_matches_every_subset_by_the_reference(name: str, k: int) -> None:
    """Best-of-k = the best 5-card subset, the four-flush included: categories and order of the
    kernel's scores against the reference's best key over every 5-card subset."""
    from analyzer.frequencies import best_of_scores

    ev, ref = setup(name)
    rng = np.random.default_rng(11)
    deck = ev.deck.cards.astype(np.int64)
    suited = deck[(deck < 52) & (deck % 4 == 2)]
    hands = [rng.choice(deck, k, replace=False) for _ in range(120)]
    for _ in range(60):  # four of one suit among junk: where the four-flush decides
        four = rng.choice(suited, 4, replace=False)
        rest = rng.choice(np.setdiff1d(deck, four), k - 4, replace=False)
        hands.append(np.concatenate([four, rest]))
    arr = np.array(hands, np.int64)
    scores = best_of_scores(ev, arr)
    keys = [ref.best_of([int(c) for c in h]) for h in arr]
    for h, s, (cat, _) in zip(arr, scores, keys, strict=True):
        assert ev.category(int(s)).value == cat, f"{name}: {format_hand(h)}"
    assert dense_ranks([key for _, key in keys]) == dense_ranks([int(s) for s in scores])
    assert sum(ev.category(int(s)) is Category.FOUR_FLUSH for s in scores) >= 10


def _best_of_seven_four_flush_count() -> int:
    """Natural 52 cards, best of 7: hands whose best is the four-flush, counted by rank patterns.

    Without the four-flush such a hand is a pair or high card (no straight, nothing higher), so its
    ranks are 7 distinct ranks or 6 with one pair, no five in a row; and its suits put exactly
    four cards in one suit (five would be a flush).
    """
    def straight(ranks: set[int]) -> bool:
        r = ranks | ({-1} if 12 in ranks else set())
        return any(all(x + i in r for i in range(5)) for x in range(-1, 9))

    def suit_ways(singles: int, paired: bool) -> int:
        ways = 0
        for pair in (list(combinations(range(4), 2)) if paired else [()]):
            for suits in np.ndindex(*([4] * singles)):
                counts = [list(suits).count(x) + (x in pair) for x in range(4)]
                ways += max(counts) == 4
        return ways

    distinct = sum(not straight(set(r)) for r in combinations(range(13), 7)) * suit_ways(7, False)
    pairs = sum(not straight(set(r)) for r in combinations(range(13), 6)) * 6 * suit_ways(5, True)
    return distinct + pairs


def test_sampled_best_of_seven_four_flush_frequency() -> None:
    """Monte Carlo best-of-7 with the four-flush (natural deck, 40,000 hands) against the count
    by rank patterns (4 SE)."""
    from analyzer.frequencies import sampled_frequencies

    exact = _best_of_seven_four_flush_count() / comb(52, 7)
    assert 0.13 < exact < 0.14
    t = sampled_frequencies(get_rules("standard", four_flush=True), "52", cards=7, trials=40_000, seed=3)
    ff = t.row("four_flush")
    assert t.total == 40_000 and ff.se is not None and ff.estimate is not None
    assert abs(ff.estimate - exact) < 4 * ff.se


# slow (~10 CPU-s): every suit class of C(52, 7); the exhaustive best-of-six below runs by default
@pytest.mark.slow
def test_exact_best_of_seven_with_the_four_flush_equals_the_count_by_rank_patterns() -> None:
    """One hand per suit class, every 5-card subset scored: the four-flush count of all C(52, 7)
    hands is the independent count by rank patterns, and the categories add up."""
    t = exact_frequencies(get_rules("standard", four_flush=True), cards=7)
    assert t.row("four_flush").count == _best_of_seven_four_flush_count()
    assert t.total == comb(52, 7) == sum(r.count for r in t.rows)


def test_exact_best_of_six_with_the_four_flush_equals_every_hand_scored() -> None:
    from analyzer.kernels.fourflush import score_batch_best_ff

    rules = get_rules("joker-wild", four_flush=True)
    ev = Evaluator(rules, "32+1")
    hands = np.array(list(combinations(ev.deck.cards.tolist(), 6)), np.int64)
    out = np.empty(len(hands), np.int32)
    score_batch_best_ff(hands, ev.table, ev.wbits, *ev.ff_args(), out)
    want = np.bincount(out >> 22, minlength=len(ev.order_low_to_high))
    got = exact_frequencies(rules, "32+1", cards=6)
    assert [r.count for r in reversed(got.rows)] == want.tolist()


def test_exact_best_of_seven_with_the_four_flush_and_a_single_wild_card_is_refused_clearly() -> None:
    with pytest.raises(JokerOddsError, match="sample them"):
        exact_frequencies(get_rules("standard", four_flush=True, wild=("Kh",), mode="wild"), cards=7)
