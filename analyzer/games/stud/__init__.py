"""Casino stud with a joker (J-poker), American poker and Caribbean Stud."""

from analyzer.examples import ExampleSource
from analyzer.games.info import GameInfo, StudyDecl

GAME = GameInfo(
    "stud", "Casino stud with a joker",
    commands={"stud": "analyzer.games.stud.cli"},
    studies=(StudyDecl("casino-stud", "Casino stud with a joker: J-poker and Caribbean Stud",
                       "analyzer.games.stud.report:build", 650),),
    data=("games/*.toml",),
    examples=(ExampleSource("stud-game", "analyzer.games.stud", "games", "joker-odds stud analyze --game {file}"),),
)
