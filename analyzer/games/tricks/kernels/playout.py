"""The one playout loop of the trick games: a deal played on from any position, a policy code a seat.

A **position** is a tuple of arrays (:func:`new_position`), in this order:

- ``hands``: uint64 per seat; ``stock``: card bits to draw, in order, from ``pos[NEXT]`` (the
  turned card last);
- ``pos``: int64 scalars — ``K`` cards of the current trick on the table, ``LEADER``, ``LEFT``
  tricks left (the current one counted), ``NEXT``, ``UP_HOLDER`` (the seat that drew the turned
  card, -1), ``UP_BIT`` (the turned card, -1), ``TRUMP`` (-1 none), ``CARDS`` dealt each,
  ``TRICKS`` of the deal, ``SET`` (the set index of the scoring), ``TRACK`` (1: keep what the
  plays show, for pimc's worlds), ``END`` (the stock is ``stock[:END]``), ``DRAWN`` (cards
  drawn so far);
- ``bits``: uint64 ``PLAYED`` (the cards played) and ``DECK`` (the cards of the pack);
- ``t_card``/``t_mode``: the trick in progress; ``bids``, ``took``, ``scores`` (the joker-lead
  penalties until the deal is scored), ``played_by`` and ``forbid`` (per seat: its cards played,
  the cards it has shown it cannot hold).

:func:`play_on` plays the position on by the seats' policy codes until the deal ends or a
seat whose code (``EXTERNAL`` and above: pimc) decides outside the loop is to play; every
other playing loop of the package (self-play, bidding tables, joker value, study, pimc's
playouts, whole games) is this one.

>>> import numpy as np
>>> from analyzer.games.tricks.rules import trick_rules
>>> rp = trick_rules("georgian-joker").params()
>>> g = new_position(4, 0)
>>> hands, _, pos = g[0], g[1], g[2]
>>> hands[:] = [1 << 44, 1 << 43, 1 << 42, 1 << 12]   # Ah, Kh, Qh, Ac; hearts trump
>>> start_play(g, 0, 2, -1, 1, 1, 0, np.uint64(sum(1 << b for b in (44, 43, 42, 12))), 0, 0)
>>> play_on(g, rp, np.array([1, 1, 1, 1]), np.ones(4, np.uint64), np.zeros(48, np.int64))
-1
>>> g[7].tolist(), int(pos[LEFT])   # took: seat 0's ace of trumps wins the one trick
([1, 0, 0, 0], 0)
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from analyzer.games.tricks.kernels.moves import (
    JK1,
    deal_score,
    legal_moves,
    maker_points,
    trick_winner,
)
from analyzer.games.tricks.kernels.reveal import note_play
from analyzer.games.tricks.policies.basic import HEURISTIC, choose_bid, choose_move
from analyzer.games.tricks.policies.short import short_move
from analyzer.games.tricks.rules import P
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount

__all__ = [
    "CARDS",
    "DECK",
    "END",
    "EXTERNAL",
    "LEADER",
    "LEFT",
    "NEXT",
    "PLAYED",
    "POS_SIZE",
    "SET",
    "TRACK",
    "TRICKS",
    "TRUMP",
    "UP_BIT",
    "UP_HOLDER",
    "K",
    "apply_move",
    "bid_and_play",
    "bid_blind",
    "bid_rest",
    "copy_position",
    "deal_value",
    "first_leader",
    "forbidden_bid",
    "keep_short_play",
    "new_position",
    "play_on",
    "play_out",
    "playout_codes",
    "policy_move",
    "reused_score",
    "same_play",
    "score_deal",
    "short_play",
    "side_tricks",
    "side_value",
    "start_play",
]

R_DRAW = P.DRAW
R_HOOK = P.HOOK
R_LEADER = P.LEADER
R_JOKER_LEAD = P.JOKER_LEAD
R_SCORING = P.SCORING
MAKER = 1  # rp[R_SCORING]: the maker's side scores (short poker for tricks; ``bids[s]`` = 1 on that side)
EXTERNAL = 2  # policy codes from here on decide outside the loop (2: pimc)
K, LEADER, LEFT, NEXT, UP_HOLDER, UP_BIT, TRUMP, CARDS, TRICKS, SET, TRACK, END, DRAWN = range(13)
POS_SIZE = 13
PLAYED, DECK = 0, 1


@kernel
def new_position(np_, stock_size):
    """An empty position of ``np_`` seats with room for ``stock_size`` stock cards."""
    return (np.zeros(np_, np.uint64), np.zeros(stock_size, np.int64), np.zeros(POS_SIZE, np.int64),
            np.zeros(2, np.uint64), np.zeros(np_, np.int64), np.zeros(np_, np.int64), np.zeros(np_, np.int64),
            np.zeros(np_, np.int64), np.zeros(np_, np.int64), np.zeros(np_, np.uint64), np.zeros(np_, np.uint64))


@no_refcount
def copy_position(src, dst):
    """Copy position ``src`` into ``dst`` (the same seats and stock size)."""
    hands, stock, pos, bits, t_card, t_mode, bids, took, scores, played_by, forbid = src
    h2, st2, pos2, bits2, tc2, tm2, bids2, took2, sc2, pb2, fb2 = dst
    copy_into(h2, hands)
    copy_into(st2, stock)
    copy_into(pos2, pos)
    copy_into(bits2, bits)
    copy_into(tc2, t_card)
    copy_into(tm2, t_mode)
    copy_into(bids2, bids)
    copy_into(took2, took)
    copy_into(sc2, scores)
    copy_into(pb2, played_by)
    copy_into(fb2, forbid)


@no_refcount
def start_play(g, leader, trump, up_bit, cards, tricks, set_index, deck_mask, stock_len, track):
    """Set ``g`` to the first lead of a deal whose hands and ``stock[:stock_len]`` are in place:
    nothing played, no trick taken, ``leader`` to lead (the bids are left as they are)."""
    _hands, _stock, pos, bits, _t_card, _t_mode, _bids, took, scores, played_by, forbid = g
    pos[:] = 0
    pos[LEADER] = leader
    pos[LEFT] = tricks
    pos[UP_HOLDER] = -1
    pos[UP_BIT] = up_bit
    pos[TRUMP] = trump
    pos[CARDS] = cards
    pos[TRICKS] = tricks
    pos[SET] = set_index
    pos[TRACK] = track
    pos[END] = stock_len
    bits[PLAYED] = uint64(0)
    bits[DECK] = deck_mask
    took[:] = 0
    scores[:] = 0
    played_by[:] = uint64(0)
    forbid[:] = uint64(0)


@no_refcount
def forbidden_bid(bids, s, np_, tricks, cards, rp):
    """The bid the hook forbids seat ``s`` after ``bids[:s]`` (-1: none)."""
    if s != np_ - 1 or rp[R_HOOK] == 2:
        return -1
    total = 0
    for i in range(s):
        total += bids[i]
    return (tricks if rp[R_HOOK] == 0 else cards) - total


@no_refcount
def bid_rest(hands, trump, tricks, n, np_, rp, pol, bids, start, extra, pstate):
    """Bids of seats ``start..np_-1`` by their policy codes (the last seat under the hook; a
    code from ``EXTERNAL`` on bids as the heuristic here)."""
    for s in range(start, np_):
        bids[s] = choose_bid(pol[s], hands[s], trump, tricks, forbidden_bid(bids, s, np_, tricks, n, rp), extra,
                             pstate)


@no_refcount
def bid_blind(pol, rp):
    """Whether the deal's play sees a seat's bid only as "short of it or not" and draws nothing
    at random: every seat plays the heuristic, and bids are scored (not maker scoring). Then a
    play in which a seat stays short of its bid to the end is, move for move, the play of any
    other bid it stays short of (:func:`same_play`)."""
    blind = rp[R_SCORING] != MAKER
    for s in range(pol.shape[0]):
        blind = blind and pol[s] == HEURISTIC
    return blind


@kernel
def short_play(np_):
    """An empty record of a play in which a seat stayed short of its bid, for :func:`same_play`:
    ``[tricks it took (-1: none yet), its joker-lead penalties, every seat's bids...]``."""
    ref = np.zeros(np_ + 2, np.int64)
    ref[0] = -1
    return ref


@no_refcount(inline="always")
def keep_short_play(ref, b, took, score, bids, cards, set_index, rp):
    """Record the play just made of bid ``b`` (the seat took ``took``, scored ``score``; the seats
    bid ``bids``) in ``ref`` when the seat stayed short of its bid to the end."""
    if took < b:
        ref[0] = took
        ref[1] = score - deal_score(b, took, cards, set_index, rp)
        for s in range(bids.shape[0]):
            ref[2 + s] = bids[s]


@no_refcount(inline="always")
def same_play(bids, seat, b, ref, hands, trump, tricks, n, rp, pol, extra, pstate):
    """Under :func:`bid_blind` play, whether the play recorded in ``ref`` (:func:`keep_short_play`)
    is also the play of bid ``b``, ``bids[:seat]`` made: ``b`` is above the tricks the seat took
    there too, and the later seats bid as they did there (they are bid into ``bids``)."""
    if ref[0] < 0 or b <= ref[0]:
        return False
    bids[seat] = b
    bid_rest(hands, trump, tricks, n, hands.shape[0], rp, pol, bids, seat + 1, extra, pstate)
    same = True
    for s in range(bids.shape[0]):
        if s != seat and bids[s] != ref[2 + s]:
            same = False
            break
    return same


@no_refcount(inline="always")
def reused_score(ref, b, cards, set_index, rp):
    """The score of bid ``b`` played as the play recorded in ``ref`` (:func:`same_play`)."""
    return deal_score(b, ref[0], cards, set_index, rp) + ref[1]


@no_refcount
def apply_move(g, a, rp):
    """Play move ``a`` for the seat on turn; a trick's last card decides it, then every seat
    draws from the stock (the winner first) while it lasts."""
    hands, stock, pos, bits, t_card, t_mode, _bids, took, scores, played_by, forbid = g
    np_ = hands.shape[0]
    k = pos[K]
    leader = pos[LEADER]
    seat = (leader + k) % np_
    h = hands[seat]
    b = a & 63
    bit = uint64(1) << uint64(b)
    if pos[TRACK]:
        note_play(forbid, seat, a, t_card, t_mode, k, pos[TRUMP], rp)
        played_by[seat] |= bit
    if k == 0 and b >= JK1 and h != bit:  # a joker led, not his last card
        scores[seat] -= rp[R_JOKER_LEAD]
    hands[seat] = h ^ bit
    bits[PLAYED] |= bit
    t_card[k] = b
    t_mode[k] = a >> 6
    if k + 1 < np_:
        pos[K] = k + 1
        return
    w = (leader + trick_winner(t_card, t_mode, np_, pos[TRUMP], rp)) % np_
    took[w] += 1
    pos[LEADER] = w
    pos[K] = 0
    pos[LEFT] -= 1
    nxt = pos[NEXT]
    if rp[R_DRAW] == 1 and pos[END] - nxt >= np_:
        for j in range(np_):
            s = (w + j) % np_
            c = stock[nxt]
            hands[s] |= uint64(1) << uint64(c)
            if pos[TRACK]:
                if c == pos[UP_BIT]:
                    pos[UP_HOLDER] = s
                forbid[s] = uint64(0)  # a void shown before the draw may be filled now
            nxt += 1
        pos[DRAWN] += nxt - pos[NEXT]
        pos[NEXT] = nxt


@no_refcount
def play_on(g, rp, pol, pstate, moves):
    """Play ``g`` on, each seat by its policy code (``pstate`` the policies' stream), until the
    deal's last trick (returns -1) or a seat with a code from ``EXTERNAL`` on is to play
    (returns that seat, nothing played for it)."""
    hands, _stock, pos, _bits, t_card, t_mode, _bids, _took, _scores, _played_by, _forbid = g
    np_ = hands.shape[0]
    while pos[LEFT] > 0:
        k = pos[K]
        seat = (pos[LEADER] + k) % np_
        if pol[seat] >= EXTERNAL:
            return seat
        m = legal_moves(hands[seat], t_card, t_mode, k, pos[TRUMP], rp, moves)
        apply_move(g, policy_move(g, pol[seat], seat, moves, m, rp, pstate), rp)
    return -1


@no_refcount
def policy_move(g, code, seat, moves, m, rp, pstate):
    """The move policy ``code`` (random or heuristic) plays for ``seat`` on turn in ``g`` among the
    ``m`` legal ``moves``: the maker game's policies under maker scoring, else play-to-your-bid."""
    hands, _stock, pos, bits, t_card, t_mode, bids, took, _scores, _played_by, _forbid = g
    h = hands[seat]
    k = pos[K]
    if rp[R_SCORING] == MAKER:
        return short_move(code, seat, h, moves, m, t_card, t_mode, k, pos[LEADER], bids, pos[TRUMP], rp, pstate)
    return choose_move(code, h, moves, m, t_card, t_mode, k, pos[TRUMP], bids[seat] - took[seat],
                       bits[DECK] & ~bits[PLAYED] & ~h, rp, pstate)


@no_refcount
def side_value(bids, took, me, rp):
    """Under maker scoring, what seat ``me``'s side nets for the deal: the maker side's points,
    negated for the defenders (the deal is zero-sum between the two sides)."""
    pts = maker_points(side_tricks(bids, took), rp)
    return pts if bids[me] == 1 else -pts


@no_refcount
def deal_value(g, me, rp):
    """Seat ``me``'s score for the deal played out in ``g`` (its joker-lead penalties included): its
    side's points under maker scoring (:func:`side_value`), else the score of its bid."""
    _hands, _stock, pos, _bits, _t_card, _t_mode, bids, took, scores, _played_by, _forbid = g
    if rp[R_SCORING] == MAKER:
        return side_value(bids, took, me, rp) + scores[me]
    return deal_score(bids[me], took[me], pos[CARDS], pos[SET], rp) + scores[me]


@no_refcount
def side_tricks(bids, took):
    """Tricks taken by the maker's side (maker scoring: ``bids[s]`` = 1 for its seats)."""
    t = 0
    for s in range(bids.shape[0]):
        if bids[s] == 1:
            t += took[s]
    return t


@no_refcount
def score_deal(g, rp):
    """Add every seat's deal score to its penalties in ``scores`` (the deal is over): its bid's score,
    or under maker scoring what the maker's side writes (defenders nothing)."""
    hands, _stock, pos, _bits, _t_card, _t_mode, bids, took, scores, _played_by, _forbid = g
    if rp[R_SCORING] == MAKER:
        pts = maker_points(side_tricks(bids, took), rp)
        for s in range(hands.shape[0]):
            scores[s] += pts if bids[s] == 1 else 0
        return
    for s in range(hands.shape[0]):
        scores[s] += deal_score(bids[s], took[s], pos[CARDS], pos[SET], rp)


@no_refcount(inline="always")
def play_out(g, rp, pol, pstate, moves):
    """Play ``g`` to the end with policy codes below ``EXTERNAL`` only and score it."""
    play_on(g, rp, pol, pstate, moves)
    score_deal(g, rp)


@no_refcount(inline="always")
def bid_and_play(g, start, extra, rp, pol, pstate, moves):
    """From a started position (:func:`start_play`) with ``bids[:start]`` made: the other seats
    bid by their codes (``extra``: the tricks expected from drawn cards), then the deal is played
    out and scored."""
    hands, _stock, pos, _bits, _t_card, _t_mode, bids, _took, _scores, _played_by, _forbid = g
    bid_rest(hands, pos[TRUMP], pos[TRICKS], pos[CARDS], hands.shape[0], rp, pol, bids, start, extra, pstate)
    play_out(g, rp, pol, pstate, moves)


@no_refcount
def first_leader(np_, rp):
    """The seat leading the first trick: seat 0, or the dealer (the last seat) by the rules."""
    return np_ - 1 if rp[R_LEADER] == 1 else 0


@kernel
def playout_codes(pol):
    """The codes with every code from ``EXTERNAL`` on played as the heuristic (pimc's playouts)."""
    out = pol.copy()
    for s in range(out.shape[0]):
        if out[s] >= EXTERNAL:
            out[s] = 1
    return out
