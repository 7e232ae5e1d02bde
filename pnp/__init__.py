"""pnp: print-and-play tunnel tiles from declarative tilesets.

The package reads one declarative file per game, draws every tile design once,
and imposes the designs onto exact, vector, duplex-ready PDF sheets.
"""

__version__ = "0.1.0"
