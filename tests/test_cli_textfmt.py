"""The command line as a reader meets it: tables fit the terminal, a header says what ran,
percentages where people read them, progress only on a terminal, compact hands, terms explained."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer import progress
from analyzer.cards import hand_tokens, parse_hand, split_compact
from analyzer.cli import main
from analyzer.textfmt import format_cell, format_table, is_percent_column, percent, plural


def run(*args: str, columns: int | None = None) -> tuple[int, str, str]:
    env = {"COLUMNS": str(columns)} if columns else {}
    res = CliRunner(env=env).invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("width", [60, 100])
def test_rules_table_fits_the_terminal(width: int) -> None:
    code, out, _ = run("rules", columns=width)
    assert code == 0 and widest(out) <= width
    assert "J-poker:" in out and "three of a kind" in out  # the long description wraps, not cut
    code, csv_out, _ = run("rules", "--format", "csv", columns=width)
    assert widest(csv_out) > width  # CSV is never fitted


def test_wide_numeric_table_splits_into_blocks_repeating_the_first_column() -> None:
    code, out, _ = run("videopoker", "hold", "Qd Td 2s 4s 5c", "--paytable", "jacks-or-better-9-6",
                       "--top", "3", columns=100)
    assert code == 0 and widest(out) <= 100
    blocks = out.split("\n\n")
    assert len(blocks) == 2 and blocks[1].splitlines()[0].startswith("hold")
    assert "nothing" in blocks[1] and "11,894" in blocks[1]  # the last column, its Qd Td count


def test_table_header_says_what_ran_and_json_carries_the_same() -> None:
    code, out, _ = run("freq", "--rules", "deuces-wild", "--exact")
    assert code == 0
    head = out.splitlines()[0]
    assert head.startswith("# joker-odds freq · rules deuces-wild · deck 52 · cards 5 · exact · ")
    assert head.endswith(" s")
    code, out, _ = run("freq", "--rules", "deuces-wild", "--trials", "5000", "--seed", "7")
    assert out.splitlines()[0].startswith(
        "# joker-odds freq · rules deuces-wild · deck 52 · cards 5 · sampled · hands 5,000 · seed 7 · ")
    code, out, _ = run("freq", "--rules", "deuces-wild", "--trials", "5000", "--seed", "7", "--format", "json")
    ran = json.loads(out)["run"]
    assert ran == {
        "command": "joker-odds freq", "rules": "deuces-wild", "deck": "52", "cards": 5,
        "method": "sampled", "hands": 5000, "seed": 7}


def test_probabilities_print_as_percent_in_tables_and_full_precision_in_csv() -> None:
    code, out, _ = run("freq", "--rules", "deuces-wild", "--exact")
    five = next(line for line in out.splitlines() if line.startswith("five_of_a_kind"))
    assert five.split()[1:] == ["672", "0.02586", "%"]  # 672 / 2,598,960
    code, out, _ = run("freq", "--rules", "deuces-wild", "--exact", "--format", "csv")
    assert code == 0 and out.splitlines()[1] == f"five_of_a_kind,672,{672 / 2598960!r}"


def test_cell_formats() -> None:
    assert percent(0.0522431) == "5.2243 %" and format_cell(0.052243, percent=True) == "5.224 %"
    assert format_cell(201.0) == "201" and format_cell(12345678) == "12,345,678"
    assert is_percent_column("house_edge") and is_percent_column("share of deals")
    assert not is_percent_column("ev") and not is_percent_column("rtp_per_unit")
    text = format_table([{"x": 11.62}, {"x": 0.5}, {"x": 3.0}])
    assert text.splitlines()[2:] == [" 11.62", "0.5000", " 3.000"]  # 4 significant digits each
    tiny = format_table([{"x": 1e-9}, {"x": 2.5}])
    assert tiny.splitlines()[2:] == ["0.0000000010", "       2.500"]  # never scientific


def test_estimate_se_and_ci_share_the_estimates_unit_and_decimals() -> None:
    """The mixed units the durak and rummy commands printed (``22.74 %`` beside ``0.224852``)."""
    rows = [{"seat": 0, "p_fool": 0.227440, "se": 0.00129, "ci_low": 0.224852, "ci_high": 0.230028}]
    assert format_table(rows).splitlines()[2].split() == ["0", "22.74", "%", "0.13", "%", "22.49", "%",
                                                          "23.00", "%"]
    gain = [{"gain": 2.6829, "gain_se": 0.0161, "gain_ci_low": 2.6513, "gain_ci_high": 2.7145}]
    assert format_table(gain).splitlines()[2].split() == ["2.683", "0.016", "2.651", "2.715"]


def test_an_estimate_with_an_interval_and_no_se_shows_the_intervals_precision() -> None:
    """A sampled house edge beside its 95 % interval (the up-card exchange table) printed six
    digits, as an exact one does (``2.31331 %``): its interval's half-width now sets the decimals."""
    rows = [{"rule": "stays", "house_edge": 0.0231331, "house_edge_ci_low": 0.021258, "house_edge_ci_high": 0.025008}]
    assert format_table(rows).splitlines()[2].split() == ["stays", "2.313", "%", "2.126", "%", "2.501", "%"]
    exact = [{"game": "j-poker", "house_edge": 0.0231331}]  # no interval: exact, all six digits
    assert format_table(exact).splitlines()[2].split() == ["j-poker", "2.31331", "%"]


def test_a_bare_interval_is_in_the_unit_of_the_estimate_it_follows() -> None:
    """A gain in antes with a bare ci_low/ci_high beside a house-edge column printed its interval
    as percentages (2.516 antes, 200.3 % to 302.8 %)."""
    rows = [{"options": "joker only", "gain": 2.601, "ci_low": 2.557, "ci_high": 2.646,
             "house_edge": -2.61859, "house_edge_ci_low": -2.663, "house_edge_ci_high": -2.574}]
    assert format_table(rows).splitlines()[2].split() == ["joker", "only", "2.601", "2.557", "2.646",
                                                          "-261.9", "%", "-266.3", "%", "-257.4", "%"]


def test_a_count_beside_a_keyed_probability_stays_a_count() -> None:
    """In a table whose rows name their quantity, the quantity's unit is that of its value, SE and
    interval only: `durak odds` printed its games column as "2,000,000 %" on the P(fool) rows."""
    rows = [{"quantity": "p_fool", "estimate": 0.18383, "se": 0.00274, "ci_low": 0.17844, "ci_high": 0.18922,
             "games": 20000},
            {"quantity": "mean_bouts", "estimate": 12.284, "se": 0.016, "ci_low": 12.252, "ci_high": 12.315,
             "games": 20000}]
    lines = format_table(rows).splitlines()
    assert lines[2].split() == ["p_fool", "18.38", "%", "0.27", "%", "17.84", "%", "18.92", "%", "20,000"]
    assert lines[3].split() == ["mean_bouts", "12.284", "0.016", "12.252", "12.315", "20,000"]
    by_game = [{"quantity": "P(no match)", "banker-14": 0.357612, "treize": 0.356935, "frustration": 0.016233}]
    assert format_table(by_game).splitlines()[2].split() == ["P(no", "match)", "35.76", "%", "35.69", "%", "1.623", "%"]


def test_probability_columns_named_by_what_they_compare_print_as_percentages(tmp_path: Path) -> None:
    """A pivot's columns are named by rule set, a low table's running total "cumulative": declared
    (``percent=``) or so named, they print in the page's one style, with "-" where a rule set has
    no such category; the hand-frequencies page printed them as bare decimals (0.000001539) beside
    percentages (0.0008363 %)."""
    from analyzer.report.study import Study
    from analyzer.textfmt import table_cells

    rows = [{"category": "royal flush", "standard (52)": 0.000001539, "short-32 (32+1)": 0.0001011},
            {"category": "flush", "standard (52)": 0.001965, "short-32 (32+1)": "-"}]
    cols = list(rows[0])
    assert table_cells(rows, cols)[0][0][1:] == ["0.000001539", "0.0001011"]  # undeclared: plain
    cells, numeric = table_cells(rows, cols, percent=cols[1:])
    assert cells == [["royal flush", "0.0001539 %", "0.01011 %"], ["flush", "0.1965 %", "-"]]
    assert numeric == [False, True, True]
    study = Study("x", "X")
    study.table("pivot", rows, "Probability of each category", percent=cols[1:])
    study.write(tmp_path)
    assert "| flush | 0.1965 % | - |" in (tmp_path / "x" / "index.md").read_text(encoding="utf-8")
    low = [{"hand": "7-low", "count": 4080, "probability": 0.00157, "cumulative": 0.00157}]
    assert format_table(low).splitlines()[2].split() == ["7-low", "4,080", "0.1570", "%", "0.1570", "%"]


def test_a_long_fraction_is_never_split_across_lines() -> None:
    rows = [{"quantity": "house edge", "exact": "9571721884148096/26816424180170625", "note": "a b " * 30}]
    text = format_table(rows, width=60)
    assert "9571721884148096/26816424180170625" in text


def test_columns_option_picks_and_orders_columns() -> None:
    code, out, _ = run("eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker", "--columns", "description,hand")
    assert code == 0
    assert out.splitlines()[1].split() == ["description", "hand"]
    assert out.splitlines()[3] == "two pair, queens and nines, wild  Qs Qd 9h 5c Jk"
    code, out, _ = run("eval", "Qs Qd 9h 5c Jk", "--format", "csv", "--columns", "score")
    assert code == 0 and out.splitlines()[0] == "score"
    code, out, err = run("eval", "Qs Qd 9h 5c Jk", "--columns", "nope")
    assert code == 2 and out == "" and "no column 'nope'; the columns are hand, category" in err


def test_no_progress_off_a_terminal() -> None:
    code, out, err = run("videopoker", "check", "--paytable", "jacks-or-better-9-6", "--trials", "20000")
    assert code == 0 and err == ""  # CliRunner's stderr is not a terminal
    assert out.splitlines()[0].startswith("# joker-odds videopoker check · paytable Jacks or Better 9/6 · "
                                          "sampled · trials 20,000 · seed 0")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_status_and_steps_show_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _Tty()
    monkeypatch.setattr(sys, "stderr", fake)
    with progress.status("building lookup tables and compiling kernels, once"):
        pass
    assert list(progress.steps(range(3), "studies")) == [0, 1, 2]
    assert "compiling kernels, once" in fake.getvalue() and "studies" in fake.getvalue()
    quiet = _Tty()
    monkeypatch.setattr(sys, "stderr", quiet)
    progress.set_quiet(True)
    try:
        with progress.status("x"):
            pass
    finally:
        progress.set_quiet(False)
    assert quiet.getvalue() == ""


def test_compact_hands_parse() -> None:
    assert split_compact("AsKsQsJsTs") == ["As", "Ks", "Qs", "Js", "Ts"]
    assert hand_tokens("AsKs QsJs Ts") == ["As", "Ks", "Qs", "Js", "Ts"]
    assert split_compact("10♥Jk") == ["10♥", "Jk"] and split_compact("Jk2") == ["Jk2"]
    assert parse_hand("AsKsQsJsTs").tolist() == parse_hand("As Ks Qs Js Ts").tolist()
    code, out, _ = run("eval", "AsKsQsJsTs", "AsKs QsJs Ts", "--rules", "standard", "--format", "csv")
    assert code == 0 and out.splitlines()[1:] == ["As Ks Qs Js Ts,royal_flush,39452672,royal flush"] * 2


def test_plural_forms() -> None:
    assert plural(1, "card") == "1 card" and plural(3, "card") == "3 cards"
    code, _, err = run("eval", "As")
    assert code == 2 and "has 1 card, expected 5, 6 or 7" in err


def test_terms_are_explained_in_help() -> None:
    _, out, _ = run("stud", "--help", columns=100)
    text = " ".join(out.split())
    assert 'DOC = "Dealer\'s Open Card"' in text and "element of risk = the same loss per unit" in text
    _, out, _ = run("eval", "--help", columns=100)
    assert "on an exact tie the natural hand wins" in " ".join(out.split())


def test_help_loads_no_command_module() -> None:
    code = ("import sys\nfrom analyzer.cli import main\ntry:\n    main(['--help'], standalone_mode=False)\n"
            "finally:\n    print(sorted(m for m in ('numba', 'matplotlib', 'pandas', 'scipy', 'numpy', "
            "'analyzer.cli.hands') if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Commands:" in res.stdout and res.stdout.strip().endswith("[]")
    assert "videopoker  Video poker" in res.stdout


def test_stud_strategy_prose_fits_and_names_no_wild_card_in_caribbean() -> None:
    code, out, _ = run("stud", "strategy", "--game", "caribbean", columns=100)
    assert code == 0 and widest(out) <= 100  # the rule in words used to be one 485-character line
    assert out.startswith("# joker-odds stud strategy · game Caribbean Stud · exact · ")
    assert "wild card" not in out and "none in this game" in out
    assert "Simpler (up card not pairing one of yours): bet high card A-K-Q-8-3 or better." in " ".join(out.split())
