"""Video poker: ANCHORS.md tables digit for digit, hold counts vs brute force, pay table errors,
tie breaks, suit symmetry, Monte Carlo, strategy table, report study."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from math import comb
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from analyzer.cards import format_hand, parse_hand
from analyzer.engine import chunk_state
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator, decode_tiebreak
from analyzer.games.videopoker.advisor import advise
from analyzer.games.videopoker.classify import game_for, hand_classes
from analyzer.games.videopoker.exact import analyze, draw_weight
from analyzer.games.videopoker.kernels import binomial_rows, canonical_deals, hands_with_top
from analyzer.games.videopoker.montecarlo import best_holds_for_every_deal, simulate
from analyzer.games.videopoker.names import family_name, line_name, member_detail
from analyzer.games.videopoker.patterns import field, hold_patterns, pattern_of
from analyzer.games.videopoker.paytable import PaytableError, load_paytable, paytable_from_mapping
from analyzer.games.videopoker.strategy import (
    HoldPatterns,
    strategy_table,
    wild_rank_mask,
    words_for,
)
from analyzer.kernels.codes import leading_rank
from analyzer.rules import CATEGORY_INDEX, Category
from analyzer.stats import chi_square_gof

# ANCHORS.md "Video poker", best line first, "nothing" last.
ANCHORS = {
    "joker-poker-kings": ("1.006463", 24_568_865_521_200, [
        596_131_848, 2_293_355_592, 2_556_304_788, 14_124_168_708, 210_195_973_152, 385_217_432_424,
        382_699_900_596, 407_718_668_724, 3_290_682_627_144, 2_724_028_817_400, 3_487_746_690_372,
        13_661_005_450_452]),
    "jacks-or-better-9-6": ("0.995439", 19_933_230_517_200, [
        493_512_264, 2_178_883_296, 47_093_167_764, 229_475_482_596, 219_554_786_160, 223_837_565_784,
        1_484_003_070_324, 2_576_946_164_148, 4_277_372_890_968, 10_872_274_993_896]),
    "deuces-wild-full-pay": ("1.007620", 19_933_230_517_200, [
        440_202_756, 4_060_462_824, 35_796_957_696, 63_818_309_856, 83_087_969_280, 1_294_427_430_576,
        423_165_297_240, 334_561_280_724, 1_117_664_265_756, 5_674_784_779_512, 10_901_423_560_980]),
}


@pytest.mark.parametrize("name", sorted(ANCHORS))
def test_anchor_tables_digit_for_digit(name):
    ret, total, counts = ANCHORS[name]
    a = analyze(name)
    assert a.total == total == comb(a.game.n, 5) * 5 * comb(a.game.rem, 5)
    assert [int(c) for c in a.counts] == counts
    assert f"{float(a.ret):.6f}" == ret
    if name == "joker-poker-kings":
        assert f"{a.sd:.4f}" == "5.1230"


def reference_canonical_deals(codes: np.ndarray, symmetric: bool) -> tuple[np.ndarray, np.ndarray]:
    """The canonical deals written plainly: every 5-subset of positions in colex order, kept when its
    suit rank masks do not increase by suit, weighed 24 / (the permutations fixing its masks)."""
    out, mult = [], []
    for pos in sorted(itertools.combinations(range(codes.size), 5), key=lambda t: t[::-1]):
        masks = [0, 0, 0, 0]
        for p in pos:
            if codes[p] < 52:
                masks[codes[p] & 3] |= 1 << (codes[p] >> 2)
        if symmetric and masks != sorted(masks, reverse=True):
            continue
        fixing = sum(1 for perm in itertools.permutations(range(4)) if [masks[i] for i in perm] == masks)
        out.append(pos)
        mult.append(24 // fixing if symmetric else 1)
    return np.array(out, np.int64), np.array(mult, np.int64)


@pytest.mark.parametrize(("ranks", "joker", "symmetric"), [(range(7, 13), True, True), (range(8, 13), False, True),
                                                           (range(8, 13), True, False)])
def test_canonical_deals_equal_the_plain_reference(ranks: range, joker: bool, symmetric: bool) -> None:
    """The kernel's nested walk against the plain one, on short decks (a joker: a card of no suit)."""
    codes = np.array([4 * r + s for r in ranks for s in range(4)] + ([52] if joker else []), np.int64)
    deals, mult = canonical_deals(codes, binomial_rows(codes.size), symmetric)
    want_deals, want_mult = reference_canonical_deals(codes, symmetric)
    assert np.array_equal(deals, want_deals) and np.array_equal(mult, want_mult)
    assert int(mult.sum()) == comb(codes.size, 5)


def reference_hand_classes(name: str) -> np.ndarray:
    """Every hand's pay line the plain way: the evaluator's batch scores, then each line's mask in
    turn over the hands no earlier line took (numpy)."""
    table = load_paytable(name)
    ev = Evaluator(table.rules, table.deck)
    codes = table.deck.cards.astype(np.int64)
    hands = np.concatenate([hands_with_top(high, codes) for high in range(4, codes.size)])
    scores = ev.score_batch(hands)
    cat = np.array([CATEGORY_INDEX[c] for c in ev.order_low_to_high])[ev.categories(scores)]
    top, wc = leading_rank(scores), ev.wild[hands].sum(axis=1)
    cls = np.full(len(hands), len(table.lines), np.int8)
    free = np.ones(len(hands), bool)
    for i, ln in enumerate(table.lines):
        hit = free.copy()
        if ln.hands is not None:
            hit &= np.isin(cat, [CATEGORY_INDEX[h] for h in ln.hands])
        if ln.natural is not None:
            hit &= (wc == 0) if ln.natural else (wc > 0)
        if ln.wild_count is not None:
            hit &= wc == ln.wild_count
        if ln.min_pair_rank is not None:
            hit &= top >= ln.min_pair_rank
        assert hit.any()
        cls[hit] = i
        free &= ~hit
    return cls


@pytest.mark.parametrize("name", ["joker-poker-kings", "jacks-or-better-9-6", "deuces-wild-full-pay"])
def test_hand_classes_equal_the_plain_reference(name: str) -> None:
    """The one-pass kernel against the batch scores and numpy masks, hand for hand."""
    cls, _ = hand_classes(load_paytable(name))
    assert cls.dtype == np.int8 and np.array_equal(cls, reference_hand_classes(name))


def test_tie_break_moves_counts_not_the_return():
    first = analyze("deuces-wild-full-pay")
    calm = analyze("deuces-wild-full-pay", tie_break="low-variance")
    wild = analyze("deuces-wild-full-pay", tie_break="high-variance")
    assert first.ret == calm.ret == wild.ret
    assert calm.sd < first.sd < wild.sd
    assert list(calm.counts) != list(first.counts)
    with pytest.raises(JokerOddsError, match="unknown tie break 'coin'"):
        analyze("deuces-wild-full-pay", tie_break="coin")


def test_second_paytable_reuses_the_game_tables():
    g96 = game_for(load_paytable("jacks-or-better-9-6"))
    g85 = game_for(load_paytable("jacks-or-better-8-5"))
    assert g96 is g85
    a = analyze("jacks-or-better-8-5")
    assert f"{float(a.ret):.6f}" == "0.972984"  # the published 8/5 return, 97.2984 %


def _brute(table, hand, holds):
    """Independent outcome counts: enumerate the draws, score with the core evaluator."""
    ev = Evaluator(table.rules, table.deck)
    deal = parse_hand(hand, table.deck, size=5)
    rest = np.array([c for c in table.deck.cards if c not in set(deal.tolist())], np.int64)
    out = {}
    for held in holds:
        kept = [int(c) for c in deal if format_hand([c], table.deck) in held.split()]
        k = 5 - len(kept)
        combos = list(itertools.combinations(rest, k))
        draws = np.array(combos, np.int64).reshape(len(combos), k)
        hands = np.hstack([np.tile(kept, (len(draws), 1)), draws]).astype(np.int64)
        scores = ev.score_batch(hands)
        wild = ev.wild[hands].sum(axis=1)
        counts = dict.fromkeys(table.classes, 0)
        for s, w in zip(scores, wild, strict=True):
            cat, top = ev.category(int(s)), decode_tiebreak(int(s))[0]
            for ln in table.lines:
                if ((ln.hands is None or cat in ln.hands) and (ln.natural is None or ln.natural == (w == 0))
                        and (ln.wild_count is None or ln.wild_count == w)
                        and (ln.min_pair_rank is None or top >= ln.min_pair_rank)):
                    counts[ln.name] += 1
                    break
            else:
                counts["nothing"] += 1
        out[held] = counts
    return out


@pytest.mark.parametrize("name,hand,holds", [
    ("joker-poker-kings", "Jk Kd Ts 7s 9c", ["Jk Kd", "Jk Ts 7s", "Kd Ts 9c 7s"]),
    ("deuces-wild-full-pay", "2c 2d 5h 6h 9s", ["2c 2d", "2c 2d 5h 6h", "2c 2d 5h 6h 9s"]),
    ("jacks-or-better-9-6", "Qd Td 2s 4s 5c", ["Qd Td", "Qd Td 2s", "Qd Td 2s 4s 5c"]),
])
def test_hold_counts_match_brute_force(name, hand, holds):
    table = load_paytable(name)
    options = {o.held: o for o in advise(table, hand)}
    for held, counts in _brute(table, hand, holds).items():
        opt = options[format_hand(parse_hand(held, table.deck), table.deck)] if held in options else next(
            o for o in options.values() if sorted(o.held.split()) == sorted(held.split()))
        assert opt.distribution == counts
        pays = dict(zip(table.classes, table.exact_pays, strict=True))
        assert opt.ev_exact == sum(Fraction(c) * pays[n] for n, c in counts.items()) / sum(counts.values())


def test_advisor_ranks_every_hold():
    options = advise("joker-poker-kings", "Jk Kd 2s 7s 9c")
    assert len(options) == 32 and len({o.mask for o in options}) == 32
    assert options[0].held == "Jk Kd"
    assert [o.ev for o in options] == sorted((o.ev for o in options), reverse=True)
    assert all(sum(o.distribution.values()) == o.draws for o in options)


def test_optimal_holds_agree_with_the_advisor_on_random_deals():
    a = analyze("joker-poker-kings")
    g = a.game
    best_all = best_holds_for_every_deal(a)
    rng = np.random.default_rng(5)
    for _ in range(40):
        pos = np.sort(rng.choice(g.n, 5, replace=False))
        hand = format_hand(g.codes[pos], a.table.deck)
        options = advise(a.table, hand)
        held = {int(g.codes[pos[i]]) for i in range(5) if (best_all[g.index5(pos)] >> i) & 1}
        chosen = next(o for o in options if {int(c) for c in parse_hand(o.held or [], a.table.deck)} == held)
        assert chosen.ev_exact == options[0].ev_exact


def test_asymmetric_wild_card_disables_suit_symmetry_and_still_counts_everything():
    data = {"rules": "joker-wild", "deck": "32", "wild": ["Kh"], "line": [
        {"name": "four or better", "hand": ["five_of_a_kind", "royal_flush", "straight_flush", "four_of_a_kind"],
         "pays": 10},
        {"name": "trips", "hand": "three_of_a_kind", "pays": 2},
        {"name": "aces", "hand": "pair", "min_pair_rank": "A", "pays": 1}]}
    table = paytable_from_mapping(data, "short.toml")
    a = analyze(table)
    assert not a.game.symmetric and a.game.deals.shape[0] == comb(32, 5)
    assert a.total == comb(32, 5) * draw_weight(27) and int(a.counts.sum()) == a.total
    brute = _brute(table, "Kh Ad As 9c 7d", ["Kh Ad As"])["Kh Ad As"]
    assert next(o for o in advise(table, "Kh Ad As 9c 7d") if o.held == "Kh Ad As").distribution == brute


def _write(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "bad.toml"
    p.write_text('name = "bad"\nrules = "standard"\n' + body, encoding="utf-8")
    return p


LINE = '[[line]]\nname = "{name}"\nhand = "{hand}"\npays = {pays}\n'


@pytest.mark.parametrize("body,message", [
    (LINE.format(name="x", hand="full_hose", pays=1), r"pay line 1 \('x'\) at file line 3: unknown hand 'full_hose'"),
    (LINE.format(name="x", hand="flush", pays=-1), r"pay line 1 \('x'\) at file line 3: pays must be a number >= 0"),
    ('[[line]]\nname = "x"\nhand = "flush"\n', r"pay line 1 \('x'\) at file line 3: missing 'pays'"),
    ('[[line]]\nname = "x"\npays = 2\n', r"missing 'hand'"),
    (LINE.format(name="five", hand="five_of_a_kind", pays=9), r"pay line 1 \('five'\).*no final hand can be paid"),
    (LINE.format(name="a", hand="pair", pays=1) + LINE.format(name="b", hand="pair", pays=2),
     r"pay line 2 \('b'\) at file line 7: no final hand"),
    (LINE.format(name="x", hand="flush", pays=1) + 'colour = "red"\n', r"unknown key 'colour'"),
    (LINE.format(name="x", hand="flush", pays=1) + 'min_pair_rank = "K"\n', r"min_pair_rank needs a hand made of groups"),
    (LINE.format(name="x", hand="pair", pays=1) + 'min_pair_rank = "Z"\n', r"unknown rank 'Z'"),
    (LINE.format(name="x", hand="pair", pays=1) + "natural = false\n", r"no final hand can be paid"),
    (LINE.format(name="x", hand="pair", pays=1) + LINE.format(name="x", hand="flush", pays=1), r"used twice"),
    ("", r"no pay lines"),
    ("[[line]\n", r"not valid TOML"),
])
def test_malformed_paytables_name_file_and_line(tmp_path, body, message):
    path = _write(tmp_path, body)
    with pytest.raises(PaytableError, match=message) as info:
        analyze(load_paytable(path))
    assert str(path) in str(info.value)


def test_paytable_top_level_errors(tmp_path):
    with pytest.raises(PaytableError, match="unknown paytable 'nope'"):
        load_paytable("nope")
    with pytest.raises(PaytableError, match="missing 'rules'"):
        paytable_from_mapping({"line": []}, "t.toml")
    with pytest.raises(PaytableError, match=r"t\.toml: unknown rules preset"):
        paytable_from_mapping({"rules": "poker?", "line": []}, "t.toml")
    t = load_paytable("joker-poker-kings")
    assert t.lines[2].describe() == "royal flush, with a wild card"
    assert t.lines[-1].describe() == "pair, K or better"
    assert t.min_paying_pair == 11 and t.lines[0].hands == (Category.ROYAL_FLUSH,)


def test_summary_numbers_joker_poker():
    a = analyze("joker-poker-kings")
    drawn = a.cards_drawn()
    assert abs(sum(drawn.values()) - 1) < 1e-12
    by_wild = a.return_by_wild_dealt()
    assert by_wild[1][0] == pytest.approx(5 / 53) and by_wild[1][1] > 2 > 1 > by_wild[0][1]
    mixed = by_wild[0][0] * by_wild[0][1] + by_wild[1][0] * by_wild[1][1]
    assert mixed == pytest.approx(float(a.ret), abs=1e-12)
    assert a.rows()[-1]["contribution"] == pytest.approx(float(a.ret))
    # ANCHORS.md: every final hand but "nothing" pays, 1 - 13,661,005,450,452 / 24,568,865,521,200
    assert a.hit_frequency == float(1 - Fraction(13_661_005_450_452, 24_568_865_521_200))
    assert round(a.hit_frequency, 6) == 0.443971


def test_monte_carlo_ci_contains_exact_return():
    a = analyze("joker-poker-kings")
    mc = simulate(a, trials=400_000, seed=11, quiet=True)
    assert mc.contains_exact, mc.estimate
    gof = chi_square_gof(mc.drawn, np.array(list(a.cards_drawn().values())))
    assert gof.p_value > 1e-3
    again = simulate(a, trials=400_000, seed=11, quiet=True, workers=1)
    assert (again.counts == mc.counts).all()
    assert chunk_state(11, 0).shape == (4,)


# per shipped table: the most return the mechanical list may lose vs optimal, and its most lines
STRATEGY_BOUNDS = {"jacks-or-better-9-6": (1e-5, 60), "jacks-or-better-8-5": (1e-5, 60),
                   "joker-poker-kings": (2e-4, 80), "deuces-wild-full-pay": (1e-4, 80)}


@functools.cache
def _built(name):
    """A table's analysis, its hold patterns and the strategy table built on them (as the report
    shares them), once per table for every test below."""
    a = analyze(name)
    hold = HoldPatterns(a)
    return a, hold, strategy_table(a, patterns=hold)


def _strategy(name):
    a, _, s = _built(name)
    return a, s


_RAW_PATTERNS: dict[int, tuple] = {}  # id(analysis) -> (analysis, pattern and tie key of every hold)


def _raw_patterns(a):
    """``hold_patterns`` of every deal (its own call, not :class:`HoldPatterns`'), once per analysis."""
    if id(a) not in _RAW_PATTERNS:
        g = a.game
        hp = a.table.min_paying_pair
        _RAW_PATTERNS[id(a)] = (a, *hold_patterns(g.deals, g.codes, g.wild, 13 if hp is None else hp, g.class5,
                                                  g.binom, wild_rank_mask(a)))
    return _RAW_PATTERNS[id(a)][1:]


def _replay(a, s):
    """The list played by a plain numpy re-implementation: per deal, the earliest line any
    hold's pattern is in, then the highest cards (first hold on equal cards); the exact return."""
    g = a.game
    pat, key = _raw_patterns(a)
    members = np.array([m for ln in s.lines for m in ln.members], np.int64)
    line = np.array([ln.rank for ln in s.lines for _ in ln.members], np.int64)
    order = np.argsort(members)
    at = np.clip(np.searchsorted(members[order], pat), 0, members.size - 1)
    found = members[order][at] == pat
    rank = np.where(found, line[order][at], 10**6)
    pick = np.argmin(rank * (1 << 24) + ((1 << 23) - key), axis=1)
    ev = a.evs[np.arange(pat.shape[0]), pick]
    return Fraction(int((g.mult * np.rint(ev).astype(np.int64)).sum()), int(g.mult.sum()) * a.weight)


def test_hold_patterns_deals_of_is_the_unique_union():
    """The deals holding any of some patterns, by marking: ``np.unique`` of their lists."""
    ev = _built("jacks-or-better-9-6")[1].lines
    for moved in ([0], [3, 1], list(range(0, ev.npat, 7))):
        want = np.unique(np.concatenate([ev.deals[ev.start[p]:ev.start[p + 1]] for p in moved]))
        assert np.array_equal(ev.deals_of(moved), want)


def test_lines_gain_is_the_change_of_the_whole_total():
    """The exact gain of moving some patterns' lines (one kernel over the deals holding them) is
    the whole list's total after the move less before, each played on every deal in numpy."""
    ev = _built("jacks-or-better-9-6")[1].lines
    rng = np.random.default_rng(5)
    old = [[p] for p in rng.permutation(ev.npat).tolist()]

    def total(lines):
        play = ev.play(lines)[0]
        return float(ev.mult @ play)

    for _ in range(6):
        i, j = sorted(rng.choice(len(old) - 1, 2, replace=False).tolist())
        new = [*old[:i], old[j], *old[i + 1:j], old[i], *old[j + 1:]]
        moved = old[i] + old[j]
        gain, scale = ev.gain(old, new, moved), abs(total(old))
        assert gain == pytest.approx(total(new) - total(old), rel=1e-9, abs=1e-12 * scale)
        sub = ev.deals_of(moved)  # only the deals holding a moved pattern change
        assert gain == pytest.approx(float(ev.mult[sub] @ (ev.play(new)[0][sub] - ev.play(old)[0][sub])),
                                     rel=1e-12, abs=1e-14 * scale)
        old = new


# Jacks or Better 8/5 is 9/6's game with two lower pays (the same rules and patterns; its return
# is checked by test_second_paytable_reuses_the_game_tables): its list under slow, ~2 CPU-s
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "jacks-or-better-8-5" else n
                                  for n in sorted(STRATEGY_BOUNDS)])
def test_strategy_table_is_close_to_optimal(name):
    a, s = _strategy(name)
    bound, max_lines = STRATEGY_BOUNDS[name]
    names = [ln.pattern for ln in s.lines]
    assert len(names) == len(set(names)) and len(names) <= max_lines
    assert s.optimal_return - bound < s.mechanical_return <= s.optimal_return + 1e-12
    assert abs(float(_replay(a, s)) - s.mechanical_return) < 1e-12  # exact, all deals
    assert sum(ln.lost for ln in s.lines) == pytest.approx(s.optimal_return - s.mechanical_return, abs=1e-12)
    assert abs(sum(ln.share for ln in s.lines) - 1) < 1e-9 and s.agreement > 0.98
    first = {n.split(",")[0].split(":")[0]: i for i, n in reversed(list(enumerate(names)))}
    assert names[-1] == "draw five"
    if name.startswith("jacks"):
        assert first["pat royal flush"] < first["4 to a royal"] < first["high pair"] < first["low pair"]
        assert first["high pair"] < first["3 to a royal"] < first["4 to a flush"] < first["low pair"]
        assert "Q J unsuited" in names
    elif name == "joker-poker-kings":
        assert first["joker + 3 to a royal"] < first["joker + high pair"] < first["four of a kind"]
        assert "joker alone" in first and first["joker + A"] < first["joker + K"]
    else:
        assert first["pat wild royal with 3 deuces"] < first["3 deuces alone"] < first["2 deuces + pair"]
        assert first["2 deuces + 2 to a royal"] < first["2 deuces alone"] < first["deuce alone"]
        assert first["deuce + 3 to a royal"] < first["pair"] < first["4 to a flush"]


def _straight_draws(ranks, w, wild_codes, natural_ranks):
    """Every final hand of a straight draw: the held ranks plus each set of natural ranks the
    draw can bring, in mixed suits (no flush), with ``w`` wild cards."""
    d = 5 - len(ranks) - w
    return [[r * 4 + (i % 2) for i, r in enumerate(list(ranks) + list(extra))] + wild_codes[:w]
            for extra in itertools.combinations(sorted(set(natural_ranks) - set(ranks)), d)]


@pytest.mark.parametrize("name", ["joker-poker-kings", "deuces-wild-full-pay", "jacks-or-better-9-6"])
def test_pattern_matcher_agrees_with_brute_force(name):
    a = analyze(name)
    g = a.game
    hp = a.table.min_paying_pair
    hp = 13 if hp is None else hp
    wr = wild_rank_mask(a)
    rng = np.random.default_rng(7)
    rows = rng.choice(g.deals.shape[0], 40, replace=False)
    pat, _ = hold_patterns(g.deals[rows], g.codes, g.wild, hp, g.class5, g.binom, wr)
    ev = Evaluator(a.table.rules, a.table.deck)
    wild = {int(c) for c in g.codes if g.wild[c]}
    natural_ranks = [r for r in range(13) if not (wr >> r) & 1]
    kinds = set()
    hands, owner, ways = [], [], []
    for j, row in enumerate(rows):
        cards = [int(c) for c in g.codes[g.deals[row]]]
        cls = int(g.class5[g.index5(g.deals[row])])
        for h in range(32):
            held = [i for i in range(5) if (h >> i) & 1]
            p = int(pat[j, h])
            assert p == pattern_of(cards, held, wild, hp, cls, wr), (cards, held)
            kinds.add(field(p, "kind"))
            if field(p, "kind") in (7, 9):
                ranks = [cards[i] >> 2 for i in held if cards[i] not in wild]
                draws = _straight_draws(ranks, len(held) - len(ranks), sorted(wild), natural_ranks)
                hands += draws
                owner += [len(ways)] * len(draws)
                ways.append(field(p, "ways"))
    # the ways are the draws the core evaluator scores as a straight
    cats = ev.categories(ev.score_batch(np.array(hands, np.int64)))
    straight = np.asarray(cats) == ev.order_low_to_high.index(Category.STRAIGHT)
    assert np.bincount(owner, weights=straight, minlength=len(ways)).tolist() == ways
    assert {0, 5, 7, 9, 10} <= kinds and len(ways) > 20
    words = words_for(a)
    if name == "deuces-wild-full-pay":  # 2c 3c 4c 5c Ac, hold the four clubs: only deuces complete it
        p = pattern_of([0, 4, 8, 12, 48], [1, 2, 3, 4], wild, hp, 0, wr)
        assert line_name([p], [p], words) == "4 to a straight flush" and field(p, "ways") == 0
        assert member_detail(p, words) == "only deuces complete it"
        p = pattern_of([0, 1, 44, 45, 46], [0, 1, 2], wild, hp, 0, wr)
        assert family_name(p, words) == "2 deuces + one card" and member_detail(p, words) == "K"


def test_report_study_builds_for_one_table(tmp_path, monkeypatch):
    """The video-poker study on Jacks or Better 9/6 alone (its analysis, hold patterns and strategy
    table reused from the strategy test): the PAR sheet holds ANCHORS.md's counts, the overview the
    exact and list returns."""
    import csv

    import analyzer.games.videopoker.report as report

    name = "jacks-or-better-9-6"
    a, hold, s = _built(name)
    monkeypatch.setattr(report, "TABLES", (name,))
    monkeypatch.setattr(report, "analyze", lambda table, *args, **kw: a)
    monkeypatch.setattr(report, "HoldPatterns", lambda analysis: hold)
    monkeypatch.setattr(report, "strategy_table", lambda analysis, *args, **kw: s)
    cards = []
    real_card = report.video_poker_card
    monkeypatch.setattr(report, "video_poker_card", lambda *args, **kw: cards.append(real_card(*args, **kw)) or cards[-1])
    written = report.build().write(tmp_path)
    assert {"index.md", f"{name}-par.csv", f"{name}-strategy.csv", "overview.csv"} <= {p.name for p in written}
    tables = tmp_path / "video-poker" / "tables"
    par = list(csv.DictReader((tables / f"{name}-par.csv").open(encoding="utf-8")))
    want, total = ANCHORS[name][2], ANCHORS[name][1]
    assert [int(r["combinations"]) for r in par[:len(want)]] == want
    (row,) = csv.DictReader((tables / "overview.csv").open(encoding="utf-8"))
    assert round(float(row["return"]), 6) == float(ANCHORS[name][0])
    assert float(row["hit frequency"]) == pytest.approx(1 - want[-1] / total, rel=1e-12)
    (card,) = cards
    for column, lines in (("strategy card return", card.lines), ("simple strategy return", card.simple)):
        replayed = SimpleNamespace(lines=[SimpleNamespace(members=ln.patterns, rank=i) for i, ln in enumerate(lines)])
        assert float(row[column]) == pytest.approx(float(_replay(a, replayed)), abs=1e-12), column
    assert float(row["simple strategy return"]) < float(row["strategy card return"]) <= float(row["return"])


@pytest.mark.slow
def test_report_study_builds(tmp_path):
    from analyzer.games.videopoker.report import build

    written = build().write(tmp_path)
    names = {p.name for p in written}
    assert {"index.md", "joker-poker-kings-par.csv", "joker-poker-kings-strategy.csv",
            "deuces-wild-full-pay-payouts.png"} <= names
    assert "596131848" in (tmp_path / "video-poker" / "tables" / "joker-poker-kings-par.csv").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ANCHORS))
def test_monte_carlo_all_tables(name):
    mc = simulate(analyze(name), trials=3_000_000, seed=2024, quiet=True)
    assert mc.contains_exact, mc.estimate
