"""A rulebook's cover: the game's own mine, lit, with its pieces on it, under a title
lockup, over a band of facts, filling the page.

The picture is :func:`pnp.rulebook.cover_layout.compose`'s layout drawn with
the tiles' own forms, sized so that whole tiles fill the width inside the
safe margins and as many rows as the page holds above the facts band. A
lamp lights the mine where its entrance is and the rock darkens towards the
frame, so the picture reads as a scene, not a crop; the game's tokens (or, for
a game that ships none, players' pawns) stand on its tunnels. The title sits
on a plaque over the top of the picture, set in the display face; players,
playing time and age sit under it as icons.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import msgspec
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from pnp.draw.components import design_component
from pnp.draw.diagram import PAWN_COLOURS
from pnp.draw.placing import lies_on_floor
from pnp.draw.scene import Drawing
from pnp.impose.layout import SAFE_MARGIN
from pnp.model.ground import ground
from pnp.model.paper import HOME, HOME_PAPERS, PAPERS, Paper
from pnp.model.tileset import Component, TileKind, Tileset
from pnp.rulebook.cover_layout import CoverLayout, compose, printed_kinds
from pnp.rulebook.cover_lockup import Box, facts_band, title_plaque
from pnp.rulebook.names import humanise

Canvas = Any  # reportlab's canvas; it has no type hints
# Defines a design as a form of the document (once), given its key, drawing and
# the scale it is shown at, and returns the form's name.
FormMaker = Callable[[str, Drawing, float], str]
# A tile kind's form key and design on the cover (see draw_cover), and the turns left
CoverTile = Callable[[str, float, bool, int], tuple[str, Drawing, int]]

INSET = SAFE_MARGIN + 10.0  # from the paper's edge to the cover's art
CELL = 80.0  # about how wide a tile is drawn on the cover
COVER_OVERLAP = 0.6  # points by which each cover tile overlaps its neighbours
FACTS_BAND = 54.0  # the least height of the band of facts under the picture
GAP = 6.0  # between the picture and the facts band
FRAME = 2.0  # the picture's dark frame line, centred on its edge
PLAQUE = (420.0, 132.0)  # the title plaque's largest width, and its height
DARK, CREAM, ACCENT, BOARD = "#1f1a16", "#f3ecdd", "#a8321c", "#d8ccb2"
LAMP = "#ffe3a3"  # the warm light round the entrance
LAMP_STEPS, LAMP_STEP = 36, 0.0125  # the lamp's rings, and how much light each adds
SHADE_STEPS, SHADE_STEP = 60, 0.0155  # the frame of shade: about 60% dark at the frame
SEAM_ALPHA = 0.4  # the lines where a tunnel game's cover tiles meet: seen, not drawn over
SHADE_CURVE = 1.6  # how the frames of shade crowd towards the edge (1: evenly spaced)
PIECES = 4  # pieces stood on a tunnel game's cover


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
    """Whole tiles across the width, from the top margin down; as many rows as fit above
    the least facts band, which takes whatever height is left."""
    width = paper.width - 2 * INSET
    columns = _columns(tileset, width)
    if tileset.shape.axial and paper in HOME:
        # every home paper as many hexes across (the fewest any has room for), so that
        # each shows one board: Letter's nine and A4's eight had been two positions
        columns = min(_columns(tileset, home.width - 2 * INSET) for home in HOME)
    cell = width / columns
    room = paper.height - 2 * INSET - FACTS_BAND - GAP
    # hexes are clipped at the frame, so their picture takes all the room
    height = room if tileset.shape.axial else math.floor(room / cell) * cell
    return CoverGrid(INSET, paper.height - INSET, width, height, cell)


def _columns(tileset: Tileset, width: float) -> int:
    """Whole tiles across ``width`` (hexes smaller: the picture shows a stretch of board
    round the tiles)."""
    return max(3, round(width / (CELL * (0.8 if tileset.shape.axial else 1.0))))


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
    """The picture's box and the mine laid in it, for one paper: for squares, the mine
    every home paper with as many columns shows (see :func:`_shared_rows`), which may
    run on below this paper's picture."""
    grid = cover_grid(tileset, paper)
    if not tileset.shape.axial:
        columns = round(grid.width / grid.cell)
        most, fewest, first = _shared_rows(tileset, grid)
        return grid, compose(tileset, _squares(columns, most), _squares(columns, fewest, first))
    grids = [cover_grid(tileset, home) for home in HOME] if paper in HOME else [grid]
    regions = [cover_region(tileset, each) for each in grids]
    # one position on every home paper: laid over all their pictures' hexes, its
    # telling pieces where every one of them shows them clear of the title
    shown = sorted(set().union(*regions))
    clear = set.intersection(*({cell for cell in each_region
                                if each.centre(tileset, cell)[1] < _below_the_title(each)}
                               for each, each_region in zip(grids, regions, strict=True)))
    return grid, compose(tileset, tuple(shown), tuple(cell for cell in shown if cell in clear))


def _below_the_title(grid: CoverGrid) -> float:
    """How high on the page a piece's centre, or a telling tile's, may be: clear of the
    title plaque."""
    return _plaque_box(grid).bottom - grid.cell * 0.6


def _squares(columns: int, rows: int, first: int = 0) -> tuple[tuple[int, int], ...]:
    return tuple((c, r) for r in range(first, rows) for c in range(columns))


def _shared_rows(tileset: Tileset, grid: CoverGrid) -> tuple[int, int, int]:
    """The rows of the mine to compose, and the rows its telling tiles spread over (from
    the first clear of the title to the last every such paper shows): for every home
    paper with as many columns, the most rows any shows and the fewest. Letter and A4
    then show the same mine, A4 a row more of it; each had been a search of its own and
    so a different mine. A paper outside them composes its own. The telling tiles keep
    out from under the title: Dynamine's entrance, which opens the mine downward from
    the top row, had lain under it."""
    def rows_of(other: CoverGrid) -> tuple[int, int, int]:
        centres = [other.centre(tileset, (0, row)) for row in range(round(other.height /
                                                                          other.cell))]
        first = next((row for row, (_, y) in enumerate(centres)
                      if y < _below_the_title(other)), 0)
        return round(other.width / other.cell), len(centres), first

    columns, rows, first = rows_of(grid)
    alike = [found for found in (rows_of(cover_grid(tileset, PAPERS[name]))
                                 for name in HOME_PAPERS) if found[0] == columns]
    if (rows, first) not in [(down, top) for _, down, top in alike] or \
            sum(kind.count for kind in printed_kinds(tileset)) < \
            columns * max(down for _, down, _ in alike):
        return rows, rows, first
    return (max(down for _, down, _ in alike), min(down for _, down, _ in alike),
            max(top for _, _, top in alike))


def draw_cover(canvas: Canvas, tileset: Tileset, paper: Paper, tile: CoverTile,
               form: FormMaker) -> None:
    """The whole cover page: the picture, its frame, and the title block above it.

    ``tile`` gives a tile kind's form key and design at a scale, bare (without its
    icons) where the third argument says a piece stands on it, as diagrams show one,
    for the turns it lies at (the fourth), and the turns still to give it: none for a
    design redrawn turned with its symbols upright."""
    grid, layout = cover_layout(tileset, paper)
    plaque = _plaque_box(grid)
    shown = set(cover_region(tileset, grid))  # a mine shared with a taller paper runs on
    layout = msgspec.structs.replace(layout, tiles=tuple(
        placed for placed in layout.tiles if placed.cell in shown and (
            tileset.tile(placed.kind).paths or
            not _cut_by(tileset, grid, placed.cell, plaque))))
    lamp = _lamp(tileset, grid, layout, plaque)
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(grid.left, grid.top - grid.height, grid.width, grid.height)
    canvas.clipPath(path, stroke=0, fill=0)
    _fill(canvas, "#efe7d4", grid.left, grid.top - grid.height, grid.width, grid.height)
    if tileset.shape.axial:
        _spaces(canvas, tileset, grid, layout)
    _tiles(canvas, tileset, grid, layout, tile, form)
    if tileset.shape.axial:
        _laid_edges(canvas, tileset, grid, layout)
    else:
        _seams(canvas, tileset, grid, layout)
    lamplight(canvas, grid, lamp)
    _pieces(canvas, tileset, grid, layout, form)
    if not layout.pieces:
        _tunnel_pieces(canvas, tileset, grid, layout, (lamp, plaque), form)
    canvas.restoreState()
    canvas.setStrokeColor(_colour(DARK))
    canvas.setLineWidth(FRAME)
    canvas.rect(grid.left, grid.top - grid.height, grid.width, grid.height, stroke=1, fill=0)
    title_plaque(canvas, tileset, plaque)
    _facts_band(canvas, tileset, grid)


def _tiles(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
           tile: CoverTile, form: FormMaker) -> None:
    shape = tileset.shape
    stood_on = {cell for _, cell in layout.pieces}
    scale = grid.cell / tileset.size
    # each tile a hair larger than its cell, so neighbours overlap instead of meeting on
    # an edge a viewer's anti-aliasing shows as a pale seam
    grown = scale * (grid.cell + COVER_OVERLAP) / grid.cell
    tile_w, tile_h = shape.box(tileset.size)
    for placed in layout.tiles:
        bare = placed.cell in stood_on and not tileset.tile(placed.kind).paths
        key, drawing, turns = tile(placed.kind, scale, bare, placed.rotation)
        name = form(key, drawing, scale)
        x, y = grid.centre(tileset, placed.cell)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(-turns * shape.step_degrees)
        canvas.scale(grown, grown)
        canvas.translate(-tile_w / 2, -tile_h / 2)
        canvas.doForm(name)
        canvas.restoreState()


def _spaces(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout) -> None:
    """The empty board under a tunnel-less game's patch: every space, outlined."""
    canvas.setStrokeColor(_colour(DARK))
    canvas.setLineWidth(0.6)
    canvas.setFillColor(_colour(BOARD))
    for cell in cover_region(tileset, grid, whole=False):
        canvas.drawPath(_outline(canvas, tileset, grid, cell), stroke=1, fill=1)


def _laid_edges(canvas: Canvas, tileset: Tileset, grid: CoverGrid,
                layout: CoverLayout) -> None:
    """A tunnel-less game's laid tiles, each edged as a cut tile lies on its board: with
    no tunnel running from one to the next, Mattock's rock merged into one field and
    its empty spaces, outlined, read as the tiles."""
    canvas.setStrokeColor(_colour(DARK))
    canvas.setLineWidth(1.4)
    canvas.setLineJoin(1)
    _outlines(canvas, tileset, grid, layout)


def _seams(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout) -> None:
    """A faint line where two laid tiles meet: drawn as one map, a tunnel game's cover hid
    its tiles, and Dynamine's dice (each in its tile's top right corner) seemed strewn
    at random over the rock."""
    canvas.saveState()
    canvas.setStrokeColor(_colour(DARK))
    canvas.setStrokeAlpha(SEAM_ALPHA)
    canvas.setLineWidth(0.7)
    _outlines(canvas, tileset, grid, layout)
    canvas.restoreState()


def _outlines(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout) -> None:
    """Every laid tile's outline, stroked as the canvas stands."""
    for placed in layout.tiles:
        canvas.drawPath(_outline(canvas, tileset, grid, placed.cell), stroke=1, fill=0)


def _outline(canvas: Canvas, tileset: Tileset, grid: CoverGrid, cell: tuple[int, int]) -> Any:
    """The path round ``cell`` of the cover's grid."""
    shape = tileset.shape
    cx, cy = shape.centre(grid.cell)
    x, y = grid.centre(tileset, cell)
    corners = [(x + px - cx, y - (py - cy)) for px, py in shape.corners(grid.cell)]
    path = canvas.beginPath()
    path.moveTo(*corners[0])
    for corner in corners[1:]:
        path.lineTo(*corner)
    path.close()
    return path


def _pieces(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
            form: FormMaker) -> None:
    """Tokens standing on tiles (Mattock's miners), as large beside the tiles as they print
    beside a printed tile (a 0.75 in miner on a 1 in tile: three quarters across)."""
    for name, cell in layout.pieces:
        piece = next(component for component in tileset.components if component.name == name)
        across = grid.cell * max(piece.width, piece.height) / tileset.size
        _stand(canvas, tileset, piece, (grid.centre(tileset, cell), across), form)


def _stand(canvas: Canvas, tileset: Tileset, piece: Component,
           place: tuple[tuple[float, float], float], form: FormMaker) -> None:
    """One of the game's pieces, its form centred on a point, so many points across."""
    (x, y), across = place
    drawing = design_component(tileset, piece)
    scale = across / max(drawing.width, drawing.height)
    key = form(f"component:{tileset.game}:{piece.name}", drawing, scale)
    canvas.saveState()
    canvas.translate(x - drawing.width * scale / 2, y - drawing.height * scale / 2)
    canvas.scale(scale, scale)
    canvas.doForm(key)
    canvas.restoreState()


def _cut_by(tileset: Tileset, grid: CoverGrid, cell: tuple[int, int], box: Box) -> bool:
    """Whether ``box`` covers part of the tile on ``cell`` but not all of it. A tile with
    no tunnels is a piece on its own (a Mattock tile): cut by the plaque's edge it read
    as a sliced piece, so it is left off and its space shows; tunnels run on under it."""
    x, y = grid.centre(tileset, cell)
    scale = grid.cell / tileset.size
    width, height = tileset.shape.box(tileset.size)
    inside = [box.left < x + (cx - width / 2) * scale < box.left + box.width
              and box.bottom < y + (cy - height / 2) * scale < box.bottom + box.height
              for cx, cy in tileset.shape.corners(tileset.size)]
    return any(inside) and not all(inside)


def _plaque_box(grid: CoverGrid) -> Box:
    """The title plaque: centred over the top of the picture, a little in from its frame."""
    width = min(PLAQUE[0], grid.width - 2 * 18.0)
    return Box(grid.left + (grid.width - width) / 2, grid.top - 22.0 - PLAQUE[1], width,
               PLAQUE[1])


def _lamp(tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
          plaque: Box) -> tuple[float, float]:
    """Where the lamp hangs: over the entrance (a base or special tile) nearest the middle
    of the picture below the plaque, or that middle itself."""
    middle = (grid.left + grid.width / 2, (plaque.bottom + grid.top - grid.height) / 2)
    marked = [grid.centre(tileset, placed.cell) for placed in layout.tiles
              if tileset.tile(placed.kind).role in ("base", "special")]
    below = [spot for spot in marked if spot[1] < plaque.bottom - grid.cell / 2]
    return min(below, key=lambda spot: math.dist(spot, middle)) if below else middle


def lamplight(canvas: Canvas, grid: CoverGrid, lamp: tuple[float, float]) -> None:
    """Lamplight: warm rings round the lamp, and the rock darkening towards the frame.

    Both are stacks of faint translucent shapes, so the tiles under them stay vector
    art: many, each very faint and a point or two apart, so the light falls off in
    steps no eye (nor a greyscale print) picks out as bands.
    """
    canvas.saveState()
    canvas.setFillColor(_colour(LAMP))
    canvas.setFillAlpha(LAMP_STEP)
    for step in range(LAMP_STEPS):
        canvas.circle(*lamp, grid.cell * 2.4 * (1 - step / LAMP_STEPS), stroke=0, fill=1)
    canvas.setFillColor(_colour(DARK))
    canvas.setFillAlpha(SHADE_STEP)
    bottom = grid.top - grid.height
    depth, steps = grid.cell * 1.4, SHADE_STEPS
    for step in range(1, steps + 1):
        # the frames crowd towards the edge, so the shade fades in with no edge of its
        # own where it starts; each one's corners are rounded, as the frames are offsets
        # of one rounded rectangle: square frames had met in a visible seam at each
        # corner's diagonal
        inset = depth * (step / steps) ** SHADE_CURVE
        path = canvas.beginPath()
        path.rect(grid.left - 1, bottom - 1, grid.width + 2, grid.height + 2)
        path.roundRect(grid.left + inset, bottom + inset, grid.width - 2 * inset,
                       grid.height - 2 * inset, max(depth * 1.2 - inset, 0.0))
        canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)  # a frame of shade
    canvas.restoreState()


def _tunnel_pieces(canvas: Canvas, tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
                   places: tuple[tuple[float, float], Box], form: FormMaker) -> None:
    """The game's tokens, one of each kind (or two players' pawns, for a game that ships
    none), standing on the floor of plain tiles near the lamp, clear of the plaque."""
    lamp, plaque = places
    if not tileset.pawns:  # nothing of the players' stands in this game's mine
        return
    spots = _floor_spots(tileset, grid, layout, lamp, plaque)
    tokens = _token_kinds(tileset)
    radius = grid.cell * 0.22
    for index, spot in enumerate(spots[:PIECES]):
        x, y = spot
        canvas.saveState()
        canvas.setFillColor(_colour(DARK))  # a soft shadow under the piece
        canvas.setFillAlpha(0.35)
        canvas.circle(x + radius * 0.18, y - radius * 0.22, radius * 1.02, stroke=0, fill=1)
        canvas.restoreState()
        if tokens:
            _stand(canvas, tileset, tokens[index % len(tokens)], (spot, 2 * radius), form)
        else:
            colour = PAWN_COLOURS[tileset.pawns[index % len(tileset.pawns)]]
            canvas.setFillColor(_colour(colour))
            # a dark edge round a light pawn, a light one round a dark pawn
            canvas.setStrokeColor(_colour(CREAM if colour == PAWN_COLOURS["black"] else DARK))
            canvas.setLineWidth(1.4)
            canvas.circle(x, y, radius * 0.8, stroke=1, fill=1)
            canvas.setFillColor(_colour(CREAM))
            canvas.circle(x - radius * 0.25, y + radius * 0.25, radius * 0.16, stroke=0, fill=1)


def _token_kinds(tileset: Tileset) -> list[Component]:
    """One token of each family the game prints (the first of each), in tileset order;
    for a game whose pawns are printed tokens, only those in the players' colours (Demon
    Mine's cover shows the black and white pawns the rules describe, not the red and
    blue ones a four-player game adds)."""
    seen: dict[str, Component] = {}
    for component in tileset.components:
        if component.kind == "token" and component.count:
            seen.setdefault(component.family, component)
    # a side's own family (black-pawn is black's), not any token of its face colour:
    # the Othello discs, black on one face, had stood among the black pawns
    pawns = [token for token in seen.values() if token.family in tileset.pawns]
    return pawns or list(seen.values())


def _floor_spots(tileset: Tileset, grid: CoverGrid, layout: CoverLayout,
                 lamp: tuple[float, float], plaque: Box) -> list[tuple[float, float]]:
    """Where a piece may stand: the floor of a tile with no icons, nearest the lamp first,
    one a tile, neither under the plaque nor at the frame, nor beside another piece."""
    spots: list[tuple[float, float]] = []
    bottom = grid.top - grid.height
    for placed in layout.tiles:
        kind = tileset.tile(placed.kind)
        if not _clear_floor(kind):
            continue
        spot = ground(tileset.shape, kind, placed.rotation).spot()
        if spot is None:
            continue
        x, y = grid.centre(tileset, placed.cell)
        x, y = x + spot[0] * grid.cell, y - spot[1] * grid.cell
        margin = grid.cell * 0.6
        if y > plaque.bottom - margin or y < bottom + margin or \
                not grid.left + margin < x < grid.left + grid.width - margin:
            continue
        spots.append((x, y))
    spots.sort(key=lambda spot: math.dist(spot, lamp))
    chosen: list[tuple[float, float]] = []
    for spot in spots:
        if all(math.dist(spot, other) > grid.cell * 1.4 for other in chosen):
            chosen.append(spot)
    return chosen


def _clear_floor(kind: TileKind) -> bool:
    """Whether a piece may stand on the tile's floor: a plain tunnel tile, whose icons sit
    in the rock (not in a room, and nothing lying in the tunnel: mud, or a "+1" sign at
    a tunnel's mouth)."""
    if not kind.paths or kind.role != "tunnel":
        return False
    rooms = any(path.junction or path.style == "cavern" for path in kind.paths)
    lying = any(lies_on_floor(feature, kind) for feature in kind.features)
    return not lying and not (rooms and kind.features)


def _facts_band(canvas: Canvas, tileset: Tileset, grid: CoverGrid) -> None:
    """The band under the picture, down to the bottom margin, as wide as the picture with
    its frame (the frame's line, centred on the picture's edge, had left the band 0.35 mm
    short of it at each side: a near miss that read as a mistake)."""
    top = grid.top - grid.height - GAP - FRAME / 2
    facts_band(canvas, tileset, Box(grid.left - FRAME / 2, INSET, grid.width + FRAME,
                                    top - INSET), player_line(tileset))


def player_line(tileset: Tileset) -> str:
    """The game's player counts, and those of a variant that allows fewer: "2\u20136
    players (2\u20135 in the Phantom variant)": the variant named as the book heads it,
    capitalised, not by its id. A book with a title of its own that names a variant
    (Phantom of the Mine) teaches that variant: its count leads, "2\u20135 players
    (2\u20136 without the Phantom)"."""
    fewest = min(tileset.players)
    taught = [variant for variant in tileset.variants if variant.most_players is not None
              and humanise(variant.name).lower() in tileset.rulebook_title.lower()]
    if taught:  # the book is the variant's insert: its count first, the game's after
        return (f"{fewest}\u2013{taught[0].most_players} players "
                f"({fewest}\u2013{max(tileset.players)} without the "
                f"{humanise(taught[0].name).capitalize()})")
    fewer = [f"{fewest}\u2013{variant.most_players} in the "
             f"{humanise(variant.name).capitalize()} variant"
             for variant in tileset.variants
             if variant.most_players is not None and variant.most_players < max(tileset.players)]
    return tileset.player_counts + (f" ({'; '.join(fewer)})" if fewer else "")


def _fill(canvas: Canvas, colour: str, x: float, y: float, width: float,
          height: float) -> None:
    canvas.setFillColor(_colour(colour))
    canvas.rect(x, y, width, height, stroke=0, fill=1)


def _colour(value: str) -> Any:

    return HexColor(value)
