"""Durak self-play speed: heuristic and random games per second on one core (the kernel loop,
with the per-game tallies), by player count and deck; the search policy's games per second; the
seconds per decision of the search policies (search, ismcts at two budgets, the uct-random baseline)
against the heuristic, heads-up."""

from __future__ import annotations

import time

import numpy as np

from analyzer.engine import chunk_state
from analyzer.games.durak.kernels.choose import choose, policy_code, search_arg
from analyzer.games.durak.kernels.play import sim_chunk
from analyzer.games.durak.kernels.policies import heuristic_action
from analyzer.games.durak.rules import durak_rules
from analyzer.games.durak.simulate import policy_codes
from analyzer.games.durak.state import DurakState, tables_for
from analyzer.io import render_text_table
from analyzer.kernels.rng import seed_words

GAMES = 200_000


def _rate(players: int, deck: str, lineup: list[str], games: int, budget: int = 48) -> tuple[float, float]:
    rules = durak_rules(players, deck)
    codes = policy_codes(lineup)
    args = (rules.deck_cards(), rules.kernel_rules(), players, codes, search_arg(codes, budget),
            np.array(tables_for(rules)), False)
    sim_chunk(chunk_state(0, 0), 10, *args)  # compile
    best = float("inf")
    for rep in range(3):
        t0 = time.perf_counter()
        out = sim_chunk(chunk_state(1, rep), games, *args)
        best = min(best, time.perf_counter() - t0)
    return games / best, float(out[8]) / games


def _decision_seconds(policy: str, budget: int, games: int, overrides: tuple[str, ...] = ()) -> tuple[float, int]:
    """Mean CPU seconds of ``policy``'s decisions with two or more legal moves in heads-up games against
    the heuristic (seat 0), and how many were timed (CPU time: what one quiet core would take)."""
    rules = durak_rules(2, None, overrides)
    code = policy_code(policy)
    rng = seed_words(1)
    st = DurakState.deal(rules, 0)
    choose(st.S, st.tab, rng, code, budget)  # compile
    total, n = 0.0, 0
    for g in range(games):
        st = DurakState.deal(rules, g)
        while not st.is_terminal():
            if st.current_player() == 0 and bin(st.legal_mask()).count("1") > 1:
                t0 = time.process_time()
                a = choose(st.S, st.tab, rng, code, budget)
                total += time.process_time() - t0
                n += 1
            else:
                a = heuristic_action(st.S, st.tab)
            st.apply_action(int(a))
    return total / n, n


def main() -> None:
    rows = []
    for players, deck, policy, games in ((2, "36+2", "heuristic", GAMES), (2, "36+2", "random", GAMES // 2),
                                         (4, "36+2", "heuristic", GAMES // 2), (6, "36+2", "heuristic", GAMES // 4),
                                         (2, "52+2", "heuristic", GAMES // 2), (6, "52+2", "heuristic", GAMES // 4),
                                         (2, "36+2", "search", 200)):
        lineup = [policy] * players if policy != "search" else ["search", "heuristic"]
        rate, bouts = _rate(players, deck, lineup, games)
        rows.append({"players": players, "deck": deck, "policy": " ".join(lineup), "games": games,
                     "games/s (1 core)": rate, "mean bouts": bouts,
                     "target": "≥ 20,000" if (players, deck, policy) == (2, "36+2", "heuristic") else ""})
    print(render_text_table(rows), end="")
    rows = []
    no_joker = ("max_attack=0", "first_bout_limit=0")
    for policy, budget, games, deck_rules in (("search", 64, 20, ()), ("ismcts", 200, 10, ()),
                                              ("ismcts", 1000, 5, ()), ("ismcts", 1000, 5, no_joker),
                                              ("uct-random", 0, 3, no_joker)):
        sec, n = _decision_seconds(policy, budget, games, deck_rules)
        rows.append({"policy": policy, "budget": budget if policy != "uct-random" else "4 x 500",
                     "rules": "36+2" if not deck_rules else "36+2, " + " ".join(deck_rules),
                     "decisions": n, "CPU ms/decision": 1000 * sec})
    print(render_text_table(rows), end="")


if __name__ == "__main__":
    main()
