"""A tqdm progress bar for engine runs: trials/s and the current precision, on a TTY only.

>>> bar = Progress(total=100, enabled=False)
>>> bar.advance(10, lambda: {"p": (0.5, 0.05)})
>>> bar.close()
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from analyzer.stopping import Estimates, precision

__all__ = ["Progress", "progress_enabled"]


def progress_enabled(quiet: bool) -> bool:
    """Shown unless ``quiet`` or stderr is not a terminal (pipes, files, CI, tests)."""
    return not quiet and sys.stderr.isatty()


class Progress:
    """Counts trials; the postfix shows the worst SE and relative SE of the tracked estimates."""

    def __init__(self, total: int | None, enabled: bool, initial: int = 0, desc: str = "simulating") -> None:
        self._bar: Any = None
        if enabled:
            from tqdm import tqdm

            try:
                cols = os.get_terminal_size(sys.stderr.fileno()).columns
            except (OSError, ValueError):
                cols = 0
            width: dict[str, Any] = {"dynamic_ncols": True} if cols > 0 else {"ncols": 100}
            self._bar = tqdm(total=total, initial=initial, unit="trial", unit_scale=True,
                             desc=desc, file=sys.stderr, smoothing=0.1, **width)

    def advance(self, trials: int, estimates: Callable[[], Estimates] | None = None) -> None:
        """Count ``trials`` more; ``estimates`` is called only when the bar is shown."""
        if self._bar is None:
            return
        current = estimates() if estimates is not None else {}
        if current:
            p = precision(current)
            self._bar.set_postfix_str(f"max SE {p['max_se']:.2e}, max rel SE {p['max_rel_se']:.2%}",
                                      refresh=False)
        self._bar.update(trials)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
