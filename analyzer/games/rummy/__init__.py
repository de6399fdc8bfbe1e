"""Remi 51 rummy: two packs and two jokers, a first meld of at least 51 points.

The exact opening solver (:mod:`.solver`, kernel in :mod:`.kernels`), the odds of opening from
the deal (:mod:`.odds`), turns to open and points left from table simulations (:mod:`.table`),
and a move-by-move :class:`~analyzer.games.rummy.state.RummyState`.
"""

from analyzer.games.info import GameInfo, StudyDecl

GAME = GameInfo(
    "rummy", "Remi 51 rummy",
    commands={"rummy": "analyzer.games.rummy.cli"},
    studies=(StudyDecl("remi-51", "Remi 51", "analyzer.games.rummy.report:build", 265),),
)
