"""The perfect-hash 5-card batch path (analyzer/kernels/table5.py) against the per-hand key5 path:
exhaustively on short decks, on random hands of every preset (a third with every wild card of the
deck forced in), serial = parallel; the hash is collision-free and small; codes that are no card of
the deck are refused. (The independent brute-force reference checks the same batch path in
tests/test_evaluator_reference.py.)"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from random_hands import hands_with_wilds

from analyzer.cards import CardError
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.kernels import evaluate as K
from analyzer.kernels import table5 as T5
from analyzer.kernels import table7
from analyzer.rules import get_rules, preset_names
from analyzer.scoretable import reachable_keys


def _old(ev: Evaluator, hands: np.ndarray) -> np.ndarray:
    out = np.empty(hands.shape[0], np.int32)
    K.score_batch_serial(hands, ev.table, ev.wbits, out)
    return out


def _hands(ev: Evaluator, n: int, seed: int) -> np.ndarray:
    """Random hands, a third of them with every wild card of the deck (up to four) forced in."""
    deck = ev.deck.cards.astype(np.int64)
    return hands_with_wilds(deck, deck[ev.wild[deck].astype(bool)][:4], 5, n, np.random.default_rng(seed))


def _evaluators() -> list[Evaluator]:
    out = []
    for name in preset_names():
        rules = get_rules(name)
        if rules.four_flush:
            continue
        for deck in (None, "52+2", "36+2"):
            try:
                out.append(Evaluator(rules, deck, 5))
            except JokerOddsError:
                continue
    return out


@pytest.mark.parametrize(("rules", "deck"), [("joker-wild", "32+1"), ("bug", "36+2"), ("standard", "32"),
                                             ("j-poker", "36+2")])
def test_every_hand_of_a_short_deck_scores_as_key5(rules: str, deck: str) -> None:
    ev = Evaluator(get_rules(rules), deck, 5)
    hands = np.array(list(combinations(ev.deck.cards.astype(np.int64).tolist(), 5)), np.int64)
    assert np.array_equal(ev.score_batch(hands, parallel=False), _old(ev, hands))


def test_random_hands_of_every_preset_score_as_key5() -> None:
    for i, ev in enumerate(_evaluators()):
        hands = _hands(ev, 30_000, i)
        want = _old(ev, hands)
        assert np.array_equal(ev.score_batch(hands, parallel=False), want), ev
        assert np.array_equal(ev.score_batch(np.tile(hands, (2, 1)), parallel=True), np.tile(want, 2)), ev


def test_the_hash_is_perfect_and_small() -> None:
    for ev in _evaluators():
        _, _, shift_a, shift_b, mask_a, disp, slots, table, _ = ev.kernel_args5()
        m = 13 - ev.deck.lowest_rank
        max_w = int(min(5, (ev.deck.max_copies * ev.wild).sum()))
        n_keys = sum(reachable_keys(5 - w, m) for w in range(min(max_w, 3) + 1))
        assert int((slots >= 0).sum()) == n_keys  # no two keys on one slot
        assert slots.size <= 16384 and disp.size == slots.size // 4 and disp.dtype == np.uint16
        tbits, dbits = slots.size.bit_length() - 1, disp.size.bit_length() - 1
        assert (int(shift_a), int(shift_b), int(mask_a)) == (64 - dbits - tbits, 64 - dbits, slots.size - 1)
        # the scores are the flat table's own
        assert set(slots[slots >= 0].tolist()) <= set(table[table >= 0].tolist())


def test_the_rank_part_of_a_word_is_its_quinary_digit() -> None:
    words = table7.card_words(0)
    for r in range(13):
        digit = 5**r if r < 7 else 5 ** (r - 7) << 17
        assert all(int(words[4 * r + s]) & T5.KEY_MASK == digit for s in range(4))


@pytest.mark.parametrize("bad", [-1, 53, 55, 63, 64, -(2**40)])
def test_codes_that_are_no_card_of_the_deck_are_refused(bad: int) -> None:
    ev = Evaluator(get_rules("joker-wild"), "52+1", 5)
    hands = np.array([[0, 5, 9, 13, 52]] * 3, np.int64)
    hands[1, 3] = bad
    with pytest.raises(CardError, match="card codes out of range"):
        ev.score_batch(hands, parallel=False)


def test_a_card_below_a_short_deck_is_refused() -> None:
    ev = Evaluator(get_rules("standard"), "32", 5)
    two_of_clubs = 0
    with pytest.raises(CardError, match="not in deck 32"):
        ev.score_batch(np.array([[two_of_clubs, 30, 34, 40, 51]], np.int64), parallel=False)
