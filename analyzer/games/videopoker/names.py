"""Words for hold patterns and strategy lines (see :mod:`.patterns` for the packing).

A line is a set of patterns of one *family* (same kind, wild cards held, natural cards held, and
for pairs whether the pair pays): its name is the family's name, followed by the members'
details (ranks of a royal draw, ways and high cards of a straight draw, …) unless the line holds
the whole family. Patterns that name no wild card hold none.

>>> from analyzer.games.videopoker.patterns import pattern_of
>>> p = pattern_of([20, 24, 28, 41, 45], [0, 1, 2], set(), 9, 9, 0)  # 7c 8c 9c Qd Kd: hold 7c 8c 9c
>>> family_name(p, Words(None)), member_detail(p, Words(None))
('3 to a straight flush', '3 ways, no high card')
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards import RANK_CHARS
from analyzer.games.videopoker.patterns import field

__all__ = ["Words", "family_key", "family_name", "line_name", "member_detail"]

_CLEARED = {3: ("high",), 5: ("high",), 6: ("extra", "high", "ways", "penalty"),
            7: ("ways", "high", "penalty"), 8: ("high", "penalty"), 9: ("ways", "high"),
            10: ("extra", "high", "penalty"), 11: ("high",)}
_SHIFT = {"ways": (28, 255), "high": (24, 15), "extra": (0, 0xFFFFF), "penalty": (22, 3)}


@dataclass(frozen=True)
class Words:
    """How to say wild cards ("deuce", "joker", …), the pay classes of pat hands, and whether
    high cards count (some pair pays)."""

    wild: str | None
    classes: tuple[str, ...] | None = None
    high_cards: bool = True

    def wilds(self, count: int) -> str:
        word = self.wild or "wild card"
        if count == 1:
            return word
        return f"{count} {word}s" if word != "joker" else f"{count} jokers"


def family_key(p: int) -> int:
    """The pattern with its member details cleared (patterns of one family share it)."""
    for name in _CLEARED.get(field(p, "kind"), ()):
        shift, mask = _SHIFT[name]
        p &= ~(mask << shift)
    return p


def _ranks(mask: int) -> str:
    return " ".join(RANK_CHARS[r] for r in range(12, -1, -1) if (mask >> r) & 1)


def _high(h: int) -> str:
    return "no high card" if h == 0 else f"{h} high card{'s' if h > 1 else ''}"


def family_name(p: int, words: Words) -> str:
    """The family's name: '2 deuces + 3 to a royal', 'low pair', 'pat flush with a joker', …"""
    kind, w, n, flags = field(p, "kind"), field(p, "wild"), field(p, "n"), field(p, "flags")
    if kind == 0:
        return "draw five" if w == 0 else f"{words.wilds(w)} alone"
    if kind == 1:
        cls = words.classes[field(p, "extra")] if words.classes else str(field(p, "extra"))
        core = "keep all five (no pay)" if cls == "nothing" else f"pat {cls}"
        return core + (f" with {'a ' if w == 1 else ''}{words.wilds(w)}" if w else "")
    if kind == 2:
        core = "four of a kind"
    elif kind == 3:
        core = "three of a kind" + (" + kicker" if n > 3 else "")
    elif kind == 4:
        core = "two pair"
    elif kind == 5:
        core = ("high pair" if flags & 1 else "low pair") if words.high_cards else "pair"
        if n > 2:
            core += f" + {n - 2} kicker{'s' if n > 3 else ''}"
    elif kind in (6, 7, 8, 9):
        what = {6: "a royal", 7: "a straight flush", 8: "a flush", 9: "a straight"}[kind]
        core = f"{n} to {what}"
    elif kind == 10:
        core = "suited" if n >= 2 and flags & 2 else ("unsuited" if n >= 2 else "one card")
    else:
        core = f"{n} odd cards"
    return f"{words.wilds(w)} + {core}" if w else core


def member_detail(p: int, words: Words) -> str:
    """What sets a pattern apart within its family, flush penalty aside ('' when nothing does)."""
    kind, w, n = field(p, "kind"), field(p, "wild"), field(p, "n")
    ways, high = field(p, "ways"), field(p, "high")
    if kind in (6, 10):
        return _ranks(field(p, "extra"))
    if kind in (7, 9):
        if w == 0 and n == 4 and 1 <= ways <= 2:
            way = "open" if ways == 2 else "inside"
        elif ways == 0:
            way = f"only {words.wild or 'wild card'}s complete it"
        else:
            way = f"{ways} way{'s' if ways > 1 else ''}"
        return way + (f", {_high(high)}" if words.high_cards else "")
    if kind in (3, 5, 8, 11) and words.high_cards:
        return _high(high)
    return ""


_PEN = 3 << 22


def _penalty(pens: set[int]) -> str:
    if pens == {0}:
        return "none of its suit thrown"
    if 0 in pens and pens == set(range(max(pens) + 1)):
        return f"at most {max(pens)} of its suit thrown"
    return " or ".join(str(k) for k in sorted(pens)) + " of its suit thrown"


def line_name(members: list[int], family: list[int], words: Words) -> str:
    """Name of a line holding ``members``, patterns of one family (all of it: ``family``)."""
    head = family_name(members[0], words)
    kind, w = field(members[0], "kind"), field(members[0], "wild")
    have: dict[int, set[int]] = {}
    full: dict[int, set[int]] = {}
    for src, out in ((members, have), (family, full)):
        for p in src:
            out.setdefault(p & ~_PEN, set()).add((p >> 22) & 3)
    bases = sorted(have, key=lambda b: (-field(b, "ways"), -field(b, "extra"), -field(b, "high")))
    whole = all(have[b] == full[b] for b in bases)
    pens = {frozenset(have[b]) for b in bases}
    shared = "" if whole or len(pens) != 1 else _penalty(set(next(iter(pens))))

    def detail(b: int) -> str:
        d = member_detail(b, words)
        if shared or have[b] == full[b]:
            return d
        return f"{d}, {_penalty(have[b])}" if d else _penalty(have[b])

    if kind == 10:
        ranks = [detail(b) for b in bases]
        core = ", ".join(ranks[:-1]) + (" or " if len(ranks) > 1 else "") + ranks[-1]
        suit = head if head in ("suited", "unsuited") else ""
        name = " ".join(x for x in (core, suit) if x) + (f", {shared}" if shared else "")
        return f"{words.wilds(w)} + {name}" if w else name
    details = [d for d in (detail(b) for b in bases) if d]
    if len(have) == len(full) and (whole or len(pens) == 1):
        details = []
    return head + (f", {shared}" if shared else "") + (": " + "; ".join(details) if details else "")
