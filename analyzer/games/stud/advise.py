"""Per-situation EV: fold or bet, for a player hand, the dealer's up card and the wild card,
by scoring every dealer hole-card set (C(46, 4) = 163,185 of them).

>>> from analyzer.games.stud.game import load_game
>>> a = advise(load_game("caribbean"), "As Kd 9h 5c 2s", "Qh")
>>> a.decision, a.dealer_hands, round(float(a.ev_bet), 4)
('fold', 163185, -1.1714)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from analyzer.cards import CardError, format_card, format_hand, parse_card, parse_hand
from analyzer.evaluator import Evaluator
from analyzer.games.stud import kernels as K
from analyzer.games.stud.game import StudError, StudGame
from analyzer.results import TableResult
from analyzer.rules import RuleSet, with_overrides

__all__ = ["Advice", "advise", "parse_situation", "situation_evaluator"]


@dataclass(frozen=True)
class Advice(TableResult):
    """Exact fold/bet EVs (antes) of one situation and the dealer-hand outcome counts."""

    hand: str
    up: str
    wild: str
    description: str
    dealer_hands: int
    not_qualified: int
    wins: int
    ties: int
    losses: int
    ev_fold: Fraction
    ev_bet: Fraction

    @property
    def decision(self) -> str:
        return "bet" if self.ev_bet > self.ev_fold else "fold"

    @property
    def gain(self) -> float:
        """What betting adds over folding (antes; negative: fold)."""
        return float(self.ev_bet - self.ev_fold)

    def rows(self) -> list[dict[str, Any]]:
        base = {"hand": self.hand, "up": self.up, "wild": self.wild, "player": self.description}
        counts = {"dealer_hands": self.dealer_hands, "dealer_not_qualified": self.not_qualified,
                  "player_wins": self.wins, "ties": self.ties, "dealer_wins": self.losses}
        return [
            {**base, "action": "fold", "ev": float(self.ev_fold), "best": self.decision == "fold",
             **dict.fromkeys(counts)},
            {**base, "action": "bet", "ev": float(self.ev_bet), "best": self.decision == "bet", **counts},
        ]


@lru_cache(maxsize=16)
def _evaluator(rules: RuleSet, deck: str) -> Evaluator:
    return Evaluator(rules, deck)


def situation_evaluator(game: StudGame) -> Evaluator:
    """The game's evaluator; a board game's is built for one wild card (pass ``wbits`` per deal)."""
    if game.designation == "board":
        return _evaluator(with_overrides(game.rules, deck="52", wild=["As"]), "52")
    return _evaluator(game.rules, game.deck)


def parse_situation(game: StudGame, hand: str, up: str, wild: str | None) -> tuple[np.ndarray, int, int, str]:
    """Player codes, up-card code, wild bit set and the wild card's text, validated."""
    ev = situation_evaluator(game)
    codes = parse_hand(hand, ev.deck, size=5)
    u = parse_card(up, ev.deck)
    if not ev.deck.max_copies[u]:
        raise CardError(f"card {up!r} is not in deck {ev.deck.name}")
    if u in codes.tolist():
        raise CardError(f"duplicate card {up!r}: the up card is also in the hand {hand!r}")
    if game.designation == "board":
        if wild is None:
            raise StudError(f"game {game.name!r} needs the wild card: --wild CARD or --wild doc")
        w = u if wild.strip().lower() == "doc" else parse_card(wild, ev.deck)
        if w >= 52:
            raise CardError(f"the board designates one of the 52 cards, not {wild!r}")
        return codes, u, 1 << w, format_card(w) + (" (dealer's open card)" if w == u else "")
    if wild is not None:
        raise StudError(f"game {game.name!r} has no board: --wild does not apply")
    return codes, u, int(ev.wbits), "jokers" if ev.wbits else "none"


def advise(game: StudGame, hand: str, up: str, wild: str | None = None) -> Advice:
    """Exact EV of folding and of betting (antes, per ante) in one situation."""
    codes, u, wbits, wild_text = parse_situation(game, hand, up, wild)
    ev = situation_evaluator(game)
    table, _ = ev.kernel_args()
    used = set(codes.tolist()) | {u}
    pack = np.array([c for c in ev.deck.cards.tolist() if c not in used], np.int64)
    q_score = game.qualifier.min_score(ev.rules)
    out = np.zeros(4, np.int64)
    hand64 = codes.astype(np.int64)
    K.brute_situation(pack, pack.size, hand64, u, table, np.int64(wbits), q_score, out)
    nq, win, tie, lose = (int(x) for x in out)
    total = nq + win + tie + lose
    score = int(K.score_one(hand64, table, np.int64(wbits)))
    cat = ev.category(score)
    value = (nq * game.no_qualify_units + win * game.win_units(cat) + tie * game.tie_units
             + lose * game.lose_units)
    natural = not any((wbits >> int(c)) & 1 for c in codes)
    desc = cat.label if natural else f"{cat.label} (wild)"
    return Advice(format_hand(codes, ev.deck), format_card(u, ev.deck), wild_text, desc, total, nq,
                  win, tie, lose, Fraction(-1), value / total)
