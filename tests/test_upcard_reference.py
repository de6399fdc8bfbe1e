"""Exchanging the dealer's up card in J-poker against the plain-Python reference
(``upcard_reference``) on the 32-card deck, under both rules for a "Dealer's Open Card" wild."""

from __future__ import annotations

import pytest
import upcard_reference as ref

from analyzer.cards import get_deck, parse_card, parse_hand
from analyzer.games.stud.game import load_game
from analyzer.games.stud.upcard import upcard_exchange

DECK = "32"  # 7..A: the same game on a short deck keeps the reference fast


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game("j-poker").with_changes(deck=DECK, name="J-poker, 32 cards")


def _check(game, hand: str, up: str, wild: str, rule: str) -> dict:  # type: ignore[no-untyped-def]
    deck = get_deck(DECK)
    codes = [int(c) for c in parse_hand(hand, deck, size=5)]
    u = int(parse_card(up, deck))
    w = u if wild == "doc" else int(parse_card(wild, deck))
    got = upcard_exchange(game, hand, up, wild, doc_rule=rule)
    assert got["ev_stand"] == pytest.approx(float(ref.stand(DECK, codes, u, w)), abs=1e-12)
    assert got["ev_exchange_before_fee"] == pytest.approx(float(ref.exchange(DECK, codes, u, w, rule)), abs=1e-12)
    return got


def test_dealers_open_card_exchange_matches_the_reference(game) -> None:  # type: ignore[no-untyped-def]
    """A wild up card (Dealer's Open Card) exchanged: with ``stays`` the wild card leaves play, so
    the player's aces face a dealer without it; with ``new_up_card`` the new up card is wild and
    the dealer always qualifies."""
    stays = _check(game, "Ah Ad Kc Qs 9h", "8d", "doc", "stays")
    new = _check(game, "Ah Ad Kc Qs 9h", "8d", "doc", "new_up_card")
    assert stays["ev_exchange_before_fee"] - new["ev_exchange_before_fee"] > 1  # the rules differ by far


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "up", "wild"), [("Ah Ad Kc Qs 9h", "8d", "Kd"), ("Kh Qh Jh 9h 7c", "Td", "Jh"),
                                                  ("Tc Td 9s 8s 7h", "Ac", "Ac"), ("As Ks Qd Jc 9d", "7h", "7s")])
def test_exchange_matches_the_reference(game, hand: str, up: str, wild: str) -> None:  # type: ignore[no-untyped-def]
    """A designated card that is not the up card stays wild wherever it goes (in the player's
    hand, the stock or the dealer's hole cards)."""
    for rule in ("stays", "new_up_card"):
        _check(game, hand, up, "doc" if wild == up else wild, rule)
