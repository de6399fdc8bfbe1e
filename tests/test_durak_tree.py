"""The tree-search policies (``ismcts``, ``uct-random``): the kernels against the plain-Python
reference move for move, legal play over thousands of games, reproducibility, and strength."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.engine import chunk_state
from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.kernels.moves import apply_action, legal_mask, popcount
from analyzer.games.durak.kernels.play import checked_chunk
from analyzer.games.durak.kernels.policies import random_action, resample
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
from tests.durak_tree_reference import ref_resample, ref_tree_search

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
def test_resample_matches_the_card_by_card_reference(players, deck):
    for k, st in enumerate(_positions(players, deck, 8, players * 7 + len(deck))):
        for seat in range(players):
            a, b = st.S.copy(), st.S.copy()
            r1, r2 = chunk_state(k, 2), chunk_state(k, 2)
            resample(a, seat, r1, np.empty(54, np.int64))
            ref_resample(b, seat, r2)
            assert np.array_equal(a, b)
            assert np.array_equal(r1, r2)


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


def test_report_compares_the_joker_values_of_two_players():
    from analyzer.games.durak.report import value_comparison
    from analyzer.games.durak.simulate import simulate_durak

    weak = simulate_durak(durak_rules(), ["random"] * 2, games=4_000, seed=1, quiet=True)
    strong = simulate_durak(durak_rules(), ["heuristic"] * 2, games=4_000, seed=1, quiet=True)
    rows, sentence = value_comparison(weak, strong)
    assert [r["holding"] for r in rows] == ["red joker", "black joker", "both jokers", "high joker", "low joker",
                                            "first attack"]
    high = rows[3]
    assert high["change_pp"] == pytest.approx(high["heuristic pp"] - high["random pp"])
    assert high["change_ci_low_pp"] < high["change_pp"] < high["change_ci_high_pp"]
    assert sentence.startswith("The largest change is the ") and "95 % interval" in sentence
    # the report's one number style: the interval in words and true minus signs, not "[-14.9, -2.9]"
    assert "percentage points (95 % CI " in sentence and "[" not in sentence and " -" not in sentence


def test_ismcts_beats_random_and_heuristic():
    # paired over deals (each deal played with the seats swapped); the lower 95 % bound must clear ½
    s = strength(durak_rules(), ["ismcts", "random"], deals=30, seed=3, budget=20, chunk_size=15, quiet=True)
    score, se = s.score(0)
    assert score - 1.96 * se > 0.8
    s = strength(durak_rules(), ["ismcts", "heuristic"], deals=60, seed=3, budget=50, chunk_size=15, quiet=True)
    score, se = s.score(0)
    assert score - 1.96 * se > 0.5
    assert s.p_fool(0)[0] < s.p_fool(1)[0]


@pytest.mark.slow
def test_ismcts_beats_heuristic_and_search_by_a_wide_margin():
    rules = durak_rules()
    s = strength(rules, ["ismcts", "heuristic"], deals=300, seed=6, budget=200, chunk_size=25, quiet=True)
    score, se = s.score(0)
    assert score - 1.96 * se > 0.65          # measured about 0.77 at 100 deals
    assert s.p_fool(1)[0] - s.p_fool(0)[0] > 0.3
    s = strength(rules, ["ismcts", "search"], deals=200, seed=6, budget=200, chunk_size=25, quiet=True)
    score, se = s.score(0)
    assert score - 1.96 * se > 0.55          # measured about 0.69 at 100 deals
