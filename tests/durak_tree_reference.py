"""A slow, obvious tree search in plain Python (dict nodes, Python loops) to check the ``ismcts`` and
``uct-random`` kernels move for move.

It shares with the kernels only the game moves, the world dealing (``resample``), the playouts and
the random stream, so both consume the same random numbers in the same order: a new child is a
uniform pick among the untried legal moves in ascending code order, UCB ties go to the child added
last, and the move played is the most visited (ties: the lowest code).
"""

from __future__ import annotations

import math

import numpy as np

from analyzer.games.durak.kernels import layout as L
from analyzer.games.durak.kernels.moves import apply_action, legal_mask
from analyzer.games.durak.kernels.policies import finish_heuristic, resample
from analyzer.games.durak.kernels.tree import DRAW_REWARD, finish_random
from analyzer.kernels.rng import bounded


class Node:
    def __init__(self, mover: int = -1, action: int = -1) -> None:
        self.mover = mover
        self.action = action
        self.children: list[Node] = []   # in the order they were added
        self.visits = 0.0
        self.reward = 0.0
        self.avail = 0.0


def _moves(mask: int) -> list[int]:
    return [a for a in range(56) if mask >> a & 1]


def reward_for(result: int, seat: int) -> float:
    if result == seat:
        return 0.0
    if result == L.DRAW:
        return DRAW_REWARD
    if result == L.ABORTED:
        return 0.5
    return 1.0


def ref_tree_search(S: np.ndarray, tab: np.ndarray, rng: np.ndarray, worlds: int, iters: int, fresh_world: bool,
                    random_playouts: bool, explore: float) -> int:
    legal = _moves(int(legal_mask(S, tab)))
    if len(legal) == 1:
        return legal[0]
    seat = int(S[L.TURN])
    pool = np.empty(54, np.int64)
    root_visits = dict.fromkeys(legal, 0.0)
    for _ in range(worlds):
        root = Node()
        det = S.copy()
        if not fresh_world:
            resample(det, seat, rng, pool)
        for _ in range(iters):
            work = S.copy() if fresh_world else det.copy()
            if fresh_world:
                resample(work, seat, rng, pool)
            node, path = root, []
            while work[L.PHASE] != L.OVER:
                if work[L.MOVES] >= L.MAX_MOVES:
                    work[L.RESULT] = L.ABORTED
                    work[L.PHASE] = L.OVER
                    break
                moves = _moves(int(legal_mask(work, tab)))
                who = int(work[L.TURN])
                usable = [c for c in node.children if c.mover == who and c.action in moves]
                for c in usable:
                    c.avail += 1.0
                untried = [a for a in moves if a not in {c.action for c in usable}]
                if untried:
                    new = Node(who, untried[int(bounded(rng, len(untried)))])
                    new.avail = 1.0
                    node.children.append(new)
                    apply_action(work, tab, new.action)
                    path.append(new)
                    break
                best, best_v = None, -1.0
                for c in reversed(usable):
                    v = c.reward / c.visits + explore * math.sqrt(math.log(c.avail) / c.visits)
                    if v > best_v:
                        best, best_v = c, v
                assert best is not None
                apply_action(work, tab, best.action)
                node = best
                path.append(node)
            if work[L.PHASE] != L.OVER:
                if random_playouts:
                    finish_random(work, tab, rng)
                else:
                    finish_heuristic(work, tab)
            result = int(work[L.RESULT])
            for nd in path:
                nd.visits += 1.0
                nd.reward += reward_for(result, nd.mover)
        for c in root.children:
            root_visits[c.action] += c.visits
    best_a = legal[0]
    for a in legal:
        if root_visits[a] > root_visits[best_a]:
            best_a = a
    return best_a


def ref_resample(S: np.ndarray, seat: int, rng: np.ndarray) -> None:
    """:func:`~analyzer.games.durak.kernels.policies.resample` card by card: every other seat's
    unseen cards in ascending code order, then the stock above the turned card, shuffled by the
    same draws, dealt back in that order."""
    pool = []
    for q in range(int(S[L.NPL])):
        if q != seat:
            unk = int(S[L.HAND + q]) & ~int(S[L.KNOWN + q])
            pool += [c for c in range(54) if unk >> c & 1]
    pool += [int(S[L.STOCK + i]) for i in range(int(S[L.SPOS]), int(S[L.SLEN]) - 1)]
    for i in range(len(pool) - 1):
        j = i + int(bounded(rng, len(pool) - i))
        pool[i], pool[j] = pool[j], pool[i]
    idx = 0
    for q in range(int(S[L.NPL])):
        if q == seat:
            continue
        m = int(S[L.KNOWN + q])
        for _ in range(bin(int(S[L.HAND + q]) & ~int(S[L.KNOWN + q])).count("1")):
            m |= 1 << pool[idx]
            idx += 1
        S[L.HAND + q] = m
    for i in range(int(S[L.SPOS]), int(S[L.SLEN]) - 1):
        S[L.STOCK + i] = pool[idx]
        idx += 1
