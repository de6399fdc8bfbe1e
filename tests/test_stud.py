"""Casino stud (RULES.md §2): game files, joker location, per-situation EVs, exact and sampled edges."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from analyzer.cards import parse_card, parse_hand
from analyzer.games.stud import kernels as K
from analyzer.games.stud.advise import advise, situation_evaluator
from analyzer.games.stud.edge import house_edge, house_edges
from analyzer.games.stud.exact import BINOM, hand_tables, tally, tally_value
from analyzer.games.stud.game import StudError, load_game
from analyzer.games.stud.location import location_probabilities, sampled_locations
from analyzer.rules import Category
from analyzer.stats import chi_square_gof

CARIB = load_game("caribbean")
JPOKER = load_game("jpoker")

# ANCHORS.md "Caribbean Stud": combinations of each outcome under optimal strategy.
ANCHOR_EVENTS = {
    "win, royal flush": 16_759_740, "win, straight flush": 156_929_720,
    "win, four of a kind": 2_832_435_800, "win, full house": 16_624_475_280,
    "win, flush": 21_856_990_280, "win, straight": 43_805_516_100,
    "win, three of a kind": 234_242_908_320, "win, two pair": 488_012_139_360,
    "dealer doesn't qualify": 4_532_514_033_720, "push": 321_623_100,
    "fold": 9_523_005_974_460, "dealer wins": 2_726_592_727_512,
}
ANCHOR_PAIR_OR_LESS = 2_343_248_003_808
ANCHOR_TOTAL = 19_933_230_517_200
ANCHOR_LOSS = 1_041_372_912_372


# ---------------------------------------------------------------- game definitions
def test_shipped_games_load():
    assert CARIB.qualifier.text == "high_card:AK" and CARIB.pays[Category.HIGH_CARD] == 1
    assert JPOKER.designation == "board" and JPOKER.doc_probability == Fraction(3, 55)
    assert JPOKER.pays[Category.FIVE_OF_A_KIND] == 150 and JPOKER.exchange_fees == (1, 2)
    american = load_game("american")
    assert american.deck == "52+1" and american.rules.mode.value == "wild"


@pytest.mark.parametrize(("body", "message"), [
    ('name = "x"\nrules = "standard"\n[pays]\npair = 1', "key 'pays': no odds for royal_flush"),
    ('name = "x"\nrules = "standard"\nbet = "two"\n[pays]\n', "key 'bet': 'two' is not a number"),
    ('name = "x"\nrules = "standard"\nqualifier = "trips"\n[pays]\n', "key 'qualifier': bad qualifier 'trips'"),
    ('name = "x"\nrules = "standard"\ncolour = 1\n[pays]\n', "unknown key 'colour'"),
    ('name = "x"\nrules = "nope"\n[pays]\n', "key 'rules': unknown rules preset 'nope'"),
    ('name = "x"\nrules = "j-poker"\ndesignation = "board"\ndoc_probability = 2\n[pays]\n',
     "key 'doc_probability': 2 is above 1"),
    ('name = "x"\nrules = "standard"\ndesignation = "dice"\n[pays]\n', "key 'designation': 'dice'"),
    ('name = "x"\nrules = "standard"\n[pays]\nroyal = 5', "key 'pays.royal': unknown category"),
    ('name = "x"\nrules = "standard"\ntie = "coin"\n[pays]\n', "key 'tie': 'coin'"),
    ("name = ", "not valid TOML"),
])
def test_bad_game_files_name_file_and_key(tmp_path, body, message):
    path = tmp_path / "bad.toml"
    if body.endswith("[pays]\n"):
        body += "\n".join(f"{c.value} = 1" for c in Category)
    path.write_text(body)
    with pytest.raises(StudError) as exc:
        load_game(path)
    assert str(path) in str(exc.value) and message in str(exc.value)


def test_missing_game_file():
    with pytest.raises(StudError, match=r"cannot read game file 'nowhere\.toml'"):
        load_game("nowhere.toml")


# ---------------------------------------------------------------- joker location
@pytest.mark.parametrize("players", range(1, 8))
def test_location_exact(players):
    rows = location_probabilities(players)
    p = {r["place"]: r["probability"] for r in rows}
    assert sum(p.values()) == 1
    assert p["dealer's up card"] == Fraction(4, 55)
    assert p["player 1's hand"] == Fraction(1, 11)
    assert p["dealer's hole cards"] == Fraction(4, 55)
    assert p["other players' hands"] == Fraction(players - 1, 11)


@pytest.mark.parametrize("players", [1, 4, 7])
def test_location_monte_carlo_inside_ci(players):
    """Pearson χ² of the five place counts against the exact fractions (one test per table)."""
    trials = 300_000
    rows = sampled_locations(players, trials=trials, seed=11)
    observed = np.array([round(r["estimate"] * trials) for r in rows])
    assert observed.sum() == trials
    gof = chi_square_gof(observed, np.array([float(r["probability"]) for r in rows]))
    assert gof.p_value > 1e-3, rows


def test_location_doc_parameter():
    rows = location_probabilities(1, Fraction(10, 55))
    assert rows[0]["probability"] == Fraction(10, 55) + Fraction(45, 55) / 52
    with pytest.raises(StudError):
        location_probabilities(8)


# ---------------------------------------------------------------- per-situation EV
def _numpy_brute(game, hand, up, wild=None):
    """Independent reference: score every dealer hand with Evaluator.score_batch (no stud kernels)."""
    ev = situation_evaluator(game)
    codes = parse_hand(hand, ev.deck, 5).astype(np.int64)
    u = parse_card(up)
    rest = [c for c in range(52) if c not in set(codes.tolist()) | {u}]
    holes = np.array(list(itertools.combinations(rest, 4)), np.int64)
    dealer = np.column_stack([holes, np.full(len(holes), u)])
    if wild is not None:  # a board's card: re-score with that card wild
        from analyzer.evaluator import Evaluator
        from analyzer.rules import with_overrides
        ev = Evaluator(with_overrides(game.rules, deck="52", wild=[wild]), "52")
    d = ev.score_batch(dealer)
    p = ev.score(codes)
    q = game.qualifier.min_score(ev.rules)
    nq = int((d < q).sum())
    qual = d >= q
    win, tie, lose = int((qual & (d < p)).sum()), int((qual & (d == p)).sum()), int((qual & (d > p)).sum())
    cat = ev.category(p)
    value = nq * game.no_qualify_units + win * game.win_units(cat) + tie * game.tie_units + lose * game.lose_units
    return (nq, win, tie, lose), value / len(holes)


@pytest.mark.parametrize(("hand", "up"), [
    ("As Kd 9h 5c 2s", "Qh"), ("As Kd Jh 5c 2s", "5d"), ("7c 7d Kh 4s 2c", "Ac"),
    ("Ah Kh Qh Jh Th", "2c"), ("9c 9d 9h 4s 4c", "9s"),
])
def test_caribbean_advise_matches_numpy_brute_force(hand, up):
    counts, value = _numpy_brute(CARIB, hand, up)
    a = advise(CARIB, hand, up)
    assert (a.not_qualified, a.wins, a.ties, a.losses) == counts
    assert a.ev_bet == value and a.dealer_hands == 163_185


@pytest.mark.parametrize(("hand", "up", "wild"), [
    ("As Kd 9h 5c 2s", "Qh", "7d"),     # wild in the stock
    ("As Kd 9h 7d 2s", "Qh", "7d"),     # player holds it
    ("Qs Qd 9h 5c 2s", "7d", "7d"),     # dealer's open card
])
def test_jpoker_advise_matches_numpy_brute_force(hand, up, wild):
    counts, value = _numpy_brute(JPOKER, hand, up, wild)
    a = advise(JPOKER, hand, up, "doc" if wild == up else wild)
    assert (a.not_qualified, a.wins, a.ties, a.losses) == counts
    assert a.ev_bet == value


def test_advise_doc_high_card_always_loses():
    a = advise(JPOKER, "As Kd 9h 5c 2s", "Qh", "doc")
    assert a.not_qualified == 0 and a.ev_bet == -3 and a.decision == "fold"


@pytest.mark.parametrize(("game", "kw"), [(CARIB, {}), (JPOKER, {"wild_card": parse_card("7d")})])
def test_inclusion_exclusion_matches_brute_force(game, kw):
    """The tables' dealer counts equal a direct enumeration for random situations."""
    tables = hand_tables(game, **kw)
    ev = situation_evaluator(game)
    wbits = np.int64(ev.wbits if not kw else 1 << kw["wild_card"])
    table, _ = ev.kernel_args()
    q = game.qualifier.min_score(ev.rules)
    qc = tables.class_at_least(q)
    rng = np.random.default_rng(5)
    c4, c3, s, ref = (np.empty(k, np.int64) for k in (4, 3, 5, 4))
    for _ in range(6):
        cards = rng.choice(52, 6, replace=False)
        hand = np.sort(cards[:5]).astype(np.int64)
        u = int(cards[5])
        pc = int(tables.cls[BINOM[hand, np.arange(1, 6)].sum()])
        K.situation(hand, 5, u, pc, qc, *tables.kernel_tables(), BINOM, c4, c3, s)
        pack = np.array([c for c in range(52) if c not in set(cards.tolist())], np.int64)
        K.brute_situation(pack, pack.size, hand, u, table, wbits, q, ref)
        assert c4.tolist() == ref.tolist()


# ---------------------------------------------------------------- exact Caribbean Stud
@pytest.mark.parametrize("cat", [Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND])
def test_caribbean_top_lines_exact(cat):
    """The player's rare hands are enumerated in full: their win counts are ANCHORS.md's."""
    t = tally(CARIB, categories=frozenset({cat}))
    assert t.events[f"win, {cat.label}"] == ANCHOR_EVENTS[f"win, {cat.label}"]


@pytest.mark.slow
def test_caribbean_exact_reproduces_anchors():
    t = tally(CARIB)
    assert t.combos == ANCHOR_TOTAL
    for name, count in ANCHOR_EVENTS.items():
        assert t.events[name] == count, name
    assert t.events["win, pair"] + t.events["win, high card"] == ANCHOR_PAIR_OR_LESS
    assert tally_value(CARIB, t) == Fraction(-ANCHOR_LOSS, ANCHOR_TOTAL)
    assert round(100 * float(-tally_value(CARIB, t)), 4) == 5.2243
    assert round(100 * t.bet_situations / t.situations, 2) == 52.23


@pytest.mark.slow
def test_caribbean_edge_report():
    res = house_edge(CARIB)
    assert res.method == "exact" and res.ev_exact == Fraction(-ANCHOR_LOSS, ANCHOR_TOTAL)
    assert round(res.element_of_risk, 6) == round(0.052243057715778654 / (1 + 2 * res.bet_frequency), 6)
    assert abs(sum(r["probability"] for r in res.events) - 1) < 1e-12


# ---------------------------------------------------------------- J-poker
def test_jpoker_doc_part_exact_and_strategy_threshold():
    """With the up card wild the dealer always qualifies; betting only trips+ loses less than always."""
    w = parse_card("As")
    t = tally(JPOKER, "always", wild_card=w, doc=True)
    assert t.not_qualified == 0 and t.events["dealer doesn't qualify"] == 0
    assert t.combos == 2_349_060 * 163_185
    opt = tally(JPOKER, "optimal", wild_card=w, doc=True)
    assert tally_value(JPOKER, opt) > tally_value(JPOKER, t)


def test_jpoker_sampled_one_rank_is_consistent_with_seeded_ci():
    res, pair = house_edges(JPOKER, ("optimal", "pair"), "sampled", hands=1000, seed=3, ranks=(12,), merge=8)
    lo, hi = res.ci
    assert res.method == "sampled" and 0 < res.se < 0.002 and lo < res.house_edge < hi
    assert abs(sum(r["probability"] for r in res.events) - 1) < 1e-9
    assert pair.house_edge > res.house_edge and pair.bet_frequency > res.bet_frequency


@pytest.mark.slow
def test_jpoker_sampled_inside_exact_for_ace_wild():
    exact = house_edge(JPOKER, "optimal", "exact", ranks=(12,))
    sampled = house_edge(JPOKER, "optimal", "sampled", hands=20_000, seed=1, ranks=(12,))
    lo, hi = sampled.ci
    assert lo <= exact.house_edge <= hi


def test_bad_strategy_and_method():
    with pytest.raises(StudError, match="bad strategy 'sometimes'"):
        house_edge(JPOKER, "sometimes", ranks=(0,), hands=100)
    with pytest.raises(StudError, match="unknown method 'guess'"):
        house_edge(CARIB, method="guess")
