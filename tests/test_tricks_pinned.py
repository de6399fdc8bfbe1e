"""Pinned numbers: every ``tricks`` command and the study kernels give, for the same seed, the very
numbers they gave before the package was split into rules, kernels, policies, search and analysis
(one playout loop, one alpha-beta skeleton). The expected outputs were recorded from the code
before the split (``tests/data/tricks_pinned.json``); the slow ones run under ``-m slow``."""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main

PINS = json.loads((Path(__file__).parent / "data" / "tricks_pinned.json").read_text())
FAST = {"play_georgian_mixed", "play_54_drawing", "play_schedule", "play_pimc_georgian", "bid_heuristic",
        "bid_54_drawing", "bid_pimc", "bid_exact", "strength_georgian", "joker_value", "solve"}
VOLATILE = {"seconds", "elapsed", "time", "rate", "trials_per_second", "workers", "backend"}


def _strip(x: Any) -> Any:
    """The output without what depends on the machine (timings, the backend)."""
    if isinstance(x, dict):
        return {k: _strip(v) for k, v in x.items() if k not in VOLATILE}
    if isinstance(x, list):
        return [_strip(v) for v in x]
    return x


def _cases() -> list[Any]:
    return [pytest.param(name, marks=() if name in FAST else pytest.mark.slow, id=name)
            for name in sorted(PINS["cli"])]


@pytest.mark.parametrize("name", _cases())
def test_command_numbers_are_pinned(name: str) -> None:
    pin = PINS["cli"][name]
    res = CliRunner().invoke(main, ["tricks", *shlex.split(pin["args"]), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert _strip(json.loads(res.output)) == _strip(pin["json"])


def _digest(a: np.ndarray) -> str:
    a = np.ascontiguousarray(np.asarray(a, np.int64))
    return hashlib.sha256(a.tobytes()).hexdigest()[:16] + f":{int(a.sum())}"


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
    assert {"features": _digest(f), "hook": _digest(h)} == PINS["kernels"][f"{game}-{cards}"]
