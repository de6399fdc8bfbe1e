"""Strategy tables: an ordered list of hold patterns derived from the optimal holds.

Every hold of every deal gets a pattern ("4 to a royal", "joker + K", "low pair", …, see
:mod:`.patterns`). The list is ordered so that, deal by deal, the first pattern present is as
often as possible the optimal one (a greedy minimum-regret ordering over all deals); playing it
mechanically — the first listed pattern present, the highest such cards when several holds share
it — gives the ``mechanical`` return, compared with the optimal one.

>>> from analyzer.games.videopoker.exact import analyze
>>> s = strategy_table(analyze("jacks-or-better-9-6"))
>>> round(s.mechanical_return, 6), round(s.optimal_return, 6), s.lines[-1].pattern
(0.995429, 0.995439, 'draw five')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.cards import RANK_CHARS
from analyzer.games.videopoker import patterns as P
from analyzer.games.videopoker.exact import Analysis

__all__ = ["StrategyLine", "StrategyTable", "pattern_name", "strategy_table"]


@dataclass(frozen=True)
class StrategyLine:
    """One line of the list: the pattern, how often it decides the play, and how often rightly."""

    rank: int
    pattern: str
    share: float  # of all deals, the fraction this line decides
    optimal: float  # of the deals it decides, the fraction where it picks an optimal hold


@dataclass(frozen=True)
class StrategyTable:
    """The ordered list and the returns of following it vs optimal play."""

    lines: list[StrategyLine]
    mechanical_return: float
    optimal_return: float
    agreement: float  # fraction of deals where the list picks an optimal hold

    def rows(self) -> list[dict[str, Any]]:
        return [{"rank": ln.rank, "hold": ln.pattern, "share of deals": ln.share,
                 "optimal when used": ln.optimal} for ln in self.lines]


def _wild_word(analysis: Analysis, count: int) -> str:
    g = analysis.game
    wild_codes = [int(c) for c in g.codes if g.wild[c]]
    if wild_codes and all(c >= 52 for c in wild_codes):
        word = "joker"
    elif wild_codes and all(c >> 2 == wild_codes[0] >> 2 for c in wild_codes):
        word = "deuce" if wild_codes[0] >> 2 == 0 else f"wild {RANK_CHARS[wild_codes[0] >> 2]}"
    else:
        word = "wild card"
    if count == 1:
        return word
    return f"{count} {word}s" if word != "joker" else f"{count} jokers"


def pattern_name(p: int, analysis: Analysis) -> str:
    """Readable name of a packed hold pattern."""
    kind, w, n = p >> 40, (p >> 36) & 15, (p >> 32) & 15
    ways, high, flags, extra = (p >> 28) & 15, (p >> 24) & 15, (p >> 20) & 15, p & 0xFFFFF
    if kind == 1:
        name = analysis.table.classes[extra]
        return "keep all five (no pay)" if name == "nothing" else f"pat {name}"
    if kind == 0:
        return "draw five" if w == 0 else f"{_wild_word(analysis, w)} alone"
    hi = f", {high} high" if high else ""
    if kind == 2:
        core = "four of a kind"
    elif kind == 3:
        core = "three of a kind" + (f" + kicker{hi}" if n > 3 else "")
    elif kind == 4:
        core = "two pair"
    elif kind == 5:
        core = ("high pair" if flags & 1 else "low pair")
        if n > 2:
            core += f" + {n - 2} kicker{'s' if n > 3 else ''}{hi}"
    elif kind in (6, 7, 9):
        what = {6: "a royal", 7: "a straight flush", 9: "a straight"}[int(kind)]
        if kind == 6:
            spread = ": " + " ".join(RANK_CHARS[r] for r in range(12, -1, -1) if (extra >> r) & 1)
        elif n == 4:
            spread = " (open)" if ways == 2 else " (inside)"
        else:
            spread = f" ({ways} way{'s' if ways > 1 else ''})"
        core = f"{n} to {what}{spread}{hi if kind != 6 else ''}"
    elif kind == 8:
        core = f"{n} to a flush{hi}"
    elif kind == 10:
        ranks = " ".join(RANK_CHARS[r] for r in range(12, -1, -1) if (extra >> r) & 1)
        core = ranks + ((" suited" if flags & 2 else " unsuited") if n >= 2 else "")
    else:
        core = f"{n} odd card{'s' if n > 1 else ''}{hi}"
    return f"{_wild_word(analysis, w)} + {core}" if w else core


def strategy_table(analysis: Analysis) -> StrategyTable:
    """Derive the ordered hold list from the optimal holds and score it."""
    g = analysis.game
    hp = analysis.table.min_paying_pair
    pat, key = P.hold_patterns(g.deals, g.codes, g.wild, 13 if hp is None else hp, g.class5, g.binom)
    uniq, pid = np.unique(pat, return_inverse=True)
    pid = pid.reshape(pat.shape).astype(np.int64)
    rep_p, rep_ev = P.representatives(pid, key, analysis.evs)
    mult = g.mult.astype(np.float64)
    order = P.order_patterns(rep_p, rep_ev, mult, uniq.size)
    rank = np.empty(uniq.size, np.int64)
    rank[order] = np.arange(uniq.size)
    ev, chosen = P.strategy_play(rep_p, rep_ev, rank)
    opt = analysis.evs.max(axis=1)
    right = ev >= opt - 1e-12 * np.abs(opt)
    total = mult.sum()
    lines: list[StrategyLine] = []
    used = np.bincount(chosen, weights=mult, minlength=uniq.size)
    good = np.bincount(chosen, weights=mult * right, minlength=uniq.size)
    for p in order:
        if used[p] > 0:
            lines.append(StrategyLine(len(lines) + 1, pattern_name(int(uniq[p]), analysis),
                                      float(used[p] / total), float(good[p] / used[p])))
    mech = float((mult * ev).sum() / total / analysis.weight)
    return StrategyTable(lines, mech, float(analysis.ret), float((mult * right).sum() / total))
