"""The durak kernels against the plain-Python referee (tests/durak_reference.py): the beat
relation exhaustively, and legal moves, hands and outcomes move by move over random games."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from durak_reference import RefGame, ref_beats

from analyzer.games.durak.kernels.layout import BEAT, context_tables
from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.state import DurakState, heuristic_policy

TURNED_FOR_CONTEXT = (0, 1, 2, 3, 52, 53)  # 2c 2d 2h 2s: suits c d h s; then the turned jokers


@pytest.mark.parametrize(("low_any", "equal_rank"), list(itertools.product([False, True], repeat=2)))
def test_beat_relation_matches_reference_exhaustively(low_any, equal_rank):
    tab = context_tables(low_any, equal_rank)
    checked = 0
    for ctx, turned in enumerate(TURNED_FOR_CONTEXT):
        for attack in range(54):
            mask = int(tab[ctx, BEAT + attack])
            for defence in range(54):
                assert bool(mask >> defence & 1) == ref_beats(defence, attack, turned, low_any, equal_rank), \
                    (ctx, attack, defence)
                checked += 1
    assert checked == 6 * 54 * 54


def _lockstep(rules, seed: int, greedy_share: float) -> tuple[int, int]:
    """Play one game in the kernels and the referee side by side; (moves, fool)."""
    rng = np.random.default_rng(seed)
    pack = rng.permutation(rules.deck_cards()).tolist()
    st = DurakState.from_pack(rules, pack, -1, seed)
    ref = RefGame(pack, rules.players, st.first_attacker, rules.hand_size, rules.max_attack,
                  rules.first_bout_limit, rules.limit_by_defender, rules.throw_after_take,
                  rules.low_joker_beats == "any-non-trump", rules.equal_rank_trumps_beat)
    moves = 0
    while not ref.over:
        assert not st.is_terminal()
        assert st.current_player() == ref.to_move
        assert set(st.legal_actions()) == ref.legal(), (moves, ref.mode)
        for s in range(rules.players):
            assert set(st.hand(s)) == ref.hands[s]
        assert st.stock_left == len(ref.stock)
        if rng.random() < greedy_share:
            move = heuristic_policy(st, rng)
        else:
            move = int(rng.choice(sorted(ref.legal())))
        st.apply_action(move)
        ref.apply(move)
        moves += 1
    assert st.is_terminal()
    assert st.fool == (ref.fool if ref.fool is not None else -2)
    return moves, st.fool


CONFIGS = [(p, d) for d in ("36+2", "52+2") for p in (2, 3, 4, 6)]


@pytest.mark.parametrize(("players", "deck"), CONFIGS)
def test_games_match_reference_move_by_move(players, deck):
    rules = durak_rules(players, deck)
    total = 0
    for seed in range(12):
        moves, _ = _lockstep(rules, 1000 * players + seed, greedy_share=0.5)
        total += moves
    assert total > 12 * 10


@pytest.mark.parametrize("overrides", [["max_attack=0", "first_bout_limit=0"], ["throw_after_take=false"],
                                       ["limit_by_defender=false", "max_attack=4"], ["hand_size=4"],
                                       ["low_joker_beats=any-non-trump", "equal_rank_trumps_beat=true"]])
def test_rule_variants_match_reference(overrides):
    rules = durak_rules(3, "36+2", overrides)
    for seed in range(8):
        _lockstep(rules, 77 + seed, greedy_share=0.5)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "deck"), CONFIGS)
def test_many_games_match_reference(players, deck):
    rules = durak_rules(players, deck)
    for seed in range(400):
        _lockstep(rules, 50_000 + seed, greedy_share=seed % 3 / 2)
