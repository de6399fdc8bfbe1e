"""Hand-rank frequencies: exact enumeration and Monte Carlo, plus the ranking paradox.

>>> t = exact_frequencies("joker-wild", "52+1")
>>> t.total, t.row("five_of_a_kind").count, t.row("two_pair").count
(2869685, 13, 123552)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.cards import DeckSpec
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.kernels import evaluate as K
from analyzer.kernels.freq import freq_chunk, freq_piece
from analyzer.pieces import in_ranges
from analyzer.rules import Category, RuleSet, as_rules
from analyzer.stats import chi_square_gof, proportion
from analyzer.stopping import Estimates

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FreqRow",
    "FreqTable",
    "FreqTask",
    "best_of_scores",
    "exact_frequencies",
    "ranking_paradox",
    "sampled_frequencies",
]


@dataclass(frozen=True)
class FreqRow:
    """One category: exact count and probability, or a sampled estimate with its 95 % CI."""

    category: str
    count: int
    probability: float | None = None
    estimate: float | None = None
    se: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None


@dataclass(frozen=True)
class FreqTable:
    """Category frequencies for one deck × rule set × hand size, best category first."""

    deck: str
    rules: str
    cards: int
    method: str
    total: int
    rows: list[FreqRow]
    seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def row(self, category: str | Category) -> FreqRow:
        name = str(category)
        for r in self.rows:
            if r.category == name:
                return r
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``joker-odds freq --format json``."""
        out: dict[str, Any] = {
            "deck": self.deck, "rules": self.rules, "cards": self.cards,
            "method": self.method, "total": self.total,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        out.update(self.extra)
        keys = ("category", "count", "probability") if self.method == "exact" else (
            "category", "count", "estimate", "se", "ci_low", "ci_high")
        out["rows"] = [{k: asdict(r)[k] for k in keys} for r in self.rows]
        return out

    def to_frame(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame (one row per category, best first)."""
        import pandas as pd

        return pd.DataFrame(self.to_dict()["rows"])


def _evaluator(rules: RuleSet | str, deck: DeckSpec | str | None, cards: int) -> Evaluator:
    """The evaluator of ``cards``-card hands (with the four-flush: the 5-card one, best-of-k by subsets)."""
    r = as_rules(rules)
    return Evaluator(r, deck, k=5 if r.four_flush else cards)


def best_of_scores(ev: Evaluator, hands: np.ndarray) -> np.ndarray:
    """Best-of-k scores (k = 5..7) with the four-flush: every 5-card subset scored, the best kept.

    >>> from analyzer.rules import get_rules
    >>> ev = Evaluator(get_rules("standard", four_flush=True))
    >>> from analyzer.cards import parse_hand
    >>> h = parse_hand("Ah Kh 9h 4h 2c 3d 7s", ev.deck, size=7)[None, :]
    >>> ev.category(int(best_of_scores(ev, h)[0])).value
    'four_flush'
    """
    from analyzer.kernels.fourflush import score_batch_best_ff

    arr = np.ascontiguousarray(hands, dtype=np.int64)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise JokerOddsError(f"expected an (n, 5..7) array of card codes, got shape {arr.shape}")
    if not ev.four_flush:
        return Evaluator(ev.rules, ev.deck, k=arr.shape[1]).score_batch(arr)
    out = np.empty(arr.shape[0], np.int32)
    score_batch_best_ff(arr, ev.table, ev.wbits, *ev.ff_args(), out)
    return out


def exact_frequencies(rules: RuleSet | str, deck: DeckSpec | str | None = None, cards: int = 5) -> FreqTable:
    """Count every category over all ``C(N, cards)`` hands, exactly: one hand per class of suit
    relabellings, weighted, on a deck whose suits are interchangeable (C(53, 7) in about half a
    second), else hand by hand (parallel enumeration)."""
    ev = _evaluator(rules, deck, cards)
    counts = _counts(ev, ev.deck.cards.astype(np.int64), cards)
    total = comb(ev.deck.size, cards)
    assert int(counts.sum()) == total
    rows = [
        FreqRow(cat.value, int(counts[pos]), probability=int(counts[pos]) / total)
        for pos, cat in reversed(list(enumerate(ev.order_low_to_high)))
    ]
    return FreqTable(ev.deck.name, ev.rules.name, cards, "exact", total, rows)


def _counts(ev: Evaluator, d: np.ndarray, cards: int) -> np.ndarray:
    """Category-position counts of every ``cards``-card hand of the deck ``d``: one hand per class
    of suit relabellings when they change no score (:mod:`.kernels.suitclass`, ~24x fewer hands;
    with the four-flush every 5-card subset of each), else every hand."""
    from analyzer.cards import FIRST_JOKER
    from analyzer.kernels import suitclass as SC

    n_pos = len(ev.order_low_to_high)
    counts = np.zeros(n_pos, np.int64)
    ordinary, jokers = d[d < FIRST_JOKER], d[d >= FIRST_JOKER]
    if SC.suit_symmetric(ordinary, int(ev.wbits)):
        ranks = np.unique(ordinary >> 2)
        tasks = SC.class_tasks(cards, len(ranks), len(jokers))
        walk = (tasks, cards, ranks, jokers, SC.masks_by_size(len(ranks)), SC.counts_by_size(len(ranks)))

        def by_class(lo: int, hi: int) -> None:  # in pieces of tasks (Ctrl-C between)
            part = (tasks[lo:hi], *walk[1:])
            if ev.four_flush:
                from analyzer.kernels.fourflush import count_by_classes_ff

                counts[:] += count_by_classes_ff(*part, ev.table, ev.wbits, *ev.ff_args(), n_pos)
            else:
                five = None if cards == 5 else cards  # None: the five-card copy (see count_by_classes)
                counts[:] += SC.count_by_classes(part[0], five, *part[2:], *ev.kernel_args(), n_pos)

        in_ranges(len(tasks), by_class, first=64)
        return counts
    if ev.four_flush:
        if cards != 5:
            raise JokerOddsError(f"exact best-of-{cards} counts with the four-flush need a deck whose suits are "
                                 "interchangeable (no single wild card); sample them (freq --trials N)")
        from analyzer.kernels.fourflush import count_all_ff

        return count_all_ff(d, ev.table, ev.wbits, *ev.ff_args(), n_pos)

    table, wbits = ev.kernel_args()

    def count(lo: int, hi: int) -> None:  # hands by their lowest card, in pieces (Ctrl-C between)
        counts[:] += K.count_all(d, cards, table, wbits, n_pos, lo, hi)

    in_ranges(d.size, count)
    return counts


@dataclass(frozen=True)
class FreqTask:
    """Deal k-card hands and count category positions (``names``: categories, worst first)."""

    deck: np.ndarray
    k: int
    table: np.ndarray
    wbits: int
    n_pos: int
    names: tuple[str, ...] = ()
    four_flush: tuple[int, int, int] | None = None  # (position, fill, nbw): best 5-card subset, four-flush in

    @classmethod
    def from_evaluator(cls, ev: Evaluator, cards: int | None = None) -> FreqTask:
        """The task of ``ev``'s hands (``cards``: the hand size, for a four-flush 5-card evaluator)."""
        names = tuple(c.value for c in ev.order_low_to_high)
        if ev.four_flush:
            return cls(ev.deck.cards.astype(np.int64), cards or 5, ev.table, ev.wbits, len(names), names,
                       ev.ff_args())
        table, wbits = ev.kernel_args()
        return cls(ev.deck.cards.astype(np.int64), ev.k, table, wbits, len(names), names)

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        if self.four_flush is not None:
            from analyzer.kernels.fourflush import freq_chunk_ff

            return freq_chunk_ff(state, n, self.deck, self.k, self.table, self.wbits, *self.four_flush, self.n_pos)
        return freq_chunk(state, n, self.deck, self.k, self.table, self.wbits, self.n_pos)

    def start_chunk(self) -> tuple[np.ndarray, np.ndarray]:
        """The pack and counts a chunk run in pieces carries (see :func:`analyzer.backends.compute_chunk`)."""
        return self.deck.copy(), np.zeros(self.n_pos, np.int64)

    def run_piece(self, state: np.ndarray, carry: tuple[np.ndarray, np.ndarray], n: int) -> None:
        if self.four_flush is not None:
            from analyzer.kernels.fourflush import freq_piece_ff

            freq_piece_ff(state, carry[0], n, self.k, self.table, self.wbits, *self.four_flush, carry[1])
            return
        freq_piece(state, carry[0], n, self.k, self.table, self.wbits, carry[1])

    def finish_chunk(self, carry: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        return carry[1]

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why saved ``totals`` cannot be this task's after ``trials`` hands (None when they can)."""
        if totals.dtype.kind != "i" or (totals < 0).any() or int(totals.sum()) != trials:
            return f"the counts are not {trials:,} hands"
        return None

    def estimates(self, totals: np.ndarray) -> Estimates:
        """Each category's probability and its standard error (the multinomial margins)."""
        n = int(totals.sum())
        names = self.names or tuple(f"pos{i}" for i in range(self.n_pos))
        out = {}
        for name, count in zip(names, totals, strict=True):
            e = proportion(int(count), n)
            out[name] = (e.estimate, e.se)
        return out



def sampled_frequencies(
    rules: RuleSet | str,
    deck: str | None = None,
    cards: int = 5,
    trials: int | None = None,
    seed: int = 0,
    compare_exact: bool = True,
    **engine_options: Any,
) -> FreqTable:
    """Monte Carlo frequencies through the simulation engine, with SE and 95 % Wilson CIs.

    ``trials`` defaults to 1,000,000 unless ``engine_options`` hold a precision target
    (``target_se`` / ``target_rel_se`` with ``max_trials`` / ``max_time``); other engine options
    (``checkpoint``, ``backend``, ``workers``, ``chunk_size``, ``quiet`` …) go to
    :func:`analyzer.engine.run`. ``extra`` records the chunks, the stop reason and the worst
    (relative) SE reached. When ``compare_exact`` and the enumeration is cheap (5-card hands),
    a χ² goodness-of-fit test against the exact counts is attached under ``extra["gof"]``.
    """
    from analyzer.engine import DEFAULT_CHUNK, run

    targeted = any(engine_options.get(k) is not None for k in ("target_se", "target_rel_se"))
    if trials is None and not targeted:
        trials = 1_000_000
    ev = _evaluator(rules, deck, cards)
    result = run(FreqTask.from_evaluator(ev, cards), trials=trials, seed=seed, **engine_options)
    counts = result.totals
    n = int(counts.sum())
    rows = []
    for pos, cat in reversed(list(enumerate(ev.order_low_to_high))):
        est = proportion(int(counts[pos]), n)
        rows.append(FreqRow(cat.value, est.count, estimate=est.estimate, se=est.se,
                            ci_low=est.ci_low, ci_high=est.ci_high))
    extra: dict[str, Any] = {"trials": result.trials, "chunks": result.chunks_done,
                             "chunk_size": engine_options.get("chunk_size") or DEFAULT_CHUNK,  # sets the numbers
                             "stop": result.stop_reason, **result.precision}
    if compare_exact and cards == 5:
        exact = exact_frequencies(ev.rules, ev.deck, cards)
        probs = np.array([exact.row(r.category).probability for r in rows], dtype=float)
        obs = np.array([r.count for r in rows], dtype=float)
        gof = chi_square_gof(obs, probs)
        extra["gof"] = {"statistic": gof.statistic, "dof": gof.dof, "p_value": gof.p_value}
    return FreqTable(ev.deck.name, ev.rules.name, cards, "monte_carlo", n, rows, seed=seed, extra=extra)


@dataclass(frozen=True)
class Paradox:
    """Category order by rank vs by rarity for one frequency table."""

    by_rank: list[str]
    by_rarity: list[str]
    inversions: list[tuple[str, str]]


def ranking_paradox(table: FreqTable) -> Paradox:
    """Pairs (a, b) where a outranks b but is *more* frequent — the wild-card paradox.

    >>> p = ranking_paradox(exact_frequencies("joker-wild", "52+1"))
    >>> ("three_of_a_kind", "two_pair") in p.inversions
    True
    """
    present = [r for r in table.rows if r.count > 0]
    by_rank = [r.category for r in present]
    by_rarity = [r.category for r in sorted(present, key=lambda r: (r.count, by_rank.index(r.category)))]
    inversions = [
        (hi.category, lo.category)
        for i, hi in enumerate(present)
        for lo in present[i + 1:]
        if hi.count > lo.count
    ]
    return Paradox(by_rank, by_rarity, inversions)
