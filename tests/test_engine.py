"""The simulation engine: same seed ⇒ same numbers on every backend, stopping rules, checkpoints."""

from __future__ import annotations

import json
import signal
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from pyrng import PyXoshiro

from analyzer import backends
from analyzer.checkpoint import CheckpointError
from analyzer.engine import RunInterrupted, RunResult, chunk_state, run
from analyzer.errors import JokerOddsError
from analyzer.evaluator import Evaluator
from analyzer.frequencies import FreqTask, exact_frequencies
from analyzer.stats import mean_from_sums

# ANCHORS.md, "Hand-rank counts, 5 cards", 53 cards with one fully wild joker, best first
ANCHOR_53 = {"five_of_a_kind": 13, "royal_flush": 24, "straight_flush": 180, "four_of_a_kind": 3_120,
             "full_house": 6_552, "flush": 7_804, "straight": 20_532, "three_of_a_kind": 137_280,
             "two_pair": 123_552, "pair": 1_268_088, "high_card": 1_302_540}


@njit(cache=False, nogil=True)
def _uniform_sums(state, n):
    out = np.zeros(3)
    for _ in range(n):
        s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
        x = (np.uint64(s1 * np.uint64(5)) << np.uint64(7) | np.uint64(s1 * np.uint64(5)) >> np.uint64(57))
        x = x * np.uint64(9)
        t = s1 << np.uint64(17)
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = (s3 << np.uint64(45)) | (s3 >> np.uint64(19))
        state[0], state[1], state[2], state[3] = s0, s1, s2, s3
        u = (x >> np.uint64(11)) * (1.0 / 9007199254740992.0)
        out[0] += 1.0
        out[1] += u
        out[2] += u * u
    return out


@dataclass(frozen=True)
class UniformMeanTask:
    """Float sums (n, Σu, Σu²) of uniforms: order of summation matters for the last bits."""

    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return _uniform_sums(state, n)

    def estimates(self, totals: np.ndarray) -> dict[str, tuple[float, float]]:
        e = mean_from_sums(int(totals[0]), totals[1], totals[2])
        return {"mean": (e.mean, e.se)}


@dataclass(frozen=True)
class NoEstimatesTask:
    def run_chunk(self, state: np.ndarray, n: int) -> np.ndarray:
        return np.array([n], dtype=np.int64)


@pytest.fixture(scope="module")
def task53() -> FreqTask:
    return FreqTask.from_evaluator(Evaluator("joker-wild", "52+1"))


def test_chunk_states_are_distinct_and_reproducible() -> None:
    a, b = chunk_state(1, 0), chunk_state(1, 1)
    assert a.dtype == np.uint64 and a.shape == (4,)
    assert not np.array_equal(a, b)
    assert np.array_equal(a, chunk_state(1, 0))
    assert not np.array_equal(a, chunk_state(2, 0))


def test_chunks_depend_only_on_trials_and_chunk_size(task53: FreqTask) -> None:
    r = run(task53, trials=10_001, seed=1, chunk_size=1_000)
    assert (r.chunks_done, r.trials, int(r.totals.sum())) == (11, 10_001, 10_001)
    # the sum of chunk results in chunk order, computed by hand
    expect = sum(task53.run_chunk(chunk_state(1, i), 1_000 if i < 10 else 1) for i in range(11))
    assert np.array_equal(r.totals, expect)


@pytest.mark.parametrize("kw", [
    {"threads": 2},
    {"backend": "local", "workers": 3},
    {"backend": "dask", "workers": 2, "dask_processes": False},
], ids=["2threads", "3threads", "dask-inprocess"])
def test_backends_are_bit_identical(kw: dict, task53: FreqTask) -> None:
    base = run(task53, trials=200_003, seed=9, chunk_size=20_000, threads=1)
    other = run(task53, trials=200_003, seed=9, chunk_size=20_000, **kw)
    assert np.array_equal(base.totals, other.totals)
    fbase = run(UniformMeanTask(), trials=100_001, seed=9, chunk_size=7_000, threads=1)
    fother = run(UniformMeanTask(), trials=100_001, seed=9, chunk_size=7_000, **kw)
    assert fbase.totals.tobytes() == fother.totals.tobytes()


def test_process_pool_is_bit_identical(task53: FreqTask) -> None:
    base = run(task53, trials=100_000, seed=4, chunk_size=10_000, threads=1)
    other = run(task53, trials=100_000, seed=4, chunk_size=10_000, backend="processes", workers=2)
    assert np.array_equal(base.totals, other.totals) and other.backend == "processes"


@pytest.mark.slow
def test_dask_local_cluster_processes_is_bit_identical(task53: FreqTask) -> None:
    base = run(task53, trials=300_000, seed=4, chunk_size=50_000, threads=1)
    other = run(task53, trials=300_000, seed=4, chunk_size=50_000, backend="dask", workers=2)
    assert np.array_equal(base.totals, other.totals)


def test_sampled_53_card_counts_inside_ci_of_anchors(task53: FreqTask) -> None:
    """Every ANCHORS.md 53-card count inside a Bonferroni-adjusted (family 95 %) CI."""
    r = run(task53, trials=2_000_000, seed=2024, chunk_size=250_000)
    total = comb(53, 5)
    z = 3.0  # ≈ norm.ppf(1 - 0.05 / (2 · 11)): all 11 intervals hold together with 95 %
    for name, (p_hat, se) in r.estimates.items():
        p = ANCHOR_53[name] / total
        half = z * np.sqrt(p * (1 - p) / r.trials)
        assert abs(p_hat - p) <= half, name
        assert se > 0
    assert sum(ANCHOR_53.values()) == total
    assert exact_frequencies("joker-wild", "52+1").row("pair").count == ANCHOR_53["pair"]


def test_target_rel_se_is_deterministic_on_every_backend(task53: FreqTask) -> None:
    kw = {"seed": 3, "chunk_size": 50_000, "target_rel_se": 0.3, "max_trials": 5_000_000,
          "check_every": 2}
    one = run(task53, threads=1, **kw)
    two = run(task53, threads=2, **kw)
    dask = run(task53, backend="dask", workers=2, dask_processes=False, **kw)
    assert one.stop_reason == "target"
    assert one.trials == two.trials == dask.trials and one.trials % 100_000 == 0
    assert np.array_equal(one.totals, two.totals) and np.array_equal(one.totals, dask.totals)
    assert one.precision["max_rel_se"] <= 0.3
    # the same chunks run as a fixed trial count give the same numbers
    fixed = run(task53, trials=one.trials, seed=3, chunk_size=50_000)
    assert np.array_equal(fixed.totals, one.totals)
    # one batch earlier the target was not met yet
    earlier = run(task53, trials=one.trials - 100_000, seed=3, chunk_size=50_000)
    assert earlier.precision["max_rel_se"] > 0.3


def test_target_se_absolute_and_mean_task() -> None:
    # SD of a uniform is 0.2887: SE ≤ 0.002 needs 20,834 trials; checks every 4 chunks of 2,000
    r = run(UniformMeanTask(), seed=1, chunk_size=2_000, target_se=0.002, max_trials=10**6)
    assert (r.stop_reason, r.trials) == ("target", 24_000)
    mean, se = r.estimates["mean"]
    assert se <= 0.002
    assert abs(mean - 0.5) <= 4 * se


def test_max_trials_cap_stops_an_unreachable_target(task53: FreqTask) -> None:
    r = run(task53, seed=1, chunk_size=30_000, target_rel_se=1e-4, max_trials=100_000)
    assert (r.stop_reason, r.trials, r.chunks_done) == ("max_trials", 100_000, 4)
    assert r.precision["max_rel_se"] > 1e-4


def test_max_time_stops_at_a_chunk_boundary(task53: FreqTask) -> None:
    r = run(task53, seed=6, chunk_size=1_000, target_rel_se=1e-6, max_time=0.15)
    assert r.stop_reason == "max_time" and r.trials == 1_000 * r.chunks_done
    fixed = run(task53, trials=r.trials, seed=6, chunk_size=1_000)
    assert np.array_equal(fixed.totals, r.totals)


@pytest.mark.parametrize(("kw", "message"), [
    ({"trials": 0}, "trials must be an integer ≥ 1, got 0"),
    ({"trials": 10, "seed": -1}, "seed must be an integer ≥ 0, got -1"),
    ({"trials": 10, "chunk_size": 0}, "chunk_size must be an integer ≥ 1, got 0"),
    ({}, "give a number of trials or a precision target (target_se / target_rel_se)"),
    ({"trials": 10, "target_se": 0.1}, "give either a number of trials or a precision target, not both"),
    ({"target_se": 0.1}, "a precision target needs a cap: max_trials or max_time"),
    ({"trials": 10, "max_trials": 20}, "max_trials caps a precision target; with a fixed trials count drop it"),
    ({"target_rel_se": -1.0, "max_trials": 5}, "target_rel_se must be a positive number, got -1.0"),
    ({"trials": 10, "backend": "gpu"}, "unknown backend 'gpu'; choose one of local, processes, dask"),
    ({"trials": 10, "scheduler": "tcp://127.0.0.1:1"}, "a scheduler address needs the dask backend, not 'local'"),
    ({"trials": 10, "workers": 0}, "workers must be at least 1, got 0"),
])
def test_bad_arguments_raise_precise_errors(kw: dict, message: str, task53: FreqTask) -> None:
    with pytest.raises(JokerOddsError) as err:
        run(task53, **kw)
    assert str(err.value) == message


def test_a_task_without_estimates_cannot_run_to_a_target() -> None:
    with pytest.raises(JokerOddsError, match="NoEstimatesTask tracks no estimates"):
        run(NoEstimatesTask(), target_se=0.1, max_trials=10)
    assert run(NoEstimatesTask(), trials=25, chunk_size=10).totals.tolist() == [25]


def test_unreachable_dask_scheduler_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "DASK_CONNECT_TIMEOUT", "1s")
    with pytest.raises(JokerOddsError, match=r"^cannot start or reach Dask scheduler tcp://127\.0\.0\.1:9: "):
        run(NoEstimatesTask(), trials=10, backend="dask", scheduler="tcp://127.0.0.1:9")


def _interrupt_after(chunks: int):
    def hook(partial: RunResult) -> None:
        if partial.chunks_done == chunks:
            signal.raise_signal(signal.SIGINT)
    return hook


@pytest.mark.parametrize("kw", [{"trials": 230_000}, {"target_rel_se": 0.35, "max_trials": 3_000_000}],
                         ids=["trials", "target"])
def test_interrupted_run_resumes_to_the_uninterrupted_numbers(kw: dict, tmp_path, task53: FreqTask) -> None:
    ck = tmp_path / "run.ckpt"
    common = {"seed": 11, "chunk_size": 20_000, "threads": 2, "check_every": 3, **kw}
    with pytest.raises(RunInterrupted, match=r"^stopped after [\d,]+ trials \(\d+ chunks\); checkpoint "):
        run(task53, checkpoint=ck, on_chunk=_interrupt_after(4), **common)
    saved = json.loads(ck.read_text())
    assert saved["chunks_done"] >= 4 and not saved["complete"]
    resumed = run(task53, checkpoint=ck, **common)
    plain = run(task53, **common)
    assert resumed.resumed_chunks == saved["chunks_done"]
    assert np.array_equal(resumed.totals, plain.totals)
    assert (resumed.trials, resumed.stop_reason) == (plain.trials, plain.stop_reason)
    again = run(task53, checkpoint=ck, **common)  # complete: answered from the file
    assert again.resumed_chunks == again.chunks_done and np.array_equal(again.totals, plain.totals)


def test_float_totals_resume_bit_for_bit(tmp_path) -> None:
    ck = tmp_path / "f.ckpt"
    with pytest.raises(RunInterrupted):
        run(UniformMeanTask(), trials=50_000, seed=2, chunk_size=3_000, checkpoint=ck,
            on_chunk=_interrupt_after(5))
    resumed = run(UniformMeanTask(), trials=50_000, seed=2, chunk_size=3_000, checkpoint=ck)
    plain = run(UniformMeanTask(), trials=50_000, seed=2, chunk_size=3_000)
    assert resumed.totals.tobytes() == plain.totals.tobytes()


@pytest.mark.parametrize(("change", "what"), [
    ({"seed": 12}, "seed 11 there vs 12 now"),
    ({"chunk_size": 10_000}, "chunk_size 20000 there vs 10000 now"),
    ({"trials": 999}, "trials 100000 there vs 999 now"),
])
def test_checkpoint_from_other_arguments_is_refused(change: dict, what: str, tmp_path, task53: FreqTask,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: a long one is shortened in the message
    ck = Path("run.ckpt")
    args = {"trials": 100_000, "seed": 11, "chunk_size": 20_000}
    run(task53, checkpoint=ck, **args)
    with pytest.raises(CheckpointError) as err:
        run(task53, checkpoint=ck, **{**args, **change})
    assert str(err.value) == (f"checkpoint {ck} was written by a run with other arguments ({what}); "
                              "use another path or delete it")


def test_checkpoint_of_another_task_or_garbage_is_refused(tmp_path, task53: FreqTask,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: a long one is shortened in the message
    ck = Path("run.ckpt")
    run(task53, trials=1_000, checkpoint=ck)
    other = FreqTask.from_evaluator(Evaluator("joker-wild", "52+2"))
    with pytest.raises(CheckpointError, match=r"task_hash '[0-9a-f]{64}' there vs '[0-9a-f]{64}' now"):
        run(other, trials=1_000, checkpoint=ck)
    ck.write_text("{not json")
    with pytest.raises(CheckpointError, match=r"^checkpoint .*run\.ckpt: unreadable \("):
        run(task53, trials=1_000, checkpoint=ck)


def test_freq_estimates_are_proportions_with_binomial_se(task53: FreqTask) -> None:
    """A frequency estimate is count / trials with SE √(p(1-p)/n), and covers the exact pair share."""
    r = run(task53, trials=100_000, seed=5)
    names = list(r.estimates)
    for i, name in enumerate(names):
        p, se = r.estimates[name]
        assert p == r.totals[i] / r.trials
        assert se == pytest.approx(np.sqrt(p * (1 - p) / r.trials), rel=1e-12)
    p, se = r.estimates["pair"]
    exact = 1_268_088 / comb(53, 5)  # ANCHORS.md, 53 cards
    assert abs(p - exact) <= 3.29 * np.sqrt(exact * (1 - exact) / r.trials)  # false alarm 1e-3


# ---------------------------------------------------------------- xoshiro256** known answers
# The reference implementation's first ten outputs from the state {1, 2, 3, 4} (the vector other
# ports, e.g. Rust's rand_xoshiro, check against xoshiro256starstar.c).
REFERENCE_1234 = [11520, 0, 1509978240, 1215971899390074240, 1216172134540287360, 607988272756665600,
                  16172922978634559625, 8476171486693032832, 10595114339597558777, 2904607092377533576]


def test_xoshiro_reference_vector() -> None:
    from analyzer.kernels.rng import next_u64

    state = np.array([1, 2, 3, 4], np.uint64)
    assert [int(next_u64(state)) for _ in range(10)] == REFERENCE_1234
    py = PyXoshiro([1, 2, 3, 4])
    assert [py.next() for _ in range(10)] == REFERENCE_1234
    assert state.tolist() == py.s  # the state advanced the same way


def test_rng_kernels_match_the_python_reference_on_seeded_states() -> None:
    from analyzer.kernels.rng import bounded, deal, next_u64, seed_words, shuffle, uniform

    for seed in (0, 1, 2**63 + 5):
        words = seed_words(seed)
        assert words.dtype == np.uint64 and words.any()
        assert np.array_equal(words, np.random.SeedSequence(seed).generate_state(4, np.uint64))
        state, py = words.copy(), PyXoshiro([int(w) for w in words])
        assert [int(next_u64(state)) for _ in range(100)] == [py.next() for _ in range(100)]
        assert [float(uniform(state)) for _ in range(50)] == [py.uniform() for _ in range(50)]
        # small, odd, a power of two, and one whose rejection zone is almost half the range
        for n in (1, 3, 52, 64, 2**31 + 1, 2**32 - 1):
            assert [int(bounded(state, n)) for _ in range(40)] == [py.bounded(n) for _ in range(40)]
        pack, ref = np.arange(54, dtype=np.int64), list(range(54))
        deal(state, pack, 5)
        py.deal(ref, 5)
        assert pack.tolist() == ref and sorted(ref) == list(range(54))
        shuffle(state, pack)
        py.deal(ref, 54)
        assert pack.tolist() == ref and sorted(ref) == list(range(54))
        assert state.tolist() == py.s


def test_chunk_state_is_the_seed_sequence_of_seed_and_chunk() -> None:
    """Chunk i of seed s draws from SeedSequence(s, spawn_key=(i,)) whatever the backend."""
    for seed, chunk in ((7, 3), (0, 0), (2**40, 12345)):
        want = np.random.SeedSequence(seed, spawn_key=(chunk,)).generate_state(4, np.uint64)
        assert np.array_equal(chunk_state(seed, chunk), want)
