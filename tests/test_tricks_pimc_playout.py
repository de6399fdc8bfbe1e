"""pimc's playout model: the playout kernel against the game façade played move by move, pimc's
card against a plain argmax where the world is fully known, the world's stock when drawing,
and pimc deals/games against the plain self-play kernels."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.engine import chunk_state
from analyzer.games.tricks.analysis.strength import pimc_cfg
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.kernels.moves import JK1, legal_moves
from analyzer.games.tricks.kernels.playout import play_out
from analyzer.games.tricks.policies.basic import choose_move
from analyzer.games.tricks.policies.pimc_move import MODEL_PLAYOUT, pimc_move
from analyzer.games.tricks.policies.worlds import world_stock
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.sets import new_table
from analyzer.games.tricks.state import TrickState

CFG_PLAYOUT_ONLY = {"k": 3, "budget": 10_000, "model": "playout", "endgame": 0}


def _ref_move(st: TrickState, seat: int, code: int = 1) -> int:
    """The policy's move at ``seat`` (moves listed in the kernels' order)."""
    cards, modes = st._trick_arrays()
    out = np.zeros(48, np.int64)
    n = legal_moves(np.uint64(st.hands[seat]), cards, modes, len(st.trick), st.trump, st._rp, out)
    deck = sum(1 << b for b in st._deck.bits)
    played = sum(1 << (a & 63) for _s, a in st.plays)
    unseen = np.uint64(deck & ~played & ~st.hands[seat])
    return int(choose_move(code, np.uint64(st.hands[seat]), out, n, cards, modes, len(st.trick), st.trump,
                           st.bids[seat] - st.took[seat], unseen, st._rp, np.ones(4, np.uint64)))


def _ref_finish(st: TrickState, me: int) -> int:
    """me's score from here on, every seat playing the heuristic, one move at a time."""
    st = st.clone()
    pen0 = st.penalty[me]
    while not st.is_terminal():
        st.apply_action(_ref_move(st, st.current_player()))
    return int(st.returns()[me] + pen0)


def _position(rules, cards: int, rng: np.random.Generator) -> TrickState:  # type: ignore[no-untyped-def]
    st = TrickState.new_deal(rules, cards, rng)
    if st.phase == "trump":
        st.apply_action(int(rng.integers(0, 5)))
    while st.phase == "bid":
        st.apply_action(int(rng.choice(st.legal_actions())))
    for _ in range(int(rng.integers(0, st.tricks * rules.players - 1))):
        st.apply_action(int(rng.choice(st.legal_actions())))
    return st


def _kernel_finish(st: TrickState, me: int) -> int:
    """me's score from the state on by the playout loop, every seat the heuristic."""
    g = st.position()
    g[8][:] = 0  # the penalties from here on only
    play_out(g, st._rp, np.ones(st.num_players, np.int64), np.ones(4, np.uint64), np.zeros(48, np.int64))
    return int(g[8][me])


@pytest.mark.parametrize(("game", "over", "cards"), [
    ("georgian-joker", [], 5), ("georgian-joker", [], 9), ("joker-54", [], 4), ("joker-54", ["draw=none"], 6),
    ("georgian-joker", ["players=3"], 7)])
def test_playout_kernel_matches_the_facade(game: str, over: list[str], cards: int) -> None:
    rules = trick_rules(game, over)
    rng = np.random.default_rng(21)
    for _ in range(25):
        st = _position(rules, cards, rng)
        for me in range(rules.players):
            assert _kernel_finish(st, me) == _ref_finish(st, me)


def test_world_stock_is_the_unheld_rest_then_the_turned_card() -> None:
    rng_state = np.array([5, 6, 7, 8], np.uint64)
    pool = np.arange(20, dtype=np.int64)
    worlds = np.array([0b1111, 0b1111 << 4, 0], np.uint64)
    out = np.zeros(32, np.int64)
    orders = set()
    for _ in range(50):
        m = world_stock(pool, 20, worlds, 3, True, 40, rng_state, out)
        assert m == 13 and out[12] == 40
        assert sorted(out[:12].tolist()) == list(range(8, 20))
        orders.add(tuple(out[:12]))
    assert len(orders) > 40  # a fresh order each time
    assert world_stock(pool, 20, worlds, 3, False, 40, rng_state, out) == 12


def _ref_pimc_card(st: TrickState, me: int) -> int:
    """pimc's card with the playout model when every hand is known (two players, a full deal):
    the argmax over the moves tried of the playout value, the heuristic's move on a tie."""
    cards, modes = st._trick_arrays()
    out = np.zeros(48, np.int64)
    n = legal_moves(np.uint64(st.hands[me]), cards, modes, len(st.trick), st.trump, st._rp, out)
    moves = [int(a) for a in out[:n]]
    h_move = _ref_move(st, me)
    if n == 1:
        return moves[0]
    live = sum(1 << b for b in st._deck.bits) & ~sum(1 << (a & 63) for _s, a in st.plays)
    vals = {}
    for a in moves:
        b = a & 63
        if b < JK1 and a != h_move:
            above = [c for c in range((b >> 4) * 16 + (b & 15) + 1, (b >> 4) * 16 + 13) if live >> c & 1]
            if above and st.hands[me] >> above[0] & 1:
                continue  # the next live card of the suit is mine: the same move
        nxt = st.clone()
        nxt.apply_action(a)
        vals[a] = _ref_finish(nxt, me) - (nxt.penalty[me] - st.penalty[me])
    best = max(vals.values())
    if vals.get(h_move) == best:
        return h_move
    return next(a for a in moves if vals.get(a) == best)


def test_pimc_card_is_the_best_playout_when_the_world_is_known() -> None:
    rules = trick_rules("georgian-joker", ["players=2"])
    rp = rules.params()
    cfg = pimc_cfg(rules, **CFG_PLAYOUT_ONLY)
    assert cfg[3] == MODEL_PLAYOUT
    rng = np.random.default_rng(4)
    tt = new_table(10)
    nodes = np.zeros(1, np.int64)
    checked = 0
    for _ in range(30):
        st = _position(rules, 18, rng)
        me = st.current_player()
        got = pimc_move(st.position(), rp, np.array([1, 2], np.int64), cfg, tt, 1, nodes, chunk_state(1, 0),
                        np.ones(4, np.uint64))
        assert int(got) == _ref_pimc_card(st, me)
        checked += 1
    assert checked == 30


@pytest.mark.parametrize(("game", "over", "cards"), [("georgian-joker", [], 9), ("joker-54", [], 5)])
def test_pimc_kernels_without_a_pimc_seat_are_the_plain_kernels(game: str, over: list[str], cards: int) -> None:
    from analyzer.games.tricks.analysis.selfplay_kernels import deals_chunk, games_chunk

    rules = trick_rules(game, over)
    rp = rules.params()
    pack = deck_array(trick_deck(rules.deck))
    pol = np.array([1, 0] + [1] * (rules.players - 2), np.int64)
    cfg = pimc_cfg(rules, k=4)
    st = chunk_state(3, 1)
    assert np.array_equal(deals_chunk(st, 200, pack, rules.players, cards, rp, pol, cfg),
                          deals_chunk(st, 200, pack, rules.players, cards, rp, pol, cfg * 0))
    sched = np.array(rules.schedule_cards(), np.int64)
    sets = np.array(rules.schedule_sets(), np.int64)
    assert np.array_equal(games_chunk(st, 6, pack, rules.players, sched, sets, rp, pol, cfg),
                          games_chunk(st, 6, pack, rules.players, sched, sets, rp, pol, cfg * 0))


def test_pimc_deals_kernel_is_its_deals_played_one_by_one() -> None:
    """The chunk kernel plays exactly the deals of :func:`deal_and_play` called one at a time (it
    catches a chunk kernel still running a stale cached copy of a changed callee)."""
    from analyzer.games.tricks.analysis.selfplay_kernels import deals_chunk
    from analyzer.games.tricks.kernels.dealing import policy_state, search_state
    from analyzer.games.tricks.policies.seats import deal_and_play, new_position, new_search

    rules = trick_rules("joker-54")
    rp = rules.params()
    pack = deck_array(trick_deck(rules.deck))
    cfg = pimc_cfg(rules, k=4)
    pol = np.array([2, 1, 1], np.int64)
    st = chunk_state(7, 0)
    got = deals_chunk(st, 3, pack, 3, 5, rp, pol, cfg)
    d = st.copy()
    ps = policy_state(d)
    search = new_search(cfg, search_state(st), 18)
    pk = pack.copy()
    g = new_position(3, pack.size)
    total = np.zeros(3, np.int64)
    for _ in range(3):
        deal_and_play(d, ps, pk, g, 5, 0, rp, pol, search, np.zeros(48, np.int64))
        total += g[8]
    assert got[:3].tolist() == total.tolist()
