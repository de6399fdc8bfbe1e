"""What the trick games' numbers are made of: self-play, bidding tables, strength, joker value, study.

>>> from analyzer.games.tricks.analysis.selfplay import play_deals
>>> play_deals.__name__
'play_deals'
"""
