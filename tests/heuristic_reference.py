"""The heuristic trick-game player's bid and one-card joker mode, written from its description.

Test oracle only, sharing no code with ``analyzer``: the numbers below are those of the
policy's documentation (the docstring of the policies module: a joker counts one trick, a trump
ace, king or queen one, a lower trump 0.34, a plain ace 0.85, a plain king with a guard 0.4;
the sum times 0.88 plus the share of tricks from drawn cards, rounded; the hook moves it one
step toward the estimate). Cards are the tuples of :mod:`tricks_reference` (rank 0..12 =
deuce..ace, suit in ``"cdhs"``, or ``("joker", n)``).

>>> bid([(12, "h"), (11, "h"), ("joker", 1)], "h", tricks=3, forbidden=None)
3
>>> bid([(12, "h"), (11, "h"), ("joker", 1)], "h", tricks=3, forbidden=3)
2
>>> name_trump([(3, "c"), (10, "d"), (4, "s")])
'd'
"""

from __future__ import annotations

from tricks_reference import SUITS, is_joker

QUEEN, KING, ACE = 10, 11, 12


def estimate(hand: list[tuple], trump: str | None) -> float:
    """The hand's trick estimate before the 0.88 factor."""
    est = 0.0
    for c in hand:
        if is_joker(c):
            est += 1.0
        elif c[1] == trump:
            est += 1.0 if c[0] >= QUEEN else 0.34
        elif c[0] == ACE:
            est += 0.85
        elif c[0] == KING and sum(1 for d in hand if not is_joker(d) and d[1] == c[1]) >= 2:
            est += 0.4
    return est


def bid(hand: list[tuple], trump: str | None, tricks: int, forbidden: int | None, extra: float = 0.0) -> int:
    """The bid: the estimate times 0.88 plus ``extra`` (tricks from drawn cards), rounded half up
    into 0..tricks; when the hook forbids it, one step toward the estimate (up from 0, down from
    ``tricks``)."""
    est = estimate(hand, trump) * 0.88 + extra
    b = min(max(int(est + 0.5), 0), tricks)
    if b == forbidden:
        b = b + 1 if b == 0 or (est >= b and b < tricks) else b - 1
    return b


def lone_joker_lead(short: bool, trump: str | None, unseen: list[tuple]) -> tuple:
    """Georgian Joker, a joker led as the last card: short of the bid, "take" in trump (clubs at
    no trump: no plain suit is held); else "give" in the plain non-trump suit with most unseen
    cards (the first in c, d, h, s order on a tie)."""
    if short:
        return ("take", trump or "c")
    counts = {s: sum(1 for c in unseen if not is_joker(c) and c[1] == s) for s in SUITS if s != trump}
    return ("give", max(counts, key=lambda s: (counts[s], -SUITS.index(s))))


def name_trump(first3: list[tuple]) -> str | None:
    """The trump named in a full deal from the first three cards: a suit held twice or more, else
    the suit of the best card if it is a queen or better, else no trump (jokers do not count)."""
    plain = [c for c in first3 if not is_joker(c)]
    for s in SUITS:
        if sum(1 for c in plain if c[1] == s) >= 2:
            return s
    best = max(plain, default=None)
    return best[1] if best is not None and best[0] >= QUEEN else None
