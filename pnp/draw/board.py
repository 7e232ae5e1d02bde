"""A hex board drawn once, at tile size, as one scene.

A board is larger than any home printer's paper: :mod:`pnp.impose.board`
splits it into overlapping page windows and :mod:`pnp.export.board` prints
each window of this one drawing (one form in the PDF) with its glue seams.
"""

from __future__ import annotations

from pnp.draw.scene import Circle, Command, Drawing, Outline, Point, Primitive, Style, Text, polygon
from pnp.geometry.lattice import hexagon_cells, ring_distance
from pnp.geometry.shapes import Shape, cell_centre
from pnp.model.board import BoardSpec
from pnp.units import inches

BOARD_MARGIN = inches(0.35)  # frame around the spaces


def board_extent(shape: Shape, size: float, side: int) -> tuple[float, float, float, float]:
    """min x, min y, max x, max y of every corner of the board's spaces (centre at 0, 0)."""
    cx, cy = shape.centre(size)
    xs, ys = [], []
    for cell in hexagon_cells(side):
        ox, oy = cell_centre(shape, cell, size)
        for x, y in shape.corners(size):
            xs.append(ox + x - cx)
            ys.append(oy + y - cy)
    return min(xs), min(ys), max(xs), max(ys)


def design_board(spec: BoardSpec, shape: Shape, size: float,
                 colours: dict[str, str]) -> Drawing:
    """The whole board as one scene: spaces, inner outline, setup marks, title."""
    left, top, right, bottom = board_extent(shape, size, spec.side)
    width = right - left + 2 * BOARD_MARGIN
    height = bottom - top + 2 * BOARD_MARGIN
    ox, oy = BOARD_MARGIN - left, BOARD_MARGIN - top
    cx, cy = shape.centre(size)
    ink = colours["ink"]
    items: list[Primitive] = [Outline(polygon([(0, 0), (width, 0), (width, height), (0, height)]),
                                      Style(fill="#efe7d4", stroke=ink, width=1.2))]

    def corners(cell: tuple[int, int], shrink: float = 0.0) -> list[Point]:
        x0, y0 = cell_centre(shape, cell, size)
        scale = 1 - shrink
        return [(ox + x0 + (x - cx) * scale, oy + y0 + (y - cy) * scale)
                for x, y in shape.corners(size)]

    outer_fill, inner_fill = "#d8ccb2", "#cbbd9f"
    for cell in hexagon_cells(spec.side):
        inside = spec.inner and ring_distance(cell) < spec.inner
        items.append(Outline(polygon(corners(cell)),
                             Style(fill=inner_fill if inside else outer_fill, stroke=ink,
                                   width=0.6, join="round")))
    if spec.inner:
        items.append(Outline(_perimeter(shape, size, spec.inner, ox, oy),
                             Style(stroke=ink, width=2.4, join="round")))
    for mark in spec.marks:
        for cell in mark.cells:
            x0, y0 = cell_centre(shape, cell, size)
            x, y = ox + x0, oy + y0
            items.append(Outline(polygon(corners(cell, 0.1)), Style(fill=mark.colour)))
            items.append(Circle(x, y, size * 0.28, Style(fill="#ffffff", stroke=ink,
                                                          width=0.8)))
            if mark.short_game:
                items.append(Circle(x, y, size * 0.36, Style(stroke="#ffffff", width=1.6)))
            letter = mark.label[:1].upper()
            items.append(Text(x, y + size * 0.1, letter, size * 0.28, "bold", "middle",
                              mark.colour))
    items.append(Text(BOARD_MARGIN * 0.6, BOARD_MARGIN * 0.72, spec.title.upper(),
                      BOARD_MARGIN * 0.5, "condensed", "start", ink))
    if any(mark.short_game for mark in spec.marks):
        items.append(Text(BOARD_MARGIN * 0.6, height - BOARD_MARGIN * 0.35,
                          "Coloured spaces: fixed setup. Double ring: also used by the short "
                          "game on the inner board (bold outline).", BOARD_MARGIN * 0.32,
                          "regular", "start", ink))
    return Drawing(width, height, 0.0, tuple(items))


def _perimeter(shape: Shape, size: float, side: int, ox: float,
               oy: float) -> tuple[Command, ...]:
    """The outline of the cells closer than ``side`` to the centre, as line segments."""
    cx, cy = shape.centre(size)
    inside = {cell for cell in hexagon_cells(side)}
    commands: list[Command] = []
    corners = shape.corners(size)
    for cell in inside:
        x0, y0 = cell_centre(shape, cell, size)
        for index, edge in enumerate(shape.edges):
            if shape.neighbour(cell, edge) in inside:
                continue
            a, b = corners[index - 1], corners[index]
            commands.append(("M", ox + x0 + a[0] - cx, oy + y0 + a[1] - cy))
            commands.append(("L", ox + x0 + b[0] - cx, oy + y0 + b[1] - cy))
    return tuple(commands)

