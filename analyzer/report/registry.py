"""The list of report studies. A game adds its study with one ``StudySpec`` line here."""

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


STUDIES: list[StudySpec] = [
    StudySpec("hand-frequencies", "Hand-rank frequencies with jokers and wild cards",
              "analyzer.report.handfreq:build"),
    StudySpec("video-poker", "Video poker: exact returns and optimal strategy", "analyzer.games.videopoker.report:build"),
    StudySpec("calling-and-betting", "The banker's calling game and betting arithmetic", "analyzer.report.calling:build"),
    StudySpec("casino-stud", "Casino stud with a joker: J-poker and Caribbean Stud", "analyzer.games.stud.report:build"),
]
