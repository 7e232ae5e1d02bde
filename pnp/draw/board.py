"""A hex board drawn once, its spaces a little wider than the tiles, as one scene.

A board is larger than any home printer's paper: :mod:`pnp.impose.board`
splits it into overlapping page windows and :mod:`pnp.export.board` prints
each window of this one drawing (one form in the PDF) with its glue seams.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from msgspec.structs import replace

from pnp.draw.icons import ICONS
from pnp.draw.pen import Pen
from pnp.draw.scene import Circle, Command, Drawing, Outline, Primitive, Style, Text, polygon, rect
from pnp.geometry.lattice import hexagon_cells, ring_distance
from pnp.geometry.points import Point
from pnp.geometry.shapes import Shape, cell_centre
from pnp.input.faces import fit_size, string_width
from pnp.model.board import BoardSpec, SpaceMark
from pnp.units import inches, mm

BOARD_MARGIN = inches(0.35)  # frame around the spaces
OUTER_SPACE, INNER_SPACE = "#e9dfc6", "#c8b48a"  # light spaces on the dark frame; the
# inner board 15% darker in grey (at 9% it was lost on a greyscale print)
TITLE_SIZE = 46.0  # points, at most: the title shrinks to the corner it has
TITLE_INSET = 1.6  # the title's distance from the frame's corner, in frame insets
TITLE_AIR = BOARD_MARGIN * 0.8  # between the title's end and the nearest space: at 0.3
# of the margin the name read as jammed against the first hex
LEGEND_SIZE = 11.0
LEGEND_SPACE = 0.5  # a legend's start space, against a board space
LEGEND_GREY = "#8a8178"  # the space behind the legend's double ring: no player's colour

SPACE_SLACK = mm(1.5)  # a space's width across its flats, past a tile's: see space_size
MARK_REACH = 0.5  # of a space: a start space's coloured hex (0.45 across its flats) and a cut


def space_size(tile: float) -> float:
    """A board space's size for tiles ``tile`` across: 1.5 mm wider. Spaces of exactly the
    tiles' size left no room for the cut: a tile's art runs 1 mm past its cut line, so one
    trimmed a hair outside the line rode up on its neighbours and a row drifted off the
    grid. With the slack a tile cut up to 0.75 mm wide on each side still lies flat."""
    return tile + SPACE_SLACK


def board_extent(shape: Shape, tile: float, side: int) -> tuple[float, float, float, float]:
    """min x, min y, max x, max y of every corner of the board's spaces (centre at 0, 0),
    for tiles ``tile`` across."""
    return _extent(shape, space_size(tile), side)


def _extent(shape: Shape, size: float, side: int) -> tuple[float, float, float, float]:
    """min x, min y, max x, max y of every corner of spaces ``size`` across."""
    cx, cy = shape.centre(size)
    xs, ys = [], []
    for cell in hexagon_cells(side):
        ox, oy = cell_centre(shape, cell, size)
        for x, y in shape.corners(size):
            xs.append(ox + x - cx)
            ys.append(oy + y - cy)
    return min(xs), min(ys), max(xs), max(ys)


def space_centres(spec: BoardSpec, shape: Shape, tile: float) -> tuple[list[Point], float]:
    """The centre of every space in the board drawing's own points (y down), and the
    distance from a centre to a space's corners: what prints must keep clear of."""
    size = space_size(tile)
    cx, cy = shape.centre(size)
    reach = max(math.hypot(x - cx, y - cy) for x, y in shape.corners(size))
    return _on_board(spec, shape, size, hexagon_cells(spec.side)), reach


def mark_centres(spec: BoardSpec, shape: Shape, tile: float) -> tuple[list[Point], float]:
    """The centre of every marked (start) space in the board drawing's points, and how
    far its printed rings reach: what a seam between the board's pages keeps clear of."""
    size = space_size(tile)
    cells = [cell for mark in spec.marks for cell in mark.cells]
    return _on_board(spec, shape, size, cells), size * MARK_REACH


def _on_board(spec: BoardSpec, shape: Shape, size: float,
              cells: Sequence[tuple[int, int]]) -> list[Point]:
    """The centres of ``cells``, spaces ``size`` across, in the board drawing's own points
    (y down)."""
    left, top, _, _ = _extent(shape, size, spec.side)
    ox, oy = BOARD_MARGIN - left, BOARD_MARGIN - top
    return [(ox + x, oy + y) for x, y in (cell_centre(shape, cell, size) for cell in cells)]


def design_board(spec: BoardSpec, shape: Shape, tile: float,
                 colours: dict[str, str], legend: bool = True, bleed: float = 0.0) -> Drawing:
    """The whole board as one scene: a dark frame with the title, the spaces, the inner
    board's outline, the start spaces with their players' symbols, and a legend (left
    off where the board is shown small, in a book whose caption says what it means:
    its words would print too small to read).

    With ``bleed`` (a board printed to be cut out) the frame runs that far past the
    board's edge with no outline there: a cut a hair outside the edge still leaves
    frame, not paper, and no line shows how far off it was."""
    size = space_size(tile)
    left, top, right, bottom = board_extent(shape, tile, spec.side)
    width = right - left + 2 * BOARD_MARGIN
    height = bottom - top + 2 * BOARD_MARGIN
    ox, oy = BOARD_MARGIN - left, BOARD_MARGIN - top
    cx, cy = shape.centre(size)
    ink, light = colours["ink"], colours["floor"]
    rule = BOARD_MARGIN * 0.3
    low, high_x, high_y = -bleed, width + bleed, height + bleed
    items: list[Primitive] = [
        Outline(polygon([(low, low), (high_x, low), (high_x, high_y), (low, high_y)]),
                Style(fill=colours["wall"], stroke=None if bleed else ink, width=1.2)),
        Outline(rect(rule, rule, width - 2 * rule, height - 2 * rule, rule),
                Style(stroke=light, width=1.4)),
        Outline(rect(rule * 1.5, rule * 1.5, width - 3 * rule, height - 3 * rule, rule * 0.8),
                Style(stroke=light, width=0.5)),
    ]

    def corners(cell: tuple[int, int], shrink: float = 0.0) -> list[Point]:
        x0, y0 = cell_centre(shape, cell, size)
        scale = 1 - shrink
        return [(ox + x0 + (x - cx) * scale, oy + y0 + (y - cy) * scale)
                for x, y in shape.corners(size)]

    for cell in hexagon_cells(spec.side):
        inside = spec.inner and ring_distance(cell) < spec.inner
        items.append(Outline(polygon(corners(cell)),
                             Style(fill=INNER_SPACE if inside else OUTER_SPACE, stroke=ink,
                                   width=0.6, join="round")))
    if spec.inner:
        items.append(Outline(_perimeter(shape, size, spec.inner, ox, oy),
                             Style(stroke=ink, width=2.4, join="round")))
    for mark in spec.marks:
        for cell in mark.cells:
            x0, y0 = cell_centre(shape, cell, size)
            items.append(Outline(polygon(corners(cell, 0.1)), Style(fill=mark.colour)))
            items.extend(_start_space(mark, (ox + x0, oy + y0), size, colours))
    corner_room = _corner_room(shape, size, spec.side, (ox, oy))
    items.extend(_title(spec.title, rule * 2.2, corner_room, light))
    if spec.marks and legend:
        items.extend(_legend(spec, shape, (rule * 2.2, height - rule * 2.2), size, colours))
    return Drawing(width, height, bleed, tuple(items))


def _start_space(mark: SpaceMark, centre: Point, size: float,
                 colours: dict[str, str]) -> list[Primitive]:
    """A white disc on the player's colour, with the player's symbol (or initial) on it,
    and a second ring where the short game starts there too."""
    x, y = centre
    items: list[Primitive] = [Circle(x, y, size * 0.3, Style(fill="#ffffff",
                                                             stroke=colours["ink"],
                                                             width=0.8))]
    if mark.icon:
        items.extend(ICONS[mark.icon](Pen(x, y, size * 0.24, colours)))
    elif mark.label:
        items.append(Text(x, y + size * 0.1, mark.label[:1].upper(), size * 0.28, "bold",
                          "middle", mark.colour))
    if mark.short_game:
        items.append(Circle(x, y, size * 0.37, Style(stroke="#ffffff", width=1.8)))
    return items


def _corner_room(shape: Shape, size: float, side: int, origin: Point) -> tuple[float, float]:
    """How far right the top-left corner's free rock reaches, and how far down, in board
    points: the room the title has above the spaces' left slope."""
    cx, cy = shape.centre(size)
    ox, oy = origin
    corners = [(ox + x0 + x - cx, oy + y0 + y - cy)
               for x0, y0 in (cell_centre(shape, cell, size) for cell in hexagon_cells(side))
               for x, y in shape.corners(size)]
    top = min(y for _, y in corners)
    band = [x for x, y in corners if y <= top + size * 0.6]
    return min(band), top + size * 0.6


def _title(title: str, inset: float, room: tuple[float, float], colour: str) -> list[Primitive]:
    """The game's name in the frame's top-left corner, clear of every space, over a thin
    rule as long as the name: set tight to the frame's corner with nothing under it, it
    had read as a label stuck on, not a board's title."""
    right, bottom = room
    text = title.upper()
    left = inset * TITLE_INSET
    size = fit_size(text, "display", TITLE_SIZE, right - left - TITLE_AIR)
    baseline = min(bottom - size * 0.3, left + size)
    under = baseline + size * 0.22
    return [Text(left, baseline, text, size, "display", "start", colour),
            Outline((("M", left, under), ("L", left + string_width(text, "display", size), under)),
                    Style(stroke=colour, width=max(0.6, size * 0.02)), underline=True)]


def _legend(spec: BoardSpec, shape: Shape, corner: Point, size: float,
            colours: dict[str, str]) -> list[Primitive]:
    """Bottom left: each side's start space drawn as on the board (a small space in its
    colour, the white disc and symbol), named, and a space with the double ring the
    short game's starts carry, on a neutral grey, saying what that ring means."""
    x, bottom = corner
    small = size * LEGEND_SPACE
    cx, cy = shape.centre(small)
    half = max(abs(y - cy) for _, y in shape.corners(small))
    sides = list({(mark.label, mark.colour, mark.icon): mark for mark in spec.marks}.values())
    entries: list[tuple[SpaceMark, str]] = [(replace(mark, short_game=False),
                                             f"{mark.label} starts here") for mark in sides]
    if any(mark.short_game for mark in spec.marks):
        entries.append((SpaceMark("", LEGEND_GREY, (), short_game=True, icon=""),
                        "Double ring: a short-game start too"))
    items: list[Primitive] = []
    for index, (mark, words) in enumerate(entries):
        y = bottom - half - (len(entries) - 1 - index) * half * 2.5
        centre_x = x + small / 2
        items.append(Outline(polygon([(centre_x + px - cx, y + py - cy)
                                      for px, py in shape.corners(small)]),
                             Style(fill=mark.colour, stroke=colours["floor"], width=0.6,
                                   join="round")))
        items.extend(_start_space(mark, (centre_x, y), small, colours))
        items.append(Text(x + small * 1.25, y + LEGEND_SIZE * 0.35, words, LEGEND_SIZE,
                          "regular", "start", colours["floor"]))
    return items


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

