"""A slow, obvious durak referee in plain Python, written from the rules text alone (it shares no
code with the kernels): the beat relation and a move-by-move game with the same move protocol.

Cards are (rank, suit) read from the codes; jokers are "Jk1" (red) and "Jk2" (black).
"""

from __future__ import annotations

RED_SUITS = {"d", "h"}
BLACK_SUITS = {"c", "s"}
SUIT_NAMES = "cdhs"


def card(code: int):
    """(rank 0..12, suit letter) or the joker's name."""
    if code == 52:
        return "Jk1"
    if code == 53:
        return "Jk2"
    return (code // 4, SUIT_NAMES[code % 4])


def trump_suits(turned: int) -> set[str]:
    c = card(turned)
    if c == "Jk1":
        return set(RED_SUITS)
    if c == "Jk2":
        return set(BLACK_SUITS)
    return {c[1]}


def ref_beats(defence: int, attack: int, turned: int, low_any: bool = False, equal_rank: bool = False) -> bool:
    """Does ``defence`` beat ``attack``?"""
    trumps = trump_suits(turned)
    red_trump = trumps <= RED_SUITS
    top_joker = "Jk1" if red_trump else "Jk2"
    other_joker = "Jk2" if red_trump else "Jk1"
    other_colour = BLACK_SUITS if red_trump else RED_SUITS
    a, d = card(attack), card(defence)
    if a == d:
        return False
    if a == top_joker:          # the highest card of the game: nothing beats it
        return False
    if d == top_joker:          # it beats any card
        return True
    if a == other_joker:        # a non-trump above the aces: a trump beats it
        return isinstance(d, tuple) and d[1] in trumps
    if d == other_joker:        # beats a card of its own colour (the variant: any non-trump)
        return a[1] not in trumps and (low_any or a[1] in other_colour)
    a_rank, a_suit = a
    d_rank, d_suit = d
    if a_suit in trumps:
        if d_suit not in trumps:
            return False
        return d_rank > a_rank or (equal_rank and d_rank == a_rank and d_suit != a_suit)
    if d_suit in trumps:
        return True
    return d_suit == a_suit and d_rank > a_rank


TAKE, PASS = 54, 55


class RefGame:
    """One game: ``pack`` arranged as seat 0's hand, seat 1's, …, the turned card, the stock."""

    def __init__(self, pack: list[int], players: int, first: int, hand_size: int = 6, max_attack: int = 6,
                 first_bout_limit: int = 5, limit_by_defender: bool = True, throw_after_take: bool = True,
                 low_any: bool = False, equal_rank: bool = False) -> None:
        h = hand_size
        self.n = players
        self.h = h
        self.hands = [set(pack[s * h:(s + 1) * h]) for s in range(players)]
        self.turned = pack[players * h]
        self.stock = [*pack[players * h + 1:], self.turned]  # the turned card is drawn last
        self.discard: set[int] = set()
        self.caps = (max_attack, first_bout_limit, limit_by_defender, throw_after_take)
        self.variants = (low_any, equal_rank)
        self.bouts = 0
        self.fool: int | None = None
        self.draw = False
        self.over = False
        self.start_bout(first)

    # bout bookkeeping ------------------------------------------------------------------------
    def seat_after(self, seat: int) -> int:
        """The next seat clockwise (to the left) that still holds cards."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.hands[s]:
                return s
        raise AssertionError("nobody holds cards")

    def start_bout(self, attacker: int) -> None:
        self.attacker = attacker
        self.defender = self.seat_after(attacker)
        max_attack, first_limit, by_defender, _ = self.caps
        caps = []
        if by_defender:
            caps.append(len(self.hands[self.defender]))
        if max_attack:
            caps.append(max_attack)
        if self.bouts == 0 and first_limit:
            caps.append(first_limit)
        self.limit = min(caps) if caps else 10**6
        self.attacks: list[int] = []
        self.defences: list[int] = []
        self.taking = False
        self.mode = "lead"
        self.to_move = attacker
        self.order_pos = 0

    def table(self) -> set[int]:
        return set(self.attacks) | set(self.defences)

    def table_ranks(self) -> set[int]:
        return {c // 4 for c in self.table() if c < 52}

    def throwers(self) -> list[int]:
        """Who may throw in, in order: the attacker, then clockwise, the defender left out."""
        return [(self.attacker + k) % self.n for k in range(self.n) if (self.attacker + k) % self.n != self.defender]

    def throwable(self, seat: int) -> set[int]:
        if len(self.attacks) >= self.limit:
            return set()
        if not self.taking and not self.hands[self.defender]:
            return set()
        ranks = self.table_ranks()
        return {c for c in self.hands[seat] if c < 52 and c // 4 in ranks}

    def next_thrower(self, start: int) -> bool:
        order = self.throwers()
        for pos in range(start, len(order)):
            if self.throwable(order[pos]):
                self.order_pos = pos
                self.to_move = order[pos]
                return True
        return False

    # moves -------------------------------------------------------------------------------------
    def legal(self) -> set[int]:
        if self.over:
            return set()
        if self.mode == "lead":
            return set(self.hands[self.attacker])
        if self.mode == "defend":
            target = self.attacks[-1]
            low_any, equal_rank = self.variants
            beats = {c for c in self.hands[self.defender]
                     if ref_beats(c, target, self.turned, low_any, equal_rank)}
            return beats | {TAKE}
        return self.throwable(self.to_move) | {PASS}

    def apply(self, move: int) -> None:
        assert move in self.legal(), (move, self.legal())
        if self.mode == "lead":
            self.hands[self.attacker].remove(move)
            self.attacks.append(move)
            self.mode = "defend"
            self.to_move = self.defender
        elif self.mode == "defend":
            if move == TAKE:
                self.taking = True
                if not (self.caps[3] and self.next_thrower(0)):
                    self.finish(False)
                else:
                    self.mode = "add"
            else:
                self.hands[self.defender].remove(move)
                self.defences.append(move)
                if self.next_thrower(0):
                    self.mode = "throw"
                else:
                    self.finish(True)
        elif self.mode == "throw":
            if move == PASS:
                if not self.next_thrower(self.order_pos + 1):
                    self.finish(True)
            else:
                self.hands[self.to_move].remove(move)
                self.attacks.append(move)
                self.mode = "defend"
                self.to_move = self.defender
        else:  # adding cards to a taker
            if move == PASS:
                if not self.next_thrower(self.order_pos + 1):
                    self.finish(False)
            else:
                self.hands[self.to_move].remove(move)
                self.attacks.append(move)
                if not self.next_thrower(self.order_pos):
                    self.finish(False)

    def finish(self, beaten: bool) -> None:
        if beaten:
            self.discard |= self.table()
        else:
            self.hands[self.defender] |= self.table()
        order = [self.attacker] + [s for s in self.throwers() if s != self.attacker] + [self.defender]
        for s in order:
            while len(self.hands[s]) < self.h and self.stock:
                self.hands[s].add(self.stock.pop(0))
        self.bouts += 1
        if not self.stock:
            holding = [s for s in range(self.n) if self.hands[s]]
            if len(holding) <= 1:
                self.over = True
                self.to_move = -1
                if holding:
                    self.fool = holding[0]
                else:
                    self.draw = True
                return
        if beaten:
            nxt = self.defender if self.hands[self.defender] else self.seat_after(self.defender)
        else:
            nxt = self.seat_after(self.defender)
        self.start_bout(nxt)
