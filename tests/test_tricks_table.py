"""The trick searches' transposition table against a plain dictionary: what is stored is found.

A table row packs the key, the bounds (or an answer), the stamp, the leader and the best move into
64 bytes (:mod:`analyzer.games.tricks.search.table`); the dictionary keeps the same facts unpacked.
Entries are stored at indices eight apart, so no probe window of four rows overlaps another's
and nothing is evicted: every entry stored must be found, with the dictionary's values.
"""

from __future__ import annotations

import random

import numpy as np

from analyzer.games.tricks.kernels.short import dd_table
from analyzer.games.tricks.search.table import (
    best_move,
    find,
    lower,
    new_table,
    store_answer,
    store_bounds,
    upper,
)


def test_tables_start_on_a_cache_line_from_python_and_inside_a_kernel() -> None:
    for tt in (new_table(6), dd_table(6)[0]):
        assert tt.shape == (64, 8) and tt.dtype == np.uint64 and tt.flags.c_contiguous
        assert tt.ctypes.data % 64 == 0 and not tt.any()


def test_bounds_tighten_and_keep_the_last_best_move_as_a_dictionary_does() -> None:
    rng = random.Random(5)
    tt = new_table(12)
    keys = [tuple(rng.getrandbits(64) for _ in range(4)) for _ in range(40)]
    for stamp in (1, 2, 2**31 - 2):  # one search after another, as the solver's generations
        model: dict[tuple[tuple[int, ...], int], list[int]] = {}
        for _ in range(1500):
            i, leader = rng.randrange(len(keys)), rng.randrange(4)  # four leaders: a window's four rows
            hands = np.array(keys[i], np.uint64)
            if rng.random() < 0.5:  # store: a lower and an upper bound, sometimes the move that cut
                lb = rng.randrange(10)
                ub = rng.randrange(lb, 10)
                best = rng.choice((-1, rng.randrange(700)))
                store_bounds(tt, stamp, hands, 4, leader, 8 * i, lb, ub, best)
                old = model.setdefault((keys[i], leader), [lb, ub, best])
                old[0], old[1] = max(old[0], lb), min(old[1], ub)
                old[2] = best if best >= 0 else old[2]
            slot = find(tt, stamp, hands, 4, leader, -1, 8 * i)
            want = model.get((keys[i], leader))
            if want is None:  # never stored under this stamp: an earlier search's row does not count
                assert slot < 0
            else:
                assert slot >= 0
                assert (int(lower(tt, slot)), int(upper(tt, slot)), int(best_move(tt, slot))) == tuple(want)


def test_answers_are_keyed_by_the_accepted_set_too() -> None:
    tt = new_table(8)
    hands = np.array([3, 12, 48, 192], np.uint64)
    store_answer(tt, 7, hands, 4, 1, 16, 0b0110, True)
    store_answer(tt, 7, hands, 4, 1, 16, 0b1000, False)
    got = {acc: find(tt, 7, hands, 4, 1, acc, 16) for acc in (0b0110, 0b1000, 0b0111)}
    assert got[0b0111] < 0 and got[0b0110] != got[0b1000]
    assert int(upper(tt, got[0b0110])) == 1 and int(upper(tt, got[0b1000])) == 0
    assert int(lower(tt, got[0b0110])) == 0b0110
    assert find(tt, 7, hands, 4, 2, 0b0110, 16) < 0  # another leader: another position
