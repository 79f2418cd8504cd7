# designkit: every target works from a fresh clone with Python 3.11 and make.
# The virtualenv is (re)built whenever pyproject.toml changes.

PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS := test,jupyter,dask,bench

# Folders ruff checks (only those that exist yet).
LINT_PATHS := $(wildcard designkit widgets tests benchmarks)

.PHONY: install test lint bench clean

# ---- environment -----------------------------------------------------------

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[$(EXTRAS)]'
	touch $@

install: $(STAMP)

# ---- checks ----------------------------------------------------------------

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)

test: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/python -m pytest

# ---- benchmarks ------------------------------------------------------------

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py

# ---- housekeeping ----------------------------------------------------------

clean:
	rm -rf $(VENV)
