"""The class sweep behind exact casino stud: it equals the per-situation loop, its suit classes
equal the permutation-by-permutation ones, and the exact edges are unchanged to the last digit."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
import stud_reference as R

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


def _per_situation_reference(tables, game, reps, weights, rep_pc, rules):
    """The per-situation loop in plain Python and NumPy: every (hand, up card) counted by the
    counting kernel ``situation`` (checked against the independent reference in
    tests/test_stud.py), its group by the reference's ``situation_groups``, bet or fold decided by
    each strategy rule (-1: bet iff betting beats folding, else bet iff the hand's class is at
    least the rule's). Returns the weighted totals per strategy, laid out as the exact tallies'
    (situations, bets, NQ / TIE / LOSE of the bets, folds, NQ of all, -, WIN by the player's
    category), and each situation's gain (the bet's EV less the fold's, antes; NaN: no situation)."""
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    n, n_cat, total = tables.n, len(game.rules.order), int(BINOM[tables.n - 6, 4])
    kt = tables.kernel_tables()
    c4, c3, s = (np.empty(k, np.int64) for k in (4, 3, 5))
    rows, ups, counts = [], [], []
    for i, hand in enumerate(reps):
        for u in sorted(set(range(n)) - set(hand.tolist())):
            K.situation(hand, 5, u, int(rep_pc[i]), qc, *kt, BINOM, c4, c3, s)
            rows.append(i)
            ups.append(u)
            counts.append(c4.copy())
    i, u, c = np.array(rows), np.array(ups), np.array(counts)
    assert c.sum(axis=1).tolist() == [total] * len(c)  # every dealer hand counted once
    pc = rep_pc[i]
    v = c[:, 0] * nq_w + c[:, 1] * win_of[pc] + c[:, 2] * tie_w + c[:, 3] * lose_w  # [NQ, WIN, TIE, LOSE]
    gain = np.full((len(reps), n), np.nan, np.float32)
    gain[i, u] = (v + total) / total
    grp = R.situation_groups(reps[i], u, tables.pos_code, tables.evaluator.wild[tables.pos_code].astype(np.uint8))
    w = weights[i]
    acc = np.zeros((len(rules), 8 + n_cat), np.int64)
    for k, rule in enumerate(rules):
        t = rule[grp]
        bet = np.where(t < 0, v > -total, pc >= t)
        assert 0 < bet.sum() < bet.size  # each strategy both bets and folds here
        acc[k, 0], acc[k, 6] = w.sum(), (w * c[:, 0]).sum()
        acc[k, 1], acc[k, 5] = w[bet].sum(), w[~bet].sum()
        acc[k, 2:5] = (w[bet, None] * c[bet][:, [0, 2, 3]]).sum(axis=0)
        np.add.at(acc[k], 8 + cat_of[pc[bet]], w[bet] * c[bet, 1])
    return acc, gain


def _sample(game, wild):
    """400 random canonical hands of the game's tables, three strategies (one a per-group rule)."""
    tables = hand_tables(game, None if wild is None else parse_card(wild))
    reps, weights = suit_classes(tables)
    pick = np.sort(np.random.default_rng(11).choice(len(reps), 400, replace=False))
    reps, weights = reps[pick], weights[pick]
    group_rule = np.arange(K.N_GROUPS, dtype=np.int64) % 3 * 900 - 1
    rules = np.array([strategy_rule(tables, game, s) for s in ("optimal", "pair")] + [group_rule], np.int64)
    rep_pc = tables.cls[BINOM[reps, np.arange(1, 6)].sum(axis=1)].astype(np.int64)
    return tables, reps, weights, rules, rep_pc


# (lanes, up cards per call; None: all in one call). One lane over every up card, and three lanes
# over pieces of five (what the exact tallies run, so that Ctrl-C is seen between calls; the last
# piece of two leaves a lane empty) by default; the slow Caribbean case every pairing.
SPLITS = ((1, None), (3, 5))
ALL_SPLITS = ((1, None), (1, 5), (3, None), (3, 5))


# Caribbean under slow (~3 CPU-s more); J-poker with a wild up card, the harder case, runs by default
@pytest.mark.parametrize(("game", "wild", "splits"), [
    pytest.param(CARIB, None, ALL_SPLITS, marks=pytest.mark.slow, id="game0-None"),
    pytest.param(JPOKER, "7d", SPLITS, id="game1-7d")])
def test_sweep_equals_per_situation_loop(game, wild, splits):
    """Random canonical hands, three strategies (one a per-group rule), gains kept: the sweep's
    totals and every situation's gain are the per-situation loop's, bit for bit."""
    tables, reps, weights, rules, rep_pc = _sample(game, wild)
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    n_cat = len(game.rules.order)
    ref, gain_ref = _per_situation_reference(tables, game, reps, weights, rep_pc, rules)
    order = np.argsort(rep_pc, kind="stable")
    start = np.searchsorted(rep_pc[order], np.arange(tables.scores.size + 1))
    sets, first = tables.by_class
    wild_pos = tables.evaluator.wild[tables.pos_code].astype(np.uint8)
    for lanes, step in splits:
        step = step or tables.n
        gain = np.full((len(reps), tables.n), 123.0, np.float32)  # every entry written, NaN where none
        acc = np.zeros((tables.n, len(rules), 8 + n_cat), np.int64)
        for u in range(0, tables.n, step):
            SW.sweep_part(u, min(tables.n, u + step), tables.n, sets, first, reps, order, start, weights, rep_pc,
                          cat_of[rep_pc], tables.up_rows, win_of, nq_w, tie_w, lose_w, rules, tables.pos_code,
                          wild_pos, BINOM, qc, gain, lanes, acc)
        assert np.array_equal(acc.sum(axis=0), ref)
        assert np.array_equal(gain, gain_ref, equal_nan=True)


# The per-situation kernel the sweep replaced (no command runs it any more: calling it from Python
# compiles a twin of ~5 CPU-s), against the same plain loop.
@pytest.mark.slow
@pytest.mark.parametrize(("game", "wild"), [(CARIB, None), (JPOKER, "7d")])
def test_exact_loop_equals_the_per_situation_reference(game, wild):
    tables, reps, weights, rules, rep_pc = _sample(game, wild)
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    ref, gain_ref = _per_situation_reference(tables, game, reps, weights, rep_pc, rules)
    gain = np.full((len(reps), tables.n), np.nan, np.float32)
    acc = K.exact_loop(reps, weights, rep_pc, cat_of[rep_pc], len(game.rules.order), -1, win_of, nq_w, tie_w, lose_w,
                       rules, *kernel_context(tables, game), qc, gain)
    assert np.array_equal(acc, ref)
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


def test_dense_classes_are_unique_and_searchsorted():
    """The hashed class numbering equals NumPy's sort-based one (negative and extreme values, many
    repeats, colliding slots), and gives up past its limit of distinct values (int32, as the
    tables' scores: the kernel compiled once)."""
    rng = np.random.default_rng(7)
    raw = np.concatenate([rng.integers(-(2**31), 2**31 - 1, 5000), rng.integers(0, 300, 20000),
                          np.arange(50) << 25, [-(2**31), 2**31 - 1]]).astype(np.int32)
    rng.shuffle(raw)
    scores, cls = K.dense_classes(raw, 65534)
    assert np.array_equal(scores, np.unique(raw))
    assert np.array_equal(cls, np.searchsorted(scores, raw)) and cls.dtype == np.int32
    assert K.dense_classes(raw, 100)[0].size == 0


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
