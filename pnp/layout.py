"""Imposition: which design goes where, on which page, for which paper.

Pure arithmetic with no PDF in sight, so it is easy to test and the manifest
can be written from the same plan the PDF is drawn from. Coordinates are PDF
points with the origin at the bottom-left of the page; a placement is a trim
box. Backs sit on the page after their fronts, mirrored for duplex printing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import InputError, Where
from pnp.units import mm

SAFE_MARGIN = mm(6)  # home printers cannot print closer than this to the paper edge
HEADER_BAND = 12.0  # header text height above the safe margin
FOOTER_BAND = 26.0  # check bar and its caption
MARK_GAP = 2.0  # crop marks stop this far (beyond any bleed) short of the art
MARK_MIN = 6.0  # shortest crop mark worth printing
MARK_MAX = 14.0  # longest crop mark we print


@dataclass(frozen=True)
class Paper:
    """A sheet size, and the length of the bar that proves 100% scale on it."""

    name: str
    width: float
    height: float
    check_length: float
    check_label: str


PAPERS = {
    "letter": Paper("letter", 612.0, 792.0, 144.0, "2 in (50.8 mm)"),
    "a4": Paper("a4", 210 * 72 / 25.4, 297 * 72 / 25.4, mm(50), "50 mm (1.97 in)"),
}
PAPER_TITLES = {"letter": "Letter", "a4": "A4"}


@dataclass(frozen=True)
class Placement:
    """One piece on one page: its design, side and trim box in points."""

    page: int
    name: str
    side: str  # front | back
    x: float
    y: float
    w: float
    h: float
    kind: str = "tile"  # tile | component
    design: str = ""  # the form drawn here; the piece's own name on a front

    @property
    def art(self) -> str:
        return self.design or self.name


@dataclass(frozen=True)
class Grid:
    """Rows and columns of equal cells centred in the printable area."""

    columns: int
    rows: int
    cell_w: float
    cell_h: float
    gap: float
    left: float
    top: float  # y of the top edge of the first row (PDF, y-up)

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def cell(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the trim box of cell ``index`` (row-major from top-left)."""
        row, column = divmod(index, self.columns)
        x = self.left + column * (self.cell_w + self.gap)
        y = self.top - (row + 1) * self.cell_h - row * self.gap
        return x, y


@dataclass(frozen=True)
class Page:
    """A page of the sheet PDF and what it carries."""

    number: int
    side: str
    placements: tuple[Placement, ...]
    used: int  # cells used on this sheet (fronts and backs alike)


@dataclass(frozen=True)
class SheetPlan:
    """Everything the PDF writer and the manifest need, decided in one place."""

    paper: Paper
    grid: Grid
    bleed: float
    duplex: str  # long | short | none
    pages: tuple[Page, ...]

    @property
    def placements(self) -> tuple[Placement, ...]:
        return tuple(p for page in self.pages for p in page.placements)


def grid_for(paper: Paper, cell_w: float, cell_h: float, bleed: float,
             source: str = "tileset") -> Grid:
    """The largest grid of ``cell_w`` x ``cell_h`` pieces that fits inside the margins.

    Pieces butt together (one cut serves two edges) unless there is bleed, in
    which case each piece gets its own bleed on every side.
    """
    gap = 2 * bleed
    mark_zone = bleed + MARK_GAP + MARK_MIN
    avail_w = paper.width - 2 * (SAFE_MARGIN + mark_zone)
    bottom = SAFE_MARGIN + FOOTER_BAND + mark_zone
    top_limit = paper.height - SAFE_MARGIN - HEADER_BAND - mark_zone
    avail_h = top_limit - bottom
    columns = math.floor((avail_w + gap) / (cell_w + gap) + 1e-9)
    rows = math.floor((avail_h + gap) / (cell_h + gap) + 1e-9)
    if columns < 1 or rows < 1:
        raise InputError(
            Where(source), "the pieces are too large to fit on the paper with crop marks",
            field="size", found=f"{cell_w:.1f} x {cell_h:.1f} pt with {bleed:.1f} pt bleed",
            allowed=f"pieces of at most {avail_w:.0f} x {avail_h:.0f} pt on "
                    f"{PAPER_TITLES[paper.name]}",
        )
    block_w = columns * cell_w + (columns - 1) * gap
    block_h = rows * cell_h + (rows - 1) * gap
    left = (paper.width - block_w) / 2
    top = bottom + (avail_h + block_h) / 2
    return Grid(columns, rows, cell_w, cell_h, gap, left, top)


def mirror(placement: Placement, paper: Paper, duplex: str, page: int) -> Placement:
    """Where the back of ``placement`` goes so that it lands behind its front.

    Long-edge duplex turns the sheet about its vertical axis (x mirrors);
    short-edge turns it about the horizontal axis (y mirrors).
    """
    x, y = placement.x, placement.y
    if duplex == "long":
        x = paper.width - placement.x - placement.w
    elif duplex == "short":
        y = paper.height - placement.y - placement.h
    return Placement(page, placement.name, "back", x, y, placement.w, placement.h,
                     placement.kind, placement.design)


def impose(pieces: list[tuple[str, int, str]], paper: Paper, cell_w: float, cell_h: float,
           bleed: float = 0.0, duplex: str = "long", backs: dict[str, str] | None = None,
           source: str = "tileset") -> SheetPlan:
    """Lay out ``pieces`` (name, count, kind) in order, filling each sheet row by row.

    ``backs`` maps a piece name to its back design; with ``duplex`` "none" or no
    backs, only fronts are printed.
    """
    grid = grid_for(paper, cell_w, cell_h, bleed, source)
    sequence = [(name, kind) for name, count, kind in pieces for _ in range(count)]
    with_backs = duplex != "none" and backs is not None
    pages: list[Page] = []
    for start in range(0, len(sequence), grid.capacity):
        chunk = sequence[start : start + grid.capacity]
        number = len(pages) + 1
        fronts = []
        for index, (name, kind) in enumerate(chunk):
            x, y = grid.cell(index)
            fronts.append(Placement(number, name, "front", x, y, cell_w, cell_h, kind))
        pages.append(Page(number, "front", tuple(fronts), len(chunk)))
        if with_backs:
            back_page = number + 1
            placed = tuple(
                Placement(**{**mirror(front, paper, duplex, back_page).__dict__,
                             "design": backs[front.name]})
                for front in fronts
            )
            pages.append(Page(back_page, "back", placed, len(chunk)))
    return SheetPlan(paper, grid, bleed, duplex if with_backs else "none", tuple(pages))


def crop_marks(grid: Grid, used: int, paper: Paper, bleed: float) -> list[tuple[float, ...]]:
    """Line segments (x1, y1, x2, y2) marking every cut, outside the used block only.

    Marks run from just beyond the bleed to the safe margin, never over art.
    """
    rows = math.ceil(used / grid.columns)
    columns = min(used, grid.columns)
    pitch_x = grid.cell_w + grid.gap
    pitch_y = grid.cell_h + grid.gap
    xs = sorted({grid.left + i * pitch_x + offset for i in range(columns)
                 for offset in (0.0, grid.cell_w)})
    top = grid.top
    ys = sorted({top - i * pitch_y - offset for i in range(rows)
                 for offset in (0.0, grid.cell_h)})
    block_left, block_right = xs[0], xs[-1]
    block_top, block_bottom = ys[-1], ys[0]
    start = bleed + MARK_GAP
    lines = []
    above = min(MARK_MAX, paper.height - SAFE_MARGIN - HEADER_BAND - block_top - start)
    below = min(MARK_MAX, block_bottom - SAFE_MARGIN - FOOTER_BAND - start)
    side_left = min(MARK_MAX, block_left - SAFE_MARGIN - start)
    side_right = min(MARK_MAX, paper.width - SAFE_MARGIN - block_right - start)
    for x in xs:
        if above > 0:
            lines.append((x, block_top + start, x, block_top + start + above))
        if below > 0:
            lines.append((x, block_bottom - start, x, block_bottom - start - below))
    for y in ys:
        if side_left > 0:
            lines.append((block_left - start, y, block_left - start - side_left, y))
        if side_right > 0:
            lines.append((block_right + start, y, block_right + start + side_right, y))
    return lines
