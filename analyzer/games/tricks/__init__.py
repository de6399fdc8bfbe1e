"""Trick-taking games with bids: Georgian Joker and the 54-card bidding game, one engine.

Rules are data (:mod:`analyzer.games.tricks.rules`, presets ``georgian-joker`` and
``joker-54``); the play, the policies and the exact paranoid solver are numba kernels; the
``tricks`` CLI group plays deals (``tricks play``) and solves known deals (``tricks solve``).

>>> GAME.commands
{'tricks': 'analyzer.games.tricks.cli'}
"""

from analyzer.games.info import GameInfo, StudyDecl

__all__ = ["GAME"]

GAME = GameInfo(
    "tricks", "Trick-taking games with bids: Georgian Joker and the 54-card game",
    commands={"tricks": "analyzer.games.tricks.cli"},
    studies=(StudyDecl("tricks-bidding", "Trick-taking games with bids", "analyzer.games.tricks.report:build", 350),
             StudyDecl("short-tricks", "Short poker for tricks", "analyzer.games.tricks.short_report:build", 285)),
    data=("presets/*.toml",),
)
