"""Where everything of a rulebook diagram goes on the page, before anything is drawn.

The typesetter draws a diagram from this plan, and the tests read the same
plan: tile outlines, pawn discs and the verdict badge as plain numbers, so
"the badge is beside the board, never over a tile" and "every pawn stands on
a path" are checked on exactly what is printed, without parsing a PDF.
Coordinates are points inside the diagram's box, y up, as the PDF has them.
"""

from __future__ import annotations

import msgspec

from pnp.draw.diagram import ground_word_size
from pnp.geometry.lattice import hexagon_cells
from pnp.geometry.points import Point
from pnp.geometry.shapes import Shape
from pnp.input.faces import string_width
from pnp.model.ground import PAWN_RATIO
from pnp.rulebook.source import Diagram

Disc = tuple[float, float, float]  # x, y, radius

DIAGRAM_CELL = 54.0  # a tile's size in a diagram at scale 1: three quarters of an inch
BADGE_RATIO = 0.2  # the verdict badge's radius as a share of a tile
BADGE_GAP = 0.1  # clear space between the board and the badge, as a share of a tile
LABEL_ROOM = 0.2  # half the height a label's words take, as a share of a tile
TITLE_SIZE = 8.5  # points: a panel's title over its board ("BEFORE"), in capitals
TITLE_ROOM = 15.0  # points above the board the title takes, its gap included


class DiagramPlan(msgspec.Struct, frozen=True):
    """The diagram's box and the board's cells inside it."""

    diagram: Diagram
    shape: Shape
    cell: float  # one tile's size across its flats, in points
    min_x: float  # the board's left edge in cell-centre coordinates (y down)
    min_y: float
    board_width: float
    height: float
    frame: float = 0.0  # the printed board's frame around its spaces, in points

    @property
    def width(self) -> float:
        """The board, and the verdict badge beside it when the diagram has one."""
        badge = (BADGE_GAP + 2 * BADGE_RATIO + 0.05) * self.cell
        return self.board_width + (badge if self.diagram.verdict else 0.0)

    def centre(self, point: Point) -> Point:
        """Where a board position (whole numbers are cell centres) lands in the box, y up.

        The shape's cell arithmetic is linear, so fractional positions (pawns and
        arrows between squares) work the same on squares and hexes.
        """
        x, y = self.shape.cell_centre(point, self.cell)
        return x - self.min_x, self.height - (y - self.min_y)

    def outline(self, cell: tuple[int, int], inset: float = 0.0) -> tuple[Point, ...]:
        """The corners of one board space, shrunk by ``inset`` points."""
        x, y = self.centre(cell)
        cx, cy = self.shape.centre(self.cell)
        factor = (self.cell / 2 - inset) / (self.cell / 2)
        return tuple((x + (px - cx) * factor, y - (py - cy) * factor)
                     for px, py in self.shape.corners(self.cell))

    def pawns(self) -> tuple[Disc, ...]:
        """Each pawn's disc, where the template (checked by the source reader) puts it."""
        radius = self.cell * PAWN_RATIO
        return tuple((*self.centre(where), radius) for where, _, _ in self.diagram.pawns)

    def badge(self) -> Disc | None:
        """The verdict badge: right of the board, level with its top row, off every tile."""
        if not self.diagram.verdict:
            return None
        radius = self.cell * BADGE_RATIO
        top = self.height - (TITLE_ROOM if self.diagram.heading else 0.0)
        return (self.board_width + (BADGE_GAP + BADGE_RATIO) * self.cell,
                top - self.cell * 0.25, radius)


class Board(msgspec.Struct, frozen=True):
    """The game's printed board, for a diagram that shows it: its side in spaces, and its
    frame around them as a share of a tile."""

    side: int
    frame: float


def plan_diagram(diagram: Diagram, shape: Shape, max_width: float,
                 board: Board | None = None) -> DiagramPlan:
    """Size the board to the diagram's scale, its whole box (a hex board's staggered rows
    and the verdict badge included) no wider than ``max_width``."""
    shown = board if diagram.board else None
    plan = _plan_at(diagram, shape, DIAGRAM_CELL * diagram.scale, shown)
    if plan.width <= max_width:
        return plan
    # all of it is linear in the tile's size but the title, which keeps its size
    return _plan_at(diagram, shape, plan.cell * max_width / plan.width, shown)


def _spaces(diagram: Diagram, shape: Shape, board: Board | None) -> list[tuple[int, int]]:
    """The board spaces a diagram shows: the game's whole board where it shows it, a
    square board's whole rectangle; on hexes, every space something stands on (tiles,
    outlines, pieces, words and marks)."""
    if board is not None:
        return hexagon_cells(board.side)
    if not shape.axial:
        return [(c, r) for c in range(diagram.columns) for r in range(diagram.rows)]
    spots = [pawn[0] for pawn in diagram.pawns] + [label[0] for label in diagram.labels] + \
        [mark[0] for mark in diagram.marks] + [piece[0] for piece in diagram.pieces]
    cells = {t.cell for t in diagram.tiles} | set(diagram.highlight) | set(diagram.reach) | \
        set(diagram.area) | \
        {(round(x), round(y)) for x, y in spots}
    return sorted(cells) or [(0, 0)]


def _plan_at(diagram: Diagram, shape: Shape, cell: float, board: Board | None) -> DiagramPlan:
    """The plan of ``diagram`` with tiles ``cell`` points across."""
    tile_w, tile_h = shape.box(cell)
    frame = board.frame * cell if board is not None else 0.0
    centres = [shape.cell_centre(spot, cell) for spot in _spaces(diagram, shape, board)]
    min_x = min(x for x, _ in centres) - tile_w / 2 - frame
    min_y = min(y for _, y in centres) - tile_h / 2 - frame
    max_x = max(x for x, _ in centres) + tile_w / 2 + frame
    # a word beside the board (whose base a corner tile is) widens the box to hold it
    for where, text, _ in diagram.labels:
        x = shape.cell_centre(where, cell)[0]
        half = string_width(text, "bold", ground_word_size(cell)) / 2 + 1.0
        min_x, max_x = min(min_x, x - half), max(max_x, x + half)
    board_width = max_x - min_x
    height = max(y for _, y in centres) + tile_h / 2 + frame - min_y
    # a label above or below the board (a panel's "Before") widens the box to hold it
    words = [shape.cell_centre(label[0], cell)[1]
             for label in diagram.labels]
    top = min([min_y, *(y - LABEL_ROOM * cell for y in words)])
    top -= TITLE_ROOM if diagram.heading else 0.0
    height = max([min_y + height, *(y + LABEL_ROOM * cell for y in words)]) - top
    min_y = top
    return DiagramPlan(diagram, shape, cell, min_x, min_y, board_width, height, frame)
