"""A report study's declaration, and the core study; games declare theirs in their ``GAME``.

``report/`` imports no game: the ``report`` command collects every study (the core one here,
then each game's :class:`~analyzer.games.info.StudyDecl`) and passes the list in.

>>> [s.name for s in CORE_STUDIES]
['hand-frequencies']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from analyzer.report.study import Study

__all__ = ["CORE_STUDIES", "StudySpec"]


@dataclass(frozen=True)
class StudySpec:
    """A study's name (its folder), title, and ``module:function`` building it."""

    name: str
    title: str
    target: str

    def build(self) -> Study:
        module, func = self.target.split(":")
        builder: Callable[[], Study] = getattr(import_module(module), func)
        return builder()


CORE_STUDIES: tuple[StudySpec, ...] = (
    StudySpec("hand-frequencies", "Hand-rank frequencies with jokers and wild cards",
              "analyzer.report.handfreq:build"),
)
