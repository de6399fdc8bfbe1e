"""P(open) sampling: the dealt hands are uniform (3-card hands against an exact count by the
brute-force meld rules), reproducible across workers, and the published-style split by jokers."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import numpy as np
from rummy_reference import meld_points
from scipy import stats as sst

from analyzer.cards import get_deck
from analyzer.games.rummy.odds import MAX_VALUE, open_odds


@cache
def _three(cards: tuple[int, ...]) -> int:
    return meld_points(list(cards)) or 0


def _exact_three_card_values() -> Counter:
    deck = get_deck("2x52+2").cards.tolist()
    return Counter(_three(tuple(sorted(deck[i] for i in idx))) for idx in combinations(range(len(deck)), 3))


def test_three_card_deals_match_the_exact_value_distribution() -> None:
    exact = _exact_three_card_values()
    total = sum(exact.values())
    assert total == 192_920
    odds = open_odds(3, trials=200_000, seed=7, chunk_size=50_000, quiet=True)
    observed = odds.table.sum(axis=0)
    values = sorted(exact)
    assert set(np.nonzero(observed)[0]) <= set(values)
    expected = np.array([exact[v] / total * odds.trials for v in values])
    obs = np.array([observed[v] for v in values], dtype=float)
    keep = expected >= 5  # pool the rare values into one cell
    obs_k, exp_k = obs[keep], expected[keep]
    if (~keep).any():
        obs_k, exp_k = np.append(obs_k, obs[~keep].sum()), np.append(exp_k, expected[~keep].sum())
    p = sst.chisquare(obs_k, exp_k).pvalue
    assert p > 1e-4, p


def test_p_open_reproducible_with_one_or_two_workers() -> None:
    a = open_odds(14, trials=4000, seed=2, chunk_size=1000, workers=1, quiet=True)
    b = open_odds(14, trials=4000, seed=2, chunk_size=1000, workers=2, quiet=True)
    assert np.array_equal(a.table, b.table) and a.table.shape == (4, MAX_VALUE)


def test_jokers_raise_the_odds_of_opening() -> None:
    o = open_odds(14, trials=30_000, seed=3, chunk_size=10_000, quiet=True)
    p0, p1, p2 = (o.p_open_jokers(j) for j in range(3))
    assert p0.ci_high < p1.ci_low and p1.ci_high < p2.ci_low
    # the overall rate is the jokers-held mixture of the split rates
    mix = sum(o.p_open_jokers(j).estimate * o.by_jokers_trials()[j] for j in o.by_jokers_trials()) / o.trials
    assert abs(mix - o.p_open.estimate) < 1e-12
