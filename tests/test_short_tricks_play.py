"""Short poker for tricks: DD solver vs the plain minimax, random-play invariants replayed through the
referee move by move, a pinned playthrough, and the game-to-5 chain (exact cases, brute force,
whole-game self-play)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import short_tricks_reference as ref

from analyzer.games.tricks.analysis.short import play_short_games, short_game_odds, solve_short
from analyzer.games.tricks.analysis.short_game import DealOutcomes, game_odds
from analyzer.games.tricks.deck import format_mask, parse_mask, trick_deck
from analyzer.games.tricks.kernels import short as sk
from analyzer.games.tricks.kernels.moves import legal_moves
from analyzer.games.tricks.kernels.playout import (
    LEADER,
    LEFT,
    K,
    apply_move,
    side_tricks,
    start_play,
)
from analyzer.games.tricks.policies.pimc_move import CFG_SIZE
from analyzer.games.tricks.policies.seats import new_search
from analyzer.games.tricks.policies.short import short_move
from analyzer.games.tricks.rules import short_rules
from analyzer.kernels.rng import seed_words


def _text_hands(hands: list[list[str]]) -> list[str]:
    return [" ".join(h) for h in hands]


@pytest.mark.parametrize("jokers,cards,partners", [(1, 3, True), (2, 3, True), (1, 4, True), (2, 3, False)])
def test_dd_solver_matches_plain_minimax(jokers: int, cards: int, partners: bool) -> None:
    rng = random.Random(100 * jokers + cards)
    over = [f"deck=32+{jokers}"] + ([] if partners else ["partners=false", "players=3"])
    rules = short_rules("short-tricks", over)
    for _ in range(25 if cards == 3 else 6):
        hands, turned = ref.random_deal(rng, jokers, rules.players)
        hands = [h[:cards] for h in hands]
        trump = ref.trump_of_turned(turned)
        maker = rng.randrange(rules.players)
        want = ref.minimax(hands, trump, maker, partners)
        assert solve_short(rules, _text_hands(hands), trump or "none", maker) == want


@pytest.mark.slow
def test_dd_solver_matches_plain_minimax_full_deals() -> None:
    rng = random.Random(5)
    rules = short_rules()
    for _ in range(5):
        hands, turned = ref.random_deal(rng, 1)
        trump = ref.trump_of_turned(turned)
        assert solve_short(rules, _text_hands(hands), trump or "none", 0) == ref.minimax(hands, trump, 0)


def _kernel_game(rules, seed: int, policies: list[int]):  # type: ignore[no-untyped-def]
    """One kernel deal: hands, trump, maker, the cards in play order and the maker side's tricks."""
    state = seed_words(seed)
    pack = np.array([s * 16 + r for s in range(4) for r in range(5, 13)] + [61 + j for j in range(rules.joker_count)],
                    np.int64)
    hands = np.zeros(rules.players, np.uint64)
    rp = rules.params()
    turned = sk.deal_hands(state, pack, rules.players, hands)
    trump = sk.turned_trump(turned, rp[sk.R_NO_TRUMP])
    maker = int(seed % rules.players)
    pols = np.array(policies, np.int64)
    g = sk.new_position(rules.players, 0)
    search = new_search(np.zeros(CFG_SIZE, np.int64), state.copy(), 1)
    took = sk.play_deal(g, hands, trump, maker, rp, pols, state.copy(), np.zeros(8, np.int64), search, turned,
                        np.uint64(0))
    # the same deal card by card (the engine's loop body, traced): the same cards and tricks
    g2 = sk.new_position(rules.players, 0)
    g2[0][:] = hands
    sk.side_flags(maker, rp, g2[6])
    start_play(g2, 0, trump, -1, 5, 5, 0, np.uint64(0), 0, 0)
    trace = []
    moves = np.zeros(8, np.int64)
    pos, t_card, t_mode = g2[2], g2[4], g2[5]
    while pos[LEFT] > 0:
        seat = (pos[LEADER] + pos[K]) % rules.players
        h = g2[0][seat]
        n = legal_moves(h, t_card, t_mode, pos[K], trump, rp, moves)
        a = short_move(pols[seat], seat, h, moves, n, t_card, t_mode, pos[K], pos[LEADER], g2[6], trump, rp, state)
        trace.append(int(a) & 63)
        apply_move(g2, a, rp)
    assert side_tricks(g2[6], g2[7]) == took and (g[7] == g2[7]).all()
    return hands.copy(), trump, maker, np.array(trace), took, g2[0]


@pytest.mark.parametrize("over", [[], ["deck=32+2"], ["deck=32+2", "trump=none"], ["joker_any_time=true"],
                                  ["partners=false", "players=5"]])
def test_random_play_is_legal_move_by_move_and_scores_agree_with_referee(over: list[str]) -> None:
    rules = short_rules("short-tricks", over)
    deck = trick_deck(rules.deck)
    for seed in range(60):
        pols = [seed % 2] * rules.players
        start, trump, maker, trace, took, rest = _kernel_game(rules, seed, pols)
        assert not rest.any()  # every card was played
        hands = [format_mask(int(h), deck).split() for h in start]
        t = None if trump < 0 else "cdhs"[trump]
        moves = iter(format_mask(1 << int(b), deck) for b in trace)

        def choose(seat: int, options: list[str], trick: list[str], moves=moves) -> str:  # type: ignore[no-untyped-def]
            card = next(moves)
            assert card in options, (seat, card, options, trick)
            return card

        per_seat, _ = ref.play_deal(hands, t, choose, joker_any_time=rules.joker_any_time)
        side = sum(per_seat[s] for s in range(rules.players) if ref.team(s, maker, rules.players, rules.partners))
        assert side == took
        assert ref.deal_points(side, not rules.partners) == int(sk.deal_points(took, rules.params()))


PINNED = """\
hands: Th Qh Ah 9s Ks | 8c 7d 9h 8s Qs | Tc 8d Jd 7s Js | Jc Ac Ad 7h Ts
trump: d, maker: seat 1
play: Ah 9h 8d 7h | 7s Ts Ks 8s | 9s Qs Js Ad | Ac Th 8c Tc | Jc Qh 7d Jd
maker side took 2, writes -2"""


def test_pinned_playthrough() -> None:
    rules = short_rules()
    deck = trick_deck(rules.deck)
    start, trump, maker, trace, took, _ = _kernel_game(rules, 13, [sk.HEURISTIC] * 4)
    cards = [format_mask(1 << int(b), deck) for b in trace]
    text = "\n".join([
        "hands: " + " | ".join(format_mask(int(h), deck) for h in start),
        f"trump: {'none' if trump < 0 else 'cdhs'[trump]}, maker: seat {maker}",
        "play: " + " | ".join(" ".join(cards[4 * i:4 * i + 4]) for i in range(5)),
        f"maker side took {took}, writes {rules.deal_points(took)}"])
    assert text == PINNED


def test_heuristic_declares_by_hand_strength() -> None:
    deck = trick_deck("32+1")
    strong = parse_mask("Jk As Ks 7h 8d", deck)
    weak = parse_mask("7c 8c 9d Th Jh", deck)
    assert sk.hand_strength(np.uint64(strong), 3) == pytest.approx(1 + 0.9 + 0.7)
    rp = short_rules().params()
    state = seed_words(1)
    assert sk.says_play(sk.HEURISTIC, np.uint64(strong), 3, rp, state)
    assert not sk.says_play(sk.HEURISTIC, np.uint64(weak), 3, rp, state)


# --- the game to 5 ------------------------------------------------------------------------------------

def _by_hand(out: DealOutcomes, target: int = 5, horizon: int = 400, floor: int = -60) -> tuple[float, float]:
    """Plain forward propagation of the score distribution, deal by deal, for ``horizon`` deals:
    P(the side eldest in the first deal wins) and the mass not finished (or fallen below ``floor``).

    ``dist[d, a - floor, b - floor]``: the chance that side 0 has ``a`` points, side 1 ``b`` and
    side ``d`` is eldest in the next deal; each deal moves every cell by each outcome at once."""
    size = target - floor
    dist = np.zeros((2, size, size))
    dist[0, -floor, -floor] = 1.0
    win = 0.0
    dropped = 0.0
    for _ in range(horizon):
        nxt = np.zeros_like(dist)
        for d in (0, 1):
            cur = dist[d]
            if out.throw_in:
                nxt[1 - d] += out.throw_in * cur
            moves = [(d, pts, p) for pts, p in out.eldest] + [(1 - d, pts, p) for pts, p in out.dealer]
            for side, pts, p in moves:
                # the scoring side's axis: index i moves to i + pts; at the target the game ends
                src = cur if side == 0 else cur.T
                dst = nxt[1 - d] if side == 0 else nxt[1 - d].T  # (a view: adding to it fills nxt)
                lo, hi = max(0, -pts), min(size, size - pts)  # rows that stay on the board
                dst[lo + pts:hi + pts] += p * src[lo:hi]
                finished = p * float(src[hi:].sum())  # reached the target
                if side == 0:
                    win += finished
                dropped += p * float(src[:lo].sum())  # fell below the floor
        dist = nxt
    return win, float(dist.sum()) + dropped


def test_chain_binomial_case_is_exact() -> None:
    # one point per deal, eldest side takes it with p: the eldest side alternates deal by deal
    p = 0.6
    odds = game_odds(DealOutcomes.from_probs({1: p}, {1: 1 - p}))
    want, unfinished = _by_hand(DealOutcomes.from_probs({1: p}, {1: 1 - p}), horizon=9)
    assert unfinished == pytest.approx(0.0, abs=1e-15)
    assert odds.win(0, 0) == pytest.approx(want, abs=1e-12)
    half = game_odds(DealOutcomes.from_probs({1: 0.5}, {1: 0.5}))
    # P(2 successes before 5 failures) with fair coins, exact by the negative binomial
    assert half.win(3, 0) == pytest.approx(sum(math.comb(1 + j, j) * 0.5 ** (2 + j) for j in range(5)), abs=1e-12)
    assert half.premium_dist(0, 0)["win 3"] == pytest.approx(0.5 ** 5, abs=1e-12)


def test_chain_matches_bounded_brute_force_with_failures_and_throw_ins() -> None:
    out = DealOutcomes.from_probs({-2: 0.05, 1: 0.2, 2: 0.05}, {-2: 0.06, 1: 0.18, 2: 0.04})
    odds = game_odds(out)
    win, unfinished = _by_hand(out)
    assert unfinished < 1e-9
    assert win <= odds.win(0, 0) <= win + unfinished + 1e-9
    assert sum(odds.premium_dist(0, 0).values()) == pytest.approx(1.0, abs=1e-9)
    assert float(odds.cut[-4 - odds.low:, -4 - odds.low:].max()) < 1e-9


def test_chain_by_plain_simulation() -> None:
    out = DealOutcomes.from_probs({-2: 0.1, 1: 0.3, 2: 0.1}, {-2: 0.05, 1: 0.2, 2: 0.05})
    odds = game_odds(out)
    rng = random.Random(7)
    events = [(0, pts, p) for pts, p in out.eldest] + [(1, pts, p) for pts, p in out.dealer]
    n = 20_000
    wins = 0
    prem3 = 0
    for _ in range(n):
        score = [0, 0]
        d = 0
        while True:
            u = rng.random()
            hit = None
            for rel, pts, p in events:
                if u < p:
                    hit = (rel, pts)
                    break
                u -= p
            if hit is not None:
                side = d if hit[0] == 0 else 1 - d
                score[side] += hit[1]
                if score[side] >= 5:
                    wins += side == 0
                    prem3 += side == 0 and ref.premium(score[1]) == 3
                    break
            d = 1 - d
    for got, want in ((wins / n, odds.win(0, 0)), (prem3 / n, odds.premium_dist(0, 0)["win 3"])):
        assert abs(got - want) < 4 * math.sqrt(want * (1 - want) / n)


def test_chain_agrees_with_whole_game_self_play() -> None:
    rules = short_rules()
    pols = ["heuristic", "random", "heuristic", "random"]
    odds, _ = short_game_odds(rules, pols, deals=40_000, seed=3)
    games = play_short_games(rules, pols, games=3_000, seed=4)
    # the chain's input is itself sampled: allow its error too (40,000 deals) plus the games' SE
    se = games.p_win.se
    assert abs(games.p_win.estimate - odds.win(0, 0)) < 4 * se + 0.02
    assert odds.win(0, 0) > 0.6  # heuristic partners beat random partners clearly
    for k, v in games.premium.items():
        assert abs(v.estimate - odds.premium_dist(0, 0)[k]) < 4 * max(v.se, 0.005) + 0.02


def test_the_dd_value_is_the_engines_paranoid_search_with_a_team_mask() -> None:
    """No search of its own: the maker's side (seats 0+2) is the searching side of the engine's solver."""
    from analyzer.games.tricks.search.paranoid import paranoid_kernel

    assert not hasattr(sk, "_ab")
    rules = short_rules()
    deck = trick_deck(rules.deck)
    hands = np.array([parse_mask(h, deck) for h in ["Jk As 7c 8c 9c", "Ks Qs 7d 8d 9d", "Js Ac Ad 7h 8h",
                                                     "Ts Kc Kd Ah 9h"]], np.uint64)
    tt = sk.dd_table(10)
    got = int(sk.dd_tricks(hands, 3, 0, rules.params(), tt))
    assert got == ref.minimax([format_mask(int(h), deck).split() for h in hands], "s", 0)
    assert int(paranoid_kernel(hands, 4, 0b0101, 3, rules.params(), 0, -1, 0, tt[0], 99, tt[2])) == got
