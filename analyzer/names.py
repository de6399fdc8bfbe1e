"""One spelling per name: the old spellings still accepted, each with a note naming the new one.

J-poker is ``j-poker`` everywhere (the rule preset, the wild mode, the stud game); ``jpoker`` still
works and gives a :class:`SpellingNote` warning, which the command line prints as one ``Note:`` line.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     canonical("jpoker", "stud game"), canonical("caribbean", "stud game")
('j-poker', 'caribbean')
>>> str(seen[0].message)
"stud game 'jpoker' is now spelled 'j-poker' (the old spelling still works)"
"""

from __future__ import annotations

import warnings

__all__ = ["OLD_SPELLINGS", "SpellingNote", "canonical"]

# old spelling → the one spelling used in presets, games, modes, the CLI and the API
OLD_SPELLINGS: dict[str, str] = {"jpoker": "j-poker"}


class SpellingNote(UserWarning):
    """An old spelling was used; the message names the current one."""


def canonical(name: str, what: str = "name") -> str:
    """``name`` in its current spelling; an old spelling warns with a :class:`SpellingNote`."""
    new = OLD_SPELLINGS.get(name)
    if new is None:
        return name
    warnings.warn(f"{what} {name!r} is now spelled {new!r} (the old spelling still works)",
                  SpellingNote, stacklevel=3)
    return new
