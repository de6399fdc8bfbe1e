"""The class sweep behind exact casino stud: it equals the per-situation loop, its suit classes
equal the permutation-by-permutation ones, and the exact edges are unchanged to the last digit."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from analyzer.cards import parse_card
from analyzer.games.stud import kernels as K
from analyzer.games.stud.edge import house_edge
from analyzer.games.stud.exact import (
    BINOM,
    hand_tables,
    kernel_context,
    kernel_payoffs,
    strategy_rule,
    suit_classes,
    tallies,
    tally_value,
)
from analyzer.games.stud.game import load_game
from analyzer.games.stud.kernels import sweep as SW

CARIB = load_game("caribbean")
JPOKER = load_game("j-poker")
CARIB_EDGE = Fraction(142_031_221, 2_718_662_100)
JPOKER_EDGE = Fraction(9_307_817_642_411, 274_081_919_611_500)
# J-poker with the ace of spades wild, up card not wild, optimal play: the player's EV per deal,
# as the per-situation loop gave it before the sweep existed.
ACE_WILD_EV = Fraction(-3_338_224_607, 664_441_017_240)


def _reference_classes(tables):
    """Suit classes the slow way: every wild-preserving permutation, the smallest colex image."""
    wild = tables.evaluator.wild
    perms = []
    for p in itertools.permutations(range(4)):
        mapped = np.array([c if c >= 52 else (c & ~3) | p[c & 3] for c in range(55)])
        if all(wild[c] == wild[mapped[c]] for c in tables.pos_code):
            perms.append(tables.code_pos[mapped[tables.pos_code]])
    canon = K.canonical_reps(tables.n, np.array(perms, np.int64), BINOM)
    idx, weights = np.unique(canon, return_counts=True)
    return K.unrank_all(idx, tables.n, BINOM), weights


@pytest.mark.parametrize(("game", "wild"), [(CARIB, None), (JPOKER, "7d")])
def test_suit_classes_equal_the_permutation_reference(game, wild):
    tables = hand_tables(game, None if wild is None else parse_card(wild))
    reps, weights = suit_classes(tables)
    ref_reps, ref_weights = _reference_classes(tables)
    assert np.array_equal(reps, ref_reps) and np.array_equal(weights, ref_weights)


# Caribbean under slow (~4 CPU-s more); J-poker with a wild up card, the harder case, runs by default
@pytest.mark.parametrize(("game", "wild"), [pytest.param(CARIB, None, marks=pytest.mark.slow), (JPOKER, "Qh")])
def test_sweep_equals_per_situation_loop(game, wild):
    """Random canonical hands, three strategies (one a per-group rule), gains kept: the sweep's
    totals and every situation's gain are the per-situation loop's, bit for bit."""
    tables = hand_tables(game, None if wild is None else parse_card(wild))
    reps, weights = suit_classes(tables)
    pick = np.sort(np.random.default_rng(11).choice(len(reps), 400, replace=False))
    reps, weights = reps[pick], weights[pick]
    group_rule = np.arange(K.N_GROUPS, dtype=np.int64) % 3 * 900 - 1
    rules = np.array([strategy_rule(tables, game, s) for s in ("optimal", "pair")] + [group_rule], np.int64)
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    rep_pc = tables.cls[BINOM[reps, np.arange(1, 6)].sum(axis=1)].astype(np.int64)
    n_cat = len(game.rules.order)
    gain_ref = np.full((len(reps), tables.n), np.nan, np.float32)
    ref = K.exact_loop(reps, weights, rep_pc, cat_of[rep_pc], n_cat, -1, win_of, nq_w, tie_w, lose_w, rules,
                       *kernel_context(tables, game), qc, gain_ref)
    order = np.argsort(rep_pc, kind="stable")
    start = np.searchsorted(rep_pc[order], np.arange(tables.scores.size + 1))
    sets, first = tables.by_class
    wild_pos = tables.evaluator.wild[tables.pos_code].astype(np.uint8)
    for lanes in (1, 3):
        # every up card in one call, then in pieces of a few (what the exact tallies run, so that
        # Ctrl-C is seen between them): the per-situation loop's totals and gains, bit for bit
        for step in (tables.n, 5):
            gain = np.full((len(reps), tables.n), np.nan, np.float32)
            acc = np.zeros((tables.n, len(rules), 8 + n_cat), np.int64)
            for u in range(0, tables.n, step):
                SW.sweep_part(u, min(tables.n, u + step), tables.n, sets, first, reps, order, start, weights, rep_pc,
                              cat_of[rep_pc], tables.up_rows, win_of, nq_w, tie_w, lose_w, rules, tables.pos_code,
                              wild_pos, BINOM, qc, gain, lanes, acc)
            assert np.array_equal(acc.sum(axis=0), ref)
            assert np.array_equal(gain, gain_ref, equal_nan=True)


def test_class_sets_list_every_hand_once_by_class():
    tables = hand_tables(CARIB)
    sets, start = tables.by_class
    idx = BINOM[sets.astype(np.int64), np.arange(1, 6)].sum(axis=1)
    assert np.array_equal(np.sort(idx), np.arange(2_598_960))
    assert np.array_equal(tables.cls[idx], np.repeat(np.arange(tables.scores.size), np.diff(start)))
    hand = np.array([3, 17, 22, 40, 51])
    for u in (0, 29, 50):
        four = np.sort(np.delete(hand, 2))
        five = np.sort(np.append(four, u))
        assert tables.up_rows[BINOM[four, np.arange(1, 5)].sum(), u] == tables.cls[BINOM[five, np.arange(1, 6)].sum()]



def test_dealer_lists_are_each_sets_sorted_classes():
    """``tri`` / ``quad``, filled from the class sweep's hands by class: for every 3-set (4-set),
    the sorted classes of the hands holding it (a 33-card deck, checked the plain NumPy way)."""
    tables = hand_tables(load_game("poker-with-joker").with_changes(deck="32+1"))
    n = tables.n
    hands = K.unrank_all(np.arange(int(BINOM[n, 5]), dtype=np.int64), n, BINOM)
    for size, lists in ((3, tables.tri), (4, tables.quad)):
        subs = np.array(list(itertools.combinations(range(5), size)))
        idx = BINOM[hands[:, subs], np.arange(1, size + 1)].sum(axis=2).ravel()
        cls = np.repeat(tables.cls, len(subs))
        ref = cls[np.lexsort((cls, idx))]
        assert np.array_equal(lists, ref.astype(np.uint16))

def test_caribbean_exact_edge_unchanged():
    """The whole Caribbean Stud enumeration (about a second): ANCHORS' exact fraction."""
    assert tally_value(CARIB, tallies(CARIB)[0]) == -CARIB_EDGE


def test_jpoker_ace_wild_part_unchanged_and_doc_reuses_the_sweep():
    w = parse_card("As")
    doc, plain = tallies(JPOKER, ("optimal",), wild_card=w, doc=True)[0], tallies(JPOKER, wild_card=w)[0]
    assert tally_value(JPOKER, plain) == ACE_WILD_EV
    assert doc.combos == 2_349_060 * 163_185 and doc.not_qualified == 0


@pytest.mark.slow
def test_jpoker_exact_edge_unchanged():
    """``joker-odds stud analyze --game j-poker --method exact``: all 13 wild ranks and the DOC deals."""
    res = house_edge(JPOKER, "optimal", "exact")
    assert res.ev_exact == -JPOKER_EDGE
