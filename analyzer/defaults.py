"""The default of every run-size number, in one place: what the code runs, ``--help`` states, the
README quotes.

Chunk sizes are part of a sampled run's identity (a chunk's stream depends on the seed and its
index), so the default a command states must be the one it runs; ``tests/test_defaults.py``
checks the library signatures, the ``--help`` texts and the README against these constants.

>>> f"{CHUNK['rummy open']:,}", chunk_for("tricks bid", pimc=True), count_for("tricks bid", pimc=False)
('65,536', 8, 20000)
>>> chunk_help("durak simulate")
'default 4,096'
"""

from __future__ import annotations

__all__ = ["CHUNK", "CHUNK_PIMC", "COUNT", "COUNT_PIMC", "PIMC_BID_K", "PIMC_ENDGAME", "PIMC_K", "chunk_for", "chunk_help",
           "count_for"]

# Trials per chunk by command (with a pimc seat, where it differs: CHUNK_PIMC). A pimc decision
# costs milliseconds, so its chunks are small enough to checkpoint and share between threads.
CHUNK: dict[str, int] = {
    "freq": 1 << 20,
    "simulate": 1 << 20,  # a study file's chunk_size overrides it
    "durak simulate": 4096,
    "durak odds": 4096,
    "durak strength": 64,
    "rummy open": 1 << 16,
    "rummy turns": 1 << 12,
    "rummy points": 1 << 10,
    "tricks play": 1 << 14,
    "tricks play --schedule": 1 << 10,
    "tricks bid": 1024,
    "tricks strength": 4096,
    "tricks joker-value": 2048,
    "tricks hand-odds": 1 << 20,  # short-tricks: the engine's default
    "tricks game-odds": 1 << 20,
    "equity": 1 << 18,
}
CHUNK_PIMC: dict[str, int] = {
    "tricks play": 16,
    "tricks play --schedule": 1,
    "tricks bid": 8,
    "tricks strength": 16,
}

# Samples, deals or games when the command is given neither a count nor a precision target.
COUNT: dict[str, int] = {
    "tricks play": 100_000,
    "tricks play --schedule": 10_000,
    "tricks bid": 20_000,
    "tricks joker-value": 20_000,
}
COUNT_PIMC: dict[str, int] = {
    "tricks play": 2_000,
    "tricks play --schedule": 100,
    "tricks bid": 200,
}

PIMC_K = 256  # pimc's worlds sampled at each decision (tricks play, strength)
PIMC_BID_K = 32  # the same in `tricks bid`, where every sample plays a whole deal per legal bid
# pimc's playout model hands over to the exact solver with this many tricks left. From 4 left the
# solver made pimc no stronger than from 3 (against the heuristic in seeded duplicate: 800 deals a
# row at K = 16 and 400 at K = 64 in Georgian Joker and the 54-card game, every margin within its
# CI; 2,000 deals of short poker for tricks: +0.0199 and +0.0198 points) at 1.4-3 times the time;
# from 2 left short poker for tricks lost its margin (+0.0084, CI across 0).
PIMC_ENDGAME = 3


def chunk_for(command: str, pimc: bool = False) -> int:
    """The default chunk size of ``command`` (with a pimc player when ``pimc``)."""
    return CHUNK_PIMC.get(command, CHUNK[command]) if pimc else CHUNK[command]


def count_for(command: str, pimc: bool = False) -> int:
    """The default number of samples/deals/games of ``command``."""
    return COUNT_PIMC.get(command, COUNT[command]) if pimc else COUNT[command]


def chunk_help(command: str) -> str:
    """The default chunk size as ``--help`` states it (``default N``, with pimc's when it differs)."""
    text = f"default {CHUNK[command]:,}"
    if command in CHUNK_PIMC:
        text += f"; with pimc {CHUNK_PIMC[command]:,}"
    return text
