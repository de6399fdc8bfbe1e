"""The façades of the move-by-move games (durak, rummy, tricks): explicit ``__all__``, frozen
results with to_dict/to_frame, and the same numbers on the Dask backend as locally."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest

import analyzer
from analyzer.games.durak.odds import HandOdds
from analyzer.games.durak.simulate import DurakSimulation
from analyzer.games.durak.strength import Strength
from analyzer.games.rummy.odds import OpenOdds
from analyzer.games.rummy.points import PointsResult
from analyzer.games.rummy.solver import Opening
from analyzer.games.rummy.turns import TurnsResult
from analyzer.games.tricks.analysis.selfplay import GamesResult, PlayResult
from analyzer.games.tricks.api import ParanoidValues
from analyzer.results import TableResult

GAMES = ("durak", "rummy", "tricks")


def test_package_lists_the_new_facades_without_loading_numba() -> None:
    code = ("import sys, analyzer; print(all(g in analyzer.__all__ for g in ('durak', 'rummy', 'tricks')), "
            "'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False"]


@pytest.mark.parametrize("game", GAMES)
def test_facade_resolves_with_an_explicit_all(game: str) -> None:
    module = getattr(analyzer, game)
    assert module.__name__ == f"analyzer.games.{game}.api"
    assert module.__all__ and len(set(module.__all__)) == len(module.__all__)
    for name in module.__all__:
        assert getattr(module, name) is not None, name


@pytest.mark.parametrize("cls", [DurakSimulation, HandOdds, Strength, Opening, OpenOdds, TurnsResult,
                                 PointsResult, PlayResult, GamesResult, ParanoidValues])
def test_result_objects_are_frozen_table_results(cls: type) -> None:
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert issubclass(cls, TableResult)


def _check_frame(result: TableResult, rows: int, column: str) -> pd.DataFrame:
    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == rows and column in frame.columns
    d = result.to_dict()
    json.dumps(d)  # plain values only
    return frame


# --- durak ------------------------------------------------------------------------------------

def test_durak_simulation_frame_is_the_seat_table() -> None:
    durak = analyzer.durak
    sim = durak.simulate_durak(durak.durak_rules(players=3), ["heuristic"] * 3, games=300, seed=4, quiet=True)
    frame = _check_frame(sim, 3, "p_fool")
    assert frame["seat"].tolist() == [0, 1, 2]
    assert int(frame["fools"].sum()) + sim.draws + sim.aborted == 300
    assert frame["p_fool"].tolist() == [r["p_fool"] for r in sim.seat_rows()]
    d = sim.to_dict()
    assert d["games"] == 300 and d["players"] == 3 and len(d["rows"]) == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        sim.seed = 0  # type: ignore[misc]


def test_durak_hand_odds_and_strength_frames() -> None:
    durak = analyzer.durak
    rules = durak.durak_rules()
    odds = durak.hand_odds(rules, "As Jk1 7h 9c Td Qs", "h", games=200, seed=2, quiet=True)
    frame = _check_frame(odds, 6, "estimate")
    assert frame["quantity"].tolist()[:2] == ["p_fool", "p_draw"]
    assert frame.loc[0, "estimate"] == odds.p_fool.estimate and odds.to_dict()["games"] == 200
    s = durak.strength(rules, ["heuristic", "random"], deals=100, seed=1, quiet=True)
    frame = _check_frame(s, 2, "score")
    assert frame["policy"].tolist() == ["heuristic", "random"]
    assert frame["score"].sum() == pytest.approx(1.0, abs=1e-12)  # heads-up scores add up to one
    assert s.to_dict()["deals"] == 100


# --- rummy ------------------------------------------------------------------------------------

def test_rummy_best_opening_frame_lists_the_melds() -> None:
    res = analyzer.rummy.best_opening("9c Tc Jc Th Td Ts 2d")
    frame = _check_frame(res, 2, "points")
    assert frame.to_dict("records") == [{"kind": "run", "cards": "9c Tc Jc", "points": 29},
                                        {"kind": "set", "cards": "Td Th Ts", "points": 30}]
    assert res.to_dict()["melds"][0] == {"kind": "run", "cards": ["9c", "Tc", "Jc"], "points": 29}


def test_rummy_sampled_results_frames() -> None:
    rummy = analyzer.rummy
    odds = rummy.open_odds(cards=14, trials=2_000, seed=1, chunk_size=1_000, quiet=True)
    frame = _check_frame(odds, 1 + len(odds.by_jokers_trials()), "p_open")
    assert frame.loc[0, "jokers"] == "all" and frame.loc[0, "trials"] == 2_000
    assert odds.to_dict()["p_open"] == odds.p_open.estimate
    turns = rummy.turns_to_open(players=3, trials=100, seed=1, chunk_size=50, quiet=True)
    frame = _check_frame(turns, 4, "p_by_5")  # three seats and "any seat"
    assert frame["who"].tolist() == ["seat0", "seat1", "seat2", "any seat"]
    assert turns.to_dict()["trials"] == 100
    pts = rummy.points_left(players=3, trials=30, seed=2, chunk_size=15, quiet=True)
    frame = _check_frame(pts, 3, "p_out")
    assert frame["deals"].tolist() == [int(h.sum()) for h in pts.seat_hist]
    assert pts.to_dict()["deals"] == 30


# --- tricks -----------------------------------------------------------------------------------

def test_tricks_solve_frame_has_every_seat() -> None:
    res = analyzer.tricks.solve("georgian-joker", ["Ah 7c", "Kh 8c", "Qh 9c", "Jh Tc"], "none", 0,
                                analyzer.tricks.Solver(12))
    frame = _check_frame(res, 4, "paranoid")
    assert frame["paranoid"].tolist() == [1, 0, 0, 1] and frame["hand"].tolist()[0] == "Ah 7c"  # as given
    assert res.to_dict()["best_leads"] == ["7c", "Ah"]


def test_tricks_self_play_frames() -> None:
    tricks = analyzer.tricks
    rules = tricks.trick_rules("georgian-joker")
    deals = tricks.play_deals(rules, 3, ["heuristic"] * 4, deals=500, seed=1)
    frame = _check_frame(deals, 4, "mean_score")
    assert frame["seat"].tolist() == [0, 1, 2, 3]
    assert frame["mean_tricks"].sum() == pytest.approx(3.0, abs=1e-12)
    assert deals.to_dict()["deals"] == 500


# --- the Dask backend gives the local numbers -------------------------------------------------

@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                      host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_durak_same_numbers_on_dask(scheduler: str) -> None:
    durak = analyzer.durak
    kw: dict[str, Any] = {"games": 600, "seed": 5, "chunk_size": 100, "quiet": True}
    local = durak.simulate_durak(durak.durak_rules(), ["heuristic", "random"], **kw)
    dask = durak.simulate_durak(durak.durak_rules(), ["heuristic", "random"], backend="dask",
                                scheduler=scheduler, **kw)
    assert np.array_equal(local.totals, dask.totals) and dask.games == 600
    assert repr(dask.to_dict()) == repr(local.to_dict())  # repr: a group with no games is nan in both


def test_rummy_same_numbers_on_dask(scheduler: str) -> None:
    kw: dict[str, Any] = {"cards": 14, "trials": 4_000, "seed": 3, "chunk_size": 500, "quiet": True}
    local = analyzer.rummy.open_odds(**kw)
    dask = analyzer.rummy.open_odds(backend="dask", scheduler=scheduler, **kw)
    assert np.array_equal(local.table, dask.table) and dask.trials == 4_000
    assert dask.summary_rows() == local.summary_rows()


def test_tricks_same_numbers_on_dask(scheduler: str) -> None:
    tricks = analyzer.tricks
    rules = tricks.trick_rules("joker-54")
    kw: dict[str, Any] = {"deals": 2_000, "seed": 7, "chunk_size": 250}
    local = tricks.play_deals(rules, 5, ["heuristic", "random", "heuristic"], **kw)
    dask = tricks.play_deals(rules, 5, ["heuristic", "random", "heuristic"], backend="dask", scheduler=scheduler,
                             **kw)
    assert np.array_equal(local.run.totals, dask.run.totals) and dask.deals == 2_000
    assert dask.rows() == local.rows()
