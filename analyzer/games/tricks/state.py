"""A :class:`analyzer.games.state.GameState` façade over the trick-game kernels.

One deal: (in a full Georgian deal) seat 0 names trump, then the bids from seat 0, then the
tricks; drawing after each trick in the 54-card game. Actions are ints: a trump choice is 0..3
(a suit) or 4 (no trump), a bid is the number bid, a play is the kernels' move
``bit + 64 * mode``.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> st = TrickState.new_deal(trick_rules("georgian-joker"), 2, np.random.default_rng(5))
>>> st.phase, st.current_player(), st.legal_actions()
('bid', 0, [0, 1, 2])
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.games.state import TERMINAL
from analyzer.games.tricks.deck import (
    SUITS,
    card_text,
    format_mask,
    trick_deck,
    trump_text,
)
from analyzer.games.tricks.kernels import (
    GIVE,
    HIGH,
    JK1,
    LOW,
    TAKE,
    deal_score,
    led_suit,
    legal_moves,
    trick_winner,
)
from analyzer.games.tricks.rules import TrickRules

__all__ = ["TrickState", "kernel_policy", "move_text"]

NO_TRUMP_ACTION = 4


def move_text(action: int, deck_name: str = "36j") -> str:
    """A play as text: ``Ah``, ``Jk1 take h``, ``Jk2 low``.

    >>> move_text(61 + 64 * 5), move_text(62 + 64 * 2)
    ('Jk1 take h', 'Jk2 low')
    """
    bit, mode = action & 63, action >> 6
    text = card_text(bit, trick_deck(deck_name))
    if mode == HIGH:
        return f"{text} high"
    if mode == LOW:
        return f"{text} low"
    if TAKE <= mode < GIVE:
        return f"{text} take {SUITS[mode - TAKE]}"
    if mode >= GIVE:
        return f"{text} give {SUITS[mode - GIVE]}"
    return text


@dataclass
class TrickState:
    """One deal in progress (seat 0 left of the dealer; the dealer is the last seat)."""

    rules: TrickRules
    hands: list[int]
    stock: list[int]  # bits still to draw, the next first (the turned card last)
    trump: int
    cards: int
    set_index: int = 0
    phase: str = "bid"
    bids: list[int] = field(default_factory=list)
    took: list[int] = field(default_factory=list)
    penalty: list[int] = field(default_factory=list)
    trick: list[int] = field(default_factory=list)  # moves of the trick in progress
    leader: int = 0
    history: list[tuple[int, int]] = field(default_factory=list)  # (seat, action), all phases
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, move) of the tricks
    tricks_done: int = 0
    first_three: int = 0  # mask of seat 0's first three cards (he names trump from them)
    voids: list[int] = field(default_factory=list)  # per seat: suits shown void (bit per suit)

    def __post_init__(self) -> None:
        p = self.rules.players
        self.num_players = p
        self.took = self.took or [0] * p
        self.penalty = self.penalty or [0] * p
        self.voids = self.voids or [0] * p
        self.leader = p - 1 if self.rules.leader == "dealer" else 0
        self._rp = self.rules.params()
        self._deck = trick_deck(self.rules.deck)
        self._n_tricks = self.cards + len(self.stock) // p

    @classmethod
    def new_deal(cls, rules: TrickRules, cards: int, rng: np.random.Generator, set_index: int = 0
                 ) -> TrickState:
        """A random deal of ``cards`` cards each (trump turned, or to be named in a full deal)."""
        deck = np.array(trick_deck(rules.deck).bits)
        p = rules.players
        if not 1 <= cards * p <= deck.size:
            raise JokerOddsError(f"cannot deal {cards} cards to {p} players from {deck.size}")
        pack = [int(b) for b in rng.permutation(deck)]
        hands = [sum(1 << b for b in pack[s * cards:(s + 1) * cards]) for s in range(p)]
        rest = pack[p * cards:]
        phase, trump = "bid", -1
        if not rest:
            if rules.trump == "turned" and rules.full_deal_trump == "chosen":
                phase = "trump"
        elif rules.trump == "turned":
            turned = rest[-1] if rules.draw == "after-trick" else rest[0]
            trump = -1 if turned >= JK1 else turned >> 4
        stock = rest if rules.draw == "after-trick" else []
        st = cls(rules, hands, stock, trump, cards, set_index, phase)
        st.first_three = sum(1 << b for b in pack[:min(3, cards)])
        return st

    @classmethod
    def from_hands(cls, rules: TrickRules, hands: list[int], trump: int, leader: int | None = None
                   ) -> TrickState:
        """A deal with given hands (no stock), trump and first leader, at the bidding."""
        st = cls(rules, list(hands), [], trump, bin(hands[0]).count("1"))
        if leader is not None:
            st.leader = leader
        return st

    @property
    def tricks(self) -> int:
        """Tricks of the deal (more than the cards when drawing)."""
        return self._n_tricks

    def current_player(self) -> int:
        if self.phase == "trump":
            return 0
        if self.phase == "bid":
            return len(self.bids)
        if self.phase == "play":
            return (self.leader + len(self.trick)) % self.num_players
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == "done"

    def _forbidden_bid(self) -> int:
        if len(self.bids) != self.num_players - 1 or self.rules.hook == "off":
            return -1
        target = self._n_tricks if self.rules.hook == "tricks" else self.cards
        return target - sum(self.bids)

    def legal_actions(self) -> list[int]:
        if self.phase == "trump":
            return [0, 1, 2, 3, NO_TRUMP_ACTION]
        if self.phase == "bid":
            bad = self._forbidden_bid()
            return [b for b in range(self._n_tricks + 1) if b != bad]
        if self.phase == "play":
            cards, modes = self._trick_arrays()
            out = np.zeros(48, np.int64)
            n = legal_moves(np.uint64(self.hands[self.current_player()]), cards, modes,
                            len(self.trick), self.trump, self._rp, out)
            return sorted(int(a) for a in out[:n])
        return []

    def _trick_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        cards = np.zeros(self.num_players, np.int64)
        modes = np.zeros(self.num_players, np.int64)
        for i, a in enumerate(self.trick):
            cards[i], modes[i] = a & 63, a >> 6
        return cards, modes

    def apply_action(self, action: int) -> None:
        action = int(action)
        if action not in self.legal_actions():
            raise JokerOddsError(f"illegal action {action} for seat {self.current_player()} "
                                 f"in phase {self.phase}")
        seat = self.current_player()
        self.history.append((seat, action))
        if self.phase == "trump":
            self.trump = -1 if action == NO_TRUMP_ACTION else action
            self.phase = "bid"
            return
        if self.phase == "bid":
            self.bids.append(action)
            if len(self.bids) == self.num_players:
                self.phase = "play"
            return
        bit = action & 63
        self._note_void(seat, bit)
        if not self.trick and bit >= JK1 and self.hands[seat] != 1 << bit:
            self.penalty[seat] += self.rules.joker_lead_penalty
        self.hands[seat] ^= 1 << bit
        self.plays.append((seat, action))
        self.trick.append(action)
        if len(self.trick) < self.num_players:
            return
        cards, modes = self._trick_arrays()
        w = (self.leader + int(trick_winner(cards, modes, self.num_players, self.trump, self._rp))) \
            % self.num_players
        self.took[w] += 1
        self.tricks_done += 1
        self.trick = []
        self.leader = w
        if len(self.stock) >= self.num_players:
            for j in range(self.num_players):
                self.hands[(w + j) % self.num_players] |= 1 << self.stock.pop(0)
        if not any(self.hands):
            self.phase = "done"

    def returns(self) -> list[float]:
        if self.phase != "done":
            return [0.0] * self.num_players
        return [float(deal_score(b, k, self.cards, self.set_index, self._rp) - pen)
                for b, k, pen in zip(self.bids, self.took, self.penalty, strict=True)]

    def action_to_string(self, action: int) -> str:
        if self.phase == "trump":
            return "no trump" if action == NO_TRUMP_ACTION else f"trump {SUITS[action]}"
        if self.phase == "bid":
            return f"bid {action}"
        return move_text(action, self.rules.deck)

    def information_state(self, player: int) -> str:
        """Own hand, trump, bids, tricks taken and every card played so far."""
        plays = " ".join(f"{s}:{move_text(a, self.rules.deck)}" for s, a in self.plays)
        return (f"seat {player} hand {format_mask(self.hands[player], self._deck)} | trump "
                f"{trump_text(self.trump)} | bids {self.bids} | took {self.took} | played {plays}")

    def clone(self) -> TrickState:
        return copy.deepcopy(self)

    def _note_void(self, seat: int, bit: int) -> None:
        """Record the suits a play shows ``seat`` lacks (a joker shows nothing)."""
        if not self.trick or bit >= JK1:
            return
        cards, modes = self._trick_arrays()
        s = int(led_suit(cards, modes, len(self.trick), self._rp[0]))
        if s < 0 or bit >> 4 == s:
            return
        self.voids[seat] |= 1 << s
        if self.rules.must_trump and self.trump >= 0 and bit >> 4 != self.trump:
            self.voids[seat] |= 1 << self.trump

    def resample(self, player: int, rng: np.random.Generator, tries: int = 200) -> TrickState:
        """A copy with the other seats' cards (and the hidden stock) redealt at random: hand
        sizes kept, and no card of a suit a seat has shown void in (when a redeal within
        ``tries`` attempts allows it; the inference that a card played under a led "take" was
        its owner's highest is not used)."""
        st = self.clone()
        others = [s for s in range(self.num_players) if s != player]
        turned = st.stock[-1:] if st.stock else []  # the face-up trump card stays known
        pool = [b for s in others for b in range(64) if st.hands[s] >> b & 1] + list(st.stock[:-1])
        sizes = [bin(st.hands[s]).count("1") for s in others]
        for attempt in range(tries + 1):
            deal = [int(b) for b in rng.permutation(pool)]
            hands, i, ok = [], 0, True
            for s, size in zip(others, sizes, strict=True):
                cards = deal[i:i + size]
                i += size
                if attempt < tries and any(b < JK1 and self.voids[s] >> (b >> 4) & 1 for b in cards):
                    ok = False
                    break
                hands.append(sum(1 << b for b in cards))
            if ok:
                break
        for s, h in zip(others, hands, strict=True):
            st.hands[s] = h
        st.stock = deal[i:] + turned
        return st


def kernel_policy(name: str) -> Callable[[TrickState, np.random.Generator], int]:
    """A :data:`analyzer.games.state.Policy` that asks the named policy kernel (``random`` or
    ``heuristic``) for the move, so searches and playthroughs use the self-play policies.

    >>> from analyzer.games.state import play_out
    >>> from analyzer.games.tricks.rules import trick_rules
    >>> rng = np.random.default_rng(3)
    >>> st = TrickState.new_deal(trick_rules("georgian-joker"), 4, rng)
    >>> len(play_out(st, [kernel_policy("heuristic")] * 4, rng))
    4
    """
    from analyzer.games.tricks.policies import POLICY_CODES, choose_bid, choose_move, choose_trump

    if name not in POLICY_CODES:
        raise JokerOddsError(f"unknown policy {name!r} (known: {', '.join(POLICY_CODES)})")
    code = POLICY_CODES[name]

    def policy(st: TrickState, rng: np.random.Generator) -> int:
        pstate = rng.integers(1, 2**63, size=4, dtype=np.int64).astype(np.uint64)
        seat = st.current_player()
        if st.phase == "trump":
            t = int(choose_trump(code, np.uint64(st.first_three), pstate))
            return NO_TRUMP_ACTION if t < 0 else t
        hand = np.uint64(st.hands[seat])
        if st.phase == "bid":
            extra = (st.tricks - st.cards) / st.num_players
            return int(choose_bid(code, hand, st.trump, st.tricks, st._forbidden_bid(), extra, pstate))
        moves = np.array(st.legal_actions() + [0] * 48, np.int64)[:48]
        n = len(st.legal_actions())
        cards, modes = st._trick_arrays()
        deck = 0
        for b in st._deck.bits:
            deck |= 1 << b
        played = 0
        for _s, a in st.plays:
            played |= 1 << (a & 63)
        unseen = np.uint64(deck & ~played & ~st.hands[seat])
        return int(choose_move(code, hand, moves, n, cards, modes, len(st.trick), st.trump,
                               st.bids[seat] - st.took[seat], unseen, st._rp, pstate))

    return policy
