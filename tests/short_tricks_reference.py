"""Slow, obvious reference for short poker played for tricks, written from the rule text alone.

Imports nothing from ``analyzer``: no bitmasks, no tables, no pruning. A card is text as people
write it: ``"Ah"``, ``"Tc"``, ``"7d"``, a joker ``"Jk"``, ``"Jk1"`` or ``"Jk2"``. A trick is the
list of cards played so far, in playing order. ``trump`` is a suit letter or ``None``.

The rules:
- ranks high to low: joker, A, K, Q, J, 10, 9, 8, 7; the joker counts as a trump (with no trump it
  is a suit of its own that beats every card); of two jokers in one trick the later one wins;
- follow suit; void, play a trump; holding neither, any card; the joker may be played when trump
  is led or when void in the led suit (any time with ``joker_any_time``); a led joker calls for
  trumps (with no trump: for the other joker);
- the first "play" from the dealer's left makes the maker; all pass: thrown in (or the dealer
  must play); the maker's side scores 1 for 3 or 4 tricks, 2 for all five (``march_alone`` when
  playing alone), ``fail`` (-2) for fewer than 3;
- a game is played to 5 points; the premium is 3 when the losers have 0 points or fewer, 2 for
  1 or 2, 1 for 3 or more.
"""

from __future__ import annotations

import random
from functools import cache

RANKS = "789TJQKA"
SUITS = "cdhs"
JOKER_SUIT = "J"  # the joker's own suit when there is no trump


def deck(jokers: int) -> list[str]:
    """The 32 cards 7..A and one (``Jk``) or two (``Jk1``, ``Jk2``) jokers."""
    cards = [r + s for s in SUITS for r in RANKS]
    if jokers == 1:
        return [*cards, "Jk"]
    return cards + [f"Jk{i + 1}" for i in range(jokers)]


def is_joker(card: str) -> bool:
    return card.lower().startswith("jk")


def suit(card: str, trump: str | None) -> str:
    """The suit a card belongs to in play: a joker is a trump, or its own suit with no trump."""
    if is_joker(card):
        return trump if trump is not None else JOKER_SUIT
    return card[1]


def rank(card: str) -> int:
    """0 (seven) .. 7 (ace); a joker 8."""
    return 8 if is_joker(card) else RANKS.index(card[0])


def legal(hand: list[str], trick: list[str], trump: str | None, joker_any_time: bool = False) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick`` (in hand order)."""
    if not trick:
        return list(hand)
    led = suit(trick[0], trump)
    follow = [c for c in hand if suit(c, trump) == led]
    if follow:
        allowed = follow
    else:
        trumps = [c for c in hand if trump is not None and suit(c, trump) == trump]
        allowed = trumps if trumps else list(hand)
    if joker_any_time:
        allowed = allowed + [c for c in hand if is_joker(c) and c not in allowed]
    return [c for c in hand if c in allowed]


def trick_winner(trick: list[str], trump: str | None) -> int:
    """Position in ``trick`` (0 = the leader) of the card that takes it."""
    jokers = [i for i, c in enumerate(trick) if is_joker(c)]
    if jokers:
        return jokers[-1]
    trumps = [i for i, c in enumerate(trick) if trump is not None and c[1] == trump]
    if trumps:
        return max(trumps, key=lambda i: rank(trick[i]))
    led = trick[0][1]
    return max((i for i, c in enumerate(trick) if c[1] == led), key=lambda i: rank(trick[i]))


def trump_of_turned(card: str, trump_rule: str = "turned") -> str | None:
    """The trump suit: the turned card's suit; a turned joker (or ``trump_rule='none'``) none."""
    if trump_rule == "none" or is_joker(card):
        return None
    return card[1]


def maker(says: list[bool], dealer_must_play: bool = False) -> int | None:
    """Seat of the maker from the declarations in order from the dealer's left (True = play)."""
    for seat, play in enumerate(says):
        if play:
            return seat
    return len(says) - 1 if dealer_must_play else None


def team(seat: int, maker_seat: int, players: int, partners: bool) -> bool:
    """Whether ``seat`` plays on the maker's side (partners sit opposite, seats 0+2 and 1+3)."""
    if partners:
        return seat % 2 == maker_seat % 2
    return seat == maker_seat


def deal_points(tricks: int, alone: bool = False, march: int = 2, march_alone: int = 2, fail: int = -2) -> int:
    """Points the maker's side writes for taking ``tricks`` of 5."""
    if tricks == 5:
        return march_alone if alone else march
    if tricks >= 3:
        return 1
    return fail


def premium(loser_points: int) -> int:
    """The premium the losers of a game pay, by their own points."""
    if loser_points <= 0:
        return 3
    if loser_points <= 2:
        return 2
    return 1


def play_deal(hands: list[list[str]], trump: str | None, choose, leader: int = 0,
              joker_any_time: bool = False) -> tuple[list[int], list[tuple[int, str]]]:
    """Play all tricks; ``choose(seat, legal_cards, trick)`` picks a card. Tricks per seat, moves."""
    hands = [list(h) for h in hands]
    n = len(hands)
    took = [0] * n
    moves: list[tuple[int, str]] = []
    while hands[leader]:
        trick: list[str] = []
        seats = [(leader + i) % n for i in range(n)]
        for seat in seats:
            options = legal(hands[seat], trick, trump, joker_any_time)
            card = choose(seat, options, list(trick))
            assert card in options
            hands[seat].remove(card)
            trick.append(card)
            moves.append((seat, card))
        leader = seats[trick_winner(trick, trump)]
        took[leader] += 1
    return took, moves


def random_deal(rng: random.Random, jokers: int = 1, players: int = 4) -> tuple[list[list[str]], str]:
    """Five cards to each seat from seat 0 on, then the turned card."""
    cards = deck(jokers)
    rng.shuffle(cards)
    return [cards[5 * i: 5 * i + 5] for i in range(players)], cards[5 * players]


def minimax(hands: list[list[str]], trump: str | None, maker_seat: int, partners: bool = True,
            leader: int = 0, joker_any_time: bool = False) -> int:
    """Tricks the maker's side takes when every hand is known and both sides play best."""
    n = len(hands)
    side = tuple(team(s, maker_seat, n, partners) for s in range(n))

    @cache
    def value(hs: tuple, trick: tuple, lead: int) -> int:
        if not trick and not hs[lead]:
            return 0
        seat = (lead + len(trick)) % n
        best = None
        for card in legal(list(hs[seat]), list(trick), trump, joker_any_time):
            nh = list(hs)
            nh[seat] = tuple(c for c in hs[seat] if c != card)
            t = (*trick, card)
            if len(t) == n:
                win = (lead + trick_winner(list(t), trump)) % n
                v = int(side[win]) + value(tuple(nh), (), win)
            else:
                v = value(tuple(nh), t, lead)
            if best is None or (v > best if side[seat] else v < best):
                best = v
        assert best is not None
        return best

    return value(tuple(tuple(h) for h in hands), (), leader)


def game_to_five(deals: list[tuple[int, int]], target: int = 5) -> tuple[int, int, list[int]] | None:
    """Replay ``(side, points)`` per deal; the winning side, its premium and the final scores."""
    score = [0, 0]
    for side_, pts in deals:
        score[side_] += pts
        if score[side_] >= target:
            return side_, premium(score[1 - side_]), score
    return None
