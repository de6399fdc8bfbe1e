"""Perfect-information search of trick games: the alpha-beta skeleton, the paranoid solver, set search.

>>> from analyzer.games.tricks.search.solver import Solver
>>> Solver.__name__
'Solver'
"""
