"""Whole deals of Remi 51 judged turn by turn by the plain-Python referee (``rummy_game_reference``,
written from the rules text): the deal from the seeded shuffle, every draw, meld, addition to the
table, joker taken back and discard the program's players make, and the deal's scores."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from pyrng import PyXoshiro
from rummy_game_reference import Meld, Referee, Snapshot, hand_points, meld_error

from analyzer.games.rummy import game as g
from analyzer.games.rummy.state import PILE, STOCK, RummyState, heuristic_policy, random_policy
from analyzer.kernels.rng import seed_words

# the program's 2x52+2 pack before shuffling: each card twice, by code, then the two jokers
PACK = [c for c in range(52) for _ in range(2)] + [52, 53]


def decode(row: np.ndarray) -> Meld:
    """A table row ``[kind, key, lo, hi, natural mask, jokers]`` as the referee's meld."""
    kind, key, lo, hi, nat, jok = (int(x) for x in row)
    if kind == 1:
        places = []
        for p in range(lo, hi + 1):
            assert (nat >> p & 1) + (jok >> p & 1) == 1, f"place {p} of run row {row} holds no card or two"
            places.append((p, None if jok >> p & 1 else (48 + key if p in (0, 13) else (p - 1) * 4 + key)))
        return Meld("run", key, tuple(places))
    return Meld("set", key, naturals=tuple(key * 4 + s for s in range(4) if nat >> s & 1), jokers=jok)


def snapshot(s: RummyState) -> Snapshot:
    m = s.meta
    return Snapshot([Counter({c: int(n) for c, n in enumerate(h) if n}) for h in s.hands],
                    [int(x) for x in s.stock[m[g.M_TOP]:m[g.M_NSTOCK]]], [int(x) for x in s.pile[:m[g.M_NPILE]]],
                    [decode(s.table[t]) for t in range(int(m[g.M_NTABLE]))], [bool(x) for x in s.opened])


def judge_deal(players: int, seed: int, policies: list, joker_points: int = 10, cap: int = 3,
               max_turns: int = 1000) -> Referee:
    """Play a deal with ``policies`` on the façade, the referee judging every move."""
    s = RummyState(players=players, seed=seed, joker_points=joker_points, cap=cap, max_turns=max_turns)
    pack = list(PACK)
    PyXoshiro([int(w) for w in seed_words(seed)]).deal(pack, len(pack))
    ref = Referee(players, cap=cap, joker_points=joker_points)
    ref.check_deal(pack, snapshot(s))
    rng = np.random.default_rng(seed)
    winner = None
    while not s.is_terminal():
        q = s.current_player()
        assert q == ref.seat
        a = policies[q](s, rng)
        s.apply_action(a)
        if a in (STOCK, PILE):
            ref.check_draw(a == PILE, snapshot(s))
        else:
            winner = ref.check_discard(int(a), snapshot(s))
    final = snapshot(s)
    if winner is None:
        assert sum(ref.turns) >= max_turns, "the deal ended with every player still holding cards"
    assert s.returns() == [float(-x) for x in ref.scores(final, winner)]
    ref.events["went out" if winner is not None else "blocked"] += 1
    ref.events[f"out with {ref.out_jokers} jokers"] += winner is not None
    return ref


GREEDY, STOCK_ONLY = heuristic_policy("greedy"), heuristic_policy("stock-only")


def test_heuristic_deals_follow_the_rules() -> None:
    """Openings, melds laid, cards added to table melds, jokers taken back and going out all
    happen in these deals, and every one of them is legal (and scored) by the rules."""
    events: Counter = Counter()
    for seed in range(6):
        events += judge_deal(2 + seed % 4, seed, [GREEDY, STOCK_ONLY] * 3).events
    for kind in ("opened", "melds laid", "added to a table meld", "joker taken back", "went out"):
        assert events[kind] > 0, (kind, events)


def test_random_deals_follow_the_rules_and_turn_the_pile_over() -> None:
    """Random draws and discards (the melding is the program's), and seven players drawing from
    the stock only, whose 7 cards run out in the first round: the discard pile is turned over."""
    events = judge_deal(3, 40, [random_policy] * 3, max_turns=120).events
    events += judge_deal(7, 41, [STOCK_ONLY] * 7).events
    assert events["pile turned over"] > 0


def test_joker_points_variant_scores_the_hands_left() -> None:
    """Jokers left in hand count the variant's 25 (a lone joker 50): the referee's scores equal
    the façade's in deals where jokers were left in losing hands."""
    left = 0
    for seed in range(10):
        ref = judge_deal(4, 60 + seed, [GREEDY] * 4, joker_points=25)
        left += ref.events["went out"]
    assert left == 10
    assert hand_points(Counter([52, 5 * 4]), 25) == 25 + 7 and hand_points(Counter([53]), 25) == 50


def test_a_joker_taken_back_is_laid_again_only_under_the_joker_cap() -> None:
    """The cap on jokers per meld (a rules parameter) holds for a joker taken back from the table
    and laid again: 5 players, cap 1, a deal in which jokers are taken back (it once put a second
    joker into a run)."""
    ref = judge_deal(5, 103, [random_policy, GREEDY, STOCK_ONLY] * 3, cap=1, max_turns=400)
    assert ref.events["joker taken back"] > 0 and ref.events["went out"] == 1


@pytest.mark.slow
def test_many_deals_follow_the_rules() -> None:
    events: Counter = Counter()
    for seed in range(60):
        pol = [random_policy, GREEDY, STOCK_ONLY][seed % 3]
        events += judge_deal(2 + seed % 6, 100 + seed, [pol, GREEDY, STOCK_ONLY] * 3, cap=1 + seed % 3,
                             max_turns=400).events
    assert events["went out"] > 20 and events["joker taken back"] > 0


def test_referee_rejects_what_the_rules_forbid() -> None:
    """The referee's own rule checks, on melds worked by hand."""
    run = Meld("run", 2, ((11, 2 + 10 * 4), (12, 2 + 11 * 4), (13, 2 + 12 * 4)))  # Qh Kh Ah (ace high)
    assert meld_error(run, 3) is None and run.points() == 31
    low = Meld("run", 2, ((0, 2 + 12 * 4), (1, 2), (2, 2 + 4)))  # Ah 2h 3h: the low ace counts 0
    assert meld_error(low, 3) is None and low.points() == 5
    wrap = Meld("run", 2, ((12, 2 + 11 * 4), (13, 2 + 12 * 4), (14, 2)))  # K A 2: no wrap-around
    assert meld_error(wrap, 3) is not None
    twins = Meld("set", 5, naturals=(5 * 4, 5 * 4, 5 * 4 + 1))  # 7c 7c 7d: one suit twice
    assert meld_error(twins, 3) is not None
    five = Meld("set", 5, naturals=(20, 21, 22, 23), jokers=1)
    assert meld_error(five, 3) is not None
    capped = Meld("set", 12, naturals=(48,), jokers=2)
    assert meld_error(capped, 1) is not None and meld_error(capped, 2) is None and capped.points() == 33
