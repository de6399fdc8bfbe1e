"""Hand classes and ranges: "a pair of kings", "any two pair", "two pair or better", "top 20 %".

A class is an interval of hand strength ``v = pos << 20 | tiebreak`` (the evaluator's score
without its natural-beats-wild bits; ``pos`` is the category's place in the rule set's order,
``tiebreak`` five rank nibbles, highest first). "Pair of kings" is every pair whose first
tie-break rank is a king, "or better" (or a trailing ``+``) opens the interval upwards, and
"top X %" is the strongest hands that make up at least X % of the dealt hands (a boundary
strength is taken whole).

>>> from analyzer.evaluator import Evaluator
>>> ev = Evaluator("standard")
>>> c = parse_class("pair of kings", ev)
>>> c.name, c.contains(ev.score("Kd Kc 9s 4h 2c")), c.contains(ev.score("Ad Ac 9s 4h 2c"))
('pair of kings', True, False)
>>> parse_class("two pair or better", ev).contains(ev.score("9d 9c 9s 4h 2c"))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.games.showdown.kernels import ANY_HIGH
from analyzer.rules import Category

__all__ = ["ANY", "ClassError", "HandClass", "class_frequency", "parse_class", "strength_distribution"]

_RANK_WORDS = {
    "two": 0, "twos": 0, "deuce": 0, "deuces": 0, "three": 1, "threes": 1, "four": 2, "fours": 2,
    "five": 3, "fives": 3, "six": 4, "sixes": 4, "seven": 5, "sevens": 5, "eight": 6, "eights": 6,
    "nine": 7, "nines": 7, "ten": 8, "tens": 8, "jack": 9, "jacks": 9, "queen": 10, "queens": 10,
    "king": 11, "kings": 11, "ace": 12, "aces": 12,
}
_CATEGORY_WORDS = {
    "high card": Category.HIGH_CARD, "no pair": Category.HIGH_CARD, "pair": Category.PAIR,
    "one pair": Category.PAIR, "two pair": Category.TWO_PAIR, "two pairs": Category.TWO_PAIR,
    "three of a kind": Category.THREE_OF_A_KIND, "trips": Category.THREE_OF_A_KIND,
    "straight": Category.STRAIGHT, "flush": Category.FLUSH, "full house": Category.FULL_HOUSE,
    "four of a kind": Category.FOUR_OF_A_KIND, "quads": Category.FOUR_OF_A_KIND,
    "straight flush": Category.STRAIGHT_FLUSH, "royal flush": Category.ROYAL_FLUSH,
    "five of a kind": Category.FIVE_OF_A_KIND,
}
_SAMPLE = 1_000_000  # hands sampled for the strength distribution of 6- and 7-card hands


class ClassError(JokerOddsError):
    """A hand class that cannot be read or does not exist under the rules."""


@dataclass(frozen=True)
class HandClass:
    """Hands whose strength lies in ``[vlo, vhi]``; ``name`` as the user reads it."""

    name: str
    vlo: int
    vhi: int

    @property
    def is_any(self) -> bool:
        return self.vlo <= 0 and self.vhi >= ANY_HIGH

    def to_dict(self) -> dict[str, object]:
        """The class as plain values: its name and the strength range it covers."""
        return {"name": self.name, "vlo": self.vlo, "vhi": self.vhi}

    def to_frame(self) -> object:
        """A one-row pandas DataFrame of :meth:`to_dict`."""
        import pandas as pd

        return pd.DataFrame([self.to_dict()])

    def contains(self, score: int) -> bool:
        """Whether a hand with this evaluator score is in the class."""
        v = ((int(score) >> 22) << 20) | ((int(score) >> 1) & 0xFFFFF)
        return self.vlo <= v <= self.vhi


ANY = HandClass("any", 0, ANY_HIGH)


def _category_class(text: str, ev: Evaluator) -> HandClass | None:
    """``[a|any] CATEGORY [of RANKS] [or better|+]`` or ``RANK-high CATEGORY``; None if no category."""
    better = text.endswith(" or better") or text.endswith("+")
    core = text.removesuffix(" or better").rstrip("+").strip()
    core = re.sub(r"^(a|an|any) ", "", core)
    rank_word = None
    m = re.fullmatch(r"(.+) of (\w+)", core)  # pair of kings, four of a kind of aces
    if m and m[1] in _CATEGORY_WORDS:
        core, rank_word = m[1], m[2]
    m = re.fullmatch(r"(\w+)-high(?: (.+))?", core)  # ace-high, king-high straight
    if m:
        core, rank_word = m[2] or "high card", m[1]
    if core not in _CATEGORY_WORDS:
        return None
    cat = _CATEGORY_WORDS[core]
    order = ev.order_low_to_high
    if cat not in order:
        raise ClassError(f"hand class {text!r}: there is no {cat.label} under rules {ev.rules.name!r}")
    pos = order.index(cat)
    if rank_word is not None:
        if rank_word not in _RANK_WORDS:
            raise ClassError(f"hand class {text!r}: unknown rank {rank_word!r}")
        lo_v = pos << 20 | (_RANK_WORDS[rank_word] + 1) << 16
        hi_v = lo_v | 0xFFFF
    else:
        lo_v = pos << 20
        hi_v = lo_v | 0xFFFFF
    return HandClass(text, lo_v, ANY_HIGH if better else hi_v)


def parse_class(text: str, ev: Evaluator) -> HandClass:
    """A hand class from its words (see the module docstring).

    >>> ev = Evaluator("joker-wild")
    >>> parse_class("ace-high", ev).name, parse_class("any", ev).is_any
    ('ace-high', True)
    >>> parse_class("top 25 %", ev).contains(ev.score("Jk Kc 9s 4h 2c"))
    True
    """
    t = " ".join(text.strip().lower().replace("-", " - ").split()).replace(" - ", "-")
    if t in ("any", "random", "anything", "all"):
        return ANY
    m = re.fullmatch(r"top (\d+(?:\.\d+)?) ?%", t)
    if m:
        return _top_class(t, float(m[1]), ev)
    cls = _category_class(t, ev)
    if cls is None:
        raise ClassError(f"unknown hand class {text!r}: write cards (e.g. 'Ks Kd 9c 4h 2s'), a category "
                         "('two pair', 'full house'), a category of a rank ('pair of kings', 'ace-high'), "
                         "add 'or better', or 'top 20 %'")
    return cls


def _top_class(text: str, pct: float, ev: Evaluator) -> HandClass:
    if not 0 < pct <= 100:
        raise ClassError(f"hand class {text!r}: the share must be above 0 and at most 100 %")
    values, counts = strength_distribution(ev)
    above = np.cumsum(counts[::-1])[::-1]  # hands at least this strong
    total = above[0]
    ok = np.flatnonzero(above >= pct / 100.0 * total)
    vlo = int(values[ok[-1]])
    return HandClass(text, vlo, ANY_HIGH)


def strength_distribution(ev: Evaluator) -> tuple[np.ndarray, np.ndarray]:
    """Sorted distinct strengths of dealt hands and how many hands have each: exact over every
    5-card hand, sampled (a fixed seed, 1,000,000 hands) for 6 and 7 cards."""
    return _distribution(ev.rules, ev.deck.name, ev.k)


@lru_cache(maxsize=16)
def _distribution(rules: object, deck: str, k: int) -> tuple[np.ndarray, np.ndarray]:
    from analyzer.games.showdown.hand_kernels import sample_strengths, strengths_all
    from analyzer.kernels.rng import seed_words

    ev = Evaluator(rules, deck, k)  # type: ignore[arg-type]
    table, wbits = ev.kernel_args()
    cards = ev.deck.cards.astype(np.int64)
    if k == 5:
        v = strengths_all(cards, table, wbits, comb(cards.size, 5))
    else:
        v = sample_strengths(seed_words(20261201), _SAMPLE, cards, k, table, wbits)
    values, counts = np.unique(v, return_counts=True)
    return values, counts


def class_frequency(cls: HandClass, ev: Evaluator) -> float:
    """The share of dealt hands in the class (exact for 5 cards, sampled for 6 and 7).

    >>> ev = Evaluator("standard")
    >>> round(class_frequency(parse_class("two pair", ev), ev), 6)
    0.047539
    """
    if cls.is_any:
        return 1.0
    values, counts = strength_distribution(ev)
    inside = (values >= cls.vlo) & (values <= cls.vhi)
    return float(counts[inside].sum() / counts.sum())
