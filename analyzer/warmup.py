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
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from analyzer.datafiles import shipped_dir

__all__ = ["COMPILE_SECONDS", "GROUP_PEAK_MB", "MEMORY_MB", "NO_KERNELS", "RELEASE", "STUDY_WARMUP", "WARMUP", "cold_groups",
           "estimate", "is_warm", "mark_warm", "notice", "watch_compiles"]


def _warmup_table(name: str) -> str:
    """The path of a pay table shipped for the warm-up only (``videopoker/warmup/NAME.toml``)."""
    return str(shipped_dir("analyzer.games.videopoker", "warmup").joinpath(f"{name}.toml"))


_VP_JOKER_32 = _warmup_table("joker-poker-32")

# Group (a top-level command) → the command lines that compile its kernels, on small inputs: every
# command that compiles (the report's studies call most of the same kernels), but the
# sampled edges of stud (exchange-edge, options-edge, upcard-edge), whose fixed work outweighs their
# few seconds of compiling. The longest to compile first, so that two processes finish together,
# and video poker right after the trick games, the one large group that fits beside them.
WARMUP: dict[str, tuple[tuple[str, ...], ...]] = {
    "tricks": (("tricks", "solve", "--hands", "Jk1 Jd", "Jc Qd", "Qc 9h", "Jh 7c", "--trump", "h"),
               ("tricks", "play", "--game", "georgian-joker", "--deals", "200", "--cards", "5", "--seed", "1"),
               ("tricks", "play", "--game", "georgian-joker", "--schedule", "--deals", "2", "--seed", "1"),
               # with a pimc seat the loops are compiled with pimc's search (without one, they are not)
               ("tricks", "play", "--game", "georgian-joker", "--cards", "2", "--deals", "4", "--policy-seat", "0=pimc",
                "--k", "2", "--seed", "1"),
               ("tricks", "play", "--game", "joker-54", "--schedule", "--deals", "1", "--policy-seat", "0=pimc",
                "--k", "1", "--seed", "1"),
               ("tricks", "strength", "--game", "georgian-joker", "--cards", "4", "--a", "pimc", "--b", "heuristic",
                "--deals", "8", "--seed", "1"),
               ("tricks", "joker-value", "--game", "georgian-joker", "--cards", "5", "--deals", "2000", "--seed", "1"),
               ("tricks", "bid", "--game", "georgian-joker", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2",
                "--samples", "200", "--seed", "1"),
               ("tricks", "bid", "--game", "georgian-joker", "--hand", "Ah Kh 9s Jk1", "--up", "7h", "--seat", "2",
                "--policy", "pimc", "--samples", "2", "--k", "2", "--seed", "1"),
               ("tricks", "bid", "--game", "georgian-joker", "--hand", "Ah", "--up", "7h", "--seat", "2", "--exact"),
               # the short game for tricks: its solver, and strength in duplicate (plain and with pimc)
               ("tricks", "solve", "--game", "short-tricks", "--hands", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th",
                "Ad Kd Qd Jd Td", "Ac Kc Qc Jc Tc", "--trump", "s", "--maker", "0"),
               ("tricks", "strength", "--game", "short-tricks", "--a", "heuristic", "--b", "random", "--deals", "4",
                "--seed", "1"),
               ("tricks", "strength", "--game", "short-tricks", "--deals", "2", "--seed", "1"),
               ("tricks", "game-odds", "--deals", "2000", "--seed", "1"),
               ("tricks", "hand-odds", "--hand", "Jk As Ks 7h 8d", "--trump", "s", "--seat", "0", "--deals", "2000")),
    # the analyses on a 32-card table (warmup/ in the game's folder): the kernels of every shipped table, a
    # tenth of the data; one hand on 52 cards (its score table's builder)
    "videopoker": (("videopoker", "hold", "Qd Td 2s 4s 5c", "--paytable", "jacks-or-better-9-6"),
                   ("videopoker", "strategy", "--paytable", _VP_JOKER_32),
                   ("videopoker", "analyze", "--paytable", _VP_JOKER_32),
                   ("videopoker", "check", "--paytable", _VP_JOKER_32, "--trials", "20000", "--seed", "1")),
    "equity": (("equity", "As Ad Kc Kd 2s", "--players", "2"),
               ("equity", "As Ad Kc Kd Jk", "--players", "3", "--rules", "joker-wild"),
               # every deal of two seats' unknown cards; seven-card hands sampled
               ("equity", "Ah Kh Qh Jh", "2c 2d 3c 3d", "--method", "exact"),
               ("equity", "Ah Kh", "Qs Qd 9c", "--cards", "7", "--rules", "standard", "--trials", "2000",
                "--seed", "1")),
    "rummy": (("rummy", "best", "Jk1 Jk2 Kh 4c 4d 9s"),
              ("rummy", "open", "--cards", "15", "--trials", "2000", "--seed", "1"),
              ("rummy", "turns", "--players", "4", "--policy", "greedy", "--trials", "50", "--seed", "1"),
              ("rummy", "points", "--players", "4", "--trials", "20", "--seed", "1")),
    "stud": (("stud", "analyze", "--game", "caribbean"),
             ("stud", "advise", "As Kd 9h 5c 2s", "--up", "Qh", "--wild", "7d", "--game", "jpoker"),
             ("stud", "options", "Ah Kh Qh 9h 2c", "--up", "5d"),
             ("stud", "exchange", "Ah Kh Qh 9h 2c", "--up", "5d", "--wild", "7d", "--game", "j-poker"),
             ("stud", "upcard", "9h 9d 7h 4s 2c", "--up", "Ad", "--wild", "doc"),
             ("stud", "strategy", "--game", "caribbean"),
             ("stud", "location", "--players", "3", "--trials", "20000", "--seed", "1")),
    "durak": (("durak", "simulate", "--players", "3", "--games", "200", "--seed", "1"),
              ("durak", "simulate", "--policy", "ismcts", "--budget", "8", "--games", "2", "--seed", "1"),
              ("durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--players", "3", "--seat", "0"),
              ("durak", "strength", "--pair", "ismcts:heuristic", "--deals", "4", "--budget", "50", "--seed", "1"),
              # without a search policy the loop is compiled without the search (the report's baseline pair)
              ("durak", "strength", "--pair", "heuristic:random", "--deals", "4", "--seed", "1")),
    "freq": (("freq", "--rules", "joker-wild", "--deck", "52+1", "--exact"),
             # exact counts of five cards and of more compile apart (the report counts best-of-seven)
             ("freq", "--rules", "standard", "--deck", "32", "--cards", "7", "--exact"),
             ("freq", "--rules", "deuces-wild", "--trials", "20000", "--seed", "7"),
             ("freq", "--rules", "standard", "--four-flush", "--exact"),
             ("freq", "--rules", "standard", "--four-flush", "--cards", "7", "--trials", "20000", "--seed", "7"),
             ("freq", "--rules", "standard", "--exact", "--low")),
    "eval": (("eval", "Qs Qd 9h 5c Jk", "--rules", "j-poker"),
             ("eval", "As Ks Qs Js 2d 3c Jk"),
             ("eval", "2c 2d Ah Kh Qh", "--rules", "standard", "--mode", "wild", "--wild", "2"),
             ("eval", "Jk 2s 3d 4h 6c", "--low", "--low-ace", "high_or_low")),
    "draw": (("draw", "Kh Kd 7c 4s 2h", "--hold", "Kh Kd"),),
    "calling": (("calling", "--calls", "banker-14"),
                ("calling", "--calls", "frustration", "--table", "matches", "--trials", "20000", "--seed", "1")),
}

# Group → the report's own warm-ups ("module:function", run after the group's lines, in the same
# process): the kernels a study calls and no command does, compiled on tiny inputs, so that the
# report starts warm (a study compiling also held ~100 MB more than its declared peak).
STUDY_WARMUP: dict[str, tuple[str, ...]] = {
    "tricks": ("analyzer.games.tricks.report.bidding:warm", "analyzer.games.tricks.report.short:warm"),
    "stud": ("analyzer.games.stud.report:warm",),
    "equity": ("analyzer.games.showdown.report:warm",),
}

# Group → what forgets the tables its commands keep for the next call ("module:function"), run after
# each of its lines: the warm-up keeps only compiled code (casino stud's last two table sets, 70 MB).
RELEASE: dict[str, str] = {"stud": "analyzer.games.stud.exact:release_tables"}

# What the warm-up's processes may hold together (MB resident), and each group's peak: a process
# compiling the group from empty caches, measured alone (`/usr/bin/time -f %M joker-odds warmup
# GROUP --jobs 1`, rounded up), before the studies' warm-ups were added to three groups. With them
# tricks, stud and equity measure 707, 742 and 413 MB; declared so, the trick group (100 s) can run
# beside the four smallest only and the warm-up took 222 s at 797 MB, against 150-170 s at 1,177 MB
# (summed RSS, which counts the ~100 MB of library pages two processes share twice) as declared
# here. Counted once (PSS, `benchmarks/tree_rss.py`), the warm-up peaks at 895 MB and the report
# after it at 841 MB (summed RSS 1,028 and 969), and a fresh `make report` completes inside a
# 1 GB memory cgroup without reclaim failures. Two groups run side by side only while their
# declared peaks fit.
MEMORY_MB = 1000
GROUP_PEAK_MB: dict[str, int] = {
    "tricks": 620, "equity": 360, "rummy": 340, "stud": 640, "durak": 275, "freq": 360, "eval": 225,
    "videopoker": 380, "draw": 215, "calling": 185,
}

# Command → CPU seconds its first use compiles on one core: cold CPU minus warm CPU of each command
# in `python benchmarks/run.py compile` (2-core AMD EPYC, 2026-12-04, every command it lists;
# "freq" is the sampled count, the exact five-card one compiles 4).
COMPILE_SECONDS: dict[str, float] = {
    "eval": 3, "freq": 5, "videopoker hold": 5, "videopoker analyze": 7, "videopoker strategy": 12,
    "videopoker check": 9, "stud analyze": 9, "stud advise": 2, "stud options": 7, "stud exchange": 5,
    "stud upcard": 5, "stud strategy": 10, "stud location": 1, "stud exchange-edge": 5, "calling": 1,
    "durak simulate": 3, "durak odds": 3, "durak strength": 6, "rummy best": 4, "rummy open": 4,
    "rummy turns": 7, "rummy points": 11, "tricks solve": 5, "tricks play": 6, "tricks bid": 7,
    "tricks strength": 18, "tricks joker-value": 6, "tricks game-odds": 21, "tricks hand-odds": 20,
    "equity": 4, "draw": 3,
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

    >>> estimate("rummy best"), estimate("durak sweep") == COMPILE_SECONDS["durak strength"]
    (4, True)
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


def cold_groups() -> list[str]:
    """The groups of :data:`WARMUP` whose warm-up has not run to the end on these sources, in
    its order (none when numba caches nothing)."""
    return [g for g in WARMUP if not is_warm(f"group {g}")]
