"""``no_refcount``: the playout kernels compile without reference counting, a kernel that would
allocate does not compile, and one compiled both ways gives the same results."""

from __future__ import annotations

import os

import numpy as np
import pytest
from numba import njit

from analyzer.games.durak.kernels import moves as durak_moves
from analyzer.games.durak.kernels import policies as durak_policies
from analyzer.games.showdown import kernels as showdown_kernels
from analyzer.games.stud.kernels import counting as stud_counting
from analyzer.games.tricks.kernels import moves as trick_moves
from analyzer.games.tricks.kernels import playout as trick_playout
from analyzer.games.tricks.policies import basic as trick_basic
from analyzer.kernels import rng
from analyzer.kernels.jit import REFCOUNT_ENV, no_refcount

# called several times a move or a hand: each would pay two atomic operations per array it is given
HOT = [trick_playout.apply_move, trick_playout.play_on, trick_playout.policy_move, trick_moves.legal_moves,
       trick_moves.trick_winner, trick_basic.choose_move, durak_moves.apply_action, durak_moves.legal_mask,
       durak_policies.heuristic_action, durak_policies.finish_heuristic, rng.bounded, rng.next_u64,
       showdown_kernels.settle, stud_counting.count_below]


@pytest.mark.parametrize("kernel", HOT, ids=lambda k: k.py_func.__qualname__)
def test_the_playout_kernels_compile_without_reference_counting(kernel) -> None:  # type: ignore[no-untyped-def]
    assert kernel.targetoptions.get("_nrt") is (os.environ.get(REFCOUNT_ENV, "") == "1")


def test_a_kernel_that_allocates_does_not_compile_without_reference_counting() -> None:
    @no_refcount(cache=False)
    def fresh(n):  # type: ignore[no-untyped-def]
        return np.zeros(n).sum()

    with pytest.raises(Exception, match=r"(?s)zeros|NRT"):
        fresh(3)


def _last_positive_before(a, b, stop):  # type: ignore[no-untyped-def]
    """Arrays last read inside a branch and a loop that returns early: the shape that kept numba's counting."""
    best = -1
    for i in range(a.shape[0]):
        if a[i] > stop:
            return best
        if b[i] > 0:
            best = i
    return best


def test_a_kernel_gives_the_same_results_with_and_without_reference_counting() -> None:
    counted, borrowed = njit(_last_positive_before), no_refcount(cache=False)(_last_positive_before)
    gen = np.random.default_rng(3)
    for _ in range(200):
        a, b = gen.integers(-5, 10, 12), gen.integers(-3, 3, 12)
        stop = int(gen.integers(0, 12))
        assert counted(a, b, stop) == borrowed(a, b, stop) == _last_positive_before(a, b, stop)
