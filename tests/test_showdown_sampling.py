"""The fast showdown kernels against the general ones: the Monte Carlo kernel of the high 5-card
game and the play chart's draw for draw, the heads-up enumeration's fifth-card keys key for key."""

from __future__ import annotations

from itertools import product
from math import comb

import numpy as np
import pytest

from analyzer.evaluator import Evaluator
from analyzer.games.showdown import kernels as SK
from analyzer.games.showdown.chart import ChartTask, chart_classes
from analyzer.games.showdown.equity import MAX_TRIES, _binom, table_setup
from analyzer.games.showdown.hand_kernels import chart_chunk, chart_hash5
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


CHART_CASES = [  # (rules, deck, players, the opponents' floor class: None = any hand)
    ("standard", "52", 3, None),
    ("standard", "52", 5, "pair of sevens"),
    ("joker-wild", "52+1", 4, "pair of nines"),
    ("short-32", "32+1", 2, "pair of queens"),
    ("short-32", "32+2", 5, "three of a kind"),  # Odessa: four opponents holding three of a kind or better
    ("standard", "52", 5, "pair of twos"),       # at most 20 tries: the error flag
]


@pytest.mark.parametrize(("rules", "deck", "players", "floor"), CHART_CASES)
def test_chart_hash_kernel_gives_the_general_chart_kernels_totals(rules: str, deck: str, players: int,
                                                                 floor: str | None) -> None:
    """The play chart's 5-card kernel (hashed scores) against :func:`chart_chunk` (sorted keys): the
    same totals, chunk for chunk, the redeals and the error flag included; the task runs the fast one."""
    ev = Evaluator(rules, deck)
    table, wbits = ev.kernel_args()
    names, bounds = chart_classes(ev)
    vlo = int(bounds[names.index(floor)]) if floor else 0
    task = ChartTask(players, 5, ev.deck.cards.astype(np.int64), bounds, vlo, table, wbits)
    tries = 20 if (players, floor) == (5, "pair of twos") else MAX_TRIES
    for chunk in range(3):
        slow = chart_chunk(chunk_state(7, chunk), 4_000, players, 5, task.deck, bounds, vlo, tries, table, wbits)
        fast = chart_hash5(chunk_state(7, chunk), 4_000, players, task.deck, bounds, vlo, tries, table, *task.hashed)
        assert np.array_equal(fast, slow)
        assert (fast[2] != 0) == (tries == 20)
    assert np.array_equal(task.run_chunk(chunk_state(7, 0), 4_000),
                          chart_chunk(chunk_state(7, 0), 4_000, players, 5, task.deck, bounds, vlo, MAX_TRIES, table,
                                      wbits))


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
