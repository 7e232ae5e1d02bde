"""Lattices: how equal pieces tile a plane, and hex-hex boards as sets of axial cells.

A sheet of tiles, a board and a rulebook cover all lay copies of one piece in
rows and columns; a :class:`Lattice` is the one place that knows how far apart
those copies sit and which rows or columns are pushed half a step along, so
the three cannot drift apart.
"""

from __future__ import annotations

import math

import msgspec

# Outer size (trim plus bleed) and the step between neighbours, both as x, y.
Pitches = tuple[float, float, float, float]


class Lattice(msgspec.Struct, frozen=True):
    """Equal pieces in rows and columns: a plain grid or a honeycomb.

    A honeycomb in rows holds pointy-top hexes, odd rows moved right by half a
    column pitch; a honeycomb in columns holds flat-top hexes, odd columns
    moved down by half a row pitch. Interlocking rows (or columns) overlap by a
    quarter of a hex, so every edge is shared and each cut serves two pieces.
    """

    name: str
    shift_rows: bool = False
    shift_columns: bool = False

    @property
    def honeycomb(self) -> bool:
        """Whether neighbours interlock (and so no straight cut crosses the block)."""
        return self.shift_rows or self.shift_columns

    def pitches(self, width: float, height: float, bleed: float) -> Pitches:
        """Outer size of a piece ``width`` x ``height`` grown by ``bleed``, and the pitches.

        A hex grown by ``bleed`` across its flats grows by 2 bleed / sqrt 3 from
        corner to corner, and interlocking hexes sit three quarters of that
        corner-to-corner height apart.
        """
        if not self.honeycomb:
            outer_w, outer_h = width + 2 * bleed, height + 2 * bleed
            return outer_w, outer_h, outer_w, outer_h
        grow = 2 * bleed / math.sqrt(3)
        if self.shift_rows:
            outer_w, outer_h = width + 2 * bleed, height + 2 * grow
            return outer_w, outer_h, outer_w, outer_h * 0.75
        outer_w, outer_h = width + 2 * grow, height + 2 * bleed
        return outer_w, outer_h, outer_w * 0.75, outer_h

    def shift(self, pitch_x: float, pitch_y: float) -> tuple[float, float]:
        """How far the shifted rows (x) or columns (y) move: the extra room a block needs."""
        return (pitch_x / 2 if self.shift_rows else 0.0,
                pitch_y / 2 if self.shift_columns else 0.0)

    def stagger(self, row: int, column: int, pitch_x: float,
                pitch_y: float) -> tuple[float, float]:
        """The half-pitch shift of cell (row, column) alone: zero unless its row or column is odd.

        Kept apart from :meth:`offset` so callers can add it last, which keeps
        their arithmetic (and so every printed coordinate) as it always was.
        """
        shift_x, shift_y = self.shift(pitch_x, pitch_y)
        return (shift_x if row % 2 else 0.0, shift_y if column % 2 else 0.0)

    def offset(self, row: int, column: int, pitch_x: float,
               pitch_y: float) -> tuple[float, float]:
        """Where cell (row, column) sits from cell (0, 0): x rightward, y downward."""
        dx, dy = self.stagger(row, column, pitch_x, pitch_y)
        return column * pitch_x + dx, row * pitch_y + dy


SQUARE_GRID = Lattice("grid")
HONEYCOMB_ROWS = Lattice("honeycomb-rows", shift_rows=True)
HONEYCOMB_COLUMNS = Lattice("honeycomb-columns", shift_columns=True)


def hexagon_cells(side: int) -> list[tuple[int, int]]:
    """Axial cells of a hex-hex board with ``side`` spaces per edge, row by row."""
    radius = side - 1
    return [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
            if max(abs(q), abs(r), abs(q + r)) <= radius]


def ring_distance(cell: tuple[int, int]) -> int:
    """Steps from the centre: the board of side n holds the cells closer than n."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))
