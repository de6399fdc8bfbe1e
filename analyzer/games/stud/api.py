"""Casino stud for notebooks: games as data, exact and sampled house edges, advice, exchanges.

>>> from analyzer import stud
>>> g = stud.load_game("caribbean")
>>> g.name, g.qualifier.text, stud.shipped_games()
('Caribbean Stud', 'high_card:AK', ['american', 'caribbean', 'j-poker', 'poker-with-joker'])

``stud.house_edge(g)`` gives an :class:`EdgeResult` (Caribbean Stud: exactly 5.2243 %) whose
``to_frame()`` lists the outcome events; ``stud.advise(g, hand, up)`` the fold/bet EVs of one
situation; ``stud.exchange_options`` / ``stud.exchange_edge`` the exchange option.
"""

from analyzer.games.stud.advise import Advice, advise
from analyzer.games.stud.edge import STRATEGIES, EdgeResult, house_edge, house_edges
from analyzer.games.stud.exchange import ExchangeEdge, exchange_edge, exchange_options
from analyzer.games.stud.game import (
    StudError,
    StudGame,
    game_from_mapping,
    load_game,
    shipped_games,
)
from analyzer.games.stud.location import location_probabilities, sampled_locations
from analyzer.games.stud.options import joker_option_rows
from analyzer.games.stud.options_edge import OptionsEdge, options_edge
from analyzer.games.stud.sensitivity import doc_sensitivity, pay_sensitivity
from analyzer.games.stud.strategy import StrategyReport, strategy_report
from analyzer.games.stud.upcard import upcard_exchange
from analyzer.games.stud.upcard_edge import UpcardEdge, upcard_edge

__all__ = [
    "STRATEGIES",
    "Advice",
    "EdgeResult",
    "ExchangeEdge",
    "OptionsEdge",
    "StrategyReport",
    "StudError",
    "StudGame",
    "UpcardEdge",
    "advise",
    "doc_sensitivity",
    "exchange_edge",
    "exchange_options",
    "game_from_mapping",
    "house_edge",
    "house_edges",
    "joker_option_rows",
    "load_game",
    "location_probabilities",
    "options_edge",
    "pay_sensitivity",
    "sampled_locations",
    "shipped_games",
    "strategy_report",
    "upcard_edge",
    "upcard_exchange",
]
