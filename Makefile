# The two set-up commands of the README: `make app` and `make test`. Both create .venv and
# install what they need first, so a fresh clone needs nothing but Python 3.11 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
CLASSROOM ?=
# JupyterHub (make hub, docs/jupyterhub.md); its proxy comes from npm into .venv/node_modules
HUB_PORT ?= 8000
CHP_VERSION := 5.3.0
CHP := $(VENV)/node_modules/.bin/configurable-http-proxy
# Run as a script, so it imports nothing of batak_core, least of all the build it replaces.
ENSURE_ENGINE := $(BIN)/python batak_core/ai/compiled.py ensure
NPM := $(shell command -v npm 2>/dev/null)

.PHONY: app test lint typecheck bench engine catalogs messages clean site site-serve

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[compile]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@ $(VENV)/.app-installed $(VENV)/.site-installed

# The engine and the solver compiled with mypyc, and the native exact solver (exact.c) with the C
# compiler, where a C compiler and the Python headers exist (batak_core/ai/compiled.py); skipped
# while current; without a compiler one line says the pure Python engine runs. A failed build fails `make test`; `make app` then runs pure Python.
engine: $(VENV)/.app-installed
	$(ENSURE_ENGINE)

# The Turkish and German catalogs (batak_core/locale, docs/translating.md) compiled to .mo; `messages`
# extracts the course's messages from the code again and merges them into both catalogs.
catalogs: $(VENV)/.app-installed
	$(BIN)/pybabel compile --domain batak --directory batak_core/locale --statistics

messages: $(VENV)/.app-installed
	$(BIN)/pybabel --quiet extract --mapping-file babel.cfg --add-comments Translators: --sort-by-file --width 120 \
		--project batak-tutor --version 0.1.0 --copyright-holder "batak-tutor" --output-file batak_core/locale/batak.pot .
	$(BIN)/pybabel --quiet update --domain batak --input-file batak_core/locale/batak.pot --output-dir batak_core/locale \
		--width 120 --no-fuzzy-matching --ignore-obsolete

app: $(VENV)/.app-installed catalogs
	-$(ENSURE_ENGINE)
	$(BIN)/python lessons/serve.py --port $(PORT) $(if $(CLASSROOM),--classroom)

# The browser edition: the whole course as a static web app in site/ (lessons/browser/build.py,
# docs/browser-edition.md); Pyodide comes from the npm registry. site-serve serves it on 127.0.0.1.
SITE_PORT ?= 8870

$(VENV)/.site-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[site]'
	touch $@ $(VENV)/.app-installed

site: $(VENV)/.site-installed
	$(BIN)/python lessons/browser/build.py --output site

site-serve: site
	$(BIN)/python -m http.server $(SITE_PORT) --bind 127.0.0.1 --directory site

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy --strict batak_core widgets
	$(BIN)/mypy --strict --explicit-package-bases lessons/serve.py lessons/app lessons/browser/build.py

# Unit, property, widget and bot tests (and the README's examples) on both cores; then every
# lesson notebook top to bottom (nbval), also on both cores, each notebook's cells in one kernel
# (--dist loadfile), the kernels on Unix sockets of their own (lessons/conftest.py: over TCP two
# workers' kernels could race for a port, as CI once saw); then the real-browser tests, one app at
# a time. (Tried twice on both cores, the browser edition's beside the app's: 12 minutes instead
# of 17, but beside the browser edition's Pyodide pages an app page ran past miniokey's 30 s move
# clock, once in a deal and once in test_layout's clock test.)
test: lint typecheck engine catalogs $(if $(NPM),$(CHP))  # without npm the hub test says so and is skipped
	$(BIN)/python -m pytest -n 2 -m "not browser"
	$(BIN)/python -m pytest --nbval-lax --nbval-kernel-startup-timeout 180 lessons -p no:cacheprovider -n 2 --dist loadfile
	$(BIN)/python -m pytest -m browser tests/browser --durations=15  # the slowest, for the CI time

bench: $(VENV)/.test-installed engine
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/app.py
	$(BIN)/python benchmarks/quiz.py
	$(BIN)/python benchmarks/sampling.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build site
	rm -f batak_core/*.so batak_core/ai/*.so batak_core/compiled-from.json

# The course for many users: JupyterHub on 127.0.0.1:$(HUB_PORT) with a shared demo password and a
# course server per user (jupyterhub_config.py). The proxy is installed into .venv, never globally.
.PHONY: hub hub-proxy

$(CHP): | $(BIN)/python
	npm install --prefix $(VENV) --no-save --no-audit --no-fund --loglevel=error configurable-http-proxy@$(CHP_VERSION)

hub-proxy: $(CHP)

$(VENV)/.hub-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[hub]'
	touch $@ $(VENV)/.app-installed

hub: $(VENV)/.hub-installed $(CHP)
	$(BIN)/jupyterhub -f jupyterhub_config.py --JupyterHub.bind_url=http://127.0.0.1:$(HUB_PORT)
