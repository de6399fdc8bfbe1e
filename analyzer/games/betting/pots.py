"""Table stakes: main and side pots from total contributions, and paying them by hand strength.

>>> [(p.name, p.amount, p.eligible) for p in split_pots({"A": 70, "B": 70, "C": 40})]
[('main', 120, ('A', 'B', 'C')), ('side 1', 60, ('A', 'B'))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.cards import JOKER_CODES, format_card
from analyzer.games.betting.limits import BettingError

__all__ = ["Pot", "PotAward", "award_pots", "showdown", "split_pots", "total_payouts"]


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its chips, who may win it, and who put what into it."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]

    @property
    def returned(self) -> bool:
        """An uncalled part of a bet: one eligible player, the only one who paid into it."""
        return len(self.eligible) == 1 and all(p == self.eligible[0] for p, _ in self.shares)


def split_pots(contributions: Mapping[str, int], folded: Sequence[str] = (), dead: int = 0) -> list[Pot]:
    """Main and side pots from each player's total contribution (seat order kept).

    Levels are the distinct contributions of the players still in; each pot takes from every
    player the slice of his contribution between two levels and is open to those who reached
    the upper level. Folded players' chips above the top level join the top pot; ``dead``
    money (from players no longer listed) joins the main pot.
    """
    for p, c in contributions.items():
        if c < 0:
            raise BettingError(f"player {p} has a negative contribution {c}")
    for p in folded:
        if p not in contributions:
            raise BettingError(f"unknown player {p!r} (players: {', '.join(contributions)})")
    live = [p for p in contributions if p not in set(folded)]
    if not live:
        raise BettingError("every player folded: nobody can win the pot")
    levels = sorted({contributions[p] for p in live if contributions[p] > 0})
    pots: list[Pot] = []
    prev = 0
    for i, level in enumerate(levels):
        top = i == len(levels) - 1
        shares = tuple((p, (c if top else min(c, level)) - min(c, prev))
                       for p, c in contributions.items() if c > prev)
        eligible = tuple(p for p in live if contributions[p] >= level)
        amount = sum(s for _, s in shares) + (dead if i == 0 else 0)
        pots.append(Pot("main" if i == 0 else f"side {i}", amount, eligible, shares))
        prev = level
    if not pots:
        pots.append(Pot("main", dead + sum(contributions.values()), tuple(live),
                        tuple((p, c) for p, c in contributions.items() if c)))
    if len(pots) > 1 and pots[-1].returned:
        last = pots[-1]
        pots[-1] = Pot("returned", last.amount, last.eligible, last.shares)
    return pots


@dataclass(frozen=True)
class PotAward:
    """Who won a pot and what each player receives from it."""

    pot: Pot
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]
    payouts: tuple[tuple[str, int], ...]


def _share(amount: int, winners: Sequence[str], seats: Sequence[str]) -> dict[str, int]:
    """Equal shares; the odd chips one each to the winners in seat order."""
    ordered = sorted(winners, key=list(seats).index)
    each, odd = divmod(amount, len(ordered))
    return {p: each + (1 if i < odd else 0) for i, p in enumerate(ordered)}


def award_pots(pots: Sequence[Pot], scores: Mapping[str, int], seats: Sequence[str],
               high_low: bool = False, low_keys: Mapping[str, int] | None = None) -> list[PotAward]:
    """Pay every pot by hand strength (higher score = better hand). High-low: the low half goes
    to the smallest ``low_keys`` (the low ranking, :mod:`analyzer.lowball`), or to the lowest
    score when no low keys are given.

    >>> pots = split_pots({"A": 70, "B": 70, "C": 40})
    >>> [dict(a.payouts) for a in award_pots(pots, {"A": 5, "B": 9, "C": 9}, "ABC")]
    [{'B': 60, 'C': 60}, {'B': 60}]
    """
    awards = []
    for pot in pots:
        if pot.returned:
            awards.append(PotAward(pot, pot.eligible, (), ((pot.eligible[0], pot.amount),)))
            continue
        missing = [p for p in pot.eligible if p not in scores]
        if missing and len(pot.eligible) > 1:
            raise BettingError(f"player {missing[0]} is in the {pot.name} pot but has no hand")
        if len(pot.eligible) == 1:
            awards.append(PotAward(pot, pot.eligible, (), ((pot.eligible[0], pot.amount),)))
            continue
        best = max(scores[p] for p in pot.eligible)
        high = tuple(p for p in pot.eligible if scores[p] == best)
        low: tuple[str, ...] = ()
        if high_low:
            lows = scores if low_keys is None else low_keys
            worst = min(lows[p] for p in pot.eligible)
            low = tuple(p for p in pot.eligible if lows[p] == worst)
            paid = _share(pot.amount - pot.amount // 2, high, seats)  # odd chip to the high hand
            for p, v in _share(pot.amount // 2, low, seats).items():
                paid[p] = paid.get(p, 0) + v
        else:
            paid = _share(pot.amount, high, seats)
        awards.append(PotAward(pot, high, low, tuple((p, paid[p]) for p in seats if p in paid)))
    return awards


def total_payouts(awards: Sequence[PotAward]) -> dict[str, int]:
    """Chips each player collects over all pots."""
    out: dict[str, int] = {}
    for a in awards:
        for p, v in a.payouts:
            out[p] = out.get(p, 0) + v
    return out


def showdown(contributions: Mapping[str, int], hands: Mapping[str, str], evaluator: Any,
             folded: Sequence[str] = (), dead: int = 0, high_low: bool = False) -> list[PotAward]:
    """Split the pots and pay them, scoring the hands (text) with a core ``Evaluator``."""
    for p in hands:
        if p not in contributions:
            raise BettingError(f"unknown player {p!r} (players: {', '.join(contributions)})")
    per = {p: evaluator.parse(text) for p, text in hands.items()}
    owner: dict[int, str] = {}
    for p, codes in per.items():
        for c in (int(x) for x in codes if x < JOKER_CODES[0]):
            if c in owner:
                raise BettingError(f"card {format_card(c)} is in the hands of both {owner[c]} and {p}")
            owner[c] = p
    jokers = sum(int((codes >= JOKER_CODES[0]).sum()) for codes in per.values())
    if jokers > evaluator.deck.jokers:
        raise BettingError(f"{jokers} jokers in the hands but deck {evaluator.deck.name} has "
                           f"{evaluator.deck.jokers}")
    scores = {p: evaluator.score(codes) for p, codes in per.items()}
    low_keys = None
    if high_low:  # the low half by the low ranking (a wild card plays as low as it can)
        from analyzer.lowball import LowEvaluator

        lev = LowEvaluator(evaluator.rules, evaluator.deck)
        low_keys = {p: lev.low_key(codes) for p, codes in per.items()}
    return award_pots(split_pots(contributions, folded, dead), scores, list(contributions), high_low, low_keys)
