"""Counting one hand per class of suit relabellings equals counting every hand."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from analyzer.cards import FIRST_JOKER
from analyzer.frequencies import _evaluator, exact_frequencies
from analyzer.kernels import evaluate as K
from analyzer.kernels import suitclass as SC
from analyzer.rules import get_rules


def _every_hand(name: str, deck: str | None, k: int) -> np.ndarray:
    ev = _evaluator(name, deck, k)
    d = ev.deck.cards.astype(np.int64)
    table, wbits = ev.kernel_args()
    return K.count_all(d, k, table, wbits, len(ev.order_low_to_high), 0, d.size)


def _by_classes(name: str, deck: str | None, k: int, five_card_copy: bool = False) -> np.ndarray:
    ev = _evaluator(name, deck, k)
    d = ev.deck.cards.astype(np.int64)
    table, wbits = ev.kernel_args()
    ranks = np.unique(d[d < FIRST_JOKER] >> 2)
    tasks = SC.class_tasks(k, len(ranks), int((d >= FIRST_JOKER).sum()))
    return SC.count_by_classes(tasks, None if five_card_copy else k, ranks, d[d >= FIRST_JOKER],
                               SC.masks_by_size(len(ranks)), SC.counts_by_size(len(ranks)), table, wbits,
                               len(ev.order_low_to_high))


# best of 6 on the full decks (C(53, 6), C(54, 6) hands by the every-hand kernel: ~0.7 s each) in the
# slow run; by default on the 36-card decks, the same rules and the same best-of-six walk
@pytest.mark.parametrize(("name", "deck", "k"), [
    ("standard", "52", 5), ("joker-wild", "52+1", 5), ("deuces-wild", "52", 5), ("bug", "52+2", 5),
    ("j-poker", "36+1", 6), ("semi-wild", "36+2", 6), ("short-32", "32+2", 7), ("short-36", "36+1", 7),
    ("standard", "32", 7), ("joker-wild", "36+2", 7),
    pytest.param("j-poker", "52+1", 6, marks=pytest.mark.slow),
    pytest.param("semi-wild", "52+2", 6, marks=pytest.mark.slow),
])
def test_classes_weighted_by_relabellings_equal_every_hand(name: str, deck: str, k: int) -> None:
    got = _by_classes(name, deck, k)
    assert np.array_equal(got, _every_hand(name, deck, k))
    assert got.sum() == comb(_evaluator(name, deck, k).deck.size, k)


@pytest.mark.parametrize(("name", "deck"), [("joker-wild", "52+1"), ("bug", "52+2"), ("short-32", "32+2")])
def test_the_five_card_copy_counts_as_the_general_kernel(name: str, deck: str) -> None:
    """``k`` None (what exact five-card counts pass: a copy compiled without the best-of-six/seven
    code) gives the general kernel's counts, which equal every hand's."""
    assert np.array_equal(_by_classes(name, deck, 5, five_card_copy=True), _by_classes(name, deck, 5))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "deck"), [("standard", "52"), ("joker-wild", "52+1"), ("deuces-wild", "52")])
def test_seven_card_classes_equal_every_hand_on_full_decks(name: str, deck: str) -> None:
    assert np.array_equal(_by_classes(name, deck, 7), _every_hand(name, deck, 7))


def test_the_class_walk_visits_every_multiset_of_masks_once() -> None:
    """On 3 ranks, 2 cards: the weights add up to C(12, 2) hands, class by class."""
    tasks = SC.class_tasks(2, 3, 0)
    by, nby = SC.masks_by_size(3), SC.counts_by_size(3)
    total = 0
    seen = set()
    for jm, p0, p1, p2, p3, i0 in tasks.tolist():
        assert jm == 0 and p0 >= p1 >= p2 >= p3
        for i1 in range(i0 + 1 if p1 == p0 else nby[p1]):
            for i2 in range(i1 + 1 if p2 == p1 else nby[p2]):
                for i3 in range(i2 + 1 if p3 == p2 else nby[p3]):
                    m = (int(by[p0, i0]), int(by[p1, i1]), int(by[p2, i2]), int(by[p3, i3]))
                    assert tuple(sorted(m)) not in seen
                    seen.add(tuple(sorted(m)))
                    total += int(SC.class_weight(np.array(m)))
    assert total == comb(12, 2)


def test_relabelling_weights() -> None:
    assert [int(SC.class_weight(np.array(m))) for m in ([1, 2, 4, 0], [3, 3, 1, 0], [3, 3, 0, 0], [1, 1, 1, 0],
                                                        [0, 0, 0, 0], [3, 3, 1, 1])] == [24, 12, 6, 4, 1, 6]


@pytest.mark.parametrize(("name", "deck"), [("standard", "52"), ("joker-wild", "52+1"), ("bug", "52+2"),
                                            ("standard", "32"), ("short-32", "32+2"), ("short-36", "36+1")])
def test_every_deck_poker_is_played_on_has_interchangeable_suits(name: str, deck: str) -> None:
    ev = _evaluator(name, deck, 5)
    d = ev.deck.cards.astype(np.int64)
    assert SC.suit_symmetric(d[d < FIRST_JOKER], int(ev.wbits))


def test_a_missing_card_or_a_suit_specific_wild_card_breaks_the_symmetry() -> None:
    d = np.arange(52)
    assert SC.suit_symmetric(d, 0b1111)  # every deuce wild
    assert not SC.suit_symmetric(d, 0b0011)  # two of them
    assert not SC.suit_symmetric(d[1:], 0)
    assert not SC.suit_symmetric(np.concatenate([d, d[:1]]), 0)  # a code twice


def test_without_the_symmetry_every_hand_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = exact_frequencies("joker-wild", "32+1", 6)
    monkeypatch.setattr(SC, "suit_symmetric", lambda *_: False)
    slow = exact_frequencies("joker-wild", "32+1", 6)
    assert [r.count for r in fast.rows] == [r.count for r in slow.rows]
    assert fast.total == comb(33, 6)


# the wild rule sets on 52+1 (every one of C(53, 5) hands' low key: 0.5-1.5 s each) in the slow run;
# by default on 36+1, the same rules, ace choices and joker (the 13 ranks of 52 cards: standard)
@pytest.mark.parametrize(("name", "deck", "ace"), [
    ("standard", "52", "high"), ("joker-wild", "36+1", "high_or_low"), ("bug", "36+1", "high_or_low"),
    ("semi-wild", "36+1", "high"), ("short-32", "32+2", "high_or_low"),
    pytest.param("joker-wild", "52+1", "high_or_low", marks=pytest.mark.slow),
    pytest.param("bug", "52+1", "high_or_low", marks=pytest.mark.slow),
    pytest.param("semi-wild", "52+1", "high", marks=pytest.mark.slow),
])
def test_low_counts_by_classes_equal_every_hand(name: str, deck: str, ace: str) -> None:
    from analyzer.kernels import low as L
    from analyzer.lowball import LowEvaluator

    lev = LowEvaluator(get_rules(name, deck=deck, low_ace=ace), deck)
    d = lev.deck.cards.astype(np.int64)
    n_pos = len(lev.order_low_to_high)
    ranks = np.unique(d[d < FIRST_JOKER] >> 2)
    got = L.count_low_by_classes(SC.class_tasks(5, len(ranks), int((d >= FIRST_JOKER).sum())), ranks,
                                 d[d >= FIRST_JOKER], SC.masks_by_size(len(ranks)), SC.counts_by_size(len(ranks)),
                                 *lev.args(), n_pos)
    assert np.array_equal(got, L.count_low_all(d, *lev.args(), n_pos))
