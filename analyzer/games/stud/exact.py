"""Exact casino stud: hand-class tables, suit-symmetry classes, and the full enumeration.

Every (player hand, up card, dealer hole cards) combination is counted: player hands by suit
class (weight = class size), each with every up card, and the dealer hands of each situation by
inclusion–exclusion over the player's cards (see :mod:`analyzer.games.stud.kernels`). Caribbean
Stud (C(52,5)·47·C(46,4) combinations) takes about half a minute on two cores.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from analyzer.cards import format_card
from analyzer.evaluator import Evaluator
from analyzer.games.stud import kernels as K
from analyzer.games.stud.game import StudError, StudGame, parse_threshold
from analyzer.rules import Category, RuleSet, with_overrides

__all__ = ["BINOM", "HandTables", "Strategy", "Tally", "event_names", "hand_tables", "kernel_context",
           "strategy_rule", "strategy_threshold", "suit_classes", "tallies", "tally"]

BINOM = K.binom_table()


@dataclass(frozen=True, eq=False)
class HandTables:
    """Every 5-card hand of a deck classed by strength under one wild designation."""

    evaluator: Evaluator
    pos_code: np.ndarray  # position -> card code
    code_pos: np.ndarray  # card code -> position (-1: not in the deck)
    scores: np.ndarray    # class -> evaluator score (sorted)
    cls: np.ndarray       # colex index of a 5-set -> class
    cum1: np.ndarray
    cum2: np.ndarray
    tri: np.ndarray
    quad: np.ndarray

    @property
    def n(self) -> int:
        return int(self.pos_code.size)

    def class_at_least(self, score: int) -> int:
        """The lowest class whose score is ≥ ``score``."""
        return int(np.searchsorted(self.scores, score, side="left"))

    def kernel_tables(self) -> tuple[np.ndarray, ...]:
        return self.cls, self.cum1, self.cum2, self.tri, self.quad


def rules_for(game: StudGame, wild_card: int | None) -> RuleSet:
    """The rule set of a deal: for a board game, ``wild_card`` is the designated card."""
    if game.designation == "board":
        if wild_card is None:
            raise StudError(f"game {game.name!r} designates a wild card each deal: give one")
        return with_overrides(game.rules, deck="52", wild=[format_card(wild_card)])
    return game.rules


@lru_cache(maxsize=4)
def _tables(rules: RuleSet, deck: str) -> HandTables:
    ev = Evaluator(rules, deck)
    pos_code = ev.deck.cards.astype(np.int64)
    code_pos = np.full(55, -1, np.int64)
    code_pos[pos_code] = np.arange(pos_code.size)
    table, wbits = ev.kernel_args()
    raw = K.score_all(pos_code, table, np.int64(wbits), BINOM)
    scores, cls = np.unique(raw, return_inverse=True)
    if scores.size >= 65535:  # pragma: no cover - no 5-card rule set has that many classes
        raise StudError("too many hand classes for the dealer tables")
    cls = cls.astype(np.int32)
    cum1, cum2 = K.build_counts(cls, pos_code.size, scores.size, BINOM)
    tri, quad = K.build_lists(cls, np.argsort(cls, kind="stable"), pos_code.size, BINOM)
    return HandTables(ev, pos_code, code_pos, scores, cls, cum1, cum2, tri, quad)


def hand_tables(game: StudGame, wild_card: int | None = None) -> HandTables:
    """Tables of ``game`` (for a board game, with ``wild_card`` designated)."""
    return _tables(rules_for(game, wild_card), game.deck)


def suit_classes(tables: HandTables) -> tuple[np.ndarray, np.ndarray]:
    """Canonical player hands (positions, (k, 5)) and their class sizes, under every suit
    permutation that keeps the wild cards wild.

    >>> from analyzer.games.stud.game import load_game
    >>> reps, w = suit_classes(hand_tables(load_game("caribbean")))
    >>> len(reps), int(w.sum())
    (134459, 2598960)
    """
    wild = tables.evaluator.wild
    perms = []
    for p in itertools.permutations(range(4)):
        mapped = np.array([c if c >= 52 else (c & ~3) | p[c & 3] for c in range(55)])
        if all(wild[c] == wild[mapped[c]] for c in tables.pos_code):
            perms.append(tables.code_pos[mapped[tables.pos_code]])
    perm_pos = np.array(perms, np.int64)
    canon = K.canonical_reps(tables.n, perm_pos, BINOM)
    idx, weights = np.unique(canon, return_counts=True)
    return K.unrank_all(idx, tables.n, BINOM), weights.astype(np.int64)


_suit_classes = lru_cache(maxsize=4)(suit_classes)


Strategy = str | np.ndarray


def strategy_threshold(tables: HandTables, game: StudGame, strategy: str) -> int:
    """-1 for ``optimal``; else the lowest class the player bets (``always``, ``pair``, ``high_card:AK``…)."""
    if strategy == "optimal":
        return -1
    if strategy == "always":
        return 0
    if strategy == "qualifier":
        return tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    q = parse_threshold(strategy, "strategy")
    try:
        return tables.class_at_least(q.min_score(tables.evaluator.rules))
    except StudError as exc:
        raise StudError(f"bad strategy {strategy!r}: {exc}") from None


def strategy_rule(tables: HandTables, game: StudGame, strategy: Strategy) -> np.ndarray:
    """A strategy as a kernel rule row over the situation groups (see :mod:`.kernels.loops`):
    a name (one threshold everywhere) or an array of per-group class thresholds (-1 = optimal)."""
    if isinstance(strategy, np.ndarray):
        if strategy.shape != (K.N_GROUPS,):
            raise StudError(f"a strategy rule needs {K.N_GROUPS} group thresholds, got shape {strategy.shape}")
        return strategy.astype(np.int64)
    return np.full(K.N_GROUPS, strategy_threshold(tables, game, strategy), np.int64)


def kernel_context(tables: HandTables, game: StudGame) -> tuple[object, ...]:
    """The arguments the loop kernels share after the rules: positions, wild flags, tables, binom."""
    wild_pos = tables.evaluator.wild[tables.pos_code].astype(np.uint8)
    return (tables.pos_code, wild_pos, *tables.kernel_tables(), BINOM)


def event_names(game: StudGame) -> list[tuple[str, Fraction]]:
    """Outcome events and the antes won in each, best first (ANCHORS.md's layout)."""
    rows = [(f"win, {c.label}", game.win_units(c)) for c in game.rules.order]
    rows += [("dealer doesn't qualify", game.no_qualify_units), ("push", game.tie_units),
             ("fold", Fraction(-1)), ("dealer wins", game.lose_units)]
    return rows


def kernel_payoffs(tables: HandTables, game: StudGame) -> tuple[np.ndarray, np.ndarray, float, float, float]:
    """``cat_of`` (class -> event index) and ``win_of`` (class -> antes won) and the other units."""
    order = game.rules.order
    cats = [tables.evaluator.category(int(s)) for s in tables.scores]
    cat_of = np.array([order.index(c) for c in cats], np.int64)
    win_of = np.array([float(game.win_units(c)) for c in cats], np.float64)
    return (cat_of, win_of, float(game.no_qualify_units), float(game.tie_units),
            float(game.lose_units))


@dataclass
class Tally:
    """Exact counts over all combinations of a part of a game (integers)."""

    combos: int
    situations: int
    bet_situations: int
    events: dict[str, int]
    not_qualified: int  # dealer hands that do not qualify, over all situations
    gain: np.ndarray | None = None  # (reps, n) bet EV - fold EV per situation (antes), NaN: none
    reps: np.ndarray | None = None
    weights: np.ndarray | None = None


def _select(tables: HandTables, reps: np.ndarray, weights: np.ndarray,
            categories: frozenset[Category] | None, u_fixed: int) -> tuple[np.ndarray, np.ndarray]:
    if categories is not None:
        cats = np.array([tables.evaluator.category(int(sc)) in categories for sc in tables.scores])
        keep = cats[tables.cls[BINOM[reps, np.arange(1, 6)].sum(axis=1)]]
        reps, weights = reps[keep], weights[keep]
    if u_fixed >= 0:
        keep = ~(reps == u_fixed).any(axis=1)
        reps, weights = reps[keep], weights[keep]
    return reps, weights


def tallies(game: StudGame, strategies: tuple[Strategy, ...] = ("optimal",), wild_card: int | None = None,
            doc: bool = False, keep_gain: bool = False,
            categories: frozenset[Category] | None = None) -> list[Tally]:
    """Count every combination, for several strategies in one pass: all player hands (only
    ``categories`` if given) × up cards (``doc``: the up card is the wild card) × dealer hole-card
    sets. ``keep_gain`` keeps every situation's bet-minus-fold EV (on the first tally)."""
    tables = hand_tables(game, wild_card)
    rules = np.array([strategy_rule(tables, game, s) for s in strategies], np.int64)
    u_fixed = -1
    if doc:
        if wild_card is None:
            raise StudError("a dealer's-open-card deal needs the wild card")
        u_fixed = int(tables.code_pos[wild_card])
    reps, weights = _select(tables, *_suit_classes(tables), categories, u_fixed)
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    gain = np.full((len(reps), tables.n) if keep_gain else (0, 0), np.nan, np.float32)
    rep_pc = tables.cls[BINOM[reps, np.arange(1, 6)].sum(axis=1)].astype(np.int64)
    order = game.rules.order
    acc = K.exact_loop(reps, weights, rep_pc, cat_of[rep_pc], len(order), u_fixed, win_of, nq_w,
                       tie_w, lose_w, rules, *kernel_context(tables, game), qc, gain)  # type: ignore[call-arg]
    dealer = int(BINOM[tables.n - 6, 4])
    out = []
    for row in acc:
        tot = [int(v) for v in row]
        events = {f"win, {c.label}": tot[8 + i] for i, c in enumerate(order)}
        events["dealer doesn't qualify"] = tot[2]
        events["push"] = tot[3]
        events["fold"] = tot[5] * dealer
        events["dealer wins"] = tot[4]
        out.append(Tally(combos=tot[0] * dealer, situations=tot[0], bet_situations=tot[1], events=events,
                         not_qualified=tot[6]))
    if keep_gain:
        out[0].gain, out[0].reps, out[0].weights = gain, reps, weights
    return out


def tally(game: StudGame, strategy: Strategy = "optimal", wild_card: int | None = None,
          doc: bool = False, keep_gain: bool = False,
          categories: frozenset[Category] | None = None) -> Tally:
    """:func:`tallies` for one strategy."""
    return tallies(game, (strategy,), wild_card, doc, keep_gain, categories)[0]


def tally_value(game: StudGame, t: Tally) -> Fraction:
    """The player's exact EV per deal (antes) of a tally."""
    units = dict(event_names(game))
    return sum((units[k] * v for k, v in t.events.items()), Fraction(0)) / t.combos
