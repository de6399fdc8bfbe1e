"""The library exports what the CLI computes: every command maps to façade calls that resolve,
docs/api.md is that map, and every result type a façade returns has to_dict() and to_frame()."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import click
import pytest

import analyzer
from analyzer.cli import main
from analyzer.cli.apimap import API, api_markdown, resolve
from analyzer.games import GAME_PACKAGES

DOCS = Path(__file__).resolve().parents[1] / "docs"
FACADES = [g for g in GAME_PACKAGES if g in analyzer.__all__]
# what a façade call takes or builds as input, or a plain value: not a result
NOT_RESULTS = {"Any", "None", "bool", "int", "float", "str", "list", "dict", "tuple", "Fraction", "Sequence",
               "ndarray", "np", "PayTable", "StudGame", "TrickRules", "DurakRules", "CallingGame", "Deal",
               "Solver", "BidSituation", "RuleSet", "Qualifier", "BettingRound", "Pot", "PotAward",
               "ActionRecord", "LadderStep", "DurakState", "RummyState", "TrickState", "CallingTask", "Meld"}


def _leaves(group: click.Group = main, path: tuple[str, ...] = ()) -> list[str]:
    out = []
    for name in group.list_commands(click.Context(group)):
        cmd = group.get_command(click.Context(group), name)
        if isinstance(cmd, click.Group):
            out += _leaves(cmd, (*path, name))
        else:
            out.append(" ".join((*path, name)))
    return out


def test_every_command_is_mapped() -> None:
    assert sorted(API) == sorted(_leaves())


@pytest.mark.parametrize("command", sorted(API))
def test_every_mapped_call_resolves(command: str) -> None:
    for name in API[command]:
        assert callable(resolve(name)), name
        parts = name.split(".")
        if parts[1] in FACADES:  # a façade name is in its __all__
            assert parts[2] in getattr(analyzer, parts[1]).__all__, name


def test_api_page_is_current() -> None:
    """Fails when the map changed: run `make docs` (python -m analyzer.cli.apimap)."""
    assert (DOCS / "api.md").read_text(encoding="utf-8") == api_markdown()


def _returned_classes(facade: str) -> dict[str, type]:
    module = getattr(analyzer, facade)
    found: dict[str, type] = {}
    for name in module.__all__:
        obj = getattr(module, name)
        if not inspect.isfunction(obj):
            continue
        ann = inspect.signature(obj).return_annotation
        text = ann if isinstance(ann, str) else getattr(ann, "__name__", str(ann))
        for ident in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text):
            cls = getattr(module, ident, None) or inspect.getmodule(obj).__dict__.get(ident)
            if ident not in NOT_RESULTS and inspect.isclass(cls):
                found[f"{name} -> {ident}"] = cls
    return found


@pytest.mark.parametrize("facade", FACADES)
def test_every_returned_result_has_to_dict_and_to_frame(facade: str) -> None:
    missing = [k for k, cls in _returned_classes(facade).items()
               if not (callable(getattr(cls, "to_dict", None)) and callable(getattr(cls, "to_frame", None)))]
    assert missing == []


def test_the_walk_finds_the_results_the_issue_named() -> None:
    assert "bid_table -> BidTable" in _returned_classes("tricks")
    assert "advise -> HoldAdvice" in _returned_classes("videopoker")
    assert "simulate_durak -> DurakSimulation" in _returned_classes("durak")
