"""Exact casino stud: hand-class tables, suit-symmetry classes, and the full enumeration.

Every (player hand, up card, dealer hole cards) combination is counted: player hands by suit
class (weight = class size), each with every up card, and the dealer hands of each situation by
inclusion–exclusion over the player's cards, in one sweep over the hand classes that handles
all up cards of a hand at once (:mod:`analyzer.games.stud.kernels.sweep`). Caribbean Stud
(C(52,5)·47·C(46,4) combinations) takes about a second on two cores.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

import numba
import numpy as np

from analyzer.cards import format_card
from analyzer.evaluator import Evaluator
from analyzer.games.stud import kernels as K
from analyzer.games.stud.game import StudError, StudGame, parse_threshold
from analyzer.games.stud.kernels import sweep as SW
from analyzer.kernels.distinct import counting_order, set_classes
from analyzer.rules import Category, RuleSet, with_overrides

__all__ = ["BINOM", "HandTables", "Strategy", "Tally", "event_names", "hand_tables", "kernel_context",
           "release_tables", "strategy_rule", "strategy_threshold", "suit_classes", "tallies", "tally"]

BINOM = K.binom_table()


@dataclass(frozen=True, eq=False)
class HandTables:
    """Every 5-card hand of a deck classed by strength under one wild designation."""

    evaluator: Evaluator
    pos_code: np.ndarray  # position -> card code
    code_pos: np.ndarray  # card code -> position (-1: not in the deck)
    scores: np.ndarray    # class -> evaluator score (sorted)
    cls: np.ndarray       # colex index of a 5-set -> class

    @property
    def n(self) -> int:
        return int(self.pos_code.size)

    @cached_property
    def _counts(self) -> tuple[np.ndarray, np.ndarray]:
        return K.build_counts(*self.by_class, self.n, BINOM)  # type: ignore[no-any-return]

    @cached_property
    def _lists(self) -> tuple[np.ndarray, np.ndarray]:
        return K.build_lists(*self.by_class, self.n, BINOM)  # type: ignore[no-any-return]

    @property
    def cum1(self) -> np.ndarray:
        return self._counts[0]

    @property
    def cum2(self) -> np.ndarray:
        return self._counts[1]

    @property
    def tri(self) -> np.ndarray:
        return self._lists[0]

    @property
    def quad(self) -> np.ndarray:
        return self._lists[1]

    @cached_property
    def by_class(self) -> tuple[np.ndarray, np.ndarray]:
        """Every 5-set as sorted positions, by ascending class, and each class's first row."""
        return SW.class_sets(self.cls, self.scores.size, self.n, BINOM)  # type: ignore[no-any-return]

    @cached_property
    def up_rows(self) -> np.ndarray:
        """``up_rows[colex4(S), u]``: the class of the hand S ∪ {u}."""
        return SW.up_rows(self.cls, self.n, BINOM)  # type: ignore[no-any-return]

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


# Two table sets at most (≈ 200 MB each for 53 cards once the dealer's counts are built): the
# passes over J-poker's wild ranks visit them in order, and the up-card exchange needs two at once.
@lru_cache(maxsize=2)
def _tables(rules: RuleSet, deck: str) -> HandTables:
    ev = Evaluator(rules, deck)
    pos_code = ev.deck.cards.astype(np.int64)
    code_pos = np.full(55, -1, np.int64)
    code_pos[pos_code] = np.arange(pos_code.size)
    table, wbits = ev.kernel_args()
    raw = K.score_all(pos_code, table, np.int64(wbits), BINOM)
    scores, cls = K.dense_classes(raw, 65534)  # np.unique and np.searchsorted of it, in one pass
    if scores.size == 0:  # pragma: no cover - no 5-card rule set has that many classes
        raise StudError("too many hand classes for the dealer tables")
    return HandTables(ev, pos_code, code_pos, scores, cls)


def release_tables() -> None:
    """Forget the cached hand tables and the last sweep (a pass over J-poker's wild ranks, which
    builds each rank's tables once, calls it between ranks so that only one rank's are held)."""
    _tables.cache_clear()
    _MEMO.clear()


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
    masks = [sum(1 << (int(c) >> 2) for c in tables.pos_code if c < 52 and c & 3 == s and wild[c])
             for s in range(4)]
    block = np.array([masks.index(m) for m in masks], np.int64)  # suits that may be exchanged
    return _classes_of(tables.pos_code.tobytes(), block.tobytes())


@lru_cache(maxsize=4)
def _classes_of(pos_bytes: bytes, block_bytes: bytes) -> tuple[np.ndarray, np.ndarray]:
    pos_code = np.frombuffer(pos_bytes, np.int64)
    keys = K.suit_keys(pos_code, np.frombuffer(block_bytes, np.int64), BINOM)
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    order = np.argsort(first)  # each class is named by its smallest colex index
    reps = K.unrank_all(first[order].astype(np.int64), pos_code.size, BINOM)
    return reps, counts[order].astype(np.int64)


def _suit_classes(tables: HandTables) -> tuple[np.ndarray, np.ndarray]:
    return suit_classes(tables)


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
    """Outcome events and the antes won in each, best first (the published layout)."""
    rows = [(f"win, {c.label}", game.win_units(c)) for c in game.rules.order]
    rows += [("dealer doesn't qualify", game.no_qualify_units), ("push", game.tie_units),
             ("fold", Fraction(-1)), ("dealer wins", game.lose_units)]
    return rows


def kernel_payoffs(tables: HandTables, game: StudGame) -> tuple[np.ndarray, np.ndarray, float, float, float]:
    """``cat_of`` (class -> event index) and ``win_of`` (class -> antes won) and the other units."""
    order = game.rules.order
    by_pos = tables.evaluator.order_low_to_high  # category positions, worst first
    pos = tables.evaluator.categories(tables.scores)
    cat_of = np.array([order.index(c) for c in by_pos], np.int64)[pos]
    win_of = np.array([float(game.win_units(c)) for c in by_pos], np.float64)[pos]
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
    first_up: int = 0  # gain's column c is up card first_up + c (a dealer's-open-card part: one column)
    classes: np.ndarray | None = None  # each of reps' hand class (with the gain)


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


_MEMO: dict[tuple[object, ...], tuple[object, ...]] = {}


def _per_up_card(game: StudGame, tables: HandTables, rules: np.ndarray, categories: frozenset[Category] | None,
                 keep_gain: bool, only: int = -1) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Totals per up card (n, S, 8 + n_cat) of the class sweep, the gains, reps, weights and the
    reps' classes; with ``only`` >= 0 that up card alone is swept (the other rows stay zero). The
    last result is kept, so the dealer's-open-card part of a deal type reuses the sweep of all its
    up cards."""
    key = (id(game), id(tables), rules.shape, rules.tobytes(), categories, keep_gain)
    hit = _MEMO.get((*key, -1)) or _MEMO.get((*key, only))
    if hit is not None and hit[1]() is tables:  # type: ignore[operator]
        return hit[2:]  # type: ignore[return-value]
    _MEMO.clear()  # the last sweep's arrays go before this one's are made
    reps, weights = _select(tables, *_suit_classes(tables), categories, -1)
    cat_of, win_of, nq_w, tie_w, lose_w = kernel_payoffs(tables, game)
    qc = tables.class_at_least(game.qualifier.min_score(tables.evaluator.rules))
    rep_pc = set_classes(reps, tables.cls, BINOM)
    lo, hi = (only, only + 1) if only >= 0 else (0, tables.n)
    shape = (len(reps), tables.n) if keep_gain else (0, 0)
    # swept for every up card, the sweep writes every gain (NaN where the up card is in the hand)
    gain = np.empty(shape, np.float32) if only < 0 else np.full(shape, np.nan, np.float32)
    rep_order, rep_start = counting_order(rep_pc, tables.scores.size)  # argsort (stable), searchsorted
    sets, start = tables.by_class
    wild_pos = tables.evaluator.wild[tables.pos_code].astype(np.uint8)
    lanes = 1 if only >= 0 else max(1, min(tables.n, numba.get_num_threads()))
    acc = np.zeros((tables.n, rules.shape[0], 8 + len(game.rules.order)), np.int64)
    # One call for all the up cards: each lane scans every dealer hand once for its whole range of up
    # cards, so smaller calls (a faster Ctrl-C) would repeat that scan (8x slower in pieces of 2).
    SW.sweep_part(lo, hi, tables.n, sets, start, reps, rep_order, rep_start, weights, rep_pc, cat_of[rep_pc],
                  tables.up_rows, win_of, nq_w, tie_w, lose_w, rules, tables.pos_code, wild_pos, BINOM, qc, gain,
                  lanes, acc)
    # the tables by weak reference: the cache of tables, not this memo, decides how long they live
    # (a dead reference, or new tables at a reused id, is a miss)
    _MEMO[(*key, only)] = (game, weakref.ref(tables), acc, gain, reps, weights, rep_pc)
    return acc, gain, reps, weights, rep_pc


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
    acc, gain, reps, weights, rep_pc = _per_up_card(game, tables, rules, categories, keep_gain, u_fixed)
    if u_fixed >= 0:  # the up card is the wild card: those situations only
        keep = ~(reps == u_fixed).any(axis=1)
        reps, weights, rep_pc = reps[keep], weights[keep], rep_pc[keep]
        if keep_gain:  # that up card's column alone (the full matrix would be NaN elsewhere: ~100 MB)
            gain = np.ascontiguousarray(gain[keep, u_fixed][:, None])
        acc = acc[u_fixed]
    else:
        acc = acc.sum(axis=0)
    order = game.rules.order
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
        out[0].gain, out[0].reps, out[0].weights, out[0].classes = gain, reps, weights, rep_pc
        out[0].first_up = max(u_fixed, 0)
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
