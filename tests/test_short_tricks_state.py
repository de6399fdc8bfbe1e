"""Short poker for tricks through the state interface: TrickState holds a deal, state_policy plays it."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.tricks.analysis.short_chunks import trick_bits
from analyzer.games.tricks.kernels import short as sk
from analyzer.games.tricks.kernels.dealing import pack_mask
from analyzer.games.tricks.policies.on_state import state_policy
from analyzer.games.tricks.policies.pimc_move import CFG_SIZE
from analyzer.games.tricks.policies.seats import new_search
from analyzer.games.tricks.rules import P, short_rules
from analyzer.games.tricks.state import TrickState
from analyzer.kernels.rng import seed_words


def _kernel_deal(rules, seed: int):  # type: ignore[no-untyped-def]
    """A kernel deal by the heuristic: hands, turned card, trump, maker and the tricks by seat."""
    rp = rules.params()
    pack = np.array(trick_bits(rules), np.int64)
    state = seed_words(seed)
    hands = np.zeros(rules.players, np.uint64)
    turned = sk.deal_hands(state, pack, rules.players, hands)
    trump = sk.turned_trump(turned, rp[sk.R_NO_TRUMP])
    pols = np.ones(rules.players, np.int64)
    says = np.array([sk.says_play(1, hands[s], trump, rp, state) for s in range(rules.players)], np.int64)
    maker = sk.maker_of(says, rules.players, rp[P.DEALER_PLAYS])
    g = sk.new_position(rules.players, 0)
    if maker >= 0:
        search = new_search(np.zeros(CFG_SIZE, np.int64), state, 1)
        sk.play_deal(g, hands, trump, maker, rp, pols, state, np.zeros(8, np.int64), search, turned,
                     np.uint64(pack_mask(pack)))  # (the kernels' type: no twin compiled)
    return [int(h) for h in hands], int(turned), int(trump), int(maker), g[7].tolist()


@pytest.mark.parametrize("over", [[], ["deck=32+2"], ["partners=false", "players=3"]])
def test_a_deal_through_the_state_is_the_kernels_deal(over: list[str]) -> None:
    rules = short_rules("short-tricks", over)
    pol = state_policy("heuristic")
    rng = np.random.default_rng(0)
    made = 0
    for seed in range(40):
        hands, turned, trump, maker, took = _kernel_deal(rules, seed)
        st = TrickState.from_hands(rules, hands, trump, turned=turned)
        while not st.is_terminal():
            st.apply_action(pol(st, rng))
        assert st.maker == maker
        if maker < 0:
            assert st.returns() == [0.0] * rules.players
            continue
        made += 1
        assert st.took == took
        side = sum(took[s] for s in range(rules.players) if sk.same_side(s, maker, maker, rules.partners))
        pts = rules.deal_points(side)
        assert st.returns() == [float(pts) if sk.same_side(s, maker, maker, rules.partners) else 0.0
                                for s in range(rules.players)]
    assert made >= 4  # playing alone needs a strong hand: few deals are made


def test_random_and_pimc_play_whole_deals_on_the_state() -> None:
    rules = short_rules()
    pols = [state_policy("pimc", k=4), state_policy("random"), state_policy("heuristic"), state_policy("random")]
    rng = np.random.default_rng(1)
    for _ in range(12):
        st = TrickState.new_deal(rules, 5, rng)
        while not st.is_terminal():
            seat = st.current_player()
            a = pols[seat](st, rng)
            assert a in st.legal_actions()
            st.apply_action(a)
        if st.maker >= 0:
            assert sum(st.took) == 5 and not any(st.hands)
            assert st.returns()[st.maker] == rules.deal_points(sum(st.took[s] for s in range(4) if st.bid_of(s)))


def test_all_passing_throws_the_deal_in() -> None:
    st = TrickState.new_deal(short_rules(), 5, np.random.default_rng(2))
    assert st.legal_actions() == [0, 1] and st.action_to_string(1) == "play"
    for _ in range(4):
        st.apply_action(0)
    assert st.is_terminal() and st.maker == -1 and st.returns() == [0.0] * 4
