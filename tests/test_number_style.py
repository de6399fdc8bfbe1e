"""One number style in the commands that printed mixed units (a probability in % beside its
interval as a bare fraction; a gain in antes beside an interval in %), and no scientific notation
in any text table."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from analyzer.cli import main

SCI = re.compile(r"\d[eE][+-]\d")


def table(*args: str) -> tuple[list[str], list[list[str]]]:
    """The header and rows of a text table printed by ``args`` (cells split on two spaces)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert not SCI.search(result.output), result.output
    lines = [ln for ln in result.output.splitlines() if ln and not ln.startswith("#")]
    rule = max(i for i, ln in enumerate(lines) if set(ln.replace(" ", "")) == {"-"})  # the last table
    head = re.split(r"\s{2,}", lines[rule - 1].strip())
    rows = [re.split(r"\s{2,}", ln.strip()) for ln in lines[rule + 1:] if ln.strip()]
    return head, [r for r in rows if len(r) == len(head)]


def companions_share_the_unit(head: list[str], rows: list[list[str]], estimate: str) -> None:
    i = head.index(estimate)
    for col in ("se", "ci_low", "ci_high"):
        if col not in head:
            continue
        j = head.index(col)
        for r in rows:
            assert r[i].endswith("%") == r[j].endswith("%"), (head, r)


@pytest.mark.parametrize("args, estimate", [
    (("durak", "simulate", "--players", "2", "--games", "200", "--seed", "1"), "p_fool"),
    (("rummy", "open", "--trials", "300", "--seed", "1"), "p_open"),
])
def test_estimates_and_their_intervals_print_in_one_unit(args: tuple[str, ...], estimate: str) -> None:
    head, rows = table(*args)
    assert rows
    companions_share_the_unit(head, rows, estimate)
    assert all(r[head.index(estimate)].endswith("%") for r in rows)


def test_exact_counts_and_tiny_probabilities_are_plain_numbers() -> None:
    head, rows = table("freq", "--rules", "joker-wild", "--deck", "52+1", "--exact")
    assert head == ["category", "count", "probability"]
    assert rows[0] == ["five_of_a_kind", "13", "0.0004530 %"]  # 13 of 2,869,685 hands


@pytest.mark.parametrize("fmt", ["table", "csv", "json"])
def test_a_missed_precision_target_says_so_in_every_format(fmt: str) -> None:
    args = ["rummy", "open", "--target-se", "0.0001", "--max-trials", "20000", "--chunk-size", "10000",
            "--format", fmt]
    res = CliRunner().invoke(main, args, catch_exceptions=False)
    assert res.exit_code == 0, res.output
    line = "precision target NOT reached: the run stopped at its cap (max trials)"
    if fmt == "table":
        assert line in res.stdout.splitlines()[-1]
    else:
        assert line not in res.stdout and line in res.stderr  # the data stay parseable
    met = CliRunner().invoke(main, [*args[:2], "--target-se", "0.5", *args[4:]], catch_exceptions=False)
    assert "NOT reached" not in met.stdout + met.stderr


def test_the_run_summary_gives_the_se_in_the_tables_unit() -> None:
    from analyzer.cli.options import run_summary

    extra = {"trials": 1_000_000, "chunks": 4, "stop": "trials", "max_se": 0.000499, "max_rel_se": 0.0018}
    assert "max SE 0.050 %" in run_summary(extra, "%")
    assert "max SE 0.00050 points" in run_summary(extra, "points")
