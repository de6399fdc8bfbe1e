"""xoshiro256** random numbers and card dealing inside numba kernels.

A stream is a ``uint64[4]`` state array, seeded outside the kernels (see
:func:`chunk_state`) from NumPy's ``SeedSequence``; kernels advance it in place.
Bounded integers use Lemire's multiply-and-reject on 32 bits, so every draw is exactly uniform.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.kernels.jit import no_refcount

_M32 = uint64(0xFFFFFFFF)


def chunk_state(seed: int, chunk: int) -> np.ndarray:
    """The four xoshiro256** state words of chunk ``chunk`` of a run seeded with ``seed``.

    >>> chunk_state(11, 0).shape, chunk_state(11, 0).dtype.name
    ((4,), 'uint64')
    """
    words = np.random.SeedSequence(int(seed), spawn_key=(int(chunk),)).generate_state(4, np.uint64)
    if not words.any():  # pragma: no cover
        words[0] = 1
    return words



@no_refcount(inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@no_refcount
def next_u64(state):
    """Next 64-bit output of xoshiro256** (advances ``state``)."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    result = _rotl(s1 * uint64(5), 7) * uint64(9)
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@no_refcount
def uniform(state):
    """A float in [0, 1) with 53 random bits."""
    return (next_u64(state) >> uint64(11)) * (1.0 / 9007199254740992.0)


@no_refcount
def bounded(state, n):
    """An exactly uniform integer in ``[0, n)`` for ``0 < n < 2**32``."""
    nn = uint64(n)
    while True:
        x = next_u64(state) >> uint64(32)
        m = x * nn
        low = m & _M32
        if low >= nn:
            return np.int64(m >> uint64(32))
        threshold = (uint64(0x100000000) - nn) % nn
        if low >= threshold:
            return np.int64(m >> uint64(32))


@no_refcount
def deal(state, pack, k):
    """Move a uniformly random k-subset of ``pack`` to ``pack[:k]`` (partial Fisher–Yates).

    ``pack`` is any permutation of the deck; it stays a permutation, so it can be dealt from
    again without resetting.
    """
    n = pack.shape[0]
    for i in range(k):
        j = i + bounded(state, n - i)
        t = pack[i]
        pack[i] = pack[j]
        pack[j] = t


@no_refcount
def shuffle(state, pack):
    """Uniform in-place shuffle of the whole ``pack``."""
    deal(state, pack, pack.shape[0])


def seed_words(value: int) -> np.ndarray:
    """Four state words from an integer through ``SeedSequence`` (never all zero)."""
    words = np.random.SeedSequence(value).generate_state(4, np.uint64)
    if not words.any():  # pragma: no cover - probability 2**-256
        words[0] = 1
    return words


__all__ = ["bounded", "deal", "next_u64", "seed_words", "shuffle", "uniform"]
