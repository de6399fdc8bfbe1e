"""Tree-search policies as numba kernels: ``ismcts`` and the ``uct-random`` baseline.

**ismcts** is single-observer information-set Monte Carlo tree search. The player to move keeps one
tree over the public move history. Each of its ``budget`` iterations deals a fresh *world*
consistent with what that player knows: its own hand, the turned trump card, the table, the
discard pile, the cards each opponent picked up from the table (known until played) and every
hand's size; only the other cards are shuffled between the opponents' hands and the stock. The
iteration walks the tree from the root with the moves legal in that world, choosing among the
children by UCB1 with availability counts (a child's exploration term uses how often it was legal,
not its parent's visits); at the first position with an untried legal move it adds one child,
finishes the game with the heuristic in every seat, and credits each node on the path with the
result for the seat that made its move (1 not the fool, 3/4 a draw, 0 the fool). A node is one
``(seat, move)`` pair below its parent, so the same moves by different seats never merge. The
move played is the root child visited most.

**uct-random** is the baseline that the published durak bots use: determinized UCT with random
playouts. It deals :data:`UCT_WORLDS` worlds the same way, runs plain UCT
(:data:`UCT_EXPLORE`) with :data:`UCT_PLAYOUTS` iterations in each as if the cards were open, with
uniformly random playouts, and plays the move with the most root visits summed over the worlds.
It ignores the budget.

>>> import numpy as np
>>> from analyzer.games.durak.rules import durak_rules
>>> from analyzer.games.durak.state import DurakState
>>> from analyzer.kernels.rng import seed_words
>>> st = DurakState.deal(durak_rules(), seed=3)
>>> a = ismcts_action(st.S, st.tab, seed_words(1), 200)
>>> bool(st.legal_mask() >> int(a) & 1)
True
"""

from __future__ import annotations

import math

import numpy as np

from analyzer.games.durak.kernels.layout import (
    ABORTED,
    DRAW,
    MAX_MOVES,
    MOVES,
    OVER,
    PHASE,
    RESULT,
    TURN,
)
from analyzer.games.durak.kernels.moves import apply_action, bit, legal_mask, nth_bit, popcount
from analyzer.games.durak.kernels.policies import finish_heuristic, random_action, resample
from analyzer.kernels.arrays import copy_into
from analyzer.kernels.jit import kernel, no_refcount
from analyzer.kernels.rng import bounded

__all__ = ["ISMCTS_BUDGET", "ISMCTS_EXPLORE", "UCT_EXPLORE", "UCT_PLAYOUTS", "UCT_WORLDS", "finish_random", "ismcts_action",
           "tree_search", "uct_random_action"]

ISMCTS_BUDGET = 1000    # ismcts: tree iterations per decision unless told
ISMCTS_EXPLORE = 0.7    # UCB1 exploration constant of ismcts (rewards in [0, 1])
UCT_WORLDS = 4          # uct-random: determinizations per decision
UCT_PLAYOUTS = 500      # uct-random: UCT iterations in each
UCT_EXPLORE = 1.4142135623730951  # uct-random: the textbook sqrt(2)
DRAW_REWARD = 0.75      # a draw counts a quarter of a loss (as in ``search``)


@no_refcount
def finish_random(S, tab, rng):
    """Play the game out with uniformly random moves in every seat."""
    while S[PHASE] != OVER:
        if S[MOVES] >= MAX_MOVES:
            S[RESULT] = ABORTED
            S[PHASE] = OVER
            return
        apply_action(S, tab, random_action(S, tab, rng))


@no_refcount(inline="always")
def _reward(result, seat):
    if result == seat:
        return 0.0
    if result == DRAW:
        return DRAW_REWARD
    if result == ABORTED:
        return 0.5
    return 1.0


@kernel(python=True)  # called from Python as well: one compile serves both
def tree_search(S, tab, rng, worlds, iters, fresh_world, random_playouts, explore):
    """The move of the seat to move after ``worlds`` trees of ``iters`` iterations each.

    ``fresh_world``: deal a new world every iteration (ismcts) rather than once per tree
    (determinized UCT). ``random_playouts``: finish with random moves instead of the heuristic.
    """
    m = legal_mask(S, tab)
    if popcount(m) == 1:
        return nth_bit(m, np.int64(0))  # int64: nth_bit compiles once
    seat = S[TURN]
    cap = iters + 1
    action = np.empty(cap, np.int64)
    mover = np.empty(cap, np.int64)
    child = np.empty(cap, np.int64)
    sibling = np.empty(cap, np.int64)
    visits = np.empty(cap, np.float64)
    reward = np.empty(cap, np.float64)
    avail = np.empty(cap, np.float64)
    path = np.empty(cap + 1, np.int64)
    # log(a) of every availability count a child can reach (integers 1..iters: each iteration
    # counts a child once at most), taken once here rather than at every UCB1 evaluation (the
    # same function, so the same values)
    logs = np.empty(cap + 1, np.float64)
    for i in range(1, cap + 1):
        logs[i] = math.log(float(i))
    root = np.zeros(56, np.float64)
    det = np.empty_like(S)
    work = np.empty_like(S)
    pool = np.empty(54, np.int64)
    for _ in range(worlds):
        child[0] = -1
        size = 1
        if not fresh_world:
            copy_into(det, S)
            resample(det, seat, rng, pool)
        for _ in range(iters):
            copy_into(work, S if fresh_world else det)
            if fresh_world:
                resample(work, seat, rng, pool)
            node = 0
            depth = 0
            while work[PHASE] != OVER:
                if work[MOVES] >= MAX_MOVES:
                    work[RESULT] = ABORTED
                    work[PHASE] = OVER
                    break
                lm = legal_mask(work, tab)
                who = work[TURN]
                tried = np.int64(0)
                c = child[node]
                while c >= 0:
                    if mover[c] == who and (lm >> action[c]) & 1:
                        tried |= bit(action[c])
                        avail[c] += 1.0
                    c = sibling[c]
                untried = lm & ~tried
                if untried != 0:
                    a = nth_bit(untried, bounded(rng, popcount(untried)))
                    c = size
                    size += 1
                    action[c] = a
                    mover[c] = who
                    child[c] = -1
                    sibling[c] = child[node]
                    child[node] = c
                    visits[c] = 0.0
                    reward[c] = 0.0
                    avail[c] = 1.0
                    apply_action(work, tab, a)
                    depth += 1
                    path[depth] = c
                    break
                best = -1
                best_v = -1.0
                c = child[node]
                while c >= 0:
                    if mover[c] == who and (lm >> action[c]) & 1:
                        v = reward[c] / visits[c] + explore * math.sqrt(logs[np.int64(avail[c])] / visits[c])
                        if v > best_v:
                            best_v = v
                            best = c
                    c = sibling[c]
                apply_action(work, tab, action[best])
                node = best
                depth += 1
                path[depth] = node
            if work[PHASE] != OVER:
                if random_playouts:
                    finish_random(work, tab, rng)
                else:
                    finish_heuristic(work, tab)
            r = work[RESULT]
            for k in range(1, depth + 1):
                nd = path[k]
                visits[nd] += 1.0
                reward[nd] += _reward(r, mover[nd])
        c = child[0]
        while c >= 0:
            root[action[c]] += visits[c]
            c = sibling[c]
    best_a = -1
    for a in range(56):
        if (m >> a) & 1 and (best_a < 0 or root[a] > root[best_a]):
            best_a = a
    return best_a


@kernel(inline="always")
def ismcts_action(S, tab, rng, budget):
    """Information-set MCTS with ``budget`` iterations (heuristic playouts)."""
    # typed arguments, not constants: one compiled search serves both players
    return tree_search(S, tab, rng, np.int64(1), budget, np.bool_(True), np.bool_(False), np.float64(ISMCTS_EXPLORE))


@kernel(inline="always")
def uct_random_action(S, tab, rng):
    """The baseline: :data:`UCT_WORLDS` determinized UCT trees of :data:`UCT_PLAYOUTS` random playouts."""
    return tree_search(S, tab, rng, np.int64(UCT_WORLDS), np.int64(UCT_PLAYOUTS), np.bool_(False), np.bool_(True),
                       np.float64(UCT_EXPLORE))
