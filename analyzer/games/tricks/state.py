"""A :class:`analyzer.games.state.GameState` façade over the trick-game kernels.

One deal: (in a full Georgian deal) the seat left of the dealer names trump, then the bids from
that seat round to the dealer, then the tricks; drawing after each trick in the 54-card game.
Actions are ints: a trump choice is 0..3 (a suit) or 4 (no trump), a bid is the number bid, a
play is the kernels' move ``bit + 64 * mode``. The dealer is the last seat unless ``dealer`` says
otherwise; a state can start at any phase from given hands (:meth:`TrickState.from_hands`), and
:meth:`TrickState.observation` is what one player knows (the turned card, the stock's size, every
bid and card played, the cards each seat's plays showed it lacks).

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> st = TrickState.new_deal(trick_rules("georgian-joker"), 2, np.random.default_rng(5))
>>> st.phase, st.current_player(), st.legal_actions()
('bid', 0, [0, 1, 2])
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.games.state import TERMINAL
from analyzer.games.tricks.deck import SUITS, format_mask, move_text, trick_deck, trump_text
from analyzer.games.tricks.kernels.moves import (
    JK1,
    deal_score,
    led_suit,
    legal_moves,
    maker_points,
    trick_winner,
)
from analyzer.games.tricks.kernels.short import side_flags
from analyzer.games.tricks.rules import TrickRules

__all__ = ["TrickInfo", "TrickState", "move_text"]

NO_TRUMP_ACTION = 4


@dataclass(frozen=True)
class TrickInfo:
    """What one seat knows of a deal: its own hand and everything public. ``bids`` by seat (None:
    not yet bid); ``plays`` every (seat, move) so far; ``shown_lacking`` per seat the cards its
    plays showed it cannot hold (a void, not trumping when bound to, the highest card under a led
    "take"; cleared when the seat draws); ``up_holder`` the seat that drew the turned card."""

    seat: int
    phase: str
    hand: int
    trump: int
    turned: int
    up_holder: int
    dealer: int
    bids: list[int | None]
    forbidden_bid: int
    took: list[int]
    trick: list[int]
    leader: int
    plays: list[tuple[int, int]]
    hand_sizes: list[int]
    stock_size: int
    drawn: int
    shown_lacking: list[int]
    penalty: list[int]
    tricks: int
    cards: int


@dataclass
class TrickState:
    """One deal in progress (the dealer is ``dealer``, by default the last seat; ``bids`` are in
    bidding order, from the seat left of the dealer: :meth:`bid_of` gives a seat's bid)."""

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
    turned: int = -1  # the turned trump card, public even after it is drawn (-1: none)
    up_holder: int = -1  # the seat that drew the turned card (-1: not drawn)
    drawn: int = 0  # stock cards drawn so far
    forbid: list[int] = field(default_factory=list)  # per seat: cards its plays showed it lacks
    dealer: int = -1  # the dealer's seat (-1: the last seat)
    maker: int = -1  # maker scoring: the maker's seat once declared (-1: not yet, or thrown in)

    def __post_init__(self) -> None:
        p = self.rules.players
        self.num_players = p
        if self.dealer == -1:
            self.dealer = p - 1
        if not 0 <= self.dealer < p:
            raise JokerOddsError(f"dealer must be a seat 0..{p - 1}, got {self.dealer}")
        self.took = self.took or [0] * p
        self.penalty = self.penalty or [0] * p
        self.voids = self.voids or [0] * p
        self.forbid = self.forbid or [0] * p
        self.leader = self.dealer if self.rules.leader == "dealer" else self.first_seat
        self._rp = self.rules.params()
        self._deck = trick_deck(self.rules.deck)
        self._n_tricks = self.cards + len(self.stock) // p

    @classmethod
    def new_deal(cls, rules: TrickRules, cards: int, rng: np.random.Generator, set_index: int = 0,
                 dealer: int = -1) -> TrickState:
        """A random deal of ``cards`` cards each (trump turned, or to be named in a full deal),
        dealt from the seat left of ``dealer`` (-1: the last seat)."""
        deck = np.array(trick_deck(rules.deck).bits)
        p = rules.players
        if not 1 <= cards * p <= deck.size:
            raise JokerOddsError(f"cannot deal {cards} cards to {p} players from {deck.size}")
        return cls.deal_pack(rules, cards, [int(b) for b in rng.permutation(deck)], set_index, dealer)

    @classmethod
    def deal_pack(cls, rules: TrickRules, cards: int, pack: Sequence[int], set_index: int = 0,
                  dealer: int = -1) -> TrickState:
        """:meth:`new_deal`'s deal of an arranged pack (only its first cards when not drawing)."""
        p = rules.players
        dealer %= p
        first = (dealer + 1) % p
        hands = [0] * p
        for i in range(p):  # the i-th seat from the dealer's left gets the i-th packet
            hands[(first + i) % p] = sum(1 << b for b in pack[i * cards:(i + 1) * cards])
        rest = list(pack[p * cards:])
        phase, trump, turned = "bid", -1, -1
        if not rest:
            if rules.trump == "turned" and rules.full_deal_trump == "chosen":
                phase = "trump"
        elif rules.trump == "turned":
            turned = rest[-1] if rules.draw == "after-trick" else rest[0]
            trump = -1 if turned >= JK1 else turned >> 4
        stock = rest if rules.draw == "after-trick" else []
        st = cls(rules, hands, stock, trump, cards, set_index, phase, dealer=dealer)
        st.turned = turned
        st.first_three = sum(1 << b for b in pack[:min(3, cards)])
        return st

    @classmethod
    def from_hands(cls, rules: TrickRules, hands: list[int], trump: int, leader: int | None = None, *,
                   phase: str = "bid", bids: list[int] | None = None, stock: list[int] | None = None,
                   turned: int = -1, dealer: int = -1, set_index: int = 0, first_three: int | None = None
                   ) -> TrickState:
        """A deal with given hands (masks by seat) at the start of a phase: ``"trump"`` (a full
        deal: the seat left of the dealer names trump from ``first_three``, by default the three
        lowest cards of his hand), ``"bid"`` (``bids`` made so far, in bidding order) or
        ``"play"`` (every bid made; ``leader`` leads, by default the rules' first leader).
        ``stock``: the cards still to draw, the next first (the turned card ``turned`` last when
        it is drawn), ``turned`` the face-up trump card (-1: none).

        >>> from analyzer.games.tricks.rules import trick_rules
        >>> st = TrickState.from_hands(trick_rules("georgian-joker"), [1 << 12, 1 << 11, 1 << 10, 1 << 9], 1,
        ...                            phase="play", bids=[1, 0, 0, 1], dealer=1)
        >>> st.current_player(), st.bid_of(3), st.forbidden_bid()
        (2, 0, -1)
        """
        p = rules.players
        if len(hands) != p or any(h < 0 for h in hands):
            raise JokerOddsError(f"need {p} hands (card masks), got {len(hands)}")
        sizes = {bin(h).count("1") for h in hands}
        if len(sizes) != 1:
            raise JokerOddsError("every hand needs the same number of cards")
        if phase not in ("trump", "bid", "play"):
            raise JokerOddsError(f"phase must be trump, bid or play, got {phase!r}")
        bids = list(bids or [])
        if (phase == "play") != (len(bids) == p) or len(bids) > p or (phase == "trump" and bids):
            raise JokerOddsError(f"phase {phase} needs {'all ' + str(p) if phase == 'play' else 'fewer'} bids, "
                                 f"got {len(bids)}")
        if phase == "trump" and (stock or turned >= 0):
            raise JokerOddsError("trump is named only in a full deal (no stock, no turned card)")
        st = cls(rules, list(hands), list(stock or []), -1 if phase == "trump" else trump, sizes.pop(), set_index,
                 phase, bids, dealer=dealer)
        st.turned = turned
        if leader is not None:
            st.leader = leader
        namer = st.hands[st.first_seat]
        low = [b for b in range(64) if namer >> b & 1][:3]
        st.first_three = sum(1 << b for b in low) if first_three is None else first_three
        if phase == "bid" and any(b < 0 or b > st.tricks for b in bids):
            raise JokerOddsError(f"bids must be 0..{st.tricks}")
        return st

    @property
    def first_seat(self) -> int:
        """The seat left of the dealer: it names trump in a full deal and bids first."""
        return (self.dealer + 1) % self.num_players

    def bid_of(self, seat: int) -> int | None:
        """The bid ``seat`` made (None: not yet)."""
        i = (seat - self.first_seat) % self.num_players
        return self.bids[i] if i < len(self.bids) else None

    @property
    def tricks(self) -> int:
        """Tricks of the deal (more than the cards when drawing)."""
        return self._n_tricks

    def current_player(self) -> int:
        if self.phase == "trump":
            return self.first_seat
        if self.phase == "bid":
            said = len(self.history) if self.rules.scoring == "maker" else len(self.bids)  # declarations: history
            return (self.first_seat + said) % self.num_players
        if self.phase == "play":
            return (self.leader + len(self.trick)) % self.num_players
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == "done"

    def forbidden_bid(self) -> int:
        """The bid the hook forbids the seat to bid now (-1: none): the dealer may not make the
        bids add up to the tricks (or cards) of the deal."""
        if self.phase != "bid" or len(self.bids) != self.num_players - 1 or self.rules.hook == "off":
            return -1
        target = self._n_tricks if self.rules.hook == "tricks" else self.cards
        return target - sum(self.bids)

    def legal_actions(self) -> list[int]:
        if self.phase == "trump":
            return [0, 1, 2, 3, NO_TRUMP_ACTION]
        if self.phase == "bid" and self.rules.scoring == "maker":
            return [0, 1]  # pass, play
        if self.phase == "bid":
            bad = self.forbidden_bid()
            return [b for b in range(self._n_tricks + 1) if b != bad]
        if self.phase == "play":
            cards, modes = self._trick_arrays()
            out = np.zeros(48, np.int64)
            n = legal_moves(np.uint64(self.hands[self.current_player()]), cards, modes,
                            len(self.trick), self.trump, self._rp, out)
            return sorted(int(a) for a in out[:n])
        return []

    def _forbidden_bid(self) -> int:
        return self.forbidden_bid()

    @property
    def deck_bits(self) -> list[int]:
        """The card bits of the deal's pack."""
        return list(self._deck.bits)

    @property
    def params(self) -> np.ndarray:
        """The rules as the kernels' int64 array."""
        return self._rp

    def trick_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The trick in progress as the kernels' arrays: card bits and modes in playing order."""
        return self._trick_arrays()

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
        if self.phase == "bid" and self.rules.scoring == "maker":
            self._declare(seat, action)
            return
        if self.phase == "bid":
            self.bids.append(action)
            if len(self.bids) == self.num_players:
                self.phase = "play"
            return
        bit = action & 63
        self._note_void(seat, bit)
        self._note_forbid(seat, action)
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
                s = (w + j) % self.num_players
                c = self.stock.pop(0)
                self.hands[s] |= 1 << c
                self.drawn += 1
                self.forbid[s] = 0  # a void shown before the draw may be filled now
                if c == self.turned:
                    self.up_holder = s
        if not any(self.hands):
            self.phase = "done"

    def _declare(self, seat: int, action: int) -> None:
        """Maker scoring: "play" (1) makes ``seat`` the maker, his side's seats flagged 1 where the bids
        are; after the last "pass" the dealer plays or the deal is thrown in, by the rules."""
        said = len(self.history)  # the declarations so far, this one included
        if action == 1:
            self.maker = seat
        elif said == self.num_players and self.rules.all_pass == "dealer-plays":
            self.maker = self.dealer
        elif said == self.num_players:
            self.phase = "done"  # thrown in
            return
        else:
            return
        order = [(self.first_seat + i) % self.num_players for i in range(self.num_players)]
        flags = np.zeros(self.num_players, np.int64)
        side_flags(self.maker, self._rp, flags)
        self.bids = [int(flags[s]) for s in order]
        self.phase = "play"

    def returns(self) -> list[float]:
        if self.phase != "done":
            return [0.0] * self.num_players
        if self.rules.scoring == "maker":  # the maker side writes its points, defenders nothing
            if self.maker < 0:
                return [0.0] * self.num_players
            side = sum(self.took[s] for s in range(self.num_players) if self.bid_of(s) == 1)
            pts = float(maker_points(side, self._rp))
            return [pts if self.bid_of(s) == 1 else 0.0 for s in range(self.num_players)]
        return [float(deal_score(self.bid_of(s), self.took[s], self.cards, self.set_index, self._rp)
                      - self.penalty[s]) for s in range(self.num_players)]

    def action_to_string(self, action: int) -> str:
        if self.phase == "trump":
            return "no trump" if action == NO_TRUMP_ACTION else f"trump {SUITS[action]}"
        if self.phase == "bid" and self.rules.scoring == "maker":
            return "play" if action == 1 else "pass"
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

    def _note_forbid(self, seat: int, action: int) -> None:
        from analyzer.games.tricks.kernels.reveal import note_play

        forbid = np.array(self.forbid, np.uint64)
        cards, modes = self._trick_arrays()
        note_play(forbid, seat, action, cards, modes, len(self.trick), self.trump, self._rp)
        self.forbid[seat] = int(forbid[seat])

    def position(self) -> tuple[np.ndarray, ...]:
        """The kernels' position of this state (:mod:`analyzer.games.tricks.kernels.playout`),
        seats renumbered so that the dealer is the last (kernel seat i is seat
        ``(first_seat + i) % players``): the hands, the stock still to draw, the trick, the bids
        so far (0 for the seats yet to bid), tricks taken, joker-lead penalties, and what each
        seat has played and shown.

        >>> from analyzer.games.tricks.rules import trick_rules
        >>> from analyzer.games.tricks.kernels import playout as P
        >>> st = TrickState.new_deal(trick_rules("joker-54"), 4, np.random.default_rng(1))
        >>> g = st.position()
        >>> int(g[2][P.LEFT]), int(g[2][P.END])    # tricks left, stock size
        (18, 42)
        """
        from analyzer.games.tricks.kernels import playout as P

        p = self.num_players
        seat = [(self.first_seat + i) % p for i in range(p)]
        ks = {s: i for i, s in enumerate(seat)}
        g = P.new_position(p, len(self.stock))
        hands, stock, pos, bits, t_card, t_mode, bids, took, scores, played_by, forbid = g
        hands[:] = [self.hands[s] for s in seat]
        stock[:] = self.stock
        pos[P.K], pos[P.LEADER], pos[P.LEFT] = len(self.trick), ks[self.leader], self._n_tricks - self.tricks_done
        pos[P.NEXT], pos[P.END], pos[P.DRAWN] = 0, len(self.stock), self.drawn
        pos[P.UP_HOLDER] = ks[self.up_holder] if self.up_holder >= 0 else -1
        pos[P.UP_BIT], pos[P.TRUMP] = self.turned, self.trump
        pos[P.CARDS], pos[P.TRICKS], pos[P.SET], pos[P.TRACK] = self.cards, self._n_tricks, self.set_index, 1
        bits[P.PLAYED] = sum(1 << (a & 63) for _s, a in self.plays)
        bits[P.DECK] = sum(1 << b for b in self._deck.bits)
        t_card[:], t_mode[:] = self._trick_arrays()
        bids[:len(self.bids)] = self.bids
        took[:] = [self.took[s] for s in seat]
        scores[:] = [-self.penalty[s] for s in seat]
        for s, a in self.plays:
            played_by[ks[s]] |= np.uint64(1 << (a & 63))
        forbid[:] = [self.forbid[s] for s in seat]
        return g

    def observation(self, player: int) -> TrickInfo:
        """What ``player`` knows: its hand and everything public (see :class:`TrickInfo`).

        >>> from analyzer.games.tricks.rules import trick_rules
        >>> st = TrickState.new_deal(trick_rules("joker-54"), 4, np.random.default_rng(1))
        >>> o = st.observation(0)
        >>> o.stock_size, o.turned == st.turned, o.hand_sizes
        (42, True, [4, 4, 4])
        """
        return TrickInfo(
            seat=player, phase=self.phase, hand=self.hands[player], trump=self.trump, turned=self.turned,
            up_holder=self.up_holder, dealer=self.dealer, bids=[self.bid_of(s) for s in range(self.num_players)],
            forbidden_bid=self.forbidden_bid(), took=list(self.took), trick=list(self.trick), leader=self.leader,
            plays=list(self.plays), hand_sizes=[bin(h).count("1") for h in self.hands],
            stock_size=len(self.stock), drawn=self.drawn, shown_lacking=list(self.forbid),
            penalty=list(self.penalty), tricks=self._n_tricks, cards=self.cards)

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

