"""The joker-odds games under OpenSpiel: its random-simulation test (with serialization), the
wrapper against the project's engines move by move, and resampling from an information state."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed (pip install '.[openspiel]')")

from analyzer.openspiel.check import agreement  # noqa: E402
from analyzer.openspiel.registry import GAMES, register_all  # noqa: E402

register_all()

SIM_CASES = [
    ("joker_odds_georgian_joker", {"cards": 3}, 4),
    ("joker_odds_georgian_joker", {}, 2),  # the full deal: the first bidder names trump
    ("joker_odds_joker54", {"cards": 3}, 2),
    ("joker_odds_short_tricks", {}, 4),
    ("joker_odds_durak", {}, 2),
    ("joker_odds_durak", {"players": 3}, 1),
    ("joker_odds_rummy", {"players": 2, "max_turns": 12}, 1),
]


def test_every_game_is_registered() -> None:
    assert set(GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "params", "sims"), SIM_CASES)
def test_random_sim(name: str, params: dict, sims: int) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=sims, serialize=True, verbose=False)


AGREE_CASES = [
    ("joker_odds_georgian_joker", {"cards": 6}),
    ("joker_odds_georgian_joker", {}),
    ("joker_odds_joker54", {}),
    ("joker_odds_short_tricks", {}),
    ("joker_odds_durak", {}),
    ("joker_odds_durak", {"players": 3}),
]


@pytest.mark.parametrize(("name", "params"), AGREE_CASES)
def test_wrapper_plays_as_the_engine(name: str, params: dict) -> None:
    out = agreement(name, params, games=200, seed=7)
    assert out["mismatches"] == 0 and out["steps"] > 200 * 5


def test_rummy_plays_as_the_engine_briefly() -> None:
    out = agreement("joker_odds_rummy", {"players": 2, "max_turns": 8}, games=4, seed=7)
    assert out["mismatches"] == 0 and out["steps"] > 0


@pytest.mark.slow
def test_rummy_plays_as_the_engine() -> None:
    out = agreement("joker_odds_rummy", {"players": 3, "max_turns": 60}, games=200, seed=7)
    assert out["mismatches"] == 0


def _dealt(name: str, params: dict, seed: int, moves: int) -> object:
    game = pyspiel.load_game(name, params)
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)

    def chance() -> None:
        while s.is_chance_node():
            acts, probs = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(int(rng.choice(acts, p=np.asarray(probs) / sum(probs))))

    chance()
    for _ in range(moves):
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
        chance()  # the cards a move drew
    return s


@pytest.mark.parametrize(("name", "params", "moves"), [
    ("joker_odds_georgian_joker", {"cards": 6}, 9),
    ("joker_odds_georgian_joker", {}, 0),
    ("joker_odds_joker54", {"cards": 3}, 8),
    ("joker_odds_short_tricks", {}, 6),
    ("joker_odds_durak", {}, 6),
    ("joker_odds_rummy", {"players": 2}, 3),
])
def test_resample_keeps_what_the_player_knows(name: str, params: dict, moves: int) -> None:
    s = _dealt(name, params, 3, moves)
    p = s.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [s.resample_from_infostate(p, sampler) for _ in range(8)]
    assert all(w.information_state_string(p) == s.information_state_string(p) for w in worlds)
    assert all(sorted(w.legal_actions()) == sorted(s.legal_actions()) for w in worlds)
    assert any(pickle.dumps(w.inner) != pickle.dumps(s.inner) for w in worlds)  # the hidden cards moved


def test_openspiel_ismcts_plays_a_legal_move() -> None:
    from analyzer.openspiel.ladder import TimedISMCTSBot

    s = _dealt("joker_odds_durak", {}, 5, 2)
    bot = TimedISMCTSBot(s.get_game(), simulations=20, seed=1)
    assert bot(s, np.random.default_rng(0)) in s.legal_actions()


def test_rule_keys_are_parameters() -> None:
    g = pyspiel.load_game("joker_odds_georgian_joker", {"hook": "off", "cards": 4, "players": 3})
    assert g.num_players() == 3
    s = _dealt("joker_odds_georgian_joker", {"hook": "off", "cards": 4, "players": 3}, 1, 2)
    assert len(s.legal_actions()) == 5  # the dealer may bid any of 0..4 without the hook
    d = pyspiel.load_game("joker_odds_durak", {"deck": "cards52+2", "players": 4})
    assert d.max_chance_outcomes() == 54 and d.num_players() == 4
