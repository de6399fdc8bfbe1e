"""Named rules of the trick games: trick winners, follow duties, joker modes, scoring, presets."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.errors import JokerOddsError
from analyzer.games.tricks.deck import bit_of_code, parse_mask, trick_deck
from analyzer.games.tricks.kernels.moves import (
    GIVE,
    HIGH,
    LOW,
    TAKE,
    deal_score,
    legal_moves,
    trick_winner,
)
from analyzer.games.tricks.rules import TrickRulesError, trick_rules

G = trick_rules("georgian-joker")
GP = G.params()
D36 = trick_deck("36j")
J54 = trick_rules("joker-54").params()
S = {"c": 0, "d": 1, "h": 2, "s": 3}


def b(text: str) -> int:
    """The bit of one card ('Jk1', 'Jk2' or e.g. 'Ah')."""
    if text.startswith("Jk"):
        return 60 + int(text[2])
    return S[text[1]] * 16 + "23456789TJQKA".index(text[0])


def trick(*plays: str | tuple[str, int]) -> tuple[np.ndarray, np.ndarray, int]:
    cards, modes = [], []
    for p in plays:
        c, m = (p, 0) if isinstance(p, str) else p
        cards.append(b(c))
        modes.append(m)
    return np.array(cards + [0] * (4 - len(cards))), np.array(modes + [0] * (4 - len(modes))), len(plays)


def winner(rp: np.ndarray, trump: str, *plays: str | tuple[str, int]) -> int:
    c, m, k = trick(*plays)
    return int(trick_winner(c, m, k, S.get(trump, -1), rp))


def moves(rp: np.ndarray, hand: str, trump: str, *plays: str | tuple[str, int], deck=D36) -> list[int]:
    c, m, k = trick(*plays)
    out = np.zeros(48, np.int64)
    n = legal_moves(np.uint64(parse_mask(hand, deck)), c, m, k, S.get(trump, -1), rp, out)
    return sorted(out[:n].tolist())


def test_jokers_are_the_black_sixes() -> None:
    assert parse_mask("6c", D36) == 1 << 61 and parse_mask("6s", D36) == 1 << 62
    assert parse_mask("Jk1 Jk2", D36) == parse_mask("6c 6s", D36)
    assert bit_of_code(52) == 61
    with pytest.raises(JokerOddsError, match="not in deck 36j"):
        parse_mask("2c", D36)


def test_highest_of_the_led_suit_wins_without_trump() -> None:
    assert winner(GP, "none", "Th", "Ah", "7c", "Kh") == 1


def test_a_trump_beats_the_led_suit() -> None:
    assert winner(GP, "s", "Th", "Ah", "7s", "9s") == 3


def test_a_led_take_wins_the_trick() -> None:
    assert winner(GP, "none", ("Jk1", TAKE + S["c"]), "Ac", "Kc", "Qc") == 0
    assert winner(GP, "h", ("Jk1", TAKE + S["c"]), "Ac", "7h", "Qc") == 0  # trump does not beat it


def test_trump_beats_take_variant() -> None:
    rp = trick_rules("georgian-joker", ["trump_beats_take=true"]).params()
    assert winner(rp, "h", ("Jk1", TAKE + S["c"]), "Ac", "7h", "8h") == 3
    assert winner(rp, "h", ("Jk1", TAKE + S["h"]), "Ah", "7h", "8h") == 0  # a take of trump holds


def test_a_led_give_nobody_follows_goes_to_the_joker() -> None:
    assert winner(GP, "none", ("Jk1", GIVE + S["h"]), "Ac", "Kc", "Qd") == 0
    assert winner(GP, "none", ("Jk1", GIVE + S["c"]), "7c", "Ac", "8d") == 2  # highest X wins
    assert winner(GP, "d", ("Jk1", GIVE + S["c"]), "Ac", "7d", "Kc") == 2  # a trump wins


def test_two_high_jokers_the_later_wins() -> None:
    assert winner(GP, "h", "7d", ("Jk1", HIGH), ("Jk2", HIGH), "Ah") == 2
    assert winner(GP, "h", "7d", ("Jk1", HIGH), ("Jk2", LOW), "Ah") == 1
    assert winner(GP, "h", ("Jk1", TAKE + 1), ("Jk2", HIGH), "Ad", "Kd") == 1
    assert winner(GP, "h", "7d", ("Jk1", LOW), "8d", "6d") == 2  # a low joker never wins


def test_a_void_player_is_forced_to_trump() -> None:
    assert moves(GP, "7h Ad Kd", "h", "Ac") == [b("7h")]
    free = trick_rules("georgian-joker", ["must_trump=false"]).params()
    assert moves(free, "7h Ad Kd", "h", "Ac") == sorted([b("7h"), b("Ad"), b("Kd")])
    assert moves(GP, "7h Ad Jk2", "h", "Ac") == sorted([b("7h"), b("Jk2") + 64 * HIGH, b("Jk2") + 64 * LOW])


def test_holding_the_led_suit_he_must_follow() -> None:
    assert moves(GP, "7c Ac 7h", "h", "Kc") == sorted([b("7c"), b("Ac")])


def test_take_forces_the_highest_card_of_the_suit() -> None:
    assert moves(GP, "Qc 7c Kd", "none", ("Jk1", TAKE + S["c"])) == [b("Qc")]
    assert moves(GP, "Qc 7c Kd", "none", ("Jk1", GIVE + S["c"])) == sorted([b("Qc"), b("7c")])


def test_a_led_joker_has_eight_modes() -> None:
    assert moves(GP, "Jk1", "h") == sorted(b("Jk1") + 64 * m for m in range(TAKE, GIVE + 4))


def test_54_jokers_high_low_and_opposite() -> None:
    d54 = trick_deck("52+2")
    assert moves(J54, "Jk1 2c", "h", deck=d54) == sorted([b("2c"), b("Jk1") + 64, b("Jk1") + 128])
    assert moves(J54, "Jk2 2d", "h", ("Jk1", HIGH), deck=d54) == sorted([b("2d"), b("Jk2") + 64 * LOW])
    # a led joker: the next card sets the suit, then it must be followed
    assert moves(J54, "2c 3d", "h", ("Jk1", LOW), deck=d54) == sorted([b("2c"), b("3d")])
    assert moves(J54, "2c 3d", "h", ("Jk1", LOW), "5d", deck=d54) == [b("3d")]
    assert winner(J54, "h", ("Jk1", LOW), "5d", "9d") == 2
    assert winner(J54, "h", ("Jk1", HIGH), "5d", "9h") == 0
    assert winner(J54, "h", "5d", ("Jk1", LOW), ("Jk2", HIGH)) == 2
    # no duty to trump
    assert moves(J54, "2h 3s", "h", "5d", deck=d54) == sorted([b("2h"), b("3s")])


@pytest.mark.parametrize(("bid", "took", "cards", "score"), [
    (0, 0, 5, 50), (2, 2, 5, 150), (5, 5, 5, 500), (1, 1, 1, 100), (9, 9, 9, 900),
    (3, 0, 5, -200), (3, 1, 5, 10), (1, 3, 5, 30), (0, 2, 5, 20)])
def test_georgian_scoring_table(bid: int, took: int, cards: int, score: int) -> None:
    assert deal_score(bid, took, cards, 0, GP) == score


def test_hisht_variants_and_miss_penalty() -> None:
    by_set = trick_rules("georgian-joker", ["hisht=by-set"]).params()
    assert [deal_score(2, 0, 9, s, by_set) for s in range(4)] == [-200, -300, -500, -900]
    per_card = trick_rules("georgian-joker", ["hisht=per-card"]).params()
    assert deal_score(2, 0, 7, 0, per_card) == -700
    minus = trick_rules("georgian-joker", ["over_per_trick=0", "over_per_missed=-10",
                                           "under_per_trick=0", "under_per_missed=-10"]).params()
    assert deal_score(1, 4, 5, 0, minus) == -30 and deal_score(4, 1, 5, 0, minus) == -30


@pytest.mark.parametrize(("bid", "took", "score"), [(0, 0, 5), (3, 3, 30), (2, 4, 4), (4, 1, -30), (0, 2, 2)])
def test_54_scoring_table(bid: int, took: int, score: int) -> None:
    assert deal_score(bid, took, 6, 0, J54) == score


def test_presets_and_overrides() -> None:
    assert G.schedule_cards() == (1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 9, 9, 9)
    assert trick_rules("georgian-joker", ["players=3"]).max_cards == 12
    assert trick_rules("georgian-joker", ["players=2"]).max_cards == 18
    j = trick_rules("joker-54")
    assert j.tricks_in_deal(8) == 8 + (54 - 24) // 3
    assert trick_rules("joker-54", ["draw=none"]).tricks_in_deal(8) == 8
    for bad, msg in [(["nope=1"], "unknown rule key 'nope'"), (["hook=maybe"], "rule hook must be one of"),
                     (["players=5"], "players must be 2..4"), (["must_trump=perhaps"], "true or false"),
                     (["hook"], "not KEY=VALUE")]:
        with pytest.raises(JokerOddsError, match=msg):
            trick_rules("georgian-joker", bad)
    with pytest.raises(JokerOddsError, match="unknown game"):
        trick_rules("bridge")


@pytest.mark.parametrize(("hook", "forbidden"), [("tricks", "tricks"), ("hand", "cards"), ("off", None)])
def test_the_hook_on_the_dealers_bid(hook: str, forbidden: str | None) -> None:
    from analyzer.games.tricks.state import TrickState

    rules = trick_rules("joker-54", [f"hook={hook}"])
    st = TrickState.new_deal(rules, 4, np.random.default_rng(1))
    assert st.tricks == 4 + (54 - 12) // 3  # drawing: more tricks than cards
    st.apply_action(1)
    st.apply_action(2)
    legal = st.legal_actions()  # the dealer's bids
    target = {"tricks": st.tricks, "cards": 4, None: None}[forbidden]
    everything = list(range(st.tricks + 1))
    assert legal == [b for b in everything if target is None or b != target - 3]


def test_one_parser_for_every_family() -> None:
    """Short poker for tricks is a rule set of the one ``TrickRules``: its fields are keys of the same
    parser, another family's keys are unknown to it, and the two families cannot be mixed."""
    from analyzer.games.tricks.rules import P, short_rules

    s = trick_rules("short-tricks")
    assert s == short_rules() and s.scoring == "maker" and s.jokers == "top-trump"
    assert s.params()[P.MODEL] == 2 and s.params()[P.SCORING] == 1 and s.params()[P.FAIL] == -2
    assert trick_rules("georgian-joker").params()[P.SCORING] == 0
    assert list(s.to_dict())[-1] == "premium_table" and "hook" not in s.to_dict()
    with pytest.raises(TrickRulesError, match="unknown rule key 'partners'"):
        trick_rules("georgian-joker", ["partners=false"])
    with pytest.raises(TrickRulesError, match="belong to scoring=maker"):
        trick_rules("joker-54", ["jokers=top-trump"])
    with pytest.raises(TrickRulesError, match="unknown game 'georgian-joker'"):
        short_rules("georgian-joker")
