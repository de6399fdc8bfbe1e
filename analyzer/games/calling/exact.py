"""Exact odds of a calling game through rook polynomials (inclusion–exclusion), as Fractions.

The forbidden board has a row per call and a column per physical card, with a cell where the
card's rank is the one called. Calls of different ranks touch disjoint rows and columns, so the
rook polynomial factors over ranks: a rank called ``a`` times with ``m`` cards in the deck is a
full ``a × m`` board with ``r_k = C(a, k) C(m, k) k!``. With ``r_k`` the rook numbers of the
whole board, the number of ordered deals of ``C`` cards out of ``N`` with exactly ``j`` matches
is ``Σ_k (−1)^(k−j) C(k, j) r_k (N−k)!/(N−C)!`` (the Laguerre form of inclusion–exclusion), so
``P(no match) = Σ_k (−1)^k r_k (N−k)!/N!``. Repeated calls (frustration solitaire) cost nothing.

>>> from analyzer.games.calling.game import calling_game
>>> r = exact_calling(calling_game("treize"))
>>> r.p_no_match
Fraction(9571721884148096, 26816424180170625)
>>> round(float(exact_calling(calling_game("frustration")).p_no_match), 5)
0.01623
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, perm
from typing import Any

from analyzer.games.calling.game import CallingGame
from analyzer.results import TableResult

__all__ = ["CallingExact", "exact_calling", "match_counts", "no_match_count", "rook_numbers"]


def _multiply(p: list[int], q: list[int]) -> list[int]:
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return out


def rook_numbers(calls: tuple[int, ...], multiplicities: tuple[int, ...]) -> list[int]:
    """``r_k`` for k = 0..len(calls): ways to put k non-attacking rooks on the match board.

    >>> rook_numbers((12, 12), (0,) * 12 + (4, 0))  # two ace calls, four aces
    [1, 8, 12]
    """
    poly = [1]
    for rank, a in sorted(Counter(calls).items()):
        m = multiplicities[rank]
        poly = _multiply(poly, [comb(a, k) * comb(m, k) * factorial(k) for k in range(min(a, m) + 1)])
    return poly + [0] * (len(calls) + 1 - len(poly))


def match_counts(calls: tuple[int, ...], multiplicities: tuple[int, ...], n_cards: int) -> list[int]:
    """Ordered deals of ``len(calls)`` cards with exactly j matches, j = 0..len(calls).

    >>> match_counts((0, 1), (1, 1), 2)  # two cards '2','3' called 2, 3: one deal hits both
    [1, 0, 1]
    """
    c = len(calls)
    r = rook_numbers(calls, multiplicities)
    # (N-k)!/(N-C)! = number of ways to fill the C-k unconstrained calls from N-k cards
    fill = [perm(n_cards - k, c - k) for k in range(c + 1)]
    return [sum((-1) ** (k - j) * comb(k, j) * r[k] * fill[k] for k in range(j, c + 1)) for j in range(c + 1)]


def no_match_count(calls: tuple[int, ...], multiplicities: tuple[int, ...], n_cards: int) -> int:
    """Ordered deals of ``len(calls)`` cards with no match."""
    c = len(calls)
    r = rook_numbers(calls, multiplicities)
    return sum((-1) ** k * r[k] * perm(n_cards - k, c - k) for k in range(c + 1))


@dataclass(frozen=True)
class CallingExact(TableResult):
    """Exact results; counts are over all ``total`` equally likely ordered deals of C cards."""

    game: CallingGame
    total: int
    match_counts: tuple[int, ...]  # index j: exactly j matches
    first_counts: tuple[int, ...]  # index p = 1..C: first match at call p; index 0: no match

    @property
    def p_no_match(self) -> Fraction:
        return Fraction(self.first_counts[0], self.total)

    @property
    def match_probabilities(self) -> list[Fraction]:
        return [Fraction(c, self.total) for c in self.match_counts]

    @property
    def first_probabilities(self) -> list[Fraction]:
        """Index p = 1..C: P(first match at call p); index 0: P(no match)."""
        return [Fraction(c, self.total) for c in self.first_counts]

    @property
    def mean_matches(self) -> Fraction:
        return Fraction(sum(j * c for j, c in enumerate(self.match_counts)), self.total)

    @property
    def banker_ev(self) -> Fraction:
        """Banker's expected result per deal, per unit staked per player."""
        g = self.game
        return Fraction(sum(g.payoff(p) * c for p, c in enumerate(self.first_counts)), self.total)

    @property
    def banker_sd(self) -> float:
        g = self.game
        second = Fraction(sum(g.payoff(p) ** 2 * c for p, c in enumerate(self.first_counts)), self.total)
        return float(second - self.banker_ev ** 2) ** 0.5

    @property
    def deals_per_bank(self) -> Fraction | None:
        """Expected deals one banker deals, the losing (no-match) deal included: 1 / P(no match).
        ``None`` when a match is certain (the bank never passes)."""
        q = self.p_no_match
        return None if q == 0 else 1 / q

    @property
    def wins_before_passing(self) -> Fraction | None:
        """Expected winning deals before the bank passes: (1 − q) / q."""
        d = self.deals_per_bank
        return None if d is None else d - 1

    @property
    def ev_per_bank(self) -> Fraction | None:
        """Banker's expected result over a whole turn at the bank (Wald: EV per deal × deals)."""
        d = self.deals_per_bank
        return None if d is None else self.banker_ev * d

    def rows(self) -> list[dict[str, Any]]:
        """The headline numbers: each as an exact fraction and its value (the sampled columns are
        added by :func:`analyzer.games.calling.table.summary_rows`)."""
        ex = self
        first_p = ex.first_probabilities
        exact: list[tuple[str, Fraction | None]] = [
            ("P(no match)", ex.p_no_match),
            ("P(banker wins)", 1 - ex.p_no_match),
            ("P(first card matches)", first_p[1]),
            ("mean matches", ex.mean_matches),
            ("banker EV per unit per player", ex.banker_ev),
            ("deals per bank (losing deal included)", ex.deals_per_bank),
            ("winning deals before the bank passes", ex.wins_before_passing),
            ("banker EV per turn at the bank", ex.ev_per_bank),
        ]
        rows: list[dict[str, Any]] = [{"quantity": q, "exact": _frac(v), "value": _float(v)} for q, v in exact]
        rows.append({"quantity": "banker SD per deal", "exact": "", "value": ex.banker_sd})
        return rows

    def summary(self) -> dict[str, Any]:
        return {"game": self.game.name, "total": self.total}


def _frac(x: Fraction | None) -> str:
    return "" if x is None else str(x)


def _float(x: Fraction | None) -> float | None:
    return None if x is None else float(x)


def exact_calling(game: CallingGame) -> CallingExact:
    """Every exact number of ``game`` (match-count and first-match distributions, EV, tenure)."""
    n, c, mult = game.n_cards, game.n_calls, game.multiplicities
    total = perm(n, c)
    counts = match_counts(game.calls, mult, n)
    # no match among the first p calls, as ordered deals of p cards, p = 0..C
    clear = [no_match_count(game.calls[:p], mult, n) for p in range(c + 1)]
    first = [clear[c]]
    for p in range(1, c + 1):
        # deals of p cards clear for p-1 calls minus those clear for p calls, times fills of the rest
        first.append((clear[p - 1] * (n - p + 1) - clear[p]) * perm(n - p, c - p))
    assert sum(counts) == total == sum(first)
    return CallingExact(game, total, tuple(counts), tuple(first))
