"""Every rule of durak with two jokers as a named scenario, on the kernels through the façade."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.cards import format_card, parse_card, parse_hand
from analyzer.errors import JokerOddsError
from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.kernels.moves import begin_bout
from analyzer.games.durak.rules import DurakError, durak_rules
from analyzer.games.durak.state import DurakState

TAKE, PASS = L.TAKE, L.PASS


def c(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> list[int]:
    return [int(x) for x in parse_hand(text)]


def arranged(rules, hands: list[str], turned: str, first: int = 0) -> DurakState:
    """A fresh deal: the given hands, the turned card, the rest of the deck as the stock."""
    fixed = [x for h in hands for x in cards(h)] + [c(turned)]
    rest = [int(x) for x in rules.deck_cards() if int(x) not in fixed]
    return DurakState.from_pack(rules, fixed + rest, first)


def endgame(rules, hands: list[str], turned: str, attacker: int, bouts: int = 3) -> DurakState:
    """The stock is empty, the other cards are discarded, ``attacker`` leads."""
    st = DurakState.deal(rules, 0)
    S = st.S
    tr = c(turned)
    S[L.TURNED] = tr
    S[L.CTX] = 4 if tr == 52 else 5 if tr == 53 else tr & 3
    held = 0
    for s, h in enumerate(hands):
        m = 0
        for x in cards(h):
            m |= 1 << x
        S[L.HAND + s] = m
        S[L.KNOWN + s] = 0
        held |= m
    S[L.DISC] = S[L.DECKMASK] & ~held
    S[L.SPOS] = S[L.SLEN]
    S[L.BOUT] = bouts
    begin_bout(S, attacker)
    return st


def play(st: DurakState, *moves: str) -> None:
    for m in moves:
        st.apply_action(TAKE if m == "take" else PASS if m == "pass" else c(m))


def defences(st: DurakState) -> set[int]:
    return set(st.legal_actions()) - {TAKE}


def beaters(turned: str, attack: str, **variant: bool) -> set[int]:
    tab = L.context_tables(**variant)
    tr = c(turned)
    ctx = 4 if tr == 52 else 5 if tr == 53 else tr & 3
    mask = int(tab[ctx, L.BEAT + c(attack)])
    return {x for x in range(54) if mask >> x & 1}


# --- the beat relation -----------------------------------------------------------------------
def test_red_joker_beats_everything_under_a_red_trump():
    for turned in ("7h", "9d"):
        for attack in range(54):
            if attack != 52:
                assert 52 in beaters(turned, format_card(attack))
        assert beaters(turned, "Jk1") == set()  # nothing beats it


def test_black_joker_beats_black_cards_not_red_ones_under_a_red_trump():
    assert 53 in beaters("7h", "As") and 53 in beaters("7h", "6c")
    assert 53 not in beaters("7h", "7d")      # a red non-trump
    assert 53 not in beaters("7h", "6h")      # a trump
    assert 53 not in beaters("7h", "Jk1")
    # a trump or the red joker beats it; no plain black card does
    assert beaters("7h", "Jk2") == {x for x in range(52) if x & 3 == 2} | {52}


def test_red_joker_is_the_low_joker_under_a_black_trump():
    assert 52 in beaters("8s", "Ah") and 52 not in beaters("8s", "Ac") and 52 not in beaters("8s", "6s")
    assert 53 in beaters("8s", "As") and beaters("8s", "Jk2") == set()


def test_turned_black_joker_makes_clubs_and_spades_trumps_of_which_equal_ranks_do_not_beat():
    assert c("8c") not in beaters("Jk2", "8s") and c("8s") not in beaters("Jk2", "8c")
    assert c("9c") in beaters("Jk2", "8s") and c("9s") in beaters("Jk2", "8c")
    assert c("6c") in beaters("Jk2", "Ah")    # any trump beats a non-trump
    assert 53 in beaters("Jk2", "As")         # the turned joker is the highest card
    assert beaters("Jk2", "Jk2") == set()
    assert 52 in beaters("Jk2", "Ad") and 52 not in beaters("Jk2", "6c")  # red joker: red cards only


def test_turned_red_joker_makes_diamonds_and_hearts_trumps():
    assert c("7d") in beaters("Jk1", "6h") and c("6d") not in beaters("Jk1", "6h")
    assert c("6h") in beaters("Jk1", "As")


def test_plain_cards_higher_of_the_suit_or_any_trump():
    assert beaters("7h", "9c") == {c("Tc"), c("Jc"), c("Qc"), c("Kc"), c("Ac"), 52, 53} | \
        {x for x in range(52) if x & 3 == 2}
    assert c("8h") not in beaters("7h", "9h") and c("Th") in beaters("7h", "9h")


def test_variants_equal_rank_trumps_and_low_joker_on_any_non_trump():
    assert c("8c") in beaters("Jk2", "8s", equal_rank=True)
    assert 53 in beaters("7h", "7d", low_any=True) and 53 not in beaters("7h", "7h", low_any=True)


# --- bouts -----------------------------------------------------------------------------------
def test_defence_options_in_play():
    st = arranged(durak_rules(), ["6c 7c 8c 9d Td Jd", "Jk2 6s 7h Kc 8d Jk1"], "Ah")
    play(st, "7c")
    assert defences(st) == {c("Kc"), c("Jk2"), c("7h"), 52}


def test_first_bout_limit_of_five_attack_cards():
    hands = ["6c 6d 6h 7c 7d 7h", "7s 8c 8d 8h Ks As"]
    st = arranged(durak_rules(), hands, "9s")
    play(st, "6c", "7s", "6d", "8d", "6h", "8h", "7c", "8c", "7d", "Ks")
    assert st.phase == "lead" and st.current_player() == 1   # 7h could not be thrown: five cards
    assert c("7h") in st.hand(0) and len(st.hand(1)) == 6  # defender drew back up to six
    st = arranged(durak_rules(overrides=["first_bout_limit=0"]), hands, "9s")
    play(st, "6c", "7s", "6d", "8d", "6h", "8h", "7c", "8c", "7d", "Ks")
    assert st.legal_actions() == [c("7h"), PASS]             # the sixth card may come


def test_attack_cards_capped_by_the_defenders_hand_at_the_bout_start():
    rules = durak_rules(3, overrides=["hand_size=2"])
    st = arranged(rules, ["6c 6d", "7h 8h", "6h 9c"], "Ts")
    play(st, "6c", "take", "6d")                 # the defender held 2: no third card for seat 2
    assert st.phase == "lead" and len(st.hand(1)) == 4     # held two, took two
    rules = durak_rules(3, overrides=["hand_size=2", "limit_by_defender=false"])
    st = arranged(rules, ["6c 6d", "7h 8h", "6h 9c"], "Ts")
    play(st, "6c", "take", "6d")
    assert st.current_player() == 2 and c("6h") in st.legal_actions()


def test_max_attack_caps_a_bout_at_six():
    rules = durak_rules(overrides=["first_bout_limit=0", "max_attack=3"])
    st = arranged(rules, ["6c 6d 6h 7c 7d 7h", "7s 8c 8d 8h Ks As"], "9s")
    play(st, "6c", "7s", "6d", "8d", "6h", "8h")
    assert st.phase == "lead" and st.current_player() == 1


def test_a_joker_opens_no_rank():
    st = arranged(durak_rules(), ["9c 9d Kc 6h 7h 8h", "Jk2 Ts Js Qs Ks As"], "Ad")
    play(st, "Kc", "Jk2")                          # the black joker beats a black card
    assert st.phase == "lead" and st.current_player() == 1   # only rank K on the table: nothing to throw
    st = arranged(durak_rules(), ["Jk1 9d Kc 6h 7h 8h", "6c Ts Js Qs Ks As"], "Ad")
    play(st, "Jk1", "take")                        # a joker led: the taker gets nothing more
    assert st.phase == "lead" and st.current_player() == 0 and 52 in st.hand(1)


def test_a_joker_cannot_be_thrown_in():
    st = arranged(durak_rules(), ["9c 9d Jk1 6h 7h 8h", "Tc Ts Js Qs Ks As"], "Ad")
    play(st, "9c", "Tc")
    assert st.legal_actions() == [c("9d"), PASS]


def test_throw_in_order_attacker_first_then_clockwise():
    st = arranged(durak_rules(3), ["6c 7d 8d 9d Td Jd", "Kc Ah Qh Jh Th 9h", "6d 6h Kd Qd Ad As"], "7s", first=0)
    play(st, "6c", "Kc")                           # ranks 6 and K: the attacker has neither
    assert st.current_player() == 2 and set(st.legal_actions()) == {c("6d"), c("6h"), c("Kd"), PASS}
    play(st, "6h")
    assert st.current_player() == 1
    play(st, "9h")                                 # after a beat the attacker has the first word again
    assert st.current_player() == 0 and c("9d") in st.legal_actions()


def test_after_a_take_more_cards_may_be_given_and_the_next_seat_attacks():
    st = arranged(durak_rules(3), ["6c 6d 8d 9d Td Jd", "7c Kh Qh Jh Th 9h", "6h Kc Kd Qd Ad As"], "7s", first=0)
    play(st, "6c", "take", "6d", "6h")            # the attacker gives first, then seat 2
    assert st.phase == "lead" and st.current_player() == 2 and {c("6c"), c("6d"), c("6h")} <= set(st.hand(1))
    st2 = arranged(durak_rules(3, overrides=["throw_after_take=false"]),
                   ["6c 6d 8d 9d Td Jd", "7c Kh Qh Jh Th 9h", "6h Kc Kd Qd Ad As"], "7s", first=0)
    play(st2, "6c", "take")
    assert st2.phase == "lead" and st2.current_player() == 2


def test_a_defender_who_beats_everything_attacks_next():
    st = arranged(durak_rules(), ["6c 7d 8d 9d Td Jd", "Ac Kh Qh Jh Th 9h"], "7s", first=0)
    play(st, "6c", "Ac")
    assert st.phase == "lead" and st.current_player() == 1


def test_refill_order_first_attacker_first_defender_last():
    rules = durak_rules(3)
    hands = ["6c 8d 9d Td Jd Kd", "7c 7d Qh Jh Th 9h", "6h Kc Qd Ad As 8c"]
    st = arranged(rules, hands, "7s", first=0)
    st.S[L.SPOS] = st.S[L.SLEN] - 2            # two cards left: the last one turned
    nxt, turned = int(st.S[L.STOCK + st.S[L.SLEN] - 2]), int(st.S[L.STOCK + st.S[L.SLEN] - 1])
    held = st.S[L.DECKMASK] & ~(st.S[L.HAND] | st.S[L.HAND + 1] | st.S[L.HAND + 2]) & ~(1 << nxt) & ~(1 << turned)
    st.S[L.DISC] = held
    play(st, "6c", "7c", "6h", "9h", "pass")   # 0 leads, 2 throws in, 1 beats both; 0 keeps 9d
    assert nxt in st.hand(0) and turned in st.hand(2) and len(st.hand(1)) == 4


def test_lowest_trump_attacks_first():
    st = arranged(durak_rules(3), ["Ac Kh Qh Jh Th 9h", "6c 7d 8s 9d Td Jd", "7s Kc Kd Qd Ad As"], "9s", -1)
    assert st.first_attacker == 2
    st = arranged(durak_rules(3), ["Ac Kh Qh Jh Th 6s", "6c 7d 8s 9d Td Jd", "7s Kc Kd Qd Ad As"], "9s", -1)
    assert st.first_attacker == 0


def test_under_a_turned_joker_equal_lowest_trumps_and_no_trumps_go_by_lot():
    seats = set()
    for seed in range(40):
        st = DurakState.from_pack(durak_rules(), _pack(["6c Kh Qh Jh Th 9h", "6s 7d 8d 9d Td Jd"], "Jk2"), -1, seed)
        seats.add(st.first_attacker)
    assert seats == {0, 1}
    seats = set()
    for seed in range(40):
        st = DurakState.from_pack(durak_rules(), _pack(["7c Kc Qc Jc Tc 9c", "6c 7s 8c 9s Ts Js"], "Ad"), -1, seed)
        seats.add(st.first_attacker)
    assert seats == {0, 1}


def _pack(hands: list[str], turned: str) -> list[int]:
    fixed = [x for h in hands for x in cards(h)] + [c(turned)]
    return fixed + [int(x) for x in durak_rules().deck_cards() if int(x) not in fixed]


# --- the end ---------------------------------------------------------------------------------
def test_last_two_out_together_no_fool():
    st = endgame(durak_rules(), ["6c", "7c"], "Ah", attacker=0)
    play(st, "6c", "7c")
    assert st.is_terminal() and st.fool == -2 and st.returns() == [0.0, 0.0]


def test_the_last_player_holding_cards_is_the_fool():
    st = endgame(durak_rules(), ["6c", "7c 8c"], "Ah", attacker=0)
    play(st, "6c", "7c")
    assert st.is_terminal() and st.fool == 1 and st.returns() == [0.0, -1.0]


def test_players_out_of_cards_leave_and_the_rest_play_on():
    st = endgame(durak_rules(3), ["6c", "7c 9d", "8c"], "Ah", attacker=0)
    play(st, "6c", "7c")                           # seat 2 throws nothing of rank 6 or 7
    assert not st.is_terminal() and st.current_player() == 1     # seat 0 left; 1 attacks 2
    play(st, "9d", "take")
    assert st.is_terminal() and st.fool == 2


def test_illegal_moves_are_refused():
    st = arranged(durak_rules(), ["6c 7d 8d 9d Td Jd", "Ac Kh Qh Jh Th 9h"], "7s", first=0)
    with pytest.raises(JokerOddsError, match="illegal move Ac"):
        st.apply_action(c("Ac"))
    with pytest.raises(JokerOddsError, match="illegal move take"):
        st.apply_action(TAKE)


def test_bad_rules_are_refused():
    with pytest.raises(DurakError, match="unknown durak rule 'trump'"):
        durak_rules(overrides=["trump=h"])
    with pytest.raises(DurakError, match="2 to 6 players"):
        durak_rules(players=7)
    with pytest.raises(DurakError, match="deck 36 has 36"):
        durak_rules(players=6, deck="36")
    with pytest.raises(DurakError, match="must be true or false"):
        durak_rules(overrides=["throw_after_take=maybe"])
    with pytest.raises(DurakError, match="deck must be one of"):
        durak_rules(deck="2x52+2")
    assert np.array_equal(durak_rules(overrides={"max_attack": "0"}).kernel_rules()[:2], [6, 0])
