"""Which job starts next when jobs run side by side within a memory budget (the report's studies,
the warm-up's groups): each job declares the peak resident memory of a process running it alone.

>>> next_fitting([700, 400, 200], [], 1000), next_fitting([700, 400, 200], [700], 1000)
(0, 2)
>>> next_fitting([700, 400, 200], [700, 200], 1000) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["next_fitting"]


def next_fitting(waiting_mb: Sequence[int], running_mb: Sequence[int], budget_mb: int) -> int | None:
    """Index of the first waiting job whose declared peak fits beside the running ones, within
    ``budget_mb`` (the first one whatever its peak when none runs); None when none fits."""
    if not waiting_mb:
        return None
    if not running_mb:
        return 0
    room = budget_mb - sum(running_mb)
    return next((i for i, mb in enumerate(waiting_mb) if mb <= room), None)
