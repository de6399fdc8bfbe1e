"""Plain-Python referee for whole deals of Remi 51 (test oracle only).

Written from the rules text of Remi 51 and sharing no code with ``analyzer``. It does not play:
it judges, turn by turn, what a player did (the draw, what he laid down, added to the table or
took back from it, the discard) and scores the end of the deal. Cards are the program's codes
(``rank * 4 + suit``, rank 0 = deuce … 12 = ace; 52 and up are jokers); a meld on the table is
a :class:`Meld`: a run (a suit and its places, 0 = the ace played low, 1..12 = deuce..king,
13 = the ace played high, each a card or a joker) or a set (a rank, its natural cards and a
number of jokers).

The rules it checks:

- the deal: 14 cards each, a 15th to the player after the dealer (seat 0), who starts by
  discarding; the rest is the stock;
- a turn: the top of the stock or of the discard pile, then melds, then one discard; when the
  stock runs out the discard pile is turned over (its first card becomes the top);
- nobody melds during the first round; the first melds of a player total at least 51 points
  (ace 11 — 0 when played low —, pictures and tens 10, others face value, a joker as the card it
  stands for); melds are sets (3 or 4 of a rank, different suits) or runs (3 or more of a suit
  in consecutive places of A 2 … K A, no wrap-around), at most ``cap`` jokers each;
- after opening, cards may be added to any meld on the table and a joker on the table may be
  replaced by the card it stands for; the taken joker must be melded or thrown the same turn;
- going out (no card left after the discard) scores −50, −100/−200/−400 when the last discard
  was one/two/three jokers; the others score the points left in hand (ace 11, pictures and tens
  10, others face value, a joker ``joker_points`` — 10, variant 20–25 — or 50 when it is the
  only card left).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

OPENING = 51
JOKER = 52


def is_joker(code: int) -> bool:
    return code >= JOKER


def rank_points(rank: int) -> int:
    """Ace 11, king queen jack ten 10, other cards their face value (rank 0 = deuce)."""
    if rank == 12:
        return 11
    return 10 if rank >= 8 else rank + 2


def place_rank(place: int) -> int:
    """The rank at a run place: 0 and 13 the ace, 1..12 deuce..king."""
    return 12 if place in (0, 13) else place - 1


def place_points(place: int) -> int:
    """Opening points of a run place: the ace played low counts 0."""
    return 0 if place == 0 else rank_points(place_rank(place))


@dataclass(frozen=True)
class Meld:
    """A run (``suit``, ``places``: place -> card code or None for a joker) or a set (``rank``,
    ``naturals``, ``jokers``)."""

    kind: str  # run | set
    key: int  # the run's suit or the set's rank
    places: tuple[tuple[int, int | None], ...] = ()
    naturals: tuple[int, ...] = ()
    jokers: int = 0

    def cards(self) -> Counter:
        """Its natural cards by code and its jokers under ``JOKER``."""
        if self.kind == "run":
            nat = [c for _, c in self.places if c is not None]
            return Counter(nat) + Counter({JOKER: sum(c is None for _, c in self.places)})
        return Counter(self.naturals) + Counter({JOKER: self.jokers})

    def joker_count(self) -> int:
        return self.cards()[JOKER]

    def size(self) -> int:
        return sum(self.cards().values())

    def points(self) -> int:
        """Opening points (a joker counts as the card it stands for)."""
        if self.kind == "run":
            return sum(place_points(p) for p, _ in self.places)
        return self.size() * rank_points(self.key)


def meld_error(m: Meld, cap: int) -> str | None:
    """Why ``m`` is not a legal meld under the rules, or None."""
    if m.joker_count() > cap:
        return f"{m.joker_count()} jokers, at most {cap}"
    if m.kind == "set":
        suits = [c % 4 for c in m.naturals]
        if not 3 <= m.size() <= 4:
            return "a set holds 3 or 4 cards"
        if any(c // 4 != m.key or is_joker(c) for c in m.naturals):
            return "a set's cards are of one rank"
        if len(set(suits)) != len(suits):
            return "a set's cards are of different suits"
        return None
    places = [p for p, _ in m.places]
    if len(places) < 3:
        return "a run holds 3 cards or more"
    if places != list(range(places[0], places[0] + len(places))) or not 0 <= places[0] <= places[-1] <= 13:
        return "a run's places are consecutive within A 2 .. K A"
    for p, c in m.places:
        if c is not None and (is_joker(c) or c % 4 != m.key or c // 4 != place_rank(p)):
            return f"card {c} cannot stand at place {p} of a run of suit {m.key}"
    return None


def extends(old: Meld, new: Meld) -> bool:
    """``new`` is ``old`` with cards added and jokers possibly replaced by the card they stand for."""
    if (old.kind, old.key) != (new.kind, new.key):
        return False
    if old.kind == "set":
        return Counter(old.naturals) <= Counter(new.naturals)
    now = dict(new.places)
    return all(p in now and (c is None or now[p] == c) for p, c in old.places)


def hand_points(hand: Counter, joker_points: int = 10) -> int:
    """Points left in a hand (a joker alone: 50)."""
    cards = list(hand.elements())
    if len(cards) == 1 and is_joker(cards[0]):
        return 50
    return sum(joker_points if is_joker(c) else rank_points(c // 4) for c in cards)


def going_out_score(jokers_in_last_discard: int) -> int:
    return {0: -50, 1: -100, 2: -200, 3: -400}[jokers_in_last_discard]


def jokers_merged(c: Counter) -> Counter:
    """A multiset with every joker counted under ``JOKER`` (the table does not tell them apart)."""
    out = Counter({k: v for k, v in c.items() if not is_joker(k)})
    out[JOKER] = sum(v for k, v in c.items() if is_joker(k))
    return out


@dataclass
class Snapshot:
    """What the referee sees of a deal: hands (by seat), stock (top first), discard pile (top
    last), the melds on the table in the order laid, who has opened."""

    hands: list[Counter]
    stock: list[int]
    pile: list[int]
    table: list[Meld]
    opened: list[bool]


@dataclass
class Referee:
    """Judges a deal turn by turn (seat 0 first); counts what happened, for the tests."""

    players: int
    cap: int = 3
    joker_points: int = 10
    turns: list[int] = field(default_factory=list)
    events: Counter = field(default_factory=Counter)
    seat: int = 0
    out_jokers: int = 0
    _held_jokers: int = 0
    _drawn_joker: bool = False
    _before: Snapshot | None = None
    _after_draw: Snapshot | None = None

    def __post_init__(self) -> None:
        self.turns = [0] * self.players

    def check_deal(self, pack: list[int], s: Snapshot) -> None:
        """The deal from the shuffled ``pack``: 14 cards each in turn, a 15th to seat 0, the
        rest the stock; nothing on the table."""
        for q in range(self.players):
            want = Counter(pack[14 * q:14 * q + 14]) + (Counter([pack[14 * self.players]]) if q == 0 else Counter())
            assert s.hands[q] == want, f"seat {q} was dealt {sorted(s.hands[q].elements())}"
        assert s.stock == pack[14 * self.players + 1:] and not s.pile and not s.table and not any(s.opened)
        self.turns[0] = 1  # seat 0's first turn: a discard only
        self._start_turn(s)
        self._after_draw = s

    def _start_turn(self, s: Snapshot) -> None:
        self._before = s
        self._held_jokers = sum(v for c, v in s.hands[self.seat].items() if is_joker(c))

    def check_draw(self, from_pile: bool, after: Snapshot) -> None:
        """The seat to move took one card (stock or pile top), then melded by the rules."""
        b = self._before
        assert b is not None
        q = self.seat
        self.turns[q] += 1
        if from_pile:
            assert b.pile, "taking from an empty discard pile"
            card = b.pile[-1]
            assert (after.stock, after.pile) == (b.stock, b.pile[:-1])
        elif b.stock:
            card = b.stock[0]
            assert (after.stock, after.pile) == (b.stock[1:], b.pile)
        else:  # the pile turned over: its first card is the top of the new stock
            card = b.pile[0]
            assert (after.stock, after.pile) == (b.pile[1:], [])
            self.events["pile turned over"] += 1
        self._drawn_joker = is_joker(card)
        held = b.hands[q] + Counter([card])
        for o in range(self.players):
            if o != q:
                assert after.hands[o] == b.hands[o]
        self._after_draw = after
        self._check_melds(q, held, after)

    def _check_melds(self, q: int, held: Counter, after: Snapshot) -> None:
        b = self._before
        assert b is not None
        old, new = b.table, after.table
        assert len(new) >= len(old)
        for m in new:
            err = meld_error(m, self.cap)
            assert err is None, f"illegal meld {m}: {err}"
        changed = new != old
        if self.turns[q] < 2:
            assert not changed and after.hands[q] == held, "a meld during the first round"
            assert after.opened[q] == b.opened[q]
            return
        for o_meld, n_meld in zip(old, new[:len(old)], strict=False):
            assert extends(o_meld, n_meld), f"table meld {o_meld} became {n_meld}"
        added: Counter = Counter()
        taken = 0
        for o_meld, n_meld in zip(old, new, strict=False):
            gain = n_meld.cards() - o_meld.cards()
            loss = o_meld.cards() - n_meld.cards()
            assert not (loss - Counter({JOKER: loss[JOKER]})), "a natural card left the table"
            if gain - Counter({JOKER: gain[JOKER]}):
                self.events["added to a table meld"] += 1
            taken += loss[JOKER]
            if loss[JOKER]:
                self.events["joker taken back"] += 1
            added += gain
        laid = new[len(old):]
        for m in laid:
            added += m.cards()
        # what left the hand is what the table gained, less the jokers taken back into the hand
        left = jokers_merged(held)
        left.subtract(jokers_merged(after.hands[q]))
        table_gain = Counter(added)
        table_gain[JOKER] -= taken
        assert {k: v for k, v in left.items() if v} == {k: v for k, v in table_gain.items() if v}, \
            "cards laid down are not the cards that left the hand"
        if changed and not b.opened[q]:
            value = sum(m.points() for m in laid)
            assert value >= OPENING, f"opened with {value} points"
            self.events["opened"] += 1
        if laid:
            self.events["melds laid"] += len(laid)
        assert after.opened[q] == (b.opened[q] or changed)

    def check_discard(self, card: int, after: Snapshot) -> int | None:
        """The seat threw ``card`` (a hand of jokers only is thrown whole); returns the seat that
        went out, or None. The next seat clockwise is to move."""
        mid = self._after_draw
        assert mid is not None
        q = self.seat
        hand = mid.hands[q]
        assert hand[card] > 0, f"discarding {card}, not in hand"
        thrown = [card]
        if all(is_joker(c) for c in hand.elements()):
            thrown = list(hand.elements())
        left = hand - Counter(thrown)
        n = len(mid.pile)
        assert after.hands[q] == left and after.pile[:n] == mid.pile
        assert Counter(after.pile[n:]) == Counter(thrown) and len(after.pile) == n + len(thrown)
        assert after.table == mid.table
        held = sum(v for c, v in left.items() if is_joker(c))
        assert held <= self._held_jokers + int(self._drawn_joker), "a joker taken back stayed in hand"
        self.seat = (q + 1) % self.players
        self._start_turn(after)
        if not left:
            self.out_jokers = sum(is_joker(c) for c in thrown)
            return q
        return None

    def scores(self, final: Snapshot, winner: int | None) -> list[int]:
        """The deal's scores: the player who went out −50·2^(jokers thrown last), the others
        the points left in hand (everyone when the deal was stopped without a winner)."""
        out = [hand_points(h, self.joker_points) for h in final.hands]
        if winner is not None:
            out[winner] = going_out_score(self.out_jokers)
        return out
