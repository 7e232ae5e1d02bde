"""A tile laid on a board: which kind, on which cell, turned how far.

One small value wherever a layout names its tiles (rulebook diagrams today),
so a cell never travels without its rotation, nor a rotation without its kind.
"""

from __future__ import annotations

import msgspec

from pnp.geometry.cells import Cell


class TilePlacement(msgspec.Struct, frozen=True):
    """One tile kind on one cell, turned clockwise by ``rotation`` edge steps."""

    kind: str
    cell: Cell
    rotation: int = 0
