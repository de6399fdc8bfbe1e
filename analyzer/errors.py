"""The one exception family of the library; the CLI turns it into a one-line error, exit 2."""

from __future__ import annotations

__all__ = ["JokerOddsError"]


class JokerOddsError(ValueError):
    """Bad input: the message names the card, key, file or value at fault."""
