"""Whole deals and whole games of both trick games against the plain-Python referee
(``tricks_game_reference``, written from the rules text): the façade move by move over random
deals, and the self-play kernels' whole games replayed choice for choice from their seed."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from tricks_codec import VARIANTS, action_of, bit_of, card_of, cards_of, mask_of
from tricks_game_reference import (
    GEORGIAN,
    JOKER54,
    Deal,
    GameRules,
    deal_score,
    play_random_game,
    premium_adjustments,
)
from tricks_reference import SUITS, is_joker

from analyzer import tricks

TrickState, play_games, trick_rules = tricks.TrickState, tricks.play_games, tricks.trick_rules

def replay_deal(name: str, cards: int, seed: int) -> tuple[Deal, TrickState]:
    """A random deal played by random choices on the referee and the façade side by side,
    asserting after every move that both agree on everything the rules decide."""
    ref_rules, game, overrides = VARIANTS[name]
    rules = trick_rules(game, overrides)
    set_no = seed % 4
    st = TrickState.new_deal(rules, cards, np.random.default_rng(seed), set_index=set_no)
    stock = [card_of(b) for b in st.stock]
    full = ref_rules.players * cards == (36 if ref_rules.georgian else 54)
    phase = "trump" if full and ref_rules.georgian else "bid"
    trump = None if st.trump < 0 else SUITS[st.trump]
    if ref_rules.draw:  # the face-up card under the stock is drawn last and names trump
        assert trump == (None if is_joker(stock[-1]) else stock[-1][1])
    d = Deal(ref_rules, cards, [cards_of(h) for h in st.hands], stock, trump, set_no, phase)
    assert st.tricks == d.tricks
    py = random.Random(seed)
    while d.phase != "done":
        assert (st.phase, st.current_player()) == (d.phase, d.to_move())
        if d.phase == "trump":
            assert st.legal_actions() == [0, 1, 2, 3, 4]
            t = py.randrange(5)
            d.name_trump(None if t == 4 else SUITS[t])
            st.apply_action(t)
        elif d.phase == "bid":
            assert st.legal_actions() == d.legal_bids()
            b = py.choice(d.legal_bids())
            d.bid(b)
            st.apply_action(b)
        else:
            plays = d.legal_plays()
            assert st.legal_actions() == sorted(action_of(p) for p in plays)
            p = py.choice(plays)
            d.play(p)
            st.apply_action(action_of(p))
            assert [mask_of(h) for h in d.hands] == st.hands
            assert [bit_of(c) for c in d.stock] == st.stock
            assert (d.took, d.penalty, d.leader) == (st.took, st.penalty, st.leader)
    assert st.is_terminal() and st.tricks_done == d.tricks_done == d.tricks
    assert st.returns() == [float(x) for x in d.scores()]
    return d, st


def _deal_sizes(ref: GameRules) -> list[int]:
    top = 36 // ref.players if ref.georgian else (53 // ref.players if ref.draw else 54 // ref.players)
    return [1 if ref.georgian else 2, top // 2, top]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_deals_match_the_facade_move_by_move(name: str) -> None:
    """Bidding order and the hook, who leads, legal plays, trick winners, drawing after each
    trick, the joker-lead penalty and the deal scores, in small, middle and full deals."""
    ref = VARIANTS[name][0]
    for i, cards in enumerate(_deal_sizes(ref)):
        replay_deal(name, cards, 100 + i)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_deals_match_the_facade_move_by_move_many(name: str) -> None:
    ref = VARIANTS[name][0]
    top = _deal_sizes(ref)[-1]
    for seed in range(60):
        replay_deal(name, 1 + seed % top, 1000 + seed)


def test_replay_sees_penalties_drawing_and_every_score_kind() -> None:
    """The referee replays above are not vacuous: joker leads are penalised, cards are drawn,
    and bids are made, missed and (Georgian) missed with no trick at all."""
    kinds: set[str] = set()
    penalised = drew = False
    for seed in range(12):
        d, _ = replay_deal("joker54", 2 + seed % 3, 200 + seed)
        penalised |= any(d.penalty)
        drew |= d.tricks > d.cards
        g, _ = replay_deal("georgian", 1 + seed % 3, 300 + seed)
        kinds |= {"exact" if b == k else "hisht" if k == 0 else "missed" for b, k in zip(g.bids, g.took, strict=True)}
    assert penalised and drew and kinds == {"exact", "hisht", "missed"}


def test_referee_scores_follow_the_rules_text() -> None:
    """The referee's deal scores, from the rules text's formulas with numbers worked by hand."""
    g = GEORGIAN
    assert [deal_score(g, 0, 0, 5), deal_score(g, 2, 2, 5), deal_score(g, 5, 5, 5)] == [50, 150, 500]
    assert [deal_score(g, 3, 0, 5), deal_score(g, 1, 3, 5), deal_score(g, 4, 2, 5)] == [-200, 30, 20]
    assert deal_score(replace(g, hisht="by-set"), 1, 0, 9, 3) == -900
    assert deal_score(replace(g, hisht="per-card"), 1, 0, 7) == -700
    assert deal_score(replace(g, missed="per-missed"), 1, 3, 5) == -20
    j = JOKER54
    assert [deal_score(j, 0, 0, 4), deal_score(j, 3, 3, 4), deal_score(j, 1, 4, 4), deal_score(j, 5, 2, 4)] \
        == [5, 30, 4, -30]


def test_referee_premium_follows_the_rules_text() -> None:
    """A set of three deals, three players: player 0 exact throughout (best 150, or 100 with the
    last deal excluded); player 1 (next clockwise) best 60; player 2 best -200."""
    scores = [[100, 60, -200], [50, 20, -200], [150, 10, -200]]
    exact = [[True, False, False], [True, True, False], [True, False, False]]
    g = replace(GEORGIAN, players=3)
    assert premium_adjustments(g, scores, exact) == ([150, -60, 0], [True, False, False])
    assert premium_adjustments(replace(g, premium="all"), scores, exact)[0] == [150, -60, 0]
    assert premium_adjustments(replace(g, premium_last_deal="excluded"), scores, exact)[0] == [100, -60, 0]
    both = [[True, True, False]] * 3
    assert premium_adjustments(replace(g, premium="next"), scores, both)[0] == [150 - 0, 60 - 60, 0]
    assert premium_adjustments(replace(g, premium="cancel"), scores, both)[0] == [150, 60, 0]
    assert premium_adjustments(replace(g, premium="off"), scores, both) == ([0, 0, 0], [False] * 3)


def kernel_games(name: str, games: int, seed: int) -> np.ndarray:
    ref, game, overrides = VARIANTS[name] if name in VARIANTS else PREMIUM_VARIANTS[name]
    res = play_games(trick_rules(game, overrides), ["random"] * ref.players, games, seed=seed, chunk_size=1)
    return np.asarray(res.run.totals)


def referee_games(ref: GameRules, games: int, seed: int) -> tuple[np.ndarray, list]:
    """The kernels' totals vector (per player: total, total², best-total wins, exact deals,
    premiums; games; premiums by player and set) from the referee's replay of each chunk."""
    p = ref.players
    out = np.zeros(5 * p + 1 + 4 * p, np.int64)
    records = []
    for c in range(games):
        words = np.random.SeedSequence(seed, spawn_key=(c,)).generate_state(4, np.uint64)
        g = play_random_game(ref, [int(w) for w in words])
        records.append(g)
        top = max(g.totals)
        for q in range(p):
            out[q] += g.totals[q]
            out[p + q] += g.totals[q] ** 2
            out[2 * p + q] += int(g.totals[q] == top)
            out[3 * p + q] += g.exact[q]
            out[4 * p + q] += g.premiums[q]
            out[5 * p + 1 + 4 * q:5 * p + 1 + 4 * q + 4] += g.premiums_by_set[q]
        out[5 * p] += 1
    return out, records


@pytest.mark.parametrize("name", ["georgian", "joker54"])
def test_whole_games_match_the_kernels(name: str) -> None:
    """Self-play of whole games (random seats) equals the referee's replay: the deal passing
    clockwise, the trump (turned, or named by seat 0 in full deals), scores and totals."""
    ref = VARIANTS[name][0]
    want, _ = referee_games(ref, 2, 7)
    assert kernel_games(name, 2, 7).tolist() == want.tolist()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_whole_games_match_the_kernels_many(name: str) -> None:
    ref = VARIANTS[name][0]
    want, _ = referee_games(ref, 12, 11)
    assert kernel_games(name, 12, 11).tolist() == want.tolist()


# Whole games in which a random player is exact through a whole set, found by searching seeds
# (chunk 0 of each seed); the tests check that the referee's replay does show the premium and
# that the variant changes the totals, so a changed seed cannot pass vacuously.
_GJ2 = replace(GEORGIAN, players=2, hook="off")
PREMIUM_VARIANTS: dict[str, tuple[GameRules, str, list[str]]] = {
    "next": (GEORGIAN, "georgian-joker", []),
    "all": (replace(GEORGIAN, premium="all"), "georgian-joker", ["premium=all"]),
    "cancel": (replace(GEORGIAN, premium="cancel"), "georgian-joker", ["premium=cancel"]),
    "last-deal-excluded": (replace(GEORGIAN, premium_last_deal="excluded"), "georgian-joker",
                           ["premium_last_deal=excluded"]),
    "2p-next": (_GJ2, "georgian-joker", ["players=2", "hook=off"]),
    "2p-cancel": (replace(_GJ2, premium="cancel"), "georgian-joker", ["players=2", "hook=off", "premium=cancel"]),
}
# variant: (seed, premiums in the game, the variant the totals must differ from)
PREMIUM_RUNS: dict[str, tuple[int, int, GameRules]] = {
    "next": (2024, 1, replace(GEORGIAN, premium="off")),
    "all": (2727, 1, GEORGIAN),
    "cancel": (4747, 1, GEORGIAN),
    "last-deal-excluded": (12857, 1, GEORGIAN),
    "2p-next": (93319, 2, replace(_GJ2, premium="cancel")),
    "2p-cancel": (93319, 2, _GJ2),
}


@pytest.mark.parametrize("name", sorted(PREMIUM_RUNS))
def test_premium_matches_the_kernels(name: str) -> None:
    """The premium at the end of a set: the player exact in every deal adds his best deal score,
    the next player (or every other, or every other not on premium) loses his own; with the
    last deal excluded, the best of the set's other deals."""
    seed, premiums, other = PREMIUM_RUNS[name]
    ref = PREMIUM_VARIANTS[name][0]
    want, (record,) = referee_games(ref, 1, seed)
    assert sum(record.premiums) == premiums
    _, (plain,) = referee_games(other, 1, seed)
    assert plain.totals != record.totals
    assert kernel_games(name, 1, seed).tolist() == want.tolist()
