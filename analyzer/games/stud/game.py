"""A casino stud game as data: deck, wild designation, qualifier, bet, pay table.

A game is read from TOML (shipped: ``games/*.toml`` in this package); every bad key or value fails with the
file, the key and the reason.

>>> g = load_game("caribbean")
>>> g.name, g.designation, g.qualifier.text, g.bet, g.pays[Category.ROYAL_FLUSH]
('Caribbean Stud', 'none', 'high_card:AK', Fraction(2, 1), Fraction(100, 1))
>>> str(load_game("j-poker").doc_probability)
'3/55'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from analyzer.cards import RANK_CHARS, CardError, get_deck, parse_rank
from analyzer.datafiles import shipped_dir, shipped_file, shipped_names
from analyzer.errors import JokerOddsError
from analyzer.io import clip
from analyzer.kernels.codes import pack_score, tiebreak_value
from analyzer.names import canonical
from analyzer.rules import Category, RuleSet, get_rules, rules_from_mapping
from analyzer.tomlfile import read_toml

__all__ = ["DESIGNATIONS", "GAMES_DIR", "Qualifier", "StudError", "StudGame", "game_from_mapping",
           "load_game", "parse_threshold", "shipped_games"]

GAMES_DIR = shipped_dir(__package__ or "analyzer.games.stud", "games")
DESIGNATIONS = ("none", "fixed", "board")
TIE_RULES = ("push", "dealer")
MAX_AMOUNT = 1_000_000  # any odds, fee or payment, in antes
_KEYS = {"name", "description", "deck", "rules", "designation", "doc_probability", "qualifier",
         "bet", "ante_win", "no_qualify_ante", "no_qualify_bet", "tie", "pays", "exchange_fees",
         "draw_fee", "joker_fee", "upcard_fee"}


class StudError(JokerOddsError):
    """A bad game definition, strategy, situation or option for casino stud."""


@dataclass(frozen=True)
class Qualifier:
    """A minimum hand: a category and optional leading ranks (``high_card:AK`` = ace-king)."""

    category: Category
    ranks: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        return self.category.value + (":" + "".join(RANK_CHARS[r] for r in self.ranks) if self.ranks else "")

    def min_score(self, rules: RuleSet) -> int:
        """The smallest evaluator score of a hand at least this good under ``rules``."""
        order = rules.order_low_to_high
        if self.category not in order:
            raise StudError(f"category {self.category.value!r} does not exist under rules {rules.name!r}")
        return pack_score(order.index(self.category), tiebreak_value(self.ranks))


def parse_threshold(text: str, what: str = "qualifier") -> Qualifier:
    """``pair``, ``two_pair``, ``high_card:AK`` … → :class:`Qualifier`.

    >>> parse_threshold("high_card:AK").ranks
    (12, 11)
    >>> parse_threshold("trips")
    Traceback (most recent call last):
    ...
    analyzer.games.stud.game.StudError: bad qualifier 'trips': unknown category 'trips' (known: five_of_a_kind, royal_flush, straight_flush, four_of_a_kind, full_house, flush, straight, three_of_a_kind, two_pair, four_flush, pair, high_card)
    """
    cat_text, _, rank_text = str(text).strip().lower().partition(":")
    try:
        cat = Category(cat_text)
    except ValueError:
        known = ", ".join(c.value for c in Category)
        raise StudError(f"bad {what} {text!r}: unknown category {cat_text!r} (known: {known})") from None
    ranks = []
    for ch in rank_text.upper():
        try:
            ranks.append(parse_rank(ch))
        except CardError:
            raise StudError(f"bad {what} {text!r}: unknown rank {ch!r}") from None
    if len(ranks) > 5 or ranks != sorted(ranks, reverse=True):
        raise StudError(f"bad {what} {text!r}: ranks must be at most five, highest first")
    return Qualifier(cat, tuple(ranks))


@dataclass(frozen=True)
class StudGame:
    """One casino stud game. Money is in antes; ``pays`` are the bet's odds by player category."""

    name: str
    rules: RuleSet
    deck: str = "52"
    designation: str = "none"
    doc_probability: Fraction = Fraction(0)
    qualifier: Qualifier = Qualifier(Category.PAIR)
    bet: Fraction = Fraction(2)
    ante_win: Fraction = Fraction(1)
    no_qualify_ante: Fraction = Fraction(1)
    no_qualify_bet: Fraction = Fraction(0)
    tie: str = "push"
    pays: dict[Category, Fraction] = field(default_factory=dict)
    exchange_fees: tuple[Fraction, ...] = ()
    draw_fee: Fraction | None = None   # "poker with joker": exchange any number of cards, one fee
    joker_fee: Fraction | None = None  # "poker with joker": replace any card with the joker
    upcard_fee: Fraction | None = None  # some J-poker houses: exchange the dealer's up card
    description: str = ""
    source: str = "<mapping>"

    def win_units(self, cat: Category) -> Fraction:
        """Antes won (ante + bet) when the player's ``cat`` beats a qualifying dealer."""
        return self.ante_win + self.bet * self.pays[cat]

    @property
    def lose_units(self) -> Fraction:
        return -(1 + self.bet)

    @property
    def tie_units(self) -> Fraction:
        return Fraction(0) if self.tie == "push" else self.lose_units

    @property
    def no_qualify_units(self) -> Fraction:
        return self.no_qualify_ante + self.bet * self.no_qualify_bet

    def with_changes(self, **changes: Any) -> StudGame:
        from dataclasses import replace
        return replace(self, **changes)

    def require_52(self, what: str) -> None:
        """Refuse a board game on another deck than 52 cards for ``what``, which assumes its 13 ranks.

        >>> load_game("j-poker").with_changes(deck="32").require_52("the exchange option")
        Traceback (most recent call last):
        ...
        analyzer.games.stud.game.StudError: the exchange option needs a board game on 52 cards, not '32'
        """
        if self.designation == "board" and self.deck != "52":
            raise StudError(f"{what} needs a board game on 52 cards, not {self.deck!r}")


def _number(src: str, key: str, value: Any, minimum: Fraction | None = Fraction(0)) -> Fraction:
    try:
        if isinstance(value, bool) or (isinstance(value, str) and len(value) > 40):
            raise ValueError
        f = Fraction(str(value)) if isinstance(value, str) else Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError):
        raise StudError(f"{src}: key {key!r}: {clip(repr(value), 40)} is not a number") from None
    if minimum is not None and f < minimum:
        raise StudError(f"{src}: key {key!r}: {clip(repr(value), 40)} must be at least {minimum}")
    if abs(f) > MAX_AMOUNT:
        raise StudError(f"{src}: key {key!r}: {clip(repr(value), 40)} is beyond ±{MAX_AMOUNT:,}")
    return f


def game_from_mapping(data: dict[str, Any], src: str = "<mapping>") -> StudGame:
    """Validate a parsed TOML mapping (the ``[game]`` table or the whole file) into a game."""
    data = data.get("game", data)
    if not isinstance(data, dict):
        raise StudError(f"{src}: key 'game': must be a table of the game's keys")
    data = dict(data)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise StudError(f"{src}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    for key in ("name", "rules", "pays"):
        if key not in data:
            raise StudError(f"{src}: missing key {key!r}")
    deck = str(data.get("deck", "52"))
    try:
        get_deck(deck)
        raw_rules = data["rules"]
        if not isinstance(raw_rules, (str, dict)):
            raise StudError("rules must be a preset name or a table")
        rules = (get_rules(raw_rules) if isinstance(raw_rules, str)
                 else rules_from_mapping(dict(raw_rules), name=str(data["name"])))
    except JokerOddsError as exc:
        raise StudError(f"{src}: key {'deck' if 'deck' in str(exc) else 'rules'!r}: {exc}") from None
    designation = str(data.get("designation", "none"))
    if designation not in DESIGNATIONS:
        raise StudError(f"{src}: key 'designation': {designation!r} is not one of {', '.join(DESIGNATIONS)}")
    if designation == "board" and deck != "52":
        raise StudError(f"{src}: key 'deck': a board designation needs deck '52', not {deck!r}")
    if designation == "none" and rules.wild:
        raise StudError(f"{src}: key 'rules': designation 'none' needs rules without wild cards")
    if designation != "none" and not rules.wild:
        raise StudError(f"{src}: key 'rules': designation {designation!r} needs a wild mode")
    doc = _number(src, "doc_probability", data.get("doc_probability", 0))
    if doc > 1:
        raise StudError(f"{src}: key 'doc_probability': {doc} is above 1")
    if doc and designation != "board":
        raise StudError(f"{src}: key 'doc_probability': only a board designation has one")
    try:
        qual = parse_threshold(str(data.get("qualifier", "pair")))
        qual.min_score(rules)
    except StudError as exc:
        raise StudError(f"{src}: key 'qualifier': {exc}") from None
    tie = str(data.get("tie", "push"))
    if tie not in TIE_RULES:
        raise StudError(f"{src}: key 'tie': {tie!r} is not one of {', '.join(TIE_RULES)}")
    raw_pays = data["pays"]
    if not isinstance(raw_pays, dict):
        raise StudError(f"{src}: key 'pays': must be a table of category = odds")
    pays: dict[Category, Fraction] = {}
    for key, value in raw_pays.items():
        try:
            cat = Category(key)
        except ValueError:
            raise StudError(f"{src}: key 'pays.{key}': unknown category") from None
        pays[cat] = _number(src, f"pays.{key}", value)
    missing = [c.value for c in rules.order if c not in pays]
    if missing:
        raise StudError(f"{src}: key 'pays': no odds for {', '.join(missing)}")
    fees = data.get("exchange_fees", [])
    if not isinstance(fees, list) or len(fees) > 5:
        raise StudError(f"{src}: key 'exchange_fees': must be a list of at most 5 (fee for 1, 2, … cards)")
    return StudGame(
        name=str(data["name"]), rules=rules, deck=deck, designation=designation,
        doc_probability=doc, qualifier=qual,
        bet=_number(src, "bet", data.get("bet", 2)),
        ante_win=_number(src, "ante_win", data.get("ante_win", 1)),
        no_qualify_ante=_number(src, "no_qualify_ante", data.get("no_qualify_ante", 1), None),
        no_qualify_bet=_number(src, "no_qualify_bet", data.get("no_qualify_bet", 0), None),
        tie=tie, pays=pays,
        exchange_fees=tuple(_number(src, f"exchange_fees[{i}]", v) for i, v in enumerate(fees)),
        draw_fee=_number(src, "draw_fee", data["draw_fee"]) if "draw_fee" in data else None,
        joker_fee=_number(src, "joker_fee", data["joker_fee"]) if "joker_fee" in data else None,
        upcard_fee=_number(src, "upcard_fee", data["upcard_fee"]) if "upcard_fee" in data else None,
        description=str(data.get("description", "")), source=src,
    )


def shipped_games() -> list[str]:
    """Names of the shipped game files (``games/<name>.toml`` in this package)."""
    return shipped_names("analyzer.games.stud", "games")


def load_game(path: str | Path) -> StudGame:
    """A game from a TOML file, or a shipped game by name (``j-poker``, ``caribbean``, …)."""
    p: Path | Traversable = Path(path)
    if not Path(path).suffix and not Path(path).exists():
        p = shipped_file("analyzer.games.stud", "games", canonical(str(path), "stud game")) or p
    if isinstance(p, Path) and not p.exists():
        raise StudError(f"cannot read game file {clip(str(path))!r} (shipped: {', '.join(shipped_games())})")
    doc = read_toml(p, StudError)
    try:
        return game_from_mapping(doc.data, doc.source)
    except StudError as exc:  # name the line that sets the key: "<file>:<line>: key '…': …"
        raise StudError(doc.locate(str(exc))) from None
