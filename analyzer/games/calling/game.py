"""A calling game as data: a deck, a sequence of called ranks, and the banker's payoffs.

The banker turns ``C`` cards one at a time off a shuffled deck of ``N`` cards, naming a rank
with each (call ``i`` names rank ``calls[i]``); a *match* is a turned card whose rank is the
one named. Three classic games are presets of this one model:

- ``banker-14`` (the banker's game): 54 cards, calls joker, A, K, Q, …, 2; the banker wins
  one stake per player on any match, two if the first card (the joker call) matches, and pays
  one stake per player when nothing matches.
- ``treize`` (Montmort): 52 cards, 13 calls A, 2, …, K.
- ``frustration`` (frustration solitaire): all 52 cards, calls A..K repeated four times.

>>> g = calling_game("banker-14")
>>> g.deck.name, g.n_cards, g.n_calls, g.calls_text
('52+2', 54, 14, 'Jk A K Q J T 9 8 7 6 5 4 3 2')
>>> calling_game("A K", deck="36").multiplicities[12]
4
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from analyzer.cards import RANK_CHARS, CardError, DeckSpec, get_deck, parse_rank, rank_of
from analyzer.errors import JokerOddsError

__all__ = ["JOKER_RANK", "PRESETS", "CallingError", "CallingGame", "calling_game", "parse_calls"]

JOKER_RANK = 13  # rank index of a joker in a call sequence (ordinary ranks are 0=deuce .. 12=ace)
N_CALL_RANKS = 14
_MONTMORT = "A 2 3 4 5 6 7 8 9 T J Q K"

# name -> (calls, default deck, banker's win on a first-card match, description)
PRESETS: dict[str, tuple[str, str, int, str]] = {
    "banker-14": ("Jk A K Q J T 9 8 7 6 5 4 3 2", "52+2", 2,
                  "the banker's game: 54 cards, 14 calls joker, ace … two; first-card match pays double"),
    "treize": (_MONTMORT, "52", 1, "Montmort's treize: 52 cards, 13 calls ace … king"),
    "frustration": (" ".join([_MONTMORT] * 4), "52", 1,
                    "frustration solitaire: all 52 cards, calls ace … king four times"),
}


class CallingError(JokerOddsError):
    """A bad call sequence, call count or payoff for a calling game."""


def _rank_text(rank: int) -> str:
    return "Jk" if rank == JOKER_RANK else RANK_CHARS[rank]


def parse_calls(text: str) -> tuple[int, ...]:
    """Rank indices of a call sequence such as ``"Jk A K 10 9"`` (13 = joker).

    >>> parse_calls("joker, A, 10, 2")
    (13, 12, 8, 0)
    >>> parse_calls("A X")
    Traceback (most recent call last):
    ...
    analyzer.games.calling.game.CallingError: unknown call 'X' in 'A X' (use Jk, A, K, Q, J, T or 10, 9 … 2)
    """
    out = []
    for tok in (t for t in re.split(r"[\s,]+", text.strip()) if t):
        t = tok.upper()
        if t in ("JK", "JOKER", "JO"):
            out.append(JOKER_RANK)
        else:
            try:
                out.append(parse_rank(t))
            except CardError:
                raise CallingError(f"unknown call {tok!r} in {text!r} (use Jk, A, K, Q, J, T or 10, 9 … 2)") from None
    if not out:
        raise CallingError("the call sequence is empty")
    return tuple(out)


@dataclass(frozen=True)
class CallingGame:
    """A deck, the calls in order, and what the banker wins per unit staked per player.

    ``first_pays``: won on a match at the first call; ``match_pays``: on a first match at any
    later call; ``miss_pays``: paid by the banker when no call matches.
    """

    name: str
    deck: DeckSpec
    calls: tuple[int, ...]
    first_pays: int = 1
    match_pays: int = 1
    miss_pays: int = 1

    @property
    def n_cards(self) -> int:
        return self.deck.size

    @property
    def n_calls(self) -> int:
        return len(self.calls)

    @property
    def multiplicities(self) -> tuple[int, ...]:
        """Cards of each call rank in the deck (index 13 = jokers)."""
        counts = [0] * N_CALL_RANKS
        for code in self.deck.cards:
            r = rank_of(int(code))
            counts[JOKER_RANK if r < 0 else r] += 1
        return tuple(counts)

    @property
    def calls_text(self) -> str:
        return " ".join(_rank_text(r) for r in self.calls)

    @property
    def card_ranks(self) -> np.ndarray:
        """Call rank of every physical card (int64, for the Monte Carlo kernel)."""
        return np.array([JOKER_RANK if rank_of(int(c)) < 0 else rank_of(int(c)) for c in self.deck.cards],
                        dtype=np.int64)

    def payoff(self, first_match: int) -> int:
        """Banker's result per unit per player when the first match is at call ``first_match``
        (1-based; 0 = no match).

        >>> g = calling_game("banker-14")
        >>> g.payoff(1), g.payoff(5), g.payoff(0)
        (2, 1, -1)
        """
        if first_match == 0:
            return -self.miss_pays
        return self.first_pays if first_match == 1 else self.match_pays


def calling_game(calls: str = "banker-14", deck: str | DeckSpec | None = None,
                 first_pays: int | None = None, match_pays: int = 1, miss_pays: int = 1,
                 repeat: int = 1) -> CallingGame:
    """A game from a preset name (``banker-14``, ``treize``, ``frustration``) or a call sequence.

    ``deck`` defaults to the preset's (``52`` for a plain call sequence); ``first_pays`` to the
    preset's (2 for ``banker-14``, else 1). Calls may name a rank the deck lacks (that call can
    never match) but there may not be more calls than cards. ``repeat`` repeats the sequence.

    >>> calling_game("A 6 7 8 9 T J Q K", deck="36", repeat=4).n_calls
    36
    """
    key = calls.strip().lower()
    if key in PRESETS:
        text, default_deck, default_first, _ = PRESETS[key]
        name = key if repeat == 1 else f"{key}×{repeat}"
    else:
        text, default_deck, default_first, name = calls, "52", 1, "custom"
    spec = deck if isinstance(deck, DeckSpec) else get_deck(deck or default_deck)
    if repeat < 1:
        raise CallingError(f"repeat must be ≥ 1, got {repeat}")
    ranks = parse_calls(text) * int(repeat)
    if len(ranks) > spec.size:
        raise CallingError(f"{len(ranks)} calls but deck {spec.name} has only {spec.size} cards")
    first = default_first if first_pays is None else int(first_pays)
    for label, v in (("first-card win", first), ("match win", match_pays), ("miss payment", miss_pays)):
        if v < 0:
            raise CallingError(f"{label} must be ≥ 0, got {v}")
    return CallingGame(name, spec, ranks, first, int(match_pays), int(miss_pays))
