"""Short poker for tricks, two policies in duplicate: A rotated over every seat against B on the same deals.

For each deal every seat plays B once (the baseline), then for each seat s the deal is replayed
with A at s and B at the others, from the same policy stream (common random numbers). A seat's
value is its side's net points for the deal (the maker side's points, negated for the
defenders; a thrown-in deal is 0); the deal's value is the mean over seats of A's value at s
minus B's. Its mean over deals carries an SE and a 95 % CI (deals are independent). pimc
declares "play" or "pass" as the heuristic does, so pimc against the heuristic measures the
card play alone. Runs through the engine (seeded, the same numbers on any number of workers).

>>> from analyzer.games.tricks.rules import short_rules
>>> r = short_strength(short_rules(), "heuristic", "random", deals=300, seed=1)
>>> r.diff.ci_low > 0, r.deals
(True, 300)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from analyzer.engine import run
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.analysis.short import PackTask
from analyzer.games.tricks.kernels.dealing import pack_mask, policy_state, search_state
from analyzer.games.tricks.kernels.moves import maker_points
from analyzer.games.tricks.kernels.short import (
    deal_hands,
    declare,
    new_position,
    play_deal,
    same_side,
    turned_trump,
)
from analyzer.games.tricks.policies.basic import PIMC
from analyzer.games.tricks.policies.seats import search_for
from analyzer.games.tricks.rules import P, TrickRules
from analyzer.kernels.jit import kernel
from analyzer.pieces import NO_PIECES
from analyzer.results import TableResult
from analyzer.stats import MeanEstimate, mean_from_sums

__all__ = ["ShortStrength", "duplicate_chunk", "duplicate_piece", "duplicate_start", "short_strength"]

R_PLAYERS = P.PLAYERS
R_PARTNERS = P.PARTNERS
R_NO_TRUMP = P.TRUMP


@kernel
def _seat_values(g, hands, turned, trump, rp, pol, pstate, mv, search, dmask, says, out):
    """Play one line-up on the deal: ``out[s]`` = seat s's side's net points."""
    players = rp[R_PLAYERS]
    maker = declare(hands, trump, rp, pol, pstate, says)
    if maker < 0:
        out[:] = 0
        return
    pts = maker_points(play_deal(g, hands, trump, maker, rp, pol, pstate, mv, search, turned, dmask), rp)
    for s in range(players):
        out[s] = pts if same_side(s, maker, maker, rp[R_PARTNERS]) else -pts


@kernel(nogil=True)
def duplicate_chunk(state, n, pack, rp, a, b, cfg):
    """``n`` deals in duplicate (policy codes ``a`` and ``b``, pimc's options ``cfg``). Totals: the
    sum and the sum of squares of the deal values, then the deals. One call of :func:`duplicate_piece`."""
    carry = duplicate_start(state, pack, a, b, cfg)
    duplicate_piece(carry, n, rp, a, b)
    return carry[2]


@kernel(python=True)  # called from Python as well: one compile serves both
def duplicate_start(state, pack0, a, b, cfg):
    """What a chunk of :func:`duplicate_chunk` carries from one piece to the next: the deals' stream
    (each deal's policy stream is drawn from it), the pack, the totals, pimc's search."""
    return state.copy(), pack0.copy(), np.zeros(3), search_for(np.array([a, b]), cfg, search_state(state))


@kernel(nogil=True, python=True)  # called from Python as well: one compile serves both
def duplicate_piece(carry, n, rp, a, b):
    """The next ``n`` deals of a chunk, added to the totals in ``carry`` (of :func:`duplicate_start`,
    which the deals move on): pieces of any sizes give the whole chunk's numbers."""
    state, pack, out, search = carry
    players = rp[R_PLAYERS]
    hands = np.zeros(players, np.uint64)
    says = np.zeros(players, np.int64)
    pol = np.zeros(players, np.int64)
    base = np.zeros(players, np.int64)
    val = np.zeros(players, np.int64)
    g = new_position(players, np.int64(0))
    mv = np.zeros(8, np.int64)
    dmask = pack_mask(pack)
    for _ in range(n):
        turned = deal_hands(state, pack, players, hands)
        trump = turned_trump(turned, rp[R_NO_TRUMP])
        pbase = policy_state(state)
        pol[:] = b
        _seat_values(g, hands, turned, trump, rp, pol, pbase.copy(), mv, search, dmask, says, base)
        d = 0.0
        for s in range(players):
            pol[:] = b
            pol[s] = a
            _seat_values(g, hands, turned, trump, rp, pol, pbase.copy(), mv, search, dmask, says, val)
            d += val[s] - base[s]
        d /= players
        out[0] += d
        out[1] += d * d
        out[2] += 1


@dataclass(frozen=True)
class _Task(PackTask):
    KERNEL: ClassVar[str] = f"{__name__}:duplicate_chunk"
    a: int
    b: int
    cfg: np.ndarray

    @property
    def piece_trials(self) -> int:
        """The first piece's deals when a chunk runs in timed pieces (Ctrl-C lands between two): one
        with a pimc seat (a deal takes tenths of a second), else no pieces (whole chunks)."""
        return 1 if PIMC in (self.a, self.b) else NO_PIECES

    def start_chunk(self) -> list[Any]:
        return [None]  # the carry of duplicate_start, made by the first piece from the chunk's state

    def run_piece(self, state: np.ndarray, carry: list[Any], n: int) -> None:
        if carry[0] is None:
            carry[0] = duplicate_start(state, self.pack, self.a, self.b, self.cfg)
        duplicate_piece(carry[0], n, self.rp, self.a, self.b)

    def finish_chunk(self, carry: list[Any]) -> np.ndarray:
        return np.asarray(carry[0][2])


@dataclass(frozen=True)
class ShortStrength(TableResult):
    """A against B in duplicate: the mean per deal and seat of A's side points minus B's."""

    rules: TrickRules
    a: str
    b: str
    deals: int
    seed: int
    diff: MeanEstimate

    def summary(self) -> dict[str, Any]:
        return {"game": self.rules.name, "a": self.a, "b": self.b, "deals": self.deals, "seed": self.seed,
                "diff": self.diff.mean, "se": self.diff.se}

    def rows(self) -> list[dict[str, Any]]:
        d = self.diff
        return [{"a": self.a, "b": self.b, "deals": self.deals, "diff_points": d.mean, "se": d.se,
                 "ci_low": d.ci_low, "ci_high": d.ci_high}]


def short_strength(rules: TrickRules, a: str, b: str, deals: int | None = 400, seed: int = 0,
                   pimc: dict[str, Any] | None = None, chunk_size: int = 20, **engine: Any) -> ShortStrength:
    """Policy ``a`` against ``b`` in duplicate over random deals (``pimc``: k, budget, model, endgame)."""
    from analyzer.games.tricks.analysis.short import _cfg, _pack, _policy_codes

    codes = _policy_codes(rules, [a, b] + ["heuristic"] * (rules.players - 2))
    if a == b:
        raise JokerOddsError("give two different policies")
    task = _Task(rules.params(), _pack(rules), int(codes[0]), int(codes[1]), _cfg(rules, codes, pimc))
    res = run(task, trials=deals, seed=seed, chunk_size=chunk_size, **engine)
    t = res.totals
    n = int(t[2])
    return ShortStrength(rules, a, b, n, seed, mean_from_sums(n, float(t[0]), float(t[1])))
