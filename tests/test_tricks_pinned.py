"""Pinned numbers: every ``tricks`` command and the study kernels give, for the same seed, the very
numbers they gave before the package was split into rules, kernels, policies, search and analysis
(one playout loop, one alpha-beta skeleton). The expected outputs were recorded from the code
before the split (``tests/data/tricks_pinned.json``); the slow ones run under ``-m slow``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pins import cases, check_command, digest

PINS = json.loads((Path(__file__).parent / "data" / "tricks_pinned.json").read_text())
FAST = {"play_georgian_mixed", "play_54_drawing", "play_schedule", "play_pimc_georgian", "bid_heuristic",
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
                       np.zeros(5, np.int64))
    h = hook_chunk(chunk_state(12, 3), 400, pack, r.players, cards, r.params(),
                   trick_rules(game, ["hook=off"]).params(), pol)
    assert {"features": digest(f), "hook": digest(h)} == PINS["kernels"][f"{game}-{cards}"]
