# Annals — `make run` serves the API on an embedded SQLite file; `make test` is the release gate.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 5000

.PHONY: install run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/annals db upgrade
	$(BIN)/annals token bootstrap
	$(BIN)/annals samples load
	PORT=$(PORT) $(BIN)/annals serve

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest --cov --cov-report=term:skip-covered

test: lint typecheck unit

bench: install
	$(BIN)/python -m tests.bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage
