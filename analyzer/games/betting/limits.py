"""Pot-limit maximums and a betting round under pot limit or table stakes.

>>> [(s.to_call, s.max_raise) for s in pot_limit_ladder(7, 4)]
[(0, 7), (7, 21), (28, 70), (98, 238)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.errors import JokerOddsError

__all__ = [
    "ACTIONS",
    "ActionRecord",
    "BettingError",
    "BettingRound",
    "LadderStep",
    "chip_breakdown",
    "parse_action",
    "pot_limit_ladder",
    "pot_limit_max",
]

CHIPS = (("blue", 10), ("red", 5), ("white", 1))  # the classic chips: white 1, red 5, blue 10
LIMITS = ("pot", "table")
MIN_RAISE_RULES = ("min-bet", "last-raise")
ACTIONS = ("check", "bet", "call", "raise", "fold", "allin")


class BettingError(JokerOddsError):
    """An impossible betting action or a malformed pot description."""


def pot_limit_max(pot: int, to_call: int = 0) -> int:
    """Largest bet (``to_call == 0``) or raise under pot limit: the pot after calling.

    >>> pot_limit_max(7), pot_limit_max(42, 28)
    (7, 70)
    """
    if pot < 0 or to_call < 0:
        raise BettingError(f"pot and amount to call must be ≥ 0, got pot {pot}, to call {to_call}")
    return pot + to_call


@dataclass(frozen=True)
class LadderStep:
    """One player of a pot-limit escalation: calls ``to_call`` and raises ``max_raise``."""

    seat: int
    pot_before: int
    to_call: int
    max_raise: int
    put_in: int
    pot_after: int


def pot_limit_ladder(pot: int, players: int) -> list[LadderStep]:
    """Each player in turn calls and raises the pot-limit maximum (how fast a pot-limit pot grows)."""
    if players < 1:
        raise BettingError(f"need at least one player, got {players}")
    steps, bet, paid = [], 0, [0] * players
    for seat in range(players):
        to_call = bet - paid[seat]
        top = pot_limit_max(pot, to_call)
        put = to_call + top
        steps.append(LadderStep(seat + 1, pot, to_call, top, put, pot + put))
        paid[seat] += put
        bet, pot = paid[seat], pot + put
    return steps


def chip_breakdown(amount: int) -> str:
    """Fewest chips for an amount: blue 10, red 5, white 1.

    >>> chip_breakdown(238)
    '23 blue, 1 red, 3 white'
    """
    parts = []
    for name, value in CHIPS:
        n, amount = divmod(amount, value)
        if n:
            parts.append(f"{n} {name}")
    return ", ".join(parts) or "none"


@dataclass(frozen=True)
class ActionRecord:
    """An accepted action with the limits that applied to it."""

    player: str
    action: str
    to_call: int
    min_raise: int
    max_raise: int
    put_in: int
    pot_after: int
    stack_after: int
    all_in: bool


@dataclass
class BettingRound:
    """One betting interval under pot limit (``limit="pot"``) or table stakes only (``"table"``).

    ``stacks`` lists the players in seat order; ``pot`` is money already in the pot (earlier
    rounds); ``ante`` is taken from every stack first and counts as each player's contribution.

    >>> r = BettingRound({"A": 160, "B": 110, "C": 40}, limit="table")
    >>> [r.act(p, a, x).put_in for p, a, x in [("B", "bet", 70), ("C", "call", None), ("A", "call", None)]]
    [70, 40, 70]
    >>> r.contributions
    {'A': 70, 'B': 70, 'C': 40}
    """

    stacks: dict[str, int]
    pot: int = 0
    ante: int = 0
    limit: str = "pot"
    min_bet: int = 1
    cap: int | None = None
    min_raise_rule: str = "min-bet"
    history: list[ActionRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.limit not in LIMITS:
            raise BettingError(f"unknown limit {self.limit!r} (use {' or '.join(LIMITS)})")
        if self.min_raise_rule not in MIN_RAISE_RULES:
            raise BettingError(f"unknown minimum-raise rule {self.min_raise_rule!r}")
        if not self.stacks:
            raise BettingError("no players")
        for name, v in {"pot": self.pot, "ante": self.ante, "min_bet": self.min_bet - 1,
                        "cap": (self.cap or 1) - 1}.items():
            if v < 0:
                raise BettingError(f"{name} out of range")
        for p, s in self.stacks.items():
            if s < self.ante or s < 0:
                raise BettingError(f"player {p} has {s} chips, less than the ante {self.ante}")
        self.stack = {p: s - self.ante for p, s in self.stacks.items()}
        self.paid = dict.fromkeys(self.stacks, 0)  # this round
        self.folded: set[str] = set()
        self.bet = 0
        self.last_raise = 0
        self.acted: set[str] = set()  # players who acted since the last bet or raise

    def _can_act(self, p: str) -> bool:
        return p not in self.folded and self.stack[p] > 0

    def next_to_act(self) -> str | None:
        """Who acts next in seat order after the last actor; None when the round is over
        (everyone still able to act has acted and matched the bet, or one player is left)."""
        live = [p for p in self.stacks if p not in self.folded]
        able = [p for p in live if self._can_act(p)]
        if len(live) <= 1 or all(p in self.acted and self.paid[p] == self.bet for p in able):
            return None
        seats = list(self.stacks)
        start = seats.index(self.history[-1].player) + 1
        for i in range(len(seats)):
            p = seats[(start + i) % len(seats)]
            if self._can_act(p):
                return p
        return None  # pragma: no cover - an able player exists above

    @property
    def total_pot(self) -> int:
        return self.pot + self.ante * len(self.stacks) + sum(self.paid.values())

    @property
    def contributions(self) -> dict[str, int]:
        """Each player's chips in the pot from this hand (ante included)."""
        return {p: self.ante + v for p, v in self.paid.items()}

    def _player(self, player: str) -> str:
        if player not in self.stacks:
            raise BettingError(f"unknown player {player!r} (players: {', '.join(self.stacks)})")
        if player in self.folded:
            raise BettingError(f"player {player} has folded")
        if self.stack[player] == 0:
            raise BettingError(f"player {player} is all-in and cannot act")
        return player

    def limits(self, player: str) -> tuple[int, int, int]:
        """``(to_call, min_raise, max_raise)`` for ``player`` now (raise = bet when nothing to call)."""
        p = self._player(player)
        to_call = self.bet - self.paid[p]
        room = self.stack[p] - to_call
        low = self.min_bet if self.min_raise_rule == "min-bet" or self.bet == 0 \
            else max(self.min_bet, self.last_raise)
        high = pot_limit_max(self.total_pot, to_call) if self.limit == "pot" else room
        if self.cap is not None:
            high = min(high, self.cap)
        return to_call, low, max(min(high, room), 0)

    def act(self, player: str, action: str, amount: int | None = None) -> ActionRecord:
        """Apply ``check``, ``bet X``, ``call``, ``raise X`` (raise *by* X), ``fold`` or ``allin``."""
        action = action.lower()
        if action not in ACTIONS:
            raise BettingError(f"unknown action {action!r} (use {', '.join(ACTIONS)})")
        p = self._player(player)
        if self.history:  # the first actor may sit anywhere; then play goes round the seats
            nxt = self.next_to_act()
            if nxt is None:
                raise BettingError(f"{p} cannot act: the betting round is over")
            if p != nxt:
                raise BettingError(f"{p} acts out of turn: {nxt} is next in seat order")
        to_call, low, high = self.limits(p)
        stack = self.stack[p]
        if action in ("bet", "raise") and amount is None:
            raise BettingError(f"{action} needs an amount")
        if action not in ("bet", "raise") and amount is not None:
            raise BettingError(f"{action} takes no amount")
        if action == "allin":
            action, amount = ("call", None) if stack <= to_call else ("raise" if self.bet else "bet",
                                                                     stack - to_call)
        put = 0
        if action == "fold":
            self.folded.add(p)
        elif action == "check":
            if to_call:
                raise BettingError(f"{p} cannot check: {to_call} to call")
        elif action == "call":
            if not to_call:
                raise BettingError(f"{p} has nothing to call (check or bet)")
            put = min(to_call, stack)
        else:
            assert amount is not None
            word = "bet" if action == "bet" else "raise"
            if action == "bet" and self.bet:
                raise BettingError(f"{p} cannot bet: there is a bet of {self.bet}; call or raise")
            if action == "raise" and not self.bet:
                raise BettingError(f"{p} cannot raise: no bet yet; bet instead")
            if to_call + amount > stack:
                raise BettingError(f"{p} cannot {word} {amount}: needs {to_call + amount}, has a stack of {stack}")
            all_in = to_call + amount == stack
            if amount < low and not all_in:
                raise BettingError(f"{p} cannot {word} {amount}: the minimum is {low}")
            if amount > high:
                why = "pot limit" if self.limit == "pot" and (self.cap is None or high < self.cap) else "cap"
                raise BettingError(f"{p} cannot {word} {amount}: the {why} allows at most {high}")
            put = to_call + amount
            if amount >= low:
                self.last_raise = amount
            self.bet = self.paid[p] + put
            self.acted = set()
        self.paid[p] += put
        self.stack[p] -= put
        self.acted.add(p)
        rec = ActionRecord(p, action if amount is None else f"{action} {amount}", to_call, low, high, put,
                           self.total_pot, self.stack[p], self.stack[p] == 0 and action != "fold")
        self.history.append(rec)
        return rec


def parse_action(text: str) -> tuple[str, str, int | None]:
    """``"B raise 21"`` or ``"B:raise:21"`` → ``("B", "raise", 21)``.

    >>> parse_action("C call"), parse_action("A:bet:7")
    (('C', 'call', None), ('A', 'bet', 7))
    """
    parts = text.replace(":", " ").split()
    if len(parts) not in (2, 3) or parts[1].lower() not in ACTIONS:
        raise BettingError(f"cannot read action {text!r} (write 'PLAYER ACTION [AMOUNT]', "
                           f"ACTION one of {', '.join(ACTIONS)})")
    if len(parts) == 2:
        return parts[0], parts[1].lower(), None
    if not parts[2].isdigit():
        raise BettingError(f"amount in {text!r} must be a whole number of chips")
    return parts[0], parts[1].lower(), int(parts[2])
