"""The program's card and move codes for the referee's cards and plays, and the trick-game
variants named twice (referee rules, production preset and overrides). Test helper only.

The codes are the documented representation (a hand is a mask of bits ``suit * 16 + rank``,
the jokers bits 61 and 62; a play is ``bit + 64 * mode``, mode 0 plain, 1 high, 2 low, 3 + suit
take, 7 + suit give), not rule data.

>>> action_of((("joker", 1), ("take", "h"))) == 61 + 64 * 5
True
>>> play_of(61 + 64 * 5)
(('joker', 1), ('take', 'h'))
"""

from __future__ import annotations

from dataclasses import replace

from tricks_game_reference import GEORGIAN, JOKER54, GameRules
from tricks_reference import SUITS, is_joker

MODES = {"plain": 0, "high": 1, "low": 2}

# (referee rules, production preset, production overrides): the same game twice.
VARIANTS: dict[str, tuple[GameRules, str, list[str]]] = {
    "georgian": (GEORGIAN, "georgian-joker", []),
    "georgian-3p-trump-beats-take": (replace(GEORGIAN, players=3, trump_beats_take=True), "georgian-joker",
                                     ["players=3", "trump_beats_take=true"]),
    "georgian-hisht-by-set-minus-missed": (
        replace(GEORGIAN, hisht="by-set", missed="per-missed"), "georgian-joker",
        ["hisht=by-set", "over_per_trick=0", "over_per_missed=-10", "under_per_trick=0", "under_per_missed=-10"]),
    "georgian-2p-per-card-hook-off": (replace(GEORGIAN, players=2, hisht="per-card", hook="off"),
                                      "georgian-joker", ["players=2", "hisht=per-card", "hook=off"]),
    "joker54": (JOKER54, "joker-54", []),
    "joker54-4p-hook-hand": (replace(JOKER54, players=4, hook="hand"), "joker-54", ["players=4", "hook=hand"]),
    "joker54-6p-no-draw": (replace(JOKER54, players=6, draw=False), "joker-54", ["players=6", "draw=none"]),
}


def bit_of(card: tuple) -> int:
    """The program's hand-mask bit of a referee card (suit * 16 + rank; jokers 61, 62)."""
    return 60 + card[1] if is_joker(card) else SUITS.index(card[1]) * 16 + card[0]


def card_of(bit: int) -> tuple:
    return ("joker", bit - 60) if bit >= 61 else (bit & 15, SUITS[bit >> 4])


def cards_of(mask: int) -> list[tuple]:
    return [card_of(b) for b in range(64) if mask >> b & 1]


def mask_of(cards: list[tuple]) -> int:
    return sum(1 << bit_of(c) for c in cards)


def action_of(play: tuple) -> int:
    """The program's move ``bit + 64 * mode`` of a referee play."""
    c, m = play
    if isinstance(m, tuple):
        mode = (3 if m[0] == "take" else 7) + SUITS.index(m[1])
    else:
        mode = MODES[m]
    return bit_of(c) + 64 * mode


def play_of(action: int) -> tuple:
    """The referee play of a program move."""
    c, mode = card_of(action & 63), action >> 6
    if mode >= 7:
        return (c, ("give", SUITS[mode - 7]))
    if mode >= 3:
        return (c, ("take", SUITS[mode - 3]))
    return (c, ["plain", "high", "low"][mode])
