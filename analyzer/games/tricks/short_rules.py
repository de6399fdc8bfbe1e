"""Short poker played for tricks: its rules as data (the ``short-tricks`` preset and ``--rule`` overrides).

The kernels see the rules as one small int64 array (:meth:`ShortRules.params`, indices ``SP.*``).

>>> r = short_rules("short-tricks", ["deck=32+2", "all_pass=dealer-plays"])
>>> r.deck, r.jokers, r.players, r.partners, r.premium_for(-2), r.premium_for(3)
('32+2', 2, 4, True, 3, 1)
>>> short_rules("short-tricks", ["players=3"])
Traceback (most recent call last):
...
analyzer.games.tricks.rules.TrickRulesError: partners need players=4 (set partners=false to play each for himself), got players=3
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from analyzer.games.tricks.rules import TrickRulesError

__all__ = ["SHORT_PRESETS", "SP", "ShortRules", "short_rules"]

SHORT_PRESETS = ("short-tricks",)
CARDS = 5  # cards dealt to each player
NEED = 3  # tricks the maker's side must take

_CHOICES: dict[str, tuple[str, ...]] = {
    "deck": ("32+1", "32+2"),
    "trump": ("turned", "none"),
    "all_pass": ("throw-in", "dealer-plays"),
}
_BOOL = {"true": True, "false": False, "on": True, "off": False, "yes": True, "no": False, "1": True, "0": False}


@dataclass(frozen=True)
class ShortRules:
    """One rule set of short poker for tricks (the shipped preset says what each field means)."""

    name: str
    description: str
    deck: str
    players: int
    partners: bool
    trump: str
    joker_any_time: bool
    all_pass: str
    make_points: int
    march: int
    march_alone: int
    fail: int
    target: int
    premium: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Every rule field as plain values (lists for tuples)."""
        from dataclasses import asdict

        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    def to_frame(self) -> Any:
        """The rule set as a two-column pandas DataFrame (rule, value)."""
        import pandas as pd

        return pd.DataFrame([{"rule": k, "value": v} for k, v in self.to_dict().items()])

    @property
    def jokers(self) -> int:
        return 2 if self.deck == "32+2" else 1

    @property
    def deck_size(self) -> int:
        return 32 + self.jokers

    @property
    def sides(self) -> int:
        """Scoring sides: two partnerships, or one per player."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    def deal_points(self, tricks: int) -> int:
        """What the maker's side writes for ``tricks`` of 5.

        >>> [short_rules().deal_points(k) for k in range(6)]
        [-2, -2, -2, 1, 1, 2]
        """
        if tricks == CARDS:
            return self.march if self.partners else self.march_alone
        return self.make_points if tricks >= NEED else self.fail

    def premium_for(self, loser_points: int) -> int:
        """The premium losers with ``loser_points`` pay (0 or fewer points: the first entry)."""
        return self.premium[min(max(loser_points, 0), len(self.premium) - 1)]

    def params(self) -> np.ndarray:
        """The rules as the kernels' int64 array (indices ``SP.*``)."""
        p = np.zeros(SP.SIZE, np.int64)
        p[SP.PLAYERS] = self.players
        p[SP.PARTNERS] = int(self.partners)
        p[SP.NO_TRUMP] = int(self.trump == "none")
        p[SP.JOKER_ANY] = int(self.joker_any_time)
        p[SP.DEALER_PLAYS] = int(self.all_pass == "dealer-plays")
        p[SP.MAKE] = self.make_points
        p[SP.MARCH] = self.march if self.partners else self.march_alone
        p[SP.FAIL] = self.fail
        p[SP.JOKERS] = self.jokers
        return p


class SP:
    """Indices into :meth:`ShortRules.params`."""

    PLAYERS = 0
    PARTNERS = 1
    NO_TRUMP = 2
    JOKER_ANY = 3
    DEALER_PLAYS = 4
    MAKE = 5
    MARCH = 6
    FAIL = 7
    JOKERS = 8
    SIZE = 9


_TYPES = {f.name: f.type for f in fields(ShortRules)}
_KEYS = tuple(k for k in _TYPES if k not in ("name", "description"))


def _value(key: str, raw: Any) -> Any:
    """One field's value from TOML or ``KEY=VALUE`` text, checked."""
    kind = _TYPES[key]
    text = raw.strip().lower() if isinstance(raw, str) else raw
    if kind == "bool":
        if isinstance(text, bool):
            return text
        if isinstance(text, str) and text in _BOOL:
            return _BOOL[text]
        raise TrickRulesError(f"rule {key} must be true or false, got {raw!r}")
    if kind == "int":
        try:
            return int(text)
        except (TypeError, ValueError):
            raise TrickRulesError(f"rule {key} must be an integer, got {raw!r}") from None
    if key == "premium":
        items = text if isinstance(text, list) else str(text).strip("[]").split(",")
        try:
            return tuple(int(str(v).strip()) for v in items)
        except ValueError:
            raise TrickRulesError(f"rule premium must be integers (one per losers' score), got {raw!r}") from None
    if text not in _CHOICES[key]:
        raise TrickRulesError(f"rule {key} must be one of {', '.join(_CHOICES[key])}, got {raw!r}")
    return text


def _check(r: ShortRules) -> ShortRules:
    if r.partners and r.players != 4:
        raise TrickRulesError("partners need players=4 (set partners=false to play each for himself), "
                              f"got players={r.players}")
    if not 2 <= r.players <= 5:
        raise TrickRulesError(f"rule players must be 2..5, got {r.players}")
    if r.target < 1:
        raise TrickRulesError(f"rule target must be at least 1, got {r.target}")
    if len(r.premium) != r.target:
        raise TrickRulesError(f"rule premium needs one entry per losers' score 0..{r.target - 1} "
                              f"({r.target} entries), got {len(r.premium)}")
    return r


@lru_cache(maxsize=4)
def _preset_data(name: str) -> dict[str, Any]:
    if name not in SHORT_PRESETS:
        raise TrickRulesError(f"unknown game {name!r} (known: {', '.join(SHORT_PRESETS)})")
    text = resources.files("analyzer.games.tricks").joinpath(f"presets/{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def _overrides(items: Iterable[str] | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(items, Mapping):
        pairs = dict(items)
    else:
        pairs = {}
        for item in items:
            key, sep, value = str(item).partition("=")
            if not sep or not key.strip():
                raise TrickRulesError(f"rule override {item!r} is not KEY=VALUE")
            pairs[key.strip().replace("-", "_")] = value
    for k in pairs:
        if k not in _KEYS:
            raise TrickRulesError(f"unknown rule key {k!r} (known: {', '.join(_KEYS)})")
    return pairs


def short_rules(game: str | ShortRules = "short-tricks", overrides: Iterable[str] | Mapping[str, Any] = ()
                ) -> ShortRules:
    """A preset (or given rules) with ``KEY=VALUE`` overrides applied and checked."""
    if isinstance(game, ShortRules):
        base = game
    else:
        data = _preset_data(str(game))
        missing = [k for k in _KEYS if k not in data]
        if missing:
            raise TrickRulesError(f"rules {game!r} lack {', '.join(missing)}")
        base = ShortRules(name=str(data["name"]), description=str(data["description"]),
                          **{k: _value(k, data[k]) for k in _KEYS})
    items = _overrides(overrides)
    return _check(replace(base, **{k: _value(k, v) for k, v in items.items()}))
