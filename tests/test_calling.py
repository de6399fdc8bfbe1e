"""The calling game (seed 001 §4): exact rook-polynomial odds against brute force and published
values, Monte Carlo agreement, and the ``calling`` command."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb, factorial, perm

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrng import PyXoshiro
from scipy import stats as sst

from analyzer.cards import DeckSpec
from analyzer.cli import main
from analyzer.engine import chunk_state, run
from analyzer.games.calling import (
    JOKER_RANK,
    CallingError,
    CallingTask,
    calling_game,
    exact_calling,
    match_counts,
    parse_calls,
    rook_numbers,
    sample_calling,
)
from analyzer.games.calling.game import CallingGame
from analyzer.games.calling.sample import calling_chunk
from analyzer.stats import chi_square_gof

# 7 cards: kings Kh Ks, aces Ad Ah As, two jokers; queens absent (a call that never matches)
MINI = DeckSpec("mini", lowest_rank=11, jokers=2, removed=(44, 45, 48))
KING, ACE, QUEEN = 11, 12, 10


def brute_force(game: CallingGame) -> tuple[list[int], list[int]]:
    """Match-count and first-match histograms over every ordered deal of C cards."""
    ranks = list(game.card_ranks)
    c = game.n_calls
    matches, first = [0] * (c + 1), [0] * (c + 1)
    for deal in itertools.permutations(range(len(ranks)), c):
        hits = [i + 1 for i in range(c) if ranks[deal[i]] == game.calls[i]]
        matches[len(hits)] += 1
        first[hits[0] if hits else 0] += 1
    return matches, first


@settings(max_examples=30)
@given(st.lists(st.sampled_from([KING, ACE, QUEEN, JOKER_RANK]), min_size=1, max_size=5))
def test_exact_matches_brute_force(calls: list[int]) -> None:
    game = CallingGame("t", MINI, tuple(calls), first_pays=2)
    ex = exact_calling(game)
    matches, first = brute_force(game)
    assert list(ex.match_counts) == matches
    assert list(ex.first_counts) == first
    assert ex.total == perm(7, len(calls))


def test_full_deck_brute_force() -> None:
    """All 7 cards turned, ranks called repeatedly (a tiny frustration solitaire)."""
    game = CallingGame("t", MINI, (ACE, KING, JOKER_RANK, ACE, KING, JOKER_RANK, ACE))
    matches, first = brute_force(game)
    ex = exact_calling(game)
    assert (list(ex.match_counts), list(ex.first_counts)) == (matches, first)


def test_rook_numbers_full_board() -> None:
    # 3 calls of a rank with 4 cards: r_k = C(3,k) C(4,k) k!
    assert rook_numbers((5, 5, 5), (0,) * 5 + (4,) + (0,) * 8) == [1, 12, 36, 24]
    # a rank absent from the deck contributes nothing
    assert rook_numbers((5, 6), (0,) * 14) == [1, 0, 0]


def test_treize_montmort() -> None:
    ex = exact_calling(calling_game("treize"))
    classic = sum(Fraction((-1) ** k * comb(13, k) * 4 ** k * factorial(52 - k), factorial(52))
                  for k in range(14))
    assert ex.p_no_match == classic
    assert round(float(ex.p_no_match), 6) == 0.356935
    assert ex.first_probabilities[1] == Fraction(1, 13)


def test_frustration_published() -> None:
    ex = exact_calling(calling_game("frustration"))
    assert round(float(ex.p_no_match), 5) == 0.01623  # Doyle, Grinstead & Snell
    assert ex.p_no_match == Fraction(4610507544750288132457667562311567997623087869,
                                     284025438982318025793544200005777916187500000000)
    assert ex.mean_matches == 4
    assert sum(ex.match_counts) == factorial(52)


def test_seed_game_numbers() -> None:
    g = calling_game("banker-14")
    assert (g.n_cards, g.n_calls, g.first_pays) == (54, 14, 2)
    ex = exact_calling(g)
    q, f = ex.first_probabilities[0], ex.first_probabilities
    assert f[1] == Fraction(2, 54)
    assert f[2] == Fraction(4, 54) - Fraction(2, 54) * Fraction(4, 53)  # ace second, no joker first
    assert sum(f) == 1 and sum(ex.match_probabilities) == 1
    assert ex.mean_matches == 1  # 54 matching cards spread over 14 calls of 54 cards
    assert ex.banker_ev == 2 * f[1] + (1 - q - f[1]) - q
    assert ex.deals_per_bank == 1 / q and ex.wins_before_passing == (1 - q) / q
    assert ex.ev_per_bank == ex.banker_ev / q
    assert ex.p_no_match == banker_14_no_match()
    assert ex.banker_ev == 2 * Fraction(2, 54) + (1 - banker_14_no_match() - Fraction(2, 54)) - banker_14_no_match()
    assert ex.deals_per_bank == 1 / banker_14_no_match()
    assert round(float(ex.banker_ev), 6) == 0.321813 and round(float(ex.deals_per_bank), 4) == 2.7963


def banker_14_no_match() -> Fraction:
    """P(none of the 14 calls Jk A K … 2 matches), 54 cards, by inclusion–exclusion written out:
    the calls name distinct ranks (2 jokers, then 4 cards each), so the rook polynomial of the
    forbidden (call, card) board is (1 + 2x)(1 + 4x)^13, and k forced matches leave P(54-k, 14-k)
    ordered deals of the other calls."""
    r = [comb(13, k) * 4**k + (2 * comb(13, k - 1) * 4 ** (k - 1) if k else 0) for k in range(15)]
    return Fraction(sum((-1) ** k * r[k] * perm(54 - k, 14 - k) for k in range(15)), perm(54, 14))


def test_banker_14_inclusion_exclusion_value() -> None:
    assert banker_14_no_match() == Fraction(44188895470803668, 123566628628414125)  # ≈ 0.357612


def test_match_count_formula_direct() -> None:
    # exactly-m counts as the Laguerre sum Σ (-1)^(k-m) C(k,m) r_k (N-k)! over full permutations
    g = calling_game("treize")
    r = rook_numbers(g.calls, g.multiplicities)
    full = [sum((-1) ** (k - m) * comb(k, m) * r[k] * factorial(52 - k) for k in range(m, 14))
            for m in range(14)]
    assert [c * factorial(39) for c in match_counts(g.calls, g.multiplicities, 52)] == full


def test_generalised_decks() -> None:
    two = exact_calling(calling_game("banker-14", deck="2x52+2"))
    assert two.game.multiplicities[JOKER_RANK] == 2 and two.game.multiplicities[0] == 8
    assert two.first_probabilities[1] == Fraction(2, 106)
    short = exact_calling(calling_game("Jk A K Q J T 9 8 7 6", deck="36+2", first_pays=2))
    assert short.mean_matches == Fraction(38, 38)
    never = exact_calling(calling_game("Jk", deck="52"))  # no joker in the deck
    assert never.p_no_match == 1 and never.deals_per_bank == 1
    one_call = exact_calling(calling_game("A", deck="52", miss_pays=0))
    assert one_call.banker_ev == Fraction(1, 13)


def test_bank_never_passes() -> None:
    game = CallingGame("t", DeckSpec("aces", lowest_rank=12), (ACE,))
    ex = exact_calling(game)
    assert ex.p_no_match == 0 and ex.deals_per_bank is None and ex.ev_per_bank is None


@pytest.mark.parametrize(("calls", "deck", "message"), [
    ("A Z", None, "unknown call 'Z'"),
    ("", None, "the call sequence is empty"),
    (" ".join(["A"] * 53), "52", "53 calls but deck 52 has only 52 cards"),
    ("treize", "54", "unknown deck '54'"),
])
def test_game_errors(calls: str, deck: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        calling_game(calls, deck)


def test_payoff_errors() -> None:
    with pytest.raises(CallingError, match="repeat must be ≥ 1"):
        calling_game("treize", repeat=0)
    with pytest.raises(CallingError, match="first-card win must be ≥ 0"):
        calling_game("treize", first_pays=-1)
    with pytest.raises(CallingError, match="trials must be positive"):
        sample_calling(calling_game("treize"), 0)
    assert parse_calls("10 jk Joker") == (8, JOKER_RANK, JOKER_RANK)


def test_kernel_matches_python_twin() -> None:
    task = CallingTask.from_game(calling_game("banker-14"))
    fast = calling_chunk(chunk_state(5, 0), 2_000, task.card_ranks, task.calls)
    slow = calling_chunk.py_func(chunk_state(5, 0), 2_000, task.card_ranks, task.calls)
    assert np.array_equal(fast, slow)
    one = run(task, 30_000, seed=9, chunk_size=7_000, threads=1).totals
    many = run(task, 30_000, seed=9, chunk_size=7_000, threads=2).totals
    assert np.array_equal(one, many)


def test_kernel_matches_plain_python_deals() -> None:
    """An independent check of the kernel's logic: the same deals replayed in plain Python (the
    documented xoshiro256** + partial Fisher–Yates, tests/pyrng.py) give the same histograms."""
    game = calling_game("banker-14")
    task = CallingTask.from_game(game)
    state = chunk_state(5, 0)
    fast = calling_chunk(state.copy(), 3_000, task.card_ranks, task.calls)
    py = PyXoshiro([int(w) for w in state])
    pack = [int(r) for r in game.card_ranks]
    calls = list(game.calls)
    c = len(calls)
    matches, first = [0] * (c + 1), [0] * (c + 1)
    for _ in range(3_000):
        py.deal(pack, c)
        hits = [i + 1 for i in range(c) if pack[i] == calls[i]]
        matches[len(hits)] += 1
        first[hits[0] if hits else 0] += 1
    assert fast.tolist() == matches + first


def _simultaneous_z(m: int) -> float:
    return float(sst.norm.ppf(1 - 0.025 / m))  # Bonferroni: all m intervals hold with ≥ 95 %


def _pooled_gof(hist: np.ndarray, probs: np.ndarray, trials: int) -> float:
    """χ² p-value with every cell of expected count below 5 pooled into one."""
    small = probs * trials < 5
    obs = np.append(hist[~small], hist[small].sum())
    exp = np.append(probs[~small], probs[small].sum())
    return chi_square_gof(obs, exp).p_value


@pytest.mark.parametrize(("name", "trials", "seed"), [("banker-14", 300_000, 11), ("treize", 200_000, 12),
                                                      ("frustration", 100_000, 13)])
def test_monte_carlo_agrees(name: str, trials: int, seed: int) -> None:
    game = calling_game(name)
    ex = exact_calling(game)
    s = sample_calling(game, trials, seed, chunk_size=50_000)
    assert s.match_hist.sum() == trials == s.first_hist.sum()
    # headline values inside their own 95 % intervals
    q = s.p_no_match
    assert q.ci_low <= ex.p_no_match <= q.ci_high
    assert s.banker_ev.ci_low <= ex.banker_ev <= s.banker_ev.ci_high
    assert s.mean_matches.ci_low <= ex.mean_matches <= s.mean_matches.ci_high
    _, lo, hi = s.deals_per_bank
    assert ex.deals_per_bank is not None and lo <= ex.deals_per_bank <= hi
    f1 = s.first_estimates()[1]
    assert f1.ci_low <= ex.first_probabilities[1] <= f1.ci_high
    # whole distributions: simultaneous intervals and a χ² test
    for hist, probs in ((s.match_hist, ex.match_probabilities), (s.first_hist, ex.first_probabilities)):
        z = _simultaneous_z(len(probs))
        for count, p in zip(hist, probs, strict=True):
            est = count / trials
            assert abs(est - float(p)) <= z * np.sqrt(float(p) * (1 - float(p)) / trials) + 1e-12
        assert _pooled_gof(hist, np.array([float(p) for p in probs]), trials) > 1e-3


def test_sample_reproducible() -> None:
    g = calling_game("treize")
    a, b = sample_calling(g, 20_000, 3), sample_calling(g, 20_000, 3)
    assert np.array_equal(a.first_hist, b.first_hist)
    assert not np.array_equal(a.first_hist, sample_calling(g, 20_000, 4).first_hist)


# ---- CLI -------------------------------------------------------------------------------------

def _invoke(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


def test_cli_summary_default() -> None:
    code, out, _ = _invoke("calling")
    assert code == 0
    assert str(banker_14_no_match()) in out and str(Fraction(2, 54)) in out  # P(no match), P(joker first)


def test_cli_tables_json() -> None:
    code, out, _ = _invoke("calling", "--calls", "treize", "--table", "matches", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["deck"] == "52" and data["calls"].startswith("A 2 3")
    assert [r["matches"] for r in data["rows"]] == list(range(14))
    assert round(data["rows"][0]["probability"], 6) == 0.356935
    code, out, _ = _invoke("calling", "--table", "first", "--format", "csv")
    assert code == 0 and out.splitlines()[0] == "first_match,call,deals,probability,payoff"
    assert out.splitlines()[1].startswith("1,Jk,") and out.splitlines()[-1].startswith("none,,")


def test_cli_monte_carlo_and_out(tmp_path) -> None:
    target = tmp_path / "f.json"
    code, out, _ = _invoke("calling", "--calls", "frustration", "--trials", "50000", "--seed", "1",
                           "--format", "json", "--out", str(target))
    assert code == 0 and out == ""
    data = json.loads(target.read_text())
    assert data["trials"] == 50_000 and data["seed"] == 1
    row = data["rows"][0]
    assert row["quantity"] == "P(no match)" and row["in_ci"] is True


def test_cli_payoffs_and_deck() -> None:
    code, out, _ = _invoke("calling", "--calls", "A", "--deck", "52", "--first-pays", "3",
                           "--match-pays", "1", "--miss-pays", "0", "--format", "json")
    rows = {r["quantity"]: r for r in json.loads(out)["rows"]}
    assert code == 0 and rows["banker EV per unit per player"]["exact"] == "3/13"
    code, out, _ = _invoke("calling", "--calls", "Jk A K", "--deck", "36+2", "--format", "json")
    assert code == 0 and json.loads(out)["cards"] == 38


def test_cli_repeat() -> None:
    code, out, _ = _invoke("calling", "--calls", "A 2 3 4 5 6 7 8 9 T J Q K", "--repeat", "4", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["calls"] == calling_game("frustration").calls_text
    assert round(data["rows"][0]["value"], 5) == 0.01623
    code, out, _ = _invoke("calling", "--calls", "A 6 7 8 9 T J Q K", "--deck", "36", "--repeat", "4")
    assert code == 0 and "P(no match)" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--repeat", "0"], "Error: Invalid value for '--repeat'"),
    (["--calls", "treize", "--repeat", "5"], "Error: 65 calls but deck 52 has only 52 cards"),
    (["--calls", "Jk A X"], "Error: unknown call 'X' in 'Jk A X' (use Jk, A, K, Q, J, T or 10, 9 … 2)"),
    (["--deck", "99"], "Error: unknown deck '99'"),
    (["--calls", " ".join(["2"] * 40), "--deck", "36"], "Error: 40 calls but deck 36 has only 36 cards"),
    (["--trials", "0"], "Error: Invalid value for '--trials'"),
    (["--first-pays", "-1"], "Error: Invalid value for '--first-pays'"),
    (["--table", "nope"], "Error: Invalid value for '--table'"),
    (["--trials", "10", "--seed", "-1"], "Error: Invalid value for '--seed'"),
])
def test_cli_errors(args: list[str], message: str) -> None:
    code, out, err = _invoke("calling", *args)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["banker-14", "frustration"])
def test_monte_carlo_large(name: str) -> None:
    """20 M deals: the exact values still sit inside intervals ~8× narrower than the default run's."""
    game = calling_game(name)
    ex = exact_calling(game)
    s = sample_calling(game, 20_000_000, 99)
    assert s.p_no_match.ci_low <= ex.p_no_match <= s.p_no_match.ci_high
    assert s.banker_ev.ci_low <= ex.banker_ev <= s.banker_ev.ci_high
    z = _simultaneous_z(len(ex.first_counts))
    for count, p in zip(s.first_hist, ex.first_probabilities, strict=True):
        assert abs(count / s.trials - float(p)) <= z * np.sqrt(float(p) * (1 - float(p)) / s.trials)
    assert _pooled_gof(s.match_hist, np.array([float(p) for p in ex.match_probabilities]), s.trials) > 1e-3


def test_report_study_builds_small(tmp_path, monkeypatch) -> None:
    """The calling-and-betting study (its Monte Carlo shortened): the exact tables hold the values
    derived in the tests above, and each simulated quantity is listed beside its exact value."""
    import csv

    import analyzer.games.calling.report as report

    monkeypatch.setattr(report, "TRIALS", 20_000)
    written = report.build().write(tmp_path)
    names = {p.name for p in written}
    assert {"index.md", "index.html", "calling-summary.csv", "calling-monte-carlo.csv",
            "calling-match-distribution.png", "side-pots.csv"} <= names
    base = tmp_path / "calling-and-betting" / "tables"
    summary = list(csv.DictReader((base / "calling-summary.csv").open(encoding="utf-8")))
    text = (base / "calling-summary.csv").read_text(encoding="utf-8")
    assert summary[0]["game"] == "banker-14" and str(banker_14_no_match()) in text
    first = list(csv.DictReader((base / "calling-first-banker-14.csv").open(encoding="utf-8")))
    assert first[0]["call"] == "Jk" and float(first[0]["probability"]) == pytest.approx(2 / 54, rel=1e-12)
    mc = list(csv.DictReader((base / "calling-monte-carlo.csv").open(encoding="utf-8")))
    assert mc and {r["game"] for r in mc} == {"banker-14", "treize", "frustration"}
    for r in mc:
        assert (r["in_ci"] == "yes") == (float(r["ci_low"]) <= float(Fraction(r["exact"])) <= float(r["ci_high"]))
