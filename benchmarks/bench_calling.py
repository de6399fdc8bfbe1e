"""Calling game: time of the exact rook-polynomial solution and Monte Carlo deals per second."""

from __future__ import annotations

import time

from analyzer.games.calling import PRESETS, calling_game, exact_calling, sample_calling
from analyzer.io import render_text_table

DEALS = 2_000_000


def main() -> None:
    rows = []
    sample_calling(calling_game("treize"), 1_000, 0)  # compile the kernel first
    for name in PRESETS:
        game = calling_game(name)
        t0 = time.perf_counter()
        ex = exact_calling(game)
        exact_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        s = sample_calling(game, DEALS, 1)
        mc_s = time.perf_counter() - t0
        rows.append({"game": name, "cards": game.n_cards, "calls": game.n_calls,
                     "P(no match)": float(ex.p_no_match), "exact ms": exact_s * 1e3,
                     "MC deals": DEALS, "MC s": mc_s, "deals/s": DEALS / mc_s,
                     "MC P(no match)": s.p_no_match.estimate})
    print(render_text_table(rows), end="")


if __name__ == "__main__":
    main()
