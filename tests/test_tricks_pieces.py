"""A pimc chunk of the trick games runs in pieces (Ctrl-C lands between two) with the numbers of
the whole chunk, bit for bit: any piece sizes, the engine's timed pieces, and the vectors the
whole-chunk kernels gave before chunks were cut into pieces (recorded from that code). Whole
games (``--schedule``) run in pieces of deals, a piece stopping and starting within a game."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from pins import digest

from analyzer.backends import compute_chunk
from analyzer.engine import chunk_state
from analyzer.games.tricks.analysis.selfplay import PlayTask
from analyzer.games.tricks.analysis.short import _cfg, _pack, _policy_codes
from analyzer.games.tricks.analysis.short_strength import _Task as ShortStrengthTask
from analyzer.games.tricks.analysis.strength import StrengthTask, pimc_cfg
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import short_rules, trick_rules

# (game, cards, policy codes, endgame, (seed, chunk), deals): the whole-chunk kernel's vector before
PLAY = [("georgian-joker", 5, [2, 1, 0, 2], 3, (5, 2), 5, "b4cd75580711b8ce:172269"),
        ("joker-54", 4, [1, 2, 2], 4, (3, 1), 4, "b9af0035b53c44cb:12504")]
# (game, cards, A, B, others (-1: B), endgame, (seed, chunk), deals)
STRENGTH = [("georgian-joker", 4, 2, 1, -1, 3, (4, 0), 4, "efaaa99262657bdc:29884"),
            ("joker-54", 4, 2, 1, 0, 4, (6, 3), 3, "3a7e11915dc73a44:16957")]
# (game, hand, turned card, seat, earlier bids, (seed, chunk), samples): pimc bidding by playouts, k 4, endgame 3
BID = [("georgian-joker", "Ah Kh 9s Jk1", "7h", 2, [1, 0], (1, 2), 4, "c83e818fa0b54af2:858475"),
       ("joker-54", "Ah Kh 9s Jk1", "7h", 1, [1], (2, 0), 3, "0ec81ab0dfba1368:172416")]

# (game, policy codes by player, schedule cards, sets, endgame, (seed, chunk), games): whole games
GAMES = [("georgian-joker", [2, 1, 0, 2], [1, 3, 2, 2], [0, 0, 1, 1], 3, (5, 2), 2, "71afef4b5fad7b71:642432"),
         ("joker-54", [1, 2, 2], [2, 3, 2], [0, 0, 0], 4, (3, 1), 2, "46471231561a46e2:10020")]
# (A, B, (seed, chunk), deals): short-tricks duplicate, pimc k 4; the float totals ΣD, ΣD², deals
SHORT = [("pimc", "random", (2, 1), 4, [2.0, 2.0, 4.0]),
         ("heuristic", "pimc", (7, 0), 6, [-0.5, 0.625, 6.0])]


def _pieced(task: Any, state: np.ndarray, sizes: list[int]) -> np.ndarray:
    carry = task.start_chunk()
    for m in sizes:
        task.run_piece(state, carry, m)
    return np.asarray(task.finish_chunk(carry))


def _check(task: Any, seed: int, index: int, n: int, want: str, nodes: int = -1) -> None:
    """``want``: the digest of the whole chunk's vector, its solver nodes (entry ``nodes``) zeroed: the
    solver's own changes move those, not the deals, bids, cards or scores."""
    state = chunk_state(seed, index)
    whole = np.asarray(task.run_chunk(state, n))
    if nodes >= 0:
        kept = whole.copy()
        kept[nodes] = 0
        assert digest(kept) == want
    else:
        assert digest(whole) == want
    assert task.piece_trials == 1
    u = n * getattr(task, "piece_units", 1)  # pieces count deals (of whole games: within a game too)
    for sizes in ([1] * u, [2, u - 2], [u - 1, 0, 1]):
        assert np.array_equal(_pieced(task, state, sizes), whole), sizes
    assert np.array_equal(compute_chunk(task, seed, index, n, threading.Event()), whole)


@pytest.mark.parametrize(("game", "cards", "pol", "endgame", "chunk", "n", "want"), PLAY)
def test_pimc_play_in_pieces_gives_the_whole_chunks_numbers(game: str, cards: int, pol: list[int], endgame: int,
                                                            chunk: tuple[int, int], n: int, want: str) -> None:
    r = trick_rules(game)
    task = PlayTask(r.params(), deck_array(trick_deck(r.deck)), r.players, cards, np.array(pol, np.int64),
                    bins=r.tricks_in_deal(cards) + 1, cfg=pimc_cfg(r, k=4, endgame=endgame))
    _check(task, *chunk, n, want)


@pytest.mark.parametrize(("game", "cards", "a", "b", "others", "endgame", "chunk", "n", "want"), STRENGTH)
def test_pimc_strength_in_pieces_gives_the_whole_chunks_numbers(game: str, cards: int, a: int, b: int, others: int,
                                                                endgame: int, chunk: tuple[int, int], n: int,
                                                                want: str) -> None:
    r = trick_rules(game)
    task = StrengthTask(r.params(), deck_array(trick_deck(r.deck)), r.players, cards, a, b,
                        pimc_cfg(r, k=4, endgame=endgame), others)
    _check(task, *chunk, n, want, 2 + 4 * r.players)


@pytest.mark.parametrize(("game", "hand", "up", "seat", "bids", "chunk", "n", "want"), BID)
def test_pimc_bid_in_pieces_gives_the_whole_chunks_numbers(game: str, hand: str, up: str, seat: int, bids: list[int],
                                                           chunk: tuple[int, int], n: int, want: str) -> None:
    from analyzer.games.tricks.analysis.bidding import _task, situation

    task = _task(situation(trick_rules(game), hand, up, seat, bids), "pimc", "heuristic", None, 4, 200_000, 3)
    _check(task, *chunk, n, want)


@pytest.mark.parametrize(("game", "pol", "sched", "sets", "endgame", "chunk", "n", "want"), GAMES)
def test_pimc_games_in_pieces_give_the_whole_chunks_numbers(game: str, pol: list[int], sched: list[int],
                                                            sets: list[int], endgame: int, chunk: tuple[int, int],
                                                            n: int, want: str) -> None:
    r = trick_rules(game)
    task = PlayTask(r.params(), deck_array(trick_deck(r.deck)), r.players, 0, np.array(pol, np.int64), True,
                    np.array(sched, np.int64), np.array(sets, np.int64), cfg=pimc_cfg(r, k=4, endgame=endgame))
    assert task.piece_units == len(sched)
    _check(task, *chunk, n, want)


@pytest.mark.parametrize(("a", "b", "chunk", "n", "want"), SHORT)
def test_pimc_short_strength_in_pieces_gives_the_whole_chunks_numbers(a: str, b: str, chunk: tuple[int, int],
                                                                      n: int, want: list[float]) -> None:
    r = short_rules()
    codes = _policy_codes(r, [a, b] + ["heuristic"] * (r.players - 2))
    task = ShortStrengthTask(r.params(), _pack(r), int(codes[0]), int(codes[1]), _cfg(r, codes, {"k": 4}))
    state = chunk_state(*chunk)
    whole = np.asarray(task.run_chunk(state.copy(), n))  # the whole-chunk kernel moves the state it is given
    assert whole.tolist() == want
    assert task.piece_trials == 1
    for sizes in ([1] * n, [2, n - 2], [n - 1, 0, 1]):
        assert np.array_equal(_pieced(task, state, sizes), whole), sizes
    assert np.array_equal(compute_chunk(task, *chunk, n, threading.Event()), whole)


def test_chunks_without_pimc_run_whole() -> None:
    r = trick_rules("georgian-joker")
    pack = deck_array(trick_deck(r.deck))
    play = PlayTask(r.params(), pack, r.players, 3, np.ones(4, np.int64), bins=4)
    duel = StrengthTask(r.params(), pack, r.players, 3, 1, 0, pimc_cfg(r))
    from analyzer.games.tricks.analysis.bidding import _task, situation

    bid = _task(situation(r, "Ah Kh 9s", "7h", 1, [1]), "heuristic", "heuristic", None, 4, 1, 3)
    games = PlayTask(r.params(), pack, r.players, 0, np.ones(4, np.int64), True, np.array([1, 2]), np.zeros(2, np.int64))
    s = short_rules()
    short = ShortStrengthTask(s.params(), _pack(s), 1, 0, _cfg(s, np.array([1, 0]), None))
    assert min(play.piece_trials, duel.piece_trials, bid.piece_trials, games.piece_trials, short.piece_trials) > 1 << 40
