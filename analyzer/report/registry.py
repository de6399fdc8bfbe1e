"""What a report study is to the framework, and the core study; games declare theirs in ``GAME``.

``report/`` imports no game: the ``report`` command collects every study (the core ones here,
then each game's :class:`~analyzer.games.info.StudyDecl`) and passes the list in.

>>> [name for name, _, _, _ in CORE_STUDIES]
['hand-frequencies']
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from analyzer.report.study import Study

__all__ = ["CORE_STUDIES", "StudySpec", "build_study"]


class StudySpec(Protocol):
    """A study's name (its folder), title, the ``module:function`` that builds it, and the peak
    memory (MB) of a process building it."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def target(self) -> str: ...
    @property
    def memory_mb(self) -> int: ...


def build_study(spec: StudySpec) -> Study:
    """Import the study's module and call its builder."""
    module, func = spec.target.split(":")
    builder: Callable[[], Study] = getattr(import_module(module), func)
    return builder()


# (name, title, "module:function", peak MB of its process) of the studies that belong to no game.
CORE_STUDIES: tuple[tuple[str, str, str, int], ...] = (
    ("hand-frequencies", "Hand-rank frequencies with jokers and wild cards", "analyzer.report.handfreq:build", 340),
)
