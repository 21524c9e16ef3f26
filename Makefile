# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck pytest differential differential-jax bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The compiled modules, as setup.py lists them: a change to one rebuilds the kernel.
KERNEL := $(shell sed -n 's/^ *"\(src\/.*\.py\)",$$/\1/p' setup.py)

$(STAMP): pyproject.toml setup.py $(KERNEL) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,ray,jax]'
	touch $(STAMP)

PORT ?= 8000

## Serve the web app at http://127.0.0.1:$(PORT) (SQLite under ./data/): play in the browser.
## Another port: make run PORT=8080.
run: $(STAMP)
	$(BIN)/nilegames serve --port $(PORT)

## Play NILE in the terminal instead: you against two bots (ISMCTS, medium strength).
play: $(STAMP)
	$(BIN)/nilegames play nile --players 3 --you 0 --bot medium

## Lint, type-check and run every test.
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 -q

## Every recorded seeded random game of every game and player count, not only the first
## ones `make test` plays (tests/differential.py; about half an hour on one core).
differential: $(STAMP)
	NILEGAMES_DIFFERENTIAL_GAMES=1000 $(BIN)/pytest -n 2 -q tests/test_differential.py

## The JAX engine against the reference engine, 10,000 games each way over its
## configurations (tests/jax_nile_helpers.py; `make test` plays 20 per configuration).
differential-jax: $(STAMP)
	$(BIN)/python -m tests.jax_nile_helpers --games 10000

## The README's and docs' pictures: each game's table, result and replay at 1280 and 390
## pixels wide, into docs/screenshots/ (needs Debian's chromium).
screenshots: $(STAMP)
	$(BIN)/python -m tests.screenshots

## Speed beside peers measured in the same run, as ratios: engines, PettingZoo envs, search;
## then simulations: games/s per game, and Ray against local processes.
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/speed.py
	$(BIN)/python benchmarks/engines.py
	$(BIN)/python benchmarks/envs.py
	$(BIN)/python benchmarks/search.py speed
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/simulate.py
	$(BIN)/python benchmarks/jax_nile.py

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache
	find src -name '*.so' -delete
