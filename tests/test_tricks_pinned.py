"""Pinned numbers: every ``tricks`` command and the study kernels give, for the same seed, the very
numbers they gave before the package was split into rules, kernels, policies, search and analysis
(one playout loop, one alpha-beta skeleton). The expected outputs were recorded from the code
before the split (``tests/data/tricks_pinned.json``); ``play_pimc_bid_54`` from the code before
pimc's playout bids let one play stand for two bids (49d1ca0). The slow ones run under ``-m slow``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pins import cases, check_command, digest

PINS = json.loads((Path(__file__).parent / "data" / "tricks_pinned.json").read_text())
FAST = {"play_georgian_mixed", "play_54_drawing", "play_schedule", "play_pimc_georgian", "play_pimc_bid_54", "bid_heuristic",
        "bid_54_drawing", "bid_pimc", "bid_exact", "strength_georgian", "joker_value", "solve"}


@pytest.mark.parametrize("name", cases(PINS, FAST))
def test_command_numbers_are_pinned(name: str) -> None:
    check_command(PINS["cli"][name])


@pytest.mark.parametrize(("game", "cards"), [("georgian-joker", 6), ("joker-54", 7)])
def test_study_kernels_are_pinned(game: str, cards: int) -> None:
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.study_kernels import features_chunk, hook_chunk
    from analyzer.games.tricks.deck import deck_array, trick_deck
    from analyzer.games.tricks.rules import trick_rules

    r = trick_rules(game)
    pack = deck_array(trick_deck(r.deck))
    pol = np.ones(r.players, np.int64)
    pol[1] = 0
    f = features_chunk(chunk_state(11, 2), 300, pack, r.players, cards, r.players - 1, r.params(), pol,
                       np.zeros(5, np.int64), True)
    h = hook_chunk(chunk_state(12, 3), 400, pack, r.players, cards, r.params(),
                   trick_rules(game, ["hook=off"]).params(), pol, True)
    assert {"features": digest(f), "hook": digest(h)} == PINS["kernels"][f"{game}-{cards}"]


def _study_inputs(game: str, over: list[str]) -> tuple[object, np.ndarray]:
    from analyzer.games.tricks.deck import deck_array, trick_deck
    from analyzer.games.tricks.rules import trick_rules

    r = trick_rules(game, over)
    return r, deck_array(trick_deck(r.deck))


# (game, rule overrides, cards, studied seat): seat 0 under the hook (the dealer's bid may turn on
# the studied bid), the dealer himself, drawing (more tricks than cards), no drawing
REUSE_CASES = [("georgian-joker", [], 5, 0), ("georgian-joker", [], 9, 3), ("joker-54", [], 6, 0),
               ("joker-54", ["draw=none"], 4, 1)]


@pytest.mark.parametrize(("game", "over", "cards", "seat"), REUSE_CASES)
def test_feature_totals_reusing_a_higher_bids_play_equal_playing_every_bid(game: str, over: list[str], cards: int,
                                                                            seat: int) -> None:
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.study_kernels import features_chunk

    r, pack = _study_inputs(game, over)
    pol = np.ones(r.players, np.int64)
    args = (chunk_state(21, 4), 400, pack, r.players, cards, seat, r.params(), pol, np.zeros(5, np.int64))
    assert np.array_equal(features_chunk(*args, True), features_chunk(*args, False))


@pytest.mark.parametrize("dealer", [1, 0])  # the heuristic dealer, a random one (bids on the stream)
@pytest.mark.parametrize(("game", "over", "cards"), [("georgian-joker", [], 3), ("joker-54", [], 5)])
def test_hook_totals_reusing_the_play_without_it_equal_playing_both(game: str, over: list[str], cards: int,
                                                                     dealer: int) -> None:
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.study_kernels import hook_chunk
    from analyzer.games.tricks.rules import trick_rules

    r, pack = _study_inputs(game, over)
    pol = np.ones(r.players, np.int64)
    pol[-1] = dealer
    args = (chunk_state(22, 5), 600, pack, r.players, cards, r.params(), trick_rules(game, [*over, "hook=off"]).params(),
            pol)
    assert np.array_equal(hook_chunk(*args, True), hook_chunk(*args, False))
