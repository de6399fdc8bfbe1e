"""pimc: the set-valued solver against a plain minimax, the guaranteed score, what plays reveal,
consistent worlds, and the duplicate comparison."""

from __future__ import annotations

import numpy as np
import pytest
import tricks_reference as ref

from analyzer.games.tricks.analysis.strength import strength
from analyzer.games.tricks.kernels.reveal import note_play
from analyzer.games.tricks.policies.worlds import _sample
from analyzer.games.tricks.rules import trick_rules
from analyzer.games.tricks.search.sets import guaranteed_score, new_table, search_set, trick_bounds
from analyzer.games.tricks.state import TrickState

GJ = trick_rules("georgian-joker")


def _ref_card(bit: int) -> tuple:
    if bit >= 61:
        return ("joker", bit - 60)
    return (bit & 15, "cdhs"[bit >> 4])


def _ref_hands(masks: list[int]) -> list[list[tuple]]:
    return [[_ref_card(b) for b in range(64) if m >> b & 1] for m in masks]


def ref_can(hands: list[list[tuple]], trump, leader: int, seat: int, accept: set[int], georgian: bool) -> bool:
    """Whether ``seat`` can make sure its final tricks are in ``accept``, all others against it
    (no pruning: every move of every position tried; a trick start, whose answer depends only on
    the hands left, its leader and the tricks won, searched once)."""
    n_players = len(hands)
    mt = georgian
    starts: dict[tuple, bool] = {}

    def play(hs: list[list[tuple]], lead: int, trick: list, won: int) -> bool:
        if len(trick) == n_players:
            w = (lead + ref.winner(trick, trump, georgian, False)) % n_players
            won += 1 if w == seat else 0
            if not hs[w]:
                return won in accept
            key = (w, won, *(frozenset(h) for h in hs))
            if key not in starts:
                starts[key] = play(hs, w, [], won)
            return starts[key]
        mover = (lead + len(trick)) % n_players
        results = []
        for c, m in ref.legal(hs[mover], trick, trump, georgian, mt):
            rest = list(hs)
            rest[mover] = [x for x in hs[mover] if x != c]
            results.append(play(rest, lead, [*trick, (c, m)], won))
        return any(results) if mover == seat else all(results)

    return play([list(h) for h in hands], leader, [], 0)


def _ref_once(memo: dict, hands: list[list[tuple]], trump, seat: int, accept: frozenset[int]) -> bool:
    """:func:`ref_can` from the start (leader 0, Georgian rules), each (seat, set) searched once."""
    if (seat, accept) not in memo:
        memo[seat, accept] = ref_can(hands, trump, 0, seat, set(accept), True)
    return memo[seat, accept]


def _deals(rules, cards: int, n: int, seed: int):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    for _ in range(n):
        st = TrickState.new_deal(rules, cards, rng)
        if st.trump < 0 and st.phase == "trump":
            st.trump = int(rng.integers(-1, 4))
        yield st


@pytest.mark.parametrize(("game", "over", "cards", "n"), [
    ("georgian-joker", [], 2, 60), ("georgian-joker", [], 3, 20), ("joker-54", ["draw=none"], 3, 30),
    pytest.param("georgian-joker", [], 3, 40, marks=pytest.mark.slow)])
def test_set_search_matches_minimax(game: str, over: list[str], cards: int, n: int) -> None:
    rules = trick_rules(game, over)
    rp = rules.params()
    georgian = rules.jokers == "georgian"
    tt = new_table(14)
    nodes = np.zeros(1, np.int64)
    rng = np.random.default_rng(11)
    stamp = 0
    tc = np.zeros(rules.players, np.int64)
    checked = 0
    for st in _deals(rules, cards, n, 5):
        hands = _ref_hands(st.hands)
        trump = None if st.trump < 0 else "cdhs"[st.trump]
        leader = 0
        for seat in range(rules.players):
            acc_bits = int(rng.integers(1, 1 << (cards + 1)))
            accept = {k for k in range(cards + 1) if acc_bits >> k & 1}
            stamp += 1
            got = search_set(np.array(st.hands, np.uint64), rules.players, seat, st.trump, rp, leader, 0,
                             tc, tc, 0, cards, acc_bits, tt, stamp, nodes, 10**9)
            assert got == int(ref_can(hands, trump, leader, seat, accept, georgian))
            checked += 1
    assert checked == n * rules.players


@pytest.mark.parametrize("n", [pytest.param(5, id="5-deals"),
                               pytest.param(25, id="25-deals", marks=pytest.mark.slow)])
def test_guaranteed_score_and_bounds_match_minimax(n: int) -> None:
    rp = GJ.params()
    tt = new_table(14)
    nodes = np.zeros(1, np.int64)
    tc = np.zeros(4, np.int64)
    stamp = 0
    for st in _deals(GJ, 3, n, 8):
        hands = _ref_hands(st.hands)
        trump = None if st.trump < 0 else "cdhs"[st.trump]
        memo: dict[tuple[int, frozenset[int]], bool] = {}
        for seat in range(4):
            low = max(t for t in range(4) if _ref_once(memo, hands, trump, seat, frozenset(range(t, 4))))
            most = min(t for t in range(4) if _ref_once(memo, hands, trump, seat, frozenset(range(t + 1))))
            stamp += 1
            assert trick_bounds(np.array(st.hands, np.uint64), 4, seat, st.trump, rp, 0, 3, tt, stamp,
                                nodes, 10**9) == (low, most)
            for bid in range(4):
                scores = [ref_score(bid, k, 3) for k in range(4)]
                best = max(v for v in set(scores)
                           if _ref_once(memo, hands, trump, seat, frozenset(k for k in range(4) if scores[k] >= v)))
                stamp += 1
                g = guaranteed_score(np.array(st.hands, np.uint64), 4, seat, st.trump, rp, 0, 0, tc, tc, 0, 3,
                                     bid, 3, 0, tt, stamp, nodes, 10**9)
                assert g == best


def ref_score(bid: int, took: int, cards: int) -> int:
    if bid == took:
        return 50 if bid == 0 else (100 * cards if bid == cards else 50 + 50 * bid)
    return -200 if took == 0 else 10 * took


def test_budget_exhausted_is_reported() -> None:
    st = next(_deals(GJ, 9, 1, 3))
    tt = new_table(12)
    got = search_set(np.array(st.hands, np.uint64), 4, 0, st.trump, GJ.params(), 0, 0, np.zeros(4, np.int64),
                     np.zeros(4, np.int64), 0, 9, 0b11110, tt, 1, np.zeros(1, np.int64), 50)
    assert got == -1


def test_plays_reveal_voids_and_the_forced_highest_card() -> None:
    rp = GJ.params()
    forbid = np.zeros(4, np.uint64)
    cards = np.array([12 + 16, 0, 0, 0])  # Ad led
    modes = np.zeros(4, np.int64)
    note_play(forbid, 1, 5 + 32, cards, modes, 1, 3, rp)  # 9h on a diamond, spades trump
    assert forbid[1] == np.uint64((0x1FFF << 16) | (0x1FFF << 48))  # no diamonds, no spades
    forbid[:] = 0
    take = np.array([61, 0, 0, 0])
    tmode = np.array([3 + 2, 0, 0, 0])  # Jk1 take hearts
    note_play(forbid, 2, 9 + 32, take, tmode, 1, 3, rp)  # Jh: no higher heart
    assert forbid[2] == np.uint64(((0x1FFF >> 10) << 10) << 32)
    forbid[:] = 0
    note_play(forbid, 3, 62 + 64, cards, modes, 1, 3, rp)  # a joker shows nothing
    assert forbid[3] == 0


def test_worlds_respect_what_is_known() -> None:
    rng_state = np.array([1, 2, 3, 4], np.uint64)
    pool = np.array([b for b in range(16, 16 + 13)] + [32 + b for b in range(13)], np.int64)  # d and h
    sizes = np.array([0, 5, 5, 5])
    forbid = np.array([0, (0x1FFF << 16), 0, 0], np.uint64)  # seat 1 holds no diamonds
    out = np.zeros(4, np.uint64)
    for _ in range(200):
        assert _sample(rng_state, pool, pool.size, sizes, forbid, 4, 0, np.uint64(1), out)
        assert out[0] == 1
        assert [bin(int(x)).count("1") for x in out[1:]] == [5, 5, 5]
        assert int(out[1]) & (0x1FFF << 16) == 0
        assert int(out[1]) & int(out[2]) == 0 and int(out[2]) & int(out[3]) == 0


def test_heuristic_beats_random_in_duplicate() -> None:
    r = strength(GJ, 4, "heuristic", "random", deals=2000, seed=4)
    assert r.diff.ci_low > 20


def test_pimc_beats_heuristic_on_small_deals() -> None:
    r = strength(GJ, 4, "pimc", "heuristic", deals=200, seed=7, k=16)
    assert r.diff.ci_low > 0


def test_pimc_bid_table_is_reproducible_and_plays_to_its_bid() -> None:
    from analyzer.games.tricks.analysis.bidding import bid_table, situation

    s = situation(GJ, "Ah Kh 9s Jk1", up="7h", seat=2, bids=[1, 0])
    a = bid_table(s, "pimc", samples=24, seed=1, k=8)
    b = bid_table(s, "pimc", samples=24, seed=1, k=8, workers=1)
    assert [r["ev"] for r in a.rows] == [r["ev"] for r in b.rows]
    assert a.meta["others"] == "heuristic" and a.meta["k"] == 8
    h = bid_table(s, "heuristic", samples=4000, seed=1)
    # bidding 2, pimc makes it far more often than the heuristic does (0.50 for the heuristic)
    assert a.rows[2]["p_made"] > h.rows[2]["p_made_high"]


def test_worlds_deal_only_the_pool_from_a_longer_buffer() -> None:
    """The pool sits in a 64-slot buffer: a world deals its first ``npool`` entries only (it once
    dealt the zeros after them too, putting a card that is not in the deck into the worlds)."""
    rng_state = np.array([9, 8, 7, 6], np.uint64)
    cards = [b for b in range(4, 13)] + [16 + b for b in range(4, 13)]  # 18 cards of clubs and diamonds
    buf = np.zeros(64, np.int64)
    buf[:18] = cards
    sizes = np.array([0, 6, 6, 6])
    out = np.zeros(4, np.uint64)
    for _ in range(100):
        assert _sample(rng_state, buf, 18, sizes, np.zeros(4, np.uint64), 4, 0, np.uint64(0), out)
        dealt = [b for s in (1, 2, 3) for b in range(64) if int(out[s]) >> b & 1]
        assert sorted(dealt) == cards


def test_worlds_have_the_plain_rejection_law() -> None:
    """``world`` deals the constrained cards as :func:`_sample` does and the rest by Fisher–Yates
    draws, hand after hand, a try stopped at the first hand whose bid does not fit; plain
    rejection (:func:`world_rejection`, the reference) deals every try in full. A small case
    enumerated in full (8 unseen cards, three hands of 2, 2 out of play: 2,520 partitions, 450
    fitting the bids): without voids both must draw the uniform partition conditioned on the
    heuristic seats' bids (each sampler's 40,000 worlds against that law, chi-square); with a
    void shown, the two samplers' 40,000 worlds each must come from one law (chi-square test of
    homogeneity). Level 1e-4, fixed seeds: deterministic."""
    from itertools import combinations

    from scipy.stats import chi2_contingency, chisquare

    from analyzer.games.tricks.kernels.playout import forbidden_bid
    from analyzer.games.tricks.policies.basic import HEURISTIC, choose_bid
    from analyzer.games.tricks.policies.worlds import world, world_rejection

    rp = GJ.params()
    np_, me, n, tricks, trump = 4, 0, 2, 2, 0
    pool = [12, 6, 21, 22, 44, 39, 40, 62]  # Ac 8c 7d 8d Ah 9h 10h Jk2 (clubs trump)
    played_by = np.array([0, 0, 1 << 20, 0], np.uint64)  # seat 2 showed the 6d (it counts in its bid)
    my_hand = np.uint64((1 << 5) | (1 << 23))
    pstate = np.array([5, 6, 7, 8], np.uint64)
    sizes = np.array([2, 2, 2, 2], np.int64)
    pol = np.array([2, HEURISTIC, HEURISTIC, HEURISTIC], np.int64)
    bids = np.array([1, 0, 1, 1], np.int64)  # the dealer's hook forbids him 0

    def fits(hands: tuple[int, ...]) -> bool:
        return all(choose_bid(np.int64(HEURISTIC), np.uint64(hands[s - 1] | int(played_by[s])), trump, tricks,
                              forbidden_bid(bids, s, np_, tricks, n, rp), 0.0, pstate) == bids[s]
                   for s in (1, 2, 3))

    law = []
    for a in combinations(pool, 2):
        rest = [c for c in pool if c not in a]
        for b in combinations(rest, 2):
            for c in combinations([x for x in rest if x not in b], 2):
                hands = tuple(sum(1 << x for x in h) for h in (a, b, c))
                if fits(hands):
                    law.append(hands)
    assert len(law) == 450  # the bids reject most: the test sees the rejection at work
    index = {h: i for i, h in enumerate(law)}

    def counts(sampler, seed: int, forbid: np.ndarray) -> np.ndarray:
        dstate = np.array([seed, 2, 3, 4], np.uint64)
        buf = np.zeros(64, np.int64)
        buf[:8] = pool
        out = np.zeros(np_, np.uint64)
        got = np.zeros(len(law), np.int64)
        for _ in range(40_000):
            assert sampler(dstate, pstate, buf, 8, sizes, forbid, played_by, np_, me, my_hand, pol, bids, np_,
                           trump, tricks, n, rp, out)
            assert out[me] == my_hand and all(int(out[s]) & int(forbid[s]) == 0 for s in range(np_))
            got[index[(int(out[1]), int(out[2]), int(out[3]))]] += 1
        return got

    none = np.zeros(np_, np.uint64)
    for sampler, seed in ((world, 11), (world_rejection, 12)):
        assert chisquare(counts(sampler, seed, none)).pvalue > 1e-4, sampler
    void = np.array([0, sum(1 << b for b in range(32, 48)), 0, 0], np.uint64)  # seat 1 has no heart
    table = np.array([counts(world, 13, void), counts(world_rejection, 14, void)])
    seen = table.sum(axis=0) > 0
    assert 50 < seen.sum() < 450 and table[:, ~seen].sum() == 0
    assert chi2_contingency(table[:, seen]).pvalue > 1e-4
