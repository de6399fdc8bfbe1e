"""Betting arithmetic (seed 003, RULES.md §8): pot limit, table stakes, side pots, payouts, CLI."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cli import main
from analyzer.evaluator import Evaluator
from analyzer.games.betting import (
    BettingError,
    BettingRound,
    award_pots,
    chip_breakdown,
    parse_action,
    pot_limit_ladder,
    pot_limit_max,
    showdown,
    split_pots,
    total_payouts,
)

# ---- pot limit -------------------------------------------------------------------------------


def test_seed_pot_limit_ladder() -> None:
    steps = pot_limit_ladder(7, 4)
    assert [(s.to_call, s.max_raise) for s in steps] == [(0, 7), (7, 21), (28, 70), (98, 238)]
    assert [s.pot_after for s in steps] == [14, 42, 140, 476]
    assert pot_limit_max(7) == 7 and pot_limit_max(42, 28) == 70
    with pytest.raises(BettingError, match="must be ≥ 0"):
        pot_limit_max(-1)
    with pytest.raises(BettingError, match="at least one player"):
        pot_limit_ladder(7, 0)


def test_seed_pot_limit_replayed() -> None:
    r = BettingRound(dict.fromkeys("ABCD", 10_000), pot=7)
    assert r.limits("A") == (0, 1, 7)
    recs = [r.act("A", "bet", 7), r.act("B", "raise", 21), r.act("C", "raise", 70)]
    assert [x.max_raise for x in recs] == [7, 21, 70]
    assert r.limits("D") == (98, 1, 238)
    d = r.act("D", "raise", 238)
    assert (d.put_in, d.pot_after, d.stack_after) == (336, 476, 9664)
    assert r.limits("A") == (329, 1, 476 + 329)
    small = BettingRound({"A": 100, "B": 100}, pot=500)
    assert small.limits("A") == (0, 1, 100)  # the stack binds before the pot


@pytest.mark.parametrize(("actions", "message"), [
    ([("A", "bet", 8)], "A cannot bet 8: the pot limit allows at most 7"),
    ([("A", "bet", 0)], "A cannot bet 0: the minimum is 1"),
    ([("Z", "bet", 1)], "unknown player 'Z' (players: A, B, C)"),
    ([("A", "bet", 5), ("B", "bet", 5)], "B cannot bet: there is a bet of 5; call or raise"),
    ([("A", "raise", 5)], "A cannot raise: no bet yet; bet instead"),
    ([("A", "call", None)], "A has nothing to call (check or bet)"),
    ([("A", "bet", 5), ("B", "check", None)], "B cannot check: 5 to call"),
    ([("A", "fold", None), ("A", "check", None)], "player A has folded"),
    ([("A", "bet", 5), ("B", "raise", 18)], "B cannot raise 18: the pot limit allows at most 17"),
    ([("C", "bet", 7), ("A", "raise", 10), ("B", "fold", None), ("C", "call", None), ("C", "check", None)],
     "player C is all-in and cannot act"),
    ([("A", "bet", None)], "bet needs an amount"),
    ([("A", "call", 3)], "call takes no amount"),
    ([("A", "shove", None)], "unknown action 'shove'"),
])
def test_impossible_actions(actions, message) -> None:
    r = BettingRound({"A": 100, "B": 100, "C": 17}, pot=10 - 3)
    with pytest.raises(BettingError) as exc:
        for a in actions:
            r.act(*a)
    assert str(exc.value).startswith(message)


def test_stack_and_minimum() -> None:
    r = BettingRound({"A": 20, "B": 5, "C": 50}, pot=100, min_bet=10)
    with pytest.raises(BettingError, match="A cannot bet 25: needs 25, has a stack of 20"):
        r.act("A", "bet", 25)
    with pytest.raises(BettingError, match="A cannot bet 5: the minimum is 10"):
        r.act("A", "bet", 5)
    r.act("A", "bet", 15)
    short = r.act("B", "call")  # all-in for less than the call
    assert (short.put_in, short.all_in) == (5, True)
    allin = r.act("C", "allin")  # a raise of 35 over the call of 15
    assert (allin.action, allin.put_in, allin.all_in) == ("raise 35", 50, True)
    with pytest.raises(BettingError, match="A cannot raise 10: needs 45, has a stack of 5"):
        r.act("A", "raise", 10)
    last = r.act("A", "allin")  # all-in call of less than 35
    assert (last.action, last.put_in) == ("call", 5)
    assert r.contributions == {"A": 20, "B": 5, "C": 50}


def test_all_in_for_less_than_minimum_bet() -> None:
    r = BettingRound({"A": 3, "B": 50}, pot=20, min_bet=5)
    assert r.act("A", "bet", 3).all_in
    assert r.act("B", "call").put_in == 3


def test_min_raise_rule_cap_and_ante() -> None:
    r = BettingRound({"A": 500, "B": 500, "C": 500}, limit="table", min_raise_rule="last-raise", cap=100)
    r.act("A", "bet", 40)
    with pytest.raises(BettingError, match="B cannot raise 30: the minimum is 40"):
        r.act("B", "raise", 30)
    with pytest.raises(BettingError, match="B cannot raise 101: the cap allows at most 100"):
        r.act("B", "raise", 101)
    r.act("B", "raise", 60)
    assert r.limits("C")[1] == 60
    a = BettingRound({"A": 10, "B": 10}, pot=0, ante=2)
    assert a.total_pot == 4 and a.limits("A") == (0, 1, 4)
    a.act("A", "bet", 4)
    assert a.contributions == {"A": 6, "B": 2}
    with pytest.raises(BettingError, match="less than the ante"):
        BettingRound({"A": 1}, ante=2)
    with pytest.raises(BettingError, match="unknown limit"):
        BettingRound({"A": 1}, limit="fixed")
    with pytest.raises(BettingError, match="unknown minimum-raise rule"):
        BettingRound({"A": 1}, min_raise_rule="double")
    with pytest.raises(BettingError, match="no players"):
        BettingRound({})


def test_parse_action() -> None:
    assert parse_action("B raise 21") == ("B", "raise", 21)
    assert parse_action("A:FOLD") == ("A", "fold", None)
    with pytest.raises(BettingError, match="cannot read action 'B jump 3'"):
        parse_action("B jump 3")
    with pytest.raises(BettingError, match="must be a whole number"):
        parse_action("B bet -3")


def test_chips() -> None:
    assert chip_breakdown(238) == "23 blue, 1 red, 3 white"
    assert chip_breakdown(7) == "1 red, 2 white" and chip_breakdown(0) == "none"


# ---- side pots -------------------------------------------------------------------------------


def test_seed_side_pot() -> None:
    r = BettingRound({"A": 160, "B": 110, "C": 40}, limit="table")
    r.act("B", "bet", 70)
    assert r.act("C", "call").all_in
    r.act("A", "call")
    pots = split_pots(r.contributions)
    assert [(p.name, p.amount, p.eligible) for p in pots] == [
        ("main", 120, ("A", "B", "C")), ("side 1", 60, ("A", "B"))]
    assert dict(pots[0].shares) == {"A": 40, "B": 40, "C": 40}
    assert dict(pots[1].shares) == {"A": 30, "B": 30}
    assert r.stack == {"A": 90, "B": 40, "C": 0}  # A keeps 50 he could never use, plus 40


def test_folded_uncalled_and_dead() -> None:
    pots = split_pots({"A": 100, "B": 30, "C": 60, "D": 80}, folded=["D"], dead=5)
    assert [(p.name, p.amount, p.eligible) for p in pots] == [
        ("main", 125, ("A", "B", "C")), ("side 1", 90, ("A", "C")), ("side 2", 60, ("A",))]
    assert not pots[-1].returned  # D's folded chips above C's level are A's to win
    uncalled = split_pots({"A": 100, "B": 40})
    assert [(p.name, p.amount) for p in uncalled] == [("main", 80), ("returned", 60)]
    assert uncalled[-1].returned and not uncalled[0].returned
    only = split_pots({"A": 50, "B": 20}, folded=["B"])
    assert [(p.name, p.amount, p.eligible) for p in only] == [("main", 70, ("A",))]
    checked = split_pots({"A": 0, "B": 0, "C": 10}, folded=["C"], dead=3)
    assert [(p.amount, p.eligible) for p in checked] == [(13, ("A", "B"))]
    with pytest.raises(BettingError, match="every player folded"):
        split_pots({"A": 5}, folded=["A"])
    with pytest.raises(BettingError, match="unknown player 'Q'"):
        split_pots({"A": 5}, folded=["Q"])
    with pytest.raises(BettingError, match="negative contribution"):
        split_pots({"A": -5})


@given(st.lists(st.integers(0, 60), min_size=2, max_size=6), st.data())
def test_pots_conserve_chips(amounts: list[int], data: st.DataObject) -> None:
    names = [chr(65 + i) for i in range(len(amounts))]
    contrib = dict(zip(names, amounts, strict=True))
    folded = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names) - 1))
    pots = split_pots(contrib, folded)
    assert sum(p.amount for p in pots) == sum(amounts)
    for n in names:
        assert sum(v for p in pots for m, v in p.shares if m == n) == contrib[n]
    for a, b in itertools.pairwise(pots):
        assert set(b.eligible) < set(a.eligible)  # each side pot is open to fewer players
    scores = {n: data.draw(st.integers(0, 3)) for n in names}
    awards = award_pots(pots, scores, names, high_low=data.draw(st.booleans()))
    assert sum(total_payouts(awards).values()) == sum(amounts)
    for a in awards:
        assert set(dict(a.payouts)) <= set(a.pot.eligible)


def test_award_ties_and_odd_chips() -> None:
    pots = split_pots({"A": 35, "B": 35, "C": 31}, dead=0)  # main 93, side 8
    awards = award_pots(pots, {"A": 9, "B": 4, "C": 9}, ["C", "A", "B"])
    assert dict(awards[0].payouts) == {"C": 47, "A": 46}  # odd chip to C, first in seat order
    assert dict(awards[1].payouts) == {"A": 8}
    hl = award_pots(split_pots({"A": 5, "B": 5, "C": 5}), {"A": 9, "B": 1, "C": 5}, "ABC", high_low=True)
    assert dict(hl[0].payouts) == {"A": 8, "B": 7}  # odd chip to the high hand (seed 003)
    assert hl[0].low_winners == ("B",)
    with pytest.raises(BettingError, match="player B is in the main pot but has no hand"):
        award_pots(split_pots({"A": 5, "B": 5}), {"A": 1}, "AB")


def test_showdown_with_evaluator() -> None:
    ev = Evaluator("joker-wild", "52+2")
    hands = {"A": "As Ad Kc Kd 2s", "B": "Qs Qd Qc 3h 4h", "C": "Jk Ah Ac 7d 8d"}
    awards = showdown({"A": 70, "B": 70, "C": 40}, hands, ev)
    assert total_payouts(awards) == {"C": 120, "B": 60}  # C's trips take the main pot only
    tie = showdown({"A": 10, "B": 10, "C": 11}, {"A": "As Ks Qs Js 9h", "B": "Ad Kd Qd Jd 9c",
                                                   "C": "2c 3d 5h 7s 9d"}, ev, dead=1)
    assert dict(tie[0].payouts) == {"A": 16, "B": 15} and tie[1].pot.returned
    with pytest.raises(BettingError, match="card As is in the hands of both A and B"):
        showdown({"A": 1, "B": 1}, {"A": "As Ks Qs Js 9h", "B": "As Kd Qd Jd 9c"}, ev)
    with pytest.raises(BettingError, match="3 jokers in the hands but deck 52\\+2 has 2"):
        showdown({"A": 1, "B": 1}, {"A": "Jk Jk Qs Js 9h", "B": "Jk Kd Qd Jd 9c"}, ev)
    with pytest.raises(BettingError, match="unknown player 'Z'"):
        showdown({"A": 1}, {"Z": "As Ks Qs Js 9h"}, ev)


# ---- CLI -------------------------------------------------------------------------------------


def _invoke(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


def test_cli_limit_ladder() -> None:
    code, out, _ = _invoke("pot", "limit", "--pot", "7", "--players", "4", "--format", "json")
    assert code == 0
    rows = json.loads(out)["rows"]
    assert [(r["to_call"], r["max_raise"]) for r in rows] == [(0, 7), (7, 21), (28, 70), (98, 238)]
    code, out, _ = _invoke("pot", "limit", "--pot", "7", "--chips", "--format", "csv")
    assert code == 0 and out.splitlines()[0].endswith(",chips") and len(out.splitlines()) == 5


def test_cli_limit_actions(tmp_path) -> None:
    target = tmp_path / "l.csv"
    code, out, _ = _invoke("pot", "limit", "--pot", "7", "--players", "A,B,C,D", "A bet 7", "B raise 21",
                           "C:raise:70", "D raise 238", "--format", "csv", "--out", str(target))
    assert code == 0 and out == ""
    lines = target.read_text().splitlines()
    assert lines[0] == "player,action,to_call,min_raise,max_raise,put_in,pot_after"
    assert lines[-1] == "D,raise 238,98,1,238,336,476"
    code, out, _ = _invoke("pot", "limit", "--stack", "A=50", "--stack", "B=20", "--ante", "5",
                           "--min-bet", "2", "--min-raise", "last-raise", "--cap", "8",
                           "A bet 8", "B allin", "--format", "json")
    rows = json.loads(out)["rows"]
    assert code == 0 and rows[1]["action"] == "raise 7" and rows[1]["all_in"] is True


@pytest.mark.parametrize(("args", "message"), [
    (["--pot", "7", "--players", "3", "P1 bet 8"], "Error: P1 cannot bet 8: the pot limit allows at most 7"),
    (["--pot", "7", "--players", "3", "--min-bet", "2", "P1 bet 1"], "Error: P1 cannot bet 1: the minimum is 2"),
    (["--pot", "7", "--stack", "A=5", "--stack", "B=9", "A bet 6"],
     "Error: A cannot bet 6: needs 6, has a stack of 5"),
    (["--players", "3", "P9 bet 1"], "Error: unknown player 'P9' (players: P1, P2, P3)"),
    (["--players", "3", "P1 hop"], "Error: cannot read action 'P1 hop'"),
    (["P1 bet 1"], "Error: give the players with --stack NAME=CHIPS or --players N|A,B,C"),
    (["--stack", "A5", "A bet 1"], "Error: cannot read --stack 'A5' (write NAME=VALUE)"),
    (["--stack", "A=x", "A bet 1"], "Error: --stack for A must be a whole number of chips, got 'x'"),
    (["--stack", "A=1", "--stack", "A=2", "A bet 1"], "Error: player A given twice in --stack"),
    (["--pot", "-1"], "Error: Invalid value for '--pot'"),
])
def test_cli_limit_errors(args: list[str], message: str) -> None:
    code, out, err = _invoke("pot", "limit", *args)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_cli_split_seed_example() -> None:
    code, out, _ = _invoke("pot", "split", "--stack", "A=160", "--stack", "B=110", "--stack", "C=40",
                           "B bet 70", "C call", "A call", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["contributions"] == {"A": 70, "B": 70, "C": 40}
    assert [(r["pot"], r["amount"], r["eligible"]) for r in data["rows"]] == [
        ("main", 120, "A B C"), ("side 1", 60, "A B")]


def test_cli_split_showdown() -> None:
    code, out, _ = _invoke("pot", "split", "--put", "A=70", "--put", "B=70", "--put", "C=40", "--put", "D=20",
                           "--fold", "D", "--dead", "2",
                           "--hand", "A=As Ad Kc Kd 2s", "--hand", "B=Qs Qd Qc 3h 4h",
                           "--hand", "C=Jk Ah Ac 7d 8d", "--format", "json")
    rows = json.loads(out)["rows"]
    assert code == 0
    assert rows[0] == {"pot": "main", "amount": 142, "eligible": "A B C", "from": "A 40, B 40, C 40, D 20",
                       "winners": "C", "payouts": "C 142"}
    assert rows[-1]["payouts"] == "B 60, C 142"
    code, out, _ = _invoke("pot", "split", "--put", "A=5", "--put", "B=5", "--high-low", "--rules", "standard",
                           "--deck", "52", "--hand", "A=As Ad Kc Kd 2s", "--hand", "B=7h 5d 4c 3s 2h",
                           "--format", "csv")
    assert code == 0 and "A / low B" in out and "A 5, B 5" in out
    code, out, _ = _invoke("pot", "split", "--stack", "A=100", "--stack", "B=100", "--limit", "pot",
                           "--min-bet", "2", "--ante", "1", "A bet 2", "B fold")
    assert code == 0 and "main" in out and "A 3, B 1" in out


@pytest.mark.parametrize(("args", "message"), [
    ([], "Error: give either --put NAME=CHIPS or --stack NAME=CHIPS with ACTIONS"),
    (["--put", "A=1", "A bet 1"], "Error: give either --put NAME=CHIPS or --stack NAME=CHIPS with ACTIONS"),
    (["A bet 1"], "Error: ACTIONS need the players' stacks (--stack NAME=CHIPS)"),
    (["--stack", "A=10", "--stack", "B=10", "--limit", "pot", "A bet 5"],
     "Error: A cannot bet 5: the pot limit allows at most 0"),
    (["--put", "A=5", "--fold", "A"], "Error: every player folded: nobody can win the pot"),
    (["--put", "A=5", "--put", "B=5", "--hand", "A=As Ks Qs Js Ts"],
     "Error: player B is in the main pot but has no hand"),
    (["--put", "A=5", "--put", "B=5", "--hand", "A=As Ks Qs Js Ts", "--hand", "B=As Kd 2c 3c 4c"],
     "Error: card As is in the hands of both A and B"),
    (["--put", "A=5", "--hand", "A=As Ks Qs"], "Error: hands of 3 cards are not supported"),
    (["--put", "A=5", "--hand", "A=As Ks Qs Js Zz"], "Error: unknown card 'Zz'"),
])
def test_cli_split_errors(args: list[str], message: str) -> None:
    code, out, err = _invoke("pot", "split", *args)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1
