# joker-odds — every target creates the virtualenv when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: setup dev test test-slow coverage lint typecheck report bench clean docs

# setup: the package and what it needs at run time (all `make report` installs); dev: setup plus
# the test, lint, Dask and benchmark tools (every other target).
setup: $(STAMP)
dev: $(DEV_STAMP)

# After installing, compile every command's kernels (numba's disk cache, one folder per version of
# the sources: the tests, the report and the CLI then start warm); WARMUP=0 skips it.
WARMUP ?= 1

# --no-compile: pip does not byte-compile every installed module (22.6 of 48.7 CPU-s of installing the
# dev set, measured); Python compiles the ones a process imports, once, on first import (about 4 CPU-s
# for what the tests import).
PIP_INSTALL := $(BIN)/python -m pip install -q --no-compile
# ... but where PYTHONDONTWRITEBYTECODE is set (these machines set it) Python never writes what it
# compiles, and every process compiles numba, numpy, matplotlib and analyzer from source again: a
# study 2 CPU-s more (durak alone: 18.3 -> 16.3 CPU-s with the .pyc written, measured). compileall
# writes them whatever that variable says, once: not the packages' own test folders, which no
# process here imports, nor mypy's sources (it runs its compiled modules): 32 -> 19 CPU-s for the
# dev set and analyzer/ (measured, same -j).
COMPILE_PYC := $(BIN)/python -m compileall -q -j 0 -x '/tests?/|/site-packages/mypyc?/' analyzer \
	"$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" >/dev/null

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(PIP_INSTALL) -e .
	if [ -n "$$PYTHONDONTWRITEBYTECODE" ]; then $(COMPILE_PYC); fi
	if [ "$(WARMUP)" != 0 ]; then $(BIN)/joker-odds warmup; fi
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	$(PIP_INSTALL) -e ".[dev,dask,bench]"
	if [ -n "$$PYTHONDONTWRITEBYTECODE" ]; then $(COMPILE_PYC); fi
	touch $(DEV_STAMP)

lint: dev
	$(BIN)/ruff check analyzer tests benchmarks

typecheck: dev
	$(BIN)/mypy analyzer

# The tests run on every core (pytest-xdist; TEST_JOBS=0 runs them in this process); the 15
# slowest are listed at the end. JOKER_ODDS_TEST_CACHE=fresh: a cold run in empty caches.
# --dist loadfile: a file's tests stay in one worker, so a kernel only its tests call (a twin the
# warm-up does not build) is compiled once, not by two workers at once (a cold suite: 484 -> 470
# CPU-s, the same wall time, in one paired run).
TEST_JOBS ?= auto
test: dev lint typecheck
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(TEST_JOBS) --maxprocesses 4 --dist loadfile --durations=15

test-slow: dev
	$(BIN)/python -m pytest -q -m slow -p no:cacheprovider

# Coverage of analyzer/ in two passes, combined: the default suite with the kernels compiled (all
# the Python around them), then, with NUMBA_DISABLE_JIT=1, the tests that drive the kernels on
# small inputs, so the kernels' own lines run as Python and are counted.
COVERAGE_NOJIT_TESTS := tests/test_engine.py tests/test_calling.py tests/test_evaluator_examples.py
COVERAGE_NOJIT_SELECT := xoshiro or rng_kernels or chunk_state or kernel_matches_plain_python or test_evaluator_examples

coverage: dev
	rm -f .coverage .coverage.*
	$(BIN)/python -m coverage run -m pytest -q -p no:cacheprovider
	NUMBA_DISABLE_JIT=1 $(BIN)/python -m coverage run -m pytest -q -p no:cacheprovider \
		-k "$(COVERAGE_NOJIT_SELECT)" $(COVERAGE_NOJIT_TESTS)
	$(BIN)/python -m coverage combine -q
	$(BIN)/python -m coverage report --sort=cover

report: setup
	$(BIN)/joker-odds report --out reports

bench: dev
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .coverage .coverage.* htmlcov

docs: setup
	$(BIN)/python -m analyzer.cli.helpdoc > docs/cli.md
	$(BIN)/python -m analyzer.examples.formats > docs/formats.md
	$(BIN)/python -m analyzer.cli.apimap > docs/api.md
