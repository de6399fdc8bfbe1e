"""Which Python call computes what each command prints: the table of ``docs/api.md``.

``tests/test_api_map.py`` checks that every command is listed and every name resolves, so a
command cannot compute something the library does not export. ``make docs`` writes the page.

>>> API["tricks bid"][0]
'analyzer.tricks.situation'
>>> "| `joker-odds tricks bid` |" in api_markdown()
True
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["API", "api_markdown", "resolve"]

# command → the calls, in the order a notebook makes them; then a short note on the result
API: dict[str, tuple[str, ...]] = {
    "cache": ("analyzer.tablecache.cache_files", "analyzer.tablecache.clear_cache"),
    "calling": ("analyzer.calling.calling_game", "analyzer.calling.exact_calling", "analyzer.calling.sample_calling"),
    "draw": ("analyzer.showdown.draw_odds",),
    "equity": ("analyzer.showdown.parse_class", "analyzer.showdown.equity"),
    "decks": ("analyzer.cards.deck_names", "analyzer.get_deck"),
    "durak odds": ("analyzer.durak.durak_rules", "analyzer.durak.hand_odds"),
    "durak play": ("analyzer.durak.durak_rules", "analyzer.durak.game_trace"),
    "durak rules": ("analyzer.durak.durak_rules",),
    "durak simulate": ("analyzer.durak.durak_rules", "analyzer.durak.parse_lineup", "analyzer.durak.simulate_durak"),
    "durak strength": ("analyzer.durak.strength", "analyzer.durak.strength_table"),
    "durak sweep": ("analyzer.durak.sweep",),
    "eval": ("analyzer.Evaluator", "analyzer.evaluator.Evaluator.describe"),
    "examples": ("analyzer.examples.catalogue", "analyzer.examples.write_examples",
                 "analyzer.examples.formats.formats_markdown"),
    "freq": ("analyzer.frequencies.exact_frequencies", "analyzer.frequencies.sampled_frequencies",
             "analyzer.lowball.exact_low_frequencies"),
    "pot limit": ("analyzer.betting.pot_limit_ladder", "analyzer.betting.chip_breakdown"),
    "pot split": ("analyzer.betting.split_pots", "analyzer.betting.showdown", "analyzer.betting.total_payouts"),
    "report": ("analyzer.report.build_report",),
    "rules": ("analyzer.rules.preset_names", "analyzer.get_rules"),
    "rummy best": ("analyzer.rummy.best_opening",),
    "rummy open": ("analyzer.rummy.open_odds",),
    "rummy points": ("analyzer.rummy.points_left",),
    "rummy turns": ("analyzer.rummy.turns_to_open",),
    "simulate": ("analyzer.studies.load_study", "analyzer.studies.run_study", "analyzer.studies.write_study"),
    "stud advise": ("analyzer.stud.load_game", "analyzer.stud.advise"),
    "stud analyze": ("analyzer.stud.load_game", "analyzer.stud.house_edge"),
    "stud exchange": ("analyzer.stud.exchange_options",),
    "stud exchange-edge": ("analyzer.stud.exchange_edge",),
    "stud location": ("analyzer.stud.location_probabilities", "analyzer.stud.sampled_locations"),
    "stud options": ("analyzer.stud.joker_option_rows",),
    "stud options-edge": ("analyzer.stud.options_edge",),
    "stud sensitivity": ("analyzer.stud.house_edge", "analyzer.stud.pay_sensitivity", "analyzer.stud.doc_sensitivity"),
    "stud strategy": ("analyzer.stud.strategy_report",),
    "stud upcard": ("analyzer.stud.upcard_exchange",),
    "stud upcard-edge": ("analyzer.stud.upcard_edge",),
    "tricks bid": ("analyzer.tricks.situation", "analyzer.tricks.bid_table", "analyzer.tricks.exact_bid_table"),
    "tricks game-odds": ("analyzer.tricks.short_rules", "analyzer.tricks.short_game_odds"),
    "tricks hand-odds": ("analyzer.tricks.short_rules", "analyzer.tricks.short_hand_odds"),
    "tricks joker-value": ("analyzer.tricks.joker_value",),
    "tricks play": ("analyzer.tricks.play_deals", "analyzer.tricks.play_games"),
    "tricks score": ("analyzer.tricks.score",),
    "tricks solve": ("analyzer.tricks.solve", "analyzer.tricks.Solver"),
    "tricks strength": ("analyzer.tricks.strength",),
    "warmup": ("analyzer.cli.warmup_run.run_groups",),
    "videopoker analyze": ("analyzer.videopoker.load_paytable", "analyzer.videopoker.analyze"),
    "videopoker check": ("analyzer.videopoker.simulate",),
    "videopoker hold": ("analyzer.videopoker.advise",),
    "videopoker paytables": ("analyzer.videopoker.paytable_names",),
    "videopoker strategy": ("analyzer.videopoker.strategy_table",),
}


def resolve(dotted: str) -> Any:
    """The object a dotted name from ``analyzer`` names (façades load lazily).

    >>> resolve("analyzer.tricks.solve").__name__
    'solve'
    """
    parts = dotted.split(".")
    obj: Any = importlib.import_module(parts[0])
    for i, name in enumerate(parts[1:], start=1):
        try:
            obj = getattr(obj, name)
        except AttributeError:
            obj = importlib.import_module(".".join(parts[: i + 1]))
    return obj


def api_markdown() -> str:
    """``docs/api.md``: one row per command with the calls that compute it."""
    lines = ["# From the command line to Python", "",
             "Each command is a thin layer over these calls; the game façades (`analyzer.videopoker`, "
             "`analyzer.stud`, `analyzer.calling`, `analyzer.betting`, `analyzer.durak`, `analyzer.rummy`, "
             "`analyzer.tricks`) export them. A result object has `to_dict()` (plain, JSON-ready values) "
             "and `to_frame()` (a pandas DataFrame of its rows); a call that returns rows (a list of "
             "dicts) gives a frame with `pandas.DataFrame(rows)`. Generated from `analyzer/cli/apimap.py` "
             "(`make docs`).", "",
             "| command | Python |", "| --- | --- |"]
    for command in sorted(API):
        calls = ", ".join(f"`{name}`" for name in API[command])
        lines.append(f"| `joker-odds {command}` | {calls} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # make docs: python -m analyzer.cli.apimap > docs/api.md
    print(api_markdown(), end="")
