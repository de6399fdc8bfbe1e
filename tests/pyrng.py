"""xoshiro256** and the kernels' dealing in plain Python (test oracle only).

Written from Blackman & Vigna's published algorithm (xoshiro256starstar.c) and Lemire's
multiply-and-reject bounded integers; it shares no code with ``analyzer.kernels.rng``, so a kernel
that draws from a state can be replayed here draw for draw.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class PyXoshiro:
    """xoshiro256** on Python integers, written from Blackman & Vigna's published algorithm
    (xoshiro256starstar.c); shares no code with ``analyzer.kernels.rng``."""

    def __init__(self, words: list[int]) -> None:
        self.s = [w & _MASK for w in words]

    @staticmethod
    def _rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & _MASK

    def next(self) -> int:
        s = self.s
        result = (self._rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self._rotl(s[3], 45)
        return result

    def uniform(self) -> float:
        return (self.next() >> 11) / 2.0**53

    def bounded(self, n: int) -> int:
        """Lemire's multiply-and-reject on the top 32 bits: exactly uniform on [0, n)."""
        while True:
            m = (self.next() >> 32) * n
            if (m & 0xFFFFFFFF) >= (2**32 - n) % n:
                return m >> 32

    def deal(self, pack: list[int], k: int) -> None:
        for i in range(k):
            j = i + self.bounded(len(pack) - i)
            pack[i], pack[j] = pack[j], pack[i]
