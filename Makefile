# Two commands set up a fresh machine: `make` builds every game into output/,
# `make test` runs the tests. Both create the virtualenv they need.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready
OUT := output
SOURCES := $(shell find pnp -name '*.py' -o -name '*.ttf') pyproject.toml
GAMES := $(basename $(notdir $(wildcard tilesets/*.yaml)))
MANIFESTS := $(GAMES:%=$(OUT)/%/manifest.json)

.PHONY: all test bench lint check-shape docs proof clean

all: $(MANIFESTS)

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

# One game's outputs depend on its tileset, its rulebook template and the code.
# `pnp build` swaps a game's folder in whole, manifest included, so the
# manifest's time stamp stands for the whole game. It is precious: make must
# never delete it when interrupted, which would break a complete folder.
.PRECIOUS: $(OUT)/%/manifest.json
.SECONDEXPANSION:
$(OUT)/%/manifest.json: tilesets/%.yaml $$(wildcard templates/$$*/*) $(SOURCES) $(READY)
	$(BIN)/pnp build $* --out $(OUT)

test: $(READY) lint check-shape
	$(BIN)/python -m pytest

# The package's shape: one-way layers (import-linter), no function above 15 in
# cyclomatic complexity, and type hints that mypy --strict accepts.
check-shape: $(READY)
	$(BIN)/lint-imports --no-cache
	$(BIN)/python .ci/complexity.py
	$(BIN)/mypy pnp

bench: $(READY)
	$(BIN)/python bench/run.py

# A contact sheet per game and paper (output/proof/*.png): every page of every
# PDF, for looking at a whole game at once before printing it.
proof: all
	$(BIN)/python scripts/proof.py $(OUT) --paper letter
	$(BIN)/python scripts/proof.py $(OUT) --paper a4

# The field tables in docs/ are generated from the schema that reads the files.
docs: $(READY)
	$(BIN)/python scripts/schema_docs.py

lint: $(READY)
	$(BIN)/ruff check --output-format concise pnp tests bench scripts

clean:
	rm -rf $(OUT) .pytest_cache .ruff_cache
