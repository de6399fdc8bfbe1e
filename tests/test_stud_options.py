"""The "poker with joker" options: buying the joker against the draw it is one case of, the draw
kernel against the plain reference, game-file fields and the CLI. (The one/two-card exchange is
the draw kernel itself; tests/test_stud_strategy.py checks it against the reference.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from analyzer.cards import get_deck, parse_card, parse_hand
from analyzer.games.stud.exact import hand_tables
from analyzer.games.stud.exchange import _kernel_args
from analyzer.games.stud.game import StudError, load_game
from analyzer.games.stud.kernels.draw import hold_value, joker_value


@pytest.fixture(scope="module")
def setup():
    game = load_game("poker-with-joker")
    tables = hand_tables(game)
    args = _kernel_args(game, tables)
    codes = parse_hand("Ah Kh Qh 9h 2c", tables.evaluator.deck, size=5)
    pos = np.sort(tables.code_pos[codes.astype(np.int64)])
    u = int(tables.code_pos[parse_card("5d", tables.evaluator.deck)])
    return game, tables, args, pos, u


def test_game_file_has_the_fees_one_ante_each() -> None:
    game = load_game("poker-with-joker")
    assert game.draw_fee == 1 and game.joker_fee == 1
    assert game.rules.natural_beats_wild.value == "tie"
    assert load_game("j-poker").draw_fee is None


def test_buying_the_joker_is_one_draw_of_the_one_card_exchange(setup) -> None:
    """Drawing one card for card i averages "replace card i by c" over every unseen card c."""
    _, tables, args, pos, u = setup
    i = int(np.flatnonzero(tables.pos_code[pos] == parse_card("2c", tables.evaluator.deck))[0])
    unseen = [p for p in range(tables.n) if p != u and p not in pos]
    mean = np.mean([joker_value(pos, u, i, c, *args) for c in unseen])
    assert mean == pytest.approx(hold_value(pos, u, 1 << i, *args), abs=1e-12)


# Regression pin: "Ah Kh Qh 9h 2c" against up card 5d, the 2c replaced by the joker (EV before the
# fee, antes); recomputed by plain enumeration in test_buy_joker_pin_recomputed_by_the_reference.
BUY_JOKER_PIN = 6.116585470478292


def test_buying_the_joker_for_a_four_flush_makes_a_flush_worth_the_fee(setup) -> None:
    _, tables, args, pos, u = setup
    i = int(np.flatnonzero(tables.pos_code[pos] == parse_card("2c", tables.evaluator.deck))[0])
    jpos = int(tables.code_pos[52])
    v = joker_value(pos, u, i, jpos, *args)  # Ah Kh Qh 9h Jk: an ace-high flush, 5:1 on the bet
    assert v == pytest.approx(BUY_JOKER_PIN, abs=1e-9)
    assert v - 1 > hold_value(pos, u, 0, *args)


@pytest.mark.slow
def test_buy_joker_pin_recomputed_by_the_reference() -> None:
    from stud_options_reference import JokerTable

    deck = get_deck("52+1")
    codes = [int(c) for c in parse_hand("Ah Kh Qh 9h 2c", deck, size=5)]
    ref = JokerTable("52+1", codes, int(parse_card("5d", deck)))
    j = ref.joker(int(parse_card("2c", deck)))
    assert j is not None and float(j) == pytest.approx(BUY_JOKER_PIN, abs=1e-12)


def test_options_need_a_fixed_joker_game() -> None:
    from analyzer.games.stud.options import joker_option_rows

    with pytest.raises(StudError, match="neither a draw nor a buy-the-joker option"):
        joker_option_rows(load_game("american"), "Ah Kh Qh 9h 2c", "5d")


# ------------------------------------------------------------------ the dealer's up card

def test_exchanging_a_wild_dealers_open_card_takes_the_wild_out_of_play() -> None:
    from analyzer.games.stud.upcard import upcard_exchange

    r = upcard_exchange(load_game("j-poker"), "9h 9d 7h 4s 2c", "Ad", "doc")
    assert r["ev_stand"] == -1.0  # a wild ace up always qualifies and beats nines: fold
    assert r["ev_exchange_before_fee"] == pytest.approx(UPCARD_PIN, abs=1e-12)
    assert r["best"] == "exchange the up card" and r["gain"] == pytest.approx(r["ev_exchange"] + 1)


# Regression pin: J-poker, "9h 9d 7h 4s 2c" against a wild Ad up (Dealer's Open Card), the up card
# exchanged (before the fee); recomputed by the plain reference in
# test_upcard_pin_recomputed_by_the_reference (the 32-card game runs by default in
# test_upcard_reference.py).
UPCARD_PIN = 0.38269813547872195


@pytest.mark.slow
def test_upcard_pin_recomputed_by_the_reference() -> None:
    import upcard_reference as ref

    deck = get_deck("52")
    codes = [int(c) for c in parse_hand("9h 9d 7h 4s 2c", deck, size=5)]
    up = int(parse_card("Ad", deck))
    assert float(ref.exchange("52", codes, up, up, "stays")) == pytest.approx(UPCARD_PIN, abs=1e-12)


def test_upswap_is_the_average_over_every_new_up_card(setup) -> None:
    from analyzer.games.stud.kernels.draw import upswap_one, upswap_value

    _, tables, args, pos, u = setup
    unseen = [p for p in range(tables.n) if p != u and p not in pos]
    assert len(unseen) == 47
    mean = np.mean([upswap_one(pos, u, p, *args) for p in unseen])
    assert upswap_value(pos, u, *args) == pytest.approx(mean, abs=1e-12)


def test_unknown_doc_rule_is_refused() -> None:
    from analyzer.games.stud.upcard import upcard_exchange

    with pytest.raises(StudError, match="unknown dealer's-open-card rule"):
        upcard_exchange(load_game("j-poker"), "9h 9d 7h 4s 2c", "Ad", "doc", doc_rule="moves")


# ------------------------------------------------------------------ against the plain-Python reference

SHORT = "32+1"  # 33 cards: the same game on a short deck keeps the reference fast


@pytest.fixture(scope="module")
def short_game():
    return load_game("poker-with-joker").with_changes(deck=SHORT, name="poker with joker, 32+1")


def _kernel_rows(game, hand: str, up: str) -> dict[tuple[str, str], float]:
    from analyzer.games.stud.options import joker_option_rows

    return {(r["option"], r["discard"]): r["ev_before_fee"] for r in joker_option_rows(game, hand, up)}


@pytest.mark.parametrize(("hand", "up"), [
    ("Ah Kh Qh 9h 7c", "8d"),
    pytest.param("Jk Td 9s 7c 7h", "Ks", marks=pytest.mark.slow),  # the player holds the joker
    pytest.param("Kc Ks 8h 7d Ah", "Jk", marks=pytest.mark.slow),  # the joker is the up card
])
def test_every_option_matches_the_reference_on_a_short_deck(short_game, hand: str, up: str) -> None:
    """Stand, every buy-the-joker, every one-card draw and some two-card draws: the kernel's exact
    values against plain enumeration (the joker never in the dealer's hand once the player holds it;
    draws from the unseen cards only; the up card never drawn)."""
    from stud_options_reference import JokerTable

    from analyzer.cards import format_card

    deck = get_deck(SHORT)
    codes = [int(c) for c in parse_hand(hand, deck, size=5)]
    ref = JokerTable(SHORT, codes, int(parse_card(up, deck)))
    got = _kernel_rows(short_game, hand, up)
    names = {c: format_card(c) for c in codes}
    assert got[("stand", "(keep all)")] == pytest.approx(float(ref.stand()), abs=1e-12)
    for c in codes:
        j = ref.joker(c)
        key = ("buy joker", f"{names[c]} -> Jk")
        if j is None:
            assert key not in got
        else:
            assert got[key] == pytest.approx(float(j), abs=1e-12)
        assert got[("draw 1", names[c])] == pytest.approx(float(ref.draw([c])), abs=1e-12)
    for pair in (codes[:2], codes[2:4]):
        label = " ".join(names[c] for c in sorted(pair, key=lambda c: codes.index(c)))
        match = [k for k in got if k[0] == "draw 2" and set(k[1].split()) == set(label.split())]
        assert len(match) == 1
        assert got[match[0]] == pytest.approx(float(ref.draw(pair)), abs=1e-12)


@pytest.mark.slow
def test_pool_kernel_gives_the_draw_kernels_values(short_game) -> None:
    """All 37 options (stand, 31 draws, 5 jokers) of a situation where the player holds the joker."""
    from analyzer.games.stud.kernels.draw import option_values
    from analyzer.games.stud.kernels.pool import pool_options
    from analyzer.games.stud.options import joker_pos, pool_args

    tables = hand_tables(short_game)
    deck = tables.evaluator.deck
    for hand, up in (("Jk Td 9s 7c 7h", "Ks"),):
        pos = np.sort(tables.code_pos[parse_hand(hand, deck, size=5).astype(np.int64)])
        u = int(tables.code_pos[parse_card(up, deck)])
        a = pool_options(pos, u, joker_pos(tables), *pool_args(short_game, tables))
        b = option_values(pos, u, joker_pos(tables), *_kernel_args(short_game, tables))
        assert np.array_equal(np.isnan(a), np.isnan(b)) and np.isnan(a[32:]).all() == ("Jk" in hand)
        assert np.nanmax(np.abs(a - b)) < 1e-12


@pytest.mark.parametrize("discards", [0, 1, 2, 3, 4, 5])
def test_pool_counts_equal_a_plain_count_of_the_dealer_hands(short_game, discards: int) -> None:
    """The pool kernel's dealer counts (dense tables for the 0-, 1- and 2-subsets of the discards,
    sorted lists for the 3-subsets, single hands for the 4-subsets) against counting every dealer
    hand that avoids the discards, at thresholds from the bottom class to past the top one."""
    from itertools import combinations

    from analyzer.games.stud.exact import BINOM
    from analyzer.games.stud.kernels.pool import _unseen, pool_build, pool_counts
    from analyzer.games.stud.options import joker_pos

    tables = hand_tables(short_game)
    deck = tables.evaluator.deck
    pos = np.sort(tables.code_pos[parse_hand("Ah Kh Qh 9h 7c", deck, size=5).astype(np.int64)])
    u = int(tables.code_pos[parse_card("8d", deck)])
    unseen, nu, _ = _unseen(pos, u, joker_pos(tables), tables.n)
    dealer = pool_build(unseen, nu, u, tables.cls, BINOM)
    rng = np.random.default_rng(discards)
    sub = np.sort(rng.choice(nu, discards, replace=False)).astype(np.int64)
    classes = []
    for four in combinations(sorted(set(range(nu)) - set(sub.tolist())), 4):
        cards = sorted([int(unseen[i]) for i in four] + [u])
        classes.append(int(tables.cls[sum(int(BINOM[c, j + 1]) for j, c in enumerate(cards))]))
    classes_arr = np.array(classes)
    top = int(tables.cls.max())
    out = np.empty(3, np.int64)
    for x in (0, int(np.median(classes_arr)), int(classes_arr.max()), top + 1, top + 7):
        pool_counts(sub, np.int64(discards), x, x + 1, x + 2, nu, *dealer, BINOM, out)
        assert out.tolist() == [int((classes_arr < y).sum()) for y in (x, x + 1, x + 2)]


def test_pool_values_in_rows_equal_the_batch_kernel(short_game, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """options-edge values a situation in rows of a few thousand draws, a few rows per kernel call
    (Ctrl-C is seen between calls): an option within one row is bit for bit the one-call kernel's
    value (``pool_options``, what ``stud options`` runs; ``pool_batch`` gives the same, a slow
    test), a cut one differs only by rounding, however finely it is cut."""
    from analyzer.games.stud import options_edge as oe
    from analyzer.games.stud.exact import BINOM
    from analyzer.games.stud.kernels.pool import option_draws, pool_options
    from analyzer.games.stud.options import joker_pos, pool_args

    tables = hand_tables(short_game)
    hands, ups = oe.deal_situations(tables.n, 3, 7)
    args = pool_args(short_game, tables)
    b = np.array([pool_options(h, u, joker_pos(tables), *args) for h, u in zip(hands, ups, strict=True)])
    nu, default = tables.n - 6, oe.ROW_DRAWS
    whole = np.array([option_draws(k, nu, BINOM) <= oe.ROW_DRAWS for k in range(37)])
    assert not whole.all()  # the five-card draws are cut
    for draws in (default, 997):
        monkeypatch.setattr(oe, "ROW_DRAWS", draws)
        a = oe.pool_values(hands, ups, joker_pos(tables), args)
        assert np.array_equal(np.isnan(a), np.isnan(b))
        assert np.nanmax(np.abs(a - b)) < 1e-12
    monkeypatch.setattr(oe, "ROW_DRAWS", default)
    a = oe.pool_values(hands, ups, joker_pos(tables), args)
    assert np.array_equal(a[:, whole], b[:, whole], equal_nan=True)


@pytest.mark.slow
def test_pool_batch_is_the_one_situation_kernel_on_each_row(short_game) -> None:
    """``pool_batch`` (many situations in one call, parallel over them) against ``pool_options``
    on each situation: the same 37 values, bit for bit (no command calls it from Python: a test
    that did would compile its Python-callable copy, ~2 CPU-s)."""
    from analyzer.games.stud import options_edge as oe
    from analyzer.games.stud.kernels.pool import pool_batch, pool_options
    from analyzer.games.stud.options import joker_pos, pool_args

    tables = hand_tables(short_game)
    hands, ups = oe.deal_situations(tables.n, 3, 7)
    args = pool_args(short_game, tables)
    b = pool_batch(hands, ups, joker_pos(tables), *args)
    one = np.array([pool_options(h, u, joker_pos(tables), *args) for h, u in zip(hands, ups, strict=True)])
    assert np.array_equal(b, one, equal_nan=True)


def test_options_edge_with_every_situation_fully_valued_is_the_plain_mean(short_game) -> None:
    """situations == screen: the regression estimate is the mean of the per-situation best option,
    each checked against the option table of that situation."""
    from analyzer.cards import format_card
    from analyzer.games.stud.options import joker_option_rows
    from analyzer.games.stud.options_edge import deal_situations, options_edge

    res = options_edge(short_game, situations=3, screen=3, seed=4)
    tables = hand_tables(short_game)
    hands, ups = deal_situations(tables.n, 3, 4)
    best, draw, joker = [], [], []
    for h, u in zip(hands, ups, strict=True):
        text = " ".join(format_card(int(tables.pos_code[p])) for p in h)
        rows = joker_option_rows(short_game, text, format_card(int(tables.pos_code[u])))
        stand = next(r["ev"] for r in rows if r["option"] == "stand")
        best.append(rows[0]["ev"] - stand)
        draw.append(max(r["ev"] for r in rows if r["option"] != "buy joker") - stand)
        joker.append(max([r["ev"] for r in rows if r["option"] == "buy joker"] + [stand]) - stand)
    assert res.gains["draw or joker"][0] == pytest.approx(np.mean(best), abs=1e-12)
    assert res.gains["draw only"][0] == pytest.approx(np.mean(draw), abs=1e-12)
    assert res.gains["joker only"][0] == pytest.approx(np.mean(joker), abs=1e-12)
    assert res.joker_curve[0][0] == 1 and res.joker_curve[0][1] == pytest.approx(np.mean(joker), abs=1e-12)


def test_two_phase_regression_estimate_recovers_a_known_mean() -> None:
    """y = 3 + 2x + noise (sd 0.1), x ~ N(1, 1): E[y] = 5; 40 phase-2 rows, 40,000 phase-1 rows."""
    from analyzer.games.stud.options_edge import _regression

    rng = np.random.default_rng(7)
    x1 = rng.normal(1, 1, (40_000, 1))
    y = 3 + 2 * x1[:40, 0] + rng.normal(0, 0.1, 40)
    est, se = _regression(y, x1[:40], x1)
    # the SE ≈ sqrt(0.01/40 + 4/40,000) ≈ 0.0187, far below the plain mean's ≈ 0.32
    assert se == pytest.approx(0.0187, rel=0.25)
    assert abs(est - 5) < 4 * 0.0187
    assert abs(y.mean() - 5) > 4 * 0.0187  # the plain phase-2 mean is off by far more here


def test_upcard_edge_refuses_a_game_without_a_board() -> None:
    from analyzer.games.stud.upcard_edge import upcard_edge

    with pytest.raises(StudError, match="board-designated wild card"):
        upcard_edge(load_game("caribbean"), 4)
    with pytest.raises(StudError, match="unknown dealer's-open-card rule"):
        upcard_edge(load_game("j-poker"), 4, doc_rules=("moves",))


@pytest.mark.slow
def test_new_up_card_rank_sums_map_every_suit_onto_spades() -> None:
    """The suit exchange of ``upswap_rank_sums`` against the tables of each actual wild new up card."""
    from analyzer.games.stud.kernels.draw import upswap_one, upswap_rank_sums

    game = load_game("j-poker")
    hand, up = parse_hand("9h 9d 7h 4s 2c", size=5).astype(np.int64), parse_card("Ad")
    hand = np.sort(hand)
    rank = 11  # kings: all four unseen
    got = upswap_rank_sums(hand[None, :], np.array([up]), rank, *_kernel_args(game, hand_tables(game, rank * 4 + 3)))
    want = [upswap_one(hand, up, rank * 4 + s, *_kernel_args(game, hand_tables(game, rank * 4 + s))) for s in range(4)]
    assert got[0, 1] == 4
    assert got[0, 0] == pytest.approx(sum(want), abs=1e-9)


# ------------------------------------------------------------------ the CLI

def _cli(*args: str):
    from click.testing import CliRunner

    from analyzer.cli import main

    return CliRunner().invoke(main, ["stud", *args])


@pytest.mark.slow
def test_options_edge_cli_json_on_a_short_deck_game_file(tmp_path) -> None:
    """``stud options-edge`` on a game file (33 cards): the exact no-option row, the three option
    sets with the game's fees, then the joker alone at the other fees."""
    import json

    src = (Path(load_game("poker-with-joker").source).read_text(encoding="utf-8")
           .replace('deck = "52+1"', 'deck = "32+1"'))
    game_file = tmp_path / "pwj33.toml"
    game_file.write_text(src, encoding="utf-8")
    r = _cli("options-edge", "--game", str(game_file), "--situations", "2", "--screen", "6", "--seed", "1",
             "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    names = [row["options"] for row in data["rows"]]
    assert names[:4] == ["none (exact)", "draw or joker", "draw only", "joker only"]
    assert [row["joker_fee"] for row in data["rows"][4:]] == [2.0, 3.0, 5.0, 10.0, 20.0]
    base = data["rows"][0]["house_edge"]
    for row in data["rows"][1:]:
        assert row["house_edge"] == pytest.approx(base - row["gain"], abs=1e-12)
    assert data["draw_fee"] == 1.0 and data["screen"] == 6


def test_upcard_edge_cli_refuses_a_game_without_a_board_in_one_line() -> None:
    r = _cli("upcard-edge", "--game", "caribbean", "--per-stratum", "2")
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [
        "Error: game 'Caribbean Stud': the up-card exchange is modelled for a board-designated wild card"]


def test_options_edge_cli_screen_below_situations_is_refused() -> None:
    r = _cli("options-edge", "--situations", "10", "--screen", "5")
    assert r.exit_code == 2 and "--screen (5) must be at least --situations (10)" in r.output
