"""Poker with joker: one situation's 37 options (pool kernel against the per-draw inclusion–exclusion
kernel), the cheap joker screen per situation, and J-poker's up-card exchange per situation."""

from __future__ import annotations

import time
from math import comb


def main() -> None:
    import numpy as np

    from analyzer.cards import parse_card, parse_hand
    from analyzer.games.stud.exact import hand_tables
    from analyzer.games.stud.exchange import _kernel_args
    from analyzer.games.stud.game import load_game
    from analyzer.games.stud.kernels.draw import joker_batch, option_values, upswap_batch
    from analyzer.games.stud.kernels.pool import pool_options
    from analyzer.games.stud.options import joker_pos, pool_args
    from analyzer.games.stud.options_edge import deal_situations

    game = load_game("poker-with-joker")
    t = hand_tables(game)
    pos = np.sort(t.code_pos[parse_hand("Ah Kh Qh 9h 2c", t.evaluator.deck, size=5).astype(np.int64)])
    u, jp = int(t.code_pos[parse_card("5d", t.evaluator.deck)]), joker_pos(t)
    args, pargs = _kernel_args(game, t), pool_args(game, t)
    hands, ups = deal_situations(t.n, 20_000, 0)
    pool_options(pos, u, jp, *pargs)  # warm-up (compile)
    joker_batch(hands[:2], ups[:2], jp, *args)
    t0 = time.perf_counter()
    a = pool_options(pos, u, jp, *pargs)
    t_pool = time.perf_counter() - t0
    t0 = time.perf_counter()
    b = option_values(pos, u, jp, *args)
    t_old = time.perf_counter() - t0
    t0 = time.perf_counter()
    joker_batch(hands, ups, jp, *args)
    t_screen = (time.perf_counter() - t0) / hands.shape[0]
    jpk = load_game("j-poker")
    jargs = _kernel_args(jpk, hand_tables(jpk, 51))
    h52, u52 = deal_situations(52, 2_000, 1)
    upswap_batch(h52[:2], u52[:2], *jargs)
    t0 = time.perf_counter()
    upswap_batch(h52, u52, *jargs)
    t_up = (time.perf_counter() - t0) / h52.shape[0]
    rows = [
        ("37 options, pool kernel", f"{t_pool:.2f} s", f"{comb(52, 5):,} draws of 'Ah Kh Qh 9h 2c' / 5d, exact"),
        ("37 options, per-draw kernel", f"{t_old:.2f} s", f"same values (max diff {np.nanmax(np.abs(a - b)):.1e})"),
        ("joker screen per situation", f"{t_screen * 1e6:.0f} us", "stand + 5 buy-the-joker values"),
        ("J-poker up-card exchange per situation", f"{t_up * 1e6:.0f} us", "stand + 47 new up cards"),
    ]
    w = max(len(r[0]) for r in rows)
    for name, tt, note in rows:
        print(f"{name:<{w}}  {tt:>9}  {note}")


if __name__ == "__main__":
    main()
