"""One source of truth for run sizes: the code runs, ``--help`` states and the README quotes the
constants of ``analyzer.defaults``."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from analyzer import defaults, engine
from analyzer.cli import main
from analyzer.defaults import CHUNK, COUNT, COUNT_PIMC, PIMC_BID_K, PIMC_K, chunk_for, chunk_help

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
# every command with --chunk-size → the CHUNK entries its help states
CHUNKED = {
    ("freq",): ["freq"],
    ("simulate",): ["simulate"],
    ("durak", "simulate"): ["durak simulate"],
    ("durak", "odds"): ["durak odds"],
    ("rummy", "open"): ["rummy open"],
    ("rummy", "turns"): ["rummy turns"],
    ("rummy", "points"): ["rummy points"],
    ("tricks", "play"): ["tricks play", "tricks play --schedule"],
    ("tricks", "bid"): ["tricks bid"],
    ("tricks", "strength"): ["tricks strength"],
    ("tricks", "joker-value"): ["tricks joker-value"],
    ("tricks", "hand-odds"): ["tricks hand-odds"],
    ("tricks", "game-odds"): ["tricks game-odds"],
    ("equity",): ["equity"],
}


def _command(path: tuple[str, ...]) -> click.Command:
    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        sub = cmd.get_command(click.Context(cmd), name)
        assert sub is not None, path
        cmd = sub
    return cmd


def _option(cmd: click.Command, name: str) -> click.Option:
    (opt,) = [p for p in cmd.params if isinstance(p, click.Option) and name in p.opts]
    return opt


def _every_command(group: click.Group = main, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for name in group.list_commands(click.Context(group)):
        cmd = group.get_command(click.Context(group), name)
        if isinstance(cmd, click.Group):
            out += _every_command(cmd, (*path, name))
        elif cmd is not None:
            out.append((*path, name))
    return out


def test_every_chunked_command_is_listed() -> None:
    found = {p for p in _every_command() if any("--chunk-size" in q.opts for q in _command(p).params)}
    assert found == set(CHUNKED)


@pytest.mark.parametrize("path", list(CHUNKED), ids=" ".join)
def test_chunk_size_help_states_the_constant(path: tuple[str, ...]) -> None:
    text = " ".join((_option(_command(path), "--chunk-size").help or "").split())
    for name in CHUNKED[path]:
        assert chunk_help(name) in text, (path, text)


def test_library_signatures_use_the_constants() -> None:
    from analyzer.games.durak.odds import hand_odds
    from analyzer.games.durak.simulate import simulate_durak
    from analyzer.games.durak.strength import strength as durak_strength
    from analyzer.games.rummy.odds import open_odds
    from analyzer.games.rummy.points import points_left
    from analyzer.games.rummy.turns import turns_to_open
    from analyzer.games.tricks.analysis.bidding import bid_table
    from analyzer.games.tricks.analysis.strength import pimc_cfg
    from analyzer.games.tricks.analysis.strength import strength as tricks_strength

    def default(f: Any, name: str) -> Any:
        return inspect.signature(f).parameters[name].default

    assert engine.DEFAULT_CHUNK == CHUNK["freq"] == CHUNK["simulate"]
    assert default(engine.run, "chunk_size") == CHUNK["freq"]
    from analyzer.games.durak.simulate import chunk_for as durak_chunk

    assert default(simulate_durak, "chunk_size") is None  # chosen by the lineup: tree searches chunk small
    assert durak_chunk(["heuristic", "random"]) == CHUNK["durak simulate"]
    assert default(hand_odds, "chunk_size") is None and CHUNK["durak odds"] == durak_chunk(["heuristic"])
    assert default(durak_strength, "chunk_size") == CHUNK["durak strength"]
    assert default(open_odds, "chunk_size") == CHUNK["rummy open"]
    assert default(turns_to_open, "chunk_size") == CHUNK["rummy turns"]
    assert default(points_left, "chunk_size") == CHUNK["rummy points"]
    assert default(pimc_cfg, "k") == default(tricks_strength, "k") == PIMC_K
    assert default(bid_table, "k") == PIMC_BID_K
    assert _option(_command(("tricks", "play")), "--k").default == PIMC_K
    assert _option(_command(("tricks", "strength")), "--k").default == PIMC_K
    assert _option(_command(("tricks", "bid")), "--k").default == PIMC_BID_K


class _Ran(Exception):
    """Raised by the fake engine with what the command asked it to run."""

    def __init__(self, trials: int | None, chunk_size: int) -> None:
        super().__init__()
        self.trials, self.chunk_size = trials, chunk_size


def _fake_run(task: Any, trials: int | None = None, seed: int = 0, chunk_size: int = 0, **_: Any) -> Any:
    raise _Ran(trials, chunk_size)


@pytest.mark.parametrize(("module", "args", "key", "pimc"), [
    ("bidding", ("tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids", "1,0"),
     "tricks bid", False),
    ("bidding", ("tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids", "1,0",
                 "--policy", "pimc"), "tricks bid", True),
    ("selfplay", ("tricks", "play", "--cards", "3"), "tricks play", False),
    ("selfplay", ("tricks", "play", "--cards", "3", "--policy-seat", "0=pimc"), "tricks play", True),
    ("selfplay", ("tricks", "play", "--schedule"), "tricks play --schedule", False),
    ("selfplay", ("tricks", "play", "--schedule", "--policy-seat", "0=pimc"), "tricks play --schedule", True),
    ("joker_value", ("tricks", "joker-value", "--cards", "3"), "tricks joker-value", False),
])
def test_a_default_run_is_the_stated_one(monkeypatch: pytest.MonkeyPatch, module: str, args: tuple[str, ...],
                                         key: str, pimc: bool) -> None:
    """What the command hands the engine when given no count and no chunk size."""
    import importlib

    monkeypatch.setattr(importlib.import_module(f"analyzer.games.tricks.analysis.{module}"), "run", _fake_run)
    res = CliRunner().invoke(main, list(args))
    assert isinstance(res.exception, _Ran), res.output
    assert res.exception.chunk_size == chunk_for(key, pimc)
    assert res.exception.trials == (COUNT_PIMC.get(key, COUNT[key]) if pimc else COUNT[key])


def test_tricks_strength_default_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.games.tricks.analysis.strength as mod

    monkeypatch.setattr(mod, "run", _fake_run)
    for a, pimc in (("pimc", True), ("random", False)):
        res = CliRunner().invoke(main, ["tricks", "strength", "--cards", "3", "--a", a])
        assert isinstance(res.exception, _Ran), res.output
        assert res.exception.chunk_size == chunk_for("tricks strength", pimc)


def test_readme_quotes_the_constants() -> None:
    text = " ".join(README.split())
    k = re.search(r"K worlds \((\d+) by default; `tricks bid`: (\d+)\)", text)
    assert k is not None, "README: pimc's K and tricks bid's K"
    assert (int(k[1]), int(k[2])) == (PIMC_K, PIMC_BID_K)
    assert f"{CHUNK['freq']:,}" in text


def test_defaults_module_names_every_constant() -> None:
    assert set(defaults.__all__) >= {"CHUNK", "COUNT", "PIMC_K", "PIMC_BID_K"}
