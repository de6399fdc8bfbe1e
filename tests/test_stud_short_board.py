"""A board game (J-poker's designated wild card) on a short deck: the "card w is wild" deals
weighted by the deck's own count of situations, the wild ranks those of the deck; what assumes
52 cards (the exchange and up-card edges, 13 ranks) refuses another deck in one line."""

from __future__ import annotations

import pytest

from analyzer.games.stud.edge import house_edges
from analyzer.games.stud.exact import tallies, tally_value
from analyzer.games.stud.exchange import ExchangeCollector
from analyzer.games.stud.game import StudError, load_game
from analyzer.games.stud.upcard_edge import UpcardCollector

J32 = load_game("j-poker").with_changes(deck="32", name="J-poker, 32 cards")


def test_short_deck_board_game_is_a_whole_mixture():
    """Aces wild on 32 cards: the outcomes' probabilities add up to 1 (they added up to 0.0966 when
    the plain deals were counted against 52 cards' situations), and the edge is the mixture of the
    two exact parts, (1 - doc) × plain + doc × dealer's open card."""
    r = house_edges(J32, ("optimal",), "exact", ranks=(12,))[0]
    assert sum(x["probability"] for x in r.rows()) == pytest.approx(1.0, abs=1e-12)
    doc = J32.doc_probability
    plain = tally_value(J32, tallies(J32, ("optimal",), wild_card=12 * 4 + 3)[0])
    open_card = tally_value(J32, tallies(J32, ("optimal",), wild_card=12 * 4 + 3, doc=True)[0])
    assert r.ev == pytest.approx(float((1 - doc) * plain + doc * open_card), abs=1e-12)


def test_short_deck_board_game_refuses_a_rank_outside_the_deck():
    with pytest.raises(StudError, match=r"bad wild rank 0: the 32-card deck's ranks are 5 \(7\) \.\. 12 \(A\)"):
        house_edges(J32, ("optimal",), "exact", ranks=(0,))


def test_board_game_on_a_deck_with_jokers_is_refused():
    with pytest.raises(StudError, match="a board designation names one card of a plain deck"):
        house_edges(load_game("j-poker").with_changes(deck="52+1"), ("optimal",), "exact", ranks=(12,))


def test_the_52_card_edges_refuse_a_short_board_deck():
    with pytest.raises(StudError, match="the exchange option's edge needs a board game on 52 cards, not '32'"):
        ExchangeCollector(J32, 10, seed=1)
    with pytest.raises(StudError, match="the up-card exchange's edge needs a board game on 52 cards"):
        UpcardCollector(J32, 10, seed=1)
