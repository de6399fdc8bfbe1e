"""Compile ahead: run each command on tiny inputs once, so its kernels land in numba's disk cache.

numba compiles a kernel the first time it runs and keeps the machine code on disk
(``cache=True``); after ``pip install`` every command pays that once (seconds per command).
``joker-odds warmup [GROUP]`` pays it up front (images, CI, ``make setup``). Each command that
compiles tells a terminal so, once: "compiling kernels for first use, once: ~N s", unless a
marker in numba's cache folder (:mod:`analyzer.numbacache`) says it already ran on these sources
— up front for a command with a measured estimate (:data:`COMPILE_SECONDS`), at its first
compile for the others (every command but :data:`NO_KERNELS`).

>>> sorted(WARMUP)[:3]
['calling', 'draw', 'durak']
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

__all__ = ["COMPILE_SECONDS", "NO_KERNELS", "WARMUP", "estimate", "is_warm", "mark_warm", "notice", "run_group",
           "watch_compiles"]

# Group (a top-level command) → the command lines that compile its kernels, on small inputs; the
# longest to compile first, so that two processes finish together.
WARMUP: dict[str, tuple[tuple[str, ...], ...]] = {
    "tricks": (("tricks", "solve", "--hands", "Jk1 Jd", "Jc Qd", "Qc 9h", "Jh 7c", "--trump", "h"),
               ("tricks", "play", "--game", "georgian-joker", "--deals", "200", "--cards", "5", "--seed", "1")),
    "equity": (("equity", "As Ad Kc Kd 2s", "--players", "2"),),
    "rummy": (("rummy", "best", "Jk1 Jk2 Kh 4c 4d 9s"),
              ("rummy", "open", "--cards", "15", "--trials", "2000", "--seed", "1"),
              ("rummy", "turns", "--players", "4", "--policy", "greedy", "--trials", "50", "--seed", "1")),
    "stud": (("stud", "analyze", "--game", "caribbean"),
             ("stud", "advise", "As Kd 9h 5c 2s", "--up", "Qh", "--wild", "7d", "--game", "jpoker")),
    "durak": (("durak", "simulate", "--players", "3", "--games", "200", "--seed", "1"),
              ("durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--players", "3", "--seat", "0")),
    "freq": (("freq", "--rules", "joker-wild", "--deck", "52+1", "--exact"),
             ("freq", "--rules", "deuces-wild", "--trials", "20000", "--seed", "7")),
    "eval": (("eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker"),
             ("eval", "As Ks Qs Js 2d 3c Jk"),
             ("eval", "2c 2d Ah Kh Qh", "--rules", "standard", "--mode", "wild", "--wild", "2"),
             ("eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low")),
    "videopoker": (("videopoker", "hold", "Qd Td 2s 4s 5c", "--paytable", "jacks-or-better-9-6"),),
    "draw": (("draw", "Kh Kd 7c 4s 2h", "--hold", "Kh Kd"),),
    "calling": (("calling", "--calls", "banker-14"),),
}

# Command → CPU seconds its first use compiles (one core; `python benchmarks/run.py compile` on a
# 2-core AMD EPYC measured eval 5, freq 11, videopoker hold 13, stud analyze 20, rummy best 9, tricks
# solve 13, durak simulate 12; the others are estimated from the cold CPU seconds of `joker-odds warmup GROUP`).
COMPILE_SECONDS: dict[str, float] = {
    "eval": 5, "freq": 11, "videopoker hold": 13, "videopoker analyze": 13, "stud analyze": 20,
    "stud advise": 12, "calling": 3, "durak simulate": 12, "durak odds": 12, "rummy best": 9,
    "rummy open": 11, "rummy turns": 16, "tricks solve": 13, "tricks play": 35, "tricks bid": 35,
    "stud exchange-edge": 11, "equity": 20, "draw": 4,
}

# Commands that never compile a kernel (listings, arithmetic, the report's own progress line):
# no notice is armed for them. Every other command without an estimate above gets one at its
# first compile, with its group's largest estimate.
NO_KERNELS = frozenset({"cache", "decks", "examples", "report", "rules", "warmup", "durak rules",
                        "videopoker paytables", "pot limit"})


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
    """Whether ``command`` (``"rummy best"``) already ran to the end on these sources (a command
    that compiles nothing always has).

    >>> is_warm("rules")
    True
    """
    if command in NO_KERNELS:
        return True
    marker = _marker(command)
    return marker is None or marker.exists()


def mark_warm(command: str) -> None:
    """Record that ``command``'s kernels are compiled (an unwritable cache is skipped)."""
    if command in NO_KERNELS:
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

        with contextlib.ExitStack() as stack:
            if progress_enabled() and not is_warm(command):
                if command in COMPILE_SECONDS:
                    print(notice(command), file=sys.stderr)
                else:  # said at its first compile, if it compiles at all
                    stack.enter_context(_notice_at_first_compile(notice(command)))
            result = callback(*args, **kwargs)
        mark_warm(command)
        return result

    return wrapper


def estimate(command: str) -> float:
    """CPU seconds ``command``'s first use compiles: its own estimate, else its group's largest.

    >>> estimate("rummy best"), estimate("durak sweep") == COMPILE_SECONDS["durak simulate"]
    (9, True)
    """
    if command in COMPILE_SECONDS:
        return COMPILE_SECONDS[command]
    group = command.split()[0]
    return max((v for k, v in COMPILE_SECONDS.items() if k.split()[0] == group), default=10)


def notice(command: str) -> str:
    """The line a cold ``command`` prints on a terminal."""
    return f"compiling kernels for first use, once: ~{estimate(command):.0f} s"


@contextlib.contextmanager
def _notice_at_first_compile(line: str) -> Iterator[None]:
    """Print ``line`` on stderr when numba starts its first compile inside the block (once)."""
    from numba.core import event

    said: list[bool] = []

    class Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            if not said:
                said.append(True)
                print(line, file=sys.stderr, flush=True)

        def on_end(self, ev: Any) -> None:
            pass

    listener = Listener()
    event.register("numba:compile", listener)
    try:
        yield
    finally:
        event.unregister("numba:compile", listener)


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

    # spawn: a fork of a process that has loaded numba (a test session) could inherit its locks; a
    # fresh process per group: numba keeps what it compiled in memory, so a worker reused for a
    # second group would hold both (two such side by side passed 1.2 GB; one group peaks ~430 MB)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                             max_tasks_per_child=1) as pool:
        yield from zip(names, pool.map(run_group, names), strict=True)
