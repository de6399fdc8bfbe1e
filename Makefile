# joker-odds — every target creates the virtualenv when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup test test-slow lint typecheck report bench clean docs

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev,dask,bench]"
	touch $(STAMP)

lint: setup
	$(BIN)/ruff check analyzer tests benchmarks

typecheck: setup
	$(BIN)/mypy analyzer

test: setup lint typecheck
	$(BIN)/python -m pytest -q -p no:cacheprovider

test-slow: setup
	$(BIN)/python -m pytest -q -m slow -p no:cacheprovider

report: setup
	$(BIN)/joker-odds report --out reports

bench: setup
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache

docs: setup
	$(BIN)/python -m analyzer.cli.helpdoc > docs/cli.md
