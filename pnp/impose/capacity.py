"""How many sheets a tile mix takes on each paper: a finding the validator prints."""

from __future__ import annotations

import math

from pnp.impose.layout import grid_for
from pnp.model.paper import HOME
from pnp.model.tileset import Tileset
from pnp.rules import Finding


def capacity(tileset: Tileset) -> list[Finding]:
    """How many sheets the tiles take on each paper (informational)."""
    width, height = tileset.shape.box(tileset.size)
    parts = []
    for paper in HOME:
        grid = grid_for(paper, width, height, 0.0, str(tileset.source),
                        tileset.shape.lattice)
        sheets = math.ceil(tileset.tile_count / grid.capacity) if tileset.tile_count else 0
        parts.append(f"{sheets} {paper.title} sheet{'s' if sheets != 1 else ''} "
                     f"of {grid.capacity}")
    return [Finding("info", "sheet-capacity",
                    f"{tileset.tile_count} tiles print on " + " or ".join(parts) + ".")]
