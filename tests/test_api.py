"""The public Python API: façades with explicit ``__all__``, frozen results with to_dict/to_frame."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pandas as pd
import pytest

import analyzer
from analyzer.games.calling.exact import CallingExact
from analyzer.games.calling.sample import CallingSample
from analyzer.games.stud.advise import Advice
from analyzer.games.stud.edge import EdgeResult
from analyzer.games.stud.exchange import ExchangeEdge
from analyzer.games.videopoker.exact import Analysis
from analyzer.games.videopoker.montecarlo import MonteCarloCheck
from analyzer.games.videopoker.strategy import StrategyTable
from analyzer.results import TableResult

FACADES = ("videopoker", "stud", "calling", "betting")


def test_package_exports_every_game_facade() -> None:
    assert set(FACADES) <= set(analyzer.__all__)
    for name in analyzer.__all__:
        assert getattr(analyzer, name) is not None, name


@pytest.mark.parametrize("facade", FACADES)
def test_each_facade_has_an_explicit_all_that_resolves(facade: str) -> None:
    module = getattr(analyzer, facade)
    assert module.__name__ == f"analyzer.games.{facade}.api"
    assert module.__all__ and len(set(module.__all__)) == len(module.__all__)
    for name in module.__all__:
        assert getattr(module, name) is not None, name


@pytest.mark.parametrize("cls", [Analysis, StrategyTable, MonteCarloCheck, EdgeResult, ExchangeEdge, Advice,
                                 CallingExact, CallingSample])
def test_result_objects_are_frozen_table_results(cls: type) -> None:
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert issubclass(cls, TableResult)


def test_calling_result_to_dict_and_frame() -> None:
    ex = analyzer.calling.exact_calling(analyzer.calling.calling_game("treize"))
    d = ex.to_dict()
    json.dumps(d)  # plain values only
    assert d["game"] == "treize" and d["rows"][0]["quantity"] == "P(no match)"
    assert Fraction(d["rows"][0]["exact"]) == ex.p_no_match
    frame = ex.to_frame()
    assert isinstance(frame, pd.DataFrame) and list(frame["quantity"])[:2] == ["P(no match)", "P(banker wins)"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ex.total = 0  # type: ignore[misc]


def test_edge_result_frame_lists_the_events() -> None:
    res = EdgeResult("demo", "optimal", "exact", ev=-0.05,
                     events=[{"event": "win", "probability": 0.4}, {"event": "lose", "probability": 0.6}])
    assert res.to_frame()["probability"].tolist() == [0.4, 0.6]
    assert res.to_dict()["house_edge"] == 0.05


def test_frequency_table_to_frame() -> None:
    from analyzer.frequencies import exact_frequencies

    table = exact_frequencies("standard", "52", 5)
    frame = table.to_frame()
    assert frame.loc[frame["category"] == "royal_flush", "count"].item() == 4


def test_evaluator_repr_names_rules_and_deck() -> None:
    assert repr(analyzer.Evaluator("deuces-wild")) == (
        "Evaluator('deuces-wild', deck='52', k=5, mode='wild', wild=['2'])")
