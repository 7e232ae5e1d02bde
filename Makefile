# Two commands set up a fresh machine: `make` builds every game into output/,
# `make test` runs the tests. Both create the virtualenv they need.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready
OUT := output
SOURCES := $(shell find pnp -name '*.py' -o -name '*.ttf') pyproject.toml
# Every tileset file in tilesets/ whose name is plain (letters, digits and
# . _ + -): the game id inside may differ from the file's name, so each file
# gets a stamp of its own (output/.made/<file name>.stamp, its make rule beside
# it as .stamp.d: no stamp can be taken for another file's rule) rather than a
# target named after its game. A name make or the shell would read as syntax is never given
# to either: the script leaves it out and says how to build it by hand.
TILESET_FILES := $(shell $(PYTHON) scripts/make_tilesets.py tilesets \
                   $(if $(filter-out all,$(MAKECMDGOALS)),--quiet))
STAMPS := $(TILESET_FILES:tilesets/%.yaml=$(OUT)/.made/%.stamp)

.PHONY: all test test-slow bench versus lint check-shape docs proof preflight clean

all: $(STAMPS)

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

# A tileset's outputs depend on the code and on every file its build reads.
# The first build of a file knows only the file and a template folder of the
# same name (the folder, not its files, whose names may be anything: a file
# added or removed there changes the folder); each build then writes, beside its stamp, a make rule naming
# everything it read (art, the rulebook template, a mix's base), which the
# next make includes. `pnp build` swaps each game's folder in whole, and the
# stamp is touched only after it did, so an interrupted make builds again.
-include $(wildcard $(OUT)/.made/*.d)
.SECONDEXPANSION:
$(OUT)/.made/%.stamp: tilesets/%.yaml $$(wildcard templates/$$*) $(SOURCES) $(READY)
	@mkdir -p $(@D)
	$(BIN)/pnp build '$<' --out $(OUT) --depfile '$@.d'
	touch '$@'

# The tests on both cores, a test at a time to whichever is free. The few that
# take over three seconds alone (marked slow: several whole builds, make runs)
# and the studio's browser tests (marked browser: they start Chromium) run in
# test-slow, which CI runs too.
#
# Bytecode is written even where the shell says not to (PYTHONDONTWRITEBYTECODE, as
# some CI images set): the suite runs pnp as a command hundreds of times, and each
# run would compile the package from source again, as would each worker's rewrite
# of every test module's asserts; that cost a fifth of the suite's time.
TESTING := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n 2 --dist worksteal

test: $(READY) lint check-shape
	$(TESTING) -m "not slow and not browser"

test-slow: $(READY)
	$(TESTING) -m "slow or browser"

# The package's shape: one-way layers (import-linter), no function above 15 in
# cyclomatic complexity, type hints that mypy --strict accepts, and no code nothing
# uses (vulture; .ci/vulture_allowed.py lists what frameworks call by name).
check-shape: $(READY)
	$(BIN)/lint-imports --no-cache
	$(BIN)/python .ci/complexity.py
	$(BIN)/mypy pnp
	$(BIN)/vulture pnp bench .ci/vulture_allowed.py --min-confidence 60

bench: $(READY)
	$(BIN)/python bench/run.py

# This checkout's build of every game against an older commit's, in turns
# (targets such as "half of today's time" name a commit): make versus REV=81e6946
versus: $(READY)
	$(BIN)/python bench/versus.py $(REV)

# A contact sheet per game and paper (output/proof/*.png): every page of every
# PDF, for looking at a whole game at once before printing it.
proof: all
	$(BIN)/python scripts/proof.py $(OUT) --paper letter
	$(BIN)/python scripts/proof.py $(OUT) --paper a4

# Every game built for the PDF print shops (generic PDF/X-4, DriveThruCards' PDF/X-1a)
# and checked as a shop's preflight would: structure by pypdf, ink by Ghostscript's
# separations (needs gs: apt-get install ghostscript).
PREFLIGHT := $(OUT)/preflight
preflight: $(READY)
	rm -rf $(PREFLIGHT)
	for shop in generic drivethrucards; do \
		$(BIN)/pnp build --print-shop $$shop --no-rulebook -q --out $(PREFLIGHT)/$$shop || exit 1; \
	done
	$(BIN)/python scripts/preflight.py $(PREFLIGHT)

# The field tables in docs/ are generated from the schema that reads the files.
docs: $(READY)
	$(BIN)/python scripts/schema_docs.py

lint: $(READY)
	$(BIN)/ruff check --output-format concise pnp tests bench scripts

clean:
	rm -rf $(OUT) .pytest_cache .ruff_cache
