"""CLI tests for eval, freq, rules, decks and report: outputs, every option, one-line errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.evaluator import Evaluator
from analyzer.frequencies import exact_frequencies


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


def assert_one_line_error(code: int, err: str, text: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: ")
    assert text in lines[0]
    assert "Traceback" not in err


def test_eval_table_keeps_input_order() -> None:
    code, out, _ = run("eval", "Qs Qd 9h 5c Jk", "As Ks Qs Js Ts", "--rules", "j-poker")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("# joker-odds eval · rules j-poker · deck 52+1 · ")  # what ran
    assert lines[1].split()[:4] == ["hand", "category", "score", "description"]
    assert "two pair, queens and nines, wild" in lines[3]
    assert "royal flush" in lines[4]


def test_eval_csv_and_json_match_library() -> None:
    code, out, _ = run("eval", "Qs Qd 9h 9c Jk", "--rules", "joker-wild", "--format", "csv")
    assert code == 0
    header, row = out.strip().splitlines()
    assert header == "hand,category,score,description"
    ev = Evaluator("joker-wild")
    assert row.split(",")[2] == str(ev.score("Qs Qd 9h 9c Jk"))
    code, out, _ = run("eval", "Qs Qd 9h 9c Jk", "--format", "json")
    data = json.loads(out)
    assert data["rules"] == "joker-wild" and data["deck"] == "52+1"
    assert data["rows"][0]["category"] == "full_house"


def test_eval_input_file_and_out_file(tmp_path: Path) -> None:
    src = tmp_path / "hands.txt"
    src.write_text("# my hands\nAs Ad Ac Ks Kd\n\n2c 3d 4h 5s 7c  # nothing\n", encoding="utf-8")
    dest = tmp_path / "out.csv"
    code, out, _ = run("eval", "--input", str(src), "--rules", "standard", "--format", "csv", "--out", str(dest))
    assert code == 0 and out == ""
    rows = dest.read_text(encoding="utf-8").strip().splitlines()
    assert [r.split(",")[1] for r in rows[1:]] == ["full_house", "high_card"]


def test_eval_seven_cards_best_five() -> None:
    code, out, _ = run("eval", "As Ks Qs Js Ts 2c 3d", "--rules", "standard", "--format", "csv")
    assert code == 0 and ",royal_flush," in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Qs Qd 9h 5c Zz",), "unknown card 'Zz'"),
        (("Qs Qs 9h 5c 2c",), "duplicate card 'Qs'"),
        (("Qs Qd 9h 5c",), "has 4 cards, expected 5, 6 or 7"),
        (("Qs Qd 9h 5c Jk", "--rules", "standard"), "card 'Jk' is not in deck 52"),
        (("Qs Qd 9h 5c 2c", "--deck", "52"), "need wild cards ['jokers'] but deck 52 has none"),
        (("Qs Qd 9h 5c 2c", "--rules", "nope"), "unknown rules preset 'nope'"),
        (("Qs Qd 9h 5c 2c", "--deck", "54"), "unknown deck '54'"),
        (("Qs Qd 9h 5c Jk Jk",), "too many jokers"),
        (("Qs Qd 9h 5c 2c", "Qs Qd 9h 5c 2c 3c"), "same number of cards"),
        ((), "no hands given"),
        (("Qs Qd 9h 5c 2c", "--order", "pair,best_hand"), "bad value"),
        # a joker that is not wild has no rank: this crashed in describe() with an IndexError
        (("Qs Qd 9h 5c Jk", "--rules", "deuces-wild", "--deck", "52+1"), "but not the jokers of deck 52+1"),
    ],
)
def test_eval_errors_are_one_line(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("eval", *args)
    assert_one_line_error(code, err, message)


def test_eval_error_writes_nothing(tmp_path: Path) -> None:
    dest = tmp_path / "never.csv"
    code, _, err = run("eval", "As As Kd Qc 2h", "--out", str(dest))
    assert_one_line_error(code, err, "duplicate")
    assert not dest.exists()
    assert list(tmp_path.iterdir()) == []


def test_eval_rule_overrides() -> None:
    # deuces made wild on the command line == the deuces-wild preset
    code, out, _ = run("eval", "2c 2d Ah Kh Qh", "--rules", "standard", "--mode", "wild", "--wild", "2",
                       "--format", "csv")
    assert code == 0 and ",royal_flush," in out
    code, out, _ = run("eval", "Ah 9h 7h 4h Jk", "--double-ace-flush", "--format", "json")
    assert json.loads(out)["rows"][0]["description"] == "flush, ace high, wild"
    ev = Evaluator("joker-wild")
    with_dup = json.loads(out)["rows"][0]["score"]
    assert with_dup > ev.score("Ah 9h 7h 4h Jk")
    code, out, _ = run("eval", "Ah 9h 7h 4h Jk", "--no-double-ace-flush", "--format", "json")
    assert code == 0 and json.loads(out)["rows"][0]["score"] == ev.score("Ah 9h 7h 4h Jk") < with_dup
    # natural queens against wild kings: the cards decide (kings), or any natural hand of a category
    # beats a wild one of it (queens)
    hands = ("Qs Qd 9c 5h 2s", "Jk Kh 9d 5c 2h")
    code, out, _ = run("eval", *hands, "--format", "json")
    queens, kings = (r["score"] for r in json.loads(out)["rows"])
    assert code == 0 and kings > queens
    code, out, _ = run("eval", *hands, "--tie-rule", "category", "--format", "json")
    rows = json.loads(out)["rows"]
    assert code == 0 and [r["category"] for r in rows] == ["pair", "pair"] and rows[0]["score"] > rows[1]["score"]
    code, out, _ = run("eval", "Jk Kh Qh Jh Th", "--rules", "semi-wild", "--format", "csv",
                       "--order", "royal_flush,straight_flush,four_of_a_kind,full_house,flush,straight,"
                       "three_of_a_kind,two_pair,pair,high_card")
    assert ",flush," in out


def test_freq_exact_json() -> None:
    code, out, _ = run("freq", "--rules", "joker-wild", "--deck", "52+1", "--exact", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert {k: data[k] for k in ("deck", "rules", "cards", "method", "total")} == {
        "deck": "52+1", "rules": "joker-wild", "cards": 5, "method": "exact", "total": 2869685}
    counts = {r["category"]: r["count"] for r in data["rows"]}
    assert counts["five_of_a_kind"] == 13 and counts["pair"] == 1268088
    assert set(data["rows"][0]) == {"category", "count", "probability"}


def test_freq_sampled_json_has_intervals() -> None:
    code, out, _ = run("freq", "--rules", "standard", "--trials", "20000", "--seed", "3", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "monte_carlo" and data["total"] == 20000 and data["seed"] == 3
    row = data["rows"][-1]
    assert set(row) >= {"category", "count", "estimate", "se", "ci_low", "ci_high"}
    n, z = 20_000, 1.959963984540054
    p = row["estimate"]
    assert row["category"] == "high_card" and p == row["count"] / n
    assert row["se"] == pytest.approx((p * (1 - p) / n) ** 0.5, rel=1e-12)
    # the Wilson interval, written out: (p + z²/2n ± z √(p(1-p)/n + z²/4n²)) / (1 + z²/n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    centre = p + z * z / (2 * n)
    assert row["ci_low"] == pytest.approx((centre - half) / (1 + z * z / n), rel=1e-12)
    assert row["ci_high"] == pytest.approx((centre + half) / (1 + z * z / n), rel=1e-12)
    exact = 1_302_540 / 2_598_960  # ANCHORS.md: high card, 52 cards
    assert abs(p - exact) <= 3.29 * (exact * (1 - exact) / n) ** 0.5  # false alarm 1e-3
    _, out2, _ = run("freq", "--rules", "standard", "--trials", "20000", "--seed", "3", "--format", "json")
    assert out2 == out and data["run"]["hands"] == 20000  # same seed, same numbers


def test_freq_table_csv_and_out(tmp_path: Path) -> None:
    dest = tmp_path / "f.csv"
    code, _, _ = run("freq", "--rules", "deuces-wild", "--exact", "--format", "csv", "--out", str(dest))
    assert code == 0
    lines = dest.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "category,count,probability"
    assert lines[1].startswith("five_of_a_kind,672,")
    code, out, _ = run("freq", "--rules", "short-holdem", "--exact")
    assert code == 0 and out.splitlines()[1].split()[:3] == ["category", "count", "probability"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rules", "standard"), "exactly one of --exact or --trials"),
        (("--exact", "--trials", "10"), "exactly one of --exact or --trials"),
        (("--exact", "--deck", "2x52+2"), "single deck"),
        (("--exact", "--deck", "36j"), "not defined on deck 36j"),
        (("--exact", "--rules", "standard", "--deck", "52+1"), "has jokers"),
        (("--exact", "--cards", "4"), "Invalid value for '--cards': 4 is not in the range 5<=x<=7"),
        # the non-wild joker used to be counted as five of a kind in 9.4 % of the hands
        (("--exact", "--wild", "Kh"), "add 'jokers' to the wild cards"),
    ],
)
def test_freq_errors(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("freq", *args)
    assert_one_line_error(code, err, message)


# Best 5 of 6 cards from 52 (C(52,6) = 20,358,520 hands): the published table of six-card hands.
COUNTS_BEST_OF_6 = {"royal_flush": 188, "straight_flush": 1_656, "four_of_a_kind": 14_664,
                    "full_house": 165_984, "flush": 205_792, "straight": 361_620,
                    "three_of_a_kind": 732_160, "two_pair": 2_532_816, "pair": 9_730_740,
                    "high_card": 6_612_900}


def test_freq_six_cards_sampled_matches_published_counts() -> None:
    n = 200_000
    code, out, _ = run("freq", "--rules", "standard", "--cards", "6", "--trials", str(n), "--seed", "6",
                       "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["cards"] == 6 and data["total"] == n
    assert sum(COUNTS_BEST_OF_6.values()) == 20_358_520
    rows = {r["category"]: r for r in data["rows"]}
    assert set(rows) == set(COUNTS_BEST_OF_6)
    z = 3.48  # two-sided 1e-3 / 10 categories (Bonferroni): all hold together with 99.9 %
    for name, count in COUNTS_BEST_OF_6.items():
        p = count / 20_358_520
        assert abs(rows[name]["count"] / n - p) <= z * (p * (1 - p) / n) ** 0.5, name


@pytest.mark.slow
def test_freq_six_cards_exact_is_the_published_table() -> None:
    code, out, _ = run("freq", "--rules", "standard", "--cards", "6", "--exact", "--format", "json")
    assert code == 0
    assert {r["category"]: r["count"] for r in json.loads(out)["rows"]} == COUNTS_BEST_OF_6


def test_rules_and_decks_lists() -> None:
    code, out, _ = run("rules", "--format", "json")
    names = [r["preset"] for r in json.loads(out)["rows"]] if isinstance(json.loads(out), dict) else [
        r["preset"] for r in json.loads(out)]
    assert code == 0 and {"standard", "joker-wild", "bug", "semi-wild", "j-poker", "deuces-wild", "short-32",
                          "short-36", "short-holdem"} <= set(names)
    code, out, _ = run("decks", "--format", "csv")
    assert code == 0
    rows = {line.split(",")[0]: line.split(",")[1] for line in out.strip().splitlines()[1:]}
    assert rows == {"52": "52", "52+1": "53", "52+2": "54", "32": "32", "32+1": "33", "32+2": "34", "36": "36",
                    "36+1": "37", "36+2": "38", "36j": "36", "2x52+2": "106", "3x52+3": "159"}


def test_report_unknown_study(tmp_path: Path) -> None:
    dest = tmp_path / "never-written"
    code, _, err = run("report", "--study", "nope", "--out", str(dest))
    assert_one_line_error(code, err, "unknown study 'nope'")
    assert not dest.exists()


@pytest.mark.slow
def test_report_hand_frequencies(tmp_path: Path) -> None:
    code, _, _ = run("report", "--study", "hand-frequencies", "--out", str(tmp_path))
    assert code == 0
    base = tmp_path / "hand-frequencies"
    for name in ("index.md", "index.html", "figures/probabilities-by-preset.png", "tables/paradox.csv",
                 "tables/freq7-standard-52.csv"):
        assert (base / name).stat().st_size > 0
    assert "hand-frequencies/index.html" in (tmp_path / "index.html").read_text(encoding="utf-8")
    table = (base / "tables" / "freq5-joker-wild-52p1.csv").read_text(encoding="utf-8")
    assert "five_of_a_kind,13," in table


def test_report_hand_frequencies_small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The study in a small configuration (two 5-card tables, one 7-card table on 32 cards): the
    tables hold ANCHORS.md's counts."""
    import analyzer.report.handfreq as handfreq

    cases = [("standard", "52"), ("joker-wild", "52+1")]
    monkeypatch.setattr(handfreq, "_cases", lambda: cases)
    monkeypatch.setattr(handfreq, "_all_valid_pairs", lambda: cases)
    monkeypatch.setattr(handfreq, "SEVEN_CARD_CASES", (("standard", "32"),))
    import analyzer.report.poker_extras as extras

    monkeypatch.setattr(extras, "BEST7_HANDS", 2_000)
    code, _, err = run("report", "--study", "hand-frequencies", "--out", str(tmp_path))
    assert code == 0, err
    base = tmp_path / "hand-frequencies"
    best7 = (base / "tables" / "four-flush-best7-standard-52.csv").read_text(encoding="utf-8").splitlines()
    assert best7[0].startswith("category,count,probability,se") and sum(int(ln.split(",")[1]) for ln in best7[1:]) == 2_000
    for name in ("index.md", "index.html", "figures/probabilities-by-preset.png", "tables/paradox.csv"):
        assert (base / name).stat().st_size > 0
    assert "hand-frequencies/index.html" in (tmp_path / "index.html").read_text(encoding="utf-8")
    anchors = {"standard-52": {"royal_flush": 4, "four_of_a_kind": 624, "pair": 1_098_240, "total": 2_598_960},
               "joker-wild-52p1": {"five_of_a_kind": 13, "three_of_a_kind": 137_280, "total": 2_869_685}}
    for name, want in anchors.items():
        lines = (base / "tables" / f"freq5-{name}.csv").read_text(encoding="utf-8").splitlines()
        counts = {ln.split(",")[0]: int(ln.split(",")[1]) for ln in lines[1:]}
        assert {k: counts[k] for k in want} == want, name
    seven = (base / "tables" / "freq7-standard-32.csv").read_text(encoding="utf-8").splitlines()
    counts = {ln.split(",")[0]: int(ln.split(",")[1]) for ln in seven[1:]}
    assert counts.pop("total") == sum(counts.values()) == 3_365_856  # C(32, 7)
    paradox = (base / "tables" / "paradox.csv").read_text(encoding="utf-8")
    assert "three_of_a_kind more frequent than two_pair" in paradox  # one wild joker (ANCHORS.md)


def test_every_command_has_help_and_is_in_readme() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        cmd = main.get_command(ctx, name)
        assert cmd is not None and cmd.help, f"command {name} has no help"
        assert f"joker-odds {name}" in readme, f"command {name} is not documented in README.md"
        for sub in getattr(cmd, "commands", {}):
            assert f"joker-odds {name} {sub}" in readme, f"'{name} {sub}' is not documented in README.md"


def test_every_cli_module_is_registered() -> None:
    import importlib
    import pkgutil

    import analyzer.cli as cli

    for info in pkgutil.iter_modules(cli.__path__):
        module = importlib.import_module(f"analyzer.cli.{info.name}")
        for command in getattr(module, "COMMANDS", ()):
            assert cli.COMMAND_MODULES.get(command.name) == module.__name__, command.name


def test_exact_frequencies_total_matches_cli() -> None:
    t = exact_frequencies("bug", "52+1")
    _, out, _ = run("freq", "--rules", "bug", "--exact", "--format", "json")
    assert json.loads(out)["total"] == t.total == 2869685


def _walk_commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(main)
    out: list[tuple[str, click.Command]] = []
    for name in main.list_commands(ctx):
        cmd = main.get_command(ctx, name)
        assert cmd is not None
        subs = getattr(cmd, "commands", {})
        out += [(f"{name} {s}", c) for s, c in subs.items()] if subs else [(name, cmd)]
    return out


def test_shared_options_mean_the_same_everywhere() -> None:
    """--seed is a non-negative integer (negative seeds crashed stud in numpy), --trials a positive
    one, --format the same three choices, and every --out/--checkpoint is checked before any work."""
    from analyzer.cli.options import writable

    seen = set()
    for name, cmd in _walk_commands():
        for p in cmd.params:
            opt = p.opts[0] if p.opts else ""
            seen.add(opt)
            if opt == "--seed":
                assert isinstance(p.type, click.IntRange) and p.type.min == 0, name
            elif opt == "--trials":
                assert isinstance(p.type, click.IntRange) and p.type.min == 1, name
            elif opt == "--format":
                assert isinstance(p.type, click.Choice) and list(p.type.choices) == ["table", "csv", "json"], name
            elif opt in ("--out", "--checkpoint"):
                assert p.callback is writable, f"{name} {opt}"
    assert {"--seed", "--trials", "--format", "--out", "--checkpoint"} <= seen


@pytest.mark.parametrize("args", [
    ("eval", "As Kd 9h 5c 2s", "--out", "{blocker}/o.csv"),
    ("freq", "--trials", "1000", "--checkpoint", "{blocker}/run.ckpt"),
    ("simulate", "simulations/standard-precision.toml", "--out", "{blocker}/sim"),
    ("videopoker", "analyze", "--paytable", "jacks-or-better-9-6", "--out", "{blocker}/vp"),
    ("report", "--out", "{blocker}/reports"),
])
def test_unwritable_output_is_refused_before_any_work(tmp_path: Path, args: tuple[str, ...]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    argv = [a.format(blocker=blocker) for a in args]
    if argv[0] == "simulate":
        argv[1] = str(Path(__file__).parent.parent / argv[1])
    code, _, err = run(*argv)
    assert_one_line_error(code, err, f"{blocker} is not a folder")
    assert list(tmp_path.iterdir()) == [blocker]


def test_write_failure_is_one_line_exit_2_naming_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An OSError at write time (full disk, /proc, …) names --out, not the temporary file; exit 2."""
    import analyzer.io

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(analyzer.io.os, "replace", refuse)
    dest = tmp_path / "out.csv"
    code, _, err = run("eval", "As Kd 9h 5c 2s", "--rules", "standard", "--out", str(dest))
    assert_one_line_error(code, err, f"Error: {dest}: Permission denied")
    assert list(tmp_path.iterdir()) == []  # the temporary file is gone too


def test_out_files_get_ordinary_permissions(tmp_path: Path) -> None:
    """mkstemp's 0o600 made every --out file private; now the umask decides, and a rewrite keeps the mode."""
    dest = tmp_path / "out.csv"
    old = os.umask(0o022)
    try:
        assert run("eval", "As Kd 9h 5c 2s", "--rules", "standard", "--out", str(dest))[0] == 0
        assert dest.stat().st_mode & 0o777 == 0o644
        dest.chmod(0o640)
        assert run("eval", "As Kd 9h 5c 2s", "--rules", "standard", "--out", str(dest))[0] == 0
        assert dest.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)


def test_input_file_that_is_not_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: a long one is shortened in the message
    Path("hands.bin").write_bytes(b"\xff\xfeAs Kd")
    code, _, err = run("eval", "--input", "hands.bin")
    assert_one_line_error(code, err, "hands.bin: not UTF-8 text")


def test_ctrl_c_without_checkpoint_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C printed "Aborted!" with exit 1 without --checkpoint but exit 130 with one; now 130 both."""
    import analyzer.frequencies  # freq imports it when it runs (eval does not load it)

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(analyzer.frequencies, "sampled_frequencies", interrupted)
    code, out, err = run("freq", "--trials", "1000")
    assert code == 130 and out == ""
    assert err.strip() == "Interrupted"


def test_json_output_is_strict_json() -> None:
    """An unseen category has an infinite relative SE; the JSON said ``Infinity``, which JSON
    parsers (jq, JavaScript, strict Python) reject. Now it is ``null``."""
    def refuse(constant: str) -> None:
        raise ValueError(f"not JSON: {constant}")

    code, out, _ = run("freq", "--trials", "1000", "--format", "json")
    data = json.loads(out, parse_constant=refuse)
    assert code == 0 and data["rows"][0]["count"] == 0 and data["max_rel_se"] is None
    code, out, _ = run("calling", "--calls", "treize", "--trials", "1", "--format", "json")
    assert code == 0 and json.loads(out, parse_constant=refuse)["rows"]


def test_report_memory_option_reaches_the_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``--memory`` is the parallel build's budget (default 1,000 MB); below 100 is refused."""
    import analyzer.cli.report_cmd as report_cmd

    seen: list[int] = []
    monkeypatch.setattr(report_cmd, "build_report", lambda *a, **k: seen.append(k["memory_mb"]) or [])
    monkeypatch.setattr(report_cmd, "compile_first", lambda *a: [])  # (tested in tests/test_warmup.py)
    assert run("report", "--out", str(tmp_path / "a"))[0] == 0
    assert run("report", "--out", str(tmp_path / "b"), "--memory", "2500")[0] == 0
    assert seen == [1000, 2500]
    code, _, err = run("report", "--out", str(tmp_path / "c"), "--memory", "50")
    assert_one_line_error(code, err, "--memory")
    assert not (tmp_path / "c").exists()


def test_the_header_echoes_an_option_whose_number_another_field_shows() -> None:
    """``--endgame 3`` beside ``cards 3``: a number is never taken for a field shown already; a
    name is (``--rules standard`` is the header's ``rules standard``)."""
    code, out, err = run("tricks", "strength", "--cards", "3", "--a", "pimc", "--b", "heuristic", "--deals", "4",
                         "--k", "2", "--endgame", "3", "--seed", "1", "--quiet")
    assert code == 0, err
    header = " ".join(line.lstrip("#").strip() for line in out.splitlines() if line.startswith("#"))
    assert "cards 3" in header and "--endgame 3" in header and "--k 2" in header
    code, out, err = run("freq", "--rules", "standard", "--exact", "--quiet")
    assert code == 0, err
    first = out.splitlines()[0]
    assert "rules standard" in first and "--rules" not in first
