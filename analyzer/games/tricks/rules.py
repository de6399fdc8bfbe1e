"""Trick-game rules as data: TOML presets loaded into a frozen :class:`TrickRules`.

Every game (Georgian Joker, the 54-card bidding game, short poker for tricks) is one engine with
different rules. ``scoring`` picks the family of a rule set: ``bids`` (each player bids his
tricks) or ``maker`` (short poker for tricks: a maker whose side must take 3 of 5). A preset lists
the fields of its family; every one of them can be overridden with ``KEY=VALUE`` (the CLI's
``--rule``); the kernels see the rules as one small integer array (:meth:`TrickRules.params`).

>>> r = trick_rules("georgian-joker", ["trump_beats_take=true"])
>>> r.deck, r.players, r.trump_beats_take, r.max_cards
('36j', 4, True, 9)
>>> trick_rules("joker-54").schedule_cards()
(2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2)
>>> trick_rules("georgian-joker", ["colour=red"])
Traceback (most recent call last):
...
analyzer.games.tricks.rules.TrickRulesError: unknown rule key 'colour' (known: deck, players, schedule, trump, full_deal_trump, leader, must_trump, jokers, trump_beats_take, draw, hook, score_zero, score_exact_base, score_exact_per_trick, score_full_per_card, over_per_trick, over_per_missed, under_per_trick, under_per_missed, hisht, hisht_value, hisht_by_set, joker_lead_penalty, premium, premium_last_deal, scoring)
>>> s = trick_rules("short-tricks", ["deck=32+2", "all_pass=dealer-plays"])
>>> s.deck, s.joker_count, s.players, s.partners, s.premium_for(-2), s.premium_for(3)
('32+2', 2, 4, True, 3, 1)
>>> trick_rules("short-tricks", ["players=3"])
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

from analyzer.errors import JokerOddsError

__all__ = ["PRESET_NAMES", "SHORT_PRESETS", "P", "TrickRules", "TrickRulesError", "parse_rule_overrides",
           "short_rules", "trick_rules"]

PRESET_NAMES = ("georgian-joker", "joker-54", "short-tricks")
SHORT_PRESETS = ("short-tricks",)  # the presets of the maker family
SHORT_CARDS = 5  # cards dealt each in short poker for tricks
SHORT_NEED = 3  # tricks the maker's side must take


class TrickRulesError(JokerOddsError):
    """An unknown preset, rule key or rule value."""


_CHOICES: dict[str, tuple[str, ...]] = {
    "deck": ("36j", "52+2", "32+1", "32+2"),
    "schedule": ("pulka", "2-8-2"),
    "trump": ("turned", "none"),
    "full_deal_trump": ("chosen", "turned", "none"),
    "leader": ("left-of-dealer", "dealer"),
    "jokers": ("georgian", "high-low", "top-trump"),
    "draw": ("none", "after-trick"),
    "hook": ("tricks", "hand", "off"),
    "hisht": ("off", "fixed", "by-set", "per-card"),
    "premium": ("off", "next", "all", "cancel"),
    "premium_last_deal": ("counted", "excluded"),
    "scoring": ("bids", "maker"),
    "all_pass": ("throw-in", "dealer-plays"),
}


@dataclass(frozen=True)
class TrickRules:
    """One trick game's rules (see the shipped presets for what each field means)."""

    name: str
    description: str
    deck: str
    players: int
    schedule: str = "pulka"
    trump: str = "turned"
    full_deal_trump: str = "none"
    leader: str = "left-of-dealer"
    must_trump: bool = True
    jokers: str = "georgian"
    trump_beats_take: bool = False
    draw: str = "none"
    hook: str = "off"
    score_zero: int = 0
    score_exact_base: int = 0
    score_exact_per_trick: int = 0
    score_full_per_card: int = 0
    over_per_trick: int = 0
    over_per_missed: int = 0
    under_per_trick: int = 0
    under_per_missed: int = 0
    hisht: str = "off"
    hisht_value: int = 0
    hisht_by_set: tuple[int, int, int, int] = (0, 0, 0, 0)
    joker_lead_penalty: int = 0
    premium: str = "off"
    premium_last_deal: str = "counted"
    scoring: str = "bids"
    # the maker family (short poker for tricks)
    partners: bool = True
    joker_any_time: bool = False
    all_pass: str = "throw-in"
    make_points: int = 1
    march: int = 2
    march_alone: int = 2
    fail: int = -2
    target: int = 5
    premium_table: tuple[int, ...] = (3, 2, 2, 1, 1)

    def to_dict(self) -> dict[str, Any]:
        """The name, description and every rule field of this rule set's family (lists for tuples)."""
        keys = ("name", "description", *family_keys(self.scoring))
        return {k: list(v) if isinstance(v, tuple) else v for k in keys for v in [getattr(self, k)]}

    def to_frame(self) -> Any:
        """The rule set as a two-column pandas DataFrame (rule, value)."""
        import pandas as pd

        return pd.DataFrame([{"rule": k, "value": v} for k, v in self.to_dict().items()])

    @property
    def joker_count(self) -> int:
        """Jokers in the deck (32+1: one)."""
        return 1 if self.deck == "32+1" else 2

    @property
    def deck_size(self) -> int:
        return {"36j": 36, "52+2": 54}.get(self.deck, 32 + self.joker_count)

    @property
    def max_cards(self) -> int:
        """Cards per player in a full deal (Georgian: the whole deck; 54-card: 8; short: 5)."""
        if self.scoring == "maker":
            return SHORT_CARDS
        if self.jokers == "georgian" or self.deck == "36j":
            return self.deck_size // self.players
        return min(8, (self.deck_size - 1) // self.players)

    def tricks_in_deal(self, cards: int) -> int:
        """Tricks played in a deal of ``cards`` cards each (more than ``cards`` when drawing)."""
        if self.draw == "none":
            return cards
        stock = self.deck_size - self.players * cards
        return cards + stock // self.players

    def schedule_cards(self) -> tuple[int, ...]:
        """Cards per player in each deal of a whole game."""
        if self.schedule == "2-8-2":
            top = self.max_cards
            return tuple(range(2, top + 1)) + tuple(range(top - 1, 1, -1))
        full = self.max_cards
        rise = tuple(range(1, full))
        fulls = (full,) * self.players
        return rise + fulls + tuple(reversed(rise)) + fulls

    def schedule_sets(self) -> tuple[int, ...]:
        """The set (0..3) of each deal of the schedule (the 54-card game: one set)."""
        if self.schedule == "2-8-2":
            return (0,) * len(self.schedule_cards())
        full = self.max_cards
        r, f = full - 1, self.players
        return (0,) * r + (1,) * f + (2,) * r + (3,) * f

    @property
    def sides(self) -> int:
        """Scoring sides of the maker family: two partnerships, or one per player."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat`` (maker family)."""
        return seat % 2 if self.partners else seat

    def deal_points(self, tricks: int) -> int:
        """What the maker's side writes for ``tricks`` of 5 (maker family).

        >>> [trick_rules("short-tricks").deal_points(k) for k in range(6)]
        [-2, -2, -2, 1, 1, 2]
        """
        if tricks == SHORT_CARDS:
            return self.march if self.partners else self.march_alone
        return self.make_points if tricks >= SHORT_NEED else self.fail

    def premium_for(self, loser_points: int) -> int:
        """The premium losers with ``loser_points`` pay (0 or fewer points: the first entry)."""
        return self.premium_table[min(max(loser_points, 0), len(self.premium_table) - 1)]

    def params(self) -> np.ndarray:
        """The rules as the kernels' int64 array (indices ``P.*``)."""
        p = np.zeros(P.SIZE, np.int64)
        p[P.MODEL] = _CHOICES["jokers"].index(self.jokers)
        p[P.PLAYERS] = self.players
        p[P.MUST_TRUMP] = int(self.must_trump)
        p[P.TRUMP_BEATS_TAKE] = int(self.trump_beats_take)
        p[P.DRAW] = int(self.draw == "after-trick")
        p[P.HOOK] = _CHOICES["hook"].index(self.hook)
        p[P.LEADER] = int(self.leader == "dealer")
        p[P.TRUMP] = int(self.trump == "none")
        p[P.FULL_TRUMP] = _CHOICES["full_deal_trump"].index(self.full_deal_trump)
        p[P.ZERO] = self.score_zero
        p[P.EXACT_BASE] = self.score_exact_base
        p[P.EXACT_PER] = self.score_exact_per_trick
        p[P.FULL_PER] = self.score_full_per_card
        p[P.OVER_K] = self.over_per_trick
        p[P.OVER_D] = self.over_per_missed
        p[P.UNDER_K] = self.under_per_trick
        p[P.UNDER_D] = self.under_per_missed
        p[P.HISHT] = _CHOICES["hisht"].index(self.hisht)
        p[P.HISHT_VALUE] = self.hisht_value
        p[P.HISHT_SET : P.HISHT_SET + 4] = self.hisht_by_set
        p[P.JOKER_LEAD] = self.joker_lead_penalty
        p[P.PREMIUM] = _CHOICES["premium"].index(self.premium)
        p[P.PREMIUM_LAST] = _CHOICES["premium_last_deal"].index(self.premium_last_deal)
        p[P.DECK_SIZE] = self.deck_size
        p[P.SCORING] = _CHOICES["scoring"].index(self.scoring)
        p[P.PARTNERS] = int(self.partners)
        p[P.JOKER_ANY] = int(self.joker_any_time)
        p[P.DEALER_PLAYS] = int(self.all_pass == "dealer-plays")
        p[P.MAKE] = self.make_points
        p[P.MARCH] = self.march if self.partners else self.march_alone
        p[P.FAIL] = self.fail
        p[P.JOKER_COUNT] = self.joker_count
        return p


class P:
    """Indices into :meth:`TrickRules.params` (compile-time constants in the kernels)."""

    MODEL = 0  # 0 Georgian jokers, 1 high/low jokers, 2 the joker is always the top trump (the later one wins)
    PLAYERS = 1
    MUST_TRUMP = 2
    TRUMP_BEATS_TAKE = 3
    DRAW = 4  # 0 none, 1 after each trick
    HOOK = 5  # 0 tricks, 1 hand, 2 off
    LEADER = 6  # 0 left of the dealer (seat 0), 1 the dealer (last seat)
    TRUMP = 7  # 0 turned card, 1 never a trump
    FULL_TRUMP = 8  # 0 chosen, 1 turned, 2 none
    ZERO = 9
    EXACT_BASE = 10
    EXACT_PER = 11
    FULL_PER = 12
    OVER_K = 13
    OVER_D = 14
    UNDER_K = 15
    UNDER_D = 16
    HISHT = 17  # 0 off, 1 fixed, 2 by set, 3 per card
    HISHT_VALUE = 18
    HISHT_SET = 19  # four entries
    JOKER_LEAD = 23
    PREMIUM = 24  # 0 off, 1 next player, 2 all others, 3 cancelling
    DECK_SIZE = 25
    PREMIUM_LAST = 26  # 0 the best score over every deal of the set, 1 over the deals before its last
    SCORING = 27  # 0 each player by his bid, 1 the maker's side (short poker for tricks)
    PARTNERS = 28  # maker family: 1 seats 0+2 against 1+3, 0 the maker alone
    JOKER_ANY = 29  # maker family: 1 the joker may be played while following a plain suit
    DEALER_PLAYS = 30  # maker family: 1 all passed, the dealer is the maker; 0 the deal is thrown in
    MAKE = 31  # points for 3 or 4 tricks
    MARCH = 32  # points for all five (alone: march_alone)
    FAIL = 33  # points for fewer than 3
    JOKER_COUNT = 34
    SIZE = 35


_KEYS = tuple(f.name for f in fields(TrickRules) if f.name not in ("name", "description"))
_MAKER_KEYS = ("deck", "players", "trump", "jokers", "scoring", "partners", "joker_any_time", "all_pass",
               "make_points", "march", "march_alone", "fail", "target", "premium_table")
_BIDS_KEYS = tuple(k for k in _KEYS if k not in _MAKER_KEYS[5:])


def family_keys(scoring: str) -> tuple[str, ...]:
    """The rule fields a rule set of ``scoring`` (bids | maker) has.

    >>> family_keys("maker")[-3:]
    ('fail', 'target', 'premium_table')
    """
    return _MAKER_KEYS if scoring == "maker" else _BIDS_KEYS
_BOOL = {"true": True, "false": False, "on": True, "off": False, "yes": True, "no": False,
         "1": True, "0": False}


MAX_RULE_INT = 10**6  # points and counts in a rule; the kernels' int64 sums never come near overflow


def _bounded(key: str, text: Any, raw: Any) -> int:
    """A rule's whole number, at most :data:`MAX_RULE_INT` in size."""
    try:
        if isinstance(text, (bool, float)):
            raise TypeError
        value = int(text)
    except (TypeError, ValueError):
        raise TrickRulesError(f"rule {key} must be an integer, got {raw!r}") from None
    if abs(value) > MAX_RULE_INT:
        raise TrickRulesError(f"rule {key} must be in -{MAX_RULE_INT:,}..{MAX_RULE_INT:,}, got {raw!r}")
    return value


def _value(key: str, raw: Any) -> Any:
    """One field's value from TOML or ``KEY=VALUE`` text, checked."""
    kind = {f.name: f.type for f in fields(TrickRules)}[key]
    text = raw.strip().lower() if isinstance(raw, str) else raw
    if kind == "bool":
        if isinstance(text, bool):
            return text
        if isinstance(text, str) and text in _BOOL:
            return _BOOL[text]
        raise TrickRulesError(f"rule {key} must be true or false, got {raw!r}")
    if kind == "int":
        return _bounded(key, text, raw)
    if key in ("hisht_by_set", "premium_table"):
        items = text if isinstance(text, list) else str(text).strip("[]").split(",")
        vals = tuple(_bounded(key, str(v).strip(), raw) for v in items)
        if key == "hisht_by_set" and len(vals) != 4:
            raise TrickRulesError(f"rule {key} must be four integers, got {raw!r}")
        return vals
    if key in _CHOICES:
        if text not in _CHOICES[key]:
            raise TrickRulesError(f"rule {key} must be one of {', '.join(_CHOICES[key])}, got {raw!r}")
        return text
    return str(raw)


def _check_maker(r: TrickRules) -> TrickRules:
    if r.jokers != "top-trump" or r.deck not in ("32+1", "32+2"):
        raise TrickRulesError("scoring=maker (short poker for tricks) needs jokers=top-trump and deck 32+1 or 32+2")
    if r.partners and r.players != 4:
        raise TrickRulesError("partners need players=4 (set partners=false to play each for himself), "
                              f"got players={r.players}")
    if not 2 <= r.players <= 5:
        raise TrickRulesError(f"rule players must be 2..5, got {r.players}")
    if r.target < 1:
        raise TrickRulesError(f"rule target must be at least 1, got {r.target}")
    if len(r.premium_table) != r.target:
        raise TrickRulesError(f"rule premium_table needs one entry per losers' score 0..{r.target - 1} "
                              f"({r.target} entries), got {len(r.premium_table)}")
    return r


def _check(r: TrickRules) -> TrickRules:
    if r.scoring == "maker":
        return _check_maker(r)
    if r.jokers == "top-trump" or r.deck in ("32+1", "32+2"):
        raise TrickRulesError("the top-trump joker and the 32-card decks belong to scoring=maker")
    lo, hi = (2, 4) if r.jokers == "georgian" else (2, 6)
    if not lo <= r.players <= hi:
        raise TrickRulesError(f"rule players must be {lo}..{hi} for {r.jokers} jokers, got {r.players}")
    if r.jokers == "georgian" and r.deck != "36j":
        raise TrickRulesError("Georgian jokers need deck 36j")
    if r.jokers == "high-low" and r.deck != "52+2":
        raise TrickRulesError("high-low jokers need deck 52+2")
    if r.jokers == "georgian" and r.draw != "none":
        raise TrickRulesError("drawing after each trick needs the 54-card game (jokers=high-low)")
    if r.jokers == "georgian" and r.deck_size % r.players:
        raise TrickRulesError(f"{r.players} players cannot share the 36 cards evenly")
    return r


@lru_cache(maxsize=8)
def _preset_data(name: str) -> dict[str, Any]:
    if name not in PRESET_NAMES:
        raise TrickRulesError(f"unknown game {name!r} (known: {', '.join(PRESET_NAMES)})")
    text = resources.files("analyzer.games.tricks").joinpath(f"presets/{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def parse_rule_overrides(items: Iterable[str], scoring: str = "bids") -> dict[str, str]:
    """``KEY=VALUE`` texts as a mapping (a key not of the ``scoring`` family is an error).

    >>> parse_rule_overrides(["hook=off"])
    {'hook': 'off'}
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = str(item).partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise TrickRulesError(f"rule override {item!r} is not KEY=VALUE")
        _known(key, scoring)
        if key in out:
            raise TrickRulesError(f"rule {key} given twice ({key}={out[key]}, {key}={value}); give it once")
        out[key] = value
    return out


def _known(key: str, scoring: str) -> None:
    """Raise unless ``key`` is a rule field of the ``scoring`` family."""
    keys = family_keys(scoring)
    if key not in keys:
        raise TrickRulesError(f"unknown rule key {key!r} (known: {', '.join(keys)})")


def rules_from_mapping(data: Mapping[str, Any], name: str = "custom") -> TrickRules:
    """Rules from a full mapping (a preset's TOML: every field of its ``scoring`` family)."""
    scoring = _value("scoring", data.get("scoring", "bids"))
    for k in sorted(set(data) - {"name", "description"}):
        _known(k, scoring)
    keys = family_keys(scoring)
    missing = [k for k in keys if k not in data]
    if missing:
        raise TrickRulesError(f"rules {name!r} lack {', '.join(missing)}")
    values = {k: _value(k, data[k]) for k in keys}
    return _check(TrickRules(name=str(data.get("name", name)),
                             description=str(data.get("description", "")), **values))


def trick_rules(game: str | TrickRules = "georgian-joker", overrides: Iterable[str] | Mapping[str, Any] = ()
                ) -> TrickRules:
    """A preset (or given rules) with ``KEY=VALUE`` overrides applied."""
    base = game if isinstance(game, TrickRules) else rules_from_mapping(_preset_data(str(game)), str(game))
    items = (dict(overrides) if isinstance(overrides, Mapping)
             else parse_rule_overrides(overrides, base.scoring))
    for k in items:
        _known(k, base.scoring)
    if not items:
        return base
    return _check(replace(base, **{k: _value(k, v) for k, v in items.items()}))


def short_rules(game: str | TrickRules = "short-tricks", overrides: Iterable[str] | Mapping[str, Any] = ()
                ) -> TrickRules:
    """:func:`trick_rules` of a maker-family game (short poker for tricks)."""
    if isinstance(game, str) and game not in SHORT_PRESETS:
        raise TrickRulesError(f"unknown game {game!r} (known: {', '.join(SHORT_PRESETS)})")
    return trick_rules(game, overrides)
