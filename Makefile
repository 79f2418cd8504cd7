# designkit: every target works from a fresh clone with Python 3.11 and make.
# The virtualenv is (re)built whenever pyproject.toml changes.
#
#   make test        build .venv if needed, then the whole suite: unit tests, the
#                    notebooks (nbval) and the browser tests (Voila in Chromium)
#   make dashboard   build .venv if needed, then serve the Voila design lab on
#                    http://127.0.0.1:8866 (GAME=crossroads for one game, PORT=... to move)

PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS := test,jupyter,dask,bench,tune

# Folders ruff checks (only those that exist yet).
LINT_PATHS := $(wildcard designkit widgets tests benchmarks scripts)

# The dashboard: `make dashboard` serves the index; `make dashboard GAME=crossroads` one game.
GAME ?=
PORT ?= 8866

# Browser tests: a screenshot and a Playwright trace of every failing test in test-artifacts/.
BROWSER := -m browser tests/browser --screenshot=only-on-failure --tracing=retain-on-failure \
           --output=test-artifacts/playwright

NBVAL := --nbval notebooks/ --nbval-sanitize-with tests/nbval_sanitize.cfg \
         --nbval-cell-timeout=300 -p no:cacheprovider

.PHONY: playthroughs install test test-unit test-notebooks test-browser lint bench bench-dashboard \
        dashboard notebooks chromium clean

# ---- environment -----------------------------------------------------------

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[$(EXTRAS)]'
	# the notebooks' "python3" kernel, run by this venv's Python (nbval, nbconvert, Voila)
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 \
	    --display-name "Python 3 (ipykernel)" >/dev/null
	touch $@

install: $(STAMP)

# Debian's Chromium for the browser tests (installs it when missing, as root).
chromium:
	scripts/ensure_chromium.sh

# ---- checks ----------------------------------------------------------------

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/lint-imports
	$(BIN)/mypy designkit/core

# The whole suite, in three timed parts: unit tests, notebooks, browser tests.
test: $(STAMP) chromium
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/lint-imports
	$(BIN)/mypy designkit/core
	$(BIN)/python -m pytest -m "not browser"
	$(BIN)/python -m pytest $(NBVAL)
	$(BIN)/python -m pytest $(BROWSER)

test-unit: $(STAMP)
	$(BIN)/python -m pytest -m "not browser"

test-notebooks: $(STAMP)
	$(BIN)/python -m pytest $(NBVAL)

test-browser: $(STAMP) chromium
	$(BIN)/python -m pytest $(BROWSER)

# ---- notebooks and the design lab -------------------------------------------

# Re-execute every notebook and store its outputs (no widget state, no timings).
notebooks: $(STAMP)
	$(BIN)/python scripts/run_notebooks.py

# Rewrite tests/playthroughs/ after a deliberate rule or log change (review the diff).
playthroughs: $(STAMP)
	$(BIN)/designkit playthroughs

dashboard: $(STAMP)
	$(BIN)/designkit dashboard $(GAME) --port $(PORT)

# ---- benchmarks ------------------------------------------------------------

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py

bench-dashboard: $(STAMP) chromium
	$(BIN)/python benchmarks/dashboard_responsiveness.py

# ---- housekeeping ----------------------------------------------------------

clean:
	rm -rf $(VENV) test-artifacts
