"""The bidding study's tables: bids per drawing rule side by side, the paired joker rows, and a
page where every section states its policy, its sample and a bigger run."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.tricks.report import bidding as report
from analyzer.games.tricks.report.rows import (
    HOOK_CHUNK,
    bid_value_rows,
    draw_rows,
    feature_totals,
    hook_rows,
    joker_rows,
)
from analyzer.games.tricks.rules import trick_rules
from analyzer.stats import Z95


def test_bid_rows_count_every_deal_and_sit_side_by_side() -> None:
    after, none = trick_rules("joker-54"), trick_rules("joker-54", ["draw=none"])
    rows = {}
    for r in (after, none):
        t = feature_totals(r, 2, 0, 1500, 4)
        rows[r.draw] = bid_value_rows(r, 2, 0, t)
        assert [x["deals"] for x in rows[r.draw]] == [1500] * (r.tricks_in_deal(2) + 1)  # seat 0: never hooked
        made = t.sum(axis=0)[:, 3]
        assert [x["p_made"] for x in rows[r.draw]] == [m / 1500 for m in made]
    side = draw_rows(rows["after-trick"], rows["none"])
    assert [x["bid"] for x in side] == list(range(after.tricks_in_deal(2) + 1))
    assert after.tricks_in_deal(2) > 2  # drawing: more tricks than cards
    assert side[3]["ev_none"] is None and side[2]["ev_none"] == rows["none"][2]["ev"]
    assert side[0]["ev_after_trick"] == rows["after-trick"][0]["ev"]


def test_joker_rows_are_paired_differences() -> None:
    one = joker_rows(trick_rules("georgian-joker"), 1, 800, 2)
    assert [(x["jokers"], x["against"]) for x in one] == [(1, 0)]  # one card: no second joker
    rows = joker_rows(trick_rules("joker-54", ["draw=none"]), 3, 800, 2)
    assert [(x["jokers"], x["against"]) for x in rows] == [(1, 0), (2, 0), (2, 1)]
    for x in rows:
        assert x["value"] == pytest.approx(x["ev"] - x["ev_against"], abs=1e-9)
        assert x["deals"] == 800 and x["se"] > 0


def test_a_row_sized_by_a_precision_target_stops_there_and_is_that_many_fixed_deals() -> None:
    gj = trick_rules("georgian-joker")
    row = hook_rows(gj, 3, 40_000, 5, target_se=1.5)[0]
    se = (row["ci_high"] - row["ci_low"]) / (2 * Z95)
    assert row["deals"] < 40_000 and row["deals"] % HOOK_CHUNK == 0 and se <= 1.5
    assert hook_rows(gj, 3, row["deals"], 5)[0] == row  # the same chunks as a fixed count of that size
    rows = joker_rows(trick_rules("joker-54", ["draw=none"]), 3, 20_000, 2, target_se=0.3)
    assert all(x["deals"] == rows[0]["deals"] < 20_000 for x in rows)
    assert all(x["se"] <= 0.3 for x in rows if x["against"] == 0)  # the targets: one and two jokers against none


def test_the_headline_rows_take_the_full_sample_and_the_others_a_target() -> None:
    gj, r54 = trick_rules("georgian-joker"), trick_rules("joker-54")
    assert report._target(gj, "hook", report.HEADLINE_CARDS) is None
    assert report._target(gj, "joker", report.HEADLINE_CARDS) is None
    assert report._target(gj, "hook", 4) == report.TARGET_SE[("georgian-joker", "none")]["hook"]
    assert report._target(r54, "joker", report.HEADLINE_CARDS) == report.TARGET_SE[("joker-54", "after-trick")]["joker"]
    assert "0.75 (Georgian Joker)" in report._targets_text("hook", "40,000 deals")


def test_every_section_states_policy_sample_and_a_bigger_run(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("FEATURE_DEALS", 300), ("HOOK_DEALS", 400), ("JOKER_DEALS", 300), ("GAMES", 20),
                        ("STRENGTH", ((4, 8),)), ("STRENGTH_BASE", 40), ("K", 4), ("PIMC_GAMES", 2),
                        ("PIMC_FEATURES", ((2, 20),)), ("PIMC_FEATURE_K", 2)):
        monkeypatch.setattr(report, name, value)
    s = report.build()
    blocks = s.blocks
    from analyzer.report.strength import HEADING  # the measured ladder: its own policy text

    headings = [i for i, b in enumerate(blocks) if b[0] == "heading" and b[1][1] != HEADING]
    assert len(headings) == 6
    for i in headings:
        kind, line = blocks[i + 1]
        assert kind == "text" and line.startswith("Policy: ")
        assert "Sample: " in line and "A bigger run: `joker-odds tricks " in line
    texts = " ".join(str(b[1]) for b in blocks if b[0] == "text")
    assert "(8-card in the 54-card game, its largest deal)" in texts
    names = {b[1][0] for b in blocks if b[0] in ("table", "figure")}
    assert {"hook-cost", "joker-value", "draw-vs-none", "strength", "whole-games", "whole-games-pimc"} <= names
    # 20 pimc deals of 2 cards see no hand cell 30 times: no empty pimc card or heatmap is drawn
    assert not any(b[0] == "card" and "pimc" in b[1][0] for b in blocks)
    assert "best-bid-georgian-seat0-pimc" not in names
    hook = s._tables["hook-cost"][0]
    assert {"hook_cost", "ci_low", "ci_high", "ev_seat3", "ev_seat3_low", "ev_seat3_high"} <= set(hook)
    assert np.isfinite(hook["ev_seat3_low"]) and hook["ev_seat3_low"] < hook["ev_seat3_high"]


def test_strength_rows_deal_no_more_cards_than_each_game_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("STRENGTH", ((9, 4),)), ("STRENGTH_BASE", 8), ("K", 2)):
        monkeypatch.setattr(report, name, value)
    rows = report._strength_rows()
    assert {(r["game"], r["cards"]) for r in rows} == {
        ("georgian-joker", 9), ("joker-54 (draw=after-trick)", 8), ("joker-54 (draw=none)", 8)}
    assert trick_rules("joker-54").max_cards == 8


def test_a_bidding_card_has_every_column_on_every_line() -> None:
    """A card's lines come from the hand cells seen often enough; a sparse sample leaves cells out,
    and every line still has every aces column ("–" where the cell was not seen), so the card's
    CSV and table have one header (a sparse pimc card once failed to write)."""
    cell = {"cards": 4, "seat": 0, "best_bid": 1, "p_made_1": 0.5}
    rows = [{**cell, "trumps": "0", "jokers": 0, "aces": "0"}, {**cell, "trumps": "1", "jokers": 1, "aces": "1"}]
    card = report._bid_card(rows, 4, 0)
    assert [list(line) for line in card] == [["trumps", "jokers", "0 aces", "1 ace", "2+ aces"]] * 2
    assert card[0]["1 ace"] == "–" and card[1]["1 ace"].startswith("bid 1")


def test_a_run_stopped_by_its_target_drops_its_late_chunks_and_keeps_its_numbers() -> None:
    """Once a run's precision target is met, the engine stops the chunks still in flight at their
    next piece (a pimc deal): the numbers are those of a run of exactly that many deals."""
    from analyzer.backends import LocalBackend
    from analyzer.games.tricks.analysis.strength import strength

    r = trick_rules("georgian-joker")
    size = {"seed": 3, "k": 4, "chunk_size": 8}
    be = LocalBackend(2)
    a = strength(r, 2, "pimc", "heuristic", deals=None, target_se=40.0, max_trials=96, check_every=1, backend=be,
                 **size)
    assert a.deals < 96 and be._cancel.is_set()  # the target stopped it, and the late chunks
    b = strength(r, 2, "pimc", "heuristic", deals=a.deals, **size)
    assert b.deals == a.deals
    assert np.array_equal(a.run.totals, b.run.totals)
