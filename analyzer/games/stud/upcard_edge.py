"""What exchanging the dealer's up card does to J-poker's house edge: a stratified sample.

The deals fall in 26 strata: the board designates a card of rank r (13 strata, probability
(1 − doc)/13 each; by suit symmetry the designated card is the rank's spade) or shows "Dealer's
Open Card" with an up card of rank r (13 strata, doc/13 each; the up card is the rank's spade).
In each stratum the player's hand and the up card are dealt at random and the situation is
valued exactly: standing (fold or bet) against exchanging the up card for the fee (every new up
card from the stock, then every dealer hole-card set), the option taken when it is worth more.
The gain is the drop in the house edge; its SE is the stratified one, Σ W²·s²/n.

A designated card stays wild wherever it goes. On a dealer's-open-card deal the ``doc_rule``
decides: ``stays`` — the discarded up card takes the wild out of play (no wild card left);
``new_up_card`` — the new up card is wild.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.games.stud.exact import hand_tables
from analyzer.games.stud.exchange import _kernel_args
from analyzer.games.stud.game import StudError, StudGame
from analyzer.games.stud.kernels.draw import upswap_batch, upswap_rank_sums
from analyzer.games.stud.upcard import DOC_RULES
from analyzer.results import TableResult
from analyzer.stats import Z95

__all__ = ["UpcardCollector", "UpcardEdge", "upcard_edge"]


@dataclass(frozen=True)
class UpcardEdge(TableResult):
    """Average gain (antes per deal) of the up-card exchange, by DOC rule, with SE."""

    game: str
    fee: float
    per_stratum: int
    seed: int
    gains: dict[str, tuple[float, float]]  # doc rule -> (gain, SE)
    rates: dict[str, float]                 # doc rule -> weighted share of deals where it is taken
    doc_gains: dict[str, float]             # doc rule -> mean gain on dealer's-open-card deals
    seconds: float
    strata: int = 26

    def rows(self, house_edge: float | None = None) -> list[dict[str, Any]]:
        out = []
        for rule, (g, se) in self.gains.items():
            row: dict[str, Any] = {"doc_rule": rule, "fee": self.fee, "gain": g, "se": se, "ci_low": g - Z95 * se,
                                   "ci_high": g + Z95 * se, "taken": self.rates[rule],
                                   "gain_on_doc_deals": self.doc_gains[rule],
                                   "situations": self.strata * self.per_stratum}
            if house_edge is not None:
                row.update({"house_edge": house_edge - g, "house_edge_ci_low": house_edge - g - Z95 * se,
                            "house_edge_ci_high": house_edge - g + Z95 * se})
            out.append(row)
        return out


def _deal(rng: np.random.Generator, n: int, fixed_up: int | None) -> tuple[np.ndarray, np.ndarray]:
    """``n`` situations of the 52 cards: sorted hands and up cards (``fixed_up``: that up card)."""
    cards = np.argsort(rng.random((n, 52)), axis=1)
    if fixed_up is None:
        return np.sort(cards[:, :5], axis=1).astype(np.int64), cards[:, 5].astype(np.int64)
    hands = np.array([[c for c in row if c != fixed_up][:5] for row in cards], np.int64)
    return np.sort(hands, axis=1), np.full(n, fixed_up, np.int64)


class UpcardCollector:
    """The up-card exchange's gains by stratum, fed rank by rank with that rank's tables: standalone
    (:func:`upcard_edge`) or as a :func:`.edge.house_edges` visitor (which builds the same tables).

    >>> from analyzer.games.stud.game import load_game
    >>> col = UpcardCollector(load_game("j-poker"), 3)
    >>> col.plain[0][0].shape, col.docs[5][1].tolist()
    ((3, 5), [23, 23, 23])
    """

    def __init__(self, game: StudGame, per_stratum: int = 400, seed: int = 0, fee: Fraction | None = None,
                 doc_rules: tuple[str, ...] = DOC_RULES) -> None:
        if game.designation != "board":
            raise StudError(f"game {game.name!r}: the up-card exchange is modelled for a board-designated wild card")
        for rule in doc_rules:
            if rule not in DOC_RULES:
                raise StudError(f"unknown dealer's-open-card rule {rule!r} (known: {', '.join(DOC_RULES)})")
        if per_stratum < 2:
            raise StudError("need at least 2 situations per stratum for a standard error")
        game.require_52("the up-card exchange's edge")
        self.game, self.n, self.seed, self.doc_rules = game, per_stratum, seed, tuple(doc_rules)
        self.fee = float(fee if fee is not None else (game.upcard_fee if game.upcard_fee is not None else 1))
        rng = np.random.default_rng(np.random.SeedSequence([seed, 2]))
        self.plain = [_deal(rng, per_stratum, None) for _ in range(13)]
        self.docs = [_deal(rng, per_stratum, r * 4 + 3) for r in range(13)]
        self.stand_doc = np.empty((13, per_stratum))
        self.stays = np.empty((13, per_stratum))
        self.gains_plain = np.empty((13, per_stratum))
        self.taken_plain = np.empty((13, per_stratum))
        self.sums = np.zeros((13, per_stratum, 2))
        self.seen: set[int] = set()
        self.t0 = time.perf_counter()

    def __call__(self, w: int | None, doc: bool, p: float, tables: Any, part: object = None) -> None:
        if w is None or (w >> 2) in self.seen:
            return
        r = w >> 2
        self.seen.add(r)
        args = _kernel_args(self.game, tables)
        v = upswap_batch(*self.plain[r], *args)
        self.gains_plain[r] = np.maximum(v[:, 1] - self.fee, v[:, 0]) - v[:, 0]
        self.taken_plain[r] = v[:, 1] - self.fee > v[:, 0]
        v = upswap_batch(*self.docs[r], *args)  # the wild up card dead: no wild card left ("stays")
        self.stand_doc[r], self.stays[r] = v[:, 0], v[:, 1]
        if "new_up_card" in self.doc_rules:
            for q in range(13):
                self.sums[q] += upswap_rank_sums(*self.docs[q], r, *args)

    def result(self) -> UpcardEdge:
        """The gains over the wild ranks seen (all 13 for the game's edge; fewer: that mixture, and
        no ``new_up_card`` rule, whose new up card may be of any rank)."""
        if not self.seen:
            raise StudError("the up-card collector saw no deal")
        ranks = sorted(self.seen)
        rules = [r for r in self.doc_rules if r == "stays" or len(ranks) == 13]
        doc = float(self.game.doc_probability)
        w_plain, w_doc = (1 - doc) / len(ranks), doc / len(ranks)
        weights = np.array([w_plain] * len(ranks) + [w_doc] * len(ranks))
        gp, tp, sd = self.gains_plain[ranks], self.taken_plain[ranks], self.stand_doc[ranks]
        gains, rates, doc_gains = {}, {}, {}
        for rule in rules:
            swap = self.stays[ranks] if rule == "stays" else self.sums[:, :, 0] / self.sums[:, :, 1]
            g_doc = np.maximum(swap - self.fee, sd) - sd
            means = np.concatenate([gp.mean(axis=1), g_doc.mean(axis=1)])
            vars_ = np.concatenate([gp.var(axis=1, ddof=1), g_doc.var(axis=1, ddof=1)])
            gains[rule] = (float(weights @ means), float(math.sqrt(weights**2 @ vars_ / self.n)))
            taken_doc = (swap - self.fee > sd).mean(axis=1).sum()
            rates[rule] = float(w_plain * tp.mean(axis=1).sum() + w_doc * taken_doc)
            doc_gains[rule] = float(g_doc.mean())
        return UpcardEdge(self.game.name, self.fee, self.n, self.seed, gains, rates, doc_gains,
                          time.perf_counter() - self.t0, 2 * len(ranks))


def upcard_edge(game: StudGame, per_stratum: int = 400, seed: int = 0, fee: Fraction | None = None,
                doc_rules: tuple[str, ...] = DOC_RULES) -> UpcardEdge:
    """Gain of the up-card exchange for a board game (J-poker), each DOC rule (module text)."""
    col = UpcardCollector(game, per_stratum, seed, fee, doc_rules)
    for r in range(13):
        col(r * 4 + 3, False, 0.0, hand_tables(game, r * 4 + 3))
    return col.result()
