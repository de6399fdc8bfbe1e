"""Progress on a terminal only: a tqdm bar for engine runs (trials/s and the current precision),
a ticking status line for long steps (:func:`status`), a bar over steps (:func:`steps`). Nothing
is shown off a terminal or after ``--quiet`` (:func:`set_quiet`).

>>> bar = Progress(total=100, enabled=False)
>>> bar.advance(10, lambda: {"p": (0.5, 0.05)})
>>> bar.close()
>>> with status("building tables, once", quiet=True):
...     pass
>>> list(steps([1, 2], "studies", quiet=True))
[1, 2]
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from analyzer.stopping import Estimates

__all__ = ["Progress", "missed_so_far", "missed_targets", "note_missed_target", "progress_enabled", "set_quiet", "status", "steps"]

T = TypeVar("T")
_QUIET = {"on": False}
_MISSED: dict[str, list[str] | None] = {"runs": None}  # the open missed_targets() block's list


def set_quiet(on: bool = True) -> None:
    """``--quiet``: no progress anywhere in this process from now on."""
    _QUIET["on"] = on


@contextmanager
def missed_targets() -> Iterator[list[str]]:
    """Within the block, how every run with a precision target that stopped at its cap stopped
    (``max_trials``, ``max_time``), in order: what a command's missed-target line reads.

    >>> with missed_targets() as missed:
    ...     note_missed_target("max_trials")
    >>> missed, note_missed_target("max_time")
    (['max_trials'], None)
    """
    before = _MISSED["runs"]
    runs: list[str] = []
    _MISSED["runs"] = runs
    try:
        yield runs
    finally:
        _MISSED["runs"] = before


def missed_so_far() -> list[str]:
    """The caps that stopped runs short of their targets so far in the open :func:`missed_targets` block."""
    return list(_MISSED["runs"] or ())


def note_missed_target(stop: str) -> None:
    """A run with a precision target stopped at its cap ``stop``: recorded in the open
    :func:`missed_targets` block (nothing without one)."""
    runs = _MISSED["runs"]
    if runs is not None:
        runs.append(stop)


def progress_enabled(quiet: bool = False) -> bool:
    """Shown unless ``quiet`` (or ``--quiet``) or stderr is not a terminal (pipes, files, CI, tests)."""
    return not quiet and not _QUIET["on"] and sys.stderr.isatty()


def _width() -> dict[str, Any]:
    try:
        cols = os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        cols = 0
    return {"dynamic_ncols": True} if cols > 0 else {"ncols": 100}


@contextmanager
def status(desc: str, quiet: bool = False) -> Iterator[None]:
    """A status line with the elapsed time, ticking while the block runs (terminal only)."""
    if not progress_enabled(quiet):
        yield
        return
    from tqdm import tqdm

    bar = tqdm(total=None, desc=desc, file=sys.stderr, bar_format="{desc}: {elapsed}", leave=False, **_width())
    stop = threading.Event()

    def tick() -> None:
        while not stop.wait(0.5):
            bar.refresh()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        bar.close()


def steps(items: Iterable[T], desc: str, quiet: bool = False, total: int | None = None) -> Iterator[T]:
    """``items`` with a bar over them (one tick per item; terminal only)."""
    if not progress_enabled(quiet):
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, desc=desc, total=total, file=sys.stderr, leave=False, **_width())


class Progress:
    """Counts trials; the postfix shows the worst SE and relative SE of the tracked estimates."""

    def __init__(self, total: int | None, enabled: bool, initial: int = 0, desc: str = "simulating") -> None:
        self._bar: Any = None
        if enabled:
            from tqdm import tqdm

            self._bar = tqdm(total=total, initial=initial, unit="trial", unit_scale=True,
                             desc=desc, file=sys.stderr, smoothing=0.1, **_width())

    def advance(self, trials: int, estimates: Callable[[], Estimates] | None = None) -> None:
        """Count ``trials`` more; ``estimates`` is called only when the bar is shown."""
        if self._bar is None:
            return
        current = estimates() if estimates is not None else {}
        if current:
            from analyzer.stopping import precision

            p = precision(current)
            self._bar.set_postfix_str(f"max SE {p['max_se']:.2e}, max rel SE {p['max_rel_se']:.2%}",
                                      refresh=False)
        self._bar.update(trials)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
