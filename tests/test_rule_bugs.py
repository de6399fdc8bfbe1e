"""Tests written to catch the rule bugs a planted-bug round found too weakly tested (issue 51): each
fails when its rule is broken by one line (the planted bug named in each docstring)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main

ROOT = Path(__file__).resolve().parents[1]

# ---- Remi 51: the 51/50 opening boundary, one constant -----------------------------------------

EXACTLY_51 = "Kh Kd Ks 7h 7d 7s"       # 30 + 21
EXACTLY_50 = "Kh Kd Ks 5h 5d 5s 5c"    # 30 + 20


def test_rummy_a_hand_worth_exactly_51_opens_and_50_does_not() -> None:
    """Planted bug: ``value > OPENING`` in the solver (51 reported as unable to open)."""
    from analyzer.games.rummy.solver import OPENING, best_opening

    assert OPENING == 51
    at, below = best_opening(EXACTLY_51), best_opening(EXACTLY_50)
    assert (at.opening_points, at.can_open) == (51, True)
    assert (below.opening_points, below.can_open) == (50, False)


@pytest.mark.parametrize(("hand", "points", "opens"), [(EXACTLY_51, 51, "yes"), (EXACTLY_50, 50, "no")])
def test_rummy_cli_reports_the_opening_boundary(hand: str, points: int, opens: str) -> None:
    r = CliRunner().invoke(main, ["rummy", "best", hand, "--format", "json"])
    assert r.exit_code == 0, r.output
    (row,) = json.loads(r.stdout)
    assert (row["opening_points"], row["can_open"]) == (points, opens == "yes")


def _compares(path: Path) -> list[tuple[int, str]]:
    """Every comparison in ``path`` with the opening constant or a bare 51: (line, its text)."""
    src = path.read_text(encoding="utf-8")
    out = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any((isinstance(p, ast.Name) and p.id in ("OPENING", "OPENING_POINTS"))
                   or (isinstance(p, ast.Constant) and p.value in (50, 51)) for p in parts):
                out.append((node.lineno, ast.get_source_segment(src, node) or ""))
    return out


@pytest.mark.parametrize("module", ["solver.py", "turns.py", "game.py", "policy.py", "kernels.py"])
def test_rummy_the_kernels_use_the_solvers_constant_at_its_boundary(module: str) -> None:
    """Planted bugs: the turns kernel's own literal (``value >= 50``) or ``value > OPENING``: every
    opening test in the game's code reads the solver's constant, as ``>= OPENING`` (or ``<``)."""
    from analyzer.games.rummy import game

    assert game.OPENING_POINTS == 51
    for line, text in _compares(ROOT / "analyzer" / "games" / "rummy" / module):
        assert "51" not in text and "50" not in text, f"{module}:{line}: {text}"
        assert ">= OPENING" in text or "< OPENING" in text, f"{module}:{line}: {text}"


# ---- showdown: exact equity with live wild cards that are not the top codes; ties ------------

def _dead_keeping(deck: str, keep: list[str], live: str, n_left: int, seed: int) -> str:
    """Dead cards that leave ``n_left`` cards besides ``keep``, the ``live`` cards among them."""
    import numpy as np

    from analyzer.cards import format_hand, parse_hand
    from analyzer.evaluator import Evaluator

    ev = Evaluator("standard") if "+" not in deck else Evaluator("joker-wild", deck)
    held = {int(c) for h in keep for c in parse_hand(h, deck)}
    must = [int(c) for c in parse_hand(live, deck)]
    rest = [int(c) for c in ev.deck.cards if int(c) not in held and int(c) not in must]
    rng = np.random.default_rng(seed)
    dead = rng.choice(rest, len(rest) - (n_left - len(must)), replace=False)
    return format_hand(np.array(sorted(dead)))


@pytest.mark.parametrize(("rules", "deck", "hero", "live"), [
    ("deuces-wild", "52", "Ks Kd 9h 7c 4s", "2c 2d"),       # two deuces left to deal: wild, low codes
    ("deuces-wild", "52", "Ah Qh 9h 5h 3c", "2s"),
    ("bug", "52+1", "As Ad 9c 6h 3d", "Jk"),               # the bug among the opponent's cards
    ("semi-wild", "52+1", "Ts 9h 8c 6d 2s", "Jk"),
], ids=["deuces-two-live", "deuces-one-live", "bug-live", "semi-live"])
def test_exact_equity_with_live_wild_cards_matches_the_reference(rules: str, deck: str, hero: str,
                                                                  live: str) -> None:
    """Planted bug: the exact walk treating only the top codes (jokers) as wild: with live deuces
    (or a live bug or semi-wild joker) among the cards dealt, its equity leaves the reference's."""
    from test_showdown import check_exact

    dead = _dead_keeping(deck, [hero], live, 12, seed=len(hero) + len(live))
    check_exact(rules, deck, [hero], dead, 2)


@pytest.mark.parametrize(("rules", "deck"), [("standard", "52"), ("joker-wild", "52+1")])
def test_showdown_reference_cases_built_to_tie(rules: str, deck: str) -> None:
    """Two hands of A K Q J with one card to come each, the cards left mostly of equal ranks: most
    deals tie. Planted bug: a tie paid to one side (or counted as a win)."""
    from test_showdown import check_exact, reference_equity

    hero, opp = "As Ks Qd Jd", "Ah Kh Qc Jc"
    keep = "7c 7d 7h 7s 5c 5d"
    dead = _dead_keeping(deck, [hero, opp], keep, 6, seed=1)
    want = reference_equity(rules, deck, [hero, opp], dead, 2, "high", 5)
    assert want[0][1] > 0.3  # built to tie
    check_exact(rules, deck, [hero, opp], dead, 2)


# ---- every printed interval on its estimate's scale -------------------------------------------

SAMPLED = [
    ["durak", "simulate", "--games", "300", "--table", "values"],
    ["durak", "simulate", "--games", "300", "--table", "seats"],
    ["durak", "simulate", "--games", "300", "--table", "jokers"],
    ["durak", "strength", "--pair", "heuristic:random", "--deals", "40"],
    ["rummy", "open", "--trials", "2000"],
    ["tricks", "play", "--deals", "200", "--cards", "3"],
    ["equity", "As Ah", "--method", "mc", "--trials", "20000"],
    ["freq", "--trials", "20000"],
]


def _estimate_of(row: dict, low: str) -> str | None:
    """The column an interval bound belongs to: ``x_ci_low``, ``ci_low_x``, ``x_low`` name it; a
    bare ``ci_low`` follows its estimate and SE (the column before ``se``)."""
    keys = list(row)
    for pattern in (("_ci_low", ""), ("ci_low_", ""), ("_low", "")):
        if low.endswith(pattern[0]) and low != pattern[0].strip("_"):
            name = low[: -len(pattern[0])]
            if name in row:
                return name
        if low.startswith(pattern[0]) and low[len(pattern[0]):] in row:
            return low[len(pattern[0]):]
    if low == "ci_low" and "se" in keys and keys.index("se") > 0:
        return keys[keys.index("se") - 1]
    return None


@pytest.mark.parametrize("args", SAMPLED, ids=lambda a: " ".join(a[:4]))
def test_every_printed_interval_is_on_its_estimates_scale(args: list[str]) -> None:
    """Planted bug: an interval left in fractions beside an estimate in percentage points (or any
    other scale): every ``[low, high]`` printed must hold its own estimate."""
    r = CliRunner().invoke(main, [*args, "--format", "json", "--seed", "3"])
    assert r.exit_code == 0, r.output
    rows: list[dict] = []

    def walk(node: object) -> None:  # every object in the document is a row of numbers
        if isinstance(node, dict):
            rows.append(node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(json.loads(r.stdout))
    checked = 0
    for row in rows:
        for low in [k for k in row if k.endswith("_low") or k.startswith("ci_low")]:
            high = low.replace("low", "high")
            est = _estimate_of(row, low)
            values = [row.get(low), row.get(est) if est else None, row.get(high)]
            if est is None or not all(isinstance(v, (int, float)) for v in values):
                continue
            lo, x, hi = values
            assert lo - 1e-9 <= x <= hi + 1e-9, (args, est, lo, x, hi)
            checked += 1
    assert checked, f"no interval found in {args}"


# ---- the 54-card game: a led joker costs 10, unless it is the player's last card ---------------

def _dealer_with_a_joker(cards: str) -> object:
    from analyzer.games.tricks.deck import parse_mask, trick_deck
    from analyzer.games.tricks.rules import trick_rules
    from analyzer.games.tricks.state import TrickState

    rules = trick_rules("joker-54", ["draw=none"])
    deck = trick_deck(rules.deck)
    n = len(cards.split())
    others = ["Ah Qs Td"[: 3 * n - 1], "Kh Js 9d"[: 3 * n - 1]]
    hands = [parse_mask(h, deck) for h in [*others, cards]]
    return TrickState.from_hands(rules, hands, 0, phase="play", bids=[0, 0, 0], dealer=2)


@pytest.mark.parametrize("mode", ["high", "low"])
def test_54_a_joker_led_as_the_last_card_costs_nothing(mode: str) -> None:
    """A hand-arranged deal: the dealer (who leads) holds only Jk1 and leads it. Planted bug: the
    penalty charged on the last card too."""
    st = _dealer_with_a_joker("Jk1")
    assert st.current_player() == 2
    (lead,) = [a for a in st.legal_actions() if st.action_to_string(a) == f"Jk1 {mode}"]
    st.apply_action(lead)
    assert st.penalty == [0, 0, 0]
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.penalty == [0, 0, 0]


def test_54_a_joker_led_with_cards_left_costs_ten() -> None:
    """The same joker led first from two cards: 10 (a penalty never charged fails this)."""
    st = _dealer_with_a_joker("Jk1 2c")
    (lead,) = [a for a in st.legal_actions() if st.action_to_string(a) == "Jk1 high"]
    st.apply_action(lead)
    assert st.penalty == [0, 0, 10]


def test_54_the_referee_charges_no_penalty_for_a_last_card_joker() -> None:
    """The plain-Python referee on the same arrangement (it never imports the analyzer)."""
    from dataclasses import replace

    import tricks_game_reference as ref

    cards = ref.deck(False)
    jk = next(c for c in cards if ref.is_joker(c))
    plain = [c for c in cards if not ref.is_joker(c)]
    deal = ref.Deal.from_pack(replace(ref.JOKER54, draw=False), [plain[0], plain[1], jk], 1)
    for _ in range(3):
        deal.bid(deal.legal_bids()[0])
    assert deal.to_move() == 2
    deal.play(deal.legal_plays()[0])
    assert deal.penalty == [0, 0, 0]


# ---- Remi 51: going out on one and on two jokers ---------------------------------------------

@pytest.mark.parametrize(("jokers", "score"), [(1, -100), (2, -200)])
def test_rummy_going_out_on_jokers_scores_as_the_referee(jokers: int, score: int) -> None:
    """A hand-arranged deal: seat 0 holds only ``jokers`` jokers and throws them (going out); it
    scores −100 (one) or −200 (two), the others their points left, as the plain-Python referee
    scores the same table. Planted bug: −50 whatever the jokers."""
    from collections import Counter

    import rummy_game_reference as ref
    from test_rummy_referee import snapshot

    from analyzer.games.rummy import game as g
    from analyzer.games.rummy.state import RummyState

    s = RummyState(players=2, seed=7)
    s.hands[0, :] = 0
    s.hands[0, 52:52 + jokers] = 1
    s.meta[g.M_SEAT], s.meta[g.M_PHASE] = 0, g.DISCARD
    assert s.legal_actions() == list(range(52, 52 + jokers))
    s.apply_action(52)
    assert s.is_terminal() and int(s.meta[g.M_WINNER]) == 0
    final = snapshot(s)
    assert final.hands[0] == Counter()
    referee = ref.Referee(2)
    referee.out_jokers = jokers
    want = referee.scores(final, 0)
    assert want[0] == score == ref.going_out_score(jokers)
    assert s.returns() == [float(-x) for x in want]


# ---- short poker for tricks: a game stops when a side first reaches the target ----------------

def test_short_poker_self_play_games_last_as_long_as_the_chain_says() -> None:
    """Whole self-play games (heuristic both sides) against the exact chain fed with the same
    policies' deal outcomes: the mean game length and P(win) agree. Planted bug: a game that does
    not stop when a side first reaches 5 (it plays on to 6) lasts about two deals longer."""
    from analyzer.games.tricks.analysis.short import play_short_games, short_game_odds
    from analyzer.games.tricks.rules import short_rules

    rules = short_rules("short-tricks")
    pols = ["heuristic"] * rules.players
    games = play_short_games(rules, pols, 3000, seed=5, quiet=True)
    odds, _ = short_game_odds(rules, pols, 100_000, seed=6, quiet=True)
    chain_deals = float(odds.deals[-odds.low, -odds.low])
    assert abs(games.mean_deals - chain_deals) < 0.06 * chain_deals, (games.mean_deals, chain_deals)
    assert games.p_win.ci_low - 0.02 <= odds.win(0, 0) <= games.p_win.ci_high + 0.02
