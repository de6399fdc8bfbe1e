"""The trick games' report studies: the bidding games' page (:mod:`.bidding`, with its table rows
in :mod:`.rows` and figures in :mod:`.figures`) and short poker for tricks (:mod:`.short`)."""
