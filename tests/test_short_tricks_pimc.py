"""pimc playing short poker for tricks: legal cards, sound worlds, the side's exact guarantee, and its strength."""

from __future__ import annotations

import random

import numpy as np
import pytest
import short_tricks_reference as ref

from analyzer.games.tricks.analysis.short_chunks import trick_bits
from analyzer.games.tricks.analysis.short_strength import short_strength
from analyzer.games.tricks.deck import parse_mask, trick_deck
from analyzer.games.tricks.kernels import short as sk
from analyzer.games.tricks.kernels.dealing import pack_mask
from analyzer.games.tricks.kernels.moves import legal_moves, maker_points
from analyzer.games.tricks.kernels.playout import (
    DECK,
    LEFT,
    PLAYED,
    UP_BIT,
    apply_move,
    deal_value,
    policy_move,
    start_play,
)
from analyzer.games.tricks.policies.pimc_move import _side_guaranteed, default_cfg, pimc_move
from analyzer.games.tricks.policies.seats import new_search
from analyzer.games.tricks.policies.worlds import pool_of, world
from analyzer.games.tricks.rules import short_rules
from analyzer.games.tricks.search.table import new_table
from analyzer.kernels.rng import seed_words

VARIANTS = {"32+1": [], "32+2": ["deck=32+2"], "joker-any": ["joker_any_time=true"], "no-trump": ["trump=none"],
            "alone-3": ["partners=false", "players=3"]}


def _positions(over: list[str], seed: int, deals: int, code: int):  # type: ignore[no-untyped-def]
    """Random deals played by policy ``code`` with tracking on: yields (rules params, position) before
    every move, the maker chosen at random."""
    rules = short_rules("short-tricks", over)
    rp = rules.params()
    pack = np.array(trick_bits(rules), np.int64)
    state = seed_words(seed)
    rng = random.Random(seed)
    hands = np.zeros(rules.players, np.uint64)
    for _ in range(deals):
        turned = sk.deal_hands(state, pack, rules.players, hands)
        trump = sk.turned_trump(turned, rp[sk.R_NO_TRUMP])
        g = sk.new_position(rules.players, 0)
        g[0][:] = hands
        sk.side_flags(rng.randrange(rules.players), rp, g[6])
        start_play(g, 0, trump, turned, 5, 5, 0, pack_mask(pack), 0, 1)
        moves = np.zeros(8, np.int64)
        while g[2][LEFT] > 0:
            yield rp, g
            seat = (g[2][1] + g[2][0]) % rules.players
            m = legal_moves(g[0][seat], g[4], g[5], g[2][0], g[2][6], rp, moves)
            apply_move(g, policy_move(g, code, seat, moves, m, rp, state), rp)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_what_a_play_shows_is_true(name: str) -> None:
    """A card a seat is shown not to hold (a void, no trump, no joker) is never in its hand."""
    shown = 0
    for _rp, g in _positions(VARIANTS[name], 3, 150, 0):
        for s in range(g[0].shape[0]):
            assert int(g[0][s]) & int(g[10][s]) == 0
            shown += bin(int(g[10][s])).count("1")
    assert shown > 0


def test_worlds_keep_what_is_public() -> None:
    """pimc's worlds: the player's hand as is, the others' sizes, never the turned or a played card, never a
    card a seat has shown it cannot hold."""
    sstate = seed_words(9)
    out = np.zeros(4, np.uint64)
    pool = np.zeros(64, np.int64)
    checked = 0
    for rp, g in _positions([], 4, 40, 1):
        hands, pos, bits, forbid = g[0], g[2], g[3], g[10]
        me = (pos[1] + pos[0]) % 4
        npool = pool_of(bits[DECK], hands, me, bits[PLAYED], pos[UP_BIT], pool)
        sizes = np.array([bin(int(h)).count("1") for h in hands], np.int64)
        world(sstate, sstate.copy(), pool, npool, sizes, forbid, g[9], 4, me, hands[me], np.ones(4, np.int64), g[6],
              0, pos[6], 5, 5, rp, out)
        seen = int(bits[PLAYED]) | (1 << int(pos[UP_BIT]))
        for s in range(4):
            assert bin(int(out[s])).count("1") == sizes[s]
            if s == me:
                assert out[s] == hands[me]
                continue
            assert int(out[s]) & seen == 0 and int(out[s]) & int(forbid[s]) == 0
        checked += 1
    assert checked == 40 * 20


@pytest.mark.parametrize("name", ["32+1", "32+2", "alone-3"])
def test_pimc_plays_legal_cards(name: str) -> None:
    cfg = default_cfg(4, 100_000, 4)  # the solver from 4 tricks left: it plays most of a deal
    search = new_search(cfg, seed_words(5), 12)
    _cfg, tt, ctr, sst = search
    moves = np.zeros(8, np.int64)
    n = 0
    for rp, g in _positions(VARIANTS[name], 6, 25, 1):
        np_ = g[0].shape[0]
        seat = (g[2][1] + g[2][0]) % np_
        m = legal_moves(g[0][seat], g[4], g[5], g[2][0], g[2][6], rp, moves)
        ctr[1] += 1
        a = pimc_move(g, rp, np.full(np_, 2, np.int64), cfg, tt, ctr[1], ctr, sst, seed_words(n))
        assert a in moves[:m].tolist()
        n += 1
    assert n == 25 * 5 * short_rules("short-tricks", VARIANTS[name]).players


@pytest.mark.parametrize("jokers,partners", [(1, True), (2, True), (1, False)])
def test_side_guarantee_is_the_plain_minimax(jokers: int, partners: bool) -> None:
    """With every hand known, the points a side makes sure of are the maker points of the plain minimax's
    tricks (negated for the defenders)."""
    over = [f"deck=32+{jokers}"] + ([] if partners else ["partners=false", "players=3"])
    rules = short_rules("short-tricks", over)
    rp = rules.params()
    deck = trick_deck(rules.deck)
    rng = random.Random(40 + jokers)
    tt = new_table(12)
    ctr = np.zeros(2, np.int64)
    zeros = np.zeros(rules.players, np.int64)
    for i in range(8):
        hands, turned = ref.random_deal(rng, jokers, rules.players)
        hands = [h[:3] for h in hands]
        trump = ref.trump_of_turned(turned)
        maker = rng.randrange(rules.players)
        want = maker_points(ref.minimax(hands, trump, maker, partners) + 2, rp)  # 2 tricks already taken
        masks = np.array([parse_mask(" ".join(h), deck) for h in hands], np.uint64)
        flags = np.zeros(rules.players, np.int64)
        sk.side_flags(maker, rp, flags)
        took = np.zeros(rules.players, np.int64)
        took[maker] = 2
        t = -1 if trump is None else "cdhs".index(trump)
        for me in range(rules.players):
            ctr[1] += 1
            v = _side_guaranteed(masks, rules.players, me, flags, took, t, rp, 0, 0, zeros, zeros, -1, 3, 5, tt,
                                 ctr[1], ctr, 10**7)
            assert v == (want if flags[me] else -want), (i, me)


def test_deal_value_is_the_sides_points() -> None:
    rp = short_rules().params()
    g = sk.new_position(4, 0)
    g[6][:] = [1, 0, 1, 0]
    for tricks, pts in ((5, 2), (4, 1), (3, 1), (2, -2), (0, -2)):
        g[7][:] = [tricks, 0, 0, 5 - tricks]
        assert [deal_value(g, s, rp) for s in range(4)] == [pts, -pts, pts, -pts]


def test_pimc_beats_the_heuristic_in_duplicate() -> None:
    """Seat-rotated duplicate on the same deals: pimc's side nets more points than the heuristic's (its
    CI above 0), and both beat random play by far more."""
    r = short_rules()
    d = short_strength(r, "pimc", "heuristic", deals=6_000, seed=2, pimc={"k": 8}).diff  # edge ~0.009, SE ~0.003
    assert d.ci_low > 0 and d.mean < 0.2
    rnd = short_strength(r, "pimc", "random", deals=300, seed=2, pimc={"k": 8}).diff
    assert rnd.ci_low > d.ci_high
