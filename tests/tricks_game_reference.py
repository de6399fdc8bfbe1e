"""Plain-Python referee for whole deals and whole games of both trick games (test oracle only).

Written from the rules text (the trick-game rules, Georgian Joker and the 54-card game) and
sharing no code with ``analyzer``: the rule data below are typed from that text, and one trick's
duties and winner come from :mod:`tricks_reference` (also written from the text). This module
adds what lies beyond one trick: the trump (turned, or named by the first bidder in a full
deal), the bidding order and the dealer's hook, who leads the first trick, drawing after each
trick (the winner first, while the stock holds a card for every player, the face-up trump
card last), the joker-lead penalty, the deal scores, the deal passing clockwise over a game's
schedule and the premium at the end of each set with its variants.

Cards are ``(rank, suit)`` (rank 0 = deuce … 12 = ace) or ``("joker", 1 | 2)``; a play is
``(card, mode)`` as in :mod:`tricks_reference`. Seats are numbered clockwise from the dealer's
left: seat 0 bids first, the dealer is the last seat.

To replay a seeded run of the kernels, :func:`play_random_game` also follows two conventions
of the program that are not rules: how a shuffled pack is cut into hands, stock and trump card,
and the order in which the random policy indexes the legal plays (see :func:`kernel_order`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyrng import PyXoshiro
from tricks_reference import SUITS, is_joker, legal, winner

JOKER1 = ("joker", 1)
JOKER2 = ("joker", 2)


@dataclass(frozen=True)
class GameRules:
    """One trick game's rules, as the rules text states them (variants as fields)."""

    georgian: bool  # Georgian Joker (take/give jokers) or the 54-card game (high/low jokers)
    players: int
    must_trump: bool  # void in the led suit: a trump must be played if held
    trump_beats_take: bool = False
    draw: bool = False  # after each trick every player draws one card (the winner first)
    hook: str = "tricks"  # the dealer may not make the bids add up to: tricks | hand | off
    dealer_leads: bool = False  # the dealer (last seat) leads the first trick, else seat 0
    joker_lead_penalty: int = 0  # leading a joker to an empty table, unless it is the last card
    hisht: str = "fixed"  # Georgian, bid > 0 and no trick: fixed -200 | by-set | per-card | off
    missed: str = "per-trick"  # Georgian, missed otherwise: +10 per trick | -10 per missed trick
    premium: str = "next"  # off | next | all | cancel
    premium_last_deal: str = "counted"  # counted | excluded (the best score of the set's other deals)

    def full_cards(self) -> int:
        """Cards each in a full deal: Georgian, the whole deck (9 for 4, 12 for 3, 18 for 2)."""
        return 36 // self.players if self.georgian else 8

    def schedule(self) -> list[tuple[int, int]]:
        """``(cards, set)`` of every deal of a whole game.

        Georgian: 1, 2, …, full-1; one full deal per player; full-1, …, 1; one full deal per
        player (four sets). The 54-card game: 2, 3, …, 8, 7, …, 2 (13 deals, one set).
        """
        if not self.georgian:
            return [(c, 0) for c in [*range(2, 9), *range(7, 1, -1)]]
        full = self.full_cards()
        rise = list(range(1, full))
        return ([(c, 0) for c in rise] + [(full, 1)] * self.players
                + [(c, 2) for c in reversed(rise)] + [(full, 3)] * self.players)


GEORGIAN = GameRules(georgian=True, players=4, must_trump=True)
JOKER54 = GameRules(georgian=False, players=3, must_trump=False, draw=True, dealer_leads=True,
                    joker_lead_penalty=10, hisht="off", premium="off")

HISHT_BY_SET = (-200, -300, -500, -900)


def deck(georgian: bool) -> list[tuple]:
    """The cards in the order the program's shuffles start from: by suit (c d h s), low to
    high, then the jokers (Georgian: 6..A with the black sixes as the jokers)."""
    if not georgian:
        return [(r, s) for s in SUITS for r in range(13)] + [JOKER1, JOKER2]
    plain = [(r, s) for s in SUITS for r in range(4, 13) if not (r == 4 and s in "cs")]
    return [*plain, JOKER1, JOKER2]


def deal_score(rules: GameRules, bid: int, took: int, cards: int, set_no: int = 0) -> int:
    """A player's score for one deal (``cards`` dealt to each)."""
    if not rules.georgian:
        if bid == took:
            return 5 if bid == 0 else 10 * bid
        return took if took > bid else -10 * (bid - took)
    if bid == took:
        if bid == 0:
            return 50
        return 100 * cards if bid == cards else 50 + 50 * bid
    if bid > 0 and took == 0 and rules.hisht != "off":
        return {"fixed": -200, "by-set": HISHT_BY_SET[set_no], "per-card": -100 * cards}[rules.hisht]
    return 10 * took if rules.missed == "per-trick" else -10 * abs(bid - took)


@dataclass
class Deal:
    """One deal in progress: ``stock`` in drawing order (its last card is the face-up trump)."""

    rules: GameRules
    cards: int
    hands: list[list[tuple]]
    stock: list[tuple]
    trump: str | None
    set_no: int = 0
    phase: str = "bid"  # trump | bid | play | done
    first_three: list[tuple] = field(default_factory=list)
    bids: list[int] = field(default_factory=list)
    took: list[int] = field(default_factory=list)
    penalty: list[int] = field(default_factory=list)
    trick: list[tuple] = field(default_factory=list)
    leader: int = 0
    tricks_done: int = 0

    def __post_init__(self) -> None:
        p = self.rules.players
        self.took = [0] * p
        self.penalty = [0] * p
        self.leader = p - 1 if self.rules.dealer_leads else 0
        self.tricks = self.cards + (len(self.stock) // p if self.rules.draw else 0)

    @classmethod
    def from_pack(cls, rules: GameRules, pack: list[tuple], cards: int, set_no: int = 0) -> Deal:
        """Seat s gets ``pack[s*cards:(s+1)*cards]``. Georgian: the next card is turned for trump
        (a joker: no trump); a full deal leaves none, and seat 0 names trump from his first three
        cards. The 54-card game: the rest is the stock, its last card the face-up trump card."""
        p = rules.players
        dealt = p * cards
        hands = [list(pack[s * cards:(s + 1) * cards]) for s in range(p)]
        rest = list(pack[dealt:])
        phase, trump = "bid", None
        if rest:
            turned = rest[-1] if rules.draw else rest[0]
            trump = None if is_joker(turned) else turned[1]
        elif rules.georgian:
            phase = "trump"
        deal = cls(rules, cards, hands, rest if rules.draw else [], trump, set_no, phase)
        deal.first_three = list(pack[:min(3, cards)])
        return deal

    def to_move(self) -> int:
        if self.phase == "trump":
            return 0
        if self.phase == "bid":
            return len(self.bids)
        return (self.leader + len(self.trick)) % self.rules.players

    def forbidden_bid(self) -> int | None:
        """The dealer's bid that would make the bids add up to the hook's target."""
        p = self.rules.players
        if len(self.bids) != p - 1 or self.rules.hook == "off":
            return None
        target = self.tricks if self.rules.hook == "tricks" else self.cards
        return target - sum(self.bids)

    def legal_bids(self) -> list[int]:
        bad = self.forbidden_bid()
        return [b for b in range(self.tricks + 1) if b != bad]

    def legal_plays(self) -> list[tuple]:
        r = self.rules
        return legal(self.hands[self.to_move()], self.trick, self.trump, r.georgian, r.must_trump)

    def name_trump(self, suit: str | None) -> None:
        assert self.phase == "trump" and (suit is None or suit in SUITS)
        self.trump = suit
        self.phase = "bid"

    def bid(self, b: int) -> None:
        assert self.phase == "bid" and b in self.legal_bids(), (b, self.legal_bids())
        self.bids.append(b)
        if len(self.bids) == self.rules.players:
            self.phase = "play"

    def play(self, play: tuple) -> None:
        assert self.phase == "play" and play in self.legal_plays(), (play, self.legal_plays())
        seat = self.to_move()
        card = play[0]
        if not self.trick and is_joker(card) and len(self.hands[seat]) > 1:
            self.penalty[seat] += self.rules.joker_lead_penalty
        self.hands[seat].remove(card)
        self.trick.append(play)
        p = self.rules.players
        if len(self.trick) < p:
            return
        w = (self.leader + winner(self.trick, self.trump, self.rules.georgian,
                                  self.rules.trump_beats_take)) % p
        self.took[w] += 1
        self.tricks_done += 1
        self.leader = w
        self.trick = []
        if self.rules.draw and len(self.stock) >= p:
            for j in range(p):
                self.hands[(w + j) % p].append(self.stock.pop(0))
        if not any(self.hands):
            self.phase = "done"

    def scores(self) -> list[int]:
        """Each seat's deal score less its joker-lead penalties (the deal must be over)."""
        assert self.phase == "done"
        return [deal_score(self.rules, b, k, self.cards, self.set_no) - pen
                for b, k, pen in zip(self.bids, self.took, self.penalty, strict=True)]


def premium_adjustments(rules: GameRules, scores: list[list[int]], exact: list[list[bool]]) -> tuple[
        list[int], list[bool]]:
    """The premium at the end of one set: ``scores[d][p]``, ``exact[d][p]`` of deal d of the set
    for player p (players clockwise). A player exact in every deal adds his best deal score of the
    set; the next player clockwise (``all``: every other player; ``cancel``: every other player not
    himself on premium) loses his own best (a best below zero costs nothing). With
    ``premium_last_deal = "excluded"`` the best is taken over the set's deals before its last.
    Returns each player's change and who was on premium.
    """
    p = rules.players
    on = [all(row[q] for row in exact) for q in range(p)]
    change = [0] * p
    if rules.premium == "off":
        return change, [False] * p
    counted = scores[:-1] if rules.premium_last_deal == "excluded" else scores
    best = [max(row[q] for row in counted) for q in range(p)]
    for q in range(p):
        if not on[q]:
            continue
        change[q] += best[q]
        for k in range(1, p):
            o = (q + k) % p
            if rules.premium == "next" and k != 1:
                continue
            if rules.premium == "cancel" and on[o]:
                continue
            change[o] -= max(best[o], 0)
    return change, on


@dataclass
class GameRecord:
    """A whole game by player: totals, exact deals, premiums (by set)."""

    totals: list[int]
    exact: list[int]
    premiums: list[int]
    premiums_by_set: list[list[int]]
    deals: list[Deal]


def kernel_order(plays: list[tuple]) -> list[tuple]:
    """The legal plays in the order the program's random policy indexes them: ordinary cards by
    suit (c d h s) and rank, then Jk1's declarations, then Jk2's, each joker's in the order
    take c d h s, give c d h s, or high, low."""
    def mode_rank(m: object) -> int:
        if m in ("plain", "high"):
            return 0
        if m == "low":
            return 1
        assert isinstance(m, tuple)
        return (0 if m[0] == "take" else 4) + SUITS.index(m[1])

    def key(play: tuple) -> tuple:
        c, m = play
        if is_joker(c):
            return (1, c[1], mode_rank(m))
        return (0, SUITS.index(c[1]), c[0])

    return sorted(plays, key=key)


def play_random_game(rules: GameRules, words: list[int]) -> GameRecord:
    """A whole game with every seat choosing uniformly at random, replaying a chunk of the
    program's self-play seeded with the xoshiro256** state ``words``: the first four draws seed
    the choices, the rest shuffle the pack (kept from deal to deal); a full deal is shuffled
    whole, other deals as far as the dealt cards and the turned one (Georgian). Player
    ``P - 1`` deals first and the deal passes clockwise: in deal i, seat s is player
    ``(i + s) % P``. Random choices: trump ``bounded(5) - 1`` (-1: none), a bid uniform over the
    legal bids (always a draw), a play uniform over the legal plays in :func:`kernel_order` (a
    draw only when there are two or more)."""
    p = rules.players
    drng = PyXoshiro(words)
    pwords = [drng.next() for _ in range(4)]
    if not any(pwords):
        pwords[0] = 1
    prng = PyXoshiro(pwords)
    pack = deck(rules.georgian)
    totals, exact, prem = [0] * p, [0] * p, [0] * p
    by_set = [[0] * 4 for _ in range(p)]
    set_scores: list[list[int]] = []
    set_exact: list[list[bool]] = []
    deals: list[Deal] = []
    sched = rules.schedule()
    for i, (cards, set_no) in enumerate(sched):
        dealt = p * cards
        drng.deal(pack, len(pack) if rules.draw or dealt == len(pack) else dealt + 1)
        d = Deal.from_pack(rules, list(pack), cards, set_no)
        if d.phase == "trump":
            t = prng.bounded(5) - 1
            d.name_trump(None if t < 0 else SUITS[t])
        while d.phase == "bid":
            bids = d.legal_bids()
            d.bid(bids[prng.bounded(len(bids))])
        while d.phase == "play":
            plays = kernel_order(d.legal_plays())
            d.play(plays[prng.bounded(len(plays))] if len(plays) > 1 else plays[0])
        deals.append(d)
        sc = d.scores()
        by_player_scores = [0] * p
        by_player_exact = [False] * p
        for s in range(p):
            q = (i + s) % p
            totals[q] += sc[s]
            by_player_scores[q] = sc[s]
            by_player_exact[q] = d.bids[s] == d.took[s]
            exact[q] += int(by_player_exact[q])
        set_scores.append(by_player_scores)
        set_exact.append(by_player_exact)
        if i == len(sched) - 1 or sched[i + 1][1] != set_no:
            change, on = premium_adjustments(rules, set_scores, set_exact)
            for q in range(p):
                totals[q] += change[q]
                prem[q] += int(on[q])
                by_set[q][set_no] += int(on[q])
            set_scores, set_exact = [], []
    return GameRecord(totals, exact, prem, by_set, deals)
