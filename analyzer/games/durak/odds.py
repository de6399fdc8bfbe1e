"""P(fool) of a dealt hand: the hand sits in one seat, the turned card and everybody else's cards
are sampled from the rest of the deck, and the games are played out by self-play.

>>> from analyzer.games.durak.rules import durak_rules
>>> o = hand_odds(durak_rules(players=3), "As Jk1 7h 9c Td Qs", "h", seat=0, games=500, seed=2, quiet=True)
>>> o.games, 0.0 <= o.p_fool.estimate <= 1.0
(500, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.cards import CardError, format_hand, parse_card, parse_hand
from analyzer.checkpoint import order_problem, outcome_problem
from analyzer.engine import run
from analyzer.games.durak.kernels.choose import search_arg
from analyzer.games.durak.kernels.play import odds_chunk
from analyzer.games.durak.rules import DurakError, DurakRules
from analyzer.games.durak.simulate import DEFAULT_BUDGET, chunk_for, policy_codes
from analyzer.games.durak.state import tables_for
from analyzer.results import TableResult
from analyzer.stats import ProportionEstimate, estimate_pairs, mean_from_sums, proportion

__all__ = ["HandOdds", "OddsTask", "hand_odds", "turned_choices"]

SUITS = "cdhs"
_SUIT_SYMBOLS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}


def turned_choices(rules: DurakRules, hand: np.ndarray, trump: str) -> np.ndarray:
    """The possible turned cards: every card of suit ``trump`` (c d h s) not in the hand, or the
    one card named (``7h``, ``Jk2``)."""
    text = trump.strip()
    text = _SUIT_SYMBOLS.get(text, text)
    deck = rules.deck_cards()
    held = set(int(c) for c in hand)
    if len(text) == 1 and text.lower() in SUITS:  # not "" or "cd", which "in" would find
        s = SUITS.index(text.lower())
        out = [int(c) for c in deck if c < 52 and (c & 3) == s and int(c) not in held]
        if not out:
            raise DurakError(f"no card of suit {text!r} is left to turn")
        return np.array(out, dtype=np.int64)
    try:
        card = parse_card(text)
    except CardError:
        raise DurakError(f"bad --trump {trump!r}: give a suit (c, d, h, s) or the turned card (7h, Jk2)") from None
    if card not in set(int(c) for c in deck):
        raise DurakError(f"turned card {trump!r} is not in deck {rules.deck}")
    if card in held:
        raise DurakError(f"turned card {trump!r} is in the hand")
    return np.array([card], dtype=np.int64)


@dataclass(frozen=True)
class OddsTask:
    """Engine task: games with one seat's hand fixed."""

    rest: np.ndarray
    hand: np.ndarray
    seat: int
    turned: np.ndarray
    rules: np.ndarray
    n_players: int
    policies: np.ndarray
    budget: int
    tab: np.ndarray

    piece_trials = 1  # a game with a search takes milliseconds: the engine runs chunks in timed pieces

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return odds_chunk(state, n, self.rest, self.hand, self.seat, self.turned, self.rules, self.n_players,
                          self.policies, search_arg(self.policies, self.budget), self.tab)

    def start_chunk(self) -> np.ndarray:
        """The sums a chunk run in pieces carries (every game arranges its own pack)."""
        return np.zeros(8, np.int64)

    def run_piece(self, state: np.ndarray, carry: np.ndarray, n: int) -> None:
        carry += self.run_chunk(state, n)

    def finish_chunk(self, carry: np.ndarray) -> np.ndarray:
        return carry

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        return estimate_pairs([("p_fool", proportion(int(totals[1]), int(totals[0])))])

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` games (see :func:`odds_chunk` for the layout)."""
        return outcome_problem(totals, trials, {"games": [0]}) or order_problem(totals, [
            ("fools, draws and aborts", [1, 2, 3], [0]), ("first attacks", [4], [0]),
            ("fools when attacking first", [5], [4]), ("fools when attacking first, of all fools", [5], [1])])


@dataclass(frozen=True)
class HandOdds(TableResult):
    """What a run of :func:`hand_odds` found."""

    hand: str
    trump: str
    seat: int
    lineup: tuple[str, ...]
    rules: DurakRules
    totals: np.ndarray
    seed: int

    @property
    def games(self) -> int:
        return int(self.totals[0])

    @property
    def p_fool(self) -> ProportionEstimate:
        return proportion(int(self.totals[1]), self.games)

    def rows(self) -> list[dict[str, Any]]:
        n = self.games
        fa = int(self.totals[4])
        out = []
        for name, count, trials in (("p_fool", self.totals[1], n), ("p_draw", self.totals[2], n),
                                    ("p_attacks_first", fa, n),
                                    ("p_fool_when_attacking_first", self.totals[5], fa),
                                    ("p_fool_otherwise", self.totals[1] - self.totals[5], n - fa)):
            e = proportion(int(count), int(trials))
            out.append({"quantity": name, "estimate": e.estimate, "se": e.se, "ci_low": e.ci_low,
                        "ci_high": e.ci_high, "games": int(trials)})
        b = mean_from_sums(n, float(self.totals[6]), float(self.totals[7]))
        out.append({"quantity": "mean_bouts", "estimate": b.mean, "se": b.se, "ci_low": b.ci_low,
                    "ci_high": b.ci_high, "games": n})
        return out

    def summary(self) -> dict[str, Any]:
        return self.meta()

    def meta(self) -> dict[str, Any]:
        return {"hand": self.hand, "trump": self.trump, "seat": self.seat, "players": self.rules.players,
                "deck": self.rules.deck, "lineup": " ".join(self.lineup), "games": self.games,
                "seed": self.seed, "aborted": int(self.totals[3])}


def hand_odds(rules: DurakRules, hand: str, trump: str, seat: int = 0, lineup: Sequence[str] | None = None,
              games: int | None = 20_000, seed: int = 0, budget: int = DEFAULT_BUDGET,
              chunk_size: int | None = None, **engine: Any) -> HandOdds:
    """Sample P(fool) of ``hand`` dealt to ``seat`` with trump ``trump``."""
    cards = parse_hand(hand, deck=rules.spec)
    if cards.size != rules.hand_size:
        raise DurakError(f"hand {hand!r} has {cards.size} cards; a durak hand has {rules.hand_size}")
    if not 0 <= seat < rules.players:
        raise DurakError(f"seat must be 0..{rules.players - 1}, got {seat}")
    names = list(lineup) if lineup is not None else ["heuristic"] * rules.players
    if len(names) != rules.players:
        raise DurakError(f"{len(names)} policies for {rules.players} players")
    held = cards.astype(np.int64)
    turned = turned_choices(rules, held, trump)
    rest = np.array([c for c in rules.deck_cards() if c not in set(held.tolist())], dtype=np.int64)
    task = OddsTask(rest, held, int(seat), turned, rules.kernel_rules(), rules.players, policy_codes(names),
                    int(budget), np.array(tables_for(rules)))
    res = run(task, trials=games, seed=seed, chunk_size=chunk_for(names, chunk_size), **engine)
    return HandOdds(format_hand(cards), trump.strip(), int(seat), tuple(names), rules, np.asarray(res.totals),
                    int(seed))
