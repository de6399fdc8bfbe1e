"""Sure tricks: what a side wins (or the others win against it) whatever is played, counted at a
node before searching it.

A joker or trump loses only to a later joker or a higher trump of the other side, each of those
beating one (:func:`_beaten`); a seat on lead facing no joker (or off lead holding the only
trumps: :func:`_leads`) cashes its cards above all the others' of their suit while every seat
holding a trump must follow that suit (:func:`_cash`); a Georgian joker played after every other
joker takes its trick (:func:`_joker_last`), and so does a master when the others, holding no
trump, run out of other leads (:func:`_outleads`).

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> rp = trick_rules("georgian-joker").params()
>>> hands = np.array([(1 << 44) | (1 << 43), (1 << 3) | (1 << 4)], np.uint64)   # Ah Kh; 5c 6c; hearts trump
>>> int(sure_tricks(hands, 2, 0b1, 2, 0, 0, rp)), int(sure_against(hands, 2, 0b10, 2, 0, 0, rp, 0))
(2, 2)
"""

from __future__ import annotations

from numba import uint64

from analyzer.games.tricks.kernels import low_bit, popcount, suit_mask, top_bit
from analyzer.games.tricks.kernels.moves import JOKERS, NORMAL, TOP_TRUMP
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import no_refcount

__all__ = ["sure_against", "sure_tricks", "sure_tricks_inlined"]

R_MODEL = P.MODEL


@no_refcount
def _beaten(mine, theirs):
    """How many of the cards ``mine`` (one suit) the cards ``theirs`` (the same suit) can beat, each
    of theirs beating one of mine ranked below it: the lowest of mine takes the lowest of theirs
    above it (the greedy match of a threshold graph is a largest one)."""
    n = 0
    avail = theirs
    x = mine
    while x and avail:
        b = low_bit(x)
        x &= x - uint64(1)
        up = avail & ~((uint64(2) << uint64(b)) - uint64(1))
        if up:
            avail &= ~(uint64(1) << uint64(low_bit(up)))  # the lowest of theirs above b, used
            n += 1
    return n


@no_refcount(inline="always")
def _above_all(mine, theirs):
    """The cards of ``mine`` above every card of ``theirs`` (one suit; all of them when ``theirs``
    is empty)."""
    if theirs:
        return mine & ~((uint64(2) << uint64(top_bit(theirs))) - uint64(1))
    return mine


@no_refcount
def _cash(mine, others, trump, most_trumps, hands, np_, seat, skip, leader):
    """Tricks a hand ``mine`` (seat ``seat``) on lead wins when ``others`` (every other seat's
    cards) hold no jokers: its jokers, then its trumps above all of theirs (each seat must follow
    a trump lead); when no other seat holds more trumps (``most_trumps``) than that, their trumps
    are gone, so every trump of ``mine`` and every card above all of theirs of its suit. Else,
    once those trumps are led (a seat holding no more trumps than that has none left), in each
    plain suit its cards above all of theirs, led while every seat still holding a trump must
    follow the suit: as many as the shortest such seat holds of it (``hands``: every seat's; a
    seat in ``skip`` still plays a card to the trick under way, so it may hold one fewer, and
    every seat one fewer again when ``seat`` is not ``leader`` and takes the lead with a joker)."""
    cash = popcount(mine & JOKERS)
    top = 0
    if trump >= 0:
        top = popcount(_above_all(mine & suit_mask(trump), others & suit_mask(trump)))
        if most_trumps > top:
            holders = 0  # the seats still holding a trump once its top trumps are led
            for j in range(np_):
                if j != seat and popcount(hands[j] & suit_mask(trump)) > top:
                    holders |= 1 << j
            early = 1 if seat != leader else 0  # cards each seat plays before the seat leads
            for x in range(4):
                if x == trump:
                    continue
                n = popcount(_above_all(mine & suit_mask(x), others & suit_mask(x)))
                for j in range(np_):
                    if n > 0 and (holders >> j) & 1:
                        n = min(n, popcount(hands[j] & suit_mask(x)) - ((skip >> j) & 1) - early)
                if n > 0:
                    cash += n
            return cash + top
    for x in range(4):
        mx = mine & suit_mask(x)
        if x != trump:
            mx = _above_all(mx, others & suit_mask(x))
        cash += popcount(mx)
    return cash


@no_refcount
def _most_trumps(hands, np_, seat, trump):
    """The most trumps one seat other than ``seat`` holds."""
    most = 0
    if trump >= 0:
        for j in range(np_):
            if j != seat:
                most = max(most, popcount(hands[j] & suit_mask(trump)))
    return most


@no_refcount
def _sure_of(mine, opp, others, trump, leads, hands, np_, seat, skip, leader):
    """Tricks a hand ``mine`` wins against ``opp`` (the other side's cards) whatever happens: every
    card is played, and a joker or a trump of ``mine`` loses only to a later joker or a higher
    trump of ``opp`` (a trick won by a partner stays on the side), each beating one card, so its
    jokers and trumps less those of its trumps the trumps of ``opp`` can beat, less one for each
    joker of ``opp``; when it ``leads`` (:func:`_leads`: is on lead, can take the lead with a joker,
or holds the only trumps) and
    ``others`` (every other seat's cards, a partner's too: he must not take the lead away) hold
    no jokers, what it cashes (:func:`_cash`; ``hands``: every seat's, ``mine`` those of ``seat``)."""
    sure = popcount(mine & JOKERS)
    if trump >= 0:
        mt = mine & suit_mask(trump)
        sure += popcount(mt) - _beaten(mt, opp & suit_mask(trump))
    sure -= popcount(opp & JOKERS)
    if leads and not (others & JOKERS):
        cash = _cash(mine, others, trump, _most_trumps(hands, np_, seat, trump), hands, np_, seat, skip, leader)
        if cash > sure:
            sure = cash
    return sure if sure > 0 else 0


@no_refcount(inline="always")
def _leads(hand, others, seat, leader, trump, rp):
    """Whether a seat holding ``hand`` leads the next trick or, the others (``others``: their
    cards) holding no jokers, can take it with a joker it may always play (not under the
    top-trump joker), or loses no card it cashes before it leads: it holds a trump and the others
    none, so a suit it lacks it trumps and takes, and a suit it follows it takes with its card
    above all of theirs or follows with another."""
    if leader == seat or (rp[R_MODEL] != TOP_TRUMP and hand & JOKERS != 0):
        return True
    if trump < 0:
        return False
    trumps = suit_mask(trump) & NORMAL
    return hand & trumps != 0 and others & trumps == 0


@no_refcount(inline="always")
def _joker_last(hands, np_, s_mask, seat, leader, rp):
    """Whether ``seat``'s joker surely takes a trick, the jokers Georgian (a joker not led may always
    be played high, and a later high joker beats an earlier one): it plays the next trick (led by
    ``leader``) after every seat of the other side holding one; or it leads, holding another
    card too, and only the seat just before it may hold one (it leads that card: it takes the
    trick, or another seat leads the next, in which the joker holder plays before it). (Under
    the 54-card game's jokers a joker played after a high one must be low; a seat after it might
    hold the other joker.)

    >>> from analyzer.games.tricks.rules import trick_rules
    >>> rp = trick_rules("georgian-joker").params()
    >>> import numpy as np
    >>> hands = np.array([(1 << 61) | (1 << 3), 1 << 4, 1 << 5, (1 << 62) | (1 << 12)], np.uint64)
    >>> _joker_last(hands, 4, 0b1, 0, 0, rp), _joker_last(hands, 4, 0b1, 0, 3, rp)   # Jk2 just before it
    (True, True)
    >>> hands[3], hands[1] = hands[1], hands[3]             # seat 1, after seat 0, holds Jk2 now
    >>> _joker_last(hands, 4, 0b1, 0, 0, rp), _joker_last(hands, 4, 0b1, 0, 2, rp)
    (False, False)
    """
    if rp[R_MODEL] != 0 or not hands[seat] & JOKERS:
        return False
    before = (seat + np_ - 1) % np_
    if seat == leader and popcount(hands[seat]) >= 2:
        for j in range(np_):
            if j != before and not (s_mask >> j) & 1 and hands[j] & JOKERS:
                return False
        return True
    pos = (seat - leader) % np_
    for j in range(np_):
        if not (s_mask >> j) & 1 and hands[j] & JOKERS and (j - leader) % np_ > pos:
            return False
    return True


@no_refcount
def _outleads(hands, np_, s_mask, seat, leader, trump, opp):
    """Whether ``seat`` surely takes a trick because the other side (cards ``opp``, no joker and no
    trump among them) cannot lead every trick left: led, a plain suit X it holds a master of (a
    card above all of theirs) takes a trick. It keeps a master of each such suit (k of them) to
    its last k - 1 tricks (it plays its other cards first), or of the one they hold most of;
    tricks they lead in another plain suit are no more than the most cards of it one of them
    holds (every holder follows it). Leading, it leads a card outside those suits (one lead fewer
    for them, or its trick). (A trump of theirs could take a master, and then its suit is theirs
    to lead.)

    >>> import numpy as np
    >>> hands = np.array([(1 << 12) | (1 << 3), 1 << 16 | 1 << 6, 1 << 18 | 1 << 4, 1 << 19 | 1 << 5],
    ...                  np.uint64)                     # Ac 5c; 2d 8c; 4d 6c; 5d 7c: no trump
    >>> _outleads(hands, 4, 0b1, 0, 1, -1, hands[1] | hands[2] | hands[3])   # one diamond lead, then clubs
    True
    """
    if opp & JOKERS or (trump >= 0 and opp & suit_mask(trump)):
        return False
    mine = hands[seat]
    leads = 0
    k = 0  # suits it holds a master of, the most the others hold of one, of all
    most = 0
    total = 0
    outside = mine
    for x in range(4):
        if x == trump:
            continue
        longest = 0
        for j in range(np_):
            if not (s_mask >> j) & 1:
                longest = max(longest, popcount(hands[j] & suit_mask(x)))
        m = mine & suit_mask(x)
        o = opp & suit_mask(x)
        if m and (not o or top_bit(m) > top_bit(o)):
            k += 1
            most = max(most, longest)
            total += longest
            outside &= ~suit_mask(x)
        else:
            leads += longest
    if k == 0 or (seat == leader and not outside):
        return False
    return leads + min(k - 1, total - most) < popcount(mine)


@no_refcount
def sure_tricks(hands, np_, s_mask, trump, leader, skip, rp):
    """Tricks the side ``s_mask`` wins whatever happens: the most, over its seats, of what one
    seat's cards win against the other side's (:func:`_sure_of`; one seat's cards fall in
    different tricks, and a partner beating them keeps the trick on the side). For one seat,
    the other side is every other seat. Seats in the bit mask ``skip`` (still to play in the
    trick under way: their hands hold a card more) count only as holders of cards; ``leader``
    leads the next trick."""
    return sure_tricks_inlined(hands, np_, s_mask, trump, leader, skip, rp)


@no_refcount(inline="always")
def sure_tricks_inlined(hands, np_, s_mask, trump, leader, skip, rp):
    """:func:`sure_tricks`, copied into the kernel that calls it (the search, at every trick's start)."""
    opp = uint64(0)
    every = uint64(0)
    for i in range(np_):
        every |= hands[i]
        if not (s_mask >> i) & 1:
            opp |= hands[i]
    sure = 0
    for i in range(np_):
        if (s_mask >> i) & 1 and not (skip >> i) & 1:
            others = every & ~hands[i]
            v = _sure_of(hands[i], opp, others, trump, _leads(hands[i], others, i, leader, trump, rp), hands, np_, i,
                         skip, leader)
            if v == 0 and (_joker_last(hands, np_, s_mask, i, leader, rp) or
                           _outleads(hands, np_, s_mask, i, leader, trump, opp)):
                v = 1
            if v > sure:
                sure = v
    return sure


@no_refcount
def sure_against(hands, np_, s_mask, trump, leader, skip, rp, need):
    """Tricks the others surely take from the side ``s_mask``: the most, over one other seat, of
    its jokers and its trumps less those of its trumps the side's trumps can beat, less one for
    each joker of the side (the mirror of :func:`_sure_of`), or, no other seat holding a joker,
    what it cashes when it leads (:func:`_cash`); seats in ``skip`` are not counted (but hold
    cards). Only a count of at least ``need`` is exact: a seat whose jokers and trumps cannot
    reach it (and that cashes nothing) is not counted."""
    mine = uint64(0)
    every = uint64(0)
    for i in range(np_):
        every |= hands[i]
        if (s_mask >> i) & 1:
            mine |= hands[i]
    my_trumps = mine & suit_mask(trump) if trump >= 0 else uint64(0)
    my_jokers = popcount(mine & JOKERS)
    best = 0
    for i in range(np_):
        if (s_mask >> i) & 1 or (skip >> i) & 1:
            continue
        c = popcount(hands[i] & JOKERS)
        others = every & ~hands[i]
        cashes = not (others & JOKERS) and _leads(hands[i], others, i, leader, trump, rp)
        if trump >= 0:
            t = hands[i] & suit_mask(trump)
            if not cashes and c + popcount(t) - my_jokers < need:
                continue
            c += popcount(t) - _beaten(t, my_trumps)
        c -= my_jokers
        if cashes:
            c = max(c, _cash(hands[i], others, trump, _most_trumps(hands, np_, i, trump), hands, np_, i, skip, leader))
        if c > best:
            best = c
    return best
