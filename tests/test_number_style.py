"""One number style in the commands that printed mixed units (a probability in % beside its
interval as a bare fraction; a gain in antes beside an interval in %), and no scientific notation
in any text table."""

from __future__ import annotations

import re
from pathlib import Path

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


UNREACHABLE = ("--target-se", "1e-9", "--chunk-size", "100", "--quiet")
MISSED_TARGET_RUNS = {
    "durak odds": ("durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--players", "3",
                   "--games", "200", *UNREACHABLE),
    "equity": ("equity", "Ah Kh", "Qs Qd 9c", "--cards", "7", "--rules", "standard", "--max-trials", "200",
               *UNREACHABLE),
    "simulate": ("simulate", "studies/deuces-wild-relative.toml", "--out", "sim", "--max-trials", "200",
                 *UNREACHABLE),
    "tricks hand-odds": ("tricks", "hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--max-trials", "200",
                         *UNREACHABLE),
    "tricks game-odds": ("tricks", "game-odds", "--max-trials", "200", *UNREACHABLE),
}


@pytest.mark.parametrize("name", list(MISSED_TARGET_RUNS))
def test_every_command_with_a_precision_target_says_when_it_missed(name: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """One line in the text table's last line (on stderr beside JSON, which keeps ``stop``)."""
    import json

    monkeypatch.chdir(tmp_path)
    if name == "simulate":
        CliRunner().invoke(main, ["examples", "deuces-wild-relative", "--out", "studies"], catch_exceptions=False)
    args = list(MISSED_TARGET_RUNS[name])
    line = "precision target NOT reached: the run stopped at its cap (max trials)"
    text = CliRunner().invoke(main, args, catch_exceptions=False)
    assert text.exit_code == 0, text.output
    assert line in text.stdout.splitlines()[-1], text.stdout
    js = CliRunner().invoke(main, [*args, "--format", "json"], catch_exceptions=False)
    assert js.exit_code == 0, js.output
    payload = json.loads(js.stdout)
    assert "max_trials" in (payload.get("stop"), payload["run"].get("stop")), payload
    assert line in js.stderr


def test_the_run_summary_gives_the_se_in_the_tables_unit() -> None:
    from analyzer.cli.options import run_summary

    extra = {"trials": 1_000_000, "chunks": 4, "stop": "trials", "max_se": 0.000499, "max_rel_se": 0.0018}
    assert "max SE 0.050 %" in run_summary(extra, "%")
    assert "max SE 0.00050 points" in run_summary(extra, "points")


README_EXAMPLES = [line[len("$ joker-odds "):].strip()
                   for line in (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8").splitlines()
                   if line.startswith("$ joker-odds ")]


def _style_problems(text: str) -> list[str]:
    from tests.readme_output import ordered, splits, unit_problems

    return splits(text) + [f"estimate outside its interval: {t}" for t in ordered(text)] + unit_problems(text)


FAST_TEXT = [
    ("eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low"),
    ("stud", "location", "--players", "3"),
    ("freq", "--rules", "deuces-wild", "--trials", "100000", "--seed", "7"),
    ("durak", "simulate", "--players", "3", "--table", "values", "--games", "2000", "--seed", "1"),
    ("rummy", "open", "--trials", "3000", "--seed", "1"),
    ("examples",),
]


@pytest.mark.parametrize("args", FAST_TEXT, ids=[" ".join(a[:2]) for a in FAST_TEXT])
def test_text_output_keeps_tokens_whole_intervals_ordered_and_units_named(args: tuple[str, ...]) -> None:
    from tests.readme_output import triples

    res = CliRunner(env={"COLUMNS": "100"}).invoke(main, list(args), catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert _style_problems(res.stdout) == [], res.stdout
    if "--trials" in args or "--games" in args:
        assert triples(res.stdout)  # the checker reads the intervals it is meant to check


SAMPLED_TEXT = {
    "equity": ("equity", "Ah Kh", "Qs Qd 9c", "--cards", "7", "--rules", "standard", "--trials", "20000", "--quiet"),
    "tricks hand-odds": ("tricks", "hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--seat", "1",
                         "--deals", "2000", "--seed", "1", "--quiet"),
    "freq": ("freq", "--rules", "joker-wild", "--deck", "52+1", "--trials", "200000", "--seed", "1", "--quiet"),
    "durak odds": ("durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--players", "3",
                   "--games", "500", "--quiet"),
}


@pytest.mark.parametrize("name", list(SAMPLED_TEXT))
def test_sampled_numbers_stop_at_the_se_second_significant_digit(name: str) -> None:
    """Every ``x ± y`` and every SE column: the SE with 1–2 significant digits, the estimate and its
    interval no finer than the SE (``0.3474 %`` beside ``40.70 %`` was four digits of noise)."""
    from tests.readme_output import precision_problems

    res = CliRunner(env={"COLUMNS": "100"}).invoke(main, list(SAMPLED_TEXT[name]), catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert precision_problems(res.stdout) == [], res.stdout
    assert re.search(r" ± |\bse\b|\bse_", res.stdout)  # there were SEs to check


def test_the_checker_finds_what_it_looks_for() -> None:
    from tests.readme_output import ordered, splits, triples, unit_problems

    split_header = "seat  mean_  se\n      score\n----  -----  --\n   0   1.00  0.1\n"
    assert splits(split_header)
    hand = "hand         ev\n-----------  --\nAs Kd 9h 5c  1\n2s\n"
    assert splits(hand)
    table = "x        se  ci_low  ci_high\n-------  --  ------  -------\n5.00 %   1   6.00 %  7.00 %\n"
    assert triples(table) == [("x", 5.0, 6.0, 7.0)] and ordered(table)
    assert unit_problems("gain  se  ci_low  ci_high\n----  --  ------  -------\n1.0   1   0.5     1.5\n")
    assert not unit_problems("gain (antes)  ci_low  ci_high\n------------  ------  -------\n1.0  0.5  1.5\n")
    from tests.readme_output import precision_problems

    assert precision_problems("P = 0.00041526 % ± 0.00000012 %") == []
    assert precision_problems("P(3+) = 52.31 % ± 1.234 %") and precision_problems("EV +0.9071 ± 0.012 points")
    wide = "seat  pot_share  se_pot_share  ci_low_pot_share\n----  ---------  ------------  ----------------\n"
    assert precision_problems(wide + "   0    40.70 %      0.3474 %           40.02 %\n")
    assert not precision_problems(wide + "   0    40.70 %        0.35 %           40.02 %\n")


@pytest.mark.slow
@pytest.mark.parametrize("example", [e for e in README_EXAMPLES
                                     if not re.search(r"dask|tcp://|--format (json|csv)|^report |^examples .*--out",
                                                      e)])
def test_every_readme_text_output_keeps_the_number_style(example: str, tmp_path: object) -> None:
    """Every README command's text output: no token split, each (estimate, low, high) in order,
    probabilities in %, an estimate's unit named (``python tests/readme_output.py`` counts them)."""
    import os
    import shlex

    old = os.getcwd()
    os.chdir(str(tmp_path))
    try:
        if example.startswith("simulate "):
            CliRunner().invoke(main, ["examples", "deuces-wild-relative", "--out", "studies"])
        res = CliRunner(env={"COLUMNS": "100"}).invoke(main, shlex.split(example))
    finally:
        os.chdir(old)
    assert res.exit_code == 0, res.output
    assert _style_problems(res.stdout) == [], res.stdout
