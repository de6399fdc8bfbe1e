"""Durak with two jokers: throw-in ("podkidnoy") durak with 36 or 52 cards and a red and a black
joker; the rules engine, self-play policies, and the odds of being the fool by seat and hand.

>>> GAME.commands
{'durak': 'analyzer.games.durak.cli'}
"""

from analyzer.games.info import GameInfo, StudyDecl

GAME = GameInfo(
    "durak", "Durak with two jokers",
    commands={"durak": "analyzer.games.durak.cli"},
    studies=(StudyDecl("durak", "Durak with two jokers", "analyzer.games.durak.report:build", 265),),
    data=("durak.toml",),
)
