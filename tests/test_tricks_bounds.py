"""The trick solver's sure-trick bounds against plain minimax: a bound is a promise about the deal.

``sure_tricks`` (what a seat makes whatever the others do) must never exceed the paranoid value,
and the deal's tricks less ``sure_against`` (what the others surely take) must never fall below
it; the search prunes on both, so a bound one trick too generous changes solver values.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

from analyzer.games.tricks.deck import parse_mask
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.solver import parse_deal
from analyzer.games.tricks.search.sure import sure_against, sure_tricks
from tests import tricks_reference as ref
from tests.test_tricks_solver import DECK_54, GEORGIAN_DECK, random_deal


def _bounds_and_value(game: str, hands: list[str], trump: str, leader: int, seat: int,
                      tbt: bool = False) -> tuple[int, int, int]:
    """(sure tricks, most tricks the others leave, paranoid value by plain minimax) of ``seat``."""
    over = [f"players={len(hands)}", f"trump_beats_take={str(tbt).lower()}"]
    rules = trick_rules("georgian-joker" if game == "georgian" else "joker-54",
                        over + (["draw=none"] if game == "54" else []))
    deal = parse_deal(rules, hands, trump, leader)
    h = np.array(deal.hands, np.uint64)
    n, rp = len(hands), rules.params()
    lo = int(sure_tricks(h, n, 1 << seat, deal.trump, leader, 0, rp))
    hi = deal.cards - int(sure_against(h, n, 1 << seat, deal.trump, leader, 0, rp, 0))
    georgian = game == "georgian"
    value = ref.paranoid([ref.hand(x, georgian) for x in hands], None if trump == "none" else trump, leader, seat,
                         georgian, tbt)
    return lo, hi, value


def _check_deals(game: str, n: int, seed: int, shapes: list[tuple[int, int]], deal: Callable[..., tuple[list[str], str, int]] = random_deal,
                 alternate_tbt: bool = False) -> tuple[int, int]:
    """Every seat's bounds against plain minimax on ``n`` deals made by ``deal(rng, game, players,
    cards)`` (shapes in turn; ``alternate_tbt``: every other Georgian deal with trump-beats-take);
    how many seats' sure tricks were the value, and how many of those were above 0."""
    rng = random.Random(seed)
    exact = exact_positive = 0
    for i in range(n):
        players, cards = shapes[i % len(shapes)]
        hands, trump, leader = deal(rng, game, players, cards)
        for seat in range(players):
            lo, hi, value = _bounds_and_value(game, hands, trump, leader, seat,
                                              alternate_tbt and game == "georgian" and i % 2 == 1)
            assert lo <= value <= hi, (hands, trump, leader, seat, lo, value, hi)
            exact += lo == value
            exact_positive += lo == value > 0
    return exact, exact_positive


def _check_random_deals(game: str, n: int, seed: int) -> None:
    shapes = [(4, 3), (3, 3), (3, 4), (2, 4)] if game == "georgian" else [(3, 3), (3, 4), (2, 5), (4, 3)]
    assert _check_deals(game, n, seed, shapes, alternate_tbt=True)[0] > 0  # the bounds say something


@pytest.mark.parametrize("game", ["georgian", "54"])
def test_bounds_never_promise_more_than_minimax(game: str) -> None:
    _check_random_deals(game, 12, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["georgian", "54"])
def test_bounds_never_promise_more_than_minimax_on_many_deals(game: str) -> None:
    _check_random_deals(game, 400, seed=6)


def test_masters_cash_while_every_trump_holder_must_follow() -> None:
    # Clubs trump, seat 0 on lead without a trump: its Qd is above every other diamond, and every
    # seat holding a club holds a diamond, so it must follow: one sure trick (its hearts are not
    # one: the trump holders hold no heart and trump them).
    hands = ["Qd Ah 8h", "7c 7d Td", "Ac 9d Jd", "8d Kc 9c"]
    assert _bounds_and_value("georgian", hands, "c", 0, 0) == (1, 1, 1)
    # Not on lead (and no joker to take it), it cashes nothing.
    assert _bounds_and_value("georgian", hands, "c", 1, 0)[0] == 0
    # Its Ac, led first, draws seat 1's only trump: then only seat 2 still holds one, and it
    # must follow diamonds with its 9d, so the Qd makes a second sure trick.
    assert _bounds_and_value("georgian", ["Ac Qd 8h", "Kc 9h Th", "7c 8c 9d", "Td Jd Jh"], "c", 0, 0)[::2] == (2, 2)


def test_a_seat_taking_the_lead_with_its_joker_counts_the_trick_it_takes_it_in() -> None:
    # Seat 1 takes the lead with its joker in seat 2's trick; both others follow that trick, seat 2
    # with its only diamond, so the Qd no longer has a trump holder forced to follow: one trick
    # sure (the joker), not two.
    lo, _, value = _bounds_and_value("54", ["4s 5c 7d", "Jk2 7s Qd", "Ac 5h 4d"], "c", 2, 1)
    assert lo <= value == 1


def test_a_seat_holding_the_only_trumps_cashes_off_lead() -> None:
    # Spades trump, no joker out, seat 0 off lead holds the only trump: a suit it lacks it trumps
    # and takes, then leads its Ah (above every other heart): two sure tricks, not only the trump.
    assert _bounds_and_value("georgian", ["7s Ah", "7c 8c", "9c Tc", "Jc Qc"], "s", 1, 0) == (2, 2, 2)
    # Without the trump it must throw its aces on the clubs: nothing sure (and nothing made).
    assert _bounds_and_value("georgian", ["Ad Ah", "7c 8c", "9c Tc", "Jc Qc"], "s", 1, 0)[::2] == (0, 0)
    # The mirror: the others' sure tricks count what the trump holder cashes off lead.
    assert _bounds_and_value("georgian", ["7c 8c", "7s Ah", "9c Tc", "Jc Qc"], "s", 2, 0)[1] == 0


def _only_trump_deal(rng: random.Random, game: str, players: int, cards: int) -> tuple[list[str], str, int]:
    """A deal without jokers where one random seat holds every trump dealt (one or two), or in
    every other deal all but one, held by another seat."""
    deck = [c for c in (GEORGIAN_DECK if game == "georgian" else DECK_54) if not c.startswith("Jk")]
    trump = rng.choice("cdhs")
    trumps = [c for c in deck if c[1] == trump]
    plain = [c for c in deck if c[1] != trump]
    narrow = [c for c in plain if c[1] in rng.sample([x for x in "cdhs" if x != trump], 2)]
    if len(narrow) >= players * cards:  # two plain suits: more voids, so more trumping
        plain = narrow
    rng.shuffle(trumps)
    rng.shuffle(plain)
    holder = rng.randrange(players)
    k = rng.choice([1, 2])
    other = (holder + 1 + rng.randrange(players - 1)) % players if rng.random() < 0.5 else -1
    hands = []
    for s in range(players):
        take = trumps[:k] if s == holder else trumps[k:k + 1] if s == other else []
        need = cards - len(take)
        hands.append(" ".join(take + plain[:need]))
        plain = plain[need:]
    return hands, trump, rng.randrange(players)


@pytest.mark.parametrize("game", ["georgian", "54"])
def test_only_trump_holder_bounds_never_promise_more_than_minimax(game: str) -> None:
    # Deals built for the rule above (a seat holding the only trumps cashes off lead, no joker
    # out) and for its limit (another seat holds a trump too): every seat's bounds, the holder's
    # sure tricks and the others' against it, against minimax.
    assert _check_deals(game, 40, 11, [(4, 3), (3, 4), (3, 3)], _only_trump_deal)[1] > 0


def test_a_joker_played_after_every_other_joker_takes_its_trick() -> None:
    # Georgian jokers, no trump: seat 1 leads, seat 0 plays after it (the holder of the other
    # joker), so its joker played high takes the trick whatever seat 1 leads: one sure trick.
    hands = ["Td Jk1", "Tc Jk2", "Jd Ac"]
    assert _bounds_and_value("georgian", hands, "none", 1, 0) == (1, 2, 1)
    assert _bounds_and_value("georgian", ["Jk1", "Jk2", "6d", "7d"], "none", 1, 0)[::2] == (1, 1)
    # Seat 0 leading, seat 1 plays after it and kills its joker with the other: nothing sure.
    assert _bounds_and_value("georgian", hands, "none", 0, 0)[::2] == (0, 0)
    # A seat without a joker takes nothing from playing after both.
    assert _bounds_and_value("georgian", hands, "none", 0, 2)[::2] == (0, 0)
    # The 54-card game's jokers: a joker played after a high one must be low (its last card).
    assert _bounds_and_value("54", ["Jk1", "Jk2", "2c"], "none", 1, 0)[::2] == (0, 0)
    # Leading, with the other joker just before it: it leads the 6d, and takes that trick or plays
    # after the other joker in the next.
    assert _bounds_and_value("georgian", ["Jk1 6d", "7d 8d", "9d Td", "Jk2 Ad"], "none", 0, 0) == (1, 2, 1)
    # Its last card: led, the joker falls to the other.
    assert _bounds_and_value("georgian", ["Jk1", "7d", "8d", "Jk2"], "none", 0, 0)[::2] == (0, 0)
    # The other joker after it (seat 2, not just before it): nothing sure, nor made.
    assert _bounds_and_value("georgian", ["Jk2 Jc Tc", "Jd As 9s", "Jk1 Ks Ac", "6h Th 6d"], "h", 0, 0)[::2] == (0, 0)


def _split_jokers_deal(rng: random.Random, game: str, players: int, cards: int) -> tuple[list[str], str, int]:
    """A random deal with the two jokers in two random hands."""
    deck = [c for c in (GEORGIAN_DECK if game == "georgian" else DECK_54) if not c.startswith("Jk")]
    if rng.random() < 0.5:  # two suits: more following and trumping
        deck = [c for c in deck if c[1] in rng.sample("cdhs", 2)]
    rng.shuffle(deck)
    a, b = rng.sample(range(players), 2)
    hands = []
    for s in range(players):
        jk = ["Jk1"] if s == a else ["Jk2"] if s == b else []
        need = cards - len(jk)
        hands.append(" ".join(jk + deck[:need]))
        deck = deck[need:]
    return hands, rng.choice(["c", "d", "h", "s", "none"]), rng.randrange(players)


@pytest.mark.parametrize(("game", "deals"), [("georgian", 10), ("54", 10),
                                             pytest.param("georgian", 200, marks=pytest.mark.slow),
                                             pytest.param("54", 200, marks=pytest.mark.slow)])
def test_split_jokers_bounds_never_promise_more_than_minimax(game: str, deals: int) -> None:
    # Deals built for the rule above (a joker played after every other side's joker) and its
    # limits (the other joker after it, the 54-card jokers): every seat's bounds against minimax
    # (10 deals by default, ~1 CPU-s each game; 200 under the slow mark). The first 10 deals caught
    # every mutation of the rule the first 20 did (its lead check dropped, its order test reversed:
    # both caught on the Georgian deals by 10 deals as by 20).
    assert _check_deals(game, deals, 12, [(4, 3), (3, 4), (3, 3), (4, 2)], _split_jokers_deal,
                        alternate_tbt=True)[1] > 0


def test_a_master_takes_a_trick_when_the_others_run_out_of_other_leads() -> None:
    # No trump, no joker, seat 1 leads: seat 0 holds the top clubs and the Kh; the others can lead
    # spades twice at most (seat 2 holds two, each holder follows), so the third lead is a club
    # or a heart: one sure trick.
    assert _bounds_and_value("georgian", ["Kc Ac Kh Js", "9c Tc Qh Ts", "Qc Th 8s Qs", "Jc 6h 8h 7s"],
                             "none", 1, 0)[::2] == (1, 2)
    # Ac and Ad, the others hold no diamond and one heart each: one heart lead, then a club.
    assert _bounds_and_value("georgian", ["Ac Ad", "7h 7c", "8h 8c", "9h 9c"], "none", 1, 0) == (1, 2, 1)
    # The limits (each deal: nothing sure, nothing made). Leads in a suit count the most cards of
    # it one of them holds, not one a suit: seat 1's two hearts.
    assert _bounds_and_value("georgian", ["9c Ac", "Kh 7h", "7c 8h", "Jc Tc"], "s", 2, 0)[::2] == (0, 0)
    # No trump among them: seat 1 trumps the Ac, then leads diamonds, and clubs come back.
    assert _bounds_and_value("georgian", ["As Tc 8c Kc", "9d Ts 7d 8d", "Jd 6d Td Ac"], "s", 0, 2)[::2] == (0, 0)
    assert _bounds_and_value("georgian", ["Ks Kh 6h", "Jh Tc 7h", "As 9c Qs"], "s", 2, 0)[::2] == (0, 0)
    # A joker among them: led, or played on a master, it takes the trick.
    assert _bounds_and_value("georgian", ["Jk2 Jd 7d 7c", "Ac Qc 8c 6d", "Kd 8d Ad Kc"], "s", 0, 1)[::2] == (0, 0)
    # Masters of two suits: it may have to throw one suit's away, and they lead that suit.
    assert _bounds_and_value("georgian", ["Js Kd 7d Jd", "7h As 9s Jh", "Ad Kh 6d Qs"], "s", 1, 2)[::2] == (0, 0)


def _few_suits_deal(rng: random.Random, game: str, players: int, cards: int) -> tuple[list[str], str, int]:
    """A random deal from two or three suits (in half of them, no joker): short suits, masters,
    and few leads for the others."""
    deck = [c for c in (GEORGIAN_DECK if game == "georgian" else DECK_54)
            if not c.startswith("Jk") or rng.random() < 0.25]
    suits = rng.sample("cdhs", rng.choice([2, 3]))
    deck = [c for c in deck if c.startswith("Jk") or c[1] in suits]
    rng.shuffle(deck)
    hands = [" ".join(deck[i * cards:(i + 1) * cards]) for i in range(players)]
    return hands, rng.choice(["c", "d", "h", "s", "none"]), rng.randrange(players)


@pytest.mark.parametrize("game", ["georgian", "54"])
def test_few_suits_bounds_never_promise_more_than_minimax(game: str) -> None:
    # Deals built for the rule above (the others run out of leads away from a master) and its
    # limits: every seat's bounds against minimax.
    assert _check_deals(game, 60, 13, [(4, 3), (3, 4), (3, 3), (4, 2)], _few_suits_deal)[1] > 0


@pytest.mark.parametrize("game", ["georgian", "54"])
def test_sure_tricks_before_the_last_card_of_another_seat_hold_after_any_card(game: str) -> None:
    # The search asks a seat's sure tricks before the last card of a trick the others win: that
    # card still in its holder's hand (``skip``), the winner leading next. They must hold after
    # every card the holder may play: against minimax of each position after it.
    rng = random.Random(14)
    tight = 0
    for i in range(40):
        players, cards = [(4, 3), (3, 4), (3, 3), (4, 2)][i % 4]
        hands, trump, _ = (_few_suits_deal, _split_jokers_deal, random_deal)[i % 3](rng, game, players, cards)
        last, leader = rng.sample(range(1, players), 2)  # seat 0 is the side; both others
        rest = [" ".join(h.split()[:-1]) if s != last else h for s, h in enumerate(hands)]
        rules = trick_rules("georgian-joker" if game == "georgian" else "joker-54",
                            [f"players={players}"] + (["draw=none"] if game == "54" else []))
        deal = parse_deal(rules, hands, trump, leader)
        h = np.array([parse_mask(x, deal.deck) for x in rest], np.uint64)
        lo = int(sure_tricks(h, players, 1, deal.trump, leader, 1 << last, rules.params()))
        georgian = game == "georgian"
        for c in rest[last].split():
            after = [x if s != last else " ".join(y for y in x.split() if y != c) for s, x in enumerate(rest)]
            value = ref.paranoid([ref.hand(x, georgian) for x in after], None if trump == "none" else trump, leader,
                                 0, georgian)
            assert lo <= value, (rest, trump, leader, last, c, lo, value)
        tight += lo > 0
    assert tight > 0
