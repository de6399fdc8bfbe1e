"""pimc's playout model: the playout kernel against the plain-Python referee playing the heuristic
(the policy consulted as a black box on the referee's legal plays), pimc's card against a plain
argmax of those referee playouts where the world is fully known, the world's stock when
drawing, and pimc deals/games against the plain self-play kernels."""

from __future__ import annotations

import copy
from dataclasses import replace

import numpy as np
import pytest
from heuristic_on_referee import heuristic_play, play_to_end
from tricks_codec import action_of, cards_of, play_of
from tricks_game_reference import GEORGIAN, JOKER54, Deal, GameRules, deck, kernel_order
from tricks_reference import SUITS

from analyzer.engine import chunk_state
from analyzer.games.tricks.analysis.selfplay import PlayTask
from analyzer.games.tricks.analysis.strength import pimc_cfg
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.kernels.playout import play_out
from analyzer.games.tricks.policies.pimc_move import MODEL_PLAYOUT, pimc_move
from analyzer.games.tricks.policies.worlds import world_stock
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.sets import new_table
from analyzer.games.tricks.state import TrickState

CFG_PLAYOUT_ONLY = {"k": 3, "budget": 10_000, "model": "playout", "endgame": 0}

# The referee's rules of each (preset, overrides) played here.
REFEREE: dict[tuple[str, tuple[str, ...]], GameRules] = {
    ("georgian-joker", ()): GEORGIAN,
    ("georgian-joker", ("players=3",)): replace(GEORGIAN, players=3),
    ("georgian-joker", ("players=2",)): replace(GEORGIAN, players=2),
    ("joker-54", ()): JOKER54,
    ("joker-54", ("draw=none",)): replace(JOKER54, draw=False),
}


def _referee_deal(st: TrickState, ref: GameRules) -> tuple[Deal, set]:
    """The referee's deal at the façade's position (bids made, tricks under way) and the cards
    played so far."""
    trump = None if st.trump < 0 else SUITS[st.trump]
    d = Deal(ref, st.cards, [cards_of(h) for h in st.hands], cards_of(0), trump, st.set_index, "play")
    d.stock = [cards_of(1 << b)[0] for b in st.stock]
    d.tricks = st.tricks
    d.bids, d.took, d.penalty = list(st.bids), list(st.took), list(st.penalty)
    d.trick = [play_of(a) for a in st.trick]
    d.leader, d.tricks_done = st.leader, st.tricks_done
    return d, {play_of(a)[0] for _s, a in st.plays}


def _ref_finish(d: Deal, played: set, me: int, rp: np.ndarray) -> int:
    """me's deal score less the joker-lead penalties from here on, every seat the heuristic, on
    the referee."""
    return play_to_end(d, played, rp).scores()[me] + d.penalty[me]


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
def test_playout_kernel_matches_the_referee(game: str, over: list[str], cards: int) -> None:
    """The playout kernel finishes random positions as the referee does with every seat playing the
    heuristic: drawing, trick winners, the joker-lead penalty and the deal scores are the referee's."""
    rules = trick_rules(game, over)
    ref = REFEREE[(game, tuple(over))]
    rng = np.random.default_rng(21)
    for _ in range(25):
        st = _position(rules, cards, rng)
        d, played = _referee_deal(st, ref)
        for me in range(rules.players):
            assert _kernel_finish(st, me) == _ref_finish(d, played, me, st._rp)


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
    the argmax over the plays tried of the referee's playout value, the heuristic's play on a tie.
    A plain card whose next higher live card of its suit is also in the hand is the same play as
    that one and is not tried (unless it is the heuristic's)."""
    d, played = _referee_deal(st, REFEREE[("georgian-joker", ("players=2",))])
    plays = kernel_order(d.legal_plays())
    h_play = heuristic_play(d, played, st._rp)
    if len(plays) == 1:
        return action_of(plays[0])
    live = [c for c in deck(True) if c not in played]
    vals = {}
    for p in plays:
        c = p[0]
        if p != h_play and c[0] != "joker":
            above = sorted(x for x in live if x[0] != "joker" and x[1] == c[1] and x[0] > c[0])
            if above and above[0] in d.hands[me]:
                continue
        nxt = copy.deepcopy(d)
        nxt.play(p)
        vals[p] = _ref_finish(nxt, played | {c}, me, st._rp) - (nxt.penalty[me] - d.penalty[me])
    best = max(vals.values())
    if vals.get(h_play) == best:
        return action_of(h_play)
    return action_of(next(p for p in plays if vals.get(p) == best))


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
    """Self-play compiled with pimc's search (the timed pieces every run with a pimc option takes)
    plays as the plain chunk kernels when no seat plays pimc, deals and whole games."""
    rules = trick_rules(game, over)
    rp = rules.params()
    pack = deck_array(trick_deck(rules.deck))
    pol = np.array([1, 0] + [1] * (rules.players - 2), np.int64)
    cfg = pimc_cfg(rules, k=4)
    st = chunk_state(3, 1)
    sched = np.array(rules.schedule_cards(), np.int64)
    sets = np.array(rules.schedule_sets(), np.int64)
    for games, n in ((False, 200), (True, 6)):
        def task(c: np.ndarray | None, games: bool = games) -> PlayTask:
            return PlayTask(rp, pack, rules.players, cards, pol, games, sched, sets, cfg=c)

        plain = task(None).run_chunk(st.copy(), n)  # the chunk kernels, compiled without pimc
        assert plain[: rules.players].any()
        assert np.array_equal(task(cfg).run_chunk(st.copy(), n), plain)
        assert np.array_equal(task(cfg * 0).run_chunk(st.copy(), n), plain)


def test_pimc_deals_kernel_is_its_deals_played_one_by_one() -> None:
    """The pimc self-play kernels play exactly the deals of :func:`deal_and_play` called one at a
    time (it catches a chunk kernel still running a stale cached copy of a changed callee)."""
    from analyzer.games.tricks.kernels.dealing import policy_state, search_state
    from analyzer.games.tricks.policies.seats import deal_and_play, new_position, new_search

    rules = trick_rules("joker-54")
    rp = rules.params()
    pack = deck_array(trick_deck(rules.deck))
    cfg = pimc_cfg(rules, k=4)
    pol = np.array([2, 1, 1], np.int64)
    st = chunk_state(7, 0)
    got = PlayTask(rp, pack, 3, 5, pol, cfg=cfg).run_chunk(st.copy(), 3)
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
