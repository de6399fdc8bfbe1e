"""Pinned numbers of short poker for tricks: every ``tricks`` command of the game and its deal/study
kernels give, for the same seed, the very numbers they gave before the game became a rule set of the
shared trick engine (its own loop and search before; ``tests/data/short_tricks_pinned.json`` was
recorded from that code)."""

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

PINS = json.loads((Path(__file__).parent / "data" / "short_tricks_pinned.json").read_text())
FAST = {"play_heuristic", "play_alone_3p", "play_schedule", "solve_march", "solve_mixed", "solve_mixed_alone",
        "hand_odds", "game_odds_mixed"}
VOLATILE = {"seconds", "elapsed", "time", "rate", "trials_per_second", "workers", "backend"}
OVERRIDES = {"default": [], "odessa": ["deck=32+2"], "alone": ["partners=false", "players=3"]}


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
def test_short_tricks_command_numbers_are_pinned(name: str) -> None:
    pin = PINS["cli"][name]
    res = CliRunner().invoke(main, ["tricks", *shlex.split(pin["args"]), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert _strip(json.loads(res.output)) == _strip(pin["json"])


def _digest(a: np.ndarray) -> str:
    a = np.ascontiguousarray(np.asarray(a, np.int64))
    return hashlib.sha256(a.tobytes()).hexdigest()[:16] + f":{int(a.sum())}"


@pytest.mark.parametrize("name", list(OVERRIDES))
def test_short_tricks_kernels_are_pinned(name: str) -> None:
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.rules import short_rules
    from analyzer.games.tricks.short_chunks import deals_chunk, features_chunk, trick_bits

    r = short_rules("short-tricks", OVERRIDES[name])
    pack = np.array(trick_bits(r), np.int64)
    pol = np.ones(r.players, np.int64)
    pol[1] = 0
    dd = deals_chunk(chunk_state(7, 1), 300, pack.copy(), r.params(), pol, 1, np.zeros(5, np.int64))
    feats = features_chunk(chunk_state(8, 2), 300, pack.copy(), r.params(), pol)
    assert _digest(dd) == PINS["kernels"][f"dd-{name}"]
    assert _digest(feats) == PINS["kernels"][f"features-{name}"]
