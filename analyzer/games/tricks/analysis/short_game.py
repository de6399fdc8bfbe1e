"""The game to 5 of short poker for tricks: an exact Markov chain over the two sides' scores.

A deal is summed up by who made it (the side of the player left of the dealer, "eldest", or the
dealer's side), what that side wrote (1, 2 or -2 by default) and the chance of a thrown-in deal;
the deal passes clockwise, so the eldest side alternates. From the per-deal outcome probabilities
(:class:`DealOutcomes`, e.g. from self-play of chosen policies) the chain gives, for every score,
the probability of winning the game and the premium's distribution, by solving the linear system
of the absorbing chain. Scores are unbounded below (-2 after -2); the chain stops at a floor and
reports the probability of ever reaching it (``cut``), which bounds the error: the floor is lowered
(down to -150) until that is below 1e-9 from every score shown; a side that loses -2 after -2 (a
random player) can keep it larger, and ``GameOdds.max_cut`` says so.

>>> even = DealOutcomes.from_probs(eldest={1: 0.5}, dealer={1: 0.5})
>>> odds = game_odds(even)
>>> round(odds.win(0, 0), 6)  # each deal a coin flip for one point: P(5 heads before 5 tails)
0.5
>>> round(odds.win(4, 0), 6)  # 1 - 0.5 ** 5
0.96875
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csc_matrix
from scipy.sparse.linalg import splu

from analyzer.games.tricks.rules import TrickRules, TrickRulesError, short_rules
from analyzer.results import TableResult

__all__ = ["DealOutcomes", "GameOdds", "game_odds"]

_FLOOR_MAX = 150
_CUT_TOL = 1e-9


@dataclass(frozen=True)
class DealOutcomes:
    """Per-deal probabilities: ``eldest``/``dealer`` map the points their side wrote to a probability.

    The rest of the mass (``throw_in``) is a thrown-in deal: nobody scores, the deal passes on.
    """

    eldest: tuple[tuple[int, float], ...]
    dealer: tuple[tuple[int, float], ...]

    @classmethod
    def from_probs(cls, eldest: Mapping[int, float], dealer: Mapping[int, float]) -> DealOutcomes:
        """Outcomes from two ``{points: probability}`` mappings (checked: probabilities, sum <= 1)."""
        items = [*eldest.values(), *dealer.values()]
        if any(not 0.0 <= float(p) <= 1.0 for p in items) or sum(items) > 1.0 + 1e-9:
            raise TrickRulesError("deal outcome probabilities must be in 0..1 and add up to at most 1")
        if sum(items) <= 0.0:
            raise TrickRulesError("every deal is thrown in: the game never ends")
        return cls(tuple(sorted((int(k), float(v)) for k, v in eldest.items())),
                   tuple(sorted((int(k), float(v)) for k, v in dealer.items())))

    @property
    def throw_in(self) -> float:
        return max(0.0, 1.0 - sum(p for _, p in self.eldest) - sum(p for _, p in self.dealer))


@dataclass(frozen=True)
class GameOdds(TableResult):
    """The game's odds from every score: side 0 has ``a`` points and is eldest (left of the dealer)
    in the next deal, side 1 has ``b``.

    ``p_win[a - low, b - low]``: P(side 0 wins);
    ``premium[a - low, b - low, j]``: P(that side wins and is paid ``premiums[j]``) for
    ``j < len(premiums)``, then P(it loses and pays ``premiums[j']``); ``deals``: the expected
    number of further deals; ``cut``: P(a score ever falls below ``low`` - the chain's floor).
    """

    target: int
    low: int
    premiums: tuple[int, ...]
    p_win: np.ndarray
    premium: np.ndarray
    deals: np.ndarray
    cut: np.ndarray

    def _ix(self, a: int, b: int) -> tuple[int, int]:
        if not (self.low <= a < self.target and self.low <= b < self.target):
            raise TrickRulesError(f"scores must be in {self.low}..{self.target - 1}, got {a}:{b}")
        return a - self.low, b - self.low

    def max_cut(self, lowest: int = -4) -> float:
        """The largest chance of reaching the floor from a score ``lowest..target-1`` (an error bound)."""
        i = max(lowest, self.low) - self.low
        return float(self.cut[i:, i:].max())

    def win(self, a: int, b: int) -> float:
        """P(side 0, with ``a`` points and eldest in the next deal, wins the game)."""
        return float(self.p_win[self._ix(a, b)])

    def premium_dist(self, a: int = 0, b: int = 0) -> dict[str, float]:
        """``{"win 3": p, …, "lose 1": p}`` from the score ``a``:``b``."""
        row = self.premium[self._ix(a, b)]
        n = len(self.premiums)
        out = {f"win {v}": float(row[j]) for j, v in enumerate(self.premiums)}
        out.update({f"lose {v}": float(row[n + j]) for j, v in enumerate(self.premiums)})
        return out

    def expected_premium(self, a: int = 0, b: int = 0) -> float:
        """The eldest side's expected net premium (won minus paid) from ``a``:``b``."""
        row = self.premium[self._ix(a, b)]
        n = len(self.premiums)
        return float(sum(v * (row[j] - row[n + j]) for j, v in enumerate(self.premiums)))

    def rows(self, lowest: int = -4) -> list[dict]:
        """One row per score ``a``:``b`` with both from ``lowest`` to ``target - 1``."""
        out = []
        for a in range(max(lowest, self.low), self.target):
            for b in range(max(lowest, self.low), self.target):
                out.append({"score": a, "opponents": b, "p_win": self.win(a, b),
                            "exp_premium": self.expected_premium(a, b),
                            "exp_deals": float(self.deals[self._ix(a, b)])})
        return out


def _solve(outs: tuple[DealOutcomes, DealOutcomes], target: int, low: int, premium: tuple[int, ...]) -> GameOdds:
    """The chain with scores ``low..target-1``: states (a, b, eldest side d = 0 or 1); ``outs[d]``
    are the deal outcomes when side ``d`` is eldest."""
    values = tuple(sorted(set(premium), reverse=True))
    nv = len(values)
    size = target - low
    n = size * size * 2

    def index(a: int, b: int, d: int) -> int:  # a, b: the two fixed sides' scores; d: which side is eldest
        return ((a - low) * size + (b - low)) * 2 + d

    # the matrix I - P, its entries summed per cell in the order the moves are listed (a dict, not
    # a sparse matrix's item assignment: 20 times faster for the deepest floors)
    entries: dict[tuple[int, int], float] = {(i, i): 1.0 for i in range(n)}
    # right-hand sides: side 0 wins with values[j], side 1 wins with values[j], deals, cut
    rhs = np.zeros((n, 2 * nv + 2))
    rhs[:, 2 * nv] = 1.0
    for a in range(low, target):
        for b in range(low, target):
            for d in (0, 1):
                i = index(a, b, d)
                out = outs[d]
                moves = [(d, pts, p) for pts, p in out.eldest] + [(1 - d, pts, p) for pts, p in out.dealer]
                thrown = out.throw_in
                if thrown > 0:
                    key = (i, index(a, b, 1 - d))
                    entries[key] = entries.get(key, 0.0) - thrown
                for side, pts, p in moves:
                    if p == 0.0:
                        continue
                    sa, sb = (a + pts, b) if side == 0 else (a, b + pts)
                    mine, theirs = (sa, sb) if side == 0 else (sb, sa)
                    if mine >= target:
                        col = side * nv + values.index(premium[min(max(theirs, 0), target - 1)])
                        rhs[i, col] += p
                    elif mine < low:
                        rhs[i, 2 * nv + 1] += p
                    else:
                        key = (i, index(sa, sb, 1 - d))
                        entries[key] = entries.get(key, 0.0) - p
    cells = np.array(list(entries), np.int64).reshape(-1, 2)
    mat = csc_matrix((np.fromiter(entries.values(), float, len(entries)), (cells[:, 0], cells[:, 1])), shape=(n, n))
    try:
        sol = np.asarray(splu(mat).solve(rhs))
    except RuntimeError:  # a singular chain: from some score no deal ever moves the game on
        raise TrickRulesError("the game cannot end from some score (its deals never change the score there)"
                              ) from None
    # re-index from the fixed sides (0, 1) to (eldest side, other side) of the next deal
    p_win = np.zeros((size, size))
    prem = np.zeros((size, size, 2 * nv))
    deals = np.zeros((size, size))
    cut = np.zeros((size, size))
    for a in range(low, target):
        for b in range(low, target):
            row = sol[index(a, b, 0)]  # side 0 (with a points) is eldest
            ia, ib = a - low, b - low
            prem[ia, ib, :nv] = row[:nv]
            prem[ia, ib, nv:] = row[nv:2 * nv]
            p_win[ia, ib] = row[:nv].sum()
            deals[ia, ib] = row[2 * nv]
            cut[ia, ib] = row[2 * nv + 1]
    return GameOdds(target=target, low=low, premiums=values, p_win=p_win, premium=prem, deals=deals, cut=cut)


LOWEST_SHOWN = _FLOOR_MAX - 20  # the lowest score a table may show (the chain's floor lies 20 below)


def check_game_can_end(r: TrickRules) -> None:
    """A game to ``r.target`` whose deals never score a point could never end: refused.

    >>> check_game_can_end(short_rules("short-tricks", ["make_points=0", "march=0", "fail=0"]))
    Traceback (most recent call last):
    ...
    analyzer.games.tricks.rules.TrickRulesError: no deal scores a point (make_points 0, march 0): the game to 5 could never end
    """
    march = r.march if r.partners else r.march_alone
    if max(r.make_points, march) < 1:
        raise TrickRulesError(f"no deal scores a point (make_points {r.make_points}, "
                              f"{'march' if r.partners else 'march_alone'} {march}): the game to {r.target} "
                              "could never end")


def game_odds(outcomes: DealOutcomes, rules: TrickRules | None = None, show_from: int = -4,
              second: DealOutcomes | None = None) -> GameOdds:
    """Solve the game to ``rules.target`` exactly up to a floor on the scores.

    ``outcomes`` are the deal's outcomes when side 0 is eldest (left of the dealer), ``second``
    those when side 1 is (default: the same — the policies are the same on both sides).

    The floor is lowered (to -150 at most) until the chance of ever falling below it, from any
    score down to ``show_from``, is under 1e-9; that chance is kept in :attr:`GameOdds.cut`.
    """
    r = rules if rules is not None else short_rules()
    if r.sides != 2:
        raise TrickRulesError(f"the game chain covers two sides (partners, or 2 players), got {r.sides}")
    check_game_can_end(r)
    if not -LOWEST_SHOWN <= show_from <= 0:
        raise TrickRulesError(f"the lowest score shown must be -{LOWEST_SHOWN}..0, got {show_from}")
    low = min(show_from, 0) - 20
    while True:
        odds = _solve((outcomes, second or outcomes), r.target, low, r.premium_table)
        shown = odds.cut[show_from - low:, show_from - low:]
        if float(shown.max()) < _CUT_TOL or low <= -_FLOOR_MAX:
            return odds
        low = max(2 * low, -_FLOOR_MAX)
