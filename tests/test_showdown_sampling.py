"""The fast showdown kernels against the general ones: the Monte Carlo kernel of the high 5-card
game draw for draw, the heads-up enumeration's fifth-card keys key for key."""

from __future__ import annotations

from itertools import product
from math import comb

import numpy as np
import pytest

from analyzer.games.showdown import kernels as SK
from analyzer.games.showdown.equity import MAX_TRIES, _binom, table_setup
from analyzer.games.showdown.kernels import mc_chunk
from analyzer.games.showdown.sampling import mc_high5
from analyzer.kernels.handkey import key5
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


def test_fifth_card_keys_are_key5s_for_every_rank_multiset() -> None:
    """All 13^4 rank quadruples (natural, not one suit) and every fifth rank."""
    out = np.empty(13, np.int64)
    for r in product(range(13), repeat=4):
        SK._fifth_keys(*r, out)
        cards = [4 * x + (i % 2) for i, x in enumerate(r)]  # suits 0, 1, 0, 1: never a flush
        want = [key5(*cards, 4 * x + 2, 0) for x in range(13)]
        assert out.tolist() == want, r


@pytest.mark.parametrize(("rules", "deck", "hero"), [("joker-wild", None, "Jk Kd Kc 9s 4h"),
                                                     ("short-32", "32+2", "Ah Kh Qh Jh 9c")])
def test_heads_up_walk_equals_the_joint_enumeration(rules: str, deck: str | None, hero: str) -> None:
    """Every opponent hand of the whole deck (flushes, jokers): the walk's totals are the
    mixed-radix enumeration's, which scores each hand with :func:`key5`."""
    tab = table_setup([hero], 2, rules, deck)
    table, wbits = tab.ev.kernel_args()
    args = (tab.known, tab.nknown, 5, tab.rest, tab.vlo, tab.vhi, tab.game, _binom(), table, wbits, *tab.low_args)
    walk = SK.exact_one_free(1, 1, *args)
    radix = np.array([comb(tab.rest.size, int(m)) for m in tab.need], np.int64)
    joint = SK.exact_all(int(radix.prod()), 64, radix, tab.need.astype(np.int64), *args)
    assert np.array_equal(walk, joint) and walk[0] == comb(tab.rest.size, 5)
