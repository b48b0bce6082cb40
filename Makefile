# Sahrat: `make run` serves the site, `make test` runs every test. Needs only python3.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# `compat` editable mode puts the project root on sys.path, so new apps import without reinstalling.
EDIT   := --config-settings editable_mode=compat
# `make test` spreads tests over one process per core (pytest-xdist, a module at a time, the live
# modules first: tests/conftest.py) and prints the slowest 25; TEST_WORKERS=0 runs them in this
# one process. One more process than cores overloaded a two-core machine and made the browser
# tests flaky without making the run shorter (decision 125).
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(os.cpu_count() or 1)")

.PHONY: run test smoke lint fmt messages clean cluster cluster-stop cluster-restart cluster-status

run: $(VENV)/.stamp-base
	$(BIN)/python manage.py serve

test: $(VENV)/.stamp-dev
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo ""; \
	  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	  echo "!! WARNING: /usr/bin/chromium is missing: the browser tests will be SKIPPED.   !!"; \
	  echo "!! Install it with: apt-get install -y chromium   (CI=true makes this a failure) !!"; \
	  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	  echo ""; \
	fi
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n $(TEST_WORKERS) --durations=25 $(PYTEST_ARGS)

smoke: $(VENV)/.stamp-dev
	$(BIN)/pytest -m smoke $(PYTEST_ARGS)

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

messages: $(VENV)/.stamp-dev
	cd $(CURDIR) && $(BIN)/python manage.py makemessages -l ar -l en --no-obsolete --no-location --ignore=.venv --ignore=games/banakil
	$(BIN)/python manage.py compilemessages --ignore=.venv

# The whole topology on one machine (deploy/, docs/operations.md "The cluster"): HAProxy, 2 daphne,
# 2 Celery workers, beat, PgBouncer, PostgreSQL primary + replica, 3 Redis; data in var/cluster/.
cluster: $(VENV)/.stamp-dev
	$(BIN)/python deploy/local/cluster.py start

cluster-stop: $(VENV)/.stamp-dev
	$(BIN)/python deploy/local/cluster.py stop

# every daphne, then every worker, one at a time (drained in HAProxy first), while tables play
cluster-restart: $(VENV)/.stamp-dev
	$(BIN)/python deploy/local/cluster.py restart

cluster-status: $(VENV)/.stamp-dev
	$(BIN)/python deploy/local/cluster.py status

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip

$(VENV)/.stamp-base: pyproject.toml | $(VENV)/bin/python
	$(PIP) $(EDIT) -e .
	touch $@

$(VENV)/.stamp-dev: pyproject.toml | $(VENV)/bin/python
	$(PIP) $(EDIT) -e '.[dev]'
	touch $@ $(VENV)/.stamp-base

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache
