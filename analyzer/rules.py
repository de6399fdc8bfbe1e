"""Rule sets as data: wild mode, which cards are wild, tie rule, category order; named presets.

>>> rs = get_rules("j-poker")
>>> rs.mode, rs.deck, rs.wild
(<WildMode.JPOKER: 'j-poker'>, '52+1', ('jokers',))
>>> int(get_rules("deuces-wild").wild_mask(get_deck("52")).sum())
4
>>> get_rules("standard", natural_beats_wild="tie").natural_beats_wild
<NaturalBeatsWild.TIE: 'tie'>
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from analyzer.cards import (
    JOKER_CODES,
    NUM_CODES,
    CardError,
    DeckSpec,
    get_deck,
    parse_card,
    parse_rank,
)
from analyzer.errors import JokerOddsError
from analyzer.kernels import codes

__all__ = [
    "CATEGORY_INDEX",
    "DEFAULT_ORDER",
    "MODE_CODE",
    "NBW_CODE",
    "Category",
    "LowAce",
    "NaturalBeatsWild",
    "RuleSet",
    "RulesError",
    "WildMode",
    "as_rules",
    "get_rules",
    "preset_names",
    "rules_from_mapping",
]


class RulesError(JokerOddsError):
    """An unknown preset, an unknown key or value in a rule set, or rules that do not fit a deck."""


class Category(StrEnum):
    """Hand categories; the names are used everywhere (CLI, JSON, CSV, reports)."""

    FIVE_OF_A_KIND = "five_of_a_kind"
    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    FOUR_FLUSH = "four_flush"
    PAIR = "pair"
    HIGH_CARD = "high_card"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


# Fixed internal indices used by the kernels (independent of any rule set's order; the codes
# themselves are defined once in analyzer.kernels.codes).
CATEGORY_INDEX: dict[Category, int] = {
    Category.HIGH_CARD: codes.HIGH,
    Category.PAIR: codes.PAIR,
    Category.TWO_PAIR: codes.TWO_PAIR,
    Category.THREE_OF_A_KIND: codes.TRIPS,
    Category.STRAIGHT: codes.STRAIGHT,
    Category.FLUSH: codes.FLUSH,
    Category.FULL_HOUSE: codes.FULL_HOUSE,
    Category.FOUR_OF_A_KIND: codes.QUADS,
    Category.STRAIGHT_FLUSH: codes.SF,
    Category.ROYAL_FLUSH: codes.ROYAL,
    Category.FIVE_OF_A_KIND: codes.FIVE,
    Category.FOUR_FLUSH: codes.FOUR_FLUSH,
}
# best first; the four-flush is optional (``four_flush = true``), so not in the default order
DEFAULT_ORDER: tuple[Category, ...] = tuple(c for c in Category if c is not Category.FOUR_FLUSH)


class WildMode(StrEnum):
    """What a wild card may stand for (the wild modes)."""

    NATURAL = "natural"
    WILD = "wild"
    BUG = "bug"
    SEMI = "semi"
    JPOKER = "j-poker"

    @classmethod
    def _missing_(cls, value: object) -> WildMode | None:
        """An old spelling (``jpoker``) still names its mode, with a note."""
        from analyzer.names import OLD_SPELLINGS, canonical

        if isinstance(value, str) and value in OLD_SPELLINGS:
            return cls(canonical(value, "wild mode"))
        return None


MODE_CODE = {WildMode.NATURAL: codes.MODE_NATURAL, WildMode.WILD: codes.MODE_WILD, WildMode.BUG: codes.MODE_BUG,
             WildMode.SEMI: codes.MODE_SEMI, WildMode.JPOKER: codes.MODE_JPOKER}


class LowAce(StrEnum):
    """The ace in a low hand: high only, or high or low at the player's choice (agreed beforehand)."""

    HIGH = "high"
    HIGH_OR_LOW = "high_or_low"


class NaturalBeatsWild(StrEnum):
    """How a hand without wild cards compares with an equal one made with them."""

    NONE = "none"
    TIE = "tie"
    CATEGORY = "category"


NBW_CODE = {NaturalBeatsWild.NONE: codes.NBW_NONE, NaturalBeatsWild.TIE: codes.NBW_TIE,
            NaturalBeatsWild.CATEGORY: codes.NBW_CATEGORY}


@dataclass(frozen=True)
class RuleSet:
    """One poker rule set. ``order`` is best category first; absent categories do not exist."""

    name: str
    mode: WildMode = WildMode.NATURAL
    deck: str = "52"
    wild: tuple[str, ...] = ()
    natural_beats_wild: NaturalBeatsWild = NaturalBeatsWild.NONE
    double_ace_flush: bool = False
    ace_low_straight: bool = True
    order: tuple[Category, ...] = DEFAULT_ORDER
    description: str = ""
    four_flush: bool = False
    low_ace: LowAce = LowAce.HIGH
    low_ignores_straights_flushes: bool = False

    def __post_init__(self) -> None:
        if Category.HIGH_CARD not in self.order:
            raise RulesError(f"rules {self.name!r}: the order must include high_card")
        if Category.FOUR_FLUSH in self.order:
            object.__setattr__(self, "four_flush", True)
        elif self.four_flush:  # default place: beats a pair, loses to two pair
            order = list(self.order)
            above = next(c for c in (Category.PAIR, Category.HIGH_CARD) if c in order)
            order.insert(order.index(above), Category.FOUR_FLUSH)
            object.__setattr__(self, "order", tuple(order))
        if len(set(self.order)) != len(self.order):
            raise RulesError(f"rules {self.name!r}: a category is listed twice in the order")
        if self.mode is WildMode.NATURAL and self.wild:
            raise RulesError(f"rules {self.name!r}: mode 'natural' cannot have wild cards {list(self.wild)}")
        if self.mode is not WildMode.NATURAL and not self.wild:
            raise RulesError(f"rules {self.name!r}: mode {self.mode.value!r} needs wild cards")

    def deck_spec(self, deck: str | DeckSpec | None = None) -> DeckSpec:
        return deck if isinstance(deck, DeckSpec) else get_deck(deck or self.deck)

    def wild_mask(self, deck: DeckSpec) -> np.ndarray:
        """Boolean mask over card codes: which cards of ``deck`` are wild under these rules."""
        mask = np.zeros(NUM_CODES, dtype=np.bool_)
        present = deck.max_copies > 0
        for item in self.wild:
            text = item.strip()
            if text.lower() == "jokers":
                mask[list(JOKER_CODES)] = True
            elif len(text) == 1 or text.lower() == "10":
                try:
                    r = parse_rank(text)
                except CardError:
                    raise RulesError(f"rules {self.name!r}: unknown wild rank {text!r}") from None
                mask[r * 4 : r * 4 + 4] = True
            else:
                try:
                    code = parse_card(text, deck)
                except CardError as exc:
                    raise RulesError(f"rules {self.name!r}: unknown wild card {text!r}") from exc
                if not present[code]:
                    raise RulesError(f"rules {self.name!r}: wild card {text!r} is not in deck {deck.name}")
                mask[code] = True
        mask &= present
        if self.mode is not WildMode.NATURAL and not mask.any():
            raise RulesError(
                f"rules {self.name!r} need wild cards {list(self.wild)} but deck {deck.name} has none"
            )
        if self.mode is WildMode.NATURAL and any(present[j] for j in JOKER_CODES):
            raise RulesError(f"rules {self.name!r} have no wild cards but deck {deck.name} has jokers")
        if any(present[j] and not mask[j] for j in JOKER_CODES):  # a joker that is not wild has no rank
            raise RulesError(f"rules {self.name!r} make {list(self.wild)} wild but not the jokers of deck "
                             f"{deck.name}: add 'jokers' to the wild cards or use a deck without jokers")
        return mask

    @property
    def order_low_to_high(self) -> tuple[Category, ...]:
        return tuple(reversed(self.order))

    def to_mapping(self) -> dict[str, Any]:
        """Plain data (for JSON/TOML output and checkpoints)."""
        return {
            "name": self.name,
            "mode": self.mode.value,
            "deck": self.deck,
            "wild": list(self.wild),
            "natural_beats_wild": self.natural_beats_wild.value,
            "double_ace_flush": self.double_ace_flush,
            "ace_low_straight": self.ace_low_straight,
            "order": [c.value for c in self.order],
            "four_flush": self.four_flush,
            "low_ace": self.low_ace.value,
            "low_ignores_straights_flushes": self.low_ignores_straights_flushes,
        }


_KEYS = {f.name for f in fields(RuleSet)} | {"preset"}


def _coerce(name: str, key: str, value: Any) -> Any:
    try:
        if key == "mode":
            return WildMode(str(value).lower())
        if key == "natural_beats_wild":
            return NaturalBeatsWild(str(value).lower())
        if key == "order":
            items = value.split(",") if isinstance(value, str) else list(value)
            return tuple(Category(str(v).strip().lower()) for v in items)
        if key == "wild":
            items = value.split(",") if isinstance(value, str) else list(value)
            return tuple(str(v).strip() for v in items if str(v).strip())
        if key == "low_ace":
            return LowAce(str(value).lower())
        if key in ("double_ace_flush", "ace_low_straight", "four_flush", "low_ignores_straights_flushes"):
            if isinstance(value, bool):
                return value
            text = str(value).lower()
            if text in ("true", "1", "yes"):
                return True
            if text in ("false", "0", "no"):
                return False
            raise ValueError(value)
        if key == "deck":
            return get_deck(str(value)).name
        return str(value)
    except ValueError as exc:
        raise RulesError(f"rules {name!r}: bad value {value!r} for {key!r}") from exc


def rules_from_mapping(data: dict[str, Any], name: str | None = None) -> RuleSet:
    """Build a rule set from a mapping: an optional ``preset`` plus overriding keys.

    >>> rules_from_mapping({"preset": "joker-wild", "natural_beats_wild": "tie"}).natural_beats_wild.value
    'tie'
    >>> rules_from_mapping({"mode": "wild"})
    Traceback (most recent call last):
    ...
    analyzer.rules.RulesError: rules 'custom': mode 'wild' needs wild cards
    """
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RulesError(f"unknown rules key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    base_name = data.get("preset")
    overrides = {k: v for k, v in data.items() if k != "preset"}
    if base_name is not None:
        return get_rules(str(base_name), **overrides)
    label = name or str(data.get("name", "custom"))
    kwargs = {k: _coerce(label, k, v) for k, v in overrides.items() if k != "name"}
    if "order" not in kwargs and kwargs.get("mode") in (None, WildMode.NATURAL, WildMode.SEMI):
        kwargs["order"] = tuple(c for c in DEFAULT_ORDER if c is not Category.FIVE_OF_A_KIND)
    return RuleSet(name=label, **kwargs)


@lru_cache(maxsize=1)
def _preset_table() -> dict[str, dict[str, Any]]:
    text = resources.files("analyzer").joinpath("presets/rules.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def preset_names() -> tuple[str, ...]:
    """Names of the shipped presets, in file order."""
    return tuple(_preset_table())


def get_rules(name: str, **overrides: Any) -> RuleSet:
    """A named preset, optionally with keys overridden (``mode``, ``wild``, ``order``, …).

    >>> get_rules("nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    analyzer.rules.RulesError: unknown rules preset 'nope' (known: standard, joker-wild, ...)
    """
    table = _preset_table()
    if name not in table:
        raise RulesError(f"unknown rules preset {name!r} (known: {', '.join(table)})")
    unknown = sorted(set(overrides) - _KEYS)
    if unknown:
        raise RulesError(f"unknown rules key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    merged = dict(table[name])
    merged.update({k: v for k, v in overrides.items() if v is not None})
    # A preset that switches to natural play drops its wild cards unless they were overridden too.
    if merged.get("mode") == "natural" and "wild" not in overrides:
        merged["wild"] = []
    return rules_from_mapping({**merged, "name": name}, name=name)


def as_rules(rules: RuleSet | str) -> RuleSet:
    """The rule set itself, or the preset of that name: what a public entry point (``Evaluator``,
    ``quick_evaluator``, a façade) calls once, so that everything below it takes the ``RuleSet``.

    >>> rs = as_rules("j-poker")
    >>> as_rules(rs) is rs, rs.mode.value
    (True, 'j-poker')
    """
    return get_rules(rules) if isinstance(rules, str) else rules


def with_overrides(rules: RuleSet, **overrides: Any) -> RuleSet:
    """A copy of ``rules`` with some keys replaced (values as on the CLI or in TOML)."""
    clean = {k: _coerce(rules.name, k, v) for k, v in overrides.items() if v is not None}
    if clean.get("mode") is WildMode.NATURAL and "wild" not in clean:
        clean["wild"] = ()
    try:
        return replace(rules, **clean)
    except TypeError as exc:
        raise RulesError(str(exc)) from exc
