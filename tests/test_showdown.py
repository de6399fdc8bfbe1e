"""Showdown equity, hand classes, draw odds and the play chart.

Exact equities are checked against a plain enumeration through the brute-force reference
evaluators (tests/reference.py, tests/low_reference.py) on decks shrunk by dead cards; Monte
Carlo results against exact values with a tolerance of 4 SE where the SE is small enough that
a 10 % error fails.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner
from low_reference import LowReference
from poker_sheets import sheet
from reference import Reference

from analyzer import numfmt
from analyzer.cards import format_hand, parse_hand
from analyzer.cli import main
from analyzer.evaluator import Evaluator
from analyzer.games.showdown.api import (
    EquityError,
    class_frequency,
    draw_odds,
    equity,
    parse_class,
    play_chart,
)
from analyzer.rules import get_rules

# ------------------------------------------------------------------ the plain reference


def reference_equity(rules: str, deck: str, hands: list[str], dead: str, players: int,
                     game: str = "high", k: int = 5) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(P(whole pot), P(part), pot share) per seat over every deal of the unknown cards, seats
    dealt in order from the cards left (itertools, the reference evaluators, Fractions)."""
    rs = get_rules(rules)
    ev = Evaluator(rs, deck, k=k)
    sh = sheet(rules, **({"deck": deck} if deck else {}))
    ref = Reference(sh)
    low = LowReference(sh) if game != "high" else None
    known = [[int(c) for c in parse_hand(h, ev.deck)] for h in hands] + [[] for _ in range(players - len(hands))]
    gone = {c for h in known for c in h} | {int(c) for c in parse_hand(dead, ev.deck)}
    rest = [int(c) for c in ev.deck.cards if int(c) not in gone]
    n = 0
    win = [0] * players
    part = [0] * players
    share = [Fraction(0)] * players

    def high_key(cards: tuple[int, ...]) -> tuple:
        return ref.key(cards) if k == 5 else ref.best_of(list(cards))[1]

    def deal(seat: int, left: list[int], dealt: list[tuple[int, ...]]) -> None:
        nonlocal n
        if seat == players:
            n += 1
            shares = [Fraction(0)] * players
            halves = [("high", Fraction(1))] if game == "high" else [("low", Fraction(1))] if game == "low" \
                else [("high", Fraction(1, 2)), ("low", Fraction(1, 2))]
            for kind, pot in halves:
                if kind == "high":
                    keys = [high_key(h) for h in dealt]
                    best = max(keys)
                else:
                    assert low is not None
                    keys = [min(low.low(c)[1] for c in combinations(h, 5)) for h in dealt]
                    best = min(keys)
                winners = [i for i, x in enumerate(keys) if x == best]
                for i in winners:
                    shares[i] += pot / len(winners)
            for i, s in enumerate(shares):
                share[i] += s
                win[i] += s == 1
                part[i] += 0 < s < 1
            return
        m = k - len(known[seat])
        for extra in combinations(left, m):
            rest2 = [c for c in left if c not in extra]
            deal(seat + 1, rest2, [*dealt, tuple(known[seat]) + extra])

    deal(0, rest, [])
    return [(Fraction(win[i], n), Fraction(part[i], n), share[i] / n) for i in range(players)]


def check_exact(rules: str, deck: str, hands: list[str], dead: str, players: int, game: str = "high",
                k: int = 5) -> None:
    r = equity(hands, players, rules, deck, dead, k, game, method="exact")
    want = reference_equity(rules, deck, hands, dead, players, game, k)
    for seat, (w, t, s) in zip(r.seats, want, strict=True):
        assert (seat.p_win, seat.p_tie) == pytest.approx((float(w), float(t)), abs=1e-12), (seat, w, t)
        assert seat.pot_share == pytest.approx(float(s), abs=1e-12), (seat, s)


def _dead(deck: str, keep: list[str], n_left: int, seed: int) -> str:
    """Dead cards that leave ``n_left`` cards besides the ``keep`` hands (a random choice)."""
    ev = Evaluator("standard") if "+" not in deck else Evaluator("joker-wild", deck)
    held = {int(c) for h in keep for c in parse_hand(h, deck)}
    rest = [int(c) for c in ev.deck.cards if int(c) not in held]
    rng = np.random.default_rng(seed)
    dead = rng.choice(rest, len(rest) - n_left, replace=False)
    return format_hand(np.array(sorted(dead)))


# ------------------------------------------------------------------ exact vs the reference


@pytest.mark.parametrize(("rules", "deck", "hero"), [
    ("standard", "52", "Kh Kd 7c 4s 2h"),
    ("joker-wild", "52+1", "Qs Qd 9h 5c Jk"),
    ("short-32", "32+1", "Ts 9s 8d 7c Jk"),
    ("short-32", "32+2", "Ah Ad Jk Kc 7d"),
    ("semi-wild", "52+1", "Ts 9h 7c 6d Jk"),
    ("poker-with-joker", "52+1", "As Ks Qs Js Jk"),
    ("j-poker", "52+1", "Qs Qd 9h 5c Jk"),
    ("deuces-wild", "52", "2s 2h 9h 9c 4d"),
])
def test_heads_up_exact_matches_reference(rules: str, deck: str, hero: str) -> None:
    dead = _dead(deck, [hero], 13, seed=len(rules))  # 1,287 opponent hands
    check_exact(rules, deck, [hero], dead, 2)


def test_three_players_and_partial_hands_match_reference() -> None:
    hero, opp = "Ah Kh Qd", "Ts 9s"  # two cards to come, three to the other, a random third hand
    dead = _dead("52", [hero, opp], 10, seed=3)
    check_exact("standard", "52", [hero, opp], dead, 3)
    hero2 = "Jk Ts 9d 8c 8h"
    dead2 = _dead("32+1", [hero2, "Ad Kd"], 9, seed=4)
    check_exact("short-32", "32+1", [hero2, "Ad Kd"], dead2, 3)


@pytest.mark.parametrize("game", ["low", "hilo"])
def test_low_and_high_low_match_reference(game: str) -> None:
    hero = "Jk 2s 3d 4h 7c"
    dead = _dead("52+1", [hero], 11, seed=5)
    check_exact("joker-wild", "52+1", [hero], dead, 2, game)


def test_seven_cards_match_reference() -> None:
    hero = "As Ah Kd Qc 7s 4h 2d"
    dead = _dead("52", [hero], 10, seed=6)
    check_exact("standard", "52", [hero], dead, 2, k=7)


def test_random_hands_exact_against_reference() -> None:
    rng = np.random.default_rng(11)
    ev = Evaluator("joker-wild")
    for trial in range(4):
        cards = rng.choice(ev.deck.cards, 10, replace=False)
        a, b = format_hand(cards[:5]), format_hand(cards[5:])
        dead = _dead("52+1", [a, b], 0, seed=trial)
        check_exact("joker-wild", "52+1", [a, b], dead, 2)
        check_exact("joker-wild", "52+1", [a], _dead("52+1", [a], 12, seed=trial), 2)


# ------------------------------------------------------------------ symmetry and Monte Carlo


def test_two_random_hands_share_the_pot_evenly() -> None:
    dead = _dead("52+1", [], 12, seed=7)
    r = equity(["random", "random"], 2, "joker-wild", dead=dead, method="exact")
    assert r.seats[0].pot_share == r.seats[1].pot_share == 0.5
    mc = equity(["random"], 2, "short-32", trials=200_000, seed=3, quiet=True)
    s = mc.seats[0]
    assert abs(s.pot_share - 0.5) < 4 * s.se and s.se < 0.002


def test_pot_shares_sum_to_one_and_swap() -> None:
    a, b = "Kh Kd 7c 4s 2h", "Qs Qd Jc Th 9h"
    r1 = equity([a, b, "random"], method="exact", dead=_dead("52", [a, b], 10, seed=1))
    assert sum(s.pot_share for s in r1.seats) == pytest.approx(1.0, abs=1e-12)
    r = equity([a], 2, "standard")
    assert r.method == "exact" and r.deals == comb(47, 5)
    assert r.seats[0].pot_share + r.seats[1].pot_share == pytest.approx(1.0, abs=1e-12)
    ab, ba = equity([a, b]), equity([b, a])
    assert (ab.seats[0].pot_share, ab.seats[1].pot_share) == (ba.seats[1].pot_share, ba.seats[0].pot_share) == (1, 0)


def test_monte_carlo_inside_ci_of_exact() -> None:
    hero = "Jk Kd Kc 9s 4h"
    exact = equity([hero], 2, "joker-wild").seats[0]
    mc = equity([hero], 2, "joker-wild", method="mc", trials=200_000, seed=5, quiet=True).seats[0]
    assert mc.se < 0.1 * exact.pot_share / 4  # a 10 % error would lie outside 4 SE
    assert abs(mc.pot_share - exact.pot_share) < 4 * mc.se
    assert abs(mc.p_win - exact.p_win) < 4 * (exact.p_win * (1 - exact.p_win) / 200_000) ** 0.5


def test_monte_carlo_is_reproducible_across_workers() -> None:
    kw = {"players": 4, "rules": "short-32", "trials": 60_000, "seed": 9, "chunk_size": 20_000, "quiet": True}
    a = equity(["pair of kings"], workers=1, **kw)  # type: ignore[arg-type]
    b = equity(["pair of kings"], workers=2, **kw)  # type: ignore[arg-type]
    assert a.to_dict() == b.to_dict()


# ------------------------------------------------------------------ classes and ranges


def test_class_parsing_and_frequency() -> None:
    ev = Evaluator("standard")
    assert class_frequency(parse_class("pair of kings", ev), ev) == pytest.approx(84_480 / 2_598_960)
    assert class_frequency(parse_class("two pair or better", ev), ev) == pytest.approx(
        1 - (1_302_540 + 1_098_240) / 2_598_960)
    assert class_frequency(parse_class("ace-high", ev), ev) == pytest.approx(502_860 / 2_598_960)
    top = class_frequency(parse_class("top 20 %", ev), ev)
    assert 0.20 <= top < 0.21
    with pytest.raises(Exception, match="no flush under rules"):
        parse_class("flush", Evaluator("short-32"))
    with pytest.raises(EquityError, match="neither cards"):
        equity(["pair of knights"])


def test_class_equity_matches_average_of_exact_hands() -> None:
    """A class's MC equity is the average of its hands' exact equities, each hand as often as dealt."""
    rules, deck = "standard", "52"
    dead = _dead(deck, [], 16, seed=12)
    ev = Evaluator(rules, deck)
    rest = [c for c in ev.deck.cards if format_hand(np.array([c])) not in dead.split()]
    cls = parse_class("pair", ev)
    hands = np.array(list(combinations(rest, 5)), np.int64)
    scores = ev.score_batch(hands)
    masks = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)  # distinct bits
    shares = []
    for i in np.flatnonzero([cls.contains(s) for s in scores]):
        opp = scores[(masks & masks[i]) == 0]
        shares.append(((opp < scores[i]).sum() + 0.5 * (opp == scores[i]).sum()) / opp.size)
    want = float(np.mean(shares))
    exact = equity(["pair"], 2, rules, deck, dead)  # seat 0's hands enumerated too, each weighted alike
    assert exact.method == "exact" and exact.seats[0].pot_share == pytest.approx(want, abs=1e-12)
    mc = equity(["pair"], 2, rules, deck, dead, method="mc", trials=100_000, seed=2, quiet=True).seats[0]
    assert abs(mc.pot_share - want) < 4 * mc.se and mc.se < 0.1 * want / 4


def test_opponents_class_conditions_the_deal() -> None:
    hero = "Th Td 8c 5s 3h"
    dead = _dead("52", [hero], 13, seed=8)
    ev = Evaluator("standard")
    rest = [c for c in ev.deck.cards if format_hand(np.array([c])) not in dead.split() + hero.split()]
    cls = parse_class("pair of jacks or better", ev)
    hero_s = ev.score(hero)
    results = [ev.score(np.array(o)) for o in combinations(rest, 5)]
    inside = [s for s in results if cls.contains(s)]
    want = sum(1.0 if hero_s > s else 0.5 if hero_s == s else 0.0 for s in inside) / len(inside)
    r = equity([hero], 2, "standard", dead=dead, opponents="pair of jacks or better")
    assert r.method == "exact" and r.deals == len(inside)
    assert r.seats[0].pot_share == pytest.approx(want, abs=1e-12)


# ------------------------------------------------------------------ draw odds


@pytest.mark.parametrize(("hand", "hold", "rules", "want_cat", "count", "draws"), [
    ("Kh Kd 7c 4s 2h", "Kh Kd", "standard", None, 4_656, 16_215),       # a pair draws three
    ("Kh Kd 7c 7s 2h", "Kh Kd 7c 7s", "standard", "full_house", 4, 47),
    ("Ah 9h 6h 3h Kc", "Ah 9h 6h 3h", "standard", "flush", 9, 47),
    ("9h 8d 7c 6s 2h", "9h 8d 7c 6s", "standard", "straight", 8, 47),
    ("Kh Kd 7c 7s 2h", "Kh Kd 7c 7s", "joker-wild", "full_house", 5, 48),  # the joker fills too
    ("Ah 9h 6h 3h Kc", "Ah 9h 6h 3h", "joker-wild", "flush", 10, 48),
    ("9h 8d 7c 6s 2h", "9h 8d 7c 6s", "joker-wild", "straight", 9, 48),
])
def test_classic_draw_table(hand: str, hold: str, rules: str, want_cat: str | None, count: int, draws: int) -> None:
    d = draw_odds(hand, hold, rules)
    assert d.draws == draws
    if want_cat is None:
        assert d.improved == count
    else:
        assert dict(d.counts)[want_cat] == count


def test_draw_with_the_joker_matches_reference() -> None:
    d = draw_odds("Kh Kd 7c 4s Jk", "Kh Kd Jk", "joker-wild")
    rs = get_rules("joker-wild")
    ev = Evaluator(rs)
    ref = Reference(sheet("joker-wild"))
    rest = [int(c) for c in ev.deck.cards if int(c) not in set(parse_hand("Kh Kd 7c 4s Jk").tolist())]
    counts: dict[str, int] = {}
    for extra in combinations(rest, 2):
        cat = ref.category(parse_hand("Kh Kd Jk").tolist() + list(extra))
        counts[cat] = counts.get(cat, 0) + 1
    assert {k: v for k, v in d.counts if v} == counts
    assert d.draws == comb(48, 2)


# ------------------------------------------------------------------ chart and CLI


def test_play_chart_agrees_with_class_equity() -> None:
    c = play_chart("short-32", players=3, trials=100_000, seed=4, quiet=True)
    row = next(r for r in c.rows() if r["class"] == "pair of kings")
    e = equity(["pair of kings"], 3, "short-32", trials=50_000, seed=6, quiet=True).seats[0]
    assert abs(row["pot_share"] - e.pot_share) < 4 * (row["se_pot_share"] ** 2 + e.se**2) ** 0.5
    assert row["se_pot_share"] < 0.015
    assert c.rows()[c.threshold]["pot_share"] >= 1 / 3


def test_play_chart_versus_players_agrees_with_class_equity() -> None:
    """The 'vs players' column tallies a hand below the opponents' floor as lost without dealing
    them: every class below the threshold shows 0, and a class above it matches the general
    kernel, which deals every seat until all hold their classes (plain joint rejection)."""
    c = play_chart("short-32", "32+1", 3, trials=20_000, seed=5, versus_trials=60_000, quiet=True)
    rows = c.rows()
    floor = c.threshold_name + " or better"
    assert all(r["vs_players_pot_share"] == 0 for r in rows[:c.threshold] if r["hands"])
    for name in ("straight", "full house"):
        row = next(r for r in rows if r["class"] == name)
        e = equity([name], 3, "short-32", "32+1", opponents=floor, trials=40_000, seed=7, quiet=True).seats[0]
        assert abs(row["vs_players_pot_share"] - e.pot_share) < 4 * (row["se_vs_players_pot_share"] ** 2 + e.se**2) ** 0.5


def test_cli_equity_and_errors() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["equity", "As Ad Kc Kd 2s", "--rules", "joker-wild", "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["method"] == "exact" and data["deals"] == 1_712_304
    assert data["rows"][0]["pot_share"] == pytest.approx(0.9313378, abs=1e-7)
    for args, msg in ((["equity", "As As"], "duplicate"), (["equity", "Xx Yy"], "neither cards"),
                      (["equity", "As", "--players", "11"], "11"),
                      (["equity", "As Ks", "--method", "exact", "--players", "5"], "no exact")):
        bad = runner.invoke(main, args)
        assert bad.exit_code == 2 and "Error:" in bad.output and msg in bad.output, (args, bad.output)
    res = runner.invoke(main, ["draw", "Kh Kd 7c 4s 2h", "--hold", "Kh Kd"])
    assert res.exit_code == 0 and "4,656 of 16,215" in res.output


def test_report_study_answers_first(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from analyzer.games.showdown import report

    monkeypatch.setattr(report, "DECKS", (("short 32 + joker", "short-32", "32+1"),))
    monkeypatch.setattr(report, "PLAYERS", (2, 3))
    monkeypatch.setattr(report, "TRIALS", 20_000)
    monkeypatch.setattr(report, "VERSUS_TRIALS", 5_000)
    monkeypatch.setattr(report, "NAMED", report.NAMED[4:5])
    monkeypatch.setattr(report, "DRAWS", report.DRAWS[:1])
    study = report.build()
    assert study.headline.startswith("Break-even hand") and "short 32 + joker" in study.headline
    assert "Which hands to play" in study.answers[0]
    shown = [payload[0] for kind, payload in study.blocks if kind == "table"]
    assert all(len(study._tables[name]) <= 40 for name in shown)
    assert study._tables["draws"][0]["improves"] == 4_656
    # the page states its largest standard errors as measured (not a fixed claim)
    texts = [payload for kind, payload in study.blocks if kind == "text"]
    charts = {("short 32 + joker", p): play_chart("short-32", "32+1", p, trials=20_000, seed=report.SEED,
                                                  versus_trials=5_000, quiet=True) for p in (2, 3)}
    worst = max(r["se_vs_players_pot_share"] for c in charts.values() for r in c.rows()
                if r["dealt_frequency"] >= 0.01 and r["se_vs_players_pot_share"] == r["se_vs_players_pot_share"])
    assert report._largest_se(charts, "se_vs_players_pot_share")[0] == worst
    assert any(f"{numfmt.pct(worst, 2)} against players" in t for t in texts)
