# The commands the README names. `make run` and `make test` do all the set-up themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: run test test-long lint bench mutation docs clean system-deps constraints catalogs fast

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# constraints.txt pins every dependency at the versions the suite last passed with (so a new
# release of a linter or a framework cannot fail CI overnight); refresh it on purpose with
# `make constraints` and run `make test`.
$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/pip install -q -c constraints.txt -e '.[server,dev,rl,cluster]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/majiang serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/mypy

# Debian packages the tests drive: PostgreSQL (the second database backend), Redis (several
# instances: docs/deploy.md) and Chromium (the browser tests, through Playwright). Installed
# only when missing.
system-deps:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

test: system-deps lint
	$(BIN)/pytest -m "not long"

# the core's tests run on the compiled build too (make fast): the decisions' hash, the
# conformance games, the engine's scenarios and the hand analysis must not change
CORE_TESTS := tests/test_decisions_hash.py tests/test_conformance.py tests/test_shanten.py \
	tests/test_decompose.py tests/test_tiles.py tests/test_engine_*.py
test-long: system-deps $(STAMP) fast
	$(BIN)/pytest -m long
	PYTHONPATH=build/compiled $(BIN)/python -c 'import importlib; \
		assert not importlib.import_module("majiang.shanten").__file__.endswith(".py")'
	PYTHONPATH=build/compiled $(BIN)/pytest -p no:randomly $(CORE_TESTS)

# the optional compiled build: setup.py's core modules compiled by mypyc from the same source,
# into build/compiled (import it with PYTHONPATH=build/compiled; bench/simulate.py prints its
# figure beside). Pure Python stays the default everywhere else. Slow: minutes of C compiling.
fast: $(STAMP)
	rm -rf build/compiled build/fast
	mkdir -p build/fast
	cp -r setup.py pyproject.toml README.md src build/fast/
	cd build/fast && MAJIANG_COMPILE=1 ../../$(BIN)/python setup.py -q build_ext --inplace
	mv build/fast/src build/compiled

# the language catalogs after a string was added, changed or removed (docs/i18n.md): new
# messages go into every src/majiang/i18n/catalogs/*.po untranslated, unused ones leave
catalogs: $(STAMP)
	$(BIN)/python tools/i18n.py update
	$(BIN)/python tools/i18n.py check || true

# the benchmarks' peers (pyproject's `bench` extra) on top of the test environment
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install -q -c constraints.txt -e '.[server,dev,rl,cluster,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python bench/shanten.py
	$(BIN)/python bench/score.py --clock cpu
	$(BIN)/python bench/simulate.py
	$(BIN)/python bench/env.py

# mutation testing of the core with mutmut (tools/mutation.py, docs/testing.md): fails when a
# mutant of MODULES survives that tools/mutation-equivalents.toml does not list as equivalent
MODULES ?= src/majiang/engine/legal.py src/majiang/engine/claims.py \
	src/majiang/rules/riichi/game.py src/majiang/rules/sichuan/game.py
JOBS ?= 2
mutation: $(STAMP)
	$(BIN)/python tools/mutation.py --jobs $(JOBS) $(MODULES)

# the documentation site with the API reference generated from the docstrings (mkdocs.yml),
# built into site/ with warnings as errors; open site/index.html
docs: $(STAMP)
	$(BIN)/mkdocs build --strict

constraints: $(BIN)/python
	$(BIN)/pip install -q --upgrade -e '.[server,dev,rl,cluster,bench]'
	$(BIN)/pip freeze --exclude-editable > constraints.txt

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache mutants site
