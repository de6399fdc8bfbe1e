"""The numba-free single-hand scorer (analyzer.quickeval) against the numba kernels, and the
warm ``eval`` command that uses it without importing numba."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.evaluator import Evaluator
from analyzer.kernels import fourflush, handkey
from analyzer.quickeval import (
    NO_WILD_FILL,
    WILD_FILLS,
    QuickEvaluator,
    cached_evaluator,
    four_flush_score,
    key5,
    keys7,
    quick_evaluator,
)
from analyzer.rules import get_rules, preset_names
from analyzer.scoretable import PLAIN_SIZE, STRIDE, SUITED_SIZE, table_spec
from analyzer.tablecache import load_cached, table_path

PRESETS = preset_names()


def quick(rules: str, deck: str | None = None, k: int = 5, **overrides: object) -> tuple[Evaluator, QuickEvaluator]:
    """The kernel evaluator (which caches the table) and the quick one read from that cache."""
    rs = get_rules(rules, **overrides)
    ev = Evaluator(rs, deck, k)
    q = cached_evaluator(rs, ev.deck, k)
    assert isinstance(q, QuickEvaluator)
    return ev, q


def quick_scores(q: QuickEvaluator, hands: np.ndarray) -> np.ndarray:
    return np.array([q.score(h) for h in hands], np.int64)


def all_hands(deck: np.ndarray, k: int = 5) -> np.ndarray:
    return np.array(list(itertools.combinations(deck.astype(np.int64).tolist(), k)), np.int64)


def random_hands(deck: np.ndarray, n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(deck.astype(np.int64), k, replace=False) for _ in range(n)], np.int64)


def test_layout_and_fills_are_the_kernels() -> None:
    assert (PLAIN_SIZE, SUITED_SIZE, STRIDE) == (handkey.PLAIN_SIZE, handkey.SUITED_SIZE, handkey.STRIDE)
    assert (NO_WILD_FILL, WILD_FILLS) == (fourflush.NO_WILD_FILL, fourflush.WILD_FILLS)


def test_keys_are_the_kernels_keys_on_every_hand_of_a_small_deck() -> None:
    cards = [*range(28, 52), 52]  # 9..A and a joker: 24 + 1 cards
    wbits = (1 << 52) | (0xF << 48)  # the joker and the aces: 0 to 5 wild cards
    for hand in itertools.combinations(cards, 5):
        assert key5(hand, wbits) == handkey.key5(*hand, wbits), hand
    for k in (6, 7):
        for hand in itertools.islice(itertools.combinations(cards, k), 0, None, 211):
            want = sorted(x for x in handkey.keys7(*hand, *[-1] * (7 - k), wbits) if x >= 0)
            assert sorted(keys7(hand, wbits)) == want, hand


def test_every_hand_of_the_32_card_deck() -> None:
    """j-poker on 32+1: every hand holding the joker (35,960) and every 8th hand without it (no
    wild card: also the random hands of every preset below); all C(33, 5) = 237,336 hands (1.3
    CPU-s of Python) in the slow run (test_every_hand_of_short_decks_slow, its first case)."""
    ev, q = quick("j-poker", "32+1")
    hands = all_hands(ev.deck.cards)
    joker = (hands >= 52).any(axis=1)
    assert joker.sum() == 35_960
    hands = np.concatenate([hands[joker], hands[~joker][::8]])
    assert np.array_equal(quick_scores(q, hands), ev.score_batch(hands))


@pytest.mark.slow
@pytest.mark.parametrize("rules, deck, overrides", [
    ("j-poker", "32+1", {}),
    ("short-32", None, {}), ("semi-wild", "32+1", {}), ("bug", "32+1", {}), ("poker-with-joker", "32+1", {}),
    ("joker-wild", "36+2", {"double_ace_flush": True}), ("short-36", None, {"natural_beats_wild": "category"}),
    ("short-holdem", None, {}), ("short-32", None, {"four_flush": True}), ("semi-wild", "32+1", {"four_flush": True}),
    ("deuces-wild", "36", {"wild": "9"}),
])
def test_every_hand_of_short_decks_slow(rules: str, deck: str | None, overrides: dict[str, object]) -> None:
    ev, q = quick(rules, deck, **overrides)
    hands = all_hands(ev.deck.cards)
    assert np.array_equal(quick_scores(q, hands), ev.score_batch(hands))


@pytest.mark.parametrize("rules", ["joker-wild", "semi-wild"])
def test_four_flush_on_every_hand_of_a_small_deck(rules: str) -> None:
    ev, q = quick(rules, "32+1", four_flush=True)
    hands = all_hands(ev.deck.cards[12:])  # T..A and the joker: 21 cards, every kind of four-flush
    assert np.array_equal(quick_scores(q, hands), ev.score_batch(hands))
    assert (q.category(q.score("Ac Kc Qc 8c 9d")).value, q.category(q.score("Ac Kc Qc Jk 9d")).value) == (
        "four_flush", "four_flush" if rules == "joker-wild" else "high_card")


def test_four_flush_score_is_the_kernels() -> None:
    rng = np.random.default_rng(14)
    for _ in range(3000):
        hand = [int(c) for c in rng.choice(53, 5, replace=False)]
        for fill, nbw in ((WILD_FILLS, 0), (NO_WILD_FILL, 2), (WILD_FILLS, 1)):
            want = fourflush.four_flush_score(*hand, 1 << 52, 3, fill, nbw)
            assert four_flush_score(hand, 1 << 52, 3, fill, nbw) == want, hand


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_of_every_preset(k: int) -> None:
    presets = PRESETS if k == 5 else ("joker-wild", "deuces-wild") if k == 7 else ("bug",)
    for i, rules in enumerate(presets):
        ev, q = quick(rules, k=k)
        hands = random_hands(ev.deck.cards, 400, k, seed=100 * k + i)
        assert np.array_equal(quick_scores(q, hands), ev.score_batch(hands)), rules


@pytest.mark.slow
@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_of_every_preset_slow(k: int) -> None:
    for i, rules in enumerate(PRESETS):
        ev, q = quick(rules, k=k)
        hands = random_hands(ev.deck.cards, 20_000, k, seed=1000 * k + i)
        assert np.array_equal(quick_scores(q, hands), ev.score_batch(hands)), rules


def test_descriptions_are_the_evaluators() -> None:
    for rules, hand in (("j-poker", "Qs Qd 9h 5c Jk"), ("joker-wild", "Jk Ah Ad Ac As"),
                        ("semi-wild", "2h 3h 4h 5h Jk"), ("deuces-wild", "2c 2d 7h 7s 9c Td Kh")):
        k = len(hand.split())
        ev, q = quick(rules, k=k)
        assert q.describe(hand) == ev.describe(hand) and q.score(hand) == ev.score(hand)
    assert quick("j-poker")[1].describe("Qs Qd 9h 5c Jk") == "two pair, queens and nines, wild"


def test_no_cache_or_a_bad_file_builds_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rs = get_rules("short-32")
    monkeypatch.setenv("JOKER_ODDS_CACHE", "off")
    assert cached_evaluator(rs, rs.deck_spec(), 5) is None
    built = quick_evaluator(rs)  # the table built now: still the numba-free scorer
    assert isinstance(built, QuickEvaluator) and built.score("Qs Qd 9h 8c As") == Evaluator(rs).score("Qs Qd 9h 8c As")
    monkeypatch.setenv("JOKER_ODDS_CACHE", str(tmp_path))
    key, shape, _ = table_spec(rs, rs.deck_spec(), 5)
    path = table_path(key, tmp_path)
    path.write_bytes(b"joker-odds-table {}\n")
    assert load_cached(key, shape=shape) is None and cached_evaluator(rs, rs.deck_spec(), 5) is None


EVAL_CASES = [
    ["Qs Qd 9h 5c Jk", "Jk Ah Ad Ac As", "--rules", "j-poker"],
    ["As Ks Qs Js 7d Jk", "Jk Jk 6h 7h 8h 9c", "--deck", "36+2", "--double-ace-flush", "--tie-rule", "tie"],
    ["Ac Kc Qc 8c Jk", "Tc 9c 8c 7d 2h", "--four-flush", "--mode", "bug"],
    ["Kh Kd 9s 9c 7h 7d Jk", "--rules", "short-36", "--order",
     "five_of_a_kind,straight_flush,four_of_a_kind,flush,full_house,straight,three_of_a_kind,two_pair,pair,high_card"],
    ["9h 9d Ts Jc Qh", "--rules", "deuces-wild", "--wild", "9", "--deck", "32"],
]
BAD_EVAL_CASES = [
    ["As Ks Qs Js Ts Jk", "--four-flush"],  # the four-flush is for 5-card hands
    ["As Ks Qs Js Ts", "--deck", "36j"],  # an incomplete deck
    ["As Ks Qs Js Ts", "--rules", "standard", "--deck", "52+1"],  # a joker that is not wild
]


@pytest.mark.parametrize("args", EVAL_CASES + BAD_EVAL_CASES)
def test_eval_output_is_the_same_on_both_paths(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    cmd = ["eval", *args, "--format", "csv"]
    CliRunner().invoke(main, cmd)  # caches the table (if the options are valid)
    import analyzer.cli.hands as hands_cli

    quick_run = CliRunner().invoke(main, cmd)
    monkeypatch.setattr(hands_cli, "quick_evaluator", Evaluator)  # the kernel path
    kernel_run = CliRunner().invoke(main, cmd)
    assert (quick_run.exit_code, quick_run.output) == (kernel_run.exit_code, kernel_run.output)
    assert quick_run.exit_code == (0 if args in EVAL_CASES else 2)


def test_warm_eval_takes_the_quick_path() -> None:
    CliRunner().invoke(main, ["eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker"])
    rs = get_rules("j-poker")
    assert isinstance(quick_evaluator(rs), QuickEvaluator)
    res = CliRunner().invoke(main, ["eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker", "--format", "csv"])
    # the score is the kernel evaluator's (the table is its cache); the category and words are the
    # rule: a pair and a wild card make two pair, the wild card pairing the highest other card
    score = Evaluator(rs).score("Qs Qd 9h 5c Jk")
    assert res.output.splitlines()[1] == f'Qs Qd 9h 5c Jk,two_pair,{score},"two pair, queens and nines, wild"'


def test_warm_eval_imports_no_numba_pandas_matplotlib_scipy() -> None:
    for k, rules, more in ((5, "j-poker", {}), (7, "joker-wild", {}), (5, "short-32", {"four_flush": True})):
        Evaluator(get_rules(rules, **more), None, k)  # fills this session's table cache
    code = ("import sys\nfrom analyzer.cli import main\n"
            "for a in sys.argv[1:]:\n    main(a.split('|'), standalone_mode=False)\n"
            "print(sorted(m for m in ('numba', 'llvmlite', 'matplotlib', 'pandas', 'scipy', 'analyzer.kernels.tables',"
            " 'analyzer.evaluator') if m in sys.modules))")
    runs = ["eval|Qs Qd 9h 5c Jk|--rules|j-poker", "eval|As Ks Qs Js Ts 2d Jk|--format|json",
            "eval|Ac Kc Qc Jc 9d|--rules|short-32|--four-flush"]
    res = subprocess.run([sys.executable, "-c", code, *runs], capture_output=True, text=True, check=True,
                         env={**os.environ})
    assert "two pair, queens and nines, wild" in res.stdout and "royal_flush" in res.stdout
    assert res.stdout.strip().endswith("[]")
