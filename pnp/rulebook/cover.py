"""A rulebook's cover: a title block over a picture of the game's own mine, filling the page.

The picture is :func:`pnp.rulebook.cover_layout.compose`'s layout drawn with
the tiles' own forms, sized so that whole tiles fill the width inside the
safe margins; whatever height is left over goes to the title block, so the
page is covered from margin to margin whatever the paper.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import msgspec
from reportlab.lib.colors import HexColor

from pnp.draw.components import design_component
from pnp.draw.fonts import fit_size, pdf_font
from pnp.draw.scene import Drawing
from pnp.impose.layout import SAFE_MARGIN
from pnp.model.paper import Paper
from pnp.model.tileset import Tileset
from pnp.rulebook.cover_layout import CoverLayout, compose

Canvas = Any  # reportlab's canvas; it has no type hints
# Defines a design as a form of the document (once), given its key, drawing and
# the scale it is shown at, and returns the form's name.
FormMaker = Callable[[str, Drawing, float], str]

INSET = SAFE_MARGIN + 10.0  # from the paper's edge to the cover's art
CELL = 80.0  # about how wide a tile is drawn on the cover
TITLE_BLOCK = 150.0  # the least height of the title block
GAP = 8.0  # between the title block and the picture
DARK, CREAM, ACCENT, BOARD = "#1f1a16", "#f3ecdd", "#a8321c", "#d8ccb2"


class CoverGrid(msgspec.Struct, frozen=True):
    """The picture's box on the page (points, y up) and the size of a tile in it."""

    left: float
    top: float
    width: float
    height: float
    cell: float

    def centre(self, tileset: Tileset, cell: tuple[int, int]) -> tuple[float, float]:
        """Where a cell's centre falls on the page: cell (0, 0) sits in the top-left corner."""
        x, y = tileset.shape.cell_centre(cell, self.cell)
        box_w, box_h = tileset.shape.box(self.cell)
        return self.left + box_w / 2 + x, self.top - box_h / 2 - y


def cover_grid(tileset: Tileset, paper: Paper) -> CoverGrid:
    """Whole tiles across the width; as many rows as fit under the least title block."""
    width = paper.width - 2 * INSET
    # hexes smaller: the picture shows a stretch of board round the tiles
    columns = max(3, round(width / (CELL * (0.8 if tileset.shape.axial else 1.0))))
    cell = width / columns
    room = paper.height - 2 * INSET - TITLE_BLOCK - GAP
    # hexes are clipped at the frame, so their picture takes all the room
    height = room if tileset.shape.axial else math.floor(room / cell) * cell
    return CoverGrid(INSET, INSET + height, width, height, cell)


def cover_region(tileset: Tileset, grid: CoverGrid,
                 whole: bool = True) -> tuple[tuple[int, int], ...]:
    """The cells of the picture: the whole grid of squares, or the hexes wholly inside
    the frame (``whole``) or reaching into it (drawn clipped, as empty board)."""
    shape = tileset.shape
    if not shape.axial:
        columns, rows = round(grid.width / grid.cell), round(grid.height / grid.cell)
        return tuple((c, r) for r in range(rows) for c in range(columns))
    box_w, box_h = shape.box(grid.cell)
    cells = []
    for r in range(-1, math.ceil(grid.height / (box_h * 0.75)) + 2):
        for c in range(-2, round(grid.width / grid.cell) + 2):
            cell = (c - (r - (r & 1)) // 2, r)
            x, y = grid.centre(tileset, cell)
            reach_x, reach_y = (-box_w / 2, -box_h / 2) if whole else (box_w / 2, box_h / 2)
            if grid.left - reach_x < x < grid.left + grid.width + reach_x and \
                    grid.top - grid.height - reach_y < y < grid.top + reach_y:
                cells.append(cell)
    return tuple(cells)


def cover_layout(tileset: Tileset, paper: Paper) -> tuple[CoverGrid, CoverLayout]:
    """The picture's box and the mine laid in it, for one paper."""
    grid = cover_grid(tileset, paper)
    return grid, compose(tileset, cover_region(tileset, grid))


def draw_cover(canvas: Canvas, tileset: Tileset, paper: Paper,
               tile: Callable[[str, float], tuple[str, Drawing]],
               form: FormMaker) -> None:
    """The whole cover page: the picture, its frame, and the title block above it."""
    grid, layout = cover_layout(tileset, paper)
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(grid.left, grid.top - grid.height, grid.width, grid.height)
    canvas.clipPath(path, stroke=0, fill=0)
    _fill(canvas, "#efe7d4", grid.left, grid.top - grid.height, grid.width, grid.height)
    if tileset.shape.axial:
        _spaces(canvas, tileset, grid, layout)
    _tiles(canvas, tileset, grid, layout, tile, form)
    _pieces(canvas, tileset, grid, layout, form)
    canvas.restoreState()
    canvas.setStrokeColor(_colour(DARK))
    canvas.setLineWidth(2.0)
    canvas.rect(grid.left, grid.top - grid.height, grid.width, grid.height, stroke=1, fill=0)
    _title_block(canvas, tileset, paper, grid)


def _tiles(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
           tile: Callable[[str, float], tuple[str, Drawing]], form: FormMaker) -> None:
    shape = tileset.shape
    scale = grid.cell / tileset.size
    tile_w, tile_h = shape.box(tileset.size)
    for placed in layout.tiles:
        name = form(*tile(placed.kind, scale), scale)
        x, y = grid.centre(tileset, placed.cell)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(-placed.rotation * shape.step_degrees)
        canvas.scale(scale, scale)
        canvas.translate(-tile_w / 2, -tile_h / 2)
        canvas.doForm(name)
        canvas.restoreState()


def _spaces(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout) -> None:
    """The empty board under a tunnel-less game's patch: every space, outlined."""
    shape = tileset.shape
    cx, cy = shape.centre(grid.cell)
    canvas.setStrokeColor(_colour(DARK))
    canvas.setLineWidth(0.6)
    canvas.setFillColor(_colour(BOARD))
    for cell in cover_region(tileset, grid, whole=False):
        x, y = grid.centre(tileset, cell)
        corners = [(x + px - cx, y - (py - cy)) for px, py in shape.corners(grid.cell)]
        path = canvas.beginPath()
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
        canvas.drawPath(path, stroke=1, fill=1)


def _pieces(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
            form: FormMaker) -> None:
    """Tokens standing on tiles (Mattock's miners), drawn at half a tile across."""
    for name, cell in layout.pieces:
        piece = next(component for component in tileset.components if component.name == name)
        drawing = design_component(tileset, piece)
        scale = grid.cell * 0.55 / max(drawing.width, drawing.height)
        key = form(f"component:{tileset.game}:{name}", drawing, scale)
        x, y = grid.centre(tileset, cell)
        canvas.saveState()
        canvas.translate(x - drawing.width * scale / 2, y - drawing.height * scale / 2)
        canvas.scale(scale, scale)
        canvas.doForm(key)
        canvas.restoreState()


def _title_block(canvas: Canvas, tileset: Tileset, paper: Paper, grid: CoverGrid) -> None:
    """A dark block from the top margin down to the picture: title, subtitle, a rule, facts."""
    bottom = grid.top + GAP
    top = paper.height - INSET
    width = grid.width
    _fill(canvas, DARK, grid.left, bottom, width, top - bottom)
    middle = (top + bottom) / 2
    centre = paper.width / 2
    title = tileset.title.upper()
    size = fit_size(title, "display", 46.0, width - 60)
    canvas.setFillColor(_colour(CREAM))
    canvas.setFont(pdf_font("display", title), size)
    canvas.drawCentredString(centre, middle + 14, title)
    canvas.setFont(pdf_font("italic", tileset.rulebook_subtitle), 15)
    canvas.drawCentredString(centre, middle - 12, tileset.rulebook_subtitle)
    canvas.setStrokeColor(_colour(ACCENT))
    canvas.setLineWidth(2.0)
    canvas.line(centre - 60, middle - 26, centre + 60, middle - 26)
    canvas.setFillColor(_colour("#cbbd9f"))
    facts = (f"{tileset.tile_count} tiles \u00b7 {player_line(tileset)} \u00b7 "
             "print-and-play edition")
    canvas.setFont(pdf_font("regular", facts), 9.5)
    canvas.drawCentredString(centre, middle - 44, facts)


def player_line(tileset: Tileset) -> str:
    """The game's player counts, and those of a variant that allows fewer: "2\u20136
    players (2\u20135 in the phantom variant)"."""
    fewest = min(tileset.players)
    fewer = [f"{fewest}\u2013{variant.most_players} in the {variant.name} variant"
             for variant in tileset.variants
             if variant.most_players is not None and variant.most_players < max(tileset.players)]
    return tileset.player_counts + (f" ({'; '.join(fewer)})" if fewer else "")


def _fill(canvas: Canvas, colour: str, x: float, y: float, width: float,
          height: float) -> None:
    canvas.setFillColor(_colour(colour))
    canvas.rect(x, y, width, height, stroke=0, fill=1)


def _colour(value: str) -> Any:

    return HexColor(value)
