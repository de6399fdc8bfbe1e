"""The paranoid solver against a plain minimax (tests/tricks_reference.py) and named examples."""

from __future__ import annotations

import random

import pytest

from analyzer.errors import JokerOddsError
from analyzer.games.tricks.rules import P, trick_rules
from analyzer.games.tricks.search.solver import Solver, deals_from_jsonl, parse_deal
from tests import tricks_reference as ref

SOLVER = Solver(log_size=16)

GEORGIAN_DECK = [r + s for r in "6789TJQKA" for s in "cdhs" if r + s not in ("6c", "6s")] + ["Jk1", "Jk2"]
DECK_54 = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk1", "Jk2"]

# (game, players, cards): sizes the full minimax finishes quickly in plain Python
DEFAULT_SHAPES = [("georgian", 4, 2), ("georgian", 4, 3), ("georgian", 3, 3), ("georgian", 3, 4),
                  ("georgian", 2, 4), ("georgian", 2, 5), ("54", 3, 3), ("54", 2, 5), ("54", 4, 3)]
# (4 players of 4 cards take minutes a deal in the plain minimax: beyond a test's reach)
SLOW_SHAPES = [*DEFAULT_SHAPES, ("54", 3, 4), ("georgian", 2, 3), ("54", 2, 4)]


def random_deal(rng: random.Random, game: str, players: int, cards: int) -> tuple[list[str], str, int]:
    deck = list(GEORGIAN_DECK if game == "georgian" else DECK_54)
    if rng.random() < 0.5:  # a narrow deck (two suits and the jokers): more following and ruffing
        suits = rng.sample("cdhs", 2)
        narrow = [c for c in deck if c.startswith("Jk") or c[1] in suits]
        if len(narrow) >= players * cards:
            deck = narrow
    rng.shuffle(deck)
    hands = [" ".join(deck[i * cards:(i + 1) * cards]) for i in range(players)]
    trump = rng.choice(["c", "d", "h", "s", "none"])
    return hands, trump, rng.randrange(players)


def check_against_reference(n_deals: int, shapes: list, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    for i in range(n_deals):
        game, players, cards = shapes[i % len(shapes)]
        tbt = bool(i % 2) and game == "georgian"
        hands, trump, leader = random_deal(rng, game, players, cards)
        preset = "georgian-joker" if game == "georgian" else "joker-54"
        over = [f"players={players}", f"trump_beats_take={str(tbt).lower()}"]
        if game == "54":
            over.append("draw=none")
        rules = trick_rules(preset, over)
        deal = parse_deal(rules, hands, trump, leader)
        got = SOLVER.paranoid(deal)
        georgian = game == "georgian"
        ref_hands = [ref.hand(h, georgian) for h in hands]
        t = None if trump == "none" else trump
        want = [ref.paranoid(ref_hands, t, leader, s, georgian, tbt) for s in range(players)]
        assert got == want, (hands, trump, leader, game, tbt)
        checked += 1
    return checked


def test_solver_matches_minimax_on_random_deals() -> None:
    # two deals a shape, a Georgian shape once with trump_beats_take and once without (among them
    # both jokers, no trump, narrow and full decks); the slow test below runs 540
    assert check_against_reference(18, DEFAULT_SHAPES, seed=11) == 18


@pytest.mark.slow
def test_solver_matches_minimax_on_many_random_deals() -> None:
    assert check_against_reference(540, SLOW_SHAPES, seed=12) == 540


def test_best_leads_match_minimax() -> None:
    from analyzer.games.tricks.state import move_text

    rng = random.Random(21)
    shapes = [("georgian", 4, 2), ("georgian", 3, 3), ("georgian", 2, 4), ("54", 3, 3)]
    for i in range(40):
        game, players, cards = shapes[i % len(shapes)]
        hands, trump, leader = random_deal(rng, game, players, cards)
        preset = "georgian-joker" if game == "georgian" else "joker-54"
        rules = trick_rules(preset, [f"players={players}"] + (["draw=none"] if game == "54" else []))
        deal = parse_deal(rules, hands, trump, leader)
        got = sorted(move_text(a, rules.deck) for a in SOLVER.best_leads(deal))
        georgian = game == "georgian"
        want = ref.best_leads([ref.hand(h, georgian) for h in hands], None if trump == "none" else trump,
                              leader, georgian)
        assert got == want, (hands, trump, leader, game)


def solve(hands: list[str], trump: str, leader: int = 0, *over: str) -> list[int]:
    return SOLVER.paranoid(parse_deal(trick_rules("georgian-joker", list(over)), hands, trump, leader))


def test_led_take_wins_the_trick() -> None:
    # seat 0 leads the joker "take": it wins over the ace; then its low card loses
    assert solve(["Jk1 7c", "Ac Kc", "Qc Jc", "Tc 9c"], "none") == [1, 1, 0, 0]


def test_led_give_nobody_follows_pushes_the_trick_to_its_owner() -> None:
    # only clubs are out besides seat 0's hearts: give hearts → nobody holds hearts or trump
    v = solve(["Jk1", "Ac", "Kc", "Qc"], "none")
    assert v[0] == 1


def test_two_high_jokers_the_later_wins() -> None:
    # seat 0 leads a diamond; seats 1 and 2 hold the jokers: against seat 1, seat 2's later
    # high joker beats seat 1's — seat 1 cannot make sure of the trick
    assert solve(["7d", "Jk1", "Jk2", "8d"], "h") == [0, 0, 1, 0]


def test_jsonl_and_bad_deals() -> None:
    rules = trick_rules("georgian-joker")
    deals = deals_from_jsonl(rules, '{"hands": ["Ah", "Kh", "Qh", "Jh"], "trump": "none", "leader": 1}\n')
    assert SOLVER.paranoid(deals[0]) == [1, 0, 0, 0]
    bad = [(["Ah", "Kh", "Qh"], "h", 0, "3 hands given"),
           (["Ah", "Kh", "Qh", "Jh Th"], "h", 0, "unequal sizes"),
           (["Ah", "Ah", "Qh", "Jh"], "h", 0, "more than one hand"),
           (["2c", "Kh", "Qh", "Jh"], "h", 0, "not in deck 36j"),
           (["Ac", "Kh", "Qh", "Jh"], "x", 0, "unknown trump"),
           (["Ac", "Kh", "Qh", "Jh"], "h", 4, "leader must be"),
           (["Jk1", "6c", "Qh", "Jh"], "h", 0, "more than one hand")]
    for hands, trump, leader, msg in bad:
        with pytest.raises(JokerOddsError, match=msg):
            parse_deal(rules, hands, trump, leader)


def test_winner_and_beaters_match_trick_winner() -> None:
    """The move ordering's, the decided-trick check's and the search's shortcut (a card played next
    takes the trick or leaves it where it was) against trick_winner on every next card of random
    tricks, and the next winner and beaters the search derives from it."""
    import numpy as np

    from analyzer.games.tricks.kernels.moves import HIGH, JK1, JK2, LOW, legal_moves, trick_winner
    from analyzer.games.tricks.search.bounds import beaters, winner_and_beaters

    rng = random.Random(31)
    cases = [("georgian-joker", ["trump_beats_take=false"]), ("georgian-joker", ["trump_beats_take=true"]),
             ("joker-54", ["draw=none"]), ("short-tricks", [])]
    checked = 0
    for preset, over in cases:
        rules = trick_rules(preset, over)
        rp = rules.params()
        bits = [b for b in range(64) if (1 << b) & int(sum(1 << x for x in _deck_bits(rules.deck)))]
        for _ in range(400):
            trump = rng.choice([-1, 0, 1, 2, 3])
            cards = rng.sample(bits, 4 + 6)
            t_card = np.zeros(4, np.int64)
            t_mode = np.zeros(4, np.int64)
            k = rng.randrange(1, 4)
            out = np.zeros(64, np.int64)
            for i in range(k):  # each card a legal move of a one-card-choice hand
                n = legal_moves(np.uint64(1 << cards[i]), t_card, t_mode, i, trump, rp, out)
                a = int(out[rng.randrange(n)])
                t_card[i], t_mode[i] = a & 63, a >> 6
            w, beat = winner_and_beaters(t_card, t_mode, k, trump, rp)
            assert w == trick_winner(t_card, t_mode, k, trump, rp)
            for c in cards[k:]:
                modes = [HIGH, LOW] if c in (JK1, JK2) else [0]
                for mode in modes:
                    t_card[k], t_mode[k] = c, mode
                    want = trick_winner(t_card, t_mode, k + 1, trump, rp)
                    if c in (JK1, JK2):
                        takes = mode == HIGH or rp[P.MODEL] == 2
                    else:
                        takes = bool((int(beat) >> c) & 1)
                    assert want == (k if takes else w), (preset, over, trump, t_card, t_mode, k, c, mode)
                    # the search carries them from card to card: the taker's beaters, or the same
                    assert winner_and_beaters(t_card, t_mode, k + 1, trump, rp) == (
                        (k, beaters(t_card, t_mode, k, trump, rp)) if takes else (w, beat))
                    checked += 1
    assert checked > 1000


def _deck_bits(deck: str) -> list[int]:
    from analyzer.games.tricks.deck import trick_deck

    return list(trick_deck(deck).bits)


def _random_deals(preset: str, over: list[str], cards: int, n: int, seed: int) -> list:
    """The deals of ``benchmarks/bench_tricks.random_deals`` (Georgian) and ``bench_solver_tail``."""
    import numpy as np

    from analyzer.games.tricks.deck import trick_deck
    from analyzer.games.tricks.search.solver import Deal

    rules = trick_rules(preset, over)
    deck = trick_deck(rules.deck)
    rng = np.random.default_rng(seed)
    bits = np.array(deck.bits)
    out = []
    for _ in range(n):
        p = rng.permutation(bits)
        hands = tuple(int(sum(1 << int(b) for b in p[s * cards:(s + 1) * cards])) for s in range(rules.players))
        out.append(Deal(rules, deck, hands, int(rng.integers(-1, 4)), int(rng.integers(0, rules.players))))
    return out


def test_full_size_values_pinned() -> None:
    """Seat values of 40 random 9-card Georgian deals (4 seats in turn) and 40 8-card deals of the
    54-card game, as the solver before its tail work (issue 54) gave them."""
    g = _random_deals("georgian-joker", [], 9, 40, 101)
    assert "".join(str(SOLVER.value(d, i % 4)) for i, d in enumerate(g)) == "0102540010501100000103100102111011010122"
    f = _random_deals("joker-54", ["draw=none"], 8, 40, 102)
    assert "".join(str(SOLVER.value(d, i % 3)) for i, d in enumerate(f)) == "2041402321123400500401303210001121201121"



def _twin_values(hands: list[str], twin: list[str], trump: str, seat: int) -> tuple[list[int], list[int]]:
    """The paranoid values of seat ``seat`` in a deal and then in its twin under one table stamp
    (seat 1 leading), and the nodes each searched."""
    import numpy as np

    from analyzer.games.tricks.search.paranoid import paranoid_kernel

    rules = trick_rules("georgian-joker")
    solver = Solver(12)
    solver.generation += 1
    values, nodes = [], []
    for h in (hands, twin):
        d = parse_deal(rules, h, trump, 1)
        solver.nodes[0] = 0
        values.append(int(paranoid_kernel(np.array(d.hands, np.uint64), 4, 1 << seat, d.trump, rules.params(),
                                          d.leader, -1, 0, solver.table, solver.generation, solver.nodes)))
        nodes.append(int(solver.nodes[0]))
    return values, nodes


def test_rank_relabelled_twin_shares_the_table_entry() -> None:
    """A position and its twin with other ranks in the same order per suit (as if the cards
    between them were gone; jokers swapped): one canonical key, so the twin solved after it under
    the same table stamp is answered by the root's stored bounds (a node a target), with the same
    value, the plain minimax's."""
    import numpy as np

    from analyzer.games.tricks.search.bounds import canonical

    pairs = [(["Ah 9h 7c", "Kh 6h Jk1", "Qd Tc 8c", "Jd 9d 7d"], ["Qh 8h 9c", "Th 7h Jk2", "Ad Ac Kc", "Kd Qd 6d"]),
             (["Ah 9h 7c Jk1", "Kh 6h 8d Tc", "Qd Th 8c Jh", "Jd 9d 7d Qh"],
              ["Ah 7h 7c Jk1", "Qh 6h 8d Ac", "Kd 8h Kc 9h", "Qd 9d 7d Th"])]
    rules = trick_rules("georgian-joker")
    searched = 0
    for hands, twin in pairs:
        keys = []
        for h in (hands, twin):
            out = np.zeros(4, np.uint64)
            canonical(np.array(parse_deal(rules, h, "h", 1).hands, np.uint64), 4, out)
            keys.append([int(x) for x in out])
        assert keys[0] == keys[1]
        for seat in range(4):
            values, nodes = _twin_values(hands, twin, "h", seat)
            assert values[0] == values[1], (hands, seat)
            if len(hands[0].split()) == 3:  # (the plain minimax of 4 cards a seat takes minutes)
                assert values[0] == ref.paranoid([ref.hand(h, True) for h in hands], "h", 1, seat, True, False)
            assert nodes[1] <= values[1] + 1, (hands, seat, nodes)
            searched += nodes[0] > values[0] + 1
    assert searched >= 5
