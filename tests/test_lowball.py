"""Low hands: named examples, exact counts (derived by combinatorics where possible) and the
kernel against the brute-force low evaluator (tests/low_reference.py)."""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import comb
from typing import Any

import numpy as np
import pytest
from low_reference import LowReference
from poker_sheets import sheet
from reference import dense_ranks

from analyzer.cards import format_hand
from analyzer.lowball import LowEvaluator, exact_low_frequencies
from analyzer.rules import Category, get_rules

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "standard": ("standard", {}),
    "standard/ace-low": ("standard", {"low_ace": "high_or_low"}),
    "standard/ace-to-five": ("standard", {"low_ace": "high_or_low", "low_ignores_straights_flushes": True}),
    "joker-wild": ("joker-wild", {}),
    "joker-wild/ace-low": ("joker-wild", {"low_ace": "high_or_low"}),
    "joker-wild/52+2": ("joker-wild", {"deck": "52+2", "low_ace": "high_or_low"}),
    "bug": ("bug", {"low_ace": "high_or_low"}),
    "semi-wild": ("semi-wild", {}),
    "j-poker": ("j-poker", {}),
    "short-32": ("short-32", {"low_ace": "high_or_low"}),
    "deuces-wild": ("deuces-wild", {}),
}


@cache
def setup(name: str) -> tuple[LowEvaluator, LowReference]:
    preset, overrides = CONFIGS[name]
    rules = get_rules(preset, **overrides)
    lev = LowEvaluator(rules)
    return lev, LowReference(sheet(preset, **overrides))


def lev(preset: str, **kw: Any) -> LowEvaluator:
    return LowEvaluator(get_rules(preset, **kw))


# ------------------------------------------------------------------ named examples

def test_lowest_hand_by_poker_ranking_wins() -> None:
    e = lev("standard")
    assert e.low_key("7s 5d 4h 3c 2d") < e.low_key("8s 5d 4h 3c 2d") < e.low_key("2s 2d 4h 3c 5d")


def test_straights_and_flushes_count_against_a_low_hand() -> None:
    e = lev("standard")
    assert e.category(e.low_key("6s 5d 4h 3c 2d")) is Category.STRAIGHT
    assert e.category(e.low_key("7s 5s 4s 3s 2s")) is Category.FLUSH
    assert e.low_key("Ks Qd Jh 9c 8d") < e.low_key("6s 5d 4h 3c 2d")


def test_ace_high_only_makes_the_wheel_ace_high() -> None:
    e = lev("standard")
    assert e.describe("As 5d 4h 3c 2d") == "A-5-4-3-2 low (high card)"
    assert e.low_key("Ks Qd Jh 9c 8d") < e.low_key("As 4d 3h 2c 6d")


def test_ace_high_or_low_at_the_players_choice() -> None:
    e = lev("standard", low_ace="high_or_low")
    assert e.describe("As 4d 3h 2c 6d") == "6-4-3-2-A low (high card)"
    assert e.low_key("As 4d 3h 2c 6d") < e.low_key("7s 4d 3h 2c 5d")
    assert e.describe("As Kd Qh Jc Td") == "K-Q-J-T-A low (high card)"  # the ace low breaks the straight


def test_ace_to_five_low_ignores_straights_and_flushes() -> None:
    e = lev("standard", low_ace="high_or_low", low_ignores_straights_flushes=True)
    assert e.describe("As 2s 3s 4s 5s") == "5-4-3-2-A low (high card)"


def test_wild_card_takes_the_value_that_makes_the_hand_lowest() -> None:
    e = lev("joker-wild")
    assert e.describe("Jk 7s 5d 4h 3c") == "7-5-4-3-2 low (high card)"
    assert e.describe("Jk 6s 5d 4h 3c") == "8-6-5-4-3 low (high card)"  # a 2 or a 7 makes a straight
    assert e.describe("Jk 9s 9d 4h 3c") == "9-9-4-3-2 low (pair)"  # it pairs only when it must


def test_bug_in_a_low_hand_is_an_ace_and_semi_card_a_blank() -> None:
    assert lev("bug").describe("Jk 7s 5d 4h 3c") == "A-7-5-4-3 low (high card)"
    assert lev("bug", low_ace="high_or_low").describe("Jk 7s 5d 4h 3c") == "7-5-4-3-A low (high card)"
    assert lev("semi-wild").describe("Jk 7s 5d 4h 3c") == "7-5-4-3-- low (high card)"


def test_best_low_five_of_seven() -> None:
    e = lev("standard")
    assert e.low_key("Ks Kd 7h 5c 4d 3s 2h") == e.low_key("7h 5c 4d 3s 2h")


# ------------------------------------------------------------------ exact counts

def test_natural_seven_low_counts_by_combinatorics() -> None:
    # ace high: five distinct ranks from 2..7 that are not a straight, not all one suit
    t = exact_low_frequencies("standard")
    assert t.seven_low_or_better == (comb(6, 5) - 2) * (4**5 - 4) == 4_080
    t = exact_low_frequencies(get_rules("standard", low_ace="high_or_low"))
    # ace low: ranks A..7 (7 values), seven-or-lower means top card <= 7; straights A-5, 2-6, 3-7
    assert t.seven_low_or_better == (comb(7, 5) - 3) * (4**5 - 4) == 18_360
    assert {r.hand: r.count for r in t.rows}["royal_flush"] == 0


RANK_CHARS = "23456789TJQKA"
# Regression pin: pairs in the joker-wild low table, ace high or low (the kernels' count when
# written); recomputed hand class by hand class by the plain reference in
# test_joker_wild_low_table_recomputed_by_the_reference.
JOKER_WILD_LOW_PAIRS = 1_180_608


def high_card_lows(natural_ranks: range, wilds: int, ace_low: bool) -> dict[str, int]:
    """Every 5-card hand that is a high-card low, counted by its top card, from the rules alone.

    The deck holds four suits of each of ``natural_ranks`` (0 = deuce … 12 = ace) and ``wilds``
    wild cards, each standing for any card not held (itself included). A low hand is the lowest
    five distinct values the hand can show that are not a straight (five in a row; the ace below
    the deuce when it may play low, or above the king) and, without a wild card, not all one
    suit: naturals of distinct ranks, the wild cards taking the values that give the lowest top.
    Hands with a repeated natural rank are pairs or worse, not counted.

    >>> high_card_lows(range(13), 0, False)["7-low"]  # (C(6, 5) - 2 straights) x (4^5 - 4 flushes)
    4080
    """
    ace_values = (-1, 12) if ace_low else (12,)
    values = [*range(12), *ace_values]
    out: dict[str, int] = {}
    for w in range(min(wilds, 5) + 1):
        k = 5 - w
        for ranks in combinations(natural_ranks, k):
            best = None
            for aces in product(*[ace_values if r == 12 else (r,) for r in ranks]):
                free = [v for v in values if v not in aces and not (12 in ranks and v in ace_values)]
                for extra in combinations(free, w):
                    t = sorted((*aces, *extra))
                    if -1 in t and 12 in t:
                        continue  # the ace twice: a pair
                    if t[-1] - t[0] == 4:
                        continue  # a straight
                    best = t[-1] if best is None else min(best, t[-1])
            if best is not None:
                top = RANK_CHARS[best]
                out[f"{top}-low"] = out.get(f"{top}-low", 0) + comb(wilds, w) * (4**k - (4 if w == 0 else 0))
    return out


def test_high_card_lows_derived_from_the_rules() -> None:
    """Every high-card row of the kernels' low tables (joker-wild with the ace high or low, the
    ace high only; deuces wild) and seven-low-or-better, derived from the rules by counting."""
    both = high_card_lows(range(13), 1, True)
    got = {r.hand: r.count for r in exact_low_frequencies(get_rules("joker-wild", low_ace="high_or_low")).rows}
    assert {h: c for h, c in got.items() if h.endswith("-low")} == both
    assert both["6-low"] == 7_664 and both["7-low"] == 19_656
    assert sum(got.values()) == comb(53, 5)
    assert got["pair"] == JOKER_WILD_LOW_PAIRS  # a pin: see below
    high = high_card_lows(range(13), 1, False)
    assert exact_low_frequencies("joker-wild").seven_low_or_better == high["7-low"] == 7_664
    deuces = high_card_lows(range(1, 13), 4, False)  # the four deuces are the wild cards
    dw = exact_low_frequencies("deuces-wild")
    assert {r.hand: r.count for r in dw.rows if r.hand.endswith("-low")} == deuces
    assert dw.seven_low_or_better == deuces["7-low"] == 8_596


@pytest.mark.slow
def test_joker_wild_low_table_recomputed_by_the_reference() -> None:
    """The whole joker-wild low table (ace high or low) from the plain reference, one hand per
    class: the natural ranks, whether the joker is held, and whether the naturals share one suit
    (the only way suits matter to a low hand); each class counted by its number of hands."""
    lev, ref = setup("joker-wild/ace-low")
    counts: dict[str, int] = {}
    for w in (0, 1):
        for ranks in combinations_with_replacement(range(13), 5 - w):
            mult = [ranks.count(r) for r in set(ranks)]
            if max(mult, default=0) > 4:
                continue
            total = 1
            for m in mult:
                total *= comb(4, m)
            one_suit = 4 if max(mult, default=0) == 1 else 0
            for suited, n in ((True, one_suit), (False, total - one_suit)):
                if n == 0:
                    continue
                suits = [0] * len(ranks) if suited else _mixed_suits(ranks)
                hand = [r * 4 + s for r, s in zip(ranks, suits, strict=True)] + [52] * w
                cat, (_pos, tb) = ref.low(hand)
                name = f"{RANK_CHARS[max(tb)]}-low" if cat == "high_card" else cat
                counts[name] = counts.get(name, 0) + n
    got = {r.hand: r.count for r in exact_low_frequencies(lev.rules).rows if r.count}
    assert counts == got
    assert counts["pair"] == JOKER_WILD_LOW_PAIRS


def _mixed_suits(ranks: tuple[int, ...]) -> list[int]:
    """Suits for sorted ``ranks``, not all one: the copies of a rank in suits 0, 1, …; a hand of
    distinct ranks has its first card in suit 1."""
    suits = [sum(1 for x in ranks[:i] if x == r) for i, r in enumerate(ranks)]
    if len(set(ranks)) == len(ranks) and suits:
        suits[0] = 1
    return suits


# ------------------------------------------------------------------ kernel vs reference

def sample(lev: LowEvaluator, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = lev.deck.cards.astype(np.int64)
    low = deck[(deck >> 2 <= 5) | (deck >> 2 == 12) | (deck >= 52)]  # many low cards, wild ones too
    out = []
    for i in range(n):
        src = low if i % 2 else deck
        out.append(rng.choice(src, 5, replace=False))
    return np.array(out)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_low_keys_match_the_reference(name: str) -> None:
    e, ref = setup(name)
    # deuces-wild: four wild ranks make the brute-force reference ~20x slower a hand; 200 hands still mix
    # every wild count (half the hands are drawn from the low cards, where the deuces are)
    hands = sample(e, 200 if name == "deuces-wild" else 600, seed=sum(map(ord, name)))
    keys = e.low_keys(hands)
    results = [ref.low(h) for h in hands]
    for h, k, (cat, _) in zip(hands, keys, results, strict=True):
        assert e.category(int(k)).value == cat, f"{name}: {format_hand(h)}: {e.describe(h)} vs {cat}"
    assert dense_ranks([v for _, v in results]) == dense_ranks([int(k) for k in keys]), name


# ------------------------------------------------------------------ high-low split

def test_high_low_split_uses_the_low_ranking_so_a_wild_card_plays_low() -> None:
    from analyzer.evaluator import Evaluator
    from analyzer.games.betting.pots import showdown, total_payouts

    ev = Evaluator(get_rules("joker-wild", low_ace="high_or_low"))
    hands = {"A": "Jk 2s 3d 4h 6c", "B": "Ks Kd 9h 8c 7d"}  # A: a wild straight high, 6-4-3-2-A low
    awards = showdown({"A": 51, "B": 50}, hands, ev, high_low=True)
    assert awards[0].high_winners == ("A",) and awards[0].low_winners == ("A",)
    assert total_payouts(awards) == {"A": 101}
    # the lowest *high* score would have given B the low half
    hands = {"A": "9s 8d 6h 4c 3d", "B": "Ks Kd 9h 8c 7d"}
    awards = showdown({"A": 50, "B": 50}, hands, ev, dead=1, high_low=True)
    assert awards[0].high_winners == ("B",) and awards[0].low_winners == ("A",)
    assert total_payouts(awards) == {"A": 50, "B": 51}  # the odd chip to the high hand


def test_hand_frequency_report_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.backends as backends
    import analyzer.report.poker_extras as extras
    from analyzer.report.poker_extras import add_sections
    from analyzer.report.study import Study

    # the sampled best-of-7 tables (not checked here) in 2,000 hands, still dealt in pieces (the
    # four-flush's piece kernel, as 200,000 hands run in pieces of PIECE): 0.7 CPU-s less
    monkeypatch.setattr(extras, "BEST7_HANDS", 2_000)
    monkeypatch.setattr(backends, "PIECE", 500)
    study = Study("x", "x")
    add_sections(study)
    # the four-flush count is derived in test_four_flush.py::test_natural_deck_counts_derived_by_combinatorics
    ff = {r["category"]: r["count"] for r in study._tables["four-flush-standard-52"]}
    assert ff["four_flush"] == 110_940
    low = {(r["rules"], r["ace"]): r["7-low or better"] for r in study._tables["low-summary"]}
    seven = {(name, ace): sum(c for h, c in high_card_lows(range(13), jokers, ace == "high_or_low").items()
                              if RANK_CHARS.index(h[0]) <= 5)
             for name, jokers in (("standard", 0), ("joker-wild", 1)) for ace in ("high", "high_or_low")}
    assert low == {k: seven[k] for k in low}
    assert low == {("standard", "high"): 4_080, ("standard", "high_or_low"): 18_360,
                   ("joker-wild", "high_or_low"): 27_320}
