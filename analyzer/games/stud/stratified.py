"""Stratified sampling of player hands, each valued exactly against every up card and every
dealer hole-card set.

The strata are the player's hand classes (equal strength), split by whether the hand holds a wild
card. Within a stratum hands differ only in suits (and which cards they shut out), so their values
barely vary: a few hands per stratum give a tight interval. A stratum is enumerated in full when
its allocation covers it (rare hands are then exact); otherwise hands are drawn without
replacement and the variance carries the finite-population correction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from analyzer.games.stud import kernels as K
from analyzer.games.stud.exact import BINOM, HandTables, kernel_context, kernel_payoffs
from analyzer.games.stud.game import StudGame

__all__ = ["StrataSample", "all_hands", "draw_strata", "sample_hands"]


@lru_cache(maxsize=2)
def all_hands(n: int) -> np.ndarray:
    """Sorted positions (C(n,5), 5) of every 5-subset, in colex order (int8).

    >>> all_hands(6).tolist()[:2]
    [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
    """
    return K.unrank_all(np.arange(int(BINOM[n, 5]), dtype=np.int64), n, BINOM).astype(np.int8)


@dataclass
class StrataSample:
    """Estimates per strategy (S) over all player hands × up cards of one deal type."""

    ev: np.ndarray          # (S,) mean result per situation (antes)
    var: np.ndarray         # (S,) variance of that estimate
    bet: np.ndarray         # (S,) bet frequency
    nq: np.ndarray          # (S,) share of dealer hands not qualifying
    events: np.ndarray      # (S, ne) event probabilities
    events_var: np.ndarray  # (S, ne)
    hands: int              # hands valued
    exact_hands: int        # of which in fully enumerated strata
    gain: np.ndarray | None = None     # (hands, n) bet EV - fold EV per situation
    hand_pos: np.ndarray | None = None  # (hands, 5) positions
    hand_weight: np.ndarray | None = None  # hands of the population each stands for


def draw_strata(key: np.ndarray, n_c: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Indices of a simple random sample without replacement of ``n_c[k]`` units from every
    stratum ``k`` (``key``: each unit's stratum; ``u``: one uniform [0, 1) number per unit).

    Units are ordered by (stratum, u) exactly (``key + u`` would round to ``key + 1`` when ``u``
    is within an ulp of 1, moving a unit into the next stratum's block).

    >>> draw_strata(np.array([1, 2, 1, 2]), np.array([0, 1, 1]), np.array([0.5, 0.1, 0.2, 0.3])).tolist()
    [2, 1]
    """
    order = np.lexsort((u, key))
    key_sorted = key[order]
    starts = np.concatenate([[0], np.cumsum(np.bincount(key, minlength=n_c.size))[:-1]])
    rank = np.arange(key.size) - starts[key_sorted]
    return order[rank < n_c[key_sorted]]


def _strata_moments(values: np.ndarray, stratum: np.ndarray, n_c: np.ndarray, big_n: np.ndarray,
                    p_c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Stratified mean and its variance of ``values`` (hands, q) → (q,), (q,)."""
    k = n_c.size
    s1 = np.stack([np.bincount(stratum, values[:, j], k) for j in range(values.shape[1])], axis=1)
    s2 = np.stack([np.bincount(stratum, values[:, j] ** 2, k) for j in range(values.shape[1])], axis=1)
    nn = np.maximum(n_c, 1)[:, None]
    mean = s1 / nn
    var_c = np.where(n_c[:, None] > 1, np.maximum(s2 - nn * mean ** 2, 0.0) / np.maximum(nn - 1, 1), 0.0)
    fpc = (1 - n_c / np.maximum(big_n, 1))[:, None]
    est = (p_c[:, None] * mean).sum(axis=0)
    var = (p_c[:, None] ** 2 * fpc * var_c / nn).sum(axis=0)
    return est, var


def sample_hands(game: StudGame, tables: HandTables, rules: np.ndarray, fraction: float,
                 seed: int | np.random.SeedSequence,
                 min_per_stratum: int = 2, keep_gain: bool = False, merge: int = 1) -> StrataSample:
    """Value ``fraction`` of every stratum's hands (at least ``min_per_stratum``) with all up cards.

    ``rules``: (S, groups) strategy rules; ``merge``: adjacent classes per stratum (fewer strata,
    fewer hands, a wider interval). The draw depends only on ``seed`` and the tables: its stream
    is the ``SeedSequence`` child of ``seed`` keyed by the deck size and the wild card (a run
    over several wild ranks passes each rank's child, ``SeedSequence(seed, spawn_key=(rank,))``).
    """
    n = tables.n
    hands_all = all_hands(n)
    cls = tables.cls
    wild_pos = tables.evaluator.wild[tables.pos_code].astype(np.uint8)
    has_wild = wild_pos[hands_all].any(axis=1)
    key = cls.astype(np.int64) // max(1, merge) * 2 + has_wild
    big_n = np.bincount(key)
    root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(int(seed))
    rng = np.random.default_rng(np.random.SeedSequence(
        root.entropy, spawn_key=(*root.spawn_key, n, int(wild_pos.argmax()))))
    n_c = np.minimum(big_n, np.maximum(min_per_stratum, np.ceil(fraction * big_n))).astype(np.int64)
    sel = draw_strata(key, n_c, rng.random(key.size))
    stratum = key[sel]
    hands = hands_all[sel].astype(np.int64)
    pc = cls[sel].astype(np.int64)
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    gain = np.full((len(sel), n) if keep_gain else (0, 0), np.nan, np.float32)
    out = K.hand_values(hands, pc, cat_of[pc], len(game.rules.order), -1, win_of, nq_w, tie_w, lose_w,
                        rules, *kernel_context(tables, game), qc, gain)  # type: ignore[call-arg]
    out /= n - 5
    p_c = big_n / key.size
    s = rules.shape[0]
    ev, var, bet, nq = (np.empty(s) for _ in range(4))
    ne = out.shape[2] - 3
    events, events_var = np.empty((s, ne)), np.empty((s, ne))
    for k in range(s):
        est, v = _strata_moments(out[:, k, :], stratum, n_c, big_n, p_c)
        ev[k], var[k], bet[k], nq[k] = est[0], v[0], est[1], est[2]
        events[k], events_var[k] = est[3:], v[3:]
    exact = int(n_c[n_c == big_n].sum())
    res = StrataSample(ev, var, bet, nq, events, events_var, len(sel), exact)
    if keep_gain:
        res.gain, res.hand_pos = gain, hands
        res.hand_weight = (big_n[stratum] / n_c[stratum]).astype(np.float64)
    return res


def fraction_for(hands: int, n: int) -> float:
    """The sampling fraction that values about ``hands`` hands of a deck of ``n`` cards.

    >>> round(fraction_for(25_990, 52), 4)
    0.01
    """
    return min(1.0, hands / math.comb(n, 5))
