"""Video poker exact analysis: game tables, one pay table, a second pay table reusing them."""

from __future__ import annotations

import time

from analyzer.games.videopoker import classify
from analyzer.games.videopoker.exact import analyze
from analyzer.games.videopoker.paytable import load_paytable
from analyzer.games.videopoker.strategy import strategy_table

CASES = (("joker-poker-kings", None), ("jacks-or-better-9-6", "jacks-or-better-8-5"),
         ("deuces-wild-full-pay", None))


def main() -> None:
    analyze("jacks-or-better-9-6")  # warm-up: numba compilation / cache load
    strategy_table(analyze("jacks-or-better-9-6"))
    print(f"{'pay table':24s} {'return':>9s} {'game tables s':>14s} {'analysis s':>11s} "
          f"{'full s':>7s} {'strategy s':>11s}")
    for name, second in CASES:
        classify._CACHE.clear()
        table = load_paytable(name)
        t0 = time.perf_counter()
        classify.game_for(table)
        t1 = time.perf_counter()
        a = analyze(table)
        t2 = time.perf_counter()
        strategy_table(a)
        t3 = time.perf_counter()
        print(f"{name:24s} {float(a.ret):9.6f} {t1 - t0:14.2f} {t2 - t1:11.2f} {t2 - t0:7.2f} {t3 - t2:11.2f}")
        if second:
            t4 = time.perf_counter()
            b = analyze(second)
            t5 = time.perf_counter()
            print(f"{second:24s} {float(b.ret):9.6f} {'(reused)':>14s} {t5 - t4:11.2f} {t5 - t4:7.2f}")


if __name__ == "__main__":
    main()
