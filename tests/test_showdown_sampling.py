"""The fast Monte Carlo kernel of the high 5-card showdown against the general one, draw for draw."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.showdown.equity import MAX_TRIES, table_setup
from analyzer.games.showdown.kernels import mc_chunk
from analyzer.games.showdown.sampling import mc_high5
from analyzer.kernels.rng import chunk_state

CASES = [
    (["random"], 2, "joker-wild", None, None),
    (["random"], 6, "short-32", None, None),
    (["As Ad", "Kc"], 4, "standard", None, "Qs Qh 2c"),
    (["Jk Kd Kc"], 3, "joker-wild", "pair", None),          # the opponents' class: redeals of the others
    (["pair of kings"], 2, "short-32", None, None),         # seat 0's class: redeals of seat 0
    (["two pair", "random"], 5, "joker-wild", "any pair", "Jk"),
]


@pytest.mark.parametrize(("hands", "players", "rules", "opponents", "dead"), CASES)
def test_fast_kernel_gives_the_general_kernels_totals(hands, players, rules, opponents, dead) -> None:  # type: ignore[no-untyped-def]
    tab = table_setup(hands, players, rules, dead=dead, opponents=opponents)
    table, wbits = tab.ev.kernel_args()
    args = (tab.known, tab.nknown, 5, tab.rest, tab.vlo, tab.vhi, tab.game, MAX_TRIES, table, wbits)
    for chunk in range(3):
        fast = mc_high5(chunk_state(11, chunk), 3_000, *args)
        slow = mc_chunk(chunk_state(11, chunk), 3_000, *args, *tab.low_args)
        assert np.array_equal(fast, slow)
        assert fast[0] == 3_000 and fast[3] == 0


def test_fast_kernel_reports_an_unreachable_class() -> None:
    """A class never dealt within ``max_tries`` sets the error flag, as the general kernel does."""
    tab = table_setup(["five of a kind"], 2, "joker-wild")
    table, wbits = tab.ev.kernel_args()
    args = (tab.known, tab.nknown, 5, tab.rest, tab.vlo, tab.vhi, tab.game, 50, table, wbits)
    fast = mc_high5(chunk_state(2, 0), 10, *args)
    assert np.array_equal(fast, mc_chunk(chunk_state(2, 0), 10, *args, *tab.low_args))
    assert fast[3] == 1 and fast[1] == 50
