"""The additive-key best-of-6/7 batch path (analyzer/kernels/table7.py) against the per-hand
keys7 path, exhaustively on a short deck and on random hands with many wild cards; its
multiset index is dense; codes that are no card are refused. (The independent brute-force
reference checks the same batch path in tests/test_evaluator_reference.py.)"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from random_hands import hands_with_wilds

from analyzer.cards import CardError
from analyzer.evaluator import Evaluator
from analyzer.kernels import evaluate as K
from analyzer.kernels import table7 as T
from analyzer.rules import get_rules


def _old(ev: Evaluator, hands: np.ndarray) -> np.ndarray:
    out = np.empty(hands.shape[0], np.int32)
    K.score_batch_serial(hands, ev.table, ev.wbits, out)
    return out


def _hands(ev: Evaluator, n: int, seed: int) -> np.ndarray:
    """Random hands, a third of them with every wild card of the deck forced in where it fits."""
    deck = ev.deck.cards.astype(np.int64)
    return hands_with_wilds(deck, deck[ev.wild[deck].astype(bool)][: ev.k - 1], ev.k, n, np.random.default_rng(seed))


@pytest.mark.parametrize("k", [6, 7])
@pytest.mark.parametrize(("rules", "deck"), [("standard", "52"), ("joker-wild", "52+1"), ("joker-wild", "52+2"),
                                             ("bug", "52+2"), ("semi-wild", "52+2"), ("j-poker", "52+2"),
                                             ("deuces-wild", "52"), ("short-36", "36+2"), ("short-holdem", "36")])
def test_batch_equals_per_hand_keys(rules, deck, k):
    ev = Evaluator(get_rules(rules), deck, k)
    hands = _hands(ev, 60_000, seed=k + len(rules))
    want = _old(ev, hands)
    assert np.array_equal(ev.score_batch(hands, parallel=False), want)
    assert np.array_equal(ev.score_batch(hands, parallel=True), want)
    assert [ev.score(h) for h in hands[:200]] == want[:200].tolist()


def test_every_six_card_hand_of_32_plus_1_under_jpoker():
    ev = Evaluator(get_rules("j-poker", deck="32+1"), k=6)
    hands = np.array(list(combinations(ev.deck.cards.tolist(), 6)), np.int64)
    assert hands.shape[0] == 1_107_568
    assert np.array_equal(ev.score_batch(hands), _old(ev, hands))


@pytest.mark.parametrize("k", [6, 7])
def test_multiset_index_is_dense(k):
    """Every (wild count, rank multiset with ≤ 4 of a rank) gets its own slot, and no slot is left."""
    ev = Evaluator(get_rules("joker-wild"), "52+2", k)
    _, high, low, plain, _, _ = ev.kernel_args7()
    seen = []
    for w in range(3):
        m = k - w
        for ms in _multisets(m):
            x_lo = sum(5**r for r in ms if r < 7)
            x_hi = sum(5 ** (r - 7) for r in ms if r >= 7)
            seen.append(int(high[w * T.N_HIGH + x_hi]) + int(low[x_lo]))
    assert sorted(seen) == list(range(plain.size))


def _multisets(m):
    def rec(start, left):
        if left == 0:
            yield ()
            return
        for r in range(start, 13):
            for rest in rec(r, left - 1):
                yield (r, *rest)
    return [ms for ms in rec(0, m) if max((ms.count(r) for r in set(ms)), default=0) <= 4]


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("bad", [-1, 55, 63, 64, -(2**40)])
def test_codes_that_are_no_card_are_refused(bad, k):
    ev = Evaluator(get_rules("standard"), "52", k)
    hands = np.array([[0, 5, 9, 13, 22, 30, 41][:k]] * 3, np.int64)
    hands[1, 4] = bad
    with pytest.raises(CardError, match="card codes out of range"):
        ev.score_batch(hands, parallel=False)


def test_a_joker_that_is_not_wild_is_no_card_in_seven():
    ev = Evaluator(get_rules("standard"), "52", 7)
    with pytest.raises(CardError, match="card codes out of range"):
        ev.score_batch(np.array([[0, 5, 9, 13, 52, 30, 41]], np.int64))
