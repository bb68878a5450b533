# The two set-up commands of the README: `make app` and `make test`. Both create .venv and
# install what they need first, so a fresh clone needs nothing but Python 3.11 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: app test lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@ $(VENV)/.app-installed

app: $(VENV)/.app-installed
	$(BIN)/batak lab

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy --strict batak_core

test: lint typecheck
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.test-installed
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
