"""Where a diagram's pawns stand: on a path of the tile under them, checked as the
template is read.

A pawn on rock or across a wall would teach a rule that does not exist, so
every pawn is checked against the floor of the tile under it
(:mod:`pnp.model.ground`), and a pawn given as a whole square is put on its
tile's path for the template's author.
"""

from __future__ import annotations

import math

from pnp.geometry.points import Point
from pnp.geometry.shapes import Shape
from pnp.input.schema import Items, Node
from pnp.model.ground import PAWN_RATIO, ground
from pnp.model.placement import TilePlacement
from pnp.model.tileset import TileKind

Pawn = tuple[Point, str, str]  # where, colour, label


def stand_pawns(pawns: Items, tiles: tuple[TilePlacement, ...], kinds: tuple[TileKind, ...],
           shape: Shape, face_down: tuple[tuple[int, int], ...]) -> tuple[Pawn, ...]:
    """Every pawn where it stands; two on one spot would hide each other, so that is a mistake."""
    placed: list[Pawn] = []
    standing = tuple(tile for tile in tiles if tile.cell not in face_down)
    for pawn in pawns:
        where = _stand(pawn, standing, kinds, shape)
        spot = _board_point(shape, where)
        if any(math.dist(spot, _board_point(shape, other[0])) < 2 * PAWN_RATIO
               for other in placed):
            pawn.fail("at", "two pawns on one spot hide each other", _show(where),
                      "a point at least a pawn's width from every other pawn")
        placed.append((where, pawn["colour"], pawn["label"]))
    return tuple(placed)


def _stand(pawn: Node, tiles: tuple[TilePlacement, ...], kinds: tuple[TileKind, ...],
           shape: Shape) -> Point:
    """Where ``pawn`` stands on the board; a pawn off every path is reported.

    A pawn given as a whole square stands where that tile's path is: its
    centre, or the nearest point of its first path when the centre is rock
    (two curves back to back). A pawn given a point must be on a path.
    """
    point: Point = pawn["at"]
    cell = square_of(shape, point)
    placed = next((tile for tile in tiles if tile.cell == cell), None)
    if placed is None:
        pawn.fail("at", "a pawn stands on a tile, and this square has none", _show(point),
                  "a square the diagram puts a tile on")
        return point
    kind = next(kind for kind in kinds if kind.name == placed.kind)
    floor = ground(shape, kind, placed.rotation)
    centre = _board_point(shape, cell)
    here = _board_point(shape, point)
    offset = (here[0] - centre[0], here[1] - centre[1])
    if point == cell:  # (1.0, 0.0) == (1, 0): a whole square, however it was written
        spot = floor.spot()
        if spot is not None:
            return _add(cell, _board_offset(shape, spot))
    elif floor.allows(offset):
        return point
    found = f"{_show(point)}: rock or wall of '{kind.name}' (turn {placed.rotation})" \
        if floor.floors or floor.open_face else f"{_show(point)}: '{kind.name}' has no paths"
    spot = floor.nearest(offset)
    allowed = f"a point {floor.describe()}" + (
        f", such as {_show(_add(cell, _board_offset(shape, spot)))}" if spot else "")
    pawn.fail("at", "a pawn must stand on a path of its tile", found, allowed)
    return point


def _board_point(shape: Shape, point: Point) -> Point:
    """A board position in tile sizes (y down): squares by (x, y), hexes by axial (q, r).

    The shape's cell arithmetic is linear, so it serves points between cells too.
    """
    return shape.cell_centre(point, 1.0)


def _board_offset(shape: Shape, offset: Point) -> Point:
    """The board coordinates (in cells) of an offset given in tile sizes: the inverse
    of :func:`_board_point`, solved from where the shape puts its two unit cells."""
    (ax, ay), (bx, by) = shape.cell_centre((1, 0), 1.0), shape.cell_centre((0, 1), 1.0)
    det = ax * by - ay * bx
    return ((offset[0] * by - offset[1] * bx) / det, (ax * offset[1] - ay * offset[0]) / det)


def square_of(shape: Shape, point: Point) -> tuple[int, int]:
    """The cell whose tile covers ``point``: the nearest cell centre (a square's or a
    hex's own area is exactly the points nearer its centre than any other's)."""
    here = _board_point(shape, point)
    near = [(round(point[0]) + dq, round(point[1]) + dr) for dq in (-1, 0, 1) for dr in (-1, 0, 1)]
    return min(near, key=lambda cell: math.dist(shape.cell_centre(cell, 1.0), here))


def _add(cell: tuple[int, int], offset: Point) -> Point:
    return (round(cell[0] + offset[0], 4), round(cell[1] + offset[1], 4))


def _show(point: Point) -> str:
    return "[" + ", ".join(f"{value:g}" for value in point) + "]"
