"""Trick-taking games with bids: Georgian Joker and the 54-card bidding game, one engine.

Rules are data (:mod:`analyzer.games.tricks.rules`, presets ``georgian-joker``, ``joker-54``
and ``short-tricks``, short poker for tricks); the play, the policies and the exact paranoid
solver are numba kernels; the ``tricks`` CLI group plays deals (``tricks play``) and solves known
deals (``tricks solve``).

The folder, by role:

- the engine's public face, here: ``rules`` (rule sets as data), ``deck`` (cards and masks),
  ``state`` (one deal move by move, a :class:`~analyzer.games.state.GameState`), ``api`` (the
  façade, also ``analyzer.tricks``);
- ``kernels/``: moves, dealing, the playout loop, and ``short`` (the maker family's turned trump,
  declaration and deal);
- ``policies/``: random, heuristic, pimc (moves and bids), the seats' dispatch;
- ``search/``: the exact solver (paranoid alpha-beta, bounds, tables);
- ``analysis/``: self-play, strength in duplicate, bidding and joker-value studies of the bidding
  family, and ``short*`` of the maker family (odds, the game to 5, strength);
- ``report/``: the report studies (``bidding``, ``short``); ``cli/``: the ``tricks`` group.

>>> GAME.commands
{'tricks': 'analyzer.games.tricks.cli'}
"""

from analyzer.games.info import GameInfo, StudyDecl

__all__ = ["GAME"]

GAME = GameInfo(
    "tricks", "Trick-taking games with bids: Georgian Joker and the 54-card game",
    commands={"tricks": "analyzer.games.tricks.cli"},
    studies=(StudyDecl("tricks-bidding", "Trick-taking games with bids", "analyzer.games.tricks.report.bidding:build", 350),
             StudyDecl("short-tricks", "Short poker for tricks", "analyzer.games.tricks.report.short:build", 285)),
    data=("presets/*.toml",),
)
