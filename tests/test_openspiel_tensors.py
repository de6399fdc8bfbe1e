"""The wrapped games' observation tensors (the same information as their strings) and the draws
from the stock as chance nodes."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed (pip install '.[openspiel]')")

from analyzer.openspiel.registry import register_all  # noqa: E402

register_all()

CASES = [
    ("joker_odds_georgian_joker", {"cards": 4}, 6),
    ("joker_odds_georgian_joker", {}, 3),
    ("joker_odds_joker54", {"cards": 4}, 4),
    ("joker_odds_short_tricks", {}, 6),
    ("joker_odds_durak", {}, 4),
    ("joker_odds_durak", {"players": 3}, 3),
    ("joker_odds_rummy", {"players": 2, "max_turns": 30}, 2),
]


def _games(name: str, params: dict, games: int, seed: int = 5):  # type: ignore[no-untyped-def]
    """Every state of ``games`` random plays (chance sampled by its probabilities)."""
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(seed)
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            yield s
            if s.is_chance_node():
                acts, probs = zip(*s.chance_outcomes(), strict=True)
                s.apply_action(int(rng.choice(acts, p=np.asarray(probs) / sum(probs))))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize(("name", "params", "games"), CASES)
def test_tensor_holds_what_the_string_says(name: str, params: dict, games: int) -> None:
    game = pyspiel.load_game(name, params)
    assert game.get_type().provides_information_state_tensor and game.get_type().provides_observation_tensor
    size = game.information_state_tensor_size()
    by_text: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for s in _games(name, params, games):
        if s.is_chance_node():
            continue
        for p in range(game.num_players()):
            t = np.asarray(s.information_state_tensor(p), np.float32)
            assert t.size == size and np.array_equal(t, np.asarray(s.observation_tensor(p), np.float32))
            text, key = s.information_state_string(p), t.tobytes()
            assert by_text.setdefault(text, key) == key, text
            assert by_tensor.setdefault(key, text) == text, text
    assert len(by_text) > 10


@pytest.mark.parametrize(("name", "params", "hidden"), [
    ("joker_odds_durak", {}, 38 - 13),  # all but the hands and the turned card
    ("joker_odds_joker54", {"cards": 4}, 54 - 13),
    ("joker_odds_rummy", {"players": 2, "max_turns": 30}, None),
])
def test_draws_are_chance_nodes(name: str, params: dict, hidden: int | None) -> None:
    dealt = draws = 0
    for s in _games(name, params, 2, seed=11):
        if not s.is_chance_node():
            continue
        outs = s.chance_outcomes()
        assert abs(sum(p for _a, p in outs) - 1.0) < 1e-9
        if s.inner is None:
            dealt += 1
        elif not s.lot:
            assert len(outs) == len({a for a, _p in outs}) and s.due > 0
            draws += 1
    assert draws > 0
    if hidden is not None:
        assert draws == 2 * hidden  # the whole stock is drawn in these games
