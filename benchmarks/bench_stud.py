"""Casino stud: advise and exchange latency, Caribbean Stud and J-poker exact times, J-poker optimal
edge (stratified sampling with exact per-hand values) and its CI."""

from __future__ import annotations

import time


def main() -> None:
    from analyzer.games.stud.advise import advise
    from analyzer.games.stud.edge import DEFAULT_HANDS, house_edge
    from analyzer.games.stud.exchange import exchange_options
    from analyzer.games.stud.game import load_game

    jp, carib = load_game("j-poker"), load_game("caribbean")
    advise(jp, "As Kd 9h 5c 2s", "Qh", "7d")  # warm-up (compile, tables)
    exchange_options(jp, "Ah Kh Qh 9h 2c", "5d", "7d")
    t0 = time.perf_counter()
    for _ in range(5):
        advise(jp, "As Kd 9h 5c 2s", "Qh", "7d")
    t_adv = (time.perf_counter() - t0) / 5
    t0 = time.perf_counter()
    exchange_options(jp, "Ah Kh Qh 9h 2c", "5d", "7d")
    t_ex = time.perf_counter() - t0
    t0 = time.perf_counter()
    c = house_edge(carib)
    t_car = time.perf_counter() - t0
    t0 = time.perf_counter()
    j = house_edge(jp, "optimal", "sampled", hands=DEFAULT_HANDS, seed=0)
    t_jp = time.perf_counter() - t0
    lo, hi = j.ci
    t0 = time.perf_counter()
    jx = house_edge(jp, "optimal", "exact")
    t_jx = time.perf_counter() - t0
    rows = [
        ("advise (J-poker, warm)", f"{t_adv * 1000:.0f} ms", "163,185 dealer hole sets"),
        ("exchange options (J-poker, warm)", f"{t_ex * 1000:.0f} ms", "16 options, 10,581 draws, exact"),
        ("Caribbean Stud exact", f"{t_car:.1f} s", f"house edge {c.house_edge:.6%} (target <= 3 s)"),
        ("J-poker exact (13 wild ranks + DOC)", f"{t_jx:.1f} s",
         f"house edge {-jx.ev_exact if jx.ev_exact is not None else '?'} (target <= 60 s)"),
        (f"J-poker optimal, {j.trials:,} stratified hands", f"{t_jp:.1f} s",
         f"house edge {j.house_edge:.4%} (95 % CI {lo:.4%} .. {hi:.4%}, ±{(hi - lo) / 2:.4%})"),
    ]
    w = max(len(r[0]) for r in rows)
    for name, t, note in rows:
        print(f"{name:<{w}}  {t:>9}  {note}")


if __name__ == "__main__":
    main()
