"""Imposition: which design goes where, on which page, for which paper.

Pure arithmetic with no PDF in sight, so it is easy to test and the manifest
can be written from the same plan the PDF is drawn from. Coordinates are PDF
points with the origin at the bottom-left of the page; a placement is a trim
box. Backs sit on the page after their fronts, mirrored for duplex printing.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

import msgspec

from pnp.errors import InputError, Where
from pnp.geometry.lattice import SQUARE_GRID, Lattice
from pnp.geometry.shapes import packed_shape
from pnp.model.paper import Duplex, Paper
from pnp.units import mm

SAFE_MARGIN = mm(6)  # home printers cannot print closer than this to the paper edge
HEADER_BAND = 12.0  # header text height above the safe margin
FOOTER_BAND = 26.0  # check bar and its caption
MARK_GAP = 2.0  # crop marks stop this far (beyond any bleed) short of the art
MARK_MIN = 6.0  # shortest crop mark worth printing
MARK_CLEAR = 4.0  # crop marks stop this far inside the 6 mm line and clear of the header
# (at 1.5 the top ticks ran up to the header's descenders)
MARK_MAX = 14.0  # longest crop mark we print

Segment = tuple[float, float, float, float]  # x1, y1, x2, y2 in PDF points (y up)
Side = Literal["front", "back"]
PieceKind = Literal["tile", "component"]
# bands: header above, check bar below, crop marks outside the block;
# sides: header and check bar up the side margins, cut lines on the trim lines
Margins = Literal["bands", "sides"]
Fold = Literal["", "vertical", "horizontal"]  # gutterfold's fold; "" on other sheets




class Placement(NamedTuple):
    """One piece on one page: its design, side and trim box in points.

    A named tuple: a stress build makes tens of thousands, and a tuple is
    among the cheapest values Python makes.
    """

    page: int
    name: str
    side: Side
    x: float
    y: float
    w: float
    h: float
    kind: PieceKind = "tile"
    design: str = ""  # the form drawn here; the piece's own name on a front
    turned: bool = False  # drawn upside down (a back across a gutterfold's horizontal fold)

    @property
    def art(self) -> str:
        return self.design or self.name


class Grid(msgspec.Struct, frozen=True):
    """Equal pieces in rows, centred in the printable area.

    ``lattice`` is the square grid for rectangles and round pieces, or the
    honeycomb of a hex tile's shape: pointy-top hexes in rows shifted by half
    a hex, flat-top hexes in columns shifted by half a hex. A honeycomb shares
    every edge between two tiles, so each cut serves two tiles.
    """

    columns: int
    rows: int
    cell_w: float  # trim box of one piece
    cell_h: float
    pitch_x: float
    pitch_y: float
    left: float  # x of the first column's trim box
    top: float  # y of the top edge of the first row's trim box (PDF, y-up)
    lattice: Lattice = SQUARE_GRID

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def cell(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the trim box of cell ``index`` (row-major from top-left)."""
        row, column = divmod(index, self.columns)
        x = self.left + column * self.pitch_x
        y = self.top - self.cell_h - row * self.pitch_y
        dx, dy = self.lattice.stagger(row, column, self.pitch_x, self.pitch_y)
        return x + dx, y - dy


class Area(msgspec.Struct, frozen=True):
    """A rectangle of a page that a block of pieces and its crop marks keep inside
    (PDF points, y up)."""

    left: float
    bottom: float
    right: float
    top: float


def printable(paper: Paper) -> Area:
    """Inside the 6 mm margins, below the header and above the check bar."""
    return Area(SAFE_MARGIN, SAFE_MARGIN + FOOTER_BAND, paper.width - SAFE_MARGIN,
                paper.height - SAFE_MARGIN - HEADER_BAND)


SIDE_BAND = 16.0  # a header, or a check bar and its caption, turned to run up a side margin


def side_banded(paper: Paper) -> Area:
    """Inside the 6 mm margins with the header up the left and the check bar up the right.

    Three poker cards stacked are 264 mm: on Letter (279 mm) that leaves no
    room for a header band, a footer band or crop marks above and below, so
    card sheets that gain a row this way put the header and check bar along
    the sides and print their cut lines on the trim lines themselves.
    """
    return Area(SAFE_MARGIN + SIDE_BAND, SAFE_MARGIN, paper.width - SAFE_MARGIN - SIDE_BAND,
                paper.height - SAFE_MARGIN)


class Block(msgspec.Struct, frozen=True):
    """More pieces on a page than its main grid holds: another grid, in its own area."""

    grid: Grid
    used: int
    area: Area


class Page(msgspec.Struct, frozen=True):
    """A page of the sheet PDF and what it carries."""

    number: int
    side: Side
    placements: tuple[Placement, ...]
    used: int  # cells used on this sheet (fronts and backs alike)
    grid: Grid
    blocks: tuple[Block, ...] = ()  # small pieces sharing the page, below its main grid
    fold: Fold = ""  # gutterfold's fold line through the middle of the page


class SheetPlan(msgspec.Struct, frozen=True):
    """Everything the PDF writer and the manifest need, decided in one place."""

    paper: Paper
    bleed: float
    duplex: Duplex
    pages: tuple[Page, ...]
    margins: Margins = "bands"

    @property
    def grid(self) -> Grid:
        """The grid of the first page (a sheet of one piece size has only one)."""
        return self.pages[0].grid

    @property
    def placements(self) -> tuple[Placement, ...]:
        return tuple(p for page in self.pages for p in page.placements)


def grid_for(paper: Paper, cell_w: float, cell_h: float, bleed: float,
             source: str = "tileset", lattice: Lattice = SQUARE_GRID,
             area: Area | None = None, marks: bool = True, gutter: float = 0.0,
             most_columns: int = 0) -> Grid:
    """The largest grid of ``cell_w`` x ``cell_h`` pieces that fits inside the margins
    (or inside ``area``), centred in it.

    Rectangles butt together (one cut serves two edges) unless there is bleed,
    in which case each piece gets its own bleed on every side. ``gutter`` is
    paper left between neighbours' bleeds on a plain grid (round pieces, which
    share no cut: see :mod:`pnp.impose.spread`), and ``most_columns``, when not
    0, caps the columns so that each kind of piece can start a row.
    """
    outer_w, outer_h, pitch_x, pitch_y = lattice.pitches(cell_w, cell_h, bleed)
    if not lattice.honeycomb:
        pitch_x, pitch_y = pitch_x + gutter, pitch_y + gutter
    shift_x, shift_y = lattice.shift(pitch_x, pitch_y)
    mark_zone = MARK_GAP + MARK_MIN if marks else 0.0  # no crop marks: cut lines on the trim
    area = area or printable(paper)
    avail_w = area.right - area.left - 2 * mark_zone
    bottom = area.bottom + mark_zone
    top_limit = area.top - mark_zone
    avail_h = top_limit - bottom
    columns = math.floor((avail_w - outer_w - shift_x) / pitch_x + 1e-9) + 1
    rows = math.floor((avail_h - outer_h - shift_y) / pitch_y + 1e-9) + 1
    columns = min(columns, most_columns) if most_columns > 0 else columns
    if avail_w < outer_w + shift_x or avail_h < outer_h + shift_y:
        raise InputError(
            Where(source), "the pieces are too large to fit on the paper with crop marks",
            field="size", found=f"{cell_w:.1f} x {cell_h:.1f} pt with {bleed:.1f} pt bleed",
            allowed=f"pieces of at most {avail_w:.0f} x {avail_h:.0f} pt on "
                    f"{paper.title}",
        )
    block_w = (columns - 1) * pitch_x + outer_w + (shift_x if rows > 1 else 0.0)
    block_h = (rows - 1) * pitch_y + outer_h + (shift_y if columns > 1 else 0.0)
    left = area.left + (area.right - area.left - block_w) / 2 + (outer_w - cell_w) / 2
    top = bottom + (avail_h + block_h) / 2 - (outer_h - cell_h) / 2
    return Grid(columns, rows, cell_w, cell_h, pitch_x, pitch_y, left, top, lattice)


def mirror(placement: Placement, paper: Paper, duplex: Duplex, page: int,
           design: str = "") -> Placement:
    """Where the back of ``placement`` (drawn as ``design``) goes to land behind its front.

    Long-edge duplex turns the sheet about its vertical axis (x mirrors);
    short-edge turns it about the horizontal axis (y mirrors).
    """
    x, y = placement.x, placement.y
    if duplex == "long":
        x = paper.width - placement.x - placement.w
    elif duplex == "short":
        y = paper.height - placement.y - placement.h
    return Placement(page, placement.name, "back", x, y, placement.w, placement.h,
                     placement.kind, design or placement.design)


class Group(msgspec.Struct, frozen=True):
    """Pieces of one size and packing, printed in order on pages of their own."""

    pieces: tuple[tuple[str, int, PieceKind], ...]  # (name, count, kind)
    cell_w: float
    cell_h: float
    lattice: Lattice = SQUARE_GRID
    round: bool = False  # cut round: shares no cut with a neighbour, so it may sit apart
    gutter: float = 0.0  # paper between neighbours' bleeds (see pnp.impose.spread)
    columns: int = 0  # at most this many columns, so each kind starts a row (0: no cap)


def impose_groups(groups: list[Group], paper: Paper, bleed: float = 0.0,
                  duplex: Duplex = "long", backs: dict[str, str] | None = None,
                  source: str = "tileset", margins: Margins = "bands") -> SheetPlan:
    """Lay out each group in order, filling each sheet row by row.

    ``backs`` maps a piece name to its back design; with ``duplex`` "none" or no
    backs, only fronts are printed. Each sheet of fronts is followed by its backs.
    ``margins`` is "bands" or "sides" (see :func:`side_banded`).
    """
    with_backs = duplex != "none" and backs is not None
    pages: list[Page] = []
    for group in groups:
        grid = group_grid(group, paper, bleed, source, margins)
        sequence = [(name, kind) for name, count, kind in group.pieces for _ in range(count)]
        spots = [grid.cell(index) for index in range(min(grid.capacity, len(sequence)))]
        for start in range(0, len(sequence), grid.capacity):
            chunk = sequence[start : start + grid.capacity]
            number = len(pages) + 1
            fronts = [Placement(number, name, "front", x, y, group.cell_w, group.cell_h, kind)
                      for (name, kind), (x, y) in zip(chunk, spots, strict=False)]  # last: fewer
            pages.append(Page(number, "front", tuple(fronts), len(chunk), grid))
            if with_backs:
                assert backs is not None  # with_backs says so; mypy cannot see it
                back_page = number + 1
                placed = tuple(mirror(front, paper, duplex, back_page, backs[front.name])
                               for front in fronts)
                pages.append(Page(back_page, "back", placed, len(chunk), grid))
    return SheetPlan(paper, bleed, duplex if with_backs else "none", tuple(pages), margins)


def group_grid(group: Group, paper: Paper, bleed: float, source: str = "tileset",
               margins: Margins = "bands") -> Grid:
    """The grid a group is laid out on, with the page's margins laid out one way or the other."""
    if margins == "sides":
        return grid_for(paper, group.cell_w, group.cell_h, bleed, source, group.lattice,
                        side_banded(paper), marks=False, gutter=group.gutter,
                        most_columns=group.columns)
    return grid_for(paper, group.cell_w, group.cell_h, bleed, source, group.lattice,
                    gutter=group.gutter, most_columns=group.columns)


def trim_lines(grid: Grid, used: int) -> list[Segment]:
    """Every edge of the first ``used`` cells of a square grid, each once: for sheets whose
    margins leave no room for crop marks, the cut lines are printed on the trim lines."""
    return sorted({edge for index in range(used) for edge in _cell_edges(grid, index)})


def _cell_edges(grid: Grid, index: int) -> tuple[Segment, ...]:
    """The four edges of a square grid's cell, rounded so neighbours' shared edges match."""
    x, y = grid.cell(index)
    right, top = x + grid.cell_w, y + grid.cell_h
    x, y, right, top = (round(value, 3) for value in (x, y, right, top))
    return (x, y, right, y), (x, top, right, top), (x, y, x, top), (right, y, right, top)


def shared_cuts(grid: Grid, used: int) -> list[Segment]:
    """The trim lines two of the first ``used`` cells of a square grid share: the cuts
    inside a block, which crop marks outside it cannot show on the art."""
    count: dict[Segment, int] = {}
    for index in range(used):
        for edge in _cell_edges(grid, index):
            count[edge] = count.get(edge, 0) + 1
    return sorted(edge for edge, cells in count.items() if cells > 1)


def impose(pieces: list[tuple[str, int, PieceKind]], paper: Paper, cell_w: float, cell_h: float,
           bleed: float = 0.0, duplex: Duplex = "long", backs: dict[str, str] | None = None,
           source: str = "tileset", lattice: Lattice = SQUARE_GRID) -> SheetPlan:
    """Lay out pieces of one size: a single group."""
    return impose_groups([Group(tuple(pieces), cell_w, cell_h, lattice)], paper, bleed, duplex,
                         backs, source)


class _Reach(NamedTuple):
    """How far crop marks may run beyond a block on each side, and where they start."""

    start: float
    above: float
    below: float
    left: float
    right: float


class _ShortRow(NamedTuple):
    """A last row short of the others: where it ends, its top, and the foot of the row
    above it. For a full last row, the block's right edge and its foot, which no mark's
    column edge passes and no row edge lies under."""

    end: float
    top: float
    above_foot: float


def crop_marks(grid: Grid, used: int, paper: Paper, bleed: float,
               area: Area | None = None) -> list[Segment]:
    """Line segments (x1, y1, x2, y2) marking every cut, outside the used block only.

    Marks run from just beyond the bleed to the safe margin, never over art.
    A honeycomb has no straight cut across its block: it gets corner marks
    here and :func:`hex_cut_lines` on the cut lines themselves.
    """
    if grid.lattice.honeycomb:
        return hex_block_marks(grid, used, bleed)
    rows = math.ceil(used / grid.columns)
    columns = min(used, grid.columns)
    xs = sorted({grid.left + i * grid.pitch_x + offset for i in range(columns)
                 for offset in (0.0, grid.cell_w)})
    ys = sorted({grid.top - i * grid.pitch_y - offset for i in range(rows)
                 for offset in (0.0, grid.cell_h)})
    bounds = (xs[0], ys[-1], xs[-1], ys[0])  # left, top, right, bottom
    start = bleed + MARK_GAP
    area = area or printable(paper)
    reach = _Reach(start,
                   min(MARK_MAX, area.top - bounds[1] - start - MARK_CLEAR),
                   min(MARK_MAX, bounds[3] - area.bottom - start - MARK_CLEAR),
                   min(MARK_MAX, bounds[0] - area.left - start - MARK_CLEAR),
                   min(MARK_MAX, area.right - bounds[2] - start - MARK_CLEAR))
    row = _short_row(grid, used, rows, bounds)
    return _column_marks(xs, bounds, reach, row) + _row_marks(ys, bounds, reach, row)


def _short_row(grid: Grid, used: int, rows: int,
               bounds: tuple[float, float, float, float]) -> _ShortRow:
    """The last row's extent: a row short of the others gets its marks at its own end,
    and past its end the foot's marks stand under the row above (marks under empty
    columns, or out at the block's side, read as tiles missing)."""
    last = used - (rows - 1) * grid.columns
    if rows < 2 or last >= grid.columns:
        return _ShortRow(bounds[2], bounds[3], bounds[3])
    top = grid.top - (rows - 1) * grid.pitch_y
    return _ShortRow(grid.left + (last - 1) * grid.pitch_x + grid.cell_w, top,
                     top + grid.pitch_y - grid.cell_h)


def _column_marks(xs: list[float], bounds: tuple[float, float, float, float], reach: _Reach,
                  row: _ShortRow) -> list[Segment]:
    """The marks above and below the block, one pair per column edge."""
    _, top, _, bottom = bounds
    lines: list[Segment] = []
    for x in xs:
        if reach.above > 0:
            lines.append((x, top + reach.start, x, top + reach.start + reach.above))
        if reach.below <= 0:
            continue
        if x > row.end + 1e-6:  # past a short row's end: under the row above
            lines.append((x, row.above_foot - reach.start, x,
                          row.above_foot - reach.start - MARK_MAX))
        else:
            lines.append((x, bottom - reach.start, x, bottom - reach.start - reach.below))
    return lines


def _row_marks(ys: list[float], bounds: tuple[float, float, float, float], reach: _Reach,
               row: _ShortRow) -> list[Segment]:
    """The marks left and right of the block, one pair per row edge."""
    left, _, right, _ = bounds
    lines: list[Segment] = []
    for y in ys:
        if reach.left > 0:
            lines.append((left - reach.start, y, left - reach.start - reach.left, y))
        if reach.right <= 0:
            continue
        if y < row.top - 1e-6:  # a short row's own foot: marked at its end
            lines.append((row.end + reach.start, y, row.end + reach.start + MARK_MAX, y))
        else:
            lines.append((right + reach.start, y, right + reach.start + reach.right, y))
    return lines


def _hex_outline(grid: Grid, x: float, y: float) -> list[tuple[float, float]]:
    """Corners of the hex whose trim box has its bottom-left at (x, y), in PDF space."""
    shape = packed_shape(grid.lattice)
    size = min(grid.cell_w, grid.cell_h)
    return [(x + cx, y + grid.cell_h - cy) for cx, cy in shape.corners(size)]


def hex_cut_lines(grid: Grid, used: int) -> list[Segment]:
    """Every edge of the used hexes once: thin guides on the cut line itself.

    Neighbours in a honeycomb share edges, so a shared edge is listed (and
    cut) once.
    """
    seen: set[tuple[tuple[float, float], ...]] = set()
    lines: list[Segment] = []
    for index in range(used):
        corners = _hex_outline(grid, *grid.cell(index))
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = tuple(sorted([(round(a[0], 2), round(a[1], 2)),
                                (round(b[0], 2), round(b[1], 2))]))
            if key not in seen:
                seen.add(key)
                lines.append((a[0], a[1], b[0], b[1]))
    return lines


def hex_block_marks(grid: Grid, used: int, bleed: float) -> list[Segment]:
    """Corner marks around a honeycomb block, so the block can be cut free first."""
    points = [point for index in range(used) for point in _hex_outline(grid, *grid.cell(index))]
    left = min(x for x, _ in points) - bleed - MARK_GAP
    right = max(x for x, _ in points) + bleed + MARK_GAP
    bottom = min(y for _, y in points) - bleed - MARK_GAP
    top = max(y for _, y in points) + bleed + MARK_GAP
    length = MARK_MIN
    return [
        (left, top, left - length, top), (left, top, left, top + length),
        (right, top, right + length, top), (right, top, right, top + length),
        (left, bottom, left - length, bottom), (left, bottom, left, bottom - length),
        (right, bottom, right + length, bottom), (right, bottom, right, bottom - length),
    ]
