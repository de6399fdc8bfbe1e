"""Showdown odds: how often a hand (cards, a partial hand or a hand class) wins the showdown
against N−1 hands, exact or sampled; which hands to play in short poker; draw-poker draw odds.

>>> sorted(GAME.commands)
['draw', 'equity']
"""

from analyzer.games.info import GameInfo, StudyDecl

GAME = GameInfo(
    "showdown", "Showdown odds and which hands to play",
    commands={"equity": "analyzer.games.showdown.cli", "draw": "analyzer.games.showdown.cli"},
    studies=(StudyDecl("showdown", "Showdown odds: which hands to play", "analyzer.games.showdown.report:build", 295),),
)
