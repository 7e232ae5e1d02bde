"""Fixtures every test module may share.

Building the four shipped games is the costliest thing the tests do, and
several modules read the same default build; it is made once per test run
(once per worker under pytest-xdist) and only read.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from support import ROOT, SHIPPED_GAMES

from pnp.assemble import BuildOptions, build
from pnp.input.tileset import load_tileset

# Every worker points fontconfig at the bundled faces before any test draws text, as
# the pnp command does (pnp.export.raster): which test runs first must not decide
# which fonts a picture's text is set in.
importlib.import_module("pnp.export.raster")


# the headless browser fixture (driver), for the tests that drive a real page
pytest_plugins = ["browser"]


@pytest.fixture(scope="session")
def shipped_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every shipped game built with the default options (Letter and A4, long-edge
    duplex, rulebooks): ``<out>/<game>/``. Tests read it and never write into it."""
    out = tmp_path_factory.mktemp("shipped")
    build([load_tileset(ROOT / "tilesets" / f"{game}.yaml") for game in SHIPPED_GAMES], out,
          BuildOptions())
    return out
