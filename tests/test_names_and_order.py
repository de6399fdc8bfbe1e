"""One spelling per name (old ones accepted with a note) and hands printed in the order given."""

from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

from analyzer import tricks
from analyzer.cli import main
from analyzer.games.stud.game import load_game, shipped_games
from analyzer.names import OLD_SPELLINGS, SpellingNote
from analyzer.rules import WildMode, get_rules, preset_names, rules_from_mapping


def test_j_poker_has_one_spelling() -> None:
    assert "j-poker" in preset_names() and "j-poker" in shipped_games() and "jpoker" not in shipped_games()
    assert get_rules("j-poker").mode is WildMode.JPOKER and WildMode.JPOKER.value == "j-poker"
    assert load_game("j-poker").rules.name == "j-poker"


def test_old_spellings_still_work_with_a_note() -> None:
    assert OLD_SPELLINGS == {"jpoker": "j-poker"}
    with pytest.warns(SpellingNote, match="stud game 'jpoker' is now spelled 'j-poker'"):
        assert load_game("jpoker") == load_game("j-poker")
    with pytest.warns(SpellingNote, match="wild mode 'jpoker'"):
        assert rules_from_mapping({"preset": "joker-wild", "mode": "jpoker"}).mode is WildMode.JPOKER
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_game("caribbean")  # a current name: no note


def test_cli_prints_the_note_once_on_stderr() -> None:
    res = CliRunner().invoke(main, ["stud", "advise", "As Kd 9h 5c", "--up", "Qh", "--game", "jpoker"])
    assert res.exit_code == 2
    lines = res.stderr.splitlines()
    assert lines.count("Note: stud game 'jpoker' is now spelled 'j-poker' (the old spelling still works)") == 1
    assert [x for x in lines if x.startswith("Error: ")]


def test_tricks_hands_print_in_the_order_given() -> None:
    from analyzer.games.tricks.analysis.bidding import situation
    from analyzer.games.tricks.rules import trick_rules

    s = situation(trick_rules("georgian-joker"), "Ah Kh 9s Jk1", "7h", 2, [1, 0])
    assert s.describe()["hand"] == "Ah Kh 9s Jk1"
    res = tricks.solve("georgian-joker", ["Ah Kh", "Jh Qh", "Th 9h", "7h 8h"], trump="s")
    assert res.to_frame()["hand"].tolist() == ["Ah Kh", "Jh Qh", "Th 9h", "7h 8h"]
    assert res.values == (2, 0, 0, 0)
