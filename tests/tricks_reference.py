"""Slow, obvious reference for the trick games: rules on card tuples and a plain minimax.

Written from the rule text alone and sharing no code with ``analyzer.games.tricks``: no
pruning, no bounds, no relative ranks, no bitmasks (the minimax only remembers the exact value
of each trick start it has searched, keyed by the hands left and the leader). A card is
``(rank, suit)`` with rank 0..12 (deuce..ace) and suit in ``"cdhs"``, or ``("joker", n)``. A
play is ``(card, mode)`` with mode ``"plain"``, ``"high"``, ``"low"``, ``("take", X)`` or
``("give", X)``.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card(text: str, georgian: bool) -> tuple:
    t = text.strip().lower()
    if georgian and t == "6c":
        t = "jk1"
    if georgian and t == "6s":
        t = "jk2"
    if t.startswith("jk"):
        return ("joker", int(t[2:] or "1"))
    return (RANKS.index(t[0].upper()), t[1])


def hand(text: str, georgian: bool) -> list[tuple]:
    return [card(t, georgian) for t in text.split()]


def is_joker(c: tuple) -> bool:
    return c[0] == "joker"


def led_suit(trick: list, georgian: bool):
    if not trick:
        return None
    if georgian:
        c, m = trick[0]
        return m[1] if is_joker(c) else c[1]
    for c, _m in trick:
        if not is_joker(c):
            return c[1]
    return None


def legal(cards: list[tuple], trick: list, trump, georgian: bool, must_trump: bool) -> list:
    jokers = [c for c in cards if is_joker(c)]
    plain = [c for c in cards if not is_joker(c)]
    plays: list = []
    if not trick:
        plays += [(c, "plain") for c in plain]
        for j in jokers:
            if georgian:
                plays += [(j, (kind, x)) for kind in ("take", "give") for x in SUITS]
            else:
                plays += [(j, "high"), (j, "low")]
        return plays
    s = led_suit(trick, georgian)
    same = [c for c in plain if s is not None and c[1] == s]
    if same:
        first_card, first_mode = trick[0]
        if georgian and is_joker(first_card) and first_mode[0] == "take":
            same = [max(same)]
        choice = same
    elif must_trump and trump is not None and any(c[1] == trump for c in plain):
        choice = [c for c in plain if c[1] == trump]
    else:
        choice = plain
    plays += [(c, "plain") for c in choice]
    played_jokers = [m for c, m in trick if is_joker(c)]
    for j in jokers:
        if not georgian and played_jokers:
            plays.append((j, "low" if played_jokers[0] == "high" else "high"))
        else:
            plays += [(j, "high"), (j, "low")]
    return plays


def winner(trick: list, trump, georgian: bool, trump_beats_take: bool) -> int:
    """The index in ``trick`` of the winning play."""
    highs = [i for i, (c, m) in enumerate(trick) if is_joker(c) and m == "high"]
    if highs:
        return highs[-1]
    trumps = [(c[0], i) for i, (c, m) in enumerate(trick) if not is_joker(c) and c[1] == trump]
    first_card, first_mode = trick[0]
    if georgian and is_joker(first_card):
        kind, x = first_mode
        if kind == "take":
            if trump_beats_take and x != trump and trumps:
                return max(trumps)[1]
            return 0
        if trumps:
            return max(trumps)[1]
        xs = [(c[0], i) for i, (c, m) in enumerate(trick) if not is_joker(c) and c[1] == x]
        return max(xs)[1] if xs else 0
    if trumps:
        return max(trumps)[1]
    s = led_suit(trick, georgian)
    follow = [(c[0], i) for i, (c, m) in enumerate(trick) if not is_joker(c) and c[1] == s]
    return max(follow)[1] if follow else 0


def play_text(play: tuple) -> str:
    """A play as the CLI writes it: ``Ah``, ``Jk1 take h``, ``Jk2 high``."""
    c, m = play
    text = f"Jk{c[1]}" if is_joker(c) else RANKS[c[0]] + c[1]
    if m == "plain":
        return text
    return f"{text} {m}" if isinstance(m, str) else f"{text} {m[0]} {m[1]}"


def best_leads(hands: list[list[tuple]], trump, leader: int, georgian: bool = True,
               trump_beats_take: bool = False) -> list[str]:
    """The leader's first plays that keep its paranoid value (as text, sorted)."""
    mt = georgian
    values = {}
    for c, m in legal(hands[leader], [], trump, georgian, mt):
        rest = list(hands)
        rest[leader] = [x for x in hands[leader] if x != c]
        values[play_text((c, m))] = paranoid(rest, trump, leader, leader, georgian, trump_beats_take,
                                             trick=[(c, m)])
    top = max(values.values())
    return sorted(t for t, v in values.items() if v == top)


def paranoid(hands: list[list[tuple]], trump, leader: int, seat: int, georgian: bool = True,
             trump_beats_take: bool = False, must_trump: bool | None = None,
             trick: list | None = None) -> int:
    """Tricks ``seat`` makes sure of when all the others play against it (full minimax), from
    the start of a trick led by ``leader`` (or with ``trick`` already on the table). A trick
    start's value depends only on the hands left and its leader: each is searched once (a
    dictionary of them), every move of every other position still tried."""
    mt = georgian if must_trump is None else must_trump
    n_players = len(hands)
    starts: dict[tuple, int] = {}

    def play(hs: list[list[tuple]], lead: int, trick: list) -> int:
        if len(trick) == n_players:
            w = (lead + winner(trick, trump, georgian, trump_beats_take)) % n_players
            gained = 1 if w == seat else 0
            if not hs[w]:
                return gained
            key = (w, *(frozenset(h) for h in hs))
            if key not in starts:
                starts[key] = play(hs, w, [])
            return gained + starts[key]
        mover = (lead + len(trick)) % n_players
        values = []
        for c, m in legal(hs[mover], trick, trump, georgian, mt):
            rest = list(hs)
            rest[mover] = [x for x in hs[mover] if x != c]
            values.append(play(rest, lead, [*trick, (c, m)]))
        return max(values) if mover == seat else min(values)

    return play([list(h) for h in hands], leader, list(trick or []))
