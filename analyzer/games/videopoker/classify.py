"""Final-hand classes of a pay table, and the per-game tables built once and shared.

Every 5-card hand of the deck gets the index of the first pay line it matches (or ``nothing``),
from the core evaluator's category, the number of wild cards, and the rank of its top group
(the pair's rank, with a wild card pairing the highest natural card). From those classes come the
subset counts ``M`` and the suit-canonical deals (see :mod:`.kernels`). A :class:`VideoPokerGame`
depends on the pay lines but not on their pays, so pay tables that differ only in pays share it.

>>> from analyzer.games.videopoker.paytable import load_paytable
>>> g = game_for(load_paytable("jacks-or-better-9-6"))
>>> int(g.hand_counts[0]), int(g.hand_counts[-1]), g.deals.shape[0], int(g.mult.sum())
(4, 2062860, 134459, 2598960)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from analyzer.evaluator import Evaluator
from analyzer.games.videopoker import kernels as K
from analyzer.games.videopoker.paytable import PayTable, PaytableError
from analyzer.rules import CATEGORY_INDEX

__all__ = ["VideoPokerGame", "game_for", "hand_classes"]


@dataclass(frozen=True)
class VideoPokerGame:
    """The count tables of one game (deck, wild cards, pay-line patterns)."""

    codes: np.ndarray  # deck codes by position (int64)
    wild: np.ndarray  # uint8 mask over codes
    binom: np.ndarray  # binomial_rows(N)
    class5: np.ndarray  # class of every 5-card hand by colex index (int8)
    hand_counts: np.ndarray  # dealt 5-card hands per class
    m: np.ndarray  # subset counts (rows off[k] + idx)
    off: np.ndarray
    deals: np.ndarray  # canonical deals (positions), (D, 5)
    mult: np.ndarray  # deals represented by each canonical deal
    symmetric: bool
    ncls: int

    @property
    def n(self) -> int:
        return int(self.codes.size)

    @property
    def rem(self) -> int:
        """Cards left to draw from after the deal."""
        return self.n - 5

    def pos_of_code(self) -> np.ndarray:
        out = np.full(55, -1, np.int64)
        out[self.codes] = np.arange(self.n)
        return out

    def positions(self, codes: np.ndarray) -> np.ndarray:
        return np.sort(self.pos_of_code()[np.asarray(codes, np.int64)])

    def index5(self, pos: np.ndarray) -> int:
        p = np.sort(np.asarray(pos, np.int64))
        return int(sum(int(self.binom[p[i], i + 1]) for i in range(5)))

    def wild_in(self, pos: np.ndarray) -> int:
        return int(self.wild[self.codes[np.asarray(pos, np.int64)]].sum())


def hand_classes(table: PayTable) -> tuple[np.ndarray, Evaluator]:
    """The class (pay line index, ``len(lines)`` = nothing) of every 5-card hand, colex order: one
    kernel pass (:func:`.kernels.line_classes`) scores each hand and finds its first matching line."""
    ev = Evaluator(table.rules, table.deck)
    codes = table.deck.cards.astype(np.int64)
    flat, wbits = ev.kernel_args()
    pos_to_cat = np.array([CATEGORY_INDEX[c] for c in ev.order_low_to_high], np.int64)
    nl = len(table.lines)
    cats = np.zeros((nl, max(CATEGORY_INDEX.values()) + 1), np.bool_)
    for i, ln in enumerate(table.lines):
        if ln.hands is None:
            cats[i, :] = True
        else:
            cats[i, [CATEGORY_INDEX[h] for h in ln.hands]] = True
    natural = np.array([-1 if ln.natural is None else int(ln.natural) for ln in table.lines], np.int64)
    wild_count = np.array([-1 if ln.wild_count is None else ln.wild_count for ln in table.lines], np.int64)
    min_pair = np.array([-1 if ln.min_pair_rank is None else ln.min_pair_rank for ln in table.lines], np.int64)
    cls, hits = K.line_classes(codes, flat, np.int64(wbits), ev.wild, K.binomial_rows(codes.size), pos_to_cat,
                               cats, natural, wild_count, min_pair)
    for i in range(nl):
        if hits[i] == 0:
            raise PaytableError(f"{table.where(i)}: no final hand can be paid by this line (the deck "
                                f"{table.deck.name} cannot make it, or an earlier line takes every such hand)")
    return cls, ev


_CACHE: dict[Any, VideoPokerGame] = {}
_CACHE_SIZE = 4


def _build_game(table: PayTable) -> VideoPokerGame:
    class5, ev = hand_classes(table)
    codes = table.deck.cards.astype(np.int64)
    n = codes.size
    ncls = len(table.lines) + 1
    binom = K.binomial_rows(n)
    off = np.zeros(6, np.int64)
    for k in range(5):
        off[k + 1] = off[k] + comb(n, k)
    m = K.subset_counts(class5, n, ncls, binom, off)
    symmetric = _suit_symmetric(codes, ev.wild)
    deals, mult = K.canonical_deals(codes, binom, symmetric)
    counts = np.bincount(class5, minlength=ncls).astype(np.int64)
    return VideoPokerGame(codes, ev.wild, binom, class5, counts, m, off, deals, mult, symmetric, ncls)


def game_for(table: PayTable) -> VideoPokerGame:
    """The (cached) game tables of a pay table; shared by tables with the same ``game_key``."""
    key = table.game_key
    game = _CACHE.get(key)
    if game is None:
        game = _build_game(table)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = game
    return game


def _suit_symmetric(codes: np.ndarray, wild: np.ndarray) -> bool:
    """Whether every permutation of suits maps the deck and its wild cards onto themselves."""
    present = np.zeros(55, bool)
    present[codes] = True
    for r in range(13):
        row = present[r * 4: r * 4 + 4]
        wrow = wild[r * 4: r * 4 + 4].astype(bool) & row
        if row.any() and (not row.all() or (wrow.any() and not wrow.all())):
            return False
    return True
