"""The list of report studies: the core one, then those each game declares in its ``GAME``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from analyzer.report.study import Study

__all__ = ["STUDIES", "StudySpec"]


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


def _studies() -> list[StudySpec]:
    """The core study, then each registered game's (declared in its ``GAME``)."""
    from analyzer.games import game_infos

    specs = [StudySpec("hand-frequencies", "Hand-rank frequencies with jokers and wild cards",
                       "analyzer.report.handfreq:build")]
    for game in game_infos():
        specs.extend(StudySpec(d.name, d.title, d.target) for d in game.studies)
    return specs


STUDIES: list[StudySpec] = _studies()
