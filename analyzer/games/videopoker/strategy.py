"""Strategy tables: an ordered list of hold patterns derived from the optimal holds.

Every hold of every deal gets a pattern (:mod:`.patterns`: the wild cards held and what the
natural cards make — "deuce + 3 to a straight flush, 4 ways", "2 to a royal: Q J", "low pair",
…). Patterns are ordered by a greedy minimum-regret pass and an exact local search
(:mod:`.ordering`); consecutive patterns of one family then form a line, and lines of one
family are merged while that costs at most ``merge_tol`` of return each. Played mechanically —
the first line whose pattern the deal holds, the highest such cards when several holds fit —
the list gives the ``mechanical`` return, computed exactly over all deals (a few seconds per
table; the tests check every shipped table against a bound, so no doctest runs it here). Usage::

    s = strategy_table(analyze("jacks-or-better-9-6"))   # 36 lines, returns 0.995436 vs 0.995439
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from analyzer.cards import RANK_CHARS
from analyzer.games.videopoker import ordering as O
from analyzer.games.videopoker import patterns as P
from analyzer.games.videopoker.exact import Analysis
from analyzer.games.videopoker.names import Words, family_key, line_name
from analyzer.kernels.distinct import dense_ranks
from analyzer.results import TableResult

__all__ = ["MERGE_TOL", "HoldPatterns", "StrategyLine", "StrategyTable", "strategy_table"]

MERGE_TOL = 0.0  # return one merge of two lines of a family may cost (per unit bet)
_DEAD = 1 << 30


@dataclass(frozen=True)
class StrategyLine:
    """One line of the list: what it holds, how often it decides the play, how often rightly,
    and the return lost (vs optimal play) on the deals it decides."""

    rank: int
    pattern: str
    share: float  # of all deals, the fraction this line decides
    optimal: float  # of the deals it decides, the fraction where it picks an optimal hold
    lost: float  # return lost on its deals, per unit bet over all deals
    members: tuple[int, ...]  # the packed patterns (see .patterns)


@dataclass(frozen=True)
class StrategyTable(TableResult):
    """The ordered list and the returns of following it vs optimal play."""

    lines: list[StrategyLine]
    mechanical_return: float
    optimal_return: float
    agreement: float  # fraction of deals where the list picks an optimal hold
    patterns: int  # distinct hold patterns the list was built from

    def rows(self) -> list[dict[str, Any]]:
        return [{"line": ln.rank, "hold": ln.pattern, "share of deals": ln.share,
                 "optimal when used": ln.optimal, "return lost": ln.lost} for ln in self.lines]

    def summary(self) -> dict[str, Any]:
        return {"mechanical_return": self.mechanical_return, "optimal_return": self.optimal_return,
                "agreement": self.agreement, "patterns": self.patterns}


def words_for(analysis: Analysis) -> Words:
    """How the game's wild cards are called, and whether high cards count."""
    g = analysis.game
    wild_codes = [int(c) for c in g.codes if g.wild[c]]
    if wild_codes and all(c >= 52 for c in wild_codes):
        word: str | None = "joker"
    elif wild_codes and all(c >> 2 == wild_codes[0] >> 2 for c in wild_codes):
        word = "deuce" if wild_codes[0] >> 2 == 0 else f"wild {RANK_CHARS[wild_codes[0] >> 2]}"
    else:
        word = "wild card" if wild_codes else None
    return Words(word, tuple(analysis.table.classes), analysis.table.min_paying_pair is not None)


def wild_rank_mask(analysis: Analysis) -> int:
    """Ranks whose every card in the deck is wild (never drawn as naturals)."""
    g = analysis.game
    present = set(int(c) for c in g.codes)
    out = 0
    for r in range(13):
        cards = [c for c in range(r * 4, r * 4 + 4) if c in present]
        if cards and all(g.wild[c] for c in cards):
            out |= 1 << r
    return out


class _Lines:
    """A list of lines (lists of pattern ids) and its exact evaluation."""

    def __init__(self, pid: np.ndarray, key: np.ndarray, evs: np.ndarray, mult: np.ndarray, npat: int):
        self.pid, self.key, self.evs, self.mult, self.npat = pid, key, evs, mult, npat
        self.start, self.deals = O.deals_by_pattern(pid, npat)
        self._cur_for: list[list[int]] | None = None
        self._cur = np.zeros(0)
        self._tried: dict[int, tuple[list[list[int]], np.ndarray]] = {}

    def gain(self, old: list[list[int]], new: list[list[int]], moved: list[int]) -> float:
        """Exact change of the total (scaled EV) from ``old`` to ``new``, lists that differ
        only in the lines of the patterns ``moved``."""
        self._play_from(old)
        m = np.asarray(moved, np.int64)
        self._tried[id(new)] = (new, m)
        return float(O.subset_gain(self.start, self.deals, m, self.pid, self.key, self.evs, self.line_of(new),
                                   self.mult, self._cur))

    def _play_from(self, lines: list[list[int]]) -> None:
        """Each deal's EV under ``lines`` in ``_cur``: when ``lines`` is a list tried since the last
        change, only the deals holding its moved patterns are played again."""
        if self._cur_for is lines:
            return
        tried = self._tried.get(id(lines))
        if tried is not None and tried[0] is lines:
            O.subset_replay(self.start, self.deals, tried[1], self.pid, self.key, self.evs, self.line_of(lines),
                            self._cur)
        else:
            self._cur = self.play(lines)[0]
        self._cur_for = lines
        self._tried.clear()

    def deals_of(self, patterns: list[int]) -> np.ndarray:
        """The deals holding any of ``patterns``, ascending, each once (``np.unique`` of their
        lists, by marking): what :func:`.ordering.subset_gain` marks in its kernel, for the tests."""
        mark = np.zeros(self.pid.shape[0], np.bool_)
        for p in patterns:
            mark[self.deals[self.start[p]:self.start[p + 1]]] = True
        return np.flatnonzero(mark)

    def line_of(self, lines: list[list[int]]) -> np.ndarray:
        out = np.full(self.npat, _DEAD, np.int64)
        for i, members in enumerate(lines):
            out[members] = i
        return out

    def play(self, lines: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
        return O.line_play(self.pid, self.key, self.evs, self.line_of(lines))

    def reorder(self, lines: list[list[int]], group: np.ndarray, tol: float) -> list[list[int]]:
        """Exact local search over the order of whole lines."""
        lid = self.line_of(lines).astype(np.int32)[self.pid]  # int32 as pid: one compile of representatives
        rep_p, rep_ev = P.representatives(lid, self.key, self.evs)
        O.drop_patterns(rep_p, rep_ev, len(lines))
        order = np.arange(len(lines), dtype=np.int64)
        fam = np.array([group[m[0]] for m in lines], np.int64)
        O.improve_order(rep_p, rep_ev, self.mult, order, fam, 6, tol, True)
        return [lines[i] for i in order]


class HoldPatterns:
    """Every hold of every canonical deal by its pattern, built once per analysis: the strategy
    table and its card (:mod:`.report_card`) share it. ``uniq``: the distinct packed patterns,
    sorted; ``pid[deal, hold]``: the hold's index into them; ``key``: :func:`.patterns.hold_patterns`'
    tie key; ``lines``: the exact evaluator of lists of lines (built on first use). Usage::

        hp = HoldPatterns(a); s = strategy_table(a, patterns=hp); card = video_poker_card(a, s, patterns=hp)
    """

    def __init__(self, analysis: Analysis):
        g = analysis.game
        hp = analysis.table.min_paying_pair
        pat, key = P.hold_patterns(g.deals, g.codes, g.wild, 13 if hp is None else hp, g.class5, g.binom,
                                   wild_rank_mask(analysis))
        # ids and keys as int32 (keys < 16^5; a few thousand patterns): the list's plays read them for
        # every deal they touch, and half the bytes is a third less memory traffic than int64
        self.key = key.astype(np.int32)
        del key
        self.uniq, self.pid = dense_ranks(pat)  # np.unique and np.searchsorted's (int32), by a hash table
        del pat  # (deals, 32) int64: the ids say the same (memory, ~40 MB a table)
        self.evs = analysis.evs
        self.mult = g.mult.astype(np.float64)

    @cached_property
    def lines(self) -> _Lines:
        return _Lines(self.pid, self.key, self.evs, self.mult, int(self.uniq.size))


def _merged(lines: list[list[int]], i: int, j: int, at: int) -> list[list[int]]:
    out = [m for t, m in enumerate(lines) if t not in (i, j) or t == at]
    out[out.index(lines[at])] = sorted(lines[i] + lines[j])
    return out


def _merge(ev: _Lines, lines: list[list[int]], group: np.ndarray, budget: float) -> list[list[int]]:
    """Merge lines of one family (at the earlier or the later one's place), cheapest first,
    while a merge costs at most ``budget`` (scaled EV). Costs are exact when a merge is made;
    costs of untouched pairs are carried over from earlier rounds."""
    cache: dict[tuple[tuple[int, ...], tuple[int, ...], bool], float] = {}
    while True:
        fams: dict[int, list[int]] = {}
        for i, m in enumerate(lines):
            fams.setdefault(int(group[m[0]]), []).append(i)
        cands = []
        for idx in fams.values():
            for a, i in enumerate(idx):
                for j in idx[a + 1:]:
                    for at in (i, j):
                        ck = (tuple(lines[i]), tuple(lines[j]), at == i)
                        if ck not in cache:
                            cache[ck] = -ev.gain(lines, _merged(lines, i, j, at), lines[i] + lines[j])
                        cands.append((cache[ck], i, j, at))
        cands.sort()
        for cost, i, j, at in cands:
            if cost > budget:
                return lines
            trial = _merged(lines, i, j, at)
            exact = -ev.gain(lines, trial, lines[i] + lines[j])
            if exact <= budget:
                lines = trial
                break
            cache[(tuple(lines[i]), tuple(lines[j]), at == i)] = exact
        else:
            return lines


def strategy_table(analysis: Analysis, merge_tol: float = MERGE_TOL,
                   patterns: HoldPatterns | None = None) -> StrategyTable:
    """Derive the ordered hold list from the optimal holds and score it exactly (``patterns``:
    the analysis's :class:`HoldPatterns`, when the caller shares them with the card)."""
    words = words_for(analysis)
    hold = HoldPatterns(analysis) if patterns is None else patterns
    uniq, pid, key = hold.uniq, hold.pid, hold.key
    npat = uniq.size
    fam_keys, group = np.unique([family_key(int(p)) for p in uniq], return_inverse=True)
    group = group.astype(np.int64)
    mult = hold.mult
    opt = analysis.evs.max(axis=1)
    scale = float(mult.sum()) * analysis.weight  # scaled EV sum -> return
    tol = 1e-12 * float(mult @ opt)

    rep_p, rep_ev = P.representatives(pid, key, analysis.evs)
    order = O.greedy_order(rep_p, rep_ev, mult, npat)
    O.improve_order(rep_p, rep_ev, mult, order, group, 30, tol, False)
    rank = np.empty(npat, np.int64)
    rank[order] = np.arange(npat)
    _, chosen = O.strategy_play(rep_p, rep_ev, rank)
    alive = np.bincount(chosen, weights=mult, minlength=npat) > 0
    del rep_p, rep_ev  # (the line search below takes its own representatives: ~80 MB a table)

    lines: list[list[int]] = []
    for p in order:
        if alive[p]:
            if lines and group[lines[-1][0]] == group[p]:
                lines[-1].append(int(p))
            else:
                lines.append([int(p)])
    ev = hold.lines
    lines = ev.reorder(lines, group, tol)
    lines = _merge(ev, lines, group, merge_tol * scale)
    lines = ev.reorder(lines, group, tol)
    lines = _absorb_dead(ev, lines, group, tol)

    play_ev, line_chosen = ev.play(lines)
    right = play_ev >= opt - 1e-12 * np.abs(opt)
    total = float(mult.sum())
    nl = len(lines)
    used = np.bincount(line_chosen, weights=mult, minlength=nl)[:nl]
    good = np.bincount(line_chosen, weights=mult * right, minlength=nl)[:nl]
    lost = np.bincount(line_chosen, weights=mult * (opt - play_ev), minlength=nl)[:nl] / scale
    family = [[int(uniq[p]) for p in np.flatnonzero(group == f)] for f in range(fam_keys.size)]
    out: list[StrategyLine] = []
    for i, members in enumerate(lines):
        if used[i] <= 0:
            continue
        pats = [int(uniq[p]) for p in sorted(members, key=lambda p: -int(uniq[p]))]
        out.append(StrategyLine(len(out) + 1, line_name(pats, family[group[members[0]]], words),
                                float(used[i] / total), float(good[i] / used[i]), float(lost[i]),
                                tuple(pats)))
    mech = float((mult @ play_ev) / scale)
    return StrategyTable(out, mech, float(analysis.ret), float((mult * right).sum() / total), npat)


def _absorb_dead(ev: _Lines, lines: list[list[int]], group: np.ndarray, tol: float) -> list[list[int]]:
    """Add the never-played patterns of a family to the family's line when that changes no
    play (so the line can be named by its family alone)."""
    listed = {p for m in lines for p in m}
    by_fam: dict[int, list[int]] = {}
    for i, m in enumerate(lines):
        by_fam.setdefault(int(group[m[0]]), []).append(i)
    for fam, idx in by_fam.items():
        if len(idx) != 1:
            continue
        missing = [int(p) for p in np.flatnonzero(group == fam) if int(p) not in listed]
        if not missing:
            continue
        trial = [list(m) for m in lines]
        trial[idx[0]] = sorted(trial[idx[0]] + missing)
        if ev.gain(lines, trial, missing) >= -tol:
            lines = trial
    return lines
