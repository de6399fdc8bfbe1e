"""The heuristic player on the plain-Python referee: its bids and trump from its description
(:mod:`heuristic_reference`), its plays asked of the policy kernel as a black box among the
referee's legal plays. Test helper only: the rules (legality, winners, drawing, penalties,
scores) are all the referee's.

>>> from tricks_game_reference import GEORGIAN, Deal, deck
>>> d = Deal.from_pack(GEORGIAN, deck(True), 2)
>>> play_to_end(d, set(), GEORGIAN_PARAMS).phase
'done'
"""

from __future__ import annotations

import copy

import numpy as np
from heuristic_reference import bid, name_trump
from tricks_codec import action_of, bit_of, mask_of, play_of
from tricks_game_reference import Deal, deck, kernel_order
from tricks_reference import SUITS

from analyzer.games.tricks.policies.basic import HEURISTIC, choose_move
from analyzer.games.tricks.rules import trick_rules

GEORGIAN_PARAMS = trick_rules("georgian-joker").params()


def heuristic_play(d: Deal, played: set, rp: np.ndarray) -> tuple:
    """The heuristic's play at the referee's position: the policy picks one of the referee's legal
    plays (in the program's order), knowing its hand, the trick, what it still needs for its bid
    and the cards it has not seen (not played, not in its hand)."""
    seat = d.to_move()
    plays = kernel_order(d.legal_plays())
    moves = np.zeros(48, np.int64)
    moves[:len(plays)] = [action_of(p) for p in plays]
    pad = [0] * (d.rules.players - len(d.trick))
    t_cards = np.array([bit_of(c) for c, _m in d.trick] + pad, np.int64)
    t_modes = np.array([action_of(p) >> 6 for p in d.trick] + pad, np.int64)
    unseen = mask_of([c for c in deck(d.rules.georgian) if c not in played and c not in d.hands[seat]])
    trump = -1 if d.trump is None else SUITS.index(d.trump)
    a = int(choose_move(HEURISTIC, np.uint64(mask_of(d.hands[seat])), moves, len(plays), t_cards, t_modes,
                        len(d.trick), trump, d.bids[seat] - d.took[seat], np.uint64(unseen), rp,
                        np.ones(4, np.uint64)))
    return play_of(a)


def play_to_end(d: Deal, played: set, rp: np.ndarray) -> Deal:
    """A copy of ``d`` played to its end by the heuristic at every seat: the trump named and the
    bids made by the description, the plays by :func:`heuristic_play` (``played``: the cards
    played before ``d``'s position)."""
    d, played = copy.deepcopy(d), set(played)
    if d.phase == "trump":
        d.name_trump(name_trump(d.first_three))
    extra = (d.tricks - d.cards) / d.rules.players
    while d.phase == "bid":
        d.bid(bid(d.hands[d.to_move()], d.trump, d.tricks, d.forbidden_bid(), extra))
    while d.phase == "play":
        p = heuristic_play(d, played, rp)
        played.add(p[0])
        d.play(p)
    return d
