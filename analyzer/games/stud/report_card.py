"""The casino-stud strategy card: the weakest hand to bet against each up card (and by where the wild
card lies), a one-line rule of thumb, and what each strategy costs: its house edge, how much of the
ante more than optimal play it loses, and its element of risk.

Every situation's bet-minus-fold EV is summed by cell (up card, whether it pairs one of the
player's cards, the wild card's place, the player's hand) in the house-edge pass
(:class:`~analyzer.games.stud.strategy.CellCollector`); :class:`CellsAndMass` also sums each cell's
probability. Folding loses the ante in every situation, so a strategy that bets a set of cells
has house edge ``1 − Σ gain`` over those cells and bets ``Σ probability`` of the hands: the
card, the rule of thumb and the named strategies are valued from the same sums as optimal play,
exactly where the pass is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.games.stud.game import StudGame
from analyzer.games.stud.strategy import (
    RANK_NAMES,
    CellCollector,
    CellSums,
    best_thresholds,
    hand_words,
    strategy_threshold_score,
)

__all__ = ["CellsAndMass", "StudCard", "short_hand", "stud_card"]

NEVER = 2**31


class CellsAndMass(CellCollector):
    """A :class:`CellCollector` that also sums, from the same situations and in the same sweep, each
    cell's probability (:attr:`mass`)."""

    def __init__(self) -> None:
        super().__init__(mass=True)


def short_hand(words: str) -> str:
    """A threshold hand as a card cell: ``high card A-K-J-8-3`` → ``A-K-J-8-3``.

    >>> short_hand("high card A-K-J-8-3"), short_hand("pair of 6s, J-8-3"), short_hand("never bet")
    ('A-K-J-8-3', '6s, J-8-3', 'fold')
    """
    if words == "never bet":
        return "fold"
    return words.removeprefix("high card ").removeprefix("pair of ")


@dataclass(frozen=True)
class StudCard:
    """The card's table, its rule of thumb and the strategy → house edge table (``edges``: each
    strategy's house edge, its cost against optimal play in the same unit, its element of risk and
    how often it bets)."""

    rows: list[dict[str, Any]]
    thumb: str
    edges: list[dict[str, Any]]
    card_edge: float
    thumb_edge: float
    optimal_edge: float


def _value(sums: CellSums, cell_mass: np.ndarray, threshold: np.ndarray) -> tuple[float, float]:
    """(Σ gain, Σ probability) over the cells whose score is at least their group's threshold
    (``cell_mass``: each cell's probability, summed in the cells' order)."""
    sel = sums.scores >= threshold
    return float(sums.gain[sel].sum()), float(sum(cell_mass[sel].tolist()))


def _cell_mass(sums: CellSums, mass_sums: CellSums) -> np.ndarray:
    """The probability of each cell of ``sums`` (0 where ``mass_sums`` has none)."""
    def keys(c: CellSums) -> np.ndarray:
        return (c.groups.astype(np.int64) << 32) | (c.scores.astype(np.int64) & 0xFFFFFFFF)

    mkeys = keys(mass_sums)
    order = np.argsort(mkeys, kind="stable")
    mkeys, mvals = mkeys[order], np.asarray(mass_sums.gain, np.float64)[order]
    want = keys(sums)
    at = np.searchsorted(mkeys, want)
    found = at < mkeys.size
    found[found] = mkeys[at[found]] == want[found]
    out = np.zeros(want.size)
    out[found] = mvals[at[found]]
    return out


def _cell_thresholds(best: dict[int, tuple[int, float]], groups: np.ndarray) -> np.ndarray:
    """Each cell's threshold score: its group's in ``best`` (:data:`NEVER` for a group without one)."""
    groups = groups.astype(np.int64)
    table = np.full(int(groups.max(initial=0)) + 1, NEVER, np.int64)
    for g, (t, _) in best.items():
        if g < table.size:
            table[g] = t
    return table[groups]


def stud_card(game: StudGame, sums: CellSums, mass_sums: CellSums, named: dict[str, Any]) -> StudCard:
    """The card from the cell sums; ``named``: exact :class:`~analyzer.games.stud.edge.EdgeResult` of
    "optimal", "pair", "always" (their house edges and bet frequencies are the pass's own)."""
    ev = sums.evaluator
    bet = float(game.bet)
    has_wild = bool(ev.wbits) or game.designation == "board"
    mass = _cell_mass(sums, mass_sums)
    best = best_thresholds(sums.groups, sums.scores, sums.gain)
    thumb_groups = sums.groups % 3 if has_wild else np.zeros_like(sums.groups)
    thumb = best_thresholds(thumb_groups, sums.scores, sums.gain)

    card_t = _cell_thresholds(best, sums.groups)
    thumb_t = _cell_thresholds(thumb, thumb_groups)
    rows_edges: list[dict[str, Any]] = []

    opt = named["optimal"]
    opt_edge = 1.0 - (1.0 - opt.house_edge)  # as add() writes it: the optimal row costs exactly 0

    def add(name: str, gain: float, freq: float) -> float:
        edge = 1.0 - gain
        rows_edges.append({"strategy": name, "house_edge": edge, "cost_vs_optimal": edge - opt_edge,
                           "element_of_risk": edge / (1 + bet * freq), "bet_frequency": freq})
        return edge

    add("optimal (every decision exact)", 1.0 - opt.house_edge, opt.bet_frequency)
    card_edge = add("this card", *_value(sums, mass, card_t))
    thumb_edge = add("the rule of thumb", *_value(sums, mass, thumb_t))
    for key, label in (("pair", "bet with a pair or better"), ("always", "always bet")):
        if key in named:
            r = named[key]
            add(label, 1.0 - r.house_edge, r.bet_frequency)
        else:
            q = strategy_threshold_score(game, ev, key)
            add(label, *_value(sums, mass, np.full(sums.groups.size, q, np.int64)))

    # the card's table: a row per up card, a column per (wild state, pairing)
    columns = []
    for ws in range(3 if has_wild else 1):
        for match in (0, 1):
            if any(int(g) % 6 == match * 3 + ws for g in best):
                where = ("" if not has_wild else ("no wild seen" if ws == 0 else
                                                  "you hold the wild" if ws == 1 else "up card wild"))
                pairing = "up pairs yours" if match else ("up pairs none" if has_wild else "bet at least")
                columns.append((ws, match, f"{where}, {pairing}" if where else pairing))
    rows = []
    for ur in range(14):
        if not any(ur * 6 + m * 3 + ws in best for ws, m, _ in columns):
            continue
        row: dict[str, Any] = {"up card": RANK_NAMES[ur] if ur < 13 else "wild"}
        for ws, match, label in columns:
            g = ur * 6 + match * 3 + ws
            t = best[g][0] if g in best else None
            row[label] = "-" if t is None else short_hand("never bet" if t >= NEVER else hand_words(t, ev))
        rows.append(row)
    parts = []
    for ws in sorted(thumb):
        t = thumb[ws][0]
        words = "fold" if t >= NEVER else f"bet {hand_words(t, ev)} or better"
        parts.append(words if not has_wild else
                     f"{['with no wild card seen', 'holding the wild card', 'when the up card is wild'][ws]}, {words}")
    text = "; ".join(parts)
    return StudCard(rows, text[0].upper() + text[1:], rows_edges, card_edge, thumb_edge, opt.house_edge)

