"""The trick games' GameState façade: random-simulation invariants and a pinned playthrough."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from analyzer.errors import JokerOddsError
from analyzer.games.state import playthrough
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.state import TrickState

DATA = Path(__file__).parent / "data"


def georgian_score(bid: int, took: int, cards: int) -> int:
    """The Georgian table, written out: 50 for a made 0, 50 + 50 n exact, 100 c for all,
    -200 for nothing on a bid, else 10 a trick."""
    if bid == took:
        return 50 if bid == 0 else (100 * cards if bid == cards else 50 + 50 * bid)
    if took == 0:
        return -200
    return 10 * took


def score_54(bid: int, took: int, led_jokers: int) -> int:
    if bid == took:
        base = 5 if bid == 0 else 10 * bid
    elif took > bid:
        base = took
    else:
        base = -10 * (bid - took)
    return base - 10 * led_jokers


def random_policy(state, rng):  # type: ignore[no-untyped-def]
    return int(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game", "over", "n_deals"), [
    ("georgian-joker", [], 1500), ("georgian-joker", ["players=3"], 300), ("joker-54", [], 600),
    ("joker-54", ["draw=none", "players=4"], 300)])
def test_random_simulation_invariants(game: str, over: list[str], n_deals: int) -> None:
    rules = trick_rules(game, over)
    rng = np.random.default_rng(2024)
    seen_hook = 0
    for i in range(n_deals):
        cards = 1 + i % rules.max_cards
        st = TrickState.new_deal(rules, cards, rng)
        start = list(st.hands)
        stock = list(st.stock)
        all_cards = set()
        for h in start:
            all_cards |= {b for b in range(64) if h >> b & 1}
        all_cards |= set(stock)
        played: list[int] = []
        led_jokers = [0] * rules.players
        while not st.is_terminal():
            legal = st.legal_actions()
            assert legal, "a live state has moves"
            seat = st.current_player()
            if st.phase == "bid" and seat == rules.players - 1 and rules.hook == "tricks":
                forbidden = st.tricks - sum(st.bids)
                assert forbidden not in legal
                seen_hook += 0 <= forbidden <= st.tricks
            a = int(rng.choice(legal))
            if st.phase == "play":
                bit = a & 63
                assert st.hands[seat] >> bit & 1
                if not st.trick and bit >= 61 and st.hands[seat] != 1 << bit:
                    led_jokers[seat] += 1
                played.append(bit)
            st.apply_action(a)
        assert sorted(played) == sorted(all_cards)  # every card played exactly once
        assert sum(st.took) == st.tricks == len(played) // rules.players
        if game == "georgian-joker":
            assert st.returns() == [georgian_score(b, k, cards) for b, k in zip(st.bids, st.took, strict=True)]
        else:
            assert st.returns() == [score_54(b, k, j) for b, k, j in zip(st.bids, st.took, led_jokers, strict=True)]
    assert seen_hook > 0


def test_illegal_action_is_refused() -> None:
    st = TrickState.new_deal(trick_rules("georgian-joker"), 3, np.random.default_rng(1))
    with pytest.raises(JokerOddsError, match="illegal action 7"):
        st.apply_action(7)  # bids are 0..3


def test_resample_keeps_own_hand_and_sizes() -> None:
    rng = np.random.default_rng(3)
    st = TrickState.new_deal(trick_rules("joker-54"), 5, rng)
    r = st.resample(1, rng)
    assert r.hands[1] == st.hands[1] and r.stock[-1] == st.stock[-1]
    assert [bin(h).count("1") for h in r.hands] == [bin(h).count("1") for h in st.hands]
    union = lambda s: sum(s.hands) + sum(1 << b for b in s.stock)  # noqa: E731
    assert union(r) == union(st)


@pytest.mark.parametrize(("game", "cards", "seed"), [("georgian-joker", 9, 7), ("joker-54", 4, 7)])
def test_pinned_playthrough(game: str, cards: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    st = TrickState.new_deal(trick_rules(game), cards, rng)
    text = playthrough(st, [random_policy] * st.num_players, rng)
    path = DATA / f"tricks_playthrough_{game}.txt"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("game", "cards"), [("georgian-joker", 9), ("georgian-joker", 4), ("joker-54", 5)])
def test_facade_and_kernels_play_the_same_game(game: str, cards: int) -> None:
    """The heuristic (deterministic) through the façade and inside the self-play kernels: the
    kernels' deals, one a chunk, replayed from their seeds (tests/pyrng.py) on the façade give the
    very same totals: scores, their squares, bids made, bid and trick histograms."""
    from pyrng import PyXoshiro

    from analyzer.engine import chunk_state
    from analyzer.games.state import play_out
    from analyzer.games.tricks.analysis.selfplay import play_deals
    from analyzer.games.tricks.policies.on_state import state_policy as kernel_policy

    rules = trick_rules(game)
    p, n, deals = rules.players, 36 if rules.deck == "36j" else 54, 40
    pol = [kernel_policy("heuristic")] * p
    nb = rules.tricks_in_deal(cards) + 1
    want = np.zeros(p * (3 + 2 * nb), np.int64)
    for c in range(deals):
        rng = PyXoshiro([int(w) for w in chunk_state(5, c)])
        for _ in range(4):  # the policies' stream comes first
            rng.next()
        pack = [b for s in range(4) for b in range(16 * s, 16 * s + 13)
                if n == 54 or ((b & 15) >= 4 and b not in (4, 52))] + [61, 62]  # 36j: 6..A, 6c 6s the jokers
        drawing, dealt = rules.draw == "after-trick", p * cards
        rng.deal(pack, n if drawing or dealt == n else dealt + 1)
        hands = [sum(1 << b for b in pack[s * cards:(s + 1) * cards]) for s in range(p)]
        turned = pack[-1] if drawing else (pack[dealt] if dealt < n else None)
        trump = -1 if turned is None or turned >= 61 else turned >> 4
        st = TrickState(rules, hands, pack[dealt:] if drawing else [], trump, cards,
                        phase="trump" if dealt == n else "bid")
        st.first_three = sum(1 << b for b in pack[:3])
        score = play_out(st, pol, np.random.default_rng(0))
        for s in range(p):
            want[s] += int(score[s])
            want[p + s] += int(score[s]) ** 2
            want[2 * p + s] += st.bids[s] == st.took[s]
            want[3 * p + s * nb + st.bids[s]] += 1
            want[3 * p + p * nb + s * nb + st.took[s]] += 1
    ker = play_deals(rules, cards, ["heuristic"] * p, deals, seed=5, chunk_size=1, quiet=True)
    assert np.asarray(ker.run.totals).tolist() == want.tolist()


def test_resample_respects_shown_voids() -> None:
    rules = trick_rules("georgian-joker")
    d = {"c": 0, "d": 1, "h": 2, "s": 3}

    def m(text: str) -> int:
        return sum(1 << (d[t[1]] * 16 + "23456789TJQKA".index(t[0])) for t in text.split())

    st = TrickState.from_hands(rules, [m("Ac Kc"), m("7d 8d"), m("Qc 7h"), m("Jc 9d")], trump=2)
    for a in (0, 0, 0, 0):  # everyone bids 0 (the hook allows it: 0 != 2)
        st.apply_action(a)
    st.apply_action(m("Ac").bit_length() - 1)
    st.apply_action(m("7d").bit_length() - 1)  # seat 1 shows no clubs and, not trumping, no hearts
    assert st.voids[1] == 0b0101
    rng = np.random.default_rng(0)
    for _ in range(50):
        r = st.resample(0, rng)
        assert r.hands[1] & (0x1FFF | 0x1FFF << 32) == 0
        assert sorted(bin(h).count("1") for h in r.hands[1:]) == [1, 2, 2]
