"""Pinned numbers of short poker for tricks: every ``tricks`` command of the game and its deal/study
kernels give, for the same seed, the very numbers they gave before the game became a rule set of the
shared trick engine (its own loop and search before; ``tests/data/short_tricks_pinned.json`` was
recorded from that code)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pins import cases, check_command, digest

PINS = json.loads((Path(__file__).parent / "data" / "short_tricks_pinned.json").read_text())
FAST = {"play_heuristic", "play_alone_3p", "play_schedule", "solve_march", "solve_mixed", "solve_mixed_alone",
        "hand_odds"}  # game_odds_mixed (~10 CPU-s) runs under slow; hand_odds keeps the odds chain in the default run
OVERRIDES = {"default": [], "odessa": ["deck=32+2"], "alone": ["partners=false", "players=3"]}


@pytest.mark.parametrize("name", cases(PINS, FAST))
def test_short_tricks_command_numbers_are_pinned(name: str) -> None:
    check_command(PINS["cli"][name])


@pytest.mark.parametrize("name", list(OVERRIDES))
def test_short_tricks_kernels_are_pinned(name: str) -> None:
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.short_chunks import deals_chunk, features_chunk, trick_bits
    from analyzer.games.tricks.rules import short_rules

    r = short_rules("short-tricks", OVERRIDES[name])
    pack = np.array(trick_bits(r), np.int64)
    pol = np.ones(r.players, np.int64)
    pol[1] = 0
    dd = deals_chunk(chunk_state(7, 1), 300, pack.copy(), r.params(), pol, 1, np.zeros(5, np.int64))
    feats = features_chunk(chunk_state(8, 2), 300, pack.copy(), r.params(), pol)
    assert digest(dd) == PINS["kernels"][f"dd-{name}"]
    assert digest(feats) == PINS["kernels"][f"features-{name}"]
