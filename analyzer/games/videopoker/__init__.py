"""Video poker: exact returns, optimal holds and strategy tables for any pay table."""

from analyzer.examples import ExampleSource
from analyzer.games.info import GameInfo, StudyDecl

GAME = GameInfo(
    "videopoker", "Video poker",
    commands={"videopoker": "analyzer.games.videopoker.cli"},
    studies=(StudyDecl("video-poker", "Video poker: exact returns and optimal strategy",
                       "analyzer.games.videopoker.report:build", 590),),
    data=("paytables/*.toml",),
    examples=(ExampleSource("paytable", "analyzer.games.videopoker", "paytables",
                            "joker-odds videopoker analyze --paytable {file}"),),
)
