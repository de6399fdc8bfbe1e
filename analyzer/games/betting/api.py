"""Betting arithmetic: pot-limit maximums, table stakes, side pots, payouts.

Conventions (the classic rules where they speak, else a documented parameter):

- *Pot limit*: a bet may be at most the pot; a raise at most the pot after calling
  (``pot + to_call``). An optional ``cap`` bounds every bet or raise (the classic advice).
- *Minimum*: a bet or raise is at least ``min_bet`` chips (raising "by one"); with
  ``min_raise="last-raise"`` a raise must also be at least the previous bet or raise. Going
  all-in for less is always allowed (table stakes).
- *Table stakes*: nobody puts in more than his stack; each player wins from each opponent at
  most what he put in himself, so the showdown splits into a main pot and side pots by the
  players' total contributions. A part of a bet that nobody matched goes back to its owner.
- *Payouts*: the best hand among the players eligible for a pot takes it; equal hands split it
  and the odd chips go one each to the tied players in seat order (the first seat listed — the
  player left of the dealer — first). High-low: half to the best hand, half to the lowest, the
  odd chip to the high half.

>>> [(s.to_call, s.max_raise) for s in pot_limit_ladder(7, 4)]
[(0, 7), (7, 21), (28, 70), (98, 238)]
>>> [(p.name, p.amount, p.eligible) for p in split_pots({"A": 70, "B": 70, "C": 40})]
[('main', 120, ('A', 'B', 'C')), ('side 1', 60, ('A', 'B'))]
"""

from analyzer.games.betting.limits import (
    ACTIONS,
    ActionRecord,
    BettingError,
    BettingRound,
    LadderStep,
    chip_breakdown,
    parse_action,
    pot_limit_ladder,
    pot_limit_max,
)
from analyzer.games.betting.pots import (
    Pot,
    PotAward,
    award_pots,
    showdown,
    split_pots,
    total_payouts,
)

__all__ = [
    "ACTIONS",
    "ActionRecord",
    "BettingError",
    "BettingRound",
    "LadderStep",
    "Pot",
    "PotAward",
    "award_pots",
    "chip_breakdown",
    "parse_action",
    "pot_limit_ladder",
    "pot_limit_max",
    "showdown",
    "split_pots",
    "total_payouts",
]
