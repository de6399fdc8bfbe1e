"""Every named policy one state at a time: pimc on a state is the kernels' pimc, every policy stays
legal through the state interface, and the state starts at any phase with any dealer."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.errors import JokerOddsError
from analyzer.games.state import play_out
from analyzer.games.tricks.analysis.strength import pimc_cfg
from analyzer.games.tricks.kernels.playout import play_out as kernel_play_out
from analyzer.games.tricks.policies.basic import HEURISTIC, PIMC, PIMC_BID
from analyzer.games.tricks.policies.on_state import PimcPolicy, state_policy
from analyzer.games.tricks.policies.seats import LOG_TABLE, bid_and_play_seats, new_search
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.state import TrickState


def _words(rng: np.random.Generator) -> np.ndarray:
    return rng.integers(1, 2**63, size=4, dtype=np.int64).astype(np.uint64)


@pytest.mark.parametrize(("game", "over", "cards", "name"), [
    ("georgian-joker", [], 4, "pimc"), ("joker-54", [], 3, "pimc"), ("georgian-joker", [], 3, "pimc-bid"),
    ("joker-54", ["players=4"], 3, "pimc-bid")])
def test_pimc_on_a_state_is_the_kernels_pimc(game: str, over: list[str], cards: int, name: str) -> None:
    """The same deal, the same two random streams: pimc (or pimc-bid) driven one state at a time
    among heuristic seats takes the very tricks and scores the kernel's deal gives."""
    rules = trick_rules(game, over)
    p = rules.players
    rng = np.random.default_rng(17)
    for deal in range(3):
        st = TrickState.new_deal(rules, cards, rng)
        me = deal % p
        sw, pw = _words(rng), _words(rng)
        pol = np.full(p, HEURISTIC, np.int64)
        pol[me] = PIMC_BID if name == "pimc-bid" else PIMC
        g = st.position()
        search = new_search(pimc_cfg(rules, k=6), sw.copy(), LOG_TABLE)
        bid_and_play_seats(g, 0, rules.params(), pol, search, pw.copy(), np.zeros(48, np.int64))
        seats = [state_policy("heuristic") for _ in range(p)]
        seats[me] = PimcPolicy(name, k=6, streams=(sw.copy(), pw.copy()))
        got = play_out(st, seats, rng)
        assert [st.bid_of(s) for s in range(p)] == g[6].tolist()
        assert st.took == g[7].tolist()
        assert got == [float(x) for x in g[8]]


@pytest.mark.parametrize(("game", "cards", "deals"), [
    ("georgian-joker", 9, 100), ("georgian-joker", 4, 500), ("joker-54", 6, 200),
    pytest.param("georgian-joker", 9, 300, marks=pytest.mark.slow),
    pytest.param("georgian-joker", 4, 1500, marks=pytest.mark.slow),
    pytest.param("joker-54", 6, 600, marks=pytest.mark.slow)])
def test_basic_policies_stay_legal_through_the_state(game: str, cards: int, deals: int) -> None:
    """Random and heuristic seats (and a random dealer) over many deals: every action legal
    (``apply_action`` raises otherwise), every deal scored."""
    rules = trick_rules(game)
    rng = np.random.default_rng(5)
    names = ["random", "heuristic"]
    for i in range(deals):
        st = TrickState.new_deal(rules, cards, rng, dealer=int(rng.integers(rules.players)))
        seats = [state_policy(names[(i + s) % 2]) for s in range(rules.players)]
        out = play_out(st, seats, rng)
        assert st.is_terminal() and len(out) == rules.players
        assert sum(st.took) == st.tricks


@pytest.mark.parametrize("name", ["pimc", "pimc-bid"])
def test_pimc_policies_stay_legal_through_the_state(name: str) -> None:
    for game, cards, deals in [("georgian-joker", 3, 40), ("joker-54", 2, 25), ("georgian-joker", 9, 2)]:
        rules = trick_rules(game)
        rng = np.random.default_rng(8)
        pol = PimcPolicy(name, k=3, budget=5000)
        for _ in range(deals):
            st = TrickState.new_deal(rules, cards, rng, dealer=int(rng.integers(rules.players)))
            play_out(st, [pol] + [state_policy("random")] * (rules.players - 1), rng)
            assert st.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["random", "heuristic", "pimc", "pimc-bid"])
def test_every_policy_stays_legal_over_thousands_of_deals(name: str) -> None:
    for game in ("georgian-joker", "joker-54"):
        rules = trick_rules(game)
        rng = np.random.default_rng(9)
        pol = state_policy(name, k=2, budget=2000) if name.startswith("pimc") else state_policy(name)
        for _ in range(2000):
            cards = int(rng.integers(1, 10 if game == "georgian-joker" else 8))
            st = TrickState.new_deal(rules, cards, rng, dealer=int(rng.integers(rules.players)))
            play_out(st, [pol] * rules.players, rng)
            assert st.is_terminal()


def test_dealer_seat_moves_trump_naming_bidding_and_the_hook() -> None:
    rules = trick_rules("georgian-joker")
    st = TrickState.new_deal(rules, 9, np.random.default_rng(2), dealer=1)
    assert st.phase == "trump" and st.current_player() == 2 and st.first_seat == 2
    st.apply_action(0)
    order = []
    for _ in range(4):
        order.append(st.current_player())
        if len(st.bids) < 3:
            assert st.forbidden_bid() == -1
            st.apply_action(3)
    assert order == [2, 3, 0, 1]
    assert st.forbidden_bid() == 0  # the dealer may not make 9
    with pytest.raises(JokerOddsError):
        st.apply_action(0)
    st.apply_action(1)
    assert [st.bid_of(s) for s in range(4)] == [3, 1, 3, 3] and st.phase == "play" and st.leader == 2


@pytest.mark.parametrize(("game", "cards"), [("georgian-joker", 5), ("joker-54", 4)])
def test_position_of_any_dealer_plays_as_the_state(game: str, cards: int) -> None:
    """A deal with dealer d played by the heuristic through the state and, from the state's
    position (seats renumbered so the dealer is last), by the kernels' loop: the same scores."""
    rules = trick_rules(game)
    p = rules.players
    rng = np.random.default_rng(3)
    for d in range(p):
        st = TrickState.new_deal(rules, cards, rng, dealer=d)
        heur = state_policy("heuristic")
        while st.phase != "play":
            st.apply_action(heur(st, rng))
        for _ in range(int(rng.integers(0, 5))):
            st.apply_action(heur(st, rng))
        g = st.position()
        kernel_play_out(g, rules.params(), np.ones(p, np.int64), np.ones(4, np.uint64), np.zeros(48, np.int64))
        got = play_out(st, [heur] * p, rng)
        assert [float(g[8][(s - st.first_seat) % p]) for s in range(p)] == got


def test_from_hands_at_every_phase() -> None:
    rules = trick_rules("georgian-joker")
    h = [(1 << 12) | (1 << 0), (1 << 11) | (1 << 1), (1 << 10) | (1 << 2), (1 << 9) | (1 << 61)]
    st = TrickState.from_hands(rules, h, -1, phase="trump", first_three=h[0])
    assert st.current_player() == 0 and st.legal_actions() == [0, 1, 2, 3, 4]
    st = TrickState.from_hands(rules, h, 0, phase="bid", bids=[1, 0], dealer=3)
    assert st.current_player() == 2 and st.legal_actions() == [0, 1, 2]
    st = TrickState.from_hands(rules, h, 0, phase="bid", bids=[1, 0, 0])
    assert st.forbidden_bid() == 1 and st.legal_actions() == [0, 2]
    st = TrickState.from_hands(rules, h, 0, leader=2, phase="play", bids=[1, 0, 0, 0])
    assert st.current_player() == 2
    for bad in ({"phase": "play", "bids": [1]}, {"phase": "trump", "turned": 5}, {"phase": "deal"}):
        with pytest.raises(JokerOddsError):
            TrickState.from_hands(rules, h, 0, **bad)  # type: ignore[arg-type]


def test_the_turned_card_stays_public_and_its_holder_is_known() -> None:
    rules = trick_rules("joker-54")
    rng = np.random.default_rng(11)
    st = TrickState.new_deal(rules, 2, rng)
    up = st.turned
    assert up >= 0 and st.stock[-1] == up
    heur = state_policy("heuristic")
    while not st.is_terminal():
        st.apply_action(heur(st, rng))
        o = st.observation(0)
        assert o.turned == up and o.stock_size == len(st.stock)
        if o.up_holder >= 0:
            assert up in [a & 63 for s, a in st.plays if s == o.up_holder] or st.hands[o.up_holder] >> up & 1
    assert st.up_holder >= 0 and st.drawn == rules.deck_size - 3 * 2


def test_unknown_policy_and_options() -> None:
    with pytest.raises(JokerOddsError):
        state_policy("minimax")
    with pytest.raises(JokerOddsError):
        state_policy("heuristic", k=3)


def test_readme_example_of_an_outside_seat_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = next(b.split("```", 1)[0] for b in text.split("```python\n")[1:] if "def low_card" in b)
    exec(compile(block, "README.md", "exec"), {})
    scores, bids = capsys.readouterr().out.splitlines()[:2]
    assert len(eval(scores)) == 4 and "None" not in bids


def test_pimc_bid_bids_the_best_bid_of_the_exact_table() -> None:
    """1-card Georgian deals: pimc-bid's bid (16·K worlds consistent with the earlier bids, each
    played out once per bid by the heuristic) is the best bid of the exact table over every deal of
    the unseen cards, wherever that best bid leads the next by more than 8 points (its sampling
    error over 1024 worlds is about 1.5 points)."""
    from analyzer.games.tricks.analysis.bidding import exact_bid_table, situation
    from analyzer.games.tricks.deck import parse_mask, trick_deck

    rules = trick_rules("georgian-joker")
    deck = trick_deck("36j")
    up = int(parse_mask("7h", deck)).bit_length() - 1
    checked = 0
    for text in ("Ah", "6d", "Jk1", "Kh", "9s", "Ac", "8h"):
        t = exact_bid_table(situation(rules, text, up="7h", seat=2, bids=[1, 0]))
        evs = sorted((r["ev"] for r in t.rows), reverse=True)
        mine = int(parse_mask(text, deck))
        others = [1 << b for b in deck.bits if not (mine >> b & 1) and b != up][:3]
        st = TrickState.from_hands(rules, [others[0], others[1], mine, others[2]], up >> 4, bids=[1, 0], turned=up)
        bid = PimcPolicy("pimc-bid", k=64)(st, np.random.default_rng(1))
        if evs[0] - evs[1] > 8:
            assert bid == t.best, (text, bid, t.best, evs)
            checked += 1
    assert checked >= 3


def test_strength_with_other_seats_and_pimc_bid() -> None:
    from analyzer.games.tricks.analysis.strength import strength

    gj = trick_rules("georgian-joker")
    same = strength(gj, 3, "heuristic", "heuristic", deals=200, seed=2, others="random")
    assert same.diff.mean == 0 and same.diff.se == 0 and same.others == "random"
    plain = strength(gj, 3, "heuristic", "random", deals=300, seed=2)
    again = strength(gj, 3, "heuristic", "random", deals=300, seed=2, others="random")
    assert again.diff == plain.diff and again.others == ""
    r = strength(gj, 2, "pimc-bid", "pimc", deals=12, seed=3, k=4, others="heuristic")
    assert r.deals == 12 and np.isfinite(r.diff.mean) and r.meta()["others"] == "heuristic"


def test_bid_table_plays_pimc_with_drawing() -> None:
    from analyzer.games.tricks.analysis.bidding import bid_table, situation

    s = situation(trick_rules("joker-54"), "Ah Kh Jk1", up="7s", seat=0)
    a = bid_table(s, "pimc", samples=6, seed=1, k=3)
    b = bid_table(s, "pimc", samples=6, seed=1, k=3, workers=1)
    assert [r["ev"] for r in a.rows] == [r["ev"] for r in b.rows] and a.meta["samples"] == 6
    assert len(a.rows) == s.tricks + 1
