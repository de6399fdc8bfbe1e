"""Hand-rank frequencies: every ANCHORS.md count, pinned hand orders, and Monte Carlo vs exact."""

from __future__ import annotations

import hashlib
from functools import cache
from math import comb

import numpy as np
import pytest
from scipy import stats as st

from analyzer.evaluator import Evaluator
from analyzer.frequencies import FreqTable, exact_frequencies, ranking_paradox, sampled_frequencies
from analyzer.rules import get_rules
from analyzer.stats import wilson_interval

ORDER = ["five_of_a_kind", "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
         "straight", "three_of_a_kind", "two_pair", "pair", "high_card"]

# ANCHORS.md, "Hand-rank counts, 5 cards"
COUNTS_52 = [0, 4, 36, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 1_098_240, 1_302_540]
COUNTS_53 = [13, 24, 180, 3_120, 6_552, 7_804, 20_532, 137_280, 123_552, 1_268_088, 1_302_540]
# ANCHORS.md: with the J-poker rule two pair becomes 205,920 and trips 54,912, nothing else moves
COUNTS_53_JPOKER = [13, 24, 180, 3_120, 6_552, 7_804, 20_532, 54_912, 205_920, 1_268_088, 1_302_540]
# ANCHORS.md, "Hand-rank counts, best 5 of 7 cards, 52 cards"
COUNTS_52_BEST_OF_7 = [0, 4_324, 37_260, 224_848, 3_473_184, 4_047_644, 6_180_020, 6_461_620,
                       31_433_400, 58_627_800, 23_294_460]


def counts(table: FreqTable) -> list[int]:
    """Counts in ANCHORS.md order (0 for a category the rule set does not have)."""
    have = {r.category: r.count for r in table.rows}
    return [have.get(c, 0) for c in ORDER]


def test_anchor_52_cards() -> None:
    t = exact_frequencies("standard")
    assert counts(t) == COUNTS_52
    assert t.total == 2_598_960 == sum(COUNTS_52)
    assert "five_of_a_kind" not in [r.category for r in t.rows]


def test_anchor_53_cards_one_wild_joker() -> None:
    t = exact_frequencies("joker-wild", "52+1")
    assert counts(t) == COUNTS_53
    assert t.total == 2_869_685 == sum(COUNTS_53)
    assert sum(r.probability or 0.0 for r in t.rows) == pytest.approx(1.0)


def test_anchor_53_cards_jpoker_rule() -> None:
    t = exact_frequencies("j-poker", "52+1")
    assert counts(t) == COUNTS_53_JPOKER
    assert t.total == 2_869_685


def test_ranking_paradox_with_one_wild_joker() -> None:
    p = ranking_paradox(exact_frequencies("joker-wild", "52+1"))
    assert ("three_of_a_kind", "two_pair") in p.inversions
    assert not ranking_paradox(exact_frequencies("standard")).inversions


def test_anchor_best_five_of_seven_52_cards() -> None:  # one hand per suit class: under a second
    t = exact_frequencies("standard", "52", cards=7)
    assert counts(t) == COUNTS_52_BEST_OF_7
    assert t.total == 133_784_560 == comb(52, 7)


# ---------------------------------------------------------------------------------------------
# ordering digests: sha256 of the dense rank of every 5-card hand's score in enumeration order
# (lexicographic order of deck indices). Any change that reorders or merges two hands fails.
# Computed once after the reference (tests/reference.py) agreed on the order; the number of
# distinct classes is pinned too (7,462 for 52 cards is the classic count).

DIGESTS = [
    ("standard", "52", 7462, "53197b1a15eed5184c3a16f2f54c24db3576acd06bc458f57d2b184cd84215da"),
    ("joker-wild", "52+1", 7475, "f976696c1c3b34290fbeafb5bd90e65b041c1dfef8af34a80938f4ff6abeee80"),
    ("bug", "52+1", 7463, "940e518494738ab4cefa6f01cfed1fc41429056895fbf840a9a896aff333300c"),
    ("semi-wild", "52+1", 9746, "d36cad73e7872738f4192ba61cc2afb4f3f8da15bb0b33e07a3e6422f4c82199"),
    ("j-poker", "52+1", 7475, "6b8f5ad6d23b04c8e79a9ea21d53ae70b860018fcc8498280b3bc04efc0e3ac4"),
    ("poker-with-joker", "52+1", 9726, "d73ae33b09eec6e45fa7a3a3491fc20d99ea2c9217c5f8e9d87cc1152a1e8528"),
    ("deuces-wild", "52", 5162, "6848a102b1ee502de0abf1bc6977cebb58e7e7d31af522a614721bee5f64acd8"),
    ("short-32", "32+1", 797, "a647fd972010baf777974b2981a0f8b835918283deefd458a4837c28957196e4"),
    ("short-36", "36+1", 1293, "0f05befdd2745dbdca652ad62d0e6d258491e4735d79fa61954ce0e723734f12"),
    ("short-holdem", "36", 1404, "f7d0247d0a5121429b04ceeed754b72a52298804a31da9c17db40ce56812c36a"),
]
DIGESTS_OTHER_DECKS = [
    ("standard", "36", 1404, "054b4bfa088435f9027406ae87de1d5acd92378234a1e8876ead7a8a53221a18"),
    ("standard", "32", 840, "614fe01f5afa30b4ecc58ef8e8b33995cb41b6e3b4b5e1a295ba7b8f6494f2a8"),
    ("joker-wild", "52+2", 7475, "56c0c2765b9dd8809ad16f4ab8bea0baa1370caa6c8ce960766ab284d1900797"),
    ("joker-wild", "32+1", 848, "f82ec007183d79eb3ac7d73b0c9a5a343c031d1832edc61e932939ca644cabec"),
    ("joker-wild", "36+1", 1413, "06f4d7cb2a68bed168eb68c2f070c914308f1a8e812e7ab31f42224afdc9e92b"),
    ("bug", "52+2", 7463, "aea4a7bd83b144583a778eab802d64f92447ed9d7cdc6d80fe94f55530f49a77"),
    ("semi-wild", "52+2", 10137, "807f2d53501e7ee7471d483f157128427cfdc729e8d81642b2cb6ab2ddad2420"),
    ("j-poker", "52+2", 7475, "9752c95fd6675538e4fbfffc02472299bda275ff32d689540de8db13306e6737"),
    ("poker-with-joker", "52+2", 9726, "c876dc9c3396e6e45390a275659c5772822d641bded2f6e93006f49de133dc7d"),
]


@cache
def lex_combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of ``range(n)``, one row each, in lexicographic order (the rows of
    ``itertools.combinations``), built a column at a time: each row is followed by the indices
    above its last. Built once per (n, k) (five digests share the 53-card rows: 0.2-0.5 CPU-s a
    build); int8 (n < 128) and read-only."""
    assert n < 128
    rows = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        more = n - 1 - last
        step = np.arange(more.sum()) - np.repeat(np.cumsum(more) - more, more)
        rows = np.hstack([np.repeat(rows, more, axis=0), (np.repeat(last, more) + 1 + step)[:, None]])
    out = rows.astype(np.int8)
    out.flags.writeable = False
    return out


def test_lex_combinations_are_itertools_combinations() -> None:
    from itertools import combinations

    for n, k in ((6, 1), (7, 3), (9, 5)):
        assert lex_combinations(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


def order_digest(preset: str, deck: str) -> tuple[int, str]:
    """(number of distinct scores, sha256 of the dense ranks of all 5-card hands' scores, the
    hands in lexicographic order of deck indices)."""
    ev = Evaluator(get_rules(preset, deck=deck))
    cards = ev.deck.cards.astype(np.int64)
    out = ev.score_batch(cards[lex_combinations(cards.size, 5)])
    assert out.size == comb(cards.size, 5) and (out >= 0).all()
    distinct, dense = np.unique(out, return_inverse=True)
    return distinct.size, hashlib.sha256(dense.astype("<i4").tobytes()).hexdigest()


@pytest.mark.parametrize(("preset", "deck", "classes", "digest"), DIGESTS)
def test_hand_order_digest(preset: str, deck: str, classes: int, digest: str) -> None:
    assert order_digest(preset, deck) == (classes, digest)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "deck", "classes", "digest"), DIGESTS_OTHER_DECKS)
def test_hand_order_digest_other_decks(preset: str, deck: str, classes: int, digest: str) -> None:
    assert order_digest(preset, deck) == (classes, digest)


# ---------------------------------------------------------------------------------------------
# Monte Carlo vs exact. Family-wise error 1e-4 per table (Bonferroni over the categories), so a
# correct sampler fails a test with probability < 1e-4; with the fixed seeds the run is
# deterministic.

FAMILY_ALPHA = 1e-4


def check_sampled(sampled: FreqTable, exact_probs: dict[str, float]) -> None:
    rows = [r for r in sampled.rows]
    z = float(st.norm.ppf(1 - FAMILY_ALPHA / (2 * len(rows))))
    for r in rows:
        p = exact_probs[r.category]
        if p == 0.0:
            assert r.count == 0, r
            continue
        lo, hi = wilson_interval(r.count, sampled.total, z=z)
        assert lo <= p <= hi, f"{r.category}: exact {p:.6g} outside [{lo:.6g}, {hi:.6g}] ({r.count})"


@pytest.mark.parametrize(("preset", "deck", "seed"), [
    ("standard", "52", 11),
    ("joker-wild", "52+1", 12),
    ("semi-wild", "52+2", 13),
    ("j-poker", "52+1", 14),
    ("deuces-wild", "52", 15),
    ("short-32", "32+1", 16),
])
def test_sampled_frequencies_match_exact(preset: str, deck: str, seed: int) -> None:
    sampled = sampled_frequencies(preset, deck, trials=1_000_000, seed=seed)
    exact = exact_frequencies(preset, deck)
    assert sampled.total == 1_000_000 and sampled.seed == seed
    check_sampled(sampled, {r.category: r.probability or 0.0 for r in exact.rows})
    gof = sampled.extra["gof"]
    assert gof["p_value"] > FAMILY_ALPHA, gof


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval, written out here: (p + z²/2n ± z √(p(1-p)/n + z²/4n²)) / (1 + z²/n)."""
    p = k / n
    centre = p + z * z / (2 * n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def test_sampled_intervals_are_wilson_and_cover_the_exact_values() -> None:
    """Each row's 95 % interval is the Wilson interval of its count (for a category never seen:
    [0, z²/(n+z²)]), and the exact probabilities fall inside about 95 % of them."""
    n = 20_000
    sampled = sampled_frequencies("standard", trials=n, seed=5, compare_exact=False)
    exact = {r.category: r.probability or 0.0 for r in exact_frequencies("standard").rows}
    assert sampled.row("royal_flush").count == 0
    misses = 0
    for r in sampled.rows:
        assert r.estimate == r.count / n
        lo, hi = _wilson(r.count, n)
        assert (r.ci_low, r.ci_high) == (pytest.approx(max(lo, 0.0), abs=1e-15), pytest.approx(hi, rel=1e-12)), r
        if exact[r.category] > 0:
            misses += not r.ci_low <= exact[r.category] <= r.ci_high
    z = 1.959963984540054
    assert sampled.row("royal_flush").ci_high == pytest.approx(z * z / (n + z * z), rel=1e-12)
    assert misses <= 3  # 10 categories at 95 %: P(4 or more misses) ≈ 0.001
    assert wilson_interval(0, 1_000_000)[0] == 0.0
    assert wilson_interval(1_000_000, 1_000_000)[1] == 1.0


def test_sampled_frequencies_are_reproducible() -> None:
    a = sampled_frequencies("joker-wild", trials=50_000, seed=3, compare_exact=False)
    b = sampled_frequencies("joker-wild", trials=50_000, seed=3, compare_exact=False)
    c = sampled_frequencies("joker-wild", trials=50_000, seed=4, compare_exact=False)
    assert [r.count for r in a.rows] == [r.count for r in b.rows]
    assert [r.count for r in a.rows] != [r.count for r in c.rows]


def test_sampled_best_five_of_seven_matches_anchor() -> None:
    sampled = sampled_frequencies("standard", "52", cards=7, trials=1_000_000, seed=17)
    total = comb(52, 7)
    check_sampled(sampled, {c: n / total for c, n in zip(ORDER, COUNTS_52_BEST_OF_7, strict=True)})
    obs = np.array([r.count for r in sampled.rows], dtype=float)
    probs = np.array([dict(zip(ORDER, COUNTS_52_BEST_OF_7, strict=True))[r.category] / total
                      for r in sampled.rows])
    keep = probs > 0
    chi2 = float(((obs[keep] - probs[keep] * obs.sum()) ** 2 / (probs[keep] * obs.sum())).sum())
    assert st.chi2.sf(chi2, int(keep.sum()) - 1) > FAMILY_ALPHA
