"""A joker's value on the same deals: the swap against a plain-Python replay, the plays against the
plain-Python referee (the heuristic at every seat), the design's claims (what moves, the joker-free deal is an ordinary one) and the CLI."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner
from heuristic_on_referee import play_to_end
from pyrng import PyXoshiro
from tricks_codec import card_of
from tricks_game_reference import GEORGIAN, JOKER54, Deal, GameRules
from tricks_reference import SUITS

from analyzer.cli import main as cli
from analyzer.engine import chunk_state
from analyzer.games.tricks.analysis.joker_value import joker_value
from analyzer.games.tricks.analysis.joker_value_kernels import joker_deals, joker_value_chunk
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.report.bidding import hook_rows
from analyzer.games.tricks.rules import trick_rules
from analyzer.stats import Z95

JOKERS = (61, 62)
SLOW = pytest.mark.slow
CASES = [pytest.param("georgian-joker", (), 1, -1, marks=SLOW), ("georgian-joker", (), 4, 2),
         pytest.param("georgian-joker", (), 9, -1, marks=SLOW), ("joker-54", (), 5, -1),
         pytest.param("joker-54", ("draw=none",), 3, 0, marks=SLOW)]


def reference_versions(rng: PyXoshiro, pack: list[int], players: int, n: int, seat: int
                       ) -> tuple[list[list[int]], int]:
    """The sample as the design describes it, on Python lists: shuffle, seat, no joker at the
    seat, then one joker swapped in, then the other one into another of its cards."""
    rng.deal(pack, len(pack))
    s = seat if seat >= 0 else rng.bounded(players)
    mine = list(range(s * n, s * n + n))
    elsewhere = [i for i in range(len(pack)) if i not in mine]
    none = list(pack)
    for i in mine:
        if none[i] in JOKERS:
            j = elsewhere[rng.bounded(len(elsewhere))]
            while none[j] in JOKERS:
                j = elsewhere[rng.bounded(len(elsewhere))]
            none[i], none[j] = none[j], none[i]
    one = list(none)
    joker = JOKERS[rng.bounded(2)]
    at = mine[rng.bounded(n)]
    where = one.index(joker)
    one[where], one[at] = one[at], one[where]
    two = list(one)
    if n >= 2:
        other = JOKERS[1] if joker == JOKERS[0] else JOKERS[0]
        after = [mine[(mine.index(at) + k) % n] for k in range(1, n)]
        at2 = after[rng.bounded(n - 1)]
        where = two.index(other)
        two[where], two[at2] = two[at2], two[where]
    return [none, one, two], s


@pytest.mark.parametrize(("game", "over", "cards", "seat"), CASES)
def test_swap_matches_the_plain_reference(game: str, over: tuple[str, ...], cards: int, seat: int) -> None:
    rules = trick_rules(game, over)
    pack = deck_array(trick_deck(rules.deck))
    state = chunk_state(11, 3)
    versions, seats = joker_deals(state, 40, pack, rules.players, cards, seat)
    rng = PyXoshiro([int(w) for w in state])
    for _ in range(4):  # the policies' stream is drawn first
        rng.next()
    ref_pack = [int(b) for b in pack]
    for d in range(40):
        ref, s = reference_versions(rng, ref_pack, rules.players, cards, seat)
        assert int(seats[d]) == s
        assert versions[d].tolist() == ref


def _held(v: np.ndarray, s: int, n: int) -> int:
    return sum(1 for c in v[s * n:(s + 1) * n] if c in JOKERS)


def test_versions_move_only_the_jokers() -> None:
    """0, 1 and 2 jokers at the seat; each version differs from the one before by one swap of a
    joker with a card of the seat; every other card stays in place."""
    pack = deck_array(trick_deck("36j"))
    versions, seats = joker_deals(chunk_state(2, 0), 600, pack, 4, 5, -1)
    assert sorted(set(seats.tolist())) == [0, 1, 2, 3]
    for v, s in zip(versions, seats, strict=True):
        assert [_held(v[k], int(s), 5) for k in range(3)] == [0, 1, 2]
        for a, b in ((0, 1), (1, 2)):
            moved = np.flatnonzero(v[a] != v[b])
            assert len(moved) == 2
            inside = [i for i in moved if s * 5 <= i < s * 5 + 5]
            assert len(inside) == 1 and v[b][inside[0]] in JOKERS
            assert sorted(v[b].tolist()) == sorted(pack.tolist())


REFEREE = {("georgian-joker", ()): GEORGIAN, ("joker-54", ()): JOKER54,
           ("joker-54", ("draw=none",)): replace(JOKER54, draw=False)}


def _referee_deal(ref: GameRules, rp: np.ndarray, v: np.ndarray, n: int, trump0: int) -> Deal:
    """Version ``v`` dealt on the referee and played out by the heuristic at every seat: seat s
    holds ``v[s*n:(s+1)*n]``; the rest is the stock when drawing (the turned card last); the
    trump is version 0's (``trump0``), named by seat 0 from his first three cards in a full deal."""
    p = ref.players
    cards = [card_of(int(b)) for b in v]
    rest = cards[p * n:]
    d = Deal(ref, n, [cards[s * n:(s + 1) * n] for s in range(p)], rest if ref.draw else [],
             None if trump0 < 0 else SUITS[trump0], phase="bid" if rest else "trump")
    d.first_three = cards[:3]
    return play_to_end(d, set(), rp)


@pytest.mark.parametrize(("game", "over", "cards", "seat"), CASES[1:])
def test_chunk_plays_each_version_like_the_referee(game: str, over: tuple[str, ...], cards: int,
                                                        seat: int) -> None:
    """The kernel's sums over 6 samples equal the referee's heuristic play of the very same three
    deals (the trump of version 0's turned card in every version; a full deal's trump named)."""
    rules = trick_rules(game, over)
    pack = deck_array(trick_deck(rules.deck))
    p = rules.players
    state = chunk_state(4, 1)
    versions, seats = joker_deals(state, 6, pack, p, cards, seat)
    out = joker_value_chunk(state, 6, pack, p, cards, rules.params(), np.ones(p, np.int64), seat)
    want = np.zeros((p, 19), np.int64)
    for v, s in zip(versions, seats, strict=True):
        s = int(s)
        rest = v[0][p * cards:]
        turned = int(rest[-1] if rules.draw == "after-trick" else rest[0]) if len(rest) else -1
        trump0 = -1 if turned < 0 or turned in JOKERS else turned >> 4
        got = []
        for k in range(3):
            st = _referee_deal(REFEREE[(game, over)], rules.params(), v[k], cards, trump0)
            x = st.scores()[s]
            got.append(x)
            want[s, 1 + 4 * k:5 + 4 * k] += [x, x * x, int(st.bids[s] == st.took[s]), st.took[s]]
        want[s, 0] += 1
        for k, (a, b) in enumerate(((1, 0), (2, 0), (2, 1))):
            want[s, 13 + 2 * k] += got[a] - got[b]
            want[s, 14 + 2 * k] += (got[a] - got[b]) ** 2
    assert out.reshape(p, 19).tolist() == want.tolist()


def test_joker_free_version_is_an_ordinary_joker_free_deal() -> None:
    """Version 0 is a uniform deal given that the seat holds no joker: its mean score matches the
    mean score of seats dealt no joker in ordinary play (independent samples, |z| < 4)."""
    gj = trick_rules("georgian-joker")
    r = joker_value(gj, 2, deals=12_000, seed=8, quiet=True)
    none = next(x for x in r.rows() if x["seat"] == "all" and x["against"] == 0)
    _, observed = hook_rows(gj, 2, 4000, 9)  # ordinary deals: a seat with no joker
    obs_mean, obs_se = observed[0]["ev_no_joker"], observed[0]["se_no_joker"]
    se_v0 = r.run.totals.reshape(4, 19).sum(axis=0)
    v0 = se_v0[1] / se_v0[0]
    sd = np.sqrt(se_v0[2] / se_v0[0] - v0 * v0)
    z = (v0 - obs_mean) / np.hypot(sd / np.sqrt(se_v0[0]), obs_se)
    assert none["ev_against"] == pytest.approx(v0)
    assert abs(z) < 4.0


def test_lone_joker_dealer_always_makes_his_bid() -> None:
    """Rule: a 1-card dealer (last to bid and last to play) holding a joker bids 1 and plays it
    high, or (hooked off 1) bids 0 and plays it low — he always makes his bid."""
    r = joker_value(trick_rules("georgian-joker"), 1, deals=3000, seed=3, seat=3, quiet=True)
    row = r.rows()[0]
    assert row["seat"] == "3" and row["jokers"] == 1
    assert row["p_made"] == 1.0
    assert row["p_made_against"] < 0.8


def test_pairing_shrinks_the_error_and_a_joker_is_worth_points() -> None:
    r = joker_value(trick_rules("georgian-joker"), 4, deals=6000, seed=5, quiet=True)
    b = r.run.totals.reshape(4, 19).sum(axis=0)
    n = b[0]
    var = [b[2 + 4 * k] / n - (b[1 + 4 * k] / n) ** 2 for k in range(3)]
    unpaired = np.sqrt((var[0] + var[1]) / n)
    assert r.one.se < unpaired  # the versions share every card but the swapped ones
    assert r.one.ci_low > 0 and r.two is not None and r.two.mean - Z95 * r.two.se > r.one.ci_high


def test_same_seed_same_numbers_on_every_backend() -> None:
    rules = trick_rules("joker-54")
    a = joker_value(rules, 4, deals=3000, seed=6, chunk_size=1000, workers=1, quiet=True)
    # one worker process: the task pickled, sent through the initializer and run in a fresh process
    # (two processes merging their chunks: tests/test_engine.py::test_process_pool_is_bit_identical)
    b = joker_value(rules, 4, deals=3000, seed=6, chunk_size=1000, backend="processes", workers=1, quiet=True)
    assert np.array_equal(a.totals, b.totals)


def test_cli_json_and_errors() -> None:
    r = CliRunner().invoke(cli, ["tricks", "joker-value", "--cards", "3", "--deals", "800", "--seed", "1",
                                 "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    first = data["rows"][0]
    assert (first["seat"], first["jokers"], first["against"], first["deals"]) == ("all", 1, 0, 800)
    assert data["cards"] == 3 and data["seed"] == 1
    assert first["ci_low"] > 0
    csv = CliRunner().invoke(cli, ["tricks", "joker-value", "--game", "joker-54", "--cards", "2", "--seat", "2",
                                   "--deals", "300", "--format", "csv"])
    assert csv.exit_code == 0 and csv.output.splitlines()[0].startswith("seat,jokers,against,deals,ev")
    assert len(csv.output.splitlines()) == 4  # seat 2: one vs none, two vs none, two vs one
    for args, msg in ((["--cards", "10"], "Error: cards must be 1..9, got 10"),
                      (["--cards", "2", "--seat", "4"],
                       "Error: seat must be 0..3 (0 left of the dealer, 3 the dealer), got 4")):
        bad = CliRunner().invoke(cli, ["tricks", "joker-value", *args])
        assert bad.exit_code == 2 and bad.output.strip() == msg


def test_cli_precision_targets_stop_early() -> None:
    """--target-se with a cap runs until the paired value (bid EVs) reach it: no default count."""
    r = CliRunner().invoke(cli, ["tricks", "joker-value", "--cards", "4", "--target-se", "2.5", "--max-trials",
                                 "100000", "--seed", "1", "--format", "json", "--quiet"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["stop"] == "target" and data["deals"] < 100_000
    assert all(x["se"] <= 2.5 for x in data["rows"] if x["seat"] == "all" and x["against"] == 0)
    b = CliRunner().invoke(cli, ["tricks", "bid", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2", "--bids",
                                 "1,0", "--target-se", "4", "--max-trials", "40000", "--seed", "1", "--format",
                                 "json", "--quiet"])
    assert b.exit_code == 0, b.output
    assert json.loads(b.output)["samples"] < 40_000
