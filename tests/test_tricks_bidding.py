"""Bidding expectations: the exact 1-card table against a slow reference, the sampled table
against the exact one, and the bad-input errors of ``tricks bid``."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main as cli
from analyzer.games.tricks.analysis.bidding import BidError, bid_table, exact_bid_table, situation
from analyzer.games.tricks.rules import trick_rules

GJ = trick_rules("georgian-joker")
SUITS = "cdhs"
RANKS = "6789TJQKA"  # 36j ranks, low to high
DECK36 = [r + s for s in SUITS for r in RANKS if r + s not in ("6c", "6s")] + ["Jk1", "Jk2"]


def _ref_estimate(card: str, trump: str | None) -> float:
    """The heuristic's estimate of a one-card hand, from its description."""
    if card.startswith("Jk"):
        return 1.0
    rank, suit = card[0], card[1]
    if suit == trump:
        return 1.0 if rank in "QKA" else 0.34
    return 0.85 if rank == "A" else 0.0


def _ref_bid(card: str, trump: str | None, forbidden: int) -> int:
    est = _ref_estimate(card, trump) * 0.88  # the heuristic bids 0.88 of its estimate
    bid = min(max(int(est + 0.5), 0), 1)
    if bid == forbidden:
        bid = bid + 1 if (est >= bid and bid < 1) or bid == 0 else bid - 1
    return bid


def _ref_trick(cards: list[str], modes: list[str], trump: str | None) -> int:
    """Winner (position) of a 1-card trick in Georgian Joker, from the rule text."""
    highs = [i for i, m in enumerate(modes) if m == "high"]
    if highs:
        return highs[-1]
    trumps = [(RANKS.index(c[0]), i) for i, c in enumerate(cards) if not c.startswith("Jk") and c[1] == trump]
    if cards[0].startswith("Jk"):
        kind, x = modes[0].split()
        if kind == "take":
            return 0
        if trumps:
            return max(trumps)[1]
        xs = [(RANKS.index(c[0]), i) for i, c in enumerate(cards) if not c.startswith("Jk") and c[1] == x]
        return max(xs)[1] if xs else 0
    if trumps:
        return max(trumps)[1]
    led = cards[0][1]
    return max((RANKS.index(c[0]), i) for i, c in enumerate(cards) if not c.startswith("Jk") and c[1] == led)[1]


def _ref_mode(k: int, need: int, trump: str | None) -> str:
    """The heuristic's joker mode with one card: led, take (in trump, clubs without one) while
    short of the bid, else give in the plain suit with most cards out; following, high while
    short of the bid, else low."""
    if k == 0:
        if need > 0:
            return f"take {trump or 'c'}"
        counts = {s: sum(1 for c in DECK36 if not c.startswith("Jk") and c[1] == s) for s in SUITS}
        best = max((s for s in SUITS if s != trump), key=lambda s: (counts[s], -SUITS.index(s)))
        return f"give {best}"
    return "high" if need > 0 else "low"


def _ref_score(bid: int, took: int) -> int:
    if bid == took:
        return 50 if bid == 0 else 100
    return -200 if took == 0 else 10 * took


def reference_one_card(my: str, up: str, seat: int, bids: list[int]) -> dict[int, tuple[float, float]]:
    """Exact (EV, P(made)) per bid of a 1-card Georgian hand, 4 players, every deal enumerated and
    kept when the earlier seats' heuristic bids are the given ones."""
    trump = None if up.startswith("Jk") else up[1]
    pool = [c for c in DECK36 if c not in (my, up)]
    legal = [b for b in (0, 1) if not (seat == 3 and b == 1 - sum(bids))]
    sums = {b: [0.0, 0.0, 0] for b in legal}
    for others in itertools.permutations(pool, 3):
        hands = list(others)
        hands.insert(seat, my)
        if any(_ref_bid(hands[s], trump, -1) != bids[s] for s in range(seat)):
            continue
        for b in legal:
            all_bids = [*bids, b]
            for s in range(seat + 1, 4):
                forbidden = 1 - sum(all_bids) if s == 3 else -1
                all_bids.append(_ref_bid(hands[s], trump, forbidden))
            modes = []
            for k, c in enumerate(hands):
                modes.append(_ref_mode(k, all_bids[k], trump) if c.startswith("Jk") else "")
            w = _ref_trick(hands, modes, trump)
            took = 1 if w == seat else 0
            sc = _ref_score(b, took)
            sums[b][0] += sc
            sums[b][1] += 1.0 if took == b else 0.0
            sums[b][2] += 1
    return {b: (v[0] / v[2], v[1] / v[2]) for b, v in sums.items()}


@pytest.mark.parametrize(("hand", "up", "seat", "bids"), [
    ("Ah", "7h", 2, [1, 0]), ("Jk1", "9s", 0, []), ("Kd", "Jk2", 3, [0, 1, 0]), ("7c", "Ad", 1, [1])])
def test_exact_one_card_table_matches_the_reference(hand: str, up: str, seat: int, bids: list[int]) -> None:
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


_ = np


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
