"""The compiled evaluator against the brute-force reference (tests/reference.py).

For every mode / preset / override the categories must agree and the scores must order hands
exactly as the reference keys do, ties included. Samples force wild cards into most hands.
Default run: 1,500 sampled hands per rule set and its rare categories built from the deck, plus
exhaustive 32+1 checks; ``-m slow``: 10^5 hands per rule set and every 52+1 hand holding the joker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, pairwise
from typing import Any

import numpy as np
import pytest
from poker_sheets import ORDER as SHEET_ORDER
from poker_sheets import sheet
from reference import Reference, dense_ranks
from test_frequencies import COUNTS_52, COUNTS_53, COUNTS_53_JPOKER, ORDER

from analyzer.cards import format_hand
from analyzer.evaluator import Evaluator
from analyzer.rules import RuleSet, get_rules

NO_ROYAL = [c for c in SHEET_ORDER if c != "royal_flush"]

# name -> (preset, overrides)
CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "standard": ("standard", {}),
    "joker-wild": ("joker-wild", {}),
    "bug": ("bug", {}),
    "semi-wild": ("semi-wild", {}),
    "j-poker": ("j-poker", {}),
    "poker-with-joker": ("poker-with-joker", {}),
    "deuces-wild": ("deuces-wild", {}),
    "short-32": ("short-32", {}),
    "short-36": ("short-36", {}),
    "short-holdem": ("short-holdem", {}),
    "standard/36": ("standard", {"deck": "36"}),
    "joker-wild/52+2": ("joker-wild", {"deck": "52+2"}),
    "bug/52+2": ("bug", {"deck": "52+2"}),
    "semi-wild/52+2": ("semi-wild", {"deck": "52+2"}),
    "j-poker/52+2": ("j-poker", {"deck": "52+2"}),
    "poker-with-joker/52+2": ("poker-with-joker", {"deck": "52+2"}),
    "joker-wild/category": ("joker-wild", {"natural_beats_wild": "category"}),
    "joker-wild/double-ace-flush": ("joker-wild", {"double_ace_flush": True}),
    "joker-wild/52+2/double-ace-flush": ("joker-wild", {"deck": "52+2", "double_ace_flush": True}),
    "bug/double-ace-flush": ("bug", {"double_ace_flush": True}),
    "joker-wild/no-royal": ("joker-wild", {"order": NO_ROYAL}),
    "joker-wild/no-ace-low": ("joker-wild", {"ace_low_straight": False}),
    "semi-wild/tie": ("semi-wild", {"natural_beats_wild": "tie"}),
    "semi-wild/none": ("semi-wild", {"natural_beats_wild": "none"}),
    "j-poker/category": ("j-poker", {"natural_beats_wild": "category"}),
    "j-poker/designated-As": ("j-poker", {"deck": "52", "wild": ["As"]}),
    "deuces-wild/tie": ("deuces-wild", {"natural_beats_wild": "tie"}),
    "wild/designated-Kh-2c": ("joker-wild", {"deck": "52", "wild": ["Kh", "2c"]}),
    "bug/designated-As": ("bug", {"deck": "52", "wild": ["As"]}),
    "semi-wild/designated-Td": ("semi-wild", {"deck": "52", "wild": ["Td"]}),
    "bug/32+1": ("bug", {"deck": "32+1"}),
    "semi-wild/32+1": ("semi-wild", {"deck": "32+1"}),
    "j-poker/32+1": ("j-poker", {"deck": "32+1"}),
    "joker-wild/36+1": ("joker-wild", {"deck": "36+1"}),
    "short-36/36+2": ("short-36", {"deck": "36+2"}),
    "short-32/32+2": ("short-32", {"deck": "32+2"}),
}


@cache
def setup(name: str) -> tuple[RuleSet, Evaluator, Reference]:
    preset, overrides = CONFIGS[name]
    rules = get_rules(preset, **overrides)
    ev = Evaluator(rules)
    return rules, ev, Reference(sheet(preset, **overrides))


def sample_hands(ev: Evaluator, n: int, seed: int, k: int = 5, many_wild: int = 20) -> np.ndarray:
    """``n`` k-card hands: ~40 % uniformly random, the rest with 1, 2, … wild cards forced in.

    ``many_wild`` hands get three forced wild cards and ``many_wild // 12`` four (the reference
    tries C(52 + w - 1, w) substitutions for them: 24,804 and 292,825).
    """
    rng = np.random.default_rng(seed)
    deck = ev.deck.cards.astype(np.int64)
    wild = deck[ev.wild[deck].astype(bool)]
    natural = deck[~ev.wild[deck].astype(bool)]
    counts = [int(0.4 * n)] if wild.size else [n]
    if wild.size:
        shares = [0.35, 0.25] if wild.size >= 2 else [0.6]
        counts += [int(s * n) for s in shares]
        for w in range(3, min(wild.size, 5) + 1):
            counts.append(many_wild if w == 3 else many_wild // 12)
        counts[0] += n - sum(counts)
    hands = []
    for w, m in enumerate(counts):
        for _ in range(m):
            if w == 0:
                hands.append(rng.choice(deck, k, replace=False))
            else:
                hands.append(np.concatenate([
                    rng.choice(wild, w, replace=False), rng.choice(natural, k - w, replace=False)]))
    out = np.array(hands, dtype=np.int64)
    return out[rng.permutation(len(out))]


def rare_hands(ev: Evaluator) -> np.ndarray:
    """The rare categories, built from the deck (a sample of a few thousand hands misses some of
    them): each straight flush of the deck's ranks (the royal and the ace below the lowest rank
    included), each with one, the other and both of the first two wild cards in it; a flush; and
    three ranks' four of a kind (of natural cards) with a kicker, with a wild card (five of a kind
    where the rules have it, or the kicker's place), with two, and a full house."""
    deck = ev.deck.cards.astype(np.int64)
    in_deck = {int(c) for c in deck}
    wild = [int(c) for c in deck[ev.wild[deck].astype(bool)]][:2]
    ranks = sorted({int(c) >> 2 for c in deck if c < 52})
    windows = [ranks[i:i + 5] for i in range(len(ranks) - 4) if ranks[i + 4] - ranks[i] == 4]
    windows.append([12, *ranks[:4]])
    hands: list[list[int]] = []

    def add(cards: list[int]) -> None:
        if len(set(cards)) == 5 and in_deck.issuperset(cards):
            hands.append(cards)

    for i, w in enumerate(windows):
        sf = [r * 4 + i % 4 for r in w]
        add(sf)
        for j, wc in enumerate(wild):
            add([*sf[:4 - j], wc, *sf[5 - j:]])
        if len(wild) == 2:
            add([wild[0], *sf[1:4], wild[1]])
    add([r * 4 + 1 for r in (*ranks[:4], ranks[5])])
    plain = [r for r in ranks if not ev.wild[r * 4: r * 4 + 4].any()]  # (four wild deuces: test_four_deuces)
    for r in (plain[0], plain[len(plain) // 2], plain[-1]):
        quad = [r * 4 + s for s in range(4)]
        kicker = next(c for c in sorted(in_deck) if c < 52 and c >> 2 != r and c not in wild)
        add([*quad, kicker])
        add([*quad[:3], kicker, next(c for c in sorted(in_deck) if c >> 2 == kicker >> 2 and c != kicker)])
        for wc in wild:
            add([*quad[:3], wc, kicker])
            add([*quad, wc])
        if len(wild) == 2:
            add([*quad[:3], *wild])
    return np.array(hands, np.int64)


def check_against_reference(name: str, hands: np.ndarray) -> None:
    """Same category for every hand and the same order (dense ranks) over all of them."""
    _, ev, ref = setup(name)
    if ev.k != hands.shape[1]:
        ev = Evaluator(ev.rules, k=hands.shape[1])
    scores = ev.score_batch(hands)
    if hands.shape[1] == 5:
        results = [ref.evaluate(h) for h in hands]
    else:
        results = [ref.best_of(h) for h in hands]
    for h, s, (cat, key) in zip(hands, scores, results, strict=True):
        got = ev.category(int(s)).value
        assert got == cat, (
            f"{name}: {format_hand(h)} is {got!r} ({ev.describe(h) if ev.k == 5 else ''}), "
            f"reference says {cat!r} {key}")
    want = dense_ranks([key for _, key in results])
    have = dense_ranks([int(s) for s in scores])
    if want != have:
        order = sorted(range(len(hands)), key=lambda i: results[i][1])
        for a, b in pairwise(order):
            ka, kb = results[a][1], results[b][1]
            sa, sb = int(scores[a]), int(scores[b])
            if (ka == kb) != (sa == sb) or (ka < kb and sa >= sb):
                pytest.fail(
                    f"{name}: order differs: {format_hand(hands[a])} key {ka} score {sa} vs "
                    f"{format_hand(hands[b])} key {kb} score {sb}")
        pytest.fail(f"{name}: order differs (non-adjacent pair)")


# ---------------------------------------------------------------------------------------------
# default run


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_sample_matches_reference(name: str) -> None:
    _, ev, _ = setup(name)
    # the seed depends on the deck only: rule sets on one deck share hands (and the reference's
    # substitution cache), which keeps this fast. 1,500 hands and the rare ones built from the deck
    # reach every category 3,000 sampled hands reached, and more (the reference's cost is the wild
    # hands': 3,000 of them took 7 CPU-s over the rule sets)
    hands = sample_hands(ev, 1500, seed=sum(map(ord, ev.deck.name)), many_wild=12)
    check_against_reference(name, np.concatenate([hands, rare_hands(ev)]))


@pytest.mark.parametrize("name", ["short-32", "bug/32+1", "semi-wild/32+1", "j-poker/32+1"])
def test_every_32_plus_1_hand_holding_the_joker(name: str) -> None:
    """All C(32, 4) = 35,960 joker hands of the 32+1 deck, ordered together with 3,000 naturals."""
    _, ev, _ = setup(name)
    natural = [int(c) for c in ev.deck.cards if c < 52]
    joker_hands = np.array([(*h, 52) for h in combinations(natural, 4)], dtype=np.int64)
    assert len(joker_hands) == 35_960
    rng = np.random.default_rng(32)
    naturals = np.array([rng.choice(natural, 5, replace=False) for _ in range(3000)])
    check_against_reference(name, np.concatenate([joker_hands, naturals]))


@pytest.mark.parametrize("step", [4, pytest.param(1, marks=pytest.mark.slow)])
def test_every_hand_of_the_32_plus_1_deck_short_32(step: int) -> None:
    """The whole order of all C(33, 5) = 237,336 hands of short poker (1 CPU-s of the reference) in
    the slow run; by default every 4th of them (the order of all of them stays pinned by default:
    test_frequencies.py::test_hand_order_digest, short-32 on 32+1)."""
    _, ev, _ = setup("short-32")
    hands = np.array(list(combinations(ev.deck.cards.astype(np.int64).tolist(), 5)))
    assert len(hands) == 237_336
    check_against_reference("short-32", hands[::step])


def test_every_32_plus_2_hand_holding_both_jokers() -> None:
    """Odessa short poker (32 + two jokers): all C(32, 3) = 4,960 hands with both jokers."""
    _, ev, _ = setup("short-32/32+2")
    natural = [int(c) for c in ev.deck.cards if c < 52]
    both = np.array([(*h, 52, 53) for h in combinations(natural, 3)], dtype=np.int64)
    assert len(both) == 4_960 and ev.deck.size == 34
    check_against_reference("short-32/32+2", both)


@pytest.mark.parametrize("name", ["deuces-wild"])
def test_four_deuces(name: str) -> None:
    """One hand with all four wild deuces (the reference tries 292,825 substitutions)."""
    _, ev, _ = setup(name)
    check_against_reference(name, np.array([ev.parse("2c 2d 2h 2s Ts"), ev.parse("Kd Ac Jh 2c 7d")]))


@pytest.mark.parametrize("k", [6, 7])
@pytest.mark.parametrize("name", ["standard", "joker-wild", "bug", "semi-wild", "j-poker",
                                  "poker-with-joker", "short-32", "short-holdem",
                                  "j-poker/designated-As", "joker-wild/52+2"])
def test_best_five_of_more_cards_matches_reference(name: str, k: int) -> None:
    _, ev, _ = setup(name)
    hands = sample_hands(ev, 300, seed=k * 1000 + len(ev.deck.name), k=k, many_wild=0)
    check_against_reference(name, hands)


# ---------------------------------------------------------------------------------------------
# slow run


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CONFIGS))
def test_large_random_sample_matches_reference(name: str) -> None:
    _, ev, _ = setup(name)
    hands = sample_hands(ev, 100_000, seed=1 + sum(map(ord, ev.deck.name)), many_wild=60)
    check_against_reference(name, hands)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["joker-wild", "bug", "semi-wild", "j-poker", "poker-with-joker",
                                  "joker-wild/category", "joker-wild/double-ace-flush",
                                  "bug/double-ace-flush", "joker-wild/no-ace-low"])
def test_every_52_plus_1_hand_holding_the_joker(name: str) -> None:
    """All C(52, 4) = 270,725 joker hands, ordered together with 50,000 random natural hands."""
    joker_hands = np.array([(*h, 52) for h in combinations(range(52), 4)], dtype=np.int64)
    rng = np.random.default_rng(52)
    naturals = np.array([rng.choice(52, 5, replace=False) for _ in range(50_000)])
    check_against_reference(name, np.concatenate([joker_hands, naturals]))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["joker-wild/52+2", "bug/52+2", "semi-wild/52+2", "j-poker/52+2",
                                  "poker-with-joker/52+2", "joker-wild/52+2/double-ace-flush"])
def test_every_52_plus_2_hand_holding_both_jokers(name: str) -> None:
    """All C(52, 3) = 22,100 hands with both jokers, with 20,000 one-joker and natural hands."""
    both = np.array([(*h, 52, 53) for h in combinations(range(52), 3)], dtype=np.int64)
    _, ev, _ = setup(name)
    check_against_reference(name, np.concatenate([both, sample_hands(ev, 20_000, seed=522)]))


@pytest.mark.slow
def test_every_four_deuce_hand() -> None:
    hands = np.array([[0, 1, 2, 3, c] for c in range(4, 52)], dtype=np.int64)
    check_against_reference("deuces-wild", hands)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "joker-wild", "bug", "semi-wild", "j-poker",
                                  "deuces-wild", "short-36", "short-holdem", "joker-wild/52+2"])
def test_best_five_of_seven_large_sample(name: str) -> None:
    _, ev, _ = setup(name)
    hands = sample_hands(ev, 10_000, seed=7, k=7, many_wild=0)
    check_against_reference(name, hands)


# ---------------------------------------------------------------------------------------------
# the oracle itself against the published counts (ANCHORS.md), independently of the evaluator


def reference_counts(name: str, hands: Iterable[Sequence[int]]) -> Counter[str]:
    _, _, ref = setup(name)
    return Counter(ref.evaluate(h)[0] for h in hands)


def joker_hand_counts(anchor_53: list[int]) -> dict[str, int]:
    """Counts over the 270,725 hands holding the joker: the 53-card column minus the 52-card one."""
    return {c: a - b for c, a, b in zip(ORDER, anchor_53, COUNTS_52, strict=True) if a - b}


@pytest.mark.slow
def test_reference_reproduces_anchor_joker_hands_joker_wild() -> None:
    got = reference_counts("joker-wild", ((*h, 52) for h in combinations(range(52), 4)))
    assert dict(got) == joker_hand_counts(COUNTS_53)


@pytest.mark.slow
def test_reference_reproduces_anchor_joker_hands_jpoker() -> None:
    got = reference_counts("j-poker", ((*h, 52) for h in combinations(range(52), 4)))
    assert dict(got) == joker_hand_counts(COUNTS_53_JPOKER)


@pytest.mark.slow
def test_reference_reproduces_anchor_52_cards() -> None:
    got = reference_counts("standard", combinations(range(52), 5))
    assert dict(got) == {c: n for c, n in zip(ORDER, COUNTS_52, strict=True) if n}
