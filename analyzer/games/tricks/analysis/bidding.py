"""A hand's bidding expectation: what each legal bid is worth, sampled (or enumerated) playouts.

For a hand in a situation — the game, the seat, the turned card (or the named trump in a full
deal), the bids already made — the cards the player has not seen are dealt at random to the
other seats (consistently with what the earlier bids reveal, see
:mod:`analyzer.games.tricks.analysis.bid_kernels`) and the deal is played out once per legal bid under a
named policy: the trick distribution, P(made) and the expected score of every bid with SE and
95 % CI, and the best bid. Runs through the simulation engine (seeded, every backend).

>>> from analyzer.games.tricks.rules import trick_rules
>>> s = situation(trick_rules("georgian-joker"), "Ah Kh 9s Jk1", up="7h", seat=2, bids=[1, 0])
>>> s.legal_bids, s.trump, s.tricks
((0, 1, 2, 3, 4), 2, 4)
>>> t = bid_table(s, "heuristic", samples=2000, seed=1)
>>> t.best in s.legal_bids and t.rows[0]["samples"] == 2000
True

When the earlier bids are unknown (``bids=None``), each sample's earlier seats bid as the
heuristic would from their sampled hands:

>>> situation(trick_rules("georgian-joker"), "Ah Kh 9s Jk1", up="7h", seat=2, bids=None).describe()["bids"] is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.checkpoint import order_problem, outcome_problem
from analyzer.defaults import PIMC_BID_K, PIMC_ENDGAME, chunk_for
from analyzer.engine import RunResult, run
from analyzer.errors import JokerOddsError
from analyzer.games.tricks.deck import (
    JOKER_BITS,
    TrickDeck,
    format_mask,
    hand_as_given,
    mask_bits,
    parse_mask,
    parse_trump,
    trick_deck,
    trump_text,
)
from analyzer.games.tricks.rules import TrickRules
from analyzer.pieces import NO_PIECES
from analyzer.results import plain
from analyzer.stats import (
    Z95,
    MeanEstimate,
    estimate_pairs,
    mean_from_sums,
    proportion,
    share_interval,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BID_POLICIES", "SAMPLED_BIDS_NOTE", "UNKNOWN", "BidError", "BidSituation", "BidTable", "BidTask", "bid_table",
           "draws_per_sample", "exact_bid_table", "mix_bid_tables", "situation", "unknown_up_situations"]

BID_POLICIES = ("heuristic", "random", "pimc")
POLICY_CODE = {"random": 0, "heuristic": 1}
PIMC = 2  # the player moved by pimc
MAX_TRIES = 2000
UNKNOWN = -1  # an earlier seat's bid the player does not know
SAMPLED_BIDS_NOTE = "earlier bids unknown: sampled from the heuristic bidder"


class BidError(JokerOddsError):
    """A bidding situation that cannot arise: hand size, seat, bids, up card, trump."""


@dataclass(frozen=True)
class BidSituation:
    """What the player knows when he bids (seat 0 bids first; the dealer is the last seat)."""

    rules: TrickRules
    deck: TrickDeck
    hand: int
    cards: int
    seat: int
    up: int  # the turned card's bit, -1 when none (a full deal)
    trump: int  # 0..3 or -1 (no trump)
    bids: tuple[int, ...]  # UNKNOWN (-1) each when the player does not know them
    set_index: int = 0
    hand_text: str = ""  # the hand as the user gave it (cards in that order); else the mask's order

    @property
    def tricks(self) -> int:
        return self.rules.tricks_in_deal(self.cards)

    @property
    def full(self) -> bool:
        return self.rules.players * self.cards == self.rules.deck_size

    @property
    def bids_known(self) -> bool:
        """Whether the earlier seats' bids are given (else each sample draws the heuristic's)."""
        return UNKNOWN not in self.bids

    @property
    def forbidden(self) -> int:
        """The bid the hook forbids the player (-1: none)."""
        r = self.rules
        if self.seat != r.players - 1 or r.hook == "off":
            return -1
        target = self.tricks if r.hook == "tricks" else self.cards
        return target - sum(self.bids)

    @property
    def legal_bids(self) -> tuple[int, ...]:
        return tuple(b for b in range(self.tricks + 1) if b != self.forbidden)

    def pool(self) -> np.ndarray:
        """The cards the player has not seen, as kernel bits."""
        seen = self.hand | ((1 << self.up) if self.up >= 0 else 0)
        return np.array([b for b in self.deck.bits if not seen >> b & 1], dtype=np.int64)

    def describe(self) -> dict[str, Any]:
        return {"game": self.rules.name, "hand": self.hand_text or format_mask(self.hand, self.deck),
                "cards": self.cards,
                "tricks": self.tricks, "seat": self.seat,
                "up": format_mask(1 << self.up, self.deck) if self.up >= 0 else None,
                "trump": trump_text(self.trump), "bids": list(self.bids) if self.bids_known else None,
                **({} if self.bids_known else {"earlier_bids": SAMPLED_BIDS_NOTE})}


def _max_cards(rules: TrickRules) -> int:
    if rules.draw == "after-trick":
        return (rules.deck_size - 1) // rules.players
    return rules.deck_size // rules.players


def situation(rules: TrickRules, hand: str, up: str | None = None, seat: int = 0,
              bids: Sequence[int] | None = (), cards: int | None = None, trump: str | None = None,
              bid: int | None = None, set_no: int = 1) -> BidSituation:
    """The player's situation from its texts, checked (each error names what is wrong).

    ``bids`` are the bids of seats ``0..seat-1`` (``None``: unknown, and so is each ``UNKNOWN``
    entry — those seats then bid in each sample as the heuristic would from their sampled hands;
    not for a dealer under the hook, whose forbidden bid they fix); ``bid`` (optional) is one bid to check against
    the hook; ``trump`` is only for a full deal (the named trump), else the up card sets it.
    """
    deck = trick_deck(rules.deck)
    m = parse_mask(hand, deck)
    n = bin(m).count("1")
    top = _max_cards(rules)
    if cards is not None and not 1 <= cards <= top:
        raise BidError(f"--cards must be 1..{top} for {rules.players} players, got {cards}")
    if cards is not None and n != cards:
        raise BidError(f"the hand has {n} cards, but the deal is of {cards} cards")
    if not 1 <= n <= top:
        raise BidError(f"a hand of {n} cards: a deal is of 1..{top} cards for {rules.players} players")
    if not 0 <= seat < rules.players:
        raise BidError(f"seat must be 0..{rules.players - 1}, got {seat}")
    tricks = rules.tricks_in_deal(n)
    if bids is None:
        bids = [UNKNOWN] * seat
    elif len(bids) != seat:
        raise BidError(f"seat {seat} bids after {seat} seat(s), but {len(bids)} bid(s) were given "
                       f"(--bids lists the bids of seats 0..{seat - 1})" if seat else
                       f"seat 0 bids first, but {len(bids)} bid(s) were given")
    if UNKNOWN in bids and seat == rules.players - 1 and rules.hook != "off":
        raise BidError("the dealer's forbidden bid (the hook) depends on the earlier bids: give them "
                       f"(--bids lists the bids of seats 0..{seat - 1})")
    for i, b in enumerate(bids):
        if b != UNKNOWN and not 0 <= int(b) <= tricks:
            raise BidError(f"seat {i}'s bid {b} is outside 0..{tricks} (a deal of {tricks} tricks)")
    full = rules.players * n == rules.deck_size
    up_bit = -1
    if full:
        if up is not None:
            raise BidError(f"a full deal of {n} cards leaves no card to turn; give --trump, not --up")
        if rules.trump == "none" or rules.full_deal_trump == "none":
            t = -1
        elif rules.full_deal_trump == "chosen":
            if trump is None:
                raise BidError("a full deal: give the trump seat 0 named (--trump c, d, h, s or none)")
            t = parse_trump(trump)
        else:
            raise BidError("a full deal with a turned trump has no card to turn")
    else:
        if trump is not None:
            raise BidError("the trump is the turned card's suit: give --up, not --trump")
        if up is None:
            raise BidError("give the turned trump card (--up)")
        u = parse_mask(up, deck)
        if bin(u).count("1") != 1:
            raise BidError(f"--up must be one card, got {up!r}")
        if u & m:
            raise BidError(f"the up card {format_mask(u, deck)} is in the hand")
        up_bit = mask_bits(u)[0]
        t = -1 if (u & JOKER_BITS) or rules.trump == "none" else up_bit >> 4
    if not 1 <= set_no <= 4:
        raise BidError(f"set must be 1..4, got {set_no}")
    s = BidSituation(rules, deck, m, n, seat, up_bit, t, tuple(int(b) for b in bids), set_no - 1,
                     hand_as_given(hand, deck))
    if bid is not None:
        if not 0 <= bid <= tricks:
            raise BidError(f"bid {bid} is outside 0..{tricks}")
        if bid == s.forbidden:
            raise BidError(f"the dealer may not bid {bid}: the bids would add up to "
                           f"{sum(s.bids) + bid}, the tricks of the deal (the hook)")
    return s


@dataclass(frozen=True)
class BidTask:
    """Engine task: samples of the unseen cards, every legal bid played out on each."""

    params: np.ndarray
    pool: np.ndarray
    seat: int
    hand: int
    up: int
    trump: int
    pre_bids: np.ndarray
    legal_bids: np.ndarray
    players: int
    cards: int
    tricks: int
    set_index: int
    policies: np.ndarray
    deck_mask: int
    cond: bool
    full_choice: bool
    pimc: tuple[int, int, int] = (0, 0, 0)  # (K, node budget, endgame) when the player plays pimc

    def check_totals(self, totals: np.ndarray, trials: int) -> str | None:
        """Why a checkpoint's totals cannot be ``trials`` samples: every legal bid is played out on
        each, so its trick histogram counts each sample once (layout: :func:`bid_chunk`)."""
        w = self.tricks + 4
        hist = {f"bid {b} tricks": slice(j * w + 3, (j + 1) * w) for j, b in enumerate(self.legal_bids.tolist())}
        return outcome_problem(totals, trials, hist) or order_problem(
            totals, [(f"bid {b} made", [j * w + 2], hist[f"bid {b} tricks"])
                     for j, b in enumerate(self.legal_bids.tolist())])

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        from analyzer.games.tricks.analysis.bid_kernels import bid_chunk
        from analyzer.games.tricks.kernels.playout import EXTERNAL

        # no pimc seat: None, and the kernel is compiled without pimc (the same numbers)
        if bool((self.policies >= EXTERNAL).any()):  # the pieces' kernels: pimc is compiled once
            carry = self.start_chunk()
            self.run_piece(state, carry, n)
            return self.finish_chunk(carry)
        return bid_chunk(state, n, self.pool, self.seat, np.uint64(self.hand), self.up, self.trump,
                         self.pre_bids, self.legal_bids, self.players, self.cards, self.tricks,
                         self.set_index, self.params, self.policies, np.uint64(self.deck_mask),
                         self.cond, self.full_choice, MAX_TRIES, None, True)

    @property
    def piece_trials(self) -> int:
        """The first piece's samples when a chunk runs in timed pieces (Ctrl-C lands between two):
        one with a pimc seat, else no pieces (whole chunks)."""
        from analyzer.games.tricks.kernels.playout import EXTERNAL

        return 1 if bool((self.policies >= EXTERNAL).any()) else NO_PIECES

    def start_chunk(self) -> list[Any]:
        return [None]  # the carry of bid_start, made by the first piece from the chunk's state

    def run_piece(self, state: np.ndarray, carry: list[Any], n: int) -> None:
        from analyzer.games.tricks.analysis.bid_kernels import bid_piece, bid_start
        from analyzer.games.tricks.policies.pimc_move import default_cfg

        if carry[0] is None:
            carry[0] = bid_start(state, self.pool, self.legal_bids, self.tricks, self.policies,
                                 default_cfg(*self.pimc))
        bid_piece(carry[0], n, self.seat, np.uint64(self.hand), self.up, self.trump, self.pre_bids,
                  self.legal_bids, self.players, self.cards, self.tricks, self.set_index, self.params,
                  self.policies, np.uint64(self.deck_mask), self.cond, self.full_choice, MAX_TRIES, True)

    def finish_chunk(self, carry: list[Any]) -> np.ndarray:
        return np.asarray(carry[0][3])

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        """Each bid's expected score and its standard error."""
        nb = self.tricks + 1
        w = 3 + nb
        return estimate_pairs((f"bid{int(b)}", mean_from_sums(int(totals[j * w + 3:j * w + 3 + nb].sum()),
                                                              float(totals[j * w]), float(totals[j * w + 1])))
                              for j, b in enumerate(self.legal_bids))


@dataclass(frozen=True)
class BidTable:
    """Per legal bid: EV with SE and CI, P(made), the trick distribution; the best bid."""

    situation: BidSituation
    policy: str
    rows: list[dict[str, Any]]
    best: int
    exact: bool
    meta: dict[str, Any]
    run: RunResult | None = None

    def to_dict(self) -> dict[str, Any]:
        """The situation and run (``meta``), the best bid and one row per legal bid."""
        return plain({**self.meta, "policy": self.policy, "best": self.best, "exact": self.exact,
                      "rows": self.rows})

    def to_frame(self) -> pd.DataFrame:
        """One row per legal bid; the trick distribution as columns ``p_took0``, ``p_took1``, …"""
        import pandas as pd

        return pd.DataFrame([{**{k: v for k, v in r.items() if k != "tricks"},
                              **{f"p_took{i}": x for i, x in enumerate(r["tricks"])}} for r in self.rows])


def _rows(s: BidSituation, totals: np.ndarray, exact: bool) -> tuple[list[dict[str, Any]], int]:
    nb = s.tricks + 1
    w = 3 + nb
    rows = []
    best, best_ev = -1, -float("inf")
    for j, b in enumerate(s.legal_bids):
        hist = totals[j * w + 3:j * w + 3 + nb]
        n = int(hist.sum())
        e: MeanEstimate = mean_from_sums(n, float(totals[j * w]), float(totals[j * w + 1]))
        made = proportion(int(totals[j * w + 2]), n)
        se = 0.0 if exact else e.se
        row = {"bid": b, "ev": e.mean, "se": se, "ci_low": e.mean if exact else e.ci_low,
               "ci_high": e.mean if exact else e.ci_high, "p_made": made.estimate,
               "p_made_low": made.estimate if exact else made.ci_low,
               "p_made_high": made.estimate if exact else made.ci_high,
               "mean_tricks": float((hist * np.arange(nb)).sum() / max(n, 1)),
               "tricks": [float(x) / max(n, 1) for x in hist], "samples": n}
        rows.append(row)
        if e.mean > best_ev:
            best, best_ev = b, e.mean
    return rows, best


def _task(s: BidSituation, policy: str, others: str, cond: bool | None, k: int, budget: int,
          endgame: int) -> BidTask:
    if policy not in BID_POLICIES:
        raise BidError(f"unknown policy {policy!r} (known: {', '.join(BID_POLICIES)})")
    if others not in POLICY_CODE:
        raise BidError(f"unknown policy {others!r} for the other seats (known: heuristic, random)")
    r = s.rules
    codes = np.full(r.players, POLICY_CODE[others], np.int64)
    codes[s.seat] = POLICY_CODE.get(policy, PIMC)
    if cond and not s.bids_known:
        raise BidError("conditioning on the earlier bids needs them: give the bids, or drop the condition")
    use_cond = (others == "heuristic" and s.bids_known) if cond is None else cond
    full_choice = s.full and r.trump == "turned" and r.full_deal_trump == "chosen"
    return BidTask(r.params(), s.pool(), s.seat, s.hand, s.up, s.trump,
                   np.array(s.bids, np.int64), np.array(s.legal_bids, np.int64), r.players, s.cards,
                   s.tricks, s.set_index, codes, s.deck.mask, bool(use_cond), bool(full_choice),
                   (k, budget, endgame) if policy == "pimc" else (0, 0, 0))


def bid_table(s: BidSituation, policy: str = "heuristic", samples: int | None = 20_000, seed: int = 0,
              others: str | None = None, cond: bool | None = None, k: int = PIMC_BID_K, budget: int = 200_000,
              endgame: int = PIMC_ENDGAME, chunk_size: int | None = None, **engine: Any) -> BidTable:
    """The sampled bidding table. ``policy`` moves the player (``pimc``: K samples, a node
    budget per solver search, the solver from ``endgame`` tricks left); ``others`` moves the
    other seats (default: the same policy, heuristic under pimc); ``cond``: condition on the
    earlier bids (default: when the others bid heuristically)."""
    oth = others or ("heuristic" if policy == "pimc" else policy)
    task = _task(s, policy, oth, cond, k, budget, endgame)
    cs = chunk_size or chunk_for("tricks bid", pimc=policy == "pimc")
    res = run(task, trials=samples, seed=seed, chunk_size=cs, **engine)
    rows, best = _rows(s, res.totals, False)
    nb = s.tricks + 1
    tries = int(res.totals[len(s.legal_bids) * (3 + nb)])
    meta = {**s.describe(), "policy": policy, "others": oth, "samples": res.trials, "seed": seed,
            "conditioned_on_bids": task.cond, "acceptance": res.trials / tries if tries else 1.0,
            "unconditioned_samples": int(res.totals[len(s.legal_bids) * (3 + nb) + 1]),
            "best_bid": best, "stop": res.stop_reason}
    if policy == "pimc":
        meta.update({"k": k, "budget": budget, "endgame": endgame})
    return BidTable(s, policy, rows, best, False, meta, res)


def draws_per_sample(s: BidSituation, others: str = "heuristic", cond: bool | None = None,
                     pilot: int = 2_000) -> float:
    """The expected draws of the unseen cards behind one sample of :func:`bid_table`: 1 without
    conditioning on the earlier bids; with it, from the share ``a`` of ``pilot`` draws that fit
    them, ``(1 - (1 - a) ** MAX_TRIES) / a`` (a sample keeps its last draw after MAX_TRIES).

    >>> from analyzer.games.tricks.rules import trick_rules
    >>> draws_per_sample(situation(trick_rules("georgian-joker"), "Ah Kh 9s", "7h", 2, [3, 3]))
    2000.0
    """
    from analyzer.engine import chunk_state
    from analyzer.games.tricks.analysis.bid_kernels import fit_count

    task = _task(s, "heuristic", others, cond, 0, 0, 0)
    if not task.cond:
        return 1.0
    fits = fit_count(chunk_state(0, 0), task.pool, s.seat, np.uint64(s.hand), s.trump, task.pre_bids, s.rules.players,
                     s.cards, s.tricks, task.full_choice, pilot)
    a = fits / pilot
    return float(MAX_TRIES) if fits == 0 else (1.0 - (1.0 - a) ** MAX_TRIES) / a


def exact_bid_table(s: BidSituation, policy: str = "heuristic", cond: bool | None = None) -> BidTable:
    """The exact table of a 1-card deal without drawing: every deal of the unseen cards."""
    from analyzer.games.tricks.analysis.bid_kernels import bid_exact_one_card

    if s.cards != 1 or s.rules.draw != "none":
        raise BidError("the exact table needs a 1-card deal without drawing")
    if policy not in POLICY_CODE or policy == "random":
        raise BidError("the exact table needs a deterministic policy (heuristic)")
    task = _task(s, policy, policy, cond, 0, 0, 0)
    totals = bid_exact_one_card(task.pool, s.seat, np.uint64(s.hand), s.trump, task.pre_bids,
                                task.legal_bids, s.rules.players, s.set_index, task.params,
                                task.policies, np.uint64(task.deck_mask), task.cond)
    rows, best = _rows(s, totals, True)
    deals = int(totals[len(s.legal_bids) * 5])
    meta = {**s.describe(), "policy": policy, "deals": deals, "consistent_deals": rows[0]["samples"],
            "conditioned_on_bids": task.cond, "best_bid": best}
    return BidTable(s, policy, rows, best, True, meta)


def unknown_up_situations(rules: TrickRules, hand: str, trump: str, seat: int = 0, bids: Sequence[int] | None = (),
                          cards: int | None = None, bid: int | None = None,
                          set_no: int = 1) -> list[BidSituation]:
    """A deal with a turned card the player knows only by its suit (``trump``; ``none``: a joker
    was turned): one situation per unseen card that could be the turned one. Each is a priori
    equally likely (the deal is uniform); :func:`mix_bid_tables` weighs their tables.

    >>> from analyzer.games.tricks.rules import trick_rules
    >>> [s.describe()["up"] for s in unknown_up_situations(trick_rules("georgian-joker"), "Ah Kh 9s", "h")]
    ['6h', '7h', '8h', '9h', 'Th', 'Jh', 'Qh']
    """
    deck = trick_deck(rules.deck)
    t = parse_trump(trump)
    seen = parse_mask(hand, deck)
    ups = [b for b in deck.bits if not seen >> b & 1
           and ((1 << b) & JOKER_BITS if t < 0 else not (1 << b) & JOKER_BITS and b >> 4 == t)]
    if not ups:
        raise BidError(f"no unseen card could have been turned for trump {trump_text(t)!r}")
    return [situation(rules, hand, format_mask(1 << b, deck), seat, bids, cards, None, bid, set_no) for b in ups]


def mix_bid_tables(tables: Sequence[BidTable]) -> BidTable:
    """One table from the tables of :func:`unknown_up_situations`: each turned card weighs as the
    share of its deals that fit the earlier bids (all equal without conditioning); EVs,
    P(made) and trick distributions are the weighted means, SEs of independent strata.
    """
    if not tables:
        raise BidError("no table to mix")
    acc = np.array([t.meta["acceptance"] if "acceptance" in t.meta else t.meta["consistent_deals"] / t.meta["deals"]
                    for t in tables], dtype=np.float64)
    if acc.sum() <= 0:
        raise BidError("no deal fits the earlier bids")
    w = acc / acc.sum()
    rows = []
    best, best_ev = -1, -float("inf")
    for j, b in enumerate(tables[0].situation.legal_bids):
        part = [t.rows[j] for t in tables]
        ev = float(sum(wi * r["ev"] for wi, r in zip(w, part, strict=True)))
        se = float(np.sqrt(sum(wi ** 2 * r["se"] ** 2 for wi, r in zip(w, part, strict=True))))
        p = float(sum(wi * r["p_made"] for wi, r in zip(w, part, strict=True)))
        p_se = 0.0 if tables[0].exact else float(np.sqrt(sum(
            wi ** 2 * r["p_made"] * (1 - r["p_made"]) / max(r["samples"], 1) for wi, r in zip(w, part, strict=True))))
        hist = [float(sum(wi * r["tricks"][k] for wi, r in zip(w, part, strict=True)))
                for k in range(len(part[0]["tricks"]))]
        p_lo, p_hi = (p, p) if tables[0].exact else share_interval(p, p_se, sum(r["samples"] for r in part))
        rows.append({"bid": b, "ev": ev, "se": se, "ci_low": ev - Z95 * se, "ci_high": ev + Z95 * se,
                     "p_made": p, "p_made_low": p_lo, "p_made_high": p_hi,
                     "mean_tricks": float(sum(k * x for k, x in enumerate(hist))), "tricks": hist,
                     "samples": int(sum(r["samples"] for r in part))})
        if ev > best_ev:
            best, best_ev = b, ev
    first = tables[0]
    meta = {**first.meta, "up": None, "turned": "unknown: one of " + " ".join(str(t.meta["up"]) for t in tables)
            + " (weighted by how often the earlier bids fit)", "best_bid": best}
    if not first.exact:
        meta.update({"samples": sum(t.meta["samples"] for t in tables), "acceptance": float(acc.mean()),
                     "unconditioned_samples": sum(t.meta["unconditioned_samples"] for t in tables)})
    if first.exact:  # the total counts of the deals behind the weighted table
        meta.update({"deals": sum(t.meta["deals"] for t in tables),
                     "consistent_deals": sum(t.meta["consistent_deals"] for t in tables)})
    return BidTable(first.situation, first.policy, rows, best, first.exact, meta, None)
