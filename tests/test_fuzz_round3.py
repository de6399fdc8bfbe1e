"""The third hostile-input round: one named test per case it found (one ``Error:`` line and exit 2
before any work, or a correct answer where the input is valid).

``item2_*``: a regression; ``item4_*``: accepted nonsense; ``item7_*``: a traceback and a forged
table cache; ``item8_*``: minor messages.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main, repeated_option

FAST = 5.0  # seconds: a refusal comes before any work (no kernel compiled, nothing sampled)


def _fails(args: list[str], *words: str) -> str:
    """Exit 2 with one ``Error:`` line holding ``words``, quickly, and no traceback."""
    started = time.perf_counter()
    r = CliRunner().invoke(main, args)
    took = time.perf_counter() - started
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 2, (r.exit_code, r.output[-500:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    for w in words:
        assert w in r.stderr, r.stderr
    assert took < FAST, f"{took:.1f} s: refused only after some work"
    return r.stderr


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ---- 2. a regression: a negative bid read as "unknown" ----------------------------------------

@pytest.mark.parametrize("bids", ["-1,0", "0,-3", "-1"])
def test_item2_a_negative_bid_is_an_error_not_unknown(bids: str) -> None:
    seat = len(bids.split(","))
    _fails(["tricks", "bid", "--hand", "Ah Kh", "--up", "7h", "--seat", str(seat), "--bids", bids],
           "--bids", "negative")


def test_item2_an_impossible_bid_is_an_error() -> None:
    _fails(["tricks", "bid", "--hand", "Ah Kh", "--up", "7h", "--seat", "2", "--bids", "0,9"], "outside 0..")


# ---- 4. accepted nonsense -------------------------------------------------------------------------

@pytest.mark.parametrize("cards", ["9", "18"])
def test_item4_tricks_score_refuses_more_cards_than_the_game_deals(cards: str) -> None:
    _fails(["tricks", "score", "--game", "joker-54", "--cards", cards, "--bid", "1", "--took", "1"],
           "cards must be 1..8")


def test_item4_tricks_score_accepts_the_largest_deal() -> None:
    r = CliRunner().invoke(main, ["tricks", "score", "--game", "joker-54", "--cards", "8", "--bid", "1",
                                  "--took", "1", "--format", "csv"])
    assert r.exit_code == 0 and r.stdout.splitlines()[1] == "joker-54,8,1,1,10", r.output


@pytest.mark.parametrize("players", ["2,2,2", ",".join(["3"] * 2000), "2,3,2"])
def test_item4_durak_sweep_refuses_a_repeated_player_count(players: str) -> None:
    _fails(["durak", "sweep", "--players", players, "--games", "10"], "--players", "more than once")


def test_item4_durak_sweep_refuses_a_repeated_deck() -> None:
    _fails(["durak", "sweep", "--players", "2", "--decks", "36+2,36+2", "--games", "10"], "--decks")


@pytest.mark.parametrize("args", [["rummy", "open", "--trials", "100"], ["rummy", "best", "Qc Kc Ac"],
                                  ["rummy", "turns", "--trials", "10"], ["rummy", "points", "--trials", "10"]],
                         ids=["open", "best", "turns", "points"])
def test_item4_rummy_joker_cap_needs_a_deck_with_jokers(args: list[str]) -> None:
    _fails([*args, "--deck", "2x52", "--joker-cap", "1"], "--joker-cap does not apply", "no jokers")


def test_item4_rummy_joker_points_need_a_deck_with_jokers() -> None:
    _fails(["rummy", "points", "--deck", "2x52", "--joker-points", "20", "--trials", "10"], "--joker-points")


def test_item4_stud_upcard_doc_rule_needs_a_doc_deal() -> None:
    _fails(["stud", "upcard", "9h 9d 7h 4s 2c", "--up", "Ad", "--wild", "3c", "--doc-rule", "new_up_card"],
           "--doc-rule does not apply")
    _fails(["stud", "upcard", "9h 9d 7h 4s 2c", "--up", "Ad", "--game", "caribbean", "--doc-rule", "stays"],
           "--doc-rule does not apply")


@pytest.mark.parametrize("extra", [["--seed", "3"], ["--trials", "1000"], ["--checkpoint", "c.json"],
                                   ["--target-se", "0.01"], ["--chunk-size", "10"]],
                         ids=["seed", "trials", "checkpoint", "target", "chunk"])
def test_item4_exact_equity_refuses_sampling_options(here: Path, extra: list[str]) -> None:
    Path("c.json").write_text("garbage")
    _fails(["equity", "As Ah Kd Kc 2h", *extra], extra[0], "exact here", "--method mc")
    assert Path("c.json").read_text() == "garbage"


def test_item4_equity_refuses_a_garbage_checkpoint_when_sampling(here: Path) -> None:
    Path("c.json").write_text("garbage")
    _fails(["equity", "As Ah", "--method", "mc", "--trials", "1000", "--checkpoint", "c.json"], "c.json")


@pytest.mark.parametrize("hand", ["", "   "])
def test_item4_equity_empty_hand_is_not_a_random_one(hand: str) -> None:
    _fails(["equity", hand], "an empty hand")
    _fails(["equity", "As Ah Kd Kc 2h", hand], "an empty hand")


def test_item4_short_tricks_solve_refuses_four_empty_hands() -> None:
    _fails(["tricks", "solve", "--game", "short-tricks", "--hands", "", "--hands", "", "--hands", "",
            "--hands", ""], "1 to 5")


def test_item4_tricks_solve_maker_only_in_short_tricks() -> None:
    _fails(["tricks", "solve", "--maker", "2", "--hands", "Ah Kh Jk1", "Qh Jh Th", "9h 8h 7h", "Ac Kc Qc"],
           "--maker does not apply")


def test_item4_game_odds_refuses_a_game_that_cannot_end() -> None:
    _fails(["tricks", "game-odds", "--rule", "make_points=0", "--rule", "fail=0", "--rule", "march=0"],
           "could never end")
    _fails(["tricks", "game-odds", "--rule", "make_points=-1", "--rule", "march=0"], "could never end")


@pytest.mark.parametrize("lowest", [str(-10**20), "-131", "1"])
def test_item4_game_odds_lowest_is_bounded_not_clamped(lowest: str) -> None:
    _fails(["tricks", "game-odds", "--lowest", lowest], "--lowest")


def test_item4_game_odds_table_reaches_the_lowest_asked() -> None:
    """The chain's floor follows --lowest: the table starts at the score asked, not at a floor."""
    from analyzer.games.tricks.analysis.short_game import DealOutcomes, game_odds

    even = DealOutcomes.from_probs(eldest={1: 0.4, -2: 0.1}, dealer={1: 0.4, -2: 0.1})
    rows = game_odds(even, show_from=-25).rows(-25)  # below the default floor (-24)
    assert min(r["score"] for r in rows) == -25


@pytest.mark.parametrize("args", [
    ["durak", "strength", "--lineup", "heuristic,random", "--lineup", "random,heuristic", "--deals", "10"],
    ["durak", "simulate", "--games", "10", "--seed", "1", "--seed=2"],
    ["freq", "--trials", "100", "--format", "csv", "--format", "json"],
    ["eval", "As Ks Qs Js Ts", "--double-ace-flush", "--no-double-ace-flush"],
], ids=["lineup", "seed", "format", "flag-pair"])
def test_item4_an_option_given_twice_is_refused(args: list[str]) -> None:
    _fails(args, "give")


def test_item4_repeatable_options_may_repeat() -> None:
    import click

    cmd = click.Command("c", params=[click.Option(["--rule"], multiple=True), click.Option(["--x"]),
                                     click.Option(["--v"], count=True)])
    assert repeated_option(cmd, ["--rule", "a", "--rule", "b", "--x", "--rule", "-v", "-v"]) is None
    assert repeated_option(cmd, ["--x", "1", "--", "--x", "2"]) is None
    assert "--x given twice" in (repeated_option(cmd, ["--x", "1", "--x=2"]) or "")


# ---- 7. a traceback; a forged table cache ----------------------------------------------------------

def test_item7_durak_play_budget_past_its_ceiling_is_refused() -> None:
    _fails(["durak", "play", "--policy", "search", "--budget", "9" * 20], "--budget")
    _fails(["durak", "play", "--policy", "search", "--budget", str(10**9 + 1)], "--budget")


# ---- 8. minor -------------------------------------------------------------------------------------

def test_item8_cards_is_not_required_where_a_game_fixes_it() -> None:
    r = CliRunner().invoke(main, ["tricks", "strength", "--help"])
    assert r.exit_code == 0
    assert "--cards" in r.stdout and "[required]" not in r.stdout.split("--cards", 1)[1].split("\n  --", 1)[0]


def test_item8_no_json_numbers_overflow_in_a_checkpoint_message(here: Path) -> None:
    args = ["rummy", "open", "--trials", "300", "--chunk-size", "100", "--checkpoint", "c.json", "--quiet",
            "--format", "csv"]
    assert CliRunner().invoke(main, args).exit_code == 0
    data = json.loads(Path("c.json").read_text())
    data["totals"] = [2**62] * len(data["totals"])  # sums past 64 bits
    Path("c.json").write_text(json.dumps(data))
    err = _fails(args, "c.json")
    assert " -" not in err.split("c.json", 1)[1].split("outcomes")[0], err


def test_item8_forged_sums_are_never_shown_negative() -> None:
    from analyzer.checkpoint import order_problem, outcome_problem

    big = np.full(4, 2**62, np.int64)  # an int64 sum wraps around to 0
    assert outcome_problem(big, 10, {"seats": slice(0, 4)}) == (
        f"seats counts {2**64:,} outcomes, not 10 (one per trial)")
    assert order_problem(big, [("made", [0, 1, 2, 3], [0])]) == f"made: {2**64:,} is more than {2**62:,}"


def test_item8_out_of_memory_does_not_blame_the_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.games.durak.simulate as sim

    def huge(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(sim, "simulate_durak", huge)
    err = _fails(["durak", "simulate", "--games", str(10**12), "--force"], "out of memory", "run")
    assert "the input is too large" not in err


# ---- 3. every proportion's interval inside [0, 1] ---------------------------------------------------

def test_item3_durak_strength_p_fool_interval_stays_in_0_1() -> None:
    r = CliRunner().invoke(main, ["durak", "strength", "--lineup", "heuristic,random,heuristic", "--deals", "10",
                                  "--format", "json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)["rows"]
    for row in rows:
        assert 0 <= row["p_fool_ci_low"] <= row["p_fool"] <= row["p_fool_ci_high"] <= 1, row


def test_item3_share_interval_is_inside_0_1_and_holds_the_estimate() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from analyzer.stats import share_interval

    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    @given(st.floats(0, 1), st.floats(0, 10), st.integers(1, 10**9))
    def check(p: float, se: float, n: int) -> None:
        lo, hi = share_interval(p, se, n)
        assert 0.0 <= lo <= p <= hi <= 1.0

    check()
    assert share_interval(float("nan"), 0.1, 10) == (0.0, 1.0)


# ---- 7. a forged table cache: the natural categories are checked ------------------------------------

def _forged_pair_table(rules_name: str = "joker-wild") -> tuple[np.ndarray, np.ndarray, object]:
    """The real 5-card table and a copy in which Q Q 7 4 2 (no wild card) scores high card."""
    from analyzer.kernels.codes import CAT_SHIFT
    from analyzer.rules import Category, get_rules
    from analyzer.scoretable import score_table, table_spec
    from analyzer.tablecheck import natural_category_check

    rules = get_rules(rules_name)
    deck = rules.deck_spec(None)
    table, _ = score_table(rules, deck, 5)
    _key, _shape, max_w = table_spec(rules, deck, 5)
    forged = table.copy()
    ranks = (0, 2, 5, 10, 10)  # 2 4 7 Q Q: the colex index of the sorted ranks
    from math import comb

    i = sum(comb(r + j, j + 1) for j, r in enumerate(ranks))
    high = rules.order_low_to_high.index(Category.HIGH_CARD)
    assert int(forged[i]) >> CAT_SHIFT == rules.order_low_to_high.index(Category.PAIR)
    forged[i] = (high << CAT_SHIFT) | (int(forged[i]) & ((1 << CAT_SHIFT) - 1))
    return table, forged, natural_category_check(rules, deck, 5, max_w)


def test_item7_a_forged_table_scoring_two_queens_high_card_is_refused() -> None:
    table, forged, check = _forged_pair_table()
    assert check(table) is None  # type: ignore[operator]
    problem = check(forged)  # type: ignore[operator]
    assert problem is not None and "high_card" in problem, problem


def test_item7_natural_category_counts_are_the_exact_counts() -> None:
    """Each off-flush category's count of rank multisets, against a count by hand."""
    from collections import Counter
    from itertools import combinations_with_replacement

    from analyzer.rules import get_rules
    from analyzer.tablecheck import natural_category_counts

    def by_hand(lowest: int) -> Counter[str]:
        out: Counter[str] = Counter()
        for ranks in combinations_with_replacement(range(lowest, 13), 5):
            c = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
            if c[0] == 5:
                continue
            s = sorted(set(ranks))
            straight = len(s) == 5 and (s[4] - s[0] == 4 or s == [*range(lowest, lowest + 4), 12])
            out[("four_of_a_kind" if c[0] == 4 else "full_house" if c[:2] == [3, 2] else
                 "three_of_a_kind" if c[0] == 3 else "two_pair" if c[:2] == [2, 2] else "pair" if c[0] == 2
                 else "straight" if straight else "high_card")] += 1
        return out

    for name in ("standard", "short-36", "short-32"):
        rules = get_rules(name)
        deck = rules.deck_spec(None)
        assert natural_category_counts(rules, deck, 5) == dict(by_hand(deck.lowest_rank)), name


def test_item7_a_wild_hand_below_its_natural_cards_is_refused() -> None:
    from analyzer.kernels.codes import CAT_SHIFT
    from analyzer.tablecheck import STRIDE

    table, _forged, check = _forged_pair_table()
    forged = table.copy()
    block = forged[STRIDE: 2 * STRIDE]  # one wild card: every hand is a pair or better
    block[block >= (2 << CAT_SHIFT)] = 0  # forged down to the lowest high card
    assert check(forged) is not None  # type: ignore[operator]


def test_item7_eval_rebuilds_a_forged_table_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer import scoretable, tablecache
    from analyzer.rules import get_rules

    monkeypatch.setenv("JOKER_ODDS_CACHE", str(tmp_path))
    hand = ["eval", "Qh Qd 7c 4s 2h", "--rules", "joker-wild", "--format", "csv"]
    scoretable.score_table.cache_clear()
    first = CliRunner().invoke(main, hand)
    assert first.exit_code == 0 and "pair" in first.stdout, first.output
    _table, forged, _check = _forged_pair_table()
    rules = get_rules("joker-wild")
    key, _shape, _w = scoretable.table_spec(rules, rules.deck_spec(None), 5)
    path = tablecache.table_path(key, tmp_path)
    assert path.exists()
    path.write_bytes(tablecache._encode(forged, tablecache._key_digest(key)))  # checksum recomputed
    scoretable.score_table.cache_clear()
    tablecache._warned.clear()
    r = CliRunner().invoke(main, hand)
    scoretable.score_table.cache_clear()
    assert r.exit_code == 0 and r.stdout == first.stdout, r.output
    assert "rebuilding" in r.stderr and "high_card" in r.stderr, r.stderr


@pytest.mark.parametrize("command", ["strength", "play"])
def test_item8_short_tricks_takes_cards_5_and_refuses_another_count(command: str) -> None:
    _fails(["tricks", command, "--game", "short-tricks", "--cards", "4", "--deals", "10"], "five cards",
           "--cards 4")
    r = CliRunner().invoke(main, ["tricks", command, "--game", "short-tricks", "--cards", "5", "--deals", "20",
                                  "--format", "csv"])
    assert r.exit_code == 0, r.output


# ---- 5. one run-cost guard: an estimate from measured rates, a ceiling, --force ---------------------

@pytest.mark.parametrize("args", [
    ["freq", "--trials", str(10**12)], ["calling", "--trials", str(10**12)],
    ["videopoker", "check", "--paytable", "jacks-or-better-9-6", "--trials", str(10**12)],
    ["stud", "location", "--trials", str(10**12)], ["stud", "upcard-edge", "--per-stratum", str(10**6)],
    ["tricks", "play", "--policy", "pimc", "--k", "4096", "--budget", str(10**8), "--deals", "100000"],
    ["durak", "simulate", "--policy", "search", "--budget", str(10**8), "--games", str(10**6)],
    ["equity", "As Ah", "--trials", str(10**12)], ["tricks", "game-odds", "--deals", str(10**12)],
    ["tricks", "hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--deals", str(10**12)],
    ["durak", "sweep", "--games", str(4 * 10**7)], ["durak", "strength", "--pair", "ismcts:heuristic",
                                                     "--deals", str(10**6)],
], ids=lambda a: " ".join(a[:2]))
def test_item5_a_run_past_an_hour_is_refused_with_its_estimate(args: list[str]) -> None:
    err = _fails(args, "about", "of work here", "a second on two cores", "add --force")
    assert any(w in err for w in ("hours", "days", "years")), err
    r = CliRunner().invoke(main, [*args, "--force", "--format", "nosuch"])  # lifted: stopped elsewhere
    assert r.exit_code == 2 and "--force" not in r.stderr, r.stderr


def test_item5_the_estimate_follows_the_search_budget() -> None:
    from analyzer.cli.limits import duration
    from analyzer.games.durak.cli import GAMES_RUN

    cheap = GAMES_RUN.seconds(10**6, {"policy": "heuristic"})
    dear = GAMES_RUN.seconds(10**6, {"policy": "search", "budget": 10**4})
    assert cheap < 60 < 3600 < dear and duration(dear).endswith(("hours", "days"))


# ---- 5 (cont.). the guard over simulate, the stud edges' samples and pimc's cost --------------------

STUDY = str(Path(__file__).parent.parent / "simulations" / "standard-precision.toml")


class _Ran(Exception):
    """Raised by a stand-in for a command's work: the run got past the guard."""


def _ran(*args: object, **kwargs: object) -> None:
    raise _Ran(args, kwargs)


GUARDED = [  # (arguments past an hour, module and name of the work function they would call)
    (["simulate", STUDY, "--trials", str(10**11)], "analyzer.cli.simulate", "run_study"),
    (["simulate", STUDY, "--target-se", "1e-9", "--max-trials", str(10**11)], "analyzer.cli.simulate", "run_study"),
    (["stud", "exchange-edge", "--game", "j-poker", "--situations", str(10**7)], "analyzer.games.stud.cli",
     "exchange_edge"),
    (["stud", "exchange-edge", "--game", "j-poker", "--situations", "100", "--screen", str(10**8)],
     "analyzer.games.stud.cli", "exchange_edge"),
    (["stud", "options-edge", "--situations", str(10**6), "--screen", str(10**6)], "analyzer.games.stud.edge",
     "house_edge"),
    (["tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--policy", "pimc", "--samples", "200000"],
     "analyzer.games.tricks.analysis.bidding", "bid_table"),
    (["tricks", "strength", "--cards", "9", "--model", "paranoid", "--deals", "200"],
     "analyzer.games.tricks.analysis.strength", "strength"),
    (["tricks", "strength", "--cards", "9", "--a", "heuristic", "--b", "pimc", "--deals", "20000"],
     "analyzer.games.tricks.analysis.strength", "strength"),
    (["tricks", "joker-value", "--cards", "9", "--deals", str(10**11)], "analyzer.games.tricks.analysis.joker_value",
     "joker_value"),
    (["stud", "analyze", "--game", "j-poker", "--trials", str(13 * 2_598_960)], "analyzer.games.stud.cli", "house_edge"),
    (["stud", "strategy", "--game", "j-poker", "--trials", str(10**7)], "analyzer.games.stud.cli", "strategy_report"),
]


@pytest.mark.parametrize(("args", "module", "work"), GUARDED, ids=lambda a: " ".join(a[:3]) if isinstance(a, list) else "")
def test_item5_every_size_goes_through_the_guard_and_force_lets_it_run(
        args: list[str], module: str, work: str, here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    monkeypatch.setattr(importlib.import_module(module), work, _ran)
    err = _fails(args, "about", "of work here", "a second on two cores", "add --force")
    assert any(w in err for w in ("hours", "days", "years")), err
    r = CliRunner().invoke(main, [*args, "--force"])
    assert isinstance(r.exception, _Ran), (r.exit_code, r.output[-500:])


@pytest.mark.parametrize(("args", "alone", "together", "module", "work"), [
    (["stud", "exchange-edge", "--game", "j-poker", "--situations", "20000", "--screen", "700000"],
     [["--situations", "20000"], ["--situations", "100", "--screen", "700000"]], "about 1.7 hours",
     "analyzer.games.stud.cli", "exchange_edge"),
    (["stud", "options-edge", "--situations", "800", "--screen", "1000000"],
     [["--situations", "800"], ["--screen", "1000000"]], "about 1.0 hours", "analyzer.games.stud.edge",
     "house_edge"),
], ids=["exchange-edge", "options-edge"])
def test_item5_a_sample_and_its_screen_are_one_run_against_the_ceiling(
        args: list[str], alone: list[list[str]], together: str, module: str, work: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each size under the hour (3,125 s + 3,125 s; 3,200 s + 500 s at the commands' rates), both
    together over it: refused, the two named with the estimate of their sum."""
    import importlib

    monkeypatch.setattr(importlib.import_module(module), work, _ran)
    sizes = " and ".join(f"{a} {int(b):,}" for a, b in zip(args[-4::2], args[-3::2], strict=True))
    _fails(args, sizes, together, "of work here together", "a second on two cores", "add --force")
    for part in alone:
        r = CliRunner().invoke(main, [*args[:args.index("--situations")], *part])
        assert isinstance(r.exception, _Ran), (part, r.exit_code, r.output[-500:])
    r = CliRunner().invoke(main, [*args, "--force"])
    assert isinstance(r.exception, _Ran), (r.exit_code, r.output[-500:])


def test_item5_pimc_cost_follows_k_budget_and_model() -> None:
    from analyzer.games.tricks.cli.bid import pimc_seconds

    base = {"k": 256, "budget": 200_000}
    assert pimc_seconds({**base, "k": 64}) == pytest.approx(pimc_seconds(base) / 4)
    assert pimc_seconds({**base, "model": "paranoid"}) > 100 * pimc_seconds(base)
    assert pimc_seconds({**base, "model": "paranoid", "budget": 1000}) < pimc_seconds({**base, "model": "paranoid"})


def test_item5_a_study_files_own_trials_go_through_the_guard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate`` without --trials: the file's ``[run] trials`` is the size; past an hour it is refused
    before any work, --force lets it run, and --trials overrides it."""
    import analyzer.cli.simulate as sim

    study = tmp_path / "huge.toml"
    text = Path(STUDY).read_text(encoding="utf-8")
    import re

    study.write_text(re.sub(r"(?ms)^\[run\].*?(?=^\[|\Z)", "[run]\ntrials = 100000000000\n\n", text), encoding="utf-8")
    monkeypatch.setattr(sim, "run_study", _ran)
    monkeypatch.chdir(tmp_path)
    err = _fails(["simulate", str(study)], "the study file's [run] trials = 100,000,000,000", "add --force")
    assert any(w in err for w in ("hours", "days", "years")), err
    for extra in (["--force"], ["--trials", "1000"]):
        r = CliRunner().invoke(main, ["simulate", str(study), *extra])
        assert isinstance(r.exception, _Ran), (extra, r.exit_code, r.output[-500:])
