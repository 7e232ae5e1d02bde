"""Where the data shipped inside the package lives: games, rulebook templates, fonts.

Read through :mod:`importlib.resources`, so an installed wheel finds its own
copies from any folder. A package installed as plain files (every wheel
install, and a checkout) has them beside its modules: that case is answered
without importing importlib.resources, a twentieth of a validate run. In a
checkout, ``pnp/data/tilesets`` and ``pnp/data/templates`` are links to the
top-level folders users edit; paths are resolved so messages and outputs name
the real files.
"""

from __future__ import annotations

from pathlib import Path


def data_dir(name: str) -> Path:
    """The folder ``pnp/data/<name>`` as a real path (the wheel installs it unzipped)."""
    beside = Path(__file__).parent / "data" / name
    if beside.is_dir():
        return beside.resolve()
    from importlib.resources import files  # a package loaded some other way (a zip)

    return Path(str(files("pnp").joinpath("data", name))).resolve()
