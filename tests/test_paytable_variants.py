"""The shipped pay-table variants the video-poker study tabulates: each loads, and its exact return
under optimal play is the published one where a return is published (Jacks or Better 9/5 and 7/5,
Deuces Wild "Not So Ugly Ducks"), pinned to six digits where it is not."""

from __future__ import annotations

import pytest

from analyzer.games.videopoker.exact import analyze
from analyzer.games.videopoker.paytable import load_paytable, paytable_names

PUBLISHED = {"jacks-or-better-9-5": 0.9845, "jacks-or-better-7-5": 0.9615, "deuces-wild-nsud": 0.9973}
PINNED = {"joker-poker-kings-17-7-5": 0.980854, "joker-poker-aces": 0.953229}


def test_the_variants_ship() -> None:
    assert set(PUBLISHED) | set(PINNED) <= set(paytable_names())


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_a_published_return_is_matched(name: str) -> None:
    ret = float(analyze(load_paytable(name)).ret)
    assert abs(ret - PUBLISHED[name]) < 0.00006, (name, ret)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_joker_poker_variants_keep_their_returns(name: str) -> None:
    assert round(float(analyze(load_paytable(name)).ret), 6) == PINNED[name]
