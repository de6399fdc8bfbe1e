"""A whole deal of Remi 51 as numba kernels over a state held in arrays.

The state of a deal (:class:`Deal` holds the arrays): ``hands[seat, code]`` card counts, the
stock (``stock[top:n_stock]``, drawn from ``top``), the discard pile (``pile[:n_pile]``, its top
last), the melds on the table (``table[m] = [kind, key, lo, hi, natural mask, jokers]``: a run
of suit ``key`` over places ``lo..hi`` with jokers at the places of the joker mask, or a set of
rank ``key`` with the natural suits in the mask and a number of jokers), the joker codes on the
table, who has opened, and ``meta`` (seat to move, phase, counters, result).

A turn is a draw (stock or discard pile), then the named melding heuristic ``open-asap``, then a
discard. The heuristic, from the second round on: open as soon as the hand (less the card it
would throw) melds for at least 51; once open, lay every meld the hand makes, take back table
jokers by putting down the card they stand for (only where the joker can go straight back on
the table), add cards to any meld on the table, keeping one card to throw; a hand of jokers only
is thrown whole. Going out scores −50, ×2 for each joker thrown with the last discard (−100,
−200, −400); the others score the points left in hand (ace 11, pictures 10, others face value,
joker ``joker_points``, 50 when it is the only card left). A deal that reaches ``max_turns``
turns is blocked: nobody goes out and everyone scores the points in hand.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.rummy.kernels import JOKER_FLAG, MAX_MELDS, MELD_WIDTH, opening_value_melds
from analyzer.games.rummy.policy import GREEDY, card_points, choose_discard
from analyzer.games.rummy.solver import OPENING
from analyzer.games.rummy.turns import deal_table
from analyzer.kernels.jit import kernel, no_refcount

__all__ = [
    "DISCARD",
    "DRAW",
    "MAX_TABLE",
    "M_PHASE",
    "M_SEAT",
    "OVER",
    "discard",
    "draw",
    "new_state_arrays",
    "play_deal",
    "policy_draw",
    "scores",
    "start_deal",
]

MAX_TABLE = 48
# meta fields
M_SEAT, M_PHASE, M_TOP, M_NSTOCK, M_NPILE, M_NTABLE, M_TURNS, M_WINNER, M_OUTJOKERS, M_PLAYERS, \
    M_CAP, M_MAXTURNS, M_JOKERPTS = range(13)
META = 16
DRAW, DISCARD, OVER = 0, 1, 2
OPENING_POINTS = OPENING  # the solver's: one constant for the solver, the CLI and the kernels


def new_state_arrays(players: int, deck_size: int) -> tuple[np.ndarray, ...]:
    """Empty arrays for a deal: hands, stock, pile, table, table jokers, opened, own turns, meta."""
    return (np.zeros((players, 55), np.int64), np.zeros(deck_size, np.int64), np.zeros(deck_size, np.int64),
            np.zeros((MAX_TABLE, 6), np.int64), np.zeros(55, np.int64), np.zeros(players, np.int64),
            np.zeros(players, np.int64), np.zeros(META, np.int64))


@no_refcount
def start_deal(rng, pack, hands, stock, pile, table, tjok, opened, own, meta, players, cap, max_turns,
               joker_points):
    """Shuffle and deal; seat 0 (15 cards) moves first and only discards."""
    meta[:] = 0
    meta[M_NSTOCK] = deal_table(rng, pack, hands, stock, players)
    table[:] = 0
    tjok[:] = 0
    opened[:] = 0
    own[:] = 0
    own[0] = 1
    meta[M_PLAYERS] = players
    meta[M_CAP] = cap
    meta[M_MAXTURNS] = max_turns
    meta[M_JOKERPTS] = joker_points
    meta[M_WINNER] = -1
    meta[M_PHASE] = DISCARD
    meta[M_TURNS] = 1


@no_refcount
def _move_joker(src, dst):
    """Move one joker (the lowest code ``src`` holds) from count array ``src`` to ``dst``."""
    for jc in range(52, 55):
        if src[jc] > 0:
            src[jc] -= 1
            dst[jc] += 1
            return


@no_refcount
def _lay_rows(h, rows, n, table, tjok, meta):
    """Put the solver's meld rows on the table, taking their cards from ``h``."""
    for m in range(n):
        t = meta[M_NTABLE]
        meta[M_NTABLE] += 1
        kind = rows[m, 0]
        size = rows[m, 1]
        natmask = 0
        jok = 0
        lo = 99
        hi = -1
        key = 0
        for e in range(size):
            entry = rows[m, 2 + e]
            slot = entry & (JOKER_FLAG - 1)
            place = slot >> 2
            suit = slot & 3
            if kind == 1:
                key = suit
                lo = min(lo, place)
                hi = max(hi, place)
            else:
                key = 12 if place == 13 else place - 1
            if entry & JOKER_FLAG:
                _move_joker(h, tjok)
                if kind == 1:
                    jok |= 1 << place
                else:
                    jok += 1
            else:
                code = 48 + suit if place == 0 or place == 13 else (place - 1) * 4 + suit
                h[code] -= 1
                if kind == 1:
                    natmask |= 1 << place
                else:
                    natmask |= 1 << suit
        table[t, 0] = kind
        table[t, 1] = key
        table[t, 2] = lo if kind == 1 else 0
        table[t, 3] = hi if kind == 1 else 0
        table[t, 4] = natmask
        table[t, 5] = jok


@no_refcount
def _popcount(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


@no_refcount
def _joker_room(table, meta):
    """A meld the table can take one more joker into (its index), else -1: a run with a free end,
    a set of fewer than four cards, and either holding fewer jokers than the cap (``meta[M_CAP]``)."""
    cap = meta[M_CAP]
    for t in range(meta[M_NTABLE]):
        if table[t, 0] == 1:
            if _popcount(table[t, 5]) < cap and (table[t, 3] < 13 or table[t, 2] > 0):
                return t
        elif table[t, 5] < cap and _popcount(table[t, 4]) + table[t, 5] < 4:
            return t
    return -1


@no_refcount
def _lay_joker(h, table, tjok, meta):
    t = _joker_room(table, meta)
    if t < 0:
        return False
    _move_joker(h, tjok)
    if table[t, 0] == 1:
        if table[t, 3] < 13:
            table[t, 3] += 1
            table[t, 5] |= 1 << table[t, 3]
        else:
            table[t, 2] -= 1
            table[t, 5] |= 1 << table[t, 2]
    else:
        table[t, 5] += 1
    return True


@no_refcount
def _lay_off(h, c, table, tjok, meta, replace):
    """Put natural ``c`` on a table meld (``replace``: only where it frees a joker, which goes to
    ``h``). True if done."""
    r = c >> 2
    s = c & 3
    for t in range(meta[M_NTABLE]):
        if table[t, 0] == 1:
            if table[t, 1] != s:
                continue
            for k in range(2):
                p = r + 1 if k == 0 else 0
                if k == 1 and r != 12:
                    break
                lo = table[t, 2]
                hi = table[t, 3]
                if replace:
                    if lo <= p <= hi and (table[t, 5] >> p) & 1:
                        table[t, 5] &= ~(1 << p)
                        table[t, 4] |= 1 << p
                        h[c] -= 1
                        _move_joker(tjok, h)
                        return True
                elif p == lo - 1 or p == hi + 1:
                    if p == lo - 1:
                        table[t, 2] = p
                    else:
                        table[t, 3] = p
                    table[t, 4] |= 1 << p
                    h[c] -= 1
                    return True
        else:
            if table[t, 1] != r or (table[t, 4] >> s) & 1:
                continue
            if replace:
                if table[t, 5] > 0:
                    table[t, 5] -= 1
                    table[t, 4] |= 1 << s
                    h[c] -= 1
                    _move_joker(tjok, h)
                    return True
            elif _popcount(table[t, 4]) + table[t, 5] < 4:
                table[t, 4] |= 1 << s
                h[c] -= 1
                return True
    return False


@no_refcount
def _hand_size(h):
    n = 0
    for c in range(55):
        n += h[c]
    return n


@no_refcount
def _lay_off_all(h, table, tjok, meta, replace):
    """Lay off natural cards until none fits; ``replace``: only where the card takes back a joker
    (while a meld has room for it), which then goes straight back on the table."""
    changed = True
    while changed:
        changed = False
        for c in range(52):
            if (h[c] > 0 and _hand_size(h) > 1 and (not replace or _joker_room(table, meta) >= 0)
                    and _lay_off(h, c, table, tjok, meta, replace)):
                if replace:
                    _lay_joker(h, table, tjok, meta)
                changed = True


@kernel
def _melds_but_discard(h, cap, free, rows):
    """The opening value and meld count (melds in ``rows``) of hand ``h`` less the card it would discard."""
    d, _ = choose_discard(h, cap, free, rows)
    h[d] -= 1
    value, n = opening_value_melds(h, cap, rows)
    h[d] += 1
    return value, n


@kernel
def auto_meld(seat, hands, table, tjok, opened, meta, free, rows):
    """The ``open-asap`` heuristic for the seat to move (after its draw, second round on)."""
    h = hands[seat]
    cap = meta[M_CAP]
    value, n = _melds_but_discard(h, cap, free, rows)
    if not opened[seat]:
        if value < OPENING_POINTS:
            return
        opened[seat] = 1
    if n > 0:
        _lay_rows(h, rows, n, table, tjok, meta)
    # take back jokers where the card they stand for is in hand and the joker can go straight back
    _lay_off_all(h, table, tjok, meta, np.bool_(True))
    # new melds with the jokers taken back, then every card that fits on the table
    if _hand_size(h) > 1:
        _, n = _melds_but_discard(h, cap, free, rows)
        if n > 0:
            _lay_rows(h, rows, n, table, tjok, meta)
    _lay_off_all(h, table, tjok, meta, np.bool_(False))
    naturals = 0
    for c in range(52):
        naturals += h[c]
    if naturals > 0:
        while h[52] + h[53] + h[54] > 0 and _hand_size(h) > 1:
            if not _lay_joker(h, table, tjok, meta):
                break


@kernel(python=True)  # called from Python as well: one compile serves both
def policy_draw(seat, hands, pile, meta, policy, free, rows):
    """1 to take the top of the discard pile, 0 for the stock, by ``policy``."""
    if meta[M_NPILE] == 0:
        return 0
    if meta[M_TOP] == meta[M_NSTOCK] and meta[M_NPILE] == 1:
        return 1  # the stock is empty and the pile's only card would be turned over anyway
    if policy != GREEDY:
        return 0
    h = hands[seat]
    d = pile[meta[M_NPILE] - 1]
    h[d] += 1
    disc, _ = choose_discard(h, meta[M_CAP], free, rows)
    h[d] -= 1
    return 1 if disc != d else 0


@kernel(python=True)  # called from Python as well: one compile serves both
def draw(from_pile, hands, stock, pile, table, tjok, opened, own, meta, free, rows):
    """The seat to move draws, then melds by the heuristic (from its second turn)."""
    seat = meta[M_SEAT]
    h = hands[seat]
    if from_pile:
        meta[M_NPILE] -= 1
        h[pile[meta[M_NPILE]]] += 1
    else:
        if meta[M_TOP] == meta[M_NSTOCK]:  # turn the discard pile over
            for k in range(meta[M_NPILE]):
                stock[k] = pile[k]
            meta[M_NSTOCK] = meta[M_NPILE]
            meta[M_NPILE] = 0
            meta[M_TOP] = 0
        h[stock[meta[M_TOP]]] += 1
        meta[M_TOP] += 1
    if own[seat] >= 2:
        auto_meld(seat, hands, table, tjok, opened, meta, free, rows)
    meta[M_PHASE] = DISCARD


@no_refcount
def discard(card, hands, pile, own, meta):
    """The seat to move throws ``card`` (a hand of jokers only is thrown whole: going out)."""
    seat = meta[M_SEAT]
    h = hands[seat]
    jokers = h[52] + h[53] + h[54]
    size = _hand_size(h)
    if card >= 52 and jokers == size:
        for jc in range(52, 55):
            while h[jc] > 0:
                h[jc] -= 1
                pile[meta[M_NPILE]] = jc
                meta[M_NPILE] += 1
        meta[M_WINNER] = seat
        meta[M_OUTJOKERS] = jokers
        meta[M_PHASE] = OVER
        return
    h[card] -= 1
    pile[meta[M_NPILE]] = card
    meta[M_NPILE] += 1
    if size == 1:  # a natural last card (a lone joker went out above, thrown whole)
        meta[M_WINNER] = seat
        meta[M_OUTJOKERS] = 0
        meta[M_PHASE] = OVER
        return
    if meta[M_TURNS] >= meta[M_MAXTURNS]:
        meta[M_PHASE] = OVER  # blocked
        return
    seat += 1
    if seat == meta[M_PLAYERS]:
        seat = 0
    meta[M_SEAT] = seat
    own[seat] += 1
    meta[M_TURNS] += 1
    meta[M_PHASE] = DRAW


@no_refcount
def scores(hands, meta, out):
    """Each seat's score for the deal into ``out`` (the winner's −50·2^jokers; others' points)."""
    jp = meta[M_JOKERPTS]
    for s in range(meta[M_PLAYERS]):
        if s == meta[M_WINNER]:
            out[s] = -50 * (1 << meta[M_OUTJOKERS])
            continue
        total = 0
        size = _hand_size(hands[s])
        for c in range(55):
            if hands[s, c] > 0:
                pts = card_points(c, jp)
                if c >= 52 and size == 1:
                    pts = 50
                total += pts * hands[s, c]
        out[s] = total


@kernel(python=True)  # called from Python as well: one compile serves both
def play_deal(rng, pack, hands, stock, pile, table, tjok, opened, own, meta, policies, cap, max_turns,
              joker_points, free, rows):
    """Play one whole deal with every seat's drawing policy and the melding heuristic."""
    players = policies.shape[0]
    start_deal(rng, pack, hands, stock, pile, table, tjok, opened, own, meta, players, cap, max_turns,
               joker_points)
    while meta[M_PHASE] != OVER:
        seat = meta[M_SEAT]
        if meta[M_PHASE] == DRAW:
            take = policy_draw(seat, hands, pile, meta, policies[seat], free, rows)
            draw(take, hands, stock, pile, table, tjok, opened, own, meta, free, rows)
        else:
            h = hands[seat]
            if h[52] + h[53] + h[54] == _hand_size(h):
                card = 52 if h[52] > 0 else (53 if h[53] > 0 else 54)
            else:
                card, _ = choose_discard(h, cap, free, rows)
            discard(card, hands, pile, own, meta)


def rows_buffer() -> np.ndarray:
    return np.zeros((MAX_MELDS, MELD_WIDTH), np.int64)
