"""The strategy list's local search (:func:`analyzer.games.videopoker.ordering.improve_order`)
against a plain reference that scans every deal's patterns for the first other one at every step:
the same list and the same number of passes, on random lists and on a real pay table's."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.videopoker import ordering as O


def reference_improve(rep_p, rep_ev, mult, order, group, max_passes, tol, prefer_early):
    """The search written plainly: at each pattern p, every deal of p is scanned for the first
    listed other pattern (no kept state), the gain of each position summed, p moved to the best."""
    npat = order.size
    rank = {int(p): t for t, p in enumerate(order)}
    passes = 0
    for _ in range(max_passes):
        passes += 1
        moved = False
        for p in range(npat):
            gain = np.zeros(npat)
            seen = False
            for d in range(rep_p.shape[0]):
                for slot in range(32):
                    if rep_p[d, slot] < 0:
                        break
                    if rep_p[d, slot] != p:
                        continue
                    seen = True
                    others = [i for i in range(32) if rep_p[d, i] >= 0 and rep_p[d, i] != p]
                    if not others:
                        continue
                    bo = min(others, key=lambda i: (rank[int(rep_p[d, i])], i))
                    br = rank[int(rep_p[d, bo])]
                    gain[br if br < rank[p] else br - 1] += mult[d] * (rep_ev[d, slot] - rep_ev[d, bo])
            if not seen:
                continue
            rest = [int(q) for q in order if q != p]
            vals = np.array([gain[t:npat - 1].sum() for t in range(npat)])
            best_v = vals.max()

            def adjacent(t: int, rest: list[int] = rest, p: int = p) -> bool:
                return (t > 0 and group[rest[t - 1]] == group[p]) or (t < npat - 1 and group[rest[t]] == group[p])

            best_t, best_adj = -1, False
            for t in range(npat):
                if vals[t] >= best_v - tol and (best_t < 0 or (adjacent(t) and not best_adj)):
                    best_t, best_adj = t, adjacent(t)
            cur = rank[p]
            cur_v, cur_adj = vals[cur], adjacent(cur)
            if best_t == cur or not (best_v > cur_v + tol or (cur_v >= best_v - tol and (
                    (best_adj and not cur_adj) or (prefer_early and best_adj == cur_adj and best_t < cur)))):
                continue
            moved = True
            rest.insert(best_t, p)
            order[:] = rest
            rank = {int(q): t for t, q in enumerate(order)}
        if not moved:
            break
    return passes


def random_case(rng: np.random.Generator, nd: int, npat: int) -> tuple[np.ndarray, ...]:
    """Deals of 1-6 patterns (now and then one twice), integer EVs (sums exact in any order)."""
    rep_p = np.full((nd, 32), -1, np.int64)
    rep_ev = np.zeros((nd, 32))
    for d in range(nd):
        k = int(rng.integers(1, min(6, npat) + 1))
        pats = rng.choice(npat, size=k, replace=False)
        if k > 1 and rng.random() < 0.2:
            pats[-1] = pats[0]
        rep_p[d, :k] = pats
        rep_ev[d, :k] = rng.integers(-4, 9, size=k)
    mult = rng.integers(1, 5, size=nd).astype(np.float64)
    group = rng.integers(0, 3, size=npat).astype(np.int64)
    return rep_p, rep_ev, mult, group


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("prefer_early", [True, False])
def test_search_equals_the_plain_reference_on_random_lists(seed: int, prefer_early: bool) -> None:
    rng = np.random.default_rng(seed)
    npat = int(rng.integers(2, 12))
    rep_p, rep_ev, mult, group = random_case(rng, int(rng.integers(1, 60)), npat)
    start = rng.permutation(npat).astype(np.int64)
    fast, slow = start.copy(), start.copy()
    passes = O.improve_order(rep_p, rep_ev, mult, fast, group, 30, 1e-9, prefer_early)
    assert passes == reference_improve(rep_p, rep_ev, mult, slow, group, 30, 1e-9, prefer_early)
    assert fast.tolist() == slow.tolist()


def test_search_equals_the_plain_reference_on_a_pay_tables_lines() -> None:
    """Jacks or Better 9/6's patterns on some of its deals, from the greedy list reversed: the same list."""
    from analyzer.games.videopoker.exact import analyze
    from analyzer.games.videopoker.patterns import representatives
    from analyzer.games.videopoker.paytable import load_paytable
    from analyzer.games.videopoker.strategy import HoldPatterns

    analysis = analyze(load_paytable("jacks-or-better-9-6"))
    hp = HoldPatterns(analysis)
    rep_p, rep_ev = representatives(hp.pid, hp.key, analysis.evs)
    rows = np.arange(0, rep_p.shape[0], 97)[:1200]  # deals across the table; the 25 patterns most often
    sub = rep_p[rows]                                # among them, each deal's list cut to those
    used = np.argsort(-np.bincount(sub[sub >= 0]), kind="stable")[:25]
    new = np.full(rep_p.max() + 1, -1, np.int64)
    new[used] = np.arange(used.size)
    sub_p = np.full(sub.shape, -1, np.int64)
    sub_ev = np.zeros(sub.shape)
    for d, row in enumerate(rows):
        keep = [i for i in range(32) if rep_p[row, i] >= 0 and new[rep_p[row, i]] >= 0]
        sub_p[d, :len(keep)] = new[rep_p[row, keep]]
        sub_ev[d, :len(keep)] = rep_ev[row, keep]
    mult = hp.mult[rows].astype(np.float64)
    order = O.greedy_order(sub_p, sub_ev, mult, used.size)[::-1].copy()  # reversed: the search must move
    group = (np.arange(used.size) % 4).astype(np.int64)
    fast, slow = order.copy(), order.copy()
    passes = O.improve_order(sub_p, sub_ev, mult, fast, group, 30, 1e-12, False)
    assert passes > 1 and passes == \
        reference_improve(sub_p, sub_ev, mult, slow, group, 30, 1e-12, False)
    assert fast.tolist() == slow.tolist()
