"""Numba kernels for casino stud, by concept: :mod:`.tables` (hand-class tables), :mod:`.counting`
(dealer hands of one situation), :mod:`.loops` (enumeration and sampling loops) and
:mod:`.exchange` (drawing cards before the decision). The names are re-exported here.
"""

from analyzer.games.stud.kernels.counting import (
    LOSE,
    NQ,
    TIE,
    WIN,
    bet_value,
    brute_situation,
    count_below,
    dealer_counts,
    score_one,
    situation,
    up_group,
)
from analyzer.games.stud.kernels.exchange import exchange_batch, exchange_rows, exchange_values
from analyzer.games.stud.kernels.loops import N_GROUPS, exact_loop, hand_values, location_chunk
from analyzer.games.stud.kernels.tables import (
    binom_table,
    build_counts,
    build_lists,
    canonical_reps,
    colex,
    dense_classes,
    score_all,
    sort_small,
    suit_keys,
    unrank5,
    unrank_all,
)

__all__ = ["LOSE", "NQ", "N_GROUPS", "TIE", "WIN", "bet_value", "binom_table", "brute_situation",
           "build_counts", "build_lists", "canonical_reps", "colex", "count_below", "dealer_counts", "dense_classes",
           "exact_loop", "exchange_batch", "exchange_rows", "exchange_values", "hand_values", "location_chunk",
           "score_all", "score_one", "situation", "sort_small", "suit_keys", "unrank5", "unrank_all", "up_group"]
