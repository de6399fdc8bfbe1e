"""How a deal starts: the chunk's random streams, the shuffle, the hands, the turned card and trump.

Three streams per chunk: the deals come from the chunk's state, the policies' choices from a
state drawn from it first (:func:`policy_state`), and pimc's worlds from a third
(:func:`search_state`) that moves neither, so two policy line-ups see the very same deals.

>>> import numpy as np
>>> p = policy_state(np.array([1, 2, 3, 4], np.uint64))
>>> p.dtype.name, p.shape
('uint64', (4,))
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import JK1
from analyzer.games.tricks.policies.basic import choose_trump
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import deal, next_u64

__all__ = ["deal_cards", "first_three", "pack_mask", "policy_state", "search_state", "stock_after", "turned_trump"]

R_DRAW = P.DRAW
R_TRUMP = P.TRUMP
R_FULL_TRUMP = P.FULL_TRUMP


@kernel
def policy_state(dstate):
    """The policies' stream of a chunk, drawn from the deal stream."""
    p = np.empty(4, np.uint64)
    for i in range(4):
        p[i] = next_u64(dstate)
    if p[0] == 0 and p[1] == 0 and p[2] == 0 and p[3] == 0:
        p[0] = uint64(1)
    return p


@kernel
def search_state(state):
    """pimc's stream of a chunk: from the chunk's state words, apart from the deals' and the
    policies' streams (drawing it moves neither)."""
    tmp = state.copy()
    tmp[0] ^= uint64(0x9E3779B97F4A7C15)
    tmp[3] ^= uint64(0xD1B54A32D192ED03)
    return policy_state(tmp)


@no_refcount
def stock_after(rp, size, dealt):
    """The cards left to draw once ``dealt`` cards of a pack of ``size`` are dealt: the rest of
    the pack when drawing, else none (a deal's tricks: the cards each, plus this over the seats)."""
    return size - dealt if rp[R_DRAW] == 1 else 0


@no_refcount
def pack_mask(pack):
    """The mask of the cards of ``pack``."""
    m = uint64(0)
    for i in range(pack.shape[0]):
        m |= uint64(1) << uint64(pack[i])
    return m


@no_refcount
def first_three(pack, n):
    """Seat 0's first three cards (he names trump from them in a full deal)."""
    m = uint64(0)
    for i in range(min(3, n)):
        m |= uint64(1) << uint64(pack[i])
    return m


@no_refcount
def turned_trump(pack, np_, n, rp, trump_code, pstate):
    """(trump, turned card or -1) of a dealt ``pack``: the suit of the turned card (the last of
    the pack when drawing, else the first undealt one; a joker: no trump); in a full deal the
    suit seat 0 names from his first three cards by the policy ``trump_code``, when the rules
    say so."""
    size = pack.shape[0]
    dealt = np_ * n
    if rp[R_TRUMP] != 0:
        return -1, -1
    if dealt == size:  # a full deal: no card left to turn
        if rp[R_FULL_TRUMP] != 0:
            return -1, -1
        return choose_trump(trump_code, first_three(pack, n), pstate), -1
    up_bit = pack[size - 1] if rp[R_DRAW] == 1 else pack[dealt]
    return (-1 if up_bit >= JK1 else up_bit >> 4), up_bit


@no_refcount
def deal_cards(dstate, pack, np_, n, rp, trump_code, pstate, hands):
    """Shuffle ``pack`` and deal ``n`` cards to each seat (seat s gets ``pack[s*n:(s+1)*n]``);
    fills ``hands``; returns (trump, turned card or -1, stock start): the turned card is the
    last of the pack when drawing (the stock is ``pack[start:]``), else the first undealt one;
    in a full deal seat 0 names trump by the policy ``trump_code`` when the rules say so."""
    size = pack.shape[0]
    drawing = rp[R_DRAW] == 1
    dealt = np_ * n
    if drawing or dealt == size:
        deal(dstate, pack, size)
    else:
        deal(dstate, pack, dealt + 1)
    for s in range(np_):
        hands[s] = uint64(0)
        for i in range(n):
            hands[s] |= uint64(1) << uint64(pack[s * n + i])
    trump, up_bit = turned_trump(pack, np_, n, rp, trump_code, pstate)
    return trump, up_bit, dealt
