"""The video-poker strategy card a player takes to the machine, and a simple strategy with its cost.

The strategy table (:mod:`.strategy`) is the exact list of hold lines, 36–53 of them. The card is
that list cut to at most :data:`CARD_LINES` lines and the simple strategy to at most
:data:`SIMPLE_LINES`: lines are dropped (their deals fall to the next line that matches) or merged
with a line of the same family, cheapest first, each step's cost measured exactly over every deal.
Both lists are then put in EV order — the line whose holds are worth the most first — moving a line
above another only where that changes no play, so the order a player reads is the order that plays.
Each return printed is computed by playing the list over every deal, never estimated.

Line names are the players' words ("4 to a royal flush", "joker + 4 to a straight flush",
"KQJ suited"); the qualifiers (ways to fill, high cards, cards of the suit discarded) go to
footnotes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from analyzer.games.videopoker import patterns as P
from analyzer.games.videopoker.exact import Analysis
from analyzer.games.videopoker.names import family_key, line_name
from analyzer.games.videopoker.strategy import HoldPatterns, StrategyTable, words_for

__all__ = ["CARD_LINES", "SIMPLE_LINES", "CardLine", "VideoPokerCard", "players_words", "video_poker_card"]

CARD_LINES = 30
SIMPLE_LINES = 12
_RANK_WORDS = {"2": "deuces", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
               "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}
_RANKS = "23456789TJQKA"
_WITH = re.compile(r" with (a|\d) (joker|deuce|wild card)s?$")
_PLUS = re.compile(r"^(a |\d )?(joker|deuce|wild card)s? \+ ")
_HELD_AS_MADE = ("four of a kind", "four deuces", "three of a kind", "two pair")  # lines of their own


@dataclass(frozen=True)
class CardLine:
    """One line of a card: the hold in words, its footnote ("" for none), its share of deals, the
    average it pays back (for 1) on the deals it decides, and the hold patterns it lists (ids of
    :mod:`.patterns`, so the card can be replayed)."""

    text: str
    note: str
    share: float
    ev: float
    patterns: tuple[int, ...] = ()


@dataclass(frozen=True)
class VideoPokerCard:
    """A card and its simple strategy, each with its exact return."""

    lines: list[CardLine]
    card_return: float
    simple: list[CardLine]
    simple_return: float
    optimal_return: float
    table_lines: int  # lines of the full strategy table it was cut from


def _compact(ranks: str) -> str:
    """``"K Q J"`` → ``"KQJ"`` (a run of single ranks)."""
    return ranks.replace(" ", "")


_QUALIFIERS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"\bnone of its suit thrown"), "no card of its suit discarded"),
    (re.compile(r"\bat most (\d) of its suit thrown"),
     lambda m: f"at most {m.group(1)} card{'s' if m.group(1) != '1' else ''} of its suit discarded"),
    (re.compile(r"\b(\d(?: or \d)*) of its suit thrown"),
     lambda m: f"{m.group(1)} card{'s' if m.group(1)[-1] != '1' else ''} of its suit discarded"),
    (re.compile(r"\b(\d+) ways?\b"), lambda m: f"{m.group(1)} way{'s' if m.group(1) != '1' else ''} to fill"),
    (re.compile(r"\bopen\b"), "open-ended"),
]


def _qualifier(text: str) -> str:
    for pattern, repl in _QUALIFIERS:
        text = pattern.sub(repl, text)
    return text


def players_words(name: str, paying_pair: str | None = None) -> tuple[str, str]:
    """A strategy-table line name in players' words: (the line, its footnote or "").

    >>> players_words("3 to a royal: K Q J; K Q T")
    ('3 to a royal flush: KQJ, KQT', '')
    >>> players_words("2 to a royal, at most 1 of its suit thrown: K Q; K J")
    ('2 to a royal flush: KQ, KJ', 'at most 1 card of its suit discarded')
    >>> players_words("high pair", "K"), players_words("A K unsuited")
    (('pair of kings or better', ''), ('AK unsuited', ''))
    >>> players_words("4 to a straight: open, 1 high card")
    ('4 to a straight', 'open-ended, 1 high card')
    """
    head, _, details = name.partition(": ")
    shared = ""
    m = re.match(r"(.*?), ((?:none|at most \d|\d(?: or \d)*) of its suit thrown)$", head)
    if m:
        head, shared = m.group(1), m.group(2)
    head = head.replace("to a royal", "to a royal flush")
    if paying_pair:
        word = _RANK_WORDS[paying_pair]
        lower = _RANK_WORDS[_RANKS[_RANKS.index(paying_pair) - 1]] if paying_pair != "2" else ""
        head = re.sub(r"\bhigh pair\b", f"pair of {word} or better" if paying_pair != "A" else "pair of aces", head)
        head = re.sub(r"\blow pair\b", f"low pair ({lower} or lower)" if lower else "low pair", head)
    # named cards ("A K unsuited", "joker + K Q J suited", "T, 9, 8 or 7")
    head = re.sub(r"\b([2-9TJQKA](?: [2-9TJQKA])+)\b", lambda mm: _compact(mm.group(1)), head)
    notes: list[str] = []
    if details:
        parts = [d.strip() for d in details.split(";")]
        ranks, quals = [], []
        for part in parts:
            first, _, rest = part.partition(", ")
            if re.fullmatch(r"[2-9TJQKA](?: [2-9TJQKA])*", first):
                ranks.append(_compact(first))
                quals.append(rest)
            else:
                ranks.append("")
                quals.append(part)
        if all(ranks):
            head += ": " + ", ".join(ranks)
            if any(quals):
                by_q: dict[str, list[str]] = {}
                for r, q in zip(ranks, quals, strict=True):
                    by_q.setdefault(_qualifier(q) or "any", []).append(r)
                if len(by_q) == 1:
                    notes.append(next(iter(by_q)))
                else:
                    notes.append("; ".join(f"{', '.join(rs)}: {q}" for q, rs in by_q.items()))
        else:
            notes.append("; ".join(_qualifier(p) for p in parts))
    if shared:
        notes.insert(0, _qualifier(shared))
    return head, "; ".join(notes)


class _Cutter:
    """The exact play of a list of lines (lists of pattern ids) over every deal."""

    def __init__(self, analysis: Analysis, table: StrategyTable, patterns: HoldPatterns | None = None):
        hold = HoldPatterns(analysis) if patterns is None else patterns
        self.uniq = hold.uniq
        self.family = {int(i): family_key(int(p)) for i, p in enumerate(self.uniq)}
        self.kind = {int(i): (P.field(int(p), "kind"), P.field(int(p), "wild")) for i, p in enumerate(self.uniq)}
        self.mult = hold.mult
        self.weight = analysis.weight
        self.scale = float(self.mult.sum()) * analysis.weight
        self.ev = hold.lines
        self.tol = 1e-12  # return units
        self.words = words_for(analysis)
        self.lines = [[int(i) for i in np.searchsorted(self.uniq, np.array(ln.members, np.int64))]
                      for ln in table.lines]

    def value(self, lines: list[list[int]]) -> float:
        return float(self.mult @ self.ev.play(lines)[0]) / self.scale

    def cost(self, old: list[list[int]], new: list[list[int]], moved: list[int]) -> float:
        """Return lost going from ``old`` to ``new`` (per unit bet)."""
        return -self.ev.gain(old, new, moved) / self.scale

    def _class(self, p: int, coarse: bool) -> tuple[int, ...]:
        """Lines that may merge: one family; or the pat hands, made quads, made trips whatever the
        wild cards; with ``coarse`` also one kind of draw, with or without wild cards."""
        kind, w = self.kind[p]
        if kind in (1, 2, 3):
            return (kind,)
        if coarse and kind >= 5:
            return (kind, w > 0)
        return (-1, self.family[p])

    def cut(self, lines: list[list[int]], limit: int, coarse: bool = False) -> list[list[int]]:
        """Drop or merge lines, cheapest first (lazy: a step's cached cost is re-measured before it
        is taken), until at most ``limit`` remain; the last line (draw five) stays."""
        cache: dict[tuple[str, tuple[int, ...], tuple[int, ...]], float] = {}
        while len(lines) > limit:
            cands: list[tuple[float, str, int, int]] = []
            for i in range(len(lines) - 1):
                cands.append((cache.get(("drop", tuple(lines[i]), ()), -1.0), "drop", i, i))
                for j in range(i + 1, len(lines)):
                    if self._class(lines[i][0], coarse) == self._class(lines[j][0], coarse):
                        for at in (i, j):
                            ck = ("merge", tuple(lines[i]), (*tuple(lines[j]), at == i))
                            cands.append((cache.get(ck, -1.0), "merge", i, j if at == j else -j))
            while True:
                cands.sort(key=lambda c: c[0])
                c0, op, i, j = cands[0]
                trial, moved, ck = self._step(lines, op, i, j)
                exact = self.cost(lines, trial, moved)
                cache[ck] = exact
                if (c0 >= 0 and exact <= c0 + self.tol) or len(cands) == 1 or exact <= cands[1][0] + self.tol:
                    lines = trial
                    break
                cands[0] = (exact, op, i, j)
        return lines

    @staticmethod
    def _step(lines: list[list[int]], op: str, i: int, j: int) -> tuple[list[list[int]], list[int], tuple]:
        if op == "drop":
            return [m for t, m in enumerate(lines) if t != i], list(lines[i]), ("drop", tuple(lines[i]), ())
        at = j if j > 0 else i
        jj = abs(j)
        merged = sorted(lines[i] + lines[jj])
        out = [merged if t == at else m for t, m in enumerate(lines) if t not in (i, jj) or t == at]
        return out, lines[i] + lines[jj], ("merge", tuple(lines[i]), (*tuple(lines[jj]), at == i))

    def ev_order(self, lines: list[list[int]]) -> tuple[list[list[int]], np.ndarray, np.ndarray]:
        """``lines`` in EV order where moving a line up changes no play; with each line's share of
        deals and average EV (for 1) on the deals it decides."""
        lines = [list(m) for m in lines]

        def stats(ls: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
            play, chosen = self.ev.play(ls)
            n = len(ls)
            used = np.bincount(chosen, weights=self.mult, minlength=n)[:n]
            val = np.bincount(chosen, weights=self.mult * play, minlength=n)[:n]
            mean = np.where(used > 0, val / np.maximum(used, 1e-300), -np.inf) / self.weight
            return used / self.mult.sum(), mean

        _, mean = stats(lines)
        mean_of = {tuple(m): float(v) for m, v in zip(lines, mean, strict=True)}
        for i in range(1, len(lines) - 1):  # the last line (draw five) stays last
            j = i
            while j > 0 and mean_of[tuple(lines[j - 1])] < mean_of[tuple(lines[j])]:
                trial = [*lines[:j - 1], lines[j], lines[j - 1], *lines[j + 1:]]
                if self.cost(lines, trial, lines[j - 1] + lines[j]) > self.tol:
                    break
                lines = trial
                j -= 1
        share, mean = stats(lines)
        return lines, share, mean

    def named(self, lines: list[list[int]], share: np.ndarray, mean: np.ndarray,
              paying: str | None) -> list[CardLine]:
        out = []
        for members, s, m in zip(lines, share, mean, strict=True):
            pats = sorted((int(self.uniq[p]) for p in members), reverse=True)
            by_family: dict[int, list[int]] = {}
            for p in pats:
                by_family.setdefault(family_key(p), []).append(p)
            texts, notes = [], []
            for fk, group in by_family.items():
                fam = [int(self.uniq[i]) for i, k in self.family.items() if k == fk]  # (keys computed once)
                text, note = players_words(line_name(group, fam, self.words), paying)
                texts.append(text)
                if note:
                    notes.append(f"{text}: {note}" if len(by_family) > 1 else note)
            name = _join(texts)
            if len(by_family) > 1 and all(P.field(p, "kind") == 1 for p in pats):  # pat hands
                cls = sorted({P.field(p, "extra") for p in pats})
                names = self.words.classes or ()
                gaps = [names[c] for c in range(cls[-1]) if c not in cls] if names else ["?"]
                if cls[0] == 0 and cls[-1] < len(names) and all(g in _HELD_AS_MADE for g in gaps):
                    name = f"pat {names[cls[-1]]} or better"
            out.append(CardLine(name, "; ".join(notes), float(s), float(m), tuple(pats)))
        return out


def _join(texts: list[str]) -> str:
    """One line's name from its families' names: "pat flush, straight or full house".

    >>> _join(["pat full house", "pat straight with a joker"])
    'pat full house or straight (with or without the joker)'
    >>> _join(["joker + pair of kings or better", "joker + low pair (queens or lower)"])
    'joker + any pair'
    """
    texts = list(dict.fromkeys(texts))
    if len(texts) == 1:
        return texts[0]
    if all(t.startswith("pat ") for t in texts):  # pat hands: each class once, wild cards said once
        wild = [_WITH.search(t) for t in texts]
        bare = list(dict.fromkeys(_WITH.sub("", t[4:]) for t in texts))
        word = next((m.group(2) for m in wild if m), "")
        tail = ("" if not word else f" (with {word}s)" if all(wild) else
                f" (with or without the {word})")
        return "pat " + (", ".join(bare[:-1]) + " or " + bare[-1] if len(bare) > 1 else bare[0]) + tail
    heads = [_PLUS.match(t) for t in texts]
    plain = [_PLUS.sub("", t) for t in texts]
    word = next((m.group(2) for m in heads if m), "")
    if len(set(plain)) == 1 and word:
        return f"{plain[0]} (with or without the {word})"
    if len(plain) > 1 and all("pair" in t and "two pair" not in t for t in plain) and len({bool(m) for m in heads}) == 1:
        return (heads[0].group(0) if heads[0] else "") + "any pair"
    head = texts[0].split(" ")[0]
    if all(t.startswith(head + " ") for t in texts) and head in ("pat", "joker", "deuce"):
        rest = [t[len(head) + 1:] for t in texts]
        return f"{head} {', '.join(rest[:-1])} or {rest[-1]}"
    return ", ".join(texts[:-1]) + " or " + texts[-1]


def video_poker_card(analysis: Analysis, table: StrategyTable, card_lines: int = CARD_LINES,
                     simple_lines: int = SIMPLE_LINES, patterns: HoldPatterns | None = None) -> VideoPokerCard:
    """The card (at most ``card_lines``) and the simple strategy (at most ``simple_lines``), both in
    EV order, with their exact returns (``patterns``: the ones :func:`.strategy.strategy_table` used)."""
    cut = _Cutter(analysis, table, patterns)
    hp = analysis.table.min_paying_pair
    paying = _RANKS[hp] if hp is not None and cut.words.high_cards else None
    card = cut.cut(cut.lines, card_lines)
    card, share, mean = cut.ev_order(card)
    simple = cut.cut(card, simple_lines, coarse=True)
    simple, s_share, s_mean = cut.ev_order(simple)
    return VideoPokerCard(cut.named(card, share, mean, paying), cut.value(card),
                          cut.named(simple, s_share, s_mean, paying), cut.value(simple),
                          float(analysis.ret), len(table.lines))
