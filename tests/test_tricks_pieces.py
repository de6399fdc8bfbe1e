"""A pimc chunk of the trick games runs in pieces (Ctrl-C lands between two) with the numbers of
the whole chunk, bit for bit: any piece sizes, the engine's timed pieces, and the vectors the
whole-chunk kernels gave before chunks were cut into pieces (recorded from that code)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from pins import digest

from analyzer.backends import compute_chunk
from analyzer.engine import chunk_state
from analyzer.games.tricks.analysis.selfplay import PlayTask
from analyzer.games.tricks.analysis.strength import StrengthTask, pimc_cfg
from analyzer.games.tricks.deck import deck_array, trick_deck
from analyzer.games.tricks.rules import trick_rules

# (game, cards, policy codes, endgame, (seed, chunk), deals): the whole-chunk kernel's vector before
PLAY = [("georgian-joker", 5, [2, 1, 0, 2], 3, (5, 2), 5, "ecc5df3e2a43d0e7:223798"),
        ("joker-54", 4, [1, 2, 2], 4, (3, 1), 4, "55565f993aa037ae:11931")]
# (game, cards, A, B, others (-1: B), endgame, (seed, chunk), deals)
STRENGTH = [("georgian-joker", 4, 2, 1, -1, 3, (4, 0), 4, "8d0799625cad3457:42444"),
            ("joker-54", 4, 2, 1, 0, 4, (6, 3), 3, "909c3b1bf1130ba4:4411")]
# (game, hand, turned card, seat, earlier bids, (seed, chunk), samples): pimc bidding by playouts, k 4, endgame 3
BID = [("georgian-joker", "Ah Kh 9s Jk1", "7h", 2, [1, 0], (1, 2), 4, "6347905e51956535:881616"),
       ("joker-54", "Ah Kh 9s Jk1", "7h", 1, [1], (2, 0), 3, "3fe23b1460200aa6:122863")]


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
    for sizes in ([1] * n, [2, n - 2], [n - 1, 0, 1]):
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


def test_chunks_without_pimc_run_whole() -> None:
    r = trick_rules("georgian-joker")
    pack = deck_array(trick_deck(r.deck))
    play = PlayTask(r.params(), pack, r.players, 3, np.ones(4, np.int64), bins=4)
    duel = StrengthTask(r.params(), pack, r.players, 3, 1, 0, pimc_cfg(r))
    from analyzer.games.tricks.analysis.bidding import _task, situation

    bid = _task(situation(r, "Ah Kh 9s", "7h", 1, [1]), "heuristic", "heuristic", None, 4, 1, 3)
    assert min(play.piece_trials, duel.piece_trials, bid.piece_trials) > 1 << 40
