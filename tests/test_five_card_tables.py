"""The five-card lookup tables built without the best-of-k kernel equal the kernel's, for every
preset rule set on every deck it can be dealt from."""

from __future__ import annotations

import numpy as np
import pytest

import analyzer.kernels.tables as T
from analyzer.cards import deck_names
from analyzer.errors import JokerOddsError
from analyzer.kernels.handkey import five_card_tables
from analyzer.rules import CATEGORY_INDEX, MODE_CODE, NBW_CODE, get_rules, preset_names
from analyzer.scoretable import table_spec

BINOM = T.binomial_table()


def _pairs() -> list[tuple[str, str]]:
    out = []
    for name in preset_names():
        for deck in deck_names():
            rules = get_rules(name)
            try:
                spec = rules.deck_spec(deck)
                table_spec(rules, spec, 5)
            except JokerOddsError:
                continue
            out.append((name, deck))
    return out


@pytest.mark.parametrize(("name", "deck"), _pairs())
def test_five_card_tables_equal_the_best_of_k_kernel(name: str, deck: str) -> None:
    rules = get_rules(name)
    spec = rules.deck_spec(deck)
    _, _, max_w = table_spec(rules, spec, 5)
    cat_pos = np.full(T.N_CATEGORIES, -1, np.int64)
    pos_cat = np.full(T.N_CATEGORIES, -1, np.int64)
    for pos, cat in enumerate(rules.order_low_to_high):
        cat_pos[CATEGORY_INDEX[cat]] = pos
        pos_cat[pos] = CATEGORY_INDEX[cat]
    table5 = T.build_table5(MODE_CODE[rules.mode], cat_pos, pos_cat, spec.lowest_rank, rules.ace_low_straight,
                            rules.double_ace_flush, NBW_CODE[rules.natural_beats_wild], min(max_w, 5), BINOM)
    plain, suited = T.build_tables_k(table5, 5, spec.lowest_rank, max_w, BINOM)
    lifted_plain, lifted_suited = five_card_tables(table5, max_w, BINOM)
    assert (suited >= 0).any()
    np.testing.assert_array_equal(lifted_plain, plain)
    np.testing.assert_array_equal(lifted_suited, suited)
