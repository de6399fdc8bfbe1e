"""A slow, obvious opening-value reference for Remi 51 (shares no code with the solver).

Every sub-multiset of one suit or one rank (plus any of the jokers) is tested as a meld by the
rule text alone; the best opening is the best partition of the hand into such melds and cards
left over, found by trying every partition (memoised on the set of cards left).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

JOKER = 52


def set_points(rank: int) -> int:
    """Points of one card of rank ``rank`` (0 = deuce .. 12 = ace) in a set: ace 11, pictures 10."""
    if rank == 12:
        return 11
    if rank >= 8:
        return 10
    return rank + 2


def place_points(place: int) -> int:
    """Points of the card at ``place`` of the run order A(low) 2 3 .. K A(high)."""
    if place == 0:
        return 0
    if place == 13:
        return 11
    return set_points(place - 1)


def meld_points(cards: list[int], cap: int = 3) -> int | None:
    """The most points ``cards`` (codes; >= 52 jokers) are worth as one meld, None if no meld."""
    return _meld_points(tuple(cards), cap)


@cache  # the same few cards recur in every hand's subsets: each set of them is judged once
def _meld_points(cards: tuple[int, ...], cap: int) -> int | None:
    naturals = [c for c in cards if c < JOKER]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or not naturals or jokers > cap:
        return None
    best = None
    ranks = {c // 4 for c in naturals}
    suits = [c % 4 for c in naturals]
    if len(ranks) == 1 and len(set(suits)) == len(suits) and len(cards) <= 4:
        best = len(cards) * set_points(next(iter(ranks)))
    if len(set(suits)) == 1:
        n = len(cards)
        for start in range(0, 14 - n + 1):
            window = set(range(start, start + n))
            fixed = [c // 4 + 1 for c in naturals if c // 4 != 12]
            aces = sum(1 for c in naturals if c // 4 == 12)
            if len(set(fixed)) != len(fixed) or not set(fixed) <= window:
                continue
            ace_places = [p for p in (0, 13) if p in window and p not in fixed]
            if aces > len(ace_places):
                continue
            value = sum(place_points(p) for p in window)
            best = value if best is None else max(best, value)
    return best


def reference_opening(hand: list[int], cap: int = 3) -> int:
    """The opening value: the best total of disjoint melds from ``hand`` (card codes)."""
    order = sorted(range(len(hand)), key=lambda i: (hand[i] >= JOKER, hand[i]))
    cards = [hand[i] for i in order]
    n = len(cards)
    jokers = [i for i in range(n) if cards[i] >= JOKER]
    groups: dict[tuple[str, int], list[int]] = {}
    for i, c in enumerate(cards):
        if c < JOKER:
            groups.setdefault(("suit", c % 4), []).append(i)
            groups.setdefault(("rank", c // 4), []).append(i)
    melds: dict[int, int] = {}
    for members in groups.values():
        for size in range(1, len(members) + 1):
            for sub in combinations(members, size):
                for nj in range(len(jokers) + 1):
                    for js in combinations(jokers, nj):
                        pts = meld_points([cards[i] for i in sub + js], cap)
                        if pts is not None:
                            mask = sum(1 << i for i in sub + js)
                            melds[mask] = max(melds.get(mask, -1), pts)
    by_low: dict[int, list[tuple[int, int]]] = {}
    for mask, pts in melds.items():
        low = (mask & -mask).bit_length() - 1
        by_low.setdefault(low, []).append((mask, pts))

    @cache
    def best(left: int) -> int:
        if left == 0:
            return 0
        low = (left & -left).bit_length() - 1
        out = best(left & ~(1 << low))
        for mask, pts in by_low.get(low, ()):
            if mask & left == mask:
                out = max(out, pts + best(left & ~mask))
        return out

    return best((1 << n) - 1)
