"""The trick games as OpenSpiel games, over :class:`TrickState`: Georgian Joker
(``joker_odds_georgian_joker``), the 54-card game (``joker_odds_joker54``) and short poker for
tricks (``joker_odds_short_tricks``).

Parameters: every scalar key of the preset (``players``, ``hook``, ``draw``, ``deck`` spelled
``cards36j`` …, the scoring keys) with the preset's value as default, plus ``cards`` (dealt each),
``set_index`` (the deal's set, for set-dependent scoring) and ``dealer`` (-1: the last seat). The
pack is dealt at chance nodes as :meth:`TrickState.new_deal` deals a shuffled pack: seat
``dealer+1+i`` gets the i-th packet, then the turned card; when the rules draw after each trick,
each card drawn from the stock is a chance node over the unseen stock (the turned card, drawn
last, is no chance). Actions: a play is the engine's move ``bit + 64·mode``
(< :data:`BID`), a bid or a maker's declaration (0 pass, 1 play) is ``BID + n``, a named trump
``TRUMP + suit`` (``TRUMP + 4``: no trump). Returns are the engine's deal scores. The tensor:
one-hot planes over the deck's cards (own hand, the namer's first three, the turned card, who
played each card, in which mode and as which play in order), trump, who holds the turned card,
the stock's size, what was said (seat and value, in order), tricks taken and the seat to move.

>>> import pyspiel
>>> from analyzer.openspiel.registry import register_all
>>> register_all()
>>> g = pyspiel.load_game("joker_odds_georgian_joker", {"cards": 2})
>>> g.num_players(), g.get_parameters()["hook"]
(4, 'tricks')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from analyzer.games.tricks.deck import format_mask, trick_deck, trump_text
from analyzer.games.tricks.rules import TrickRules, _preset_data, trick_rules
from analyzer.games.tricks.state import TrickState, move_text
from analyzer.openspiel.base import PackGame, PackState, deck_counts, deck_name, deck_param
from analyzer.openspiel.spiel import pyspiel
from analyzer.openspiel.tensors import mask_plane, one_hot, pack_layout

__all__ = ["BID", "TRICK_GAMES", "TRUMP", "TrickGame", "TrickSpielState", "trick_game_type", "trick_params",
           "trick_world"]

BID = 64 * 11  # plays are bit + 64 * mode, mode < 11
TRUMP = BID + 64
MODES = 11
PHASES = ("trump", "bid", "play", "done")
TRICK_GAMES = {"joker_odds_georgian_joker": ("georgian-joker", 9),
               "joker_odds_joker54": ("joker-54", 8),
               "joker_odds_short_tricks": ("short-tricks", 5)}


def trick_params(short_name: str) -> dict[str, Any]:
    """The game parameters of ``short_name``: the preset's scalar keys but the schedule (a game is one
    deal), ``cards``, ``set_index``, ``dealer``."""
    preset, cards = TRICK_GAMES[short_name]
    data = {k: v for k, v in _preset_data(preset).items()
            if k not in ("name", "description", "schedule") and isinstance(v, (bool, int, str))}
    data["deck"] = deck_param(str(data["deck"]))
    return {**data, "cards": cards, "set_index": 0, "dealer": -1}


def trick_game_type(short_name: str) -> Any:
    preset, _ = TRICK_GAMES[short_name]
    rules = trick_rules(preset)
    return PackGame.game_type(short_name, f"{rules.description} (joker-odds)", 6, trick_params(short_name))


def _trick_rules(short_name: str, params: dict[str, Any]) -> TrickRules:
    preset, _ = TRICK_GAMES[short_name]
    base = trick_params(short_name)
    changed = {k: (deck_name(v) if k == "deck" else v) for k, v in params.items()
               if k not in ("cards", "set_index", "dealer") and v != base[k]}
    return trick_rules(preset, {k: str(v).lower() if isinstance(v, bool) else v for k, v in changed.items()})


class TrickGame(PackGame):
    """One trick game with the given parameters (the registered subclasses fix ``short_name``)."""

    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**trick_params(self.short_name), **(params or {})}
        self.rules = _trick_rules(self.short_name, p)
        self.cards, self.set_index, self.dealer = int(p["cards"]), int(p["set_index"]), int(p["dealer"])
        self.deck = _deck(self.rules.deck)
        n, players = len(self.deck.bits), self.rules.players
        if not 1 <= self.cards * players <= n:
            raise pyspiel.SpielError(f"cannot deal {self.cards} cards to {players} players from {n}")
        bound = 100.0 * (n // players) + 1000.0
        info = pyspiel.GameInfo(num_distinct_actions=TRUMP + 5, max_chance_outcomes=64, num_players=players,
                                min_utility=-bound, max_utility=bound, utility_sum=None,
                                max_game_length=2 * n + players + 2)
        super().__init__(trick_game_type(self.short_name), info, p)

    def pack(self) -> dict[int, int]:
        return deck_counts(self.deck.bits)

    def needed(self) -> int:
        n, dealt = len(self.deck.bits), self.cards * self.rules.players
        return dealt + (1 if n > dealt and self.rules.trump == "turned" else 0)

    def tensor_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n, p = len(self.deck.bits), self.rules.players
        return [*pack_layout(p),
            ("phase", (len(PHASES),)), ("hand", (n,)), ("first_three", (n,)), ("namer", (p,)), ("trump", (5,)),
            ("turned", (n + 1,)), ("up_holder", (p + 1,)), ("stock", (1,)), ("said", (p + 1, p + 2)),
            ("took", (p,)), ("played_by", (n, p)), ("play_mode", (n, MODES)), ("play_order", (n,)),
            ("to_move", (p + 1,))]


def deal_from_pack(rules: TrickRules, cards: int, pack: Sequence[int], set_index: int = 0,
                   dealer: int = -1) -> TrickState:
    """:meth:`TrickState.new_deal`'s deal of an arranged pack (only its first cards when not drawing)."""
    return TrickState.deal_pack(rules, cards, pack, set_index, dealer)


_move_text = lru_cache(maxsize=None)(move_text)
_deck = lru_cache(maxsize=None)(trick_deck)


def _words(rng: np.random.Generator) -> np.ndarray:
    return rng.integers(1, 2**63, size=4, dtype=np.int64).astype(np.uint64)


def trick_world(st: TrickState, player: int, rng: np.random.Generator) -> TrickState:
    """A copy of ``st`` with the cards ``player`` has not seen redealt by pimc's world sampler
    (:func:`analyzer.games.tricks.policies.worlds.world`: hand sizes, voids and the cards each
    seat's plays showed it lacks respected; the bids are not used as evidence) and, when drawing,
    the unseen stock in a fresh order (:func:`~analyzer.games.tricks.policies.worlds.world_stock`)."""
    from analyzer.games.tricks.kernels import playout as P
    from analyzer.games.tricks.kernels.moves import popcount
    from analyzer.games.tricks.policies.worlds import pool_of, world, world_stock

    out = st.clone()
    p = st.num_players
    if st.phase == "trump":  # only the namer's first three cards are known to anyone
        keep = st.first_three if player == st.first_seat else 0
        cards = [b for h in st.hands for b in range(64) if h >> b & 1 and not keep >> b & 1]
        cards = [int(b) for b in rng.permutation(cards)]
        for s in range(p):
            size = bin(st.hands[s]).count("1") - (bin(keep).count("1") if s == st.first_seat else 0)
            out.hands[s] = (keep if s == st.first_seat else 0) | sum(1 << b for b in cards[:size])
            cards = cards[size:]
        return out
    g = st.position()
    hands, _stock, pos, bits, _tc, _tm, bids, _took, _sc, played_by, forbid = g
    me = (player - st.first_seat) % p
    buf = np.zeros(64, np.int64)
    npool = pool_of(bits[P.DECK], hands, me, bits[P.PLAYED], pos[P.UP_BIT], buf)
    up_bit, up_holder, played = int(pos[P.UP_BIT]), int(pos[P.UP_HOLDER]), int(bits[P.PLAYED])
    up = 1 << up_bit if up_bit >= 0 else 0
    drawing = st.rules.draw == "after-trick"
    up_held = up_holder >= 0 and up_holder != me and not played & up
    up_in_stock = drawing and up_bit >= 0 and up_holder < 0 and not played & up
    sizes = np.array([popcount(hands[s]) for s in range(p)], np.int64)
    if up_held:
        sizes[up_holder] -= 1
    worlds = np.zeros(p, np.uint64)
    sstate, pstate = _words(rng), _words(rng)
    world(sstate, pstate, buf, npool, sizes, forbid, played_by, p, me, hands[me], np.zeros(p, np.int64), bids,
          0, st.trump, st.tricks, st.cards, st.params, worlds)
    if up_held:
        worlds[up_holder] |= np.uint64(up)
    for i in range(p):
        out.hands[(st.first_seat + i) % p] = int(worlds[i])
    if drawing:
        wstock = np.zeros(64, np.int64)
        ns = world_stock(buf, npool, worlds, p, up_in_stock, up_bit, sstate, wstock)
        out.stock = [int(b) for b in wstock[:ns]]
    return out


class TrickSpielState(PackState):
    """One deal: the pack at chance nodes, then :class:`TrickState`."""

    def start(self, pack: Sequence[int], first: int) -> TrickState:
        g = self.game_ref
        if g.rules.draw == "after-trick":  # the hands, the stock, the turned card under it
            dealt = g.cards * g.rules.players
            pack = [*pack[:dealt], *self.rest(), *pack[dealt:]]
        return deal_from_pack(g.rules, g.cards, pack, g.set_index, g.dealer)

    def to_inner(self, action: int) -> int:
        return action - TRUMP if action >= TRUMP else action - BID if action >= BID else action

    def to_spiel(self, action: int) -> int:
        phase = self.inner.phase
        return action + (TRUMP if phase == "trump" else BID if phase == "bid" else 0)

    def card_text(self, card: int) -> str:
        return format_mask(1 << card, self.game_ref.deck)

    def inner_info(self, player: int) -> str:
        st: TrickState = self.inner
        if st.phase == "trump":
            own = format_mask(st.first_three, self.game_ref.deck) if player == st.first_seat else "-"
            return f"seat {player} | naming trump: seat {st.first_seat} | first three {own}"
        said = " ".join(f"{s}:{a}" for s, a in st.history[:len(st.history) - len(st.plays)])
        plays = " ".join(f"{s}:{_move_text(a, st.rules.deck)}" for s, a in st.plays)
        turned = format_mask(1 << st.turned, self.game_ref.deck) if st.turned >= 0 else "-"
        return (f"seat {player} | hand {format_mask(st.hands[player], self.game_ref.deck)} | trump "
                f"{trump_text(st.trump)} | turned {turned} by {st.up_holder} | stock {len(st.stock)} | "
                f"said {said} | took {st.took} | played {plays} | to move {st.current_player()}")

    def world(self, player: int, rng: np.random.Generator) -> TrickState:
        return trick_world(self.inner, player, rng)

    def draws(self) -> bool:
        return bool(self.game_ref.rules.draw == "after-trick")

    def hidden_draws(self, move: int) -> int:
        st: TrickState = self.inner
        p = st.num_players
        if not self.draws() or st.phase != "play" or len(st.trick) != p - 1 or len(st.stock) < p:
            return 0
        return min(p, len(self.hidden_stock(st)))  # the trick is complete: each seat draws one

    def hidden_stock(self, inner: TrickState) -> list[int]:
        s = list(inner.stock)
        return s[:-1] if s and inner.turned >= 0 and s[-1] == inner.turned else s

    def set_hidden_stock(self, inner: TrickState, cards: Sequence[int]) -> None:
        inner.stock[:len(cards)] = [int(c) for c in cards]

    def inner_tensor(self, player: int, views: dict[str, np.ndarray]) -> None:
        st: TrickState = self.inner
        index = {b: i for i, b in enumerate(self.game_ref.deck.bits)}
        p = st.num_players
        one_hot(views["phase"], PHASES.index(st.phase))
        one_hot(views["namer"], st.first_seat)
        if st.phase == "trump":
            if player == st.first_seat:
                mask_plane(views["first_three"], st.first_three, index)
            return
        mask_plane(views["hand"], st.hands[player], index)
        one_hot(views["trump"], st.trump, 1)
        one_hot(views["turned"], index[st.turned] if st.turned >= 0 else -1, 1)
        one_hot(views["up_holder"], st.up_holder, 1)
        views["stock"][0] = len(st.stock)
        for i, (s, a) in enumerate(st.history[:len(st.history) - len(st.plays)]):
            views["said"][i, s], views["said"][i, p], views["said"][i, p + 1] = 1, a, 1
        views["took"][:] = st.took
        for i, (s, a) in enumerate(st.plays):
            c = index[a & 63]
            views["played_by"][c, s], views["play_mode"][c, a >> 6], views["play_order"][c] = 1, 1, i + 1
        if 0 <= st.current_player() < p:
            one_hot(views["to_move"], st.current_player(), 1)


TrickGame.state_class = TrickSpielState


class GeorgianJokerGame(TrickGame):
    """``joker_odds_georgian_joker``."""

    short_name = "joker_odds_georgian_joker"


class Joker54Game(TrickGame):
    """``joker_odds_joker54``."""

    short_name = "joker_odds_joker54"


class ShortTricksGame(TrickGame):
    """``joker_odds_short_tricks``."""

    short_name = "joker_odds_short_tricks"


GAME_CLASSES: dict[str, type[TrickGame]] = {c.short_name: c for c in (GeorgianJokerGame, Joker54Game, ShortTricksGame)}
