"""Durak self-play: invariants over random games in the kernels, the pinned playthrough, the
façade interface, the engine's reproducibility, and statistical sanity of the estimates."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from analyzer.engine import chunk_state
from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.kernels.choose import search_arg
from analyzer.games.durak.kernels.moves import conservation_ok
from analyzer.games.durak.kernels.play import checked_chunk, sim_chunk
from analyzer.games.durak.odds import hand_odds
from analyzer.games.durak.playthrough import game_trace
from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.simulate import parse_lineup, policy_codes, simulate_durak
from analyzer.games.durak.state import DurakState, heuristic_policy, random_policy, tables_for
from analyzer.games.durak.strength import strength
from analyzer.games.state import play_out
from analyzer.stats import chi_square_gof

DATA = Path(__file__).parent / "data"
CONFIGS = [(p, d) for d in ("36+2", "52+2") for p in (2, 3, 4, 5, 6)]


def _checked(players: int, deck: str, lineup: list[str], games: int, seed: int, overrides=()) -> np.ndarray:
    # the budget even when no seat searches (random and heuristic seats ignore it): the same games
    # as the loop compiled for ``search=None`` (test_a_loop_without_searching_seats_is_the_same_games...),
    # and one Python-callable compile of this test-only kernel, the one tests/test_durak_tree.py needs
    rules = durak_rules(players, deck, overrides)
    return checked_chunk(chunk_state(seed, 0), games, rules.deck_cards(), rules.kernel_rules(), players,
                         policy_codes(lineup), 8, np.array(tables_for(rules)))


def _assert_clean(out: np.ndarray, games: int) -> None:
    assert out[0] == games
    assert out[2] == 0, "a policy made an illegal move"
    assert out[3] == 0, "cards were not conserved"
    assert out[4] == 0, "a bout went over its attack limit or the defender kept a played card"
    assert out[5] == 0, "a hand was not refilled while the stock lasted"
    assert out[1] + out[7] == games


@pytest.mark.parametrize(("players", "deck"), CONFIGS)
def test_invariants_over_random_and_heuristic_games(players, deck):
    # 2,000 games per configuration: 20,000 in all, every move checked inside the kernel
    out = _checked(players, deck, ["random"] * players, 1_000, players)
    _assert_clean(out, 1_000)
    assert out[7] == 0 and out[8] > 1_000 * 20
    mixed = ["heuristic", "random"] * 3
    out = _checked(players, deck, mixed[:players], 1_000, 100 + players)
    _assert_clean(out, 1_000)


def test_invariants_with_the_search_policy_and_rule_variants():
    _assert_clean(_checked(3, "36+2", ["search", "heuristic", "random"], 30, 5), 30)
    for overrides in (["max_attack=0", "first_bout_limit=0", "limit_by_defender=false"],
                      ["throw_after_take=false", "hand_size=5"]):
        _assert_clean(_checked(4, "36+2", ["random"] * 4, 500, 9, overrides), 500)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "deck"), CONFIGS)
def test_invariants_over_100000_games(players, deck):
    out = _checked(players, deck, ["random"] * players, 5_000, 1000 + players)
    _assert_clean(out, 5_000)
    out = _checked(players, deck, ["heuristic"] * players, 5_000, 2000 + players)
    _assert_clean(out, 5_000)


def test_conservation_check_catches_a_lost_card():
    st = DurakState.deal(durak_rules(), 1)
    assert conservation_ok(st.S)
    st.S[L.HAND] &= st.S[L.HAND] - 1          # drop the lowest card of seat 0
    assert not conservation_ok(st.S)


def test_pinned_playthrough():
    text = game_trace(durak_rules(3), ["random", "heuristic", "search"], seed=11, budget=8)
    assert text == (DATA / "durak_playthrough_3p.txt").read_text()


def test_facade_clone_resample_and_information_state():
    rules = durak_rules(3)
    st = DurakState.deal(rules, 4)
    rng = np.random.default_rng(4)
    for _ in range(25):
        st.apply_action(random_policy(st, rng))
    twin = st.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.S.tolist() != st.S.tolist()
    seat = st.current_player()
    re = st.resample(seat, rng)
    assert re.hand(seat) == st.hand(seat) and re.table() == st.table()
    assert [len(re.hand(s)) for s in range(3)] == [len(st.hand(s)) for s in range(3)]
    for s in range(3):
        known = {c for c in range(54) if int(st.S[L.KNOWN + s]) >> c & 1}
        assert known <= set(re.hand(s))
    assert conservation_ok(re.S) and re.legal_actions() == st.legal_actions()
    info = st.information_state(seat)
    assert info.startswith(f"seat {seat};") and "stock" in info
    result = play_out(st, [heuristic_policy] * 3, rng)
    assert st.is_terminal() and sorted(result)[0] in (-1.0, 0.0) and st.current_player() == -1


def test_same_seed_same_numbers_with_one_or_two_threads():
    rules = durak_rules(3)
    a = simulate_durak(rules, ["heuristic"] * 3, games=6_000, seed=9, chunk_size=1_000, workers=1, quiet=True)
    b = simulate_durak(rules, ["heuristic"] * 3, games=6_000, seed=9, chunk_size=1_000, workers=2, quiet=True)
    assert np.array_equal(a.totals, b.totals)
    c = simulate_durak(rules, ["heuristic"] * 3, games=6_000, seed=10, chunk_size=1_000, quiet=True)
    assert not np.array_equal(a.totals, c.totals)


def test_seats_are_symmetric_under_symmetric_play():
    sim = simulate_durak(durak_rules(4), ["heuristic"] * 4, games=40_000, seed=3, quiet=True)
    fools = np.array([r["fools"] for r in sim.seat_rows()])
    assert chi_square_gof(fools, np.full(4, 0.25)).p_value > 1e-4
    assert sim.aborted == 0


def test_group_tallies_add_up():
    sim = simulate_durak(durak_rules(3, "52+2"), ["heuristic", "random", "heuristic"], games=5_000, seed=2,
                         quiet=True)
    for family in ("jokers", "roles", "trumps", "first"):
        rows = sim.group_rows(family)
        assert sum(r["players"] for r in rows) == 3 * 5_000
        assert sum(r["fools"] for r in rows) == 5_000 - sim.draws - sim.aborted
    first = sim.group_rows("first")
    assert first[0]["players"] == 5_000
    jokers = {r["group"]: r["players"] for r in sim.group_rows("jokers")}
    roles = {r["group"]: r["players"] for r in sim.group_rows("roles")}
    assert jokers["both jokers"] == roles["both jokers"] and jokers["no joker"] == roles["no joker"]
    assert jokers["red joker"] + jokers["black joker"] == roles["high joker"] + roles["low joker"]


def test_the_high_joker_is_worth_more_than_the_low_one_heads_up():
    sim = simulate_durak(durak_rules(), ["heuristic"] * 2, games=20_000, seed=5, quiet=True)
    values = {(r["holding"], r["by"]): r for r in sim.value_rows()}
    high, low = values[("high joker", "role")], values[("low joker", "role")]
    assert high["ci_low"] > low["ci_high"]
    assert values[("both jokers", "colour")]["ci_low"] > 0
    assert sim.first_attacker_edge()["ci_low"] > 0


def test_heuristic_beats_random_and_search_beats_heuristic():
    s = strength(durak_rules(), ["heuristic", "random"], deals=500, seed=1, quiet=True)
    score, se = s.score(0)
    assert score - 1.96 * se > 0.9
    s = strength(durak_rules(), ["search", "heuristic"], deals=300, seed=2, budget=32, quiet=True)
    score, se = s.score(0)
    assert score - 1.96 * se > 0.5
    assert abs(s.score(1)[0] - (1 - score)) < 1e-12


def test_a_strong_hand_is_the_fool_less_often_than_a_weak_one():
    rules = durak_rules(3)
    strong = hand_odds(rules, "Jk1 Ah Kh Qh Jk2 As", "h", seat=1, games=3_000, seed=1, quiet=True)
    weak = hand_odds(rules, "6c 7d 8s 6s 7c 9d", "h", seat=1, games=3_000, seed=1, quiet=True)
    assert strong.p_fool.ci_high < weak.p_fool.ci_low
    turned = hand_odds(rules, "6c 7d 8s 6s 7c 9d", "Jk1", seat=1, games=200, seed=1, quiet=True)
    assert turned.games == 200


def test_lineup_parsing():
    assert parse_lineup(2, "random", ["0=heuristic"]) == ["heuristic", "random"]
    with pytest.raises(Exception, match="unknown policy 'smart'"):
        parse_lineup(2, "smart")
    with pytest.raises(Exception, match=r"SEAT=POLICY with a seat 0\.\.1"):
        parse_lineup(2, "random", ["2=random"])


def test_after_a_loss_the_fools_neighbour_attacks_first():
    from analyzer.games.durak.kernels.play import after_loss_attacker

    right = durak_rules(3).kernel_rules()
    left = durak_rules(3, overrides=["after_loss=left"]).kernel_rules()
    assert after_loss_attacker(0, 3, right) == 2 and after_loss_attacker(0, 3, left) == 1
    assert after_loss_attacker(-2, 3, right) == -1          # after a draw the first_attack rule decides
    # attacking the last fool first makes him the fool again more often than attacking away from him
    under = simulate_durak(durak_rules(3), ["heuristic"] * 3, games=20_000, seed=8, later=True, quiet=True)
    away = simulate_durak(durak_rules(3, overrides=["after_loss=left"]), ["heuristic"] * 3, games=20_000, seed=8,
                          later=True, quiet=True)
    assert under.again()["p_fool_again_ci_low"] > away.again()["p_fool_again_ci_high"]
    assert 0.8 * 20_000 < under.again()["games_after_a_fool"] < 20_000   # the first games' draws excluded


def test_hand_odds_deals_keep_the_hand_in_its_seat_and_a_trump_card_turned():
    from analyzer.games.durak.kernels.play import arrange_pack
    from analyzer.games.durak.odds import turned_choices

    rules = durak_rules(4)
    hand = np.array([51, 52, 22, 28, 33, 47], np.int64)   # As Jk1 7h 9c Td Qs
    rest = np.array([c for c in rules.deck_cards() if c not in set(hand.tolist())], np.int64)
    choices = turned_choices(rules, hand, "h")
    assert sorted(choices.tolist()) == [c for c in range(16, 52) if c & 3 == 2 and c != 22]
    pack = np.empty(38, np.int64)
    others = np.empty(31, np.int64)
    rng = chunk_state(3, 0)
    turned = set()
    for _ in range(400):
        arrange_pack(rng, rest, hand, 2, choices, 4, pack, others)
        assert sorted(pack.tolist()) == rules.deck_cards().tolist()
        assert pack[12:18].tolist() == hand.tolist()
        turned.add(int(pack[24]))
    assert turned == set(choices.tolist())


def test_cluster_robust_standard_errors_match_the_spread_over_repeated_runs():
    """The reported SE of a joker value and of the first-attacker edge equals the SD of the estimate
    over 60 independent runs (the SD of 60 draws is within ±10 % of the truth at one sigma)."""
    rules = durak_rules(3)
    values, ses = [], []
    for seed in range(60):
        sim = simulate_durak(rules, ["heuristic"] * 3, games=1_500, seed=500 + seed, quiet=True)
        high = next(r for r in sim.value_rows() if r["holding"] == "high joker")
        edge = sim.first_attacker_edge()
        values.append((high["estimate"], edge["estimate"]))
        ses.append((high["se"], edge["se"]))
    spread = np.std(np.array(values), axis=0, ddof=1)
    reported = np.mean(np.array(ses), axis=0)
    ratio = spread / reported
    assert np.all((ratio > 0.7) & (ratio < 1.4)), ratio


def test_a_loop_without_searching_seats_is_the_same_games_and_refuses_a_search():
    """The loops compiled for ``search=None`` (no searching policy compiled in) play the very same
    games as with a budget when no seat searches, and stop with an error if one does."""
    rules = durak_rules(3)
    codes = policy_codes(["heuristic", "random", "heuristic"])
    args = (rules.deck_cards(), rules.kernel_rules(), 3, codes)
    tab = np.array(tables_for(rules))
    assert search_arg(codes, 8) is None
    basic = sim_chunk(chunk_state(5, 0), 300, *args, None, tab, False)
    budgeted = sim_chunk(chunk_state(5, 0), 300, *args, 8, tab, False)
    assert basic[:8].sum() == 300 and np.array_equal(basic, budgeted)
    searching = policy_codes(["search", "heuristic", "heuristic"])
    assert search_arg(searching, 8) == 8
    with pytest.raises(ValueError, match="search budget"):
        sim_chunk(chunk_state(5, 0), 3, rules.deck_cards(), rules.kernel_rules(), 3, searching, None, tab, False)
