"""Video poker pay tables as data: TOML files of pay lines, each a final-hand pattern.

A pay table names an evaluator rule preset (which cards are wild and how) and a deck, then lists
its lines best first. A line matches a final hand by the evaluator's category plus optional
qualifiers; the first matching line pays, a hand no line matches pays nothing::

    name = "Jacks or Better 9/6"
    rules = "standard"          # evaluator preset; optional: deck = "52", wild = ["2"]
    [[line]]
    name = "jacks or better"
    hand = "pair"               # a category, a list of categories, or "any"
    min_pair_rank = "J"         # qualifiers: natural = true|false, wild_count = N, min_pair_rank
    pays = 1                    # "for 1", 0 to 1,000,000; at most 32 lines

>>> t = load_paytable("jacks-or-better-9-6")
>>> t.name, len(t.lines), t.lines[-1].name, float(t.lines[4].pays)
('Jacks or Better 9/6', 9, 'jacks or better', 6.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.cards import RANK_CHARS, CardError, DeckSpec, parse_rank
from analyzer.datafiles import shipped_dir, shipped_file, shipped_names
from analyzer.errors import JokerOddsError
from analyzer.io import clip
from analyzer.rules import Category, RulesError, RuleSet, get_rules
from analyzer.tomlfile import header_lines, read_toml

__all__ = [
    "PAYTABLE_DIR",
    "PayLine",
    "PayTable",
    "PaytableError",
    "load_paytable",
    "paytable_from_mapping",
    "paytable_names",
]

PAYTABLE_DIR = shipped_dir(__package__ or "analyzer.games.videopoker", "paytables")
MAX_LINES = 32  # outcome classes are int8 and the per-hold counts grow with their number
MAX_PAYS = 1_000_000
MAX_NAME = 60
_TOP_KEYS = {"name", "description", "rules", "deck", "wild", "line"}
_LINE_KEYS = {"name", "hand", "pays", "natural", "wild_count", "min_pair_rank"}
_GROUP_HANDS = {Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FULL_HOUSE,
                Category.FOUR_OF_A_KIND, Category.FIVE_OF_A_KIND}


class PaytableError(JokerOddsError):
    """A pay table file that cannot be used; the message names the file and the line."""


@dataclass(frozen=True)
class PayLine:
    """One pay line: a final-hand pattern and what it pays for 1."""

    name: str
    hands: tuple[Category, ...] | None  # None: any category
    pays: Fraction
    natural: bool | None = None
    wild_count: int | None = None
    min_pair_rank: int | None = None
    file_line: int | None = None

    @property
    def pattern(self) -> tuple[Any, ...]:
        """The line without its pay (two tables with equal patterns share outcome counts)."""
        return (self.name, self.hands, self.natural, self.wild_count, self.min_pair_rank)

    def describe(self) -> str:
        parts = ["any hand" if self.hands is None else " or ".join(h.label for h in self.hands)]
        if self.natural is not None:
            parts.append("natural" if self.natural else "with a wild card")
        if self.wild_count is not None:
            parts.append(f"{self.wild_count} wild cards")
        if self.min_pair_rank is not None:
            parts.append(f"{RANK_CHARS[self.min_pair_rank]} or better")
        return ", ".join(parts)


@dataclass(frozen=True)
class PayTable:
    """A validated pay table; ``classes`` are its line names plus ``nothing``."""

    name: str
    rules: RuleSet
    deck: DeckSpec
    lines: tuple[PayLine, ...]
    source: str
    description: str = ""

    @property
    def classes(self) -> list[str]:
        return [ln.name for ln in self.lines] + ["nothing"]

    @property
    def pays(self) -> np.ndarray:
        """Pay of every class (float64, ``nothing`` last)."""
        return np.array([float(ln.pays) for ln in self.lines] + [0.0])

    @property
    def exact_pays(self) -> list[Fraction]:
        return [ln.pays for ln in self.lines] + [Fraction(0)]

    @property
    def game_key(self) -> tuple[Any, ...]:
        """Everything but the pays: tables with the same key share the per-hold counts."""
        return (self.rules, self.deck.name, tuple(ln.pattern for ln in self.lines))

    def where(self, index: int) -> str:
        """``file, line N ('name')`` for error messages."""
        ln = self.lines[index]
        at = f" at file line {ln.file_line}" if ln.file_line else ""
        return f"paytable {self.source}: pay line {index + 1} ({ln.name!r}){at}"

    @property
    def min_paying_pair(self) -> int | None:
        """Lowest pair rank that pays (None when no pair line pays)."""
        best = None
        for ln in self.lines:
            if ln.pays > 0 and ln.hands and Category.PAIR in ln.hands:
                r = ln.min_pair_rank if ln.min_pair_rank is not None else 0
                best = r if best is None else min(best, r)
        return best


def paytable_names() -> list[str]:
    """The shipped tables (``paytables/*.toml`` inside this package)."""
    return shipped_names("analyzer.games.videopoker", "paytables")


def load_paytable(spec: str | Path) -> PayTable:
    """A pay table from a TOML file path or a shipped table's name (``joker-poker-kings``)."""
    path: Path | Traversable = Path(spec)
    if not Path(spec).suffix and not Path(spec).exists():
        shipped = shipped_file("analyzer.games.videopoker", "paytables", str(spec))
        if shipped is None:
            raise PaytableError(f"unknown paytable {clip(str(spec))!r} (a TOML file or one of: "
                                f"{', '.join(paytable_names())})")
        path = shipped
    doc = read_toml(path, PaytableError, "paytable ")
    return paytable_from_mapping(doc.data, doc.source, header_lines(doc.text, "line"))


def _rank(value: Any, where: str) -> int:
    try:
        return parse_rank(str(value))
    except CardError:
        raise PaytableError(f"{where}: unknown rank {clip(repr(value), 20)} for min_pair_rank (use one of {RANK_CHARS})") from None


def _line(raw: Any, i: int, source: str, file_line: int | None) -> PayLine:
    name = raw.get("name") if isinstance(raw, dict) else None
    if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
        name = clip(repr(name), 40)
        raise PaytableError(f"paytable {source}: pay line {i + 1}: name must be text of at most {MAX_NAME} "
                            f"characters, got {name}")
    where = (f"paytable {source}: pay line {i + 1}" + (f" ({name!r})" if name else "")
             + (f" at file line {file_line}" if file_line else ""))
    if not isinstance(raw, dict):
        raise PaytableError(f"{where}: a line must be a table of keys")
    unknown = sorted(set(raw) - _LINE_KEYS)
    if unknown:
        raise PaytableError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_LINE_KEYS))})")
    for key in ("hand", "pays"):
        if key not in raw:
            raise PaytableError(f"{where}: missing {key!r}")
    hand = raw["hand"]
    items = hand if isinstance(hand, list) else [hand]
    hands: tuple[Category, ...] | None
    if items == ["any"]:
        hands = None
    else:
        try:
            hands = tuple(Category(str(h).strip().lower().replace(" ", "_")) for h in items)
        except ValueError:
            raise PaytableError(f"{where}: unknown hand {clip(repr(hand))} (known: any, "
                                f"{', '.join(c.value for c in Category)})") from None
    pays = raw["pays"]
    if isinstance(pays, bool) or not isinstance(pays, (int, float)) or not math.isfinite(pays) or pays < 0:
        raise PaytableError(f"{where}: pays must be a number >= 0, got {clip(repr(pays), 40)}")
    if pays > MAX_PAYS:
        raise PaytableError(f"{where}: pays must be at most {MAX_PAYS:,} (for 1), got {clip(repr(pays), 40)}")
    natural = raw.get("natural")
    if natural is not None and not isinstance(natural, bool):
        raise PaytableError(f"{where}: natural must be true or false, got {clip(repr(natural), 20)}")
    wild_count = raw.get("wild_count")
    if wild_count is not None and (isinstance(wild_count, bool) or not isinstance(wild_count, int)
                                   or not 0 <= wild_count <= 5):
        raise PaytableError(f"{where}: wild_count must be an integer 0..5, got {clip(repr(wild_count), 20)}")
    if natural is True and wild_count:
        raise PaytableError(f"{where}: natural = true contradicts wild_count = {wild_count}")
    min_rank = None
    if "min_pair_rank" in raw:
        min_rank = _rank(raw["min_pair_rank"], where)
        if hands is None or not set(hands) <= _GROUP_HANDS:
            raise PaytableError(f"{where}: min_pair_rank needs a hand made of groups (pair, two_pair, "
                                "three_of_a_kind, full_house, four_of_a_kind, five_of_a_kind)")
    label = str(name) if name else ("any" if hands is None else hands[0].label)
    return PayLine(label, hands, Fraction(str(pays)) if isinstance(pays, float) else Fraction(pays),
                   natural, wild_count, min_rank, file_line)


def paytable_from_mapping(data: dict[str, Any], source: str = "<mapping>",
                          file_lines: list[int] | None = None) -> PayTable:
    """Validate a parsed pay table (see the module doc for the keys)."""
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise PaytableError(f"paytable {source}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_TOP_KEYS))})")
    if "rules" not in data:
        raise PaytableError(f"paytable {source}: missing 'rules' (an evaluator preset such as 'standard')")
    overrides: dict[str, Any] = {}
    if "deck" in data:
        overrides["deck"] = data["deck"]
    if "wild" in data:
        overrides["wild"] = data["wild"]
    try:
        rules = get_rules(str(data["rules"]), **overrides)
        deck = rules.deck_spec()
        rules.wild_mask(deck)
    except RulesError as exc:
        raise PaytableError(f"paytable {source}: {exc}") from exc
    if deck.copies != 1:
        raise PaytableError(f"paytable {source}: video poker needs a single deck, not {deck.name}")
    raw_lines = data.get("line")
    if not isinstance(raw_lines, list) or not raw_lines:
        raise PaytableError(f"paytable {source}: no pay lines (add [[line]] tables with 'hand' and 'pays')")
    if len(raw_lines) > MAX_LINES:
        raise PaytableError(f"paytable {source}: {len(raw_lines)} pay lines; at most {MAX_LINES} are supported")
    starts = file_lines or []
    lines = tuple(_line(raw, i, source, starts[i] if i < len(starts) else None)
                  for i, raw in enumerate(raw_lines))
    seen: set[str] = set()
    for i, ln in enumerate(lines):
        if ln.name in seen or ln.name == "nothing":
            raise PaytableError(f"paytable {source}: pay line {i + 1} ({ln.name!r}): the name is used twice")
        seen.add(ln.name)
    return PayTable(str(data.get("name", Path(source).stem)), rules, deck, lines, source,
                    str(data.get("description", "")))
