"""The tree-search policies (``ismcts``, ``uct-random``): the kernels against the plain-Python
reference move for move, legal play over thousands of games, reproducibility, and strength."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.engine import chunk_state
from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.kernels.moves import apply_action, legal_mask, popcount
from analyzer.games.durak.kernels.play import checked_chunk
from analyzer.games.durak.kernels.policies import random_action
from analyzer.games.durak.kernels.tree import (
    ISMCTS_EXPLORE,
    UCT_EXPLORE,
    ismcts_action,
    tree_search,
)
from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.simulate import policy_codes
from analyzer.games.durak.state import DurakState, tables_for
from analyzer.games.durak.strength import strength
from tests.durak_tree_reference import ref_tree_search

NO_JOKER = ["max_attack=0", "first_bout_limit=0"]


def _positions(players: int, deck: str, count: int, seed: int):
    """Positions with a choice, reached by random play from seeded deals."""
    rules = durak_rules(players, deck)
    rng = chunk_state(seed, 0)
    out = []
    g = 0
    while len(out) < count:
        st = DurakState.deal(rules, seed * 1000 + g)
        g += 1
        steps = int(rng[0] % np.uint64(40))
        for _ in range(steps):
            if st.is_terminal():
                break
            apply_action(st.S, st.tab, random_action(st.S, st.tab, rng))
        if not st.is_terminal() and popcount(legal_mask(st.S, st.tab)) > 1:
            out.append(st)
    return out


@pytest.mark.parametrize(("players", "deck"), [(2, "36+2"), (3, "36+2"), (4, "52+2"), (2, "36")])
def test_kernel_matches_the_python_reference(players, deck):
    for k, st in enumerate(_positions(players, deck, 6, players * 10 + len(deck))):
        for worlds, iters, fresh, rand, c in ((1, 60, True, False, ISMCTS_EXPLORE),
                                              (2, 25, False, True, UCT_EXPLORE)):
            r1, r2 = chunk_state(k, 1), chunk_state(k, 1)
            a = tree_search(st.S.copy(), st.tab, r1, worlds, iters, fresh, rand, c)
            b = ref_tree_search(st.S.copy(), st.tab, r2, worlds, iters, fresh, rand, c)
            assert a == b
            assert np.array_equal(r1, r2), "the kernel and the reference drew different random numbers"
            assert legal_mask(st.S, st.tab) >> a & 1


def test_a_forced_move_is_played_without_search():
    st = DurakState.deal(durak_rules(), 2)
    st.S[L.PHASE] = L.DEFEND
    st.S[L.UNBEATEN] = 52 if st.S[L.CTX] in (1, 2, 4) else 53   # the high joker: only "take" is legal
    rng = chunk_state(0, 0)
    before = rng.copy()
    assert ismcts_action(st.S, st.tab, rng, 100) == L.TAKE
    assert np.array_equal(rng, before)


def _checked(players: int, deck: str, lineup: list[str], games: int, seed: int, budget: int,
             overrides=()) -> np.ndarray:
    rules = durak_rules(players, deck, overrides)
    return checked_chunk(chunk_state(seed, 0), games, rules.deck_cards(), rules.kernel_rules(), players,
                         policy_codes(lineup), budget, np.array(tables_for(rules)))


def _assert_clean(out: np.ndarray, games: int) -> None:
    assert out[0] == games and out[1] == games
    assert out[2] == 0, "a policy made an illegal move"
    assert out[3] == 0, "cards were not conserved"
    assert out[4] == 0 and out[5] == 0


@pytest.mark.parametrize(("players", "deck", "lineup"), [
    (2, "36+2", ["ismcts", "ismcts"]), (3, "36+2", ["ismcts", "heuristic", "random"]),
    (4, "52+2", ["ismcts", "ismcts", "random", "heuristic"])])
def test_ismcts_plays_legal_moves(players, deck, lineup):
    # every move checked inside the kernel (tiny budgets: the tree is legal at any size)
    _assert_clean(_checked(players, deck, lineup, 400, players, 3), 400)


def test_uct_random_plays_legal_moves():
    _assert_clean(_checked(2, "36", ["uct-random", "heuristic"], 2, 1, 0, NO_JOKER), 2)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ismcts_plays_legal_moves_in_many_games(players):
    for deck in ("36+2", "52+2"):
        _assert_clean(_checked(players, deck, ["ismcts"] * players, 1_000, 50 + players, 12), 1_000)
    _assert_clean(_checked(players, "36+2", ["uct-random"] + ["random"] * (players - 1), 10, 7, 0), 10)


def test_ismcts_strength_is_reproducible_on_one_or_two_workers():
    rules = durak_rules(3)
    kw = {"deals": 24, "seed": 4, "budget": 16, "chunk_size": 4, "quiet": True}
    a = strength(rules, ["ismcts", "heuristic", "random"], workers=1, **kw)
    b = strength(rules, ["ismcts", "heuristic", "random"], workers=2, **kw)
    assert np.array_equal(a.totals, b.totals)
    c = strength(rules, ["ismcts", "heuristic", "random"], workers=1, **{**kw, "seed": 5})
    assert not np.array_equal(a.totals, c.totals)
