"""Bidding expectations: the exact 1-card table against a slow reference (the rules referee and
the heuristic written from its description), the sampled table against the exact one, unknown
earlier bids, and the bad-input errors of ``tricks bid``."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner
from heuristic_reference import bid as ref_bid
from heuristic_reference import lone_joker_lead
from tricks_game_reference import GEORGIAN, Deal, deck
from tricks_reference import card, is_joker

from analyzer.cli import main as cli
from analyzer.games.tricks.analysis.bidding import BidError, bid_table, exact_bid_table, situation
from analyzer.games.tricks.rules import trick_rules

GJ = trick_rules("georgian-joker")


def _lone_card_play(d: Deal) -> tuple:
    """The heuristic's play of a seat's last card: a plain card as it is; a joker led by
    :func:`lone_joker_lead` (the unseen cards: all but its own), following "high" while short of
    the bid (its only winning move), else "low" (it sheds)."""
    s = d.to_move()
    c = d.hands[s][0]
    if not is_joker(c):
        return (c, "plain")
    short = d.bids[s] > d.took[s]
    if not d.trick:
        return (c, lone_joker_lead(short, d.trump, [x for x in deck(True) if x != c]))
    return (c, "high" if short else "low")


def reference_one_card(my: str, up: str, seat: int, bids: list[int] | None) -> dict[int, tuple[float, float]]:
    """Exact (EV, P(made)) per bid of a 1-card Georgian hand, 4 players, every deal of the unseen
    cards enumerated and kept when the earlier seats' heuristic bids are the given ones
    (``None``: not known — every deal kept, the earlier seats bidding as the heuristic)."""
    mine, turned = card(my, True), card(up, True)
    trump = None if is_joker(turned) else turned[1]
    pool = [c for c in deck(True) if c not in (mine, turned)]
    sums: dict[int, list[float]] = {}
    for others in itertools.permutations(pool, 3):
        hands = [[c] for c in others]
        hands.insert(seat, [mine])
        earlier = [ref_bid(hands[s], trump, 1, None) for s in range(seat)]
        if bids is not None and earlier != bids:
            continue
        probe = Deal.from_pack(GEORGIAN, [h[0] for h in hands] + [turned], 1)
        for b in earlier:
            probe.bid(b)
        for b in probe.legal_bids():
            d = Deal.from_pack(GEORGIAN, [h[0] for h in hands] + [turned], 1)
            for x in [*earlier, b]:
                d.bid(x)
            while d.phase == "bid":
                d.bid(ref_bid(d.hands[d.to_move()], trump, 1, d.forbidden_bid()))
            while d.phase == "play":
                d.play(_lone_card_play(d))
            acc = sums.setdefault(b, [0.0, 0.0, 0])
            acc[0] += d.scores()[seat]
            acc[1] += d.took[seat] == b
            acc[2] += 1
    return {b: (v[0] / v[2], v[1] / v[2]) for b, v in sums.items()}

@pytest.mark.parametrize(("hand", "up", "seat", "bids"), [
    ("Ah", "7h", 2, [1, 0]), ("Kd", "Jk2", 3, [0, 1, 0]), ("Ah", "7h", 2, None),  # None: every deal, jokers led too
    pytest.param("Jk1", "9s", 0, [], marks=pytest.mark.slow), pytest.param("7c", "Ad", 1, [1], marks=pytest.mark.slow), pytest.param("Jk2", "Ts", 1, None, marks=pytest.mark.slow),
    pytest.param("Qh", "Kh", 2, None, marks=pytest.mark.slow)])
def test_exact_one_card_table_matches_the_reference(hand: str, up: str, seat: int, bids: list[int] | None) -> None:
    s = situation(GJ, hand, up=up, seat=seat, bids=bids)
    t = exact_bid_table(s)
    ref = reference_one_card(hand, up, seat, bids)
    assert [r["bid"] for r in t.rows] == sorted(ref)
    for r in t.rows:
        ev, pm = ref[r["bid"]]
        assert r["ev"] == pytest.approx(ev, abs=1e-9)
        assert r["p_made"] == pytest.approx(pm, abs=1e-12)


def test_sampled_one_card_table_contains_the_exact_one() -> None:
    s = situation(GJ, "Ah", up="7h", seat=2, bids=[1, 0])
    exact = {r["bid"]: r for r in exact_bid_table(s).rows}
    t = bid_table(s, "heuristic", samples=40_000, seed=3)
    for r in t.rows:
        e = exact[r["bid"]]
        assert r["ci_low"] <= e["ev"] <= r["ci_high"]
        assert r["p_made_low"] <= e["p_made"] <= r["p_made_high"]
    # and the sampled values are close at 4 SE (a bound the seed cannot miss by chance)
    assert all(abs(r["ev"] - exact[r["bid"]]["ev"]) <= 4 * r["se"] for r in t.rows)


def test_worked_table_is_reproducible_and_makes_sense() -> None:
    s = situation(GJ, "Ah Kh 9s Jk1", up="7h", seat=2, bids=[1, 0])
    a = bid_table(s, "heuristic", samples=4000, seed=1)
    b = bid_table(s, "heuristic", samples=4000, seed=1, workers=1)
    assert [r["ev"] for r in a.rows] == [r["ev"] for r in b.rows]
    zero = a.rows[0]
    assert zero["bid"] == 0 and zero["p_made"] < 0.01  # two top trumps and a joker always take a trick
    assert all(abs(sum(r["tricks"]) - 1) < 1e-12 for r in a.rows)


def test_the_dealer_may_not_bid_into_the_hook() -> None:
    s = situation(GJ, "Ah Kh 9s Jk1", up="7h", seat=3, bids=[1, 0, 1])
    assert s.legal_bids == (0, 1, 3, 4)
    off = situation(trick_rules("georgian-joker", ["hook=off"]), "Ah Kh 9s Jk1", up="7h", seat=3,
                    bids=[1, 0, 1])
    assert off.legal_bids == (0, 1, 2, 3, 4)


def test_full_deal_takes_the_named_trump() -> None:
    s = situation(GJ, "Ah Kh Qh Jh Th 9h 8h 7h Jk1", trump="h", seat=1, bids=[2])
    assert s.full and s.trump == 2 and s.up == -1
    t = bid_table(s, "heuristic", samples=500, seed=2)
    assert t.best == 8  # eight trumps and a joker: all nine unless Jk2 or 6h spoils one
    assert t.rows[9]["p_made"] < 1 and t.rows[0]["p_made"] == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--hand", "Ah Kh 9s", "--cards", "4", "--up", "7h"], "Error: the hand has 3 cards, but the deal is of 4 cards"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "3", "--bids", "1,0,1", "--bid", "2"],
     "Error: the dealer may not bid 2: the bids would add up to 4, the tricks of the deal (the hook)"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids", "1,5"],
     "Error: seat 1's bid 5 is outside 0..4 (a deal of 4 tricks)"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "4"], "Error: seat must be 0..3, got 4"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "Kh"], "Error: the up card Kh is in the hand"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids", "1"],
     "Error: seat 2 bids after 2 seat(s), but 1 bid(s) were given (--bids lists the bids of seats 0..1)"),
    (["--hand", "Ah Kh 9s Jk1"], "Error: give the turned trump card (--up)"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--bids", "x"],
     "Error: --bids must be integers separated by commas, got 'x'"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "3"],
     "Error: the dealer's forbidden bid (the hook) depends on the earlier bids: give them (--bids lists the "
     "bids of seats 0..2)"),
    (["--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--condition"],
     "Error: conditioning on the earlier bids needs them: give the bids, or drop the condition"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    r = CliRunner().invoke(cli, ["tricks", "bid", *args, "--samples", "10"])
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [message]


def test_bid_json_rows() -> None:
    r = CliRunner().invoke(cli, ["tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2",
                                 "--bids", "1,0", "--samples", "800", "--seed", "1", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [row["bid"] for row in data["rows"]] == [0, 1, 2, 3, 4]
    assert set(data["rows"][0]) >= {"bid", "ev", "se", "ci_low", "ci_high", "p_made", "tricks"}
    assert data["best_bid"] == max(data["rows"], key=lambda row: row["ev"])["bid"]


def test_exact_refuses_a_bigger_deal() -> None:
    s = situation(GJ, "Ah Kh", up="7h", seat=0)
    with pytest.raises(BidError, match="1-card deal"):
        exact_bid_table(s)


def _mask(cards: list[tuple]) -> int:
    from analyzer.games.tricks.deck import parse_mask, trick_deck

    text = " ".join(f"Jk{c[1]}" if is_joker(c) else "23456789TJQKA"[c[0]] + c[1] for c in cards)
    return parse_mask(text, trick_deck("36j"))


def test_the_described_heuristic_bids_as_the_policy() -> None:
    """The policy's bids equal those of its description (:mod:`heuristic_reference`) on random
    Georgian hands of every size, every trump, with and without the hook and drawn-card shares."""
    from analyzer.games.tricks.policies.basic import HEURISTIC, choose_bid

    rng = np.random.default_rng(29)
    pack = deck(True)
    pstate = np.ones(4, np.uint64)
    for _ in range(3000):
        n = int(rng.integers(1, 10))
        hand = [pack[i] for i in rng.choice(len(pack), n, replace=False)]
        trump = [None, *"cdhs"][int(rng.integers(0, 5))]
        tricks = n + int(rng.integers(0, 3))
        forbidden = None if rng.random() < 0.5 else int(rng.integers(0, tricks + 1))
        extra = float(rng.choice([0.0, 0.25, 0.5, 1.5]))
        got = choose_bid(HEURISTIC, np.uint64(_mask(hand)), -1 if trump is None else "cdhs".index(trump), tricks,
                         -1 if forbidden is None else forbidden, extra, pstate)
        assert got == ref_bid(hand, trump, tricks, forbidden, extra), (hand, trump, tricks, forbidden, extra)


def test_unknown_earlier_bids_differ_from_one_fixed_pair() -> None:
    """Unknown earlier bids are sampled, not taken as one fixed pair: the sampled table differs
    from the exact table given the earlier bids 0, 0 (by more than 4 SE on every bid but 0)."""
    s = situation(GJ, "Ah", up="7h", seat=2, bids=None)
    assert s.describe()["bids"] is None and not s.bids_known
    fixed = {r["bid"]: r for r in exact_bid_table(situation(GJ, "Ah", up="7h", seat=2, bids=[0, 0])).rows}
    t = bid_table(s, "heuristic", samples=6_000, seed=5)
    assert not t.meta["conditioned_on_bids"] and t.meta["earlier_bids"].startswith("earlier bids unknown")
    for r in t.rows:
        assert abs(r["ev"] - fixed[r["bid"]]["ev"]) > 4 * r["se"] or r["bid"] == 0


@pytest.mark.slow
def test_unknown_earlier_bids_are_sampled_from_the_heuristic() -> None:
    """Unknown earlier bids: the sampled table agrees with the exact one, which enumerates every
    deal and the heuristic's bids on it (4 SE)."""
    s = situation(GJ, "Ah", up="7h", seat=2, bids=None)
    exact = {r["bid"]: r for r in exact_bid_table(s).rows}
    fixed = {r["bid"]: r for r in exact_bid_table(situation(GJ, "Ah", up="7h", seat=2, bids=[0, 0])).rows}
    assert any(abs(exact[b]["ev"] - fixed[b]["ev"]) > 1 for b in exact)
    t = bid_table(s, "heuristic", samples=20_000, seed=5)
    for r in t.rows:
        assert abs(r["ev"] - exact[r["bid"]]["ev"]) <= 4 * r["se"]


def test_unknown_earlier_bids_on_the_command_line() -> None:
    args = ["tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--samples", "400"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert "earlier bids unknown: sampled from the heuristic bidder" in r.output
    data = json.loads(CliRunner().invoke(cli, [*args, "--format", "json"]).output)
    assert data["bids"] is None and data["earlier_bids"] == "earlier bids unknown: sampled from the heuristic bidder"


@pytest.mark.parametrize(("game", "over", "cards"), [
    ("georgian-joker", [], 5), ("georgian-joker", [], 9), ("joker-54", [], 4), ("joker-54", ["draw=none"], 6)])
def test_the_playout_kernel_plays_as_self_play(game: str, over: list[str], cards: int) -> None:
    """The bidding table's playout (bids, then tricks from a started position) gives what self-play
    gives on the same deal."""
    from analyzer.games.tricks.deck import deck_array, trick_deck
    from analyzer.games.tricks.kernels.playout import (
        bid_and_play,
        first_leader,
        new_position,
        start_play,
    )
    from tests.test_tricks_selfplay import play_deal

    rules = trick_rules(game, over)
    rp = rules.params()
    p = rules.players
    pack = deck_array(trick_deck(rules.deck))
    pol = np.ones(p, np.int64)
    tricks = rules.tricks_in_deal(cards)
    mask = np.uint64(sum(1 << int(b) for b in pack))
    dstate = np.array([5, 6, 7, 8], np.uint64)
    for _ in range(200):
        pstate = np.array([1, 2, 3, 4], np.uint64)
        bids, took, scores, trump = play_deal(dstate, pstate, pack, p, cards, rp, pol)
        g = new_position(p, pack.size)
        g[0][:] = [sum(1 << int(b) for b in pack[s * cards:(s + 1) * cards]) for s in range(p)]
        ns = pack.size - p * cards if rules.draw != "none" else 0
        g[1][:ns] = pack[p * cards:p * cards + ns]
        start_play(g, first_leader(p, rp), trump, -1, cards, tricks, 0, mask, ns, 0)
        bid_and_play(g, 0, (tricks - cards) / p, rp, pol, pstate, np.zeros(48, np.int64))
        assert list(g[6]) == list(bids) and list(g[7]) == list(took) and list(g[8]) == list(scores)


# slow: its pimc-capable bid kernel, called from Python, is compiled for this test alone (~10 CPU-s
# cold); the same kernel's pieces against the whole-chunk kernel stay in tests/test_tricks_pieces.py
@pytest.mark.slow
def test_a_bid_table_without_a_pimc_seat_is_the_pimc_capable_kernels_table() -> None:
    """With no pimc seat the bid kernel is compiled without pimc (``cfg`` None): it plays the very
    samples the pimc-capable kernel plays, drawing and not drawing; and the plain kernel, which
    lets a play that stays short of two bids stand for both, gives the totals of every bid played."""
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.bid_kernels import bid_chunk
    from analyzer.games.tricks.analysis.bidding import MAX_TRIES, _task

    for s in (situation(GJ, "Ah Kh 9s Jk1", up="7h", seat=2, bids=[1, 0]),
              situation(trick_rules("joker-54"), "Ah Kh Jk1", up="7s", seat=0)):
        t = _task(s, "heuristic", "heuristic", None, 0, 0, 0)
        args = (t.pool, t.seat, np.uint64(t.hand), t.up, t.trump, t.pre_bids, t.legal_bids, t.players, t.cards,
                t.tricks, t.set_index, t.params, t.policies, np.uint64(t.deck_mask), t.cond, t.full_choice, MAX_TRIES)
        plain = t.run_chunk(chunk_state(4, 0), 300)
        assert plain.any()
        assert np.array_equal(bid_chunk(chunk_state(4, 0), 300, *args, np.zeros(5, np.int64), False), plain)
