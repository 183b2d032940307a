# The commands the README names. `make run` and `make test` do all the set-up themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-long lint bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.[server,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/majiang serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -m "not long"

test-long: $(STAMP)
	$(BIN)/pytest -m long

bench: $(STAMP)
	$(BIN)/python bench/shanten.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
