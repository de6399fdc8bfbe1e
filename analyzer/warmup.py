"""Compile ahead: run each command on tiny inputs once, so its kernels land in numba's disk cache.

numba compiles a kernel the first time it runs and keeps the machine code on disk
(``cache=True``); after ``pip install`` every command pays that once (seconds per command).
``joker-odds warmup [GROUP]`` pays it up front (images, CI, ``make setup``). Each command that
compiles tells a terminal so, once: "compiling kernels for first use, once: ~N s", unless a
marker in numba's cache folder (:mod:`analyzer.numbacache`) says it already ran on these sources.

>>> sorted(WARMUP)[:3]
['calling', 'durak', 'eval']
>>> COMPILE_SECONDS["rummy best"] > 0
True
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["COMPILE_SECONDS", "WARMUP", "is_warm", "mark_warm", "run_group", "watch_compiles"]

# Group (a top-level command) → the command lines that compile its kernels, on small inputs.
WARMUP: dict[str, tuple[tuple[str, ...], ...]] = {
    "eval": (("eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker"),
             ("eval", "As Ks Qs Js 2d 3c Jk"),
             ("eval", "2c 2d Ah Kh Qh", "--rules", "standard", "--mode", "wild", "--wild", "2"),
             ("eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low")),
    "freq": (("freq", "--rules", "joker-wild", "--deck", "52+1", "--exact"),
             ("freq", "--rules", "deuces-wild", "--trials", "20000", "--seed", "7")),
    "videopoker": (("videopoker", "hold", "Qd Td 2s 4s 5c", "--paytable", "jacks-or-better-9-6"),),
    "stud": (("stud", "analyze", "--game", "caribbean"),
             ("stud", "advise", "As Kd 9h 5c 2s", "--up", "Qh", "--wild", "7d", "--game", "jpoker")),
    "calling": (("calling", "--calls", "banker-14"),),
    "durak": (("durak", "simulate", "--players", "3", "--games", "200", "--seed", "1"),
              ("durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--players", "3", "--seat", "0")),
    "rummy": (("rummy", "best", "Jk1 Jk2 Kh 4c 4d 9s"),
              ("rummy", "open", "--cards", "15", "--trials", "2000", "--seed", "1"),
              ("rummy", "turns", "--players", "4", "--policy", "greedy", "--trials", "50", "--seed", "1")),
    "tricks": (("tricks", "solve", "--hands", "Jk1 Jd", "Jc Qd", "Qc 9h", "Jh 7c", "--trump", "h"),
               ("tricks", "play", "--game", "georgian-joker", "--deals", "200", "--cards", "5", "--seed", "1")),
}

# Command → CPU seconds its first use compiles (one core; `python benchmarks/run.py compile` on a
# 2-core AMD EPYC measured eval 5, freq 11, videopoker hold 13, stud analyze 20, rummy best 9, tricks
# solve 13, durak simulate 12; the others are estimated from the cold CPU seconds of `joker-odds warmup GROUP`).
COMPILE_SECONDS: dict[str, float] = {
    "eval": 5, "freq": 11, "videopoker hold": 13, "videopoker analyze": 13, "stud analyze": 20,
    "stud advise": 12, "calling": 3, "durak simulate": 12, "durak odds": 12, "rummy best": 9,
    "rummy open": 11, "rummy turns": 16, "tricks solve": 13, "tricks play": 35,
}


def _sources_key() -> str:
    from analyzer.numbacache import sources_key

    return sources_key()


def _marker(command: str) -> Path | None:
    """The file saying ``command`` ran on these sources with this numba cache (None: no cache)."""
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return None
    return Path(folder) / "joker-odds-warm" / f"{_sources_key()}-{command.replace(' ', '_')}"


def is_warm(command: str) -> bool:
    """Whether ``command`` (``"rummy best"``) already ran to the end on these sources.

    >>> is_warm("no such command")
    True
    """
    if command not in COMPILE_SECONDS:
        return True
    marker = _marker(command)
    return marker is None or marker.exists()


def mark_warm(command: str) -> None:
    """Record that ``command``'s kernels are compiled (an unwritable cache is skipped)."""
    if command not in COMPILE_SECONDS:
        return
    marker = _marker(command)
    if marker is None:
        return
    with contextlib.suppress(OSError):
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()


def watch_compiles(command: str, callback: Callable[..., Any]) -> Callable[..., Any]:
    """``callback`` that first tells a terminal it will compile (when ``command``, such as
    ``"rummy best"``, is cold) and marks it warm when it returns."""

    @functools.wraps(callback)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from analyzer.progress import progress_enabled

        if progress_enabled() and not is_warm(command):
            print(f"compiling kernels for first use, once: ~{COMPILE_SECONDS[command]:.0f} s", file=sys.stderr)
        result = callback(*args, **kwargs)
        mark_warm(command)
        return result

    return wrapper


def _command_of(argv: tuple[str, ...]) -> str:
    """The command a warm-up line runs: ``"rummy best"``, or ``"eval"``."""
    two = " ".join(argv[:2])
    return two if two in COMPILE_SECONDS else argv[0]


def run_group(group: str) -> float:
    """Run ``group``'s warm-up commands in this process (output discarded); the seconds taken."""
    from analyzer.cli import main

    t0 = time.perf_counter()
    for argv in WARMUP[group]:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main.main(["--quiet", *argv], prog_name="joker-odds", standalone_mode=False)
        mark_warm(_command_of(argv))
    return time.perf_counter() - t0


def run_groups(groups: Iterable[str], jobs: int = 1) -> Iterator[tuple[str, float]]:
    """Warm ``groups`` with ``jobs`` processes; yields (group, seconds) in the order given."""
    names = list(groups)
    if jobs <= 1 or len(names) <= 1:
        for g in names:
            yield g, run_group(g)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # spawn: a fork of a process that has loaded numba (a test session) could inherit its locks
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield from zip(names, pool.map(run_group, names), strict=True)
