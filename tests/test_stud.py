"""Casino stud (RULES.md §2): game files, joker location, per-situation EVs, exact and sampled edges."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest
import stud_reference as R

from analyzer.cards import parse_card, parse_hand
from analyzer.games.stud import kernels as K
from analyzer.games.stud.advise import advise, situation_evaluator
from analyzer.games.stud.edge import house_edge, house_edges
from analyzer.games.stud.exact import BINOM, hand_tables, tallies, tally, tally_value
from analyzer.games.stud.game import StudError, load_game
from analyzer.games.stud.location import location_probabilities, sampled_locations
from analyzer.rules import Category
from analyzer.stats import chi_square_gof

CARIB = load_game("caribbean")
JPOKER = load_game("j-poker")

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
# The reference shares nothing with the stud code: hands scored by tests/reference.py, the
# qualifier, showdown and pay table written out in tests/stud_reference.py.
@cache
def _reference(game: str, hand: str, up: str, wild: str | None) -> R.Outcome:
    rules = R.CARIBBEAN if game == "caribbean" else R.JPOKER
    return R.advise(rules, hand, up, None if wild is None else R.code(wild))


@pytest.mark.parametrize(("hand", "up"), [
    ("As Kd 9h 5c 2s", "Qh"), ("As Kd Jh 5c 2s", "5d"), ("7c 7d Kh 4s 2c", "Ac"),
    pytest.param("Ah Kh Qh Jh Th", "2c", marks=pytest.mark.slow),
    pytest.param("9c 9d 9h 4s 4c", "9s", marks=pytest.mark.slow),
])
def test_caribbean_advise_matches_reference(hand, up):
    ref = _reference("caribbean", hand, up, None)
    a = advise(CARIB, hand, up)
    assert (a.not_qualified, a.wins, a.ties, a.losses) == (ref.not_qualified, ref.wins, ref.ties, ref.losses)
    assert a.ev_bet == ref.ev_bet and a.dealer_hands == ref.hands == 163_185


# J-poker: the wild card in the stock (or the dealer's hole cards), in the player's hand, the
# dealer's open card; a pair + wild (two pair, never trips) and a wild five of a kind on the way.
JPOKER_SITUATIONS = [
    ("As Kd 9h 5c 2s", "Qh", "7d"),     # wild in the stock
    ("As Kd 9h 7d 2s", "Qh", "7d"),     # player holds it: a pair of aces + wild = two pair
    ("Qs Qd 9h 5c 2s", "7d", "7d"),     # dealer's open card
]


@pytest.mark.parametrize(("hand", "up", "wild"), JPOKER_SITUATIONS)
def test_jpoker_advise_matches_reference(hand, up, wild):
    ref = _reference("jpoker", hand, up, wild)
    a = advise(JPOKER, hand, up, "doc" if wild == up else wild)
    assert (a.not_qualified, a.wins, a.ties, a.losses) == (ref.not_qualified, ref.wins, ref.ties, ref.losses)
    assert a.ev_bet == ref.ev_bet


def test_jpoker_pair_plus_wild_is_two_pair_in_the_reference():
    """The rule the reference settles by: Q-Q-9-5-W is queens and nines, never three queens."""
    ref = R.evaluator(R.code("7d"))
    assert ref.evaluate(R.codes("Qs Qd 9h 5c 7d"))[0] == "two_pair"
    assert ref.evaluate(R.codes("Qs Qd Qh 5c 7d"))[0] == "four_of_a_kind"


@pytest.mark.parametrize(("hand", "up", "wild"), JPOKER_SITUATIONS)
def test_inclusion_exclusion_matches_reference(hand, up, wild):
    """The tables' dealer counts (inclusion–exclusion) equal the independent enumeration."""
    ref = _reference("jpoker", hand, up, wild)
    tables = hand_tables(JPOKER, parse_card(wild))
    codes = np.sort(parse_hand(hand, None, 5)).astype(np.int64)
    pos = tables.code_pos[codes]
    u = int(tables.code_pos[parse_card(up)])
    pc = int(tables.cls[BINOM[pos, np.arange(1, 6)].sum()])
    qc = tables.class_at_least(JPOKER.qualifier.min_score(tables.evaluator.rules))
    c4, c3, s = (np.empty(k, np.int64) for k in (4, 3, 5))
    K.situation(pos, 5, u, pc, qc, *tables.kernel_tables(), BINOM, c4, c3, s)
    assert c4.tolist() == [ref.not_qualified, ref.wins, ref.ties, ref.losses]


def test_advise_doc_high_card_always_loses():
    a = advise(JPOKER, "As Kd 9h 5c 2s", "Qh", "doc")
    assert a.not_qualified == 0 and a.ev_bet == -3 and a.decision == "fold"


@pytest.mark.parametrize(("game", "kw"), [(CARIB, {}), (JPOKER, {"wild_card": parse_card("7d")})])
def test_inclusion_exclusion_matches_brute_force_kernel(game, kw):
    """The tables' dealer counts equal the kernel's direct enumeration for random situations
    (a twin that shares the compiled scorer; the reference checks are above)."""
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
TOP_LINES = (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND)


@cache
def _top_lines_tally():
    """One enumeration of the player's hands of the three top categories (a pass each cost the same)."""
    return tally(CARIB, categories=frozenset(TOP_LINES))


@pytest.mark.parametrize("cat", TOP_LINES)
def test_caribbean_top_lines_exact(cat):
    """The player's rare hands are enumerated in full: their win counts are ANCHORS.md's."""
    t = _top_lines_tally()
    assert t.events[f"win, {cat.label}"] == ANCHOR_EVENTS[f"win, {cat.label}"]
    assert t.events["win, full house"] == 0  # only the enumerated categories are counted


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
    assert round(res.element_of_risk, 6) == round(ANCHOR_LOSS / ANCHOR_TOTAL / (1 + 2 * res.bet_frequency), 6)
    assert abs(sum(r["probability"] for r in res.events) - 1) < 1e-12


# ---------------------------------------------------------------- J-poker
def test_jpoker_doc_part_exact_and_strategy_threshold():
    """With the up card wild the dealer always qualifies; betting only trips+ loses less than always."""
    w = parse_card("As")
    t, opt = tallies(JPOKER, ("always", "optimal"), wild_card=w, doc=True)  # one pass for both
    assert t.not_qualified == 0 and t.events["dealer doesn't qualify"] == 0
    assert t.combos == 2_349_060 * 163_185
    assert tally_value(JPOKER, opt) > tally_value(JPOKER, t)


JPOKER_ACES_EXACT = R.JPOKER_ACES_EXACT
Z_1E3 = 3.29  # two-sided false-alarm rate 1e-3 at a fixed seed


def test_jpoker_sampled_one_rank_covers_the_exact_edge():
    res, pair = house_edges(JPOKER, ("optimal", "pair"), "sampled", hands=1000, seed=3, ranks=(12,), merge=8)
    assert res.method == "sampled" and 0 < res.se < 0.002 and 0 < pair.se < 0.002
    assert abs(res.house_edge - float(JPOKER_ACES_EXACT["optimal"])) <= Z_1E3 * res.se
    assert abs(pair.house_edge - float(JPOKER_ACES_EXACT["pair"])) <= Z_1E3 * pair.se
    assert abs(sum(r["probability"] for r in res.events) - 1) < 1e-9
    assert pair.house_edge > res.house_edge and pair.bet_frequency > res.bet_frequency


@pytest.mark.slow
def test_jpoker_one_rank_exact_pins():
    opt, pair = house_edges(JPOKER, ("optimal", "pair"), "exact", ranks=(12,))
    assert -opt.ev_exact == JPOKER_ACES_EXACT["optimal"] and -pair.ev_exact == JPOKER_ACES_EXACT["pair"]


@pytest.mark.slow
def test_jpoker_sampled_inside_exact_for_ace_wild():
    sampled = house_edge(JPOKER, "optimal", "sampled", hands=20_000, seed=1, ranks=(12,))
    lo, hi = sampled.ci
    assert lo <= float(JPOKER_ACES_EXACT["optimal"]) <= hi


def test_bad_strategy_and_method():
    with pytest.raises(StudError, match="bad strategy 'sometimes'"):
        house_edge(JPOKER, "sometimes", ranks=(0,), hands=100)
    with pytest.raises(StudError, match="unknown method 'guess'"):
        house_edge(CARIB, method="guess")


def test_report_study_small(tmp_path, monkeypatch):
    """The casino-stud study with J-poker on the aces-wild deals only and small samples: Caribbean
    Stud's outcome table and edge are the published ones, J-poker's edge is the pinned exact one,
    and the location table has the exact 4/55 and 1/11."""
    import csv

    import analyzer.games.stud.report as report

    real = report.house_edges

    def aces_only(game, strategies=("optimal",), method="auto", hands=0, seed=0, ranks=None, **kw):
        if game.designation == "board" and ranks is None:
            ranks = (12,)
        return real(game, strategies, method, hands, seed, ranks, **kw)

    monkeypatch.setattr(report, "house_edges", aces_only)
    monkeypatch.setattr(report, "EXCHANGE_SITUATIONS", 20)
    # still two phases: 38 + 2 situations valued on the one-card exchanges (not 3,933 + 227), 19 + 2 on all
    monkeypatch.setattr(report, "EXCHANGE_SCREEN", 40)
    monkeypatch.setattr(report, "EXAMPLES", report.EXAMPLES[:1])
    import analyzer.games.stud.report_options as options

    monkeypatch.setattr(report, "UPCARD_PER_STRATUM", 3)
    monkeypatch.setattr(options, "OPTION_SITUATIONS", 2)
    monkeypatch.setattr(options, "OPTION_SCREEN", 50)
    monkeypatch.setattr(options, "PWJ_DECK", "32+1")
    written = report.build().write(tmp_path)
    assert {"index.md", "edges.csv", "caribbean-outcomes.csv", "jpoker-doc.png"} <= {p.name for p in written}
    tables = tmp_path / "casino-stud" / "tables"

    def read(name):
        return list(csv.DictReader((tables / f"{name}.csv").open(encoding="utf-8")))

    outcomes = {r["event"]: float(r["probability"]) for r in read("caribbean-outcomes")}
    for name, count in ANCHOR_EVENTS.items():
        assert outcomes[name] == pytest.approx(count / ANCHOR_TOTAL, rel=1e-12), name
    up = read("jpoker-upcard")
    assert [r["doc_rule"] for r in up] == ["stays"]  # one wild rank: no new-up-card rule
    pwj = {r["options"]: r for r in read("poker-with-joker-options")}
    assert set(pwj) == {"none (exact)", "draw or joker", "draw only", "joker only"}
    edges = {(r["game"], r["strategy"]): r for r in read("edges")}
    assert float(edges["Caribbean Stud", "optimal"]["house_edge"]) == pytest.approx(ANCHOR_LOSS / ANCHOR_TOTAL,
                                                                                   rel=1e-12)
    jp = edges["J-poker", "optimal"]
    assert jp["method"] == "exact"
    assert float(jp["house_edge"]) == pytest.approx(float(JPOKER_ACES_EXACT["optimal"]), rel=1e-12)
    one_player = {r["place"]: r["probability"] for r in read("location") if r["players"] == "1"}
    assert one_player["dealer's up card"] == "4/55" and one_player["player 1's hand"] == "1/11"
