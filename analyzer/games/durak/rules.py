"""Durak rules as data: the shipped preset, ``KEY=VALUE`` overrides, validation, kernel arrays.

>>> r = durak_rules()
>>> r.deck, r.players, r.max_attack, r.first_bout_limit
('36+2', 2, 6, 5)
>>> durak_rules(players=4, overrides=["max_attack=0"]).max_attack
0
>>> durak_rules(overrides=["trumps=3"])
Traceback (most recent call last):
...
analyzer.games.durak.rules.DurakError: unknown durak rule 'trumps' (known: after_loss, deck, equal_rank_trumps_beat, first_attack, first_bout_limit, hand_size, limit_by_defender, low_joker_beats, max_attack, players, throw_after_take)
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from analyzer.cards import DeckError, DeckSpec, get_deck
from analyzer.errors import JokerOddsError

__all__ = ["AFTER_LOSS", "FIRST_ATTACK", "LOW_JOKER", "DurakError", "DurakRules", "durak_rules", "parse_rule"]

FIRST_ATTACK = ("lowest-trump", "random", "seat0")
AFTER_LOSS = ("right", "left")
LOW_JOKER = ("own-colour", "any-non-trump")
DECKS = ("36", "36+2", "52", "52+2")
MAX_PLAYERS = 6
MAX_RULE_INT = 1000  # caps and hand sizes: a deck holds at most 54 cards


class DurakError(JokerOddsError):
    """A bad durak rule, player count, hand or policy."""


@dataclass(frozen=True)
class DurakRules:
    """One durak rule set (see the shipped ``durak.toml`` for what each key means)."""

    deck: str = "36+2"
    players: int = 2
    hand_size: int = 6
    limit_by_defender: bool = True
    max_attack: int = 6
    first_bout_limit: int = 5
    throw_after_take: bool = True
    first_attack: str = "lowest-trump"
    after_loss: str = "right"
    low_joker_beats: str = "own-colour"
    equal_rank_trumps_beat: bool = False

    def __post_init__(self) -> None:
        if self.deck not in DECKS:
            raise DurakError(f"durak deck must be one of {', '.join(DECKS)}, got {self.deck!r}")
        if not 2 <= self.players <= MAX_PLAYERS:
            raise DurakError(f"durak is for 2 to {MAX_PLAYERS} players, got {self.players}")
        if self.hand_size < 1:
            raise DurakError(f"hand_size must be at least 1, got {self.hand_size}")
        size = self.spec.size
        if self.players * self.hand_size >= size:
            raise DurakError(f"{self.players} players with {self.hand_size} cards each need more than "
                             f"{self.players * self.hand_size} cards; deck {self.deck} has {size}")
        for key in ("max_attack", "first_bout_limit"):
            if getattr(self, key) < 0:
                raise DurakError(f"{key} must be 0 (no cap) or more, got {getattr(self, key)}")
        if self.first_attack not in FIRST_ATTACK:
            raise DurakError(f"first_attack must be one of {', '.join(FIRST_ATTACK)}, got {self.first_attack!r}")
        if self.after_loss not in AFTER_LOSS:
            raise DurakError(f"after_loss must be one of {', '.join(AFTER_LOSS)}, got {self.after_loss!r}")
        if self.low_joker_beats not in LOW_JOKER:
            raise DurakError(f"low_joker_beats must be one of {', '.join(LOW_JOKER)}, "
                             f"got {self.low_joker_beats!r}")

    @property
    def spec(self) -> DeckSpec:
        return get_deck(self.deck)

    def deck_cards(self) -> np.ndarray:
        """The deck's card codes (int64, sorted)."""
        return self.spec.cards.astype(np.int64)

    def kernel_rules(self) -> np.ndarray:
        """The integers the kernels read (see :mod:`analyzer.games.durak.kernels.layout`)."""
        return np.array([self.hand_size, self.max_attack, self.first_bout_limit, int(self.limit_by_defender),
                         int(self.throw_after_take), FIRST_ATTACK.index(self.first_attack),
                         AFTER_LOSS.index(self.after_loss)], dtype=np.int64)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_KEYS = {f.name: f.type for f in fields(DurakRules)}


@lru_cache(maxsize=1)
def _preset() -> dict[str, Any]:
    text = resources.files("analyzer.games.durak").joinpath("durak.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _coerce(key: str, value: Any) -> Any:
    kind = _KEYS[key]
    if kind in ("bool", bool):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "1", "on"):
            return True
        if text in ("false", "no", "0", "off"):
            return False
        raise DurakError(f"rule {key} must be true or false, got {value!r}")
    if kind in ("int", int):
        if isinstance(value, bool):
            raise DurakError(f"rule {key} must be an integer, got {value!r}")
        try:
            number = int(str(value).strip())
        except ValueError:
            raise DurakError(f"rule {key} must be an integer, got {value!r}") from None
        if abs(number) > MAX_RULE_INT:
            raise DurakError(f"rule {key} must be at most {MAX_RULE_INT:,} in size, got {value!r}")
        return number
    return str(value).strip()


def parse_rule(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` → ``(key, typed value)``; an unknown key is an error.

    >>> parse_rule("throw_after_take=false")
    ('throw_after_take', False)
    """
    key, sep, value = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep:
        raise DurakError(f"bad rule {text!r}: write KEY=VALUE")
    if key not in _KEYS:
        raise DurakError(f"unknown durak rule {key!r} (known: {', '.join(sorted(_KEYS))})")
    return key, _coerce(key, value)


def durak_rules(players: int | None = None, deck: str | None = None,
                overrides: Iterable[str] | Mapping[str, Any] = ()) -> DurakRules:
    """The shipped rule set with ``overrides`` (``KEY=VALUE`` texts or a mapping), then ``players``
    and ``deck`` when given."""
    data = dict(_preset())
    items = overrides.items() if isinstance(overrides, Mapping) else (parse_rule(t) for t in overrides)
    given: dict[str, Any] = {}
    for key, value in items:
        if key not in _KEYS:
            raise DurakError(f"unknown durak rule {key!r} (known: {', '.join(sorted(_KEYS))})")
        if key in given:
            raise DurakError(f"rule {key} given twice; give it once")
        given[key] = data[key] = _coerce(key, value)
    for key, value in (("players", players), ("deck", None if deck is None else str(deck).strip().lower())):
        if value is None:
            continue
        if key in given and given[key] != _coerce(key, value):
            raise DurakError(f"--{key} {value} and the rule {key}={given[key]} contradict each other; give one")
        data[key] = value
    try:
        return DurakRules(**{k: _coerce(k, v) for k, v in data.items()})
    except DeckError as exc:  # pragma: no cover - DECKS are all valid specs
        raise DurakError(str(exc)) from exc
