"""The bidding study's kernels (paired hook deals, feature cells) and the ``tricks strength`` CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main as cli
from analyzer.engine import run
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.report.bidding import FeatureTask, HookTask, feature_rows, hook_rows
from analyzer.games.tricks.rules import trick_rules

GJ = trick_rules("georgian-joker")


def test_hook_pairs_the_same_deals() -> None:
    """With the hook 'on' and 'off' both off, the paired difference is exactly zero: the two
    plays of each deal see the same cards."""
    off = trick_rules(GJ, {"hook": "off"}).params()
    task = HookTask(off, off, deck_array(trick_deck("36j")), 4, 3, np.ones(4, np.int64))
    t = run(task, trials=3000, seed=5, chunk_size=1000, quiet=True).totals
    assert t[0] == 0 and t[1] == 0
    assert t[10] + t[13] + t[16] == 4 * 3000  # every seat counted once per deal by its jokers


def test_hook_changes_only_the_dealer_deals_where_it_binds() -> None:
    row, jokers = hook_rows(GJ, 2, 4000, 3)
    assert row["hook_cost"] != 0
    assert row["ci_high"] < 0  # the hook costs the dealer (heuristic play, 2-card deals)
    assert jokers[0]["jokers"] == 1 and jokers[0]["ci_low"] > 0  # a joker is worth points


def test_feature_cells_count_every_hand() -> None:
    task = FeatureTask(GJ.params(), deck_array(trick_deck("36j")), 4, 2, 0, np.ones(4, np.int64))
    t = run(task, trials=2000, seed=2, chunk_size=1000, quiet=True).totals.reshape(72, 3, 5)
    assert t[:, 0, 0].sum() == 2000  # bid 0 played once per deal (seat 0 is never hooked)
    rows = feature_rows(GJ, 2, 0, 2000, 2)
    two_jokers = [r for r in rows if r["jokers"] == 2]
    assert all(r["best_bid"] == 2 for r in two_jokers)  # both jokers: take both tricks


def test_strength_cli_json() -> None:
    r = CliRunner().invoke(cli, ["tricks", "strength", "--cards", "3", "--a", "heuristic", "--b", "random",
                                 "--deals", "200", "--seed", "1", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["rows"][0]["seat"] == "all" and data["rows"][0]["ci_low"] > 0


def test_pimc_bid_table_with_drawing() -> None:
    r = CliRunner().invoke(cli, ["tricks", "bid", "--game", "joker-54", "--hand", "Ah Kh", "--up", "7h",
                                 "--policy", "pimc", "--samples", "4", "--k", "2", "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["samples"] == 4




def test_whole_games_keep_every_final_total(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from analyzer.games.tricks.report import bidding as report

    monkeypatch.setattr(report, "GAMES", 60)
    rows, finals = report._games_rows()
    g = finals["georgian-joker draw=none"]
    assert g.shape == (60, 4)
    first = [r for r in rows if r["game"] == "georgian-joker"]
    assert [round(r["mean_total"], 9) for r in first] == [round(float(x), 9) for x in g.mean(axis=0)]

    def quantile(xs: list[float], p: float) -> float:  # linear between order statistics
        x = sorted(xs)
        h = (len(x) - 1) * p
        i = int(h)
        return x[i] + (h - i) * (x[min(i + 1, len(x) - 1)] - x[i])

    for r in first:
        col = [float(v) for v in g[:, r["player"]]]
        assert [r["q05"], r["median"], r["q95"]] == pytest.approx([quantile(col, p) for p in (0.05, 0.5, 0.95)])


def test_pimc_whole_games_rows_name_the_pimc_player(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from analyzer.games.tricks.report import bidding as report

    monkeypatch.setattr(report, "PIMC_GAMES", 2)
    monkeypatch.setattr(report, "K", 4)
    rows = report._pimc_games_rows()
    assert [(r["game"], r["player"], r["policy"]) for r in rows] == (
        [("georgian-joker", p, "pimc" if p == 0 else "heuristic") for p in range(4)]
        + [("joker-54", p, "pimc" if p == 0 else "heuristic") for p in range(3)])
    assert all(r["games"] == 2 for r in rows)
    gj = [r for r in rows if r["game"] == "georgian-joker"]
    assert all(0.0 <= r["p_premium_per_set"] <= 1.0 for r in gj)
    assert sum(r["p_best"] for r in rows if r["game"] == "joker-54") >= 1.0


def test_hook_rows_are_pinned() -> None:
    """The hook's paired deals, pinned: the values the kernel gave when it still carried pimc's search
    (it now plays the plain loop, compiled without pimc; the same deals must come out)."""
    gj = hook_rows(trick_rules("georgian-joker"), 5, 3000, 7)
    assert gj[0]["hook_cost"] == pytest.approx(-4.156666666666666, abs=1e-12)
    assert [round(x["ev"], 6) for x in gj[1]] == [64.182853, 104.769231]
    j54 = hook_rows(trick_rules("joker-54"), 4, 3000, 7)
    assert j54[0]["hook_cost"] == pytest.approx(0.3006666666666667, abs=1e-12)
