"""A strength ladder on the wrapped games: each player against a fixed reference, seat-rotated
duplicate on the same deals, with 95 % confidence intervals; OpenSpiel's ISMCTS given the CPU
time per decision the project's best player used, and ten times that.

For each deal (the same chance outcomes for everyone) and each seat s, the player sits at s and
the reference at every other seat; its return there is compared with the reference's own return
at s when the reference holds every seat. Each player first plays one untimed game (its kernels
compile there), then its CPU time a decision is the mean over the ladder's games. The gain of a deal is the mean of those differences
over the seats, and a row is the mean gain over the deals ± 1.96 standard errors: points a deal
in the trick games, −ΔP(fool) in durak (positive: the player is better than the reference).

>>> from analyzer.openspiel.ladder import ladder
>>> rows = ladder("joker_odds_durak", {}, ["random"], deals=2, seed=1)
>>> [r.player for r in rows], rows[0].deals
(['random'], 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from analyzer.openspiel.registry import register_all
from analyzer.openspiel.spiel import pyspiel

__all__ = ["LadderRow", "Player", "TimedISMCTSBot", "ismcts_player", "ladder", "ladder_table", "project_player"]

Player = Callable[[Any, np.random.Generator], int]  # (pyspiel state, rng) -> action


@dataclass(frozen=True)
class LadderRow:
    """One rung: the mean gain a deal over the reference, its 95 % half-width, CPU per decision."""

    game: str
    player: str
    reference: str
    deals: int
    gain: float
    half_width: float
    cpu_ms: float
    decisions: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def project_player(game: Any, name: str, **options: Any) -> Player:
    """The project's policy ``name`` on the wrapped game (it plays the project state inside)."""
    from analyzer.openspiel.durak import DurakGame
    from analyzer.openspiel.rummy import RummyGame

    if isinstance(game, DurakGame):
        from analyzer.games.durak import state as D

        table = {"random": lambda: D.random_policy, "heuristic": lambda: D.heuristic_policy,
                 "search": lambda: D.search_policy(**options), "ismcts": lambda: D.ismcts_policy(**options)}
        policy = table[name]()
    elif isinstance(game, RummyGame):
        from analyzer.games.rummy.state import heuristic_policy, random_policy

        policy = random_policy if name == "random" else heuristic_policy("greedy" if name == "heuristic" else name)
    else:
        from analyzer.games.tricks.policies.on_state import state_policy

        policy = state_policy(name, **options)

    def play(state: Any, rng: np.random.Generator) -> int:
        return int(state.to_spiel(policy(state.inner, rng)))

    return play


class TimedISMCTSBot:
    """OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``, random-rollout
    evaluator, UCT c = 2, the most-visited move; inconsistent action sets allowed, since an
    information-state string of durak with 3+ players does not fix every legal-move set) run for ``cpu_seconds`` of CPU time per decision
    (at least two simulations: the first only expands the root), or for ``simulations`` when given."""

    def __init__(self, game: Any, cpu_seconds: float = 0.05, simulations: int | None = None,
                 seed: int = 0, uct_c: float = 2.0) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        rs = np.random.RandomState(seed)
        self.bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c, 1, random_state=rs,
                                    final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                    allow_inconsistent_action_sets=True)
        self.cpu_seconds, self.simulations = cpu_seconds, simulations
        self.runs = 0

    def policy(self, state: Any) -> list[tuple[int, float]]:
        """The final policy after a timed search (ISMCTSBot.run_search with a CPU clock)."""
        b = self.bot
        b.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        b._root_node = b.create_new_node(state)
        end = time.process_time() + self.cpu_seconds
        n = 0
        while (n < max(2, self.simulations)) if self.simulations else (n < 2 or time.process_time() < end):
            b.run_simulation(b.sample_root_state(state))
            n += 1
        self.runs += n
        return list(b.get_final_policy(state, b._root_node))

    def __call__(self, state: Any, rng: np.random.Generator) -> int:
        pol = self.policy(state)
        best = max(p for _a, p in pol)
        return int(next(a for a, p in pol if p == best))


def ismcts_player(game: Any, cpu_seconds: float, seed: int = 0) -> Player:
    """OpenSpiel's ISMCTS with ``cpu_seconds`` per decision."""
    return TimedISMCTSBot(game, cpu_seconds, seed=seed)


def _deal(game: Any, rng: np.random.Generator) -> list[int]:
    """The chance outcomes of one shuffled pack: the deal (and lot), then the stock in the order
    its cards will be drawn (every seating of the ladder draws the same cards)."""
    s = game.new_initial_state()
    outs = []
    while s.is_chance_node():
        acts, probs = zip(*s.chance_outcomes(), strict=True)
        a = int(rng.choice(acts, p=np.asarray(probs) / sum(probs)))
        outs.append(a)
        s.apply_action(a)
    return outs + [int(c) for c in rng.permutation(np.asarray(s.rest(), np.int64))]


def _play(game: Any, outs: Sequence[int], seats: Sequence[Player], rng: np.random.Generator,
          clock: dict[int, list[float]]) -> list[float]:
    s = game.new_initial_state()
    pack = iter(outs)
    while not s.is_terminal():
        if s.is_chance_node():  # the deal, then each draw: the pack's next card
            s.apply_action(next(pack))
            continue
        p = s.current_player()
        t = time.process_time()
        a = seats[p](s, rng)
        clock.setdefault(p, []).append(time.process_time() - t)
        s.apply_action(a)
    return list(s.returns())


def _split(player: str) -> tuple[str, dict[str, Any]]:
    """``ismcts@200`` → ``("ismcts", {"budget": 200})`` (``pimc@16``: ``k``, the worlds a decision)."""
    name, _, n = player.partition("@")
    if not n:
        return name, {}
    return name, {("k" if name.startswith("pimc") else "budget"): int(n)}


def ladder(name: str, params: dict[str, Any], players: Sequence[str], deals: int = 50, seed: int = 0,
           reference: str = "heuristic", options: dict[str, dict[str, Any]] | None = None,
           ismcts_cpu: Sequence[float] = (), match: str | None = None, factors: Sequence[float] = (1, 10),
           progress: Callable[[str], None] | None = None) -> list[LadderRow]:
    """The ladder of ``players`` (project policy names, ``name@budget`` for a search budget) and
    OpenSpiel's ISMCTS, each against ``reference`` on ``deals`` deals: ISMCTS with each
    ``ismcts_cpu`` (CPU seconds a decision), and with ``factors`` × the CPU time a decision that
    the player ``match`` (one of ``players``) used in this run."""
    register_all()
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    options = options or {}
    ref = project_player(game, reference, **options.get(reference, {}))
    rng = np.random.default_rng(seed)
    packs = [_deal(game, rng) for _ in range(deals)]
    base = [_play(game, o, [ref] * n, np.random.default_rng([seed, d]), {}) for d, o in enumerate(packs)]
    entries: list[tuple[str, str | float]] = [(p, p) for p in players]
    entries += [(f"openspiel-ismcts {1000 * c:g} ms", float(c)) for c in ismcts_cpu]
    entries += [(f"openspiel-ismcts {f:g}x {match}", -float(f)) for f in (factors if match else ())]
    rows: list[LadderRow] = []
    for label, what in entries:
        if isinstance(what, str):
            base_name, extra = _split(what)
            me = project_player(game, base_name, **{**options.get(base_name, {}), **extra})
        else:
            cpu = what if what > 0 else -what * next(r.cpu_ms for r in rows if r.player == match) / 1000
            me = ismcts_player(game, cpu, seed)
        seats0 = [me] + [ref] * (n - 1)
        _play(game, packs[0], seats0, np.random.default_rng([seed, 0, 0]), {})  # compiles outside the clock
        gains, clock = [], []
        for d, o in enumerate(packs):
            diff = 0.0
            for s in range(n):
                seats = [ref] * n
                seats[s] = me
                ticks: dict[int, list[float]] = {}
                r = _play(game, o, seats, np.random.default_rng([seed, d, s + 1]), ticks)
                clock += ticks.get(s, [])
                diff += r[s] - base[d][s]
            gains.append(diff / n)
        g = np.asarray(gains)
        half = 1.96 * float(g.std(ddof=1)) / np.sqrt(len(g)) if len(g) > 1 else float("nan")
        row = LadderRow(str(game), label, reference, deals, float(g.mean()), half,
                        1000 * float(np.mean(clock)) if clock else 0.0, len(clock))
        rows.append(row)
        if progress:
            progress(f"{label}: {row.gain:+.3f} ± {row.half_width:.3f} ({row.cpu_ms:.1f} ms a decision)")
    return rows


def ladder_table(rows: Sequence[LadderRow]) -> str:
    """The rows as a Markdown table.

    >>> ladder_table([LadderRow("g", "random", "heuristic", 10, -1.5, 0.5, 0.1, 40)]).splitlines()[2]
    '| random | -1.50 ± 0.50 | 10 | 0.10 |'
    """
    out = ["| player | gain a deal vs reference (95 % CI) | deals | CPU ms a decision |", "|---|---|---|---|"]
    out += [f"| {r.player} | {r.gain:+.2f} ± {r.half_width:.2f} | {r.deals} | {r.cpu_ms:.2f} |".replace("+-", "-")
            for r in rows]
    return "\n".join(out)
