"""`tricks bid --trump S` without a turned card: every unseen card of the suit is the turned card in
turn, weighed by how often the earlier bids fit; checked against pooled exact counts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.games.tricks.analysis.bidding import (
    BidError,
    exact_bid_table,
    mix_bid_tables,
    unknown_up_situations,
)
from analyzer.games.tricks.rules import trick_rules

RULES = trick_rules("georgian-joker")


def test_the_candidates_are_the_unseen_cards_of_the_suit() -> None:
    ups = [s.describe()["up"] for s in unknown_up_situations(RULES, "Ah Kh 9s Jk1", "h", 2, [1, 0])]
    assert "Ah" not in ups and "Kh" not in ups and len(ups) == 7 and all(u.endswith("h") for u in ups)
    assert [s.describe()["up"] for s in unknown_up_situations(RULES, "Ah Jk1", "none")] == ["Jk2"]
    with pytest.raises(BidError, match="no unseen card"):
        unknown_up_situations(RULES, "Jk1 Jk2", "none")


@pytest.mark.slow
def test_exact_mixture_is_the_pooled_exact_count() -> None:
    """Conditioned on the earlier bids, a turned card weighs as the deals that fit it: the mixture
    equals the EV over every (turned card, deal) pair that fits, counted directly."""
    parts = unknown_up_situations(RULES, "Ah", "h", 2, [1, 0])
    tables = [exact_bid_table(s, "heuristic", True) for s in parts]
    fits = [t.meta["consistent_deals"] for t in tables]
    assert len(set(fits)) > 1  # the bids do tell something about the turned card
    mixed = mix_bid_tables(tables)
    for j, row in enumerate(mixed.rows):
        pooled = sum(t.rows[j]["ev"] * n for t, n in zip(tables, fits, strict=True)) / sum(fits)
        assert row["ev"] == pytest.approx(pooled, abs=1e-12)
        assert row["se"] == 0.0
    assert mixed.meta["consistent_deals"] == sum(fits)
    uniform = sum(t.rows[0]["ev"] for t in tables) / len(tables)
    assert mixed.rows[0]["ev"] != pytest.approx(uniform, abs=1e-9)  # the weights matter


def test_cli_trump_without_up_card() -> None:
    args = ["tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--trump", "h", "--seat", "2", "--bids", "1,0",
            "--samples", "700", "--seed", "1"]
    res = CliRunner().invoke(main, [*args, "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["rows"] and all(0 <= r["p_made"] <= 1 and r["se"] > 0 for r in data["rows"])
    again = CliRunner().invoke(main, [*args, "--format", "json"])
    assert again.stdout == res.stdout  # the strata's seeds are fixed by --seed
    table = CliRunner().invoke(main, args)
    assert "turned card unknown: one of" in " ".join(table.stdout.split())
