"""Where the data shipped inside the package lives: games, rulebook templates, fonts.

Read through :mod:`importlib.resources`, so an installed wheel finds its own
copies from any folder. In a checkout, ``pnp/data/tilesets`` and
``pnp/data/templates`` are links to the top-level folders users edit; paths are
resolved so messages and outputs name the real files.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def data_dir(name: str) -> Path:
    """The folder ``pnp/data/<name>`` as a real path (the wheel installs it unzipped)."""
    return Path(str(files("pnp").joinpath("data", name))).resolve()
