"""Short poker for tricks: every rule as a named test, on the plain referee and on the kernels.

Each rule test runs twice: on ``tests/short_tricks_reference.py`` (written from the rule text) and
on the numba kernels of ``analyzer.games.tricks.kernels.short`` through their card-text adapter.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
import short_tricks_reference as ref

from analyzer.games.tricks.deck import format_mask, parse_mask, trick_deck
from analyzer.games.tricks.kernels import short as sk
from analyzer.games.tricks.kernels.moves import HIGH, legal_moves, trick_winner
from analyzer.games.tricks.rules import TrickRulesError, short_rules


class Kernels:
    """The kernels behind the referee's card-text interface."""

    @staticmethod
    def _deck(cards: list[str]):  # type: ignore[no-untyped-def]
        return trick_deck("32+2" if any(c in ("Jk1", "Jk2") for c in cards) else "32+1")

    @staticmethod
    def _trick(trick: list[str], d) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
        """The engine's trick arrays: the card bits and their modes (a top-trump joker is always HIGH)."""
        bits = [sk.bit_of(c, d) for c in trick] + [0] * (6 - len(trick))
        return np.array(bits, np.int64), np.array([HIGH if b >= 61 else 0 for b in bits], np.int64)

    def legal(self, hand: list[str], trick: list[str], trump: str | None, joker_any_time: bool = False) -> list[str]:
        d = self._deck(hand + trick)
        rp = short_rules("short-tricks", [f"joker_any_time={joker_any_time}"]).params()
        mask = parse_mask(" ".join(hand), d)
        t_card, t_mode = self._trick(trick, d)
        out = np.zeros(8, np.int64)
        n = legal_moves(np.uint64(mask), t_card, t_mode, len(trick), sk.trump_code(trump), rp, out)
        assert all(a >> 6 == (HIGH if a & 63 >= 61 else 0) for a in out[:n])  # a joker is always high
        got = format_mask(sum(1 << int(a & 63) for a in out[:n]), d).split()
        return [c for c in hand if c in got]

    def trick_winner(self, trick: list[str], trump: str | None) -> int:
        d = self._deck(trick)
        t_card, t_mode = self._trick(trick, d)
        return int(trick_winner(t_card, t_mode, len(trick), sk.trump_code(trump), short_rules().params()))


IMPLS = {"referee": ref, "kernels": Kernels()}


@pytest.fixture(params=list(IMPLS))
def impl(request):  # type: ignore[no-untyped-def]
    return IMPLS[request.param]


def H(text: str) -> list[str]:
    return text.split()


# --- which cards may be played -------------------------------------------------------------------

def test_must_follow_suit(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7h Ah Kc 9s Td"), ["Qh"], "s") == ["7h", "Ah"]


def test_void_must_trump(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7s As Kc 9d Td"), ["Qh"], "s") == ["7s", "As"]


def test_neither_suit_nor_trump_any_card(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7c Ac Kc 9d Td"), ["Qh"], "s") == H("7c Ac Kc 9d Td")


def test_leader_plays_any_card(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7c Jk Kh"), [], "s") == H("7c Jk Kh")


def test_joker_may_not_be_played_while_holding_the_led_plain_suit(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7h Jk Kc"), ["Qh"], "s") == ["7h"]


def test_joker_any_time_variant_allows_it_while_following(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7h Jk Kc"), ["Qh"], "s", True) == ["7h", "Jk"]


def test_joker_counts_as_a_trump_when_trump_is_led(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7h Jk Ks"), ["Qs"], "s") == ["Jk", "Ks"]
    assert impl.legal(H("7h Jk Kc"), ["Qs"], "s") == ["Jk"]  # the only trump held is the joker


def test_void_in_led_suit_may_or_must_play_the_joker_as_a_trump(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7s Jk Kc"), ["Qh"], "s") == ["7s", "Jk"]
    assert impl.legal(H("7d Jk Kc"), ["Qh"], "s") == ["Jk"]


def test_led_joker_calls_for_trumps(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7s Ah Kc"), ["Jk"], "s") == ["7s"]
    assert impl.legal(H("7d Ah Kc"), ["Jk"], "s") == H("7d Ah Kc")


def test_no_trump_joker_is_a_suit_of_its_own(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.legal(H("7h Jk1 Kc"), ["Qh"], None) == ["7h"]
    assert impl.legal(H("7d Jk1 Kc"), ["Qh"], None) == H("7d Jk1 Kc")
    assert impl.legal(H("7d Jk2 Kc"), ["Jk1"], None) == ["Jk2"]  # a led joker calls for the other joker


# --- who takes the trick ---------------------------------------------------------------------------

def test_highest_card_of_led_suit_wins(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.trick_winner(H("Qh Ah 7h Kc"), "s") == 1


def test_ranks_ace_king_queen_jack_ten_nine_eight_seven(impl) -> None:  # type: ignore[no-untyped-def]
    order = H("7h 8h 9h Th Jh Qh Kh Ah")
    for lo, hi in itertools.pairwise(order):
        assert impl.trick_winner([lo, hi], None) == 1
        assert impl.trick_winner([hi, lo], None) == 0


def test_any_trump_beats_the_led_suit(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.trick_winner(H("Ah 7s Kh 8s"), "s") == 3


def test_joker_is_the_top_trump(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.trick_winner(H("As Jk Ks Qs"), "s") == 1
    assert impl.trick_winner(H("Ah Ks Jk 7h"), "s") == 2


def test_two_jokers_the_later_one_wins(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.trick_winner(H("Jk1 7s Jk2 As"), "s") == 2
    assert impl.trick_winner(H("Jk2 Jk1 Ah As"), "s") == 1


def test_no_trump_joker_beats_every_card(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.trick_winner(H("Ah Kh Jk 7c"), None) == 2


def test_no_trump_off_suit_cards_never_win(impl) -> None:  # type: ignore[no-untyped-def]
    assert impl.trick_winner(H("7h As Ac Ad"), None) == 0


# --- the deal: trump, maker, scoring, game ------------------------------------------------------------

def test_turned_card_sets_trump_and_a_turned_joker_means_no_trump() -> None:
    assert ref.trump_of_turned("9d") == "d"
    assert ref.trump_of_turned("Jk") is None
    assert ref.trump_of_turned("9d", "none") is None
    assert sk.turned_trump(sk.bit_of("9d", trick_deck("32+1")), 0) == 1
    assert sk.turned_trump(61, 0) == -1 and sk.turned_trump(sk.bit_of("9d", trick_deck("32+1")), 1) == -1


def test_first_play_from_the_dealers_left_is_the_maker() -> None:
    says = [False, True, True, False]
    assert ref.maker(says) == 1
    assert sk.maker_of(np.array(says, np.int64), 4, 0) == 1


def test_all_pass_throws_the_deal_in_or_the_dealer_must_play() -> None:
    says = [False] * 4
    assert ref.maker(says) is None and sk.maker_of(np.array(says, np.int64), 4, 0) == -1
    assert ref.maker(says, dealer_must_play=True) == 3 and sk.maker_of(np.array(says, np.int64), 4, 1) == 3


def test_partners_sit_opposite() -> None:
    assert [ref.team(s, 1, 4, True) for s in range(4)] == [False, True, False, True]
    assert [ref.team(s, 1, 3, False) for s in range(3)] == [False, True, False]


@pytest.mark.parametrize("tricks,points", [(0, -2), (1, -2), (2, -2), (3, 1), (4, 1), (5, 2)])
def test_deal_points_one_for_three_or_four_two_for_march_minus_two_for_failure(tricks: int, points: int) -> None:
    r = short_rules()
    assert ref.deal_points(tricks) == points == r.deal_points(tricks)
    assert sk.deal_points(tricks, r.params()) == points


def test_march_alone_parameter() -> None:
    r = short_rules("short-tricks", ["partners=false", "players=3", "march_alone=4"])
    assert r.deal_points(5) == 4 == ref.deal_points(5, alone=True, march_alone=4)
    assert sk.deal_points(5, r.params()) == 4


@pytest.mark.parametrize("losers,premium", [(-4, 3), (0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_premium_three_two_one_by_the_losers_points(losers: int, premium: int) -> None:
    assert ref.premium(losers) == premium == short_rules().premium_for(losers)


def test_game_is_played_to_five() -> None:
    assert ref.game_to_five([(0, 1), (1, 2), (0, -2), (1, 2), (1, 1)]) == (1, 3, [-1, 5])
    assert ref.game_to_five([(0, 2), (0, 2)]) is None


# --- the rules as data ----------------------------------------------------------------------------------

def test_preset_has_every_rule_and_overrides_work() -> None:
    r = short_rules()
    assert (r.deck, r.players, r.partners, r.trump, r.joker_any_time, r.all_pass, r.make_points, r.march,
            r.march_alone, r.fail, r.target, r.premium_table) == (
        "32+1", 4, True, "turned", False, "throw-in", 1, 2, 2, -2, 5, (3, 2, 2, 1, 1))
    o = short_rules("short-tricks", ["deck=32+2", "trump=none", "joker_any_time=true", "fail=-3",
                                     "target=3", "premium_table=[2,1,1]"])
    assert (o.joker_count, o.trump, o.joker_any_time, o.fail, o.target, o.premium_for(0)) == (2, "none", True, -3, 3, 2)


@pytest.mark.parametrize("override,message", [
    ("colour=red", "unknown rule key 'colour'"),
    ("deck=36+1", "rule deck must be one of 36j, 52+2, 32+1, 32+2"),
    ("deck=52+2", "scoring=maker (short poker for tricks) needs jokers=top-trump and deck 32+1 or 32+2"),
    ("hook=off", "unknown rule key 'hook'"),
    ("premium=next", "unknown rule key 'premium'"),
    ("target=6", "rule premium_table needs one entry per losers' score 0..5 (6 entries), got 5"),
    ("partners=maybe", "rule partners must be true or false"),
    ("players=6", "partners need players=4"),
])
def test_bad_rule_overrides_name_the_problem(override: str, message: str) -> None:
    with pytest.raises(TrickRulesError, match=message.replace("(", r"\(").replace(")", r"\)").replace("+", r"\+")):
        short_rules("short-tricks", [override])


# --- random agreement -------------------------------------------------------------------------------------

@pytest.mark.parametrize("jokers,trump_rule,any_time", [(1, "turned", False), (2, "turned", False),
                                                         (2, "none", False), (1, "turned", True)])
def test_random_positions_kernels_agree_with_referee(jokers: int, trump_rule: str, any_time: bool) -> None:
    rng = random.Random(27 + jokers)
    k = IMPLS["kernels"]
    for _ in range(400):
        hands, turned = ref.random_deal(rng, jokers)
        trump = ref.trump_of_turned(turned, trump_rule)
        tricks = rng.randrange(4)
        trick = [hands[(i + 1) % 4][i] for i in range(tricks)]
        assert k.legal(hands[0], trick, trump, any_time) == ref.legal(hands[0], trick, trump, any_time)
        full = [h[0] for h in hands]
        assert k.trick_winner(full, trump) == ref.trick_winner(full, trump)
