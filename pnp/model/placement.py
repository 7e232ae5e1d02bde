"""A tile laid on a board: which kind, on which cell, turned how far.

One small value wherever a layout names its tiles (rulebook diagrams today),
so a cell never travels without its rotation, nor a rotation without its kind.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]  # (x, y) on a square board, axial (q, r) on a hex one


@dataclass(frozen=True)
class TilePlacement:
    """One tile kind on one cell, turned clockwise by ``rotation`` edge steps."""

    kind: str
    cell: Cell
    rotation: int = 0
