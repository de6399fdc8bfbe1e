"""``pyspiel`` when the ``openspiel`` extra is installed, else placeholders, so every module of
this package imports without it (and fails only when a game is made).

>>> from analyzer.openspiel.spiel import require
>>> require() is not None
True
"""

from __future__ import annotations

from typing import Any

from analyzer.errors import JokerOddsError

__all__ = ["SpielGame", "SpielState", "pyspiel", "require"]

try:
    import pyspiel
except ImportError:  # pragma: no cover - the extra is installed wherever the tests run
    pyspiel = None

SpielGame: Any = pyspiel.Game if pyspiel is not None else object
SpielState: Any = pyspiel.State if pyspiel is not None else object


def require() -> Any:
    """The ``pyspiel`` module, or an error saying how to install it."""
    if pyspiel is None:  # pragma: no cover
        raise JokerOddsError("OpenSpiel is not installed: pip install 'joker-odds[openspiel]'")
    return pyspiel
