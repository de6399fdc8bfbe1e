"""What a search knows of a position before searching it: sure tricks, relative ranks, move order.

Cards that are adjacent among the cards still out (in hands or on the table) are
interchangeable, so only one of such a run is tried; the two jokers in one hand are
interchangeable too. Moves are ordered cheapest winner first (with a history of cut-offs).
Positions equal up to the cards already gone share a table entry (:func:`canonical`). Sure
tricks count what every card being played implies: a joker or trump loses only to a later joker
or a higher trump of the other side, each of those beating one (:func:`_beaten`); a seat on lead
facing no joker (or off lead holding the only trumps: :func:`_leads`) cashes its cards above all
the others' of their suit while every seat holding a trump must follow that suit (:func:`_cash`); a
Georgian joker played after every other joker takes its trick (:func:`_joker_last`), and so does
a master when the others, holding no trump, run out of other leads (:func:`_outleads`); a trick under
way can be decided before its last card (:func:`trick_decided`).

>>> import numpy as np
>>> out = np.zeros(2, np.uint64)
>>> canonical(np.array([1 << 12, 1 << 3], np.uint64), 2, out)   # Ac and 5c: the top two clubs left
>>> [int(x) for x in out]
[2, 1]
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels import low_bit, popcount, suit_mask, top_bit, trick_winner
from analyzer.games.tricks.kernels.moves import (
    GIVE,
    HIGH,
    JK1,
    JK2,
    JOKERS,
    LOW,
    NORMAL,
    TAKE,
    TOP_TRUMP,
)
from analyzer.games.tricks.rules import P
from analyzer.kernels.jit import no_refcount

__all__ = ["MAX_MOVES", "beaters", "canonical", "order_moves", "sort_suits", "sure_against", "sure_tricks", "trick_decided",
           "winner_and_beaters"]

R_MODEL = P.MODEL
R_TRUMP_BEATS_TAKE = P.TRUMP_BEATS_TAKE

MAX_MOVES = 48


def _compress_table() -> np.ndarray:
    """``t[(m << 7) | x]``: the bits of ``x`` at the set bits of ``m`` packed low (7-bit ``m``, ``x``),
    and ``t[(1 << 14) + m]`` the count of ``m``'s bits."""
    t = np.zeros((1 << 14) + 128, np.uint8)
    for m in range(128):
        t[(1 << 14) + m] = bin(m).count("1")
        for x in range(128):
            r = 0
            j = 0
            for b in range(7):
                if m >> b & 1:
                    r |= (x >> b & 1) << j
                    j += 1
            t[(m << 7) | x] = r
    return t


_PACK = _compress_table()


@no_refcount
def canonical(hands, np_, out):
    """Hands with each suit's remaining cards renumbered 0, 1, … by rank and the jokers in seat
    order: positions equal up to cards already gone share one table entry. (Each hand's suit
    bits are packed at the cards still held, seven ranks at a time, from :data:`_PACK`.)"""
    for i in range(np_):
        out[i] = uint64(0)
    for s in range(4):
        sh = uint64(16 * s)
        u = uint64(0)
        for i in range(np_):
            u |= hands[i] >> sh
        u &= uint64(0x1FFF)
        lo = (u & uint64(127)) << uint64(7)
        hi = (u >> uint64(7)) << uint64(7)
        n_lo = uint64(_PACK[(1 << 14) + (u & uint64(127))])
        for i in range(np_):
            h = (hands[i] >> sh) & uint64(0x1FFF)
            r = uint64(_PACK[lo | (h & uint64(127))]) | (uint64(_PACK[hi | (h >> uint64(7))]) << n_lo)
            out[i] |= r << sh
    first = True
    for i in range(np_):
        j = (hands[i] >> uint64(JK1)) & uint64(3)
        if j == 3:
            out[i] |= uint64(3) << uint64(JK1)
        elif j:
            out[i] |= uint64(1) << uint64(JK1 if first else JK2)
            first = False


@no_refcount(inline="always")
def _suit_key(out, np_, s):
    """A sort key of suit ``s`` of canonical hands: its cards' owners, seat by seat."""
    key = uint64(0)
    for i in range(np_):
        key = key * uint64(0x2001) + ((out[i] >> uint64(16 * s)) & uint64(0x1FFF))
    return key


@no_refcount
def sort_suits(out, np_, trump):
    """Canonical hands (:func:`canonical`) with the suits other than the trump in the order of
    their content, the largest first: positions equal up to a relabelling of the plain suits
    (the rules treat them alike) share one table entry."""
    keys = (_suit_key(out, np_, 0), _suit_key(out, np_, 1), _suit_key(out, np_, 2), _suit_key(out, np_, 3))
    dest0 = dest1 = dest2 = dest3 = 0
    for s in range(4):
        if s == trump:
            continue
        pos = 0
        for t in range(4):
            if t != trump and t != s and (keys[t] > keys[s] or (keys[t] == keys[s] and t < s)):
                pos += 1
        d = 0
        for x in range(4):
            if x != trump:
                if pos == 0:
                    d = x
                    break
                pos -= 1
        if s == 0:
            dest0 = d
        elif s == 1:
            dest1 = d
        elif s == 2:
            dest2 = d
        else:
            dest3 = d
    dests = (dest0, dest1, dest2, dest3)
    keep = JOKERS | (suit_mask(trump) if trump >= 0 else uint64(0))
    for i in range(np_):
        h = out[i]
        v = h & keep
        for s in range(4):
            if s != trump:
                v |= ((h >> uint64(16 * s)) & uint64(0x1FFF)) << uint64(16 * dests[s])
        out[i] = v


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


@no_refcount(inline="always")
def _above(c):
    """The cards of ``c``'s suit ranked above the ordinary card ``c``."""
    return suit_mask(c >> 4) & ~((uint64(2) << uint64(c)) - uint64(1))


@no_refcount
def winner_and_beaters(t_card, t_mode, k, trump, rp):
    """(position winning the first ``k`` >= 1 cards of a trick, the ordinary cards that would take
    it played next). A card played next takes the trick or leaves it where it was; a joker played
    next takes it when high (or a top trump); no other card does."""
    w = trick_winner(t_card, t_mode, k, trump, rp)
    return w, beaters(t_card, t_mode, w, trump, rp)


@no_refcount
def beaters(t_card, t_mode, w, trump, rp):
    """The ordinary cards that would take a trick won so far by its card at position ``w`` (see
    :func:`winner_and_beaters`)."""
    c = t_card[w]
    trumps = suit_mask(trump) & NORMAL if trump >= 0 else uint64(0)
    if c < JK1:
        beat = _above(c)
        if trump < 0 or (c >> 4) != trump:
            beat |= trumps
    elif t_mode[w] == LOW:  # a led low joker (54-card game): the next ordinary card sets the suit
        beat = NORMAL
    elif w == 0 and rp[R_MODEL] == 0 and t_mode[0] >= TAKE:  # a led joker naming a suit x
        x = (t_mode[0] - TAKE) & 3
        if t_mode[0] >= GIVE:
            beat = (suit_mask(x) & NORMAL) | trumps
        elif rp[R_TRUMP_BEATS_TAKE] and x != trump:
            beat = trumps
        else:
            beat = uint64(0)
    else:  # a high joker: only a later joker beats it
        beat = uint64(0)
    return beat


@no_refcount
def trick_decided(hands, np_, k, leader, w, beat):
    """The seat that wins the trick of ``k`` >= 1 cards whatever the seats still to play do, or -1
    when one of them might take it: none holds a joker, and no card any of them holds would take
    it played next (``w``, ``beat``: the trick's :func:`winner_and_beaters`; a card that takes none
    of the tricks as they stand when it might be played takes nothing)."""
    rest = uint64(0)
    for j in range(k, np_):
        rest |= hands[(leader + j) % np_]
    if rest & JOKERS or rest & beat:
        return -1
    return (leader + w) % np_


@no_refcount
def order_moves(mv, n, hands, np_, s_mask, mover, trump, rp, t_card, t_mode, k, leader, keyb,
                hist, w0, beat, lead_hist):
    """Drop interchangeable moves, then sort the rest best-first; the new count. ``w0``, ``beat``:
    the trick's :func:`winner_and_beaters` (when ``k`` > 0); ``lead_hist``: a lead's cut-off
    history ranks before its static key (else only breaks its ties)."""
    mine = hands[mover]
    others = uint64(0)
    for i in range(np_):
        others |= hands[i]
    others &= ~mine
    out = others | mine
    for i in range(k):
        out |= uint64(1) << uint64(t_card[i])
    both_jokers = (mine >> uint64(JK1)) & (mine >> uint64(JK2)) & uint64(1)
    first_unheld = -1
    first_plain_unheld = -1
    if k == 0 and mine & JOKERS:
        for x in range(3, -1, -1):
            if not (others & suit_mask(x)):
                first_unheld = x
                if x != trump:
                    first_plain_unheld = x
    mover_side = (s_mask >> mover) & 1
    top_joker = rp[R_MODEL] == TOP_TRUMP
    m = 0
    for i in range(n):
        a = mv[i]
        b = a & 63
        mode = a >> 6
        if b < JK1:
            above = out & suit_mask(b >> 4) & ~((uint64(2) << uint64(b)) - uint64(1))
            if above and (mine & (uint64(1) << uint64(low_bit(above)))):
                continue
        elif b == JK2 and both_jokers:
            continue
        elif k == 0 and mode >= TAKE and not (others & suit_mask((mode - TAKE) & 3)):
            # a led joker naming a suit nobody else holds: every such suit plays alike
            # (for "take", a plain suit and the trump suit differ in the follow duty)
            x = (mode - TAKE) & 3
            if mode >= GIVE:
                if x != first_unheld:
                    continue
            elif x != trump and x != first_plain_unheld:
                continue
        if k == 0:
            if b >= JK1:
                key = 40 if mode < GIVE and mode >= TAKE else 0
            else:
                key = 20 + (b & 15)
        else:
            if b >= JK1:
                takes = mode == HIGH or top_joker
            else:
                takes = (beat >> uint64(b)) & uint64(1) == 1
            w = (leader + (k if takes else w0)) % np_
            side = (s_mask >> w) & 1 == mover_side
            r = 14 if b >= JK1 else (b & 15)
            key = 100 - r if side else 50 - r
        mv[m] = a
        h = min(hist[k, a], 65535)
        keyb[m] = h * 128 + key if k == 0 and lead_hist else key * 65536 + h
        m += 1
    for i in range(1, m):
        a = mv[i]
        kk = keyb[i]
        j = i - 1
        while j >= 0 and keyb[j] < kk:
            mv[j + 1] = mv[j]
            keyb[j + 1] = keyb[j]
            j -= 1
        mv[j + 1] = a
        keyb[j + 1] = kk
    return m
