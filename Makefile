# designkit: every target works from a fresh clone with Python 3.11 and make.
# The virtualenv is installed from the committed lock (uv.lock) and re-synced whenever
# uv.lock, pyproject.toml or setup.py changes; installing never resolves version ranges.
#
#   make test        build .venv if needed, then the whole suite: unit tests (on both
#                    cores), the notebooks (nbval) and the browser tests (Voila in Chromium)
#   make dashboard   build .venv if needed, then serve the Voila design lab on
#                    http://127.0.0.1:8866 (GAME=crossroads for one game, PORT=... to move)
#   make lock        re-resolve every dependency to its newest allowed version (uv.lock)
#                    and regenerate binder/requirements.txt from it; review and commit both

PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# uv, bootstrapped into its own small venv at the one version pyproject.toml requires
# ([tool.uv] required-version), so nothing depends on whichever uv a machine happens to have.
UV_VERSION := $(shell sed -n 's/^required-version = "==\(.*\)"$$/\1/p' pyproject.toml)
TOOLS := .venv-tools
UV := $(TOOLS)/bin/uv
UV_STAMP := $(TOOLS)/.uv-$(UV_VERSION)
# uv uses the machine's Python 3.11 and never downloads one; .venv is the project environment.
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(CURDIR)/$(VENV)
# Every extra: tests, Jupyter, Dask, benchmarks, tuning. --compile-bytecode: the packages'
# .pyc files are written once, at install. Python writes them lazily otherwise, which never
# happens where PYTHONDONTWRITEBYTECODE is set (this machine, and CI's image): then every
# process (test workers, Voila and nbval kernels, CLI runs) compiled pandas, plotly and
# Jupyter from source again; `import pandas` took 2.9 s instead of 1.0 s.
SYNC := $(UV) sync --frozen --all-extras --compile-bytecode --python $(PY)

# The unit tests run on both cores, one test module per worker at a time (--dist loadfile):
# a module's expensive module-scoped fixtures (a Dask LocalCluster, simulated result sets)
# start once, not once per worker. (--dist loadgroup would be finer, but it silently stops
# grouping with pytest 9.2: pytest-dev/pytest-xdist#1386.)
XDIST := -n 2 --dist loadfile

# Folders ruff checks (only those that exist yet).
LINT_PATHS := $(wildcard designkit widgets tests benchmarks scripts)

# The dashboard: `make dashboard` serves the index; `make dashboard GAME=crossroads` one game.
GAME ?=
PORT ?= 8866

# Browser tests: a screenshot and a Playwright trace of every failing test in test-artifacts/.
BROWSER := -m browser tests/browser --screenshot=only-on-failure --tracing=retain-on-failure \
           --output=test-artifacts/playwright

# The notebooks on both cores too, each notebook whole on one worker (its cells share a
# kernel and run in order): 240 s -> 141 s on a fresh clone. The questions notebooks' cure
# comparisons play DESIGNKIT_NB_GAMES paired games per variant under test (their stored
# outputs come from the full run of `make notebooks`; those cells are NBVAL_IGNORE_OUTPUT).
NB_TEST_ENV := DESIGNKIT_NB_GAMES=12
NBVAL := --nbval notebooks/ --nbval-sanitize-with tests/nbval_sanitize.cfg \
         --nbval-cell-timeout=300 -p no:cacheprovider $(XDIST)

.PHONY: playthroughs install tools lock binder-lock test test-unit test-notebooks test-browser lint bench bench-dashboard \
        dashboard notebooks chromium poppler clean

# ---- environment -----------------------------------------------------------

$(UV_STAMP):
	@test -n "$(UV_VERSION)" || { echo "pyproject.toml: [tool.uv] required-version = \"==X.Y.Z\" is missing" >&2; exit 1; }
	@$(PY) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null || \
	    { echo "designkit needs Python 3.11 (found: $(PY)); set PY=/path/to/python3.11" >&2; exit 1; }
	test -x $(TOOLS)/bin/python || $(PY) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install -q --disable-pip-version-check "uv==$(UV_VERSION)"
	rm -f $(TOOLS)/.uv-*
	touch $@

tools: $(UV_STAMP)

# Exactly the versions in uv.lock: --frozen installs the lock as it is, without resolving.
$(STAMP): uv.lock pyproject.toml setup.py $(UV_STAMP)
	$(SYNC)
	# designkit's own modules too (kept in the checkout, so uv leaves them to Python)
	$(BIN)/python -m compileall -q -j 0 designkit widgets
	# the notebooks' "python3" kernel, run by this venv's Python (nbval, nbconvert, Voila)
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 \
	    --display-name "Python 3 (ipykernel)" >/dev/null
	touch $@

install: $(STAMP)

# The only step that resolves: newest allowed versions of everything, then Binder's pins.
lock: $(UV_STAMP)
	$(UV) lock --upgrade --python $(PY)
	$(MAKE) --no-print-directory binder-lock

# binder/requirements.txt, generated from uv.lock (never edit it by hand).
binder-lock: $(UV_STAMP)
	$(TOOLS)/bin/python scripts/binder_requirements.py --uv $(UV)

# Debian's Chromium for the browser tests (installs it when missing, as root).
chromium:
	scripts/ensure_chromium.sh

# poppler's pdftoppm: the print-and-play tests look at the PDFs as images (installs it, as root).
poppler:
	scripts/ensure_poppler.sh

# ---- checks ----------------------------------------------------------------

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/lint-imports
	$(BIN)/mypy designkit widgets

# The whole suite, in three timed parts: unit tests, notebooks, browser tests.
test: $(STAMP) chromium poppler
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/lint-imports
	$(BIN)/mypy designkit widgets
	$(BIN)/python -m pytest -m "not browser" $(XDIST)
	$(NB_TEST_ENV) $(BIN)/python -m pytest $(NBVAL)
	$(BIN)/python -m pytest $(BROWSER)

test-unit: $(STAMP) poppler
	$(BIN)/python -m pytest -m "not browser" $(XDIST)

test-notebooks: $(STAMP)
	$(NB_TEST_ENV) $(BIN)/python -m pytest $(NBVAL)

test-browser: $(STAMP) chromium
	$(BIN)/python -m pytest $(BROWSER)

# `make test` with a CPU hog on every core beside it: the README's CI figures (issue 40).
.PHONY: stress-test
stress-test: $(STAMP) chromium
	scripts/stress_ci.sh

# ---- notebooks and the design lab -------------------------------------------

# Re-execute every notebook and store its outputs (no widget state, no timings). The questions
# notebooks are first written again from data/<game>/questions.yaml (one cell per doubt), so a
# doubt or question added there gets its cell.
notebooks: $(STAMP)
	$(BIN)/python scripts/build_question_notebooks.py
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
	rm -rf $(VENV) $(TOOLS) test-artifacts
