"""Hex boards: drawn once at tile size, printed across pages, with an assembly guide.

A board is larger than any home printer's paper. We draw it once as a scene
(one form in the PDF) and show a window of it on each page: neighbouring
windows overlap by a strip that carries registration targets, so the pages
are trimmed along a dashed line and glued with the targets on top of each
other. Each page is lettered by row and numbered by column (A1, A2, B1...), and
a last page shows the whole board small with the pages outlined.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

from pnp.fonts import pdf_font
from pnp.geometry import SQRT3, Shape, cell_centre
from pnp.layout import FOOTER_BAND, HEADER_BAND, PAPER_TITLES, SAFE_MARGIN, Paper
from pnp.scene import Circle, Command, Drawing, Outline, Point, Primitive, Style, Text, polygon
from pnp.units import inches

OVERLAP = inches(0.5)  # glue strip shared by neighbouring pages
BOARD_MARGIN = inches(0.35)  # frame around the spaces
TARGET_RADIUS = 7.0


@dataclass(frozen=True)
class SpaceMark:
    """Board spaces printed in a player's colour: where that player sets up."""

    label: str
    colour: str
    cells: tuple[tuple[int, int], ...]
    short_game: bool = False  # also used by the short game (drawn with a double ring)


@dataclass(frozen=True)
class BoardSpec:
    """A hexagon of hexes: ``side`` spaces along each edge, an optional inner board."""

    name: str
    title: str
    side: int
    inner: int = 0
    marks: tuple[SpaceMark, ...] = ()


def hexagon_cells(side: int) -> list[tuple[int, int]]:
    """Axial cells of a hex-hex board with ``side`` spaces per edge, row by row."""
    radius = side - 1
    return [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
            if max(abs(q), abs(r), abs(q + r)) <= radius]


def ring_distance(cell: tuple[int, int]) -> int:
    """Steps from the centre: the board of side n holds the cells closer than n."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


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


@dataclass(frozen=True)
class Window:
    """The part of the board one page shows, in board points (y-down), and its label."""

    label: str
    row: int
    column: int
    x: float
    y: float
    w: float
    h: float
    page_x: float  # where the window's top-left corner sits on the page (PDF, y-up)
    page_y: float


def printable_area(paper: Paper) -> tuple[float, float, float, float]:
    """left, bottom, width, height available for the board on one page."""
    left = SAFE_MARGIN + 4.0
    bottom = SAFE_MARGIN + FOOTER_BAND + 6.0
    width = paper.width - 2 * left
    height = paper.height - SAFE_MARGIN - HEADER_BAND - 6.0 - bottom
    return left, bottom, width, height


def windows(board_w: float, board_h: float, paper: Paper) -> list[Window]:
    """Split the board into page windows that overlap by ``OVERLAP``."""
    left, bottom, avail_w, avail_h = printable_area(paper)
    columns = max(1, math.ceil((board_w - OVERLAP) / (avail_w - OVERLAP)))
    rows = max(1, math.ceil((board_h - OVERLAP) / (avail_h - OVERLAP)))
    step_x = (board_w - OVERLAP) / columns
    step_y = (board_h - OVERLAP) / rows
    win_w, win_h = step_x + OVERLAP, step_y + OVERLAP
    result = []
    for row in range(rows):
        for column in range(columns):
            label = f"{chr(ord('A') + row)}{column + 1}"
            page_x = left + (avail_w - win_w) / 2
            page_y = bottom + (avail_h + win_h) / 2
            result.append(Window(label, row, column, column * step_x, row * step_y, win_w,
                                 win_h, page_x, page_y))
    return result


def _target(canvas: Any, x: float, y: float) -> None:
    """A registration target: a circle with a cross, centred where both pages print it."""
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.5)
    canvas.circle(x, y, TARGET_RADIUS, stroke=1, fill=0)
    canvas.line(x - TARGET_RADIUS * 1.5, y, x + TARGET_RADIUS * 1.5, y)
    canvas.line(x, y - TARGET_RADIUS * 1.5, x, y + TARGET_RADIUS * 1.5)


def seam_targets(window: Window, all_windows: list[Window]) -> list[Point]:
    """Board points of the targets on this window's seams, centred on the seam lines.

    A seam is the left (or top) edge of the later page, where it is trimmed.
    The earlier page prints whole targets there; the trimmed later page keeps
    half of each, which must complete the earlier page's targets when laid on.
    """
    points = []
    for other in all_windows:
        if other.row == window.row and abs(other.column - window.column) == 1:
            seam_x = max(window.x, other.x)
            for fraction in (0.25, 0.75):
                points.append((seam_x, window.y + window.h * fraction))
        if other.column == window.column and abs(other.row - window.row) == 1:
            seam_y = max(window.y, other.y)
            for fraction in (0.25, 0.75):
                points.append((window.x + window.w * fraction, seam_y))
    return points


def render_board(spec: BoardSpec, drawing: Drawing, paper: Paper,
                 game_title: str) -> tuple[bytes, list[Window]]:
    """The board PDF (its pages, then the assembly guide) and the windows it used."""
    from pnp.pdf import define_check_bar, define_form, new_canvas, page_header

    buffer = io.BytesIO()
    paper_title = PAPER_TITLES[paper.name]
    canvas = new_canvas(buffer, paper.width, paper.height,
                        f"{game_title} - board ({paper_title})",
                        f"Print-and-play board for {game_title}, in pages to assemble")
    define_form(canvas, "board", drawing)
    define_check_bar(canvas, paper)
    parts = windows(drawing.width, drawing.height, paper)
    total = len(parts) + 1
    for number, window in enumerate(parts, start=1):
        hint = ("trim the dashed edges, glue onto the grey strip" if window.row or window.column
                else "first piece: glue goes on the grey strips")
        page_header(canvas, paper, f"{game_title} \u00b7 board \u00b7 {paper_title} \u00b7 "
                    f"piece {window.label} of {len(parts)}: {hint}", number, total)
        top = window.page_y
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(window.page_x, top - window.h, window.w, window.h)
        canvas.clipPath(path, stroke=0, fill=0)
        # board point (bx, by) lands at (page_x + bx - window.x, top - (by - window.y))
        canvas.translate(window.page_x - window.x, top + window.y - drawing.height)
        canvas.doForm("board")
        canvas.restoreState()
        left, right = window.page_x, window.page_x + window.w
        bottom = top - window.h
        canvas.setFillColorRGB(0.5, 0.5, 0.5)
        canvas.setFillAlpha(0.18)  # glue strips: covered by the neighbour once assembled
        for other in parts:
            if other.row == window.row and other.column == window.column + 1:
                canvas.rect(right - OVERLAP, bottom, OVERLAP, window.h, stroke=0, fill=1)
            if other.column == window.column and other.row == window.row + 1:
                canvas.rect(left, bottom, window.w, OVERLAP, stroke=0, fill=1)
        canvas.setFillAlpha(1)
        canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
        canvas.setLineWidth(0.5)
        edges = {"left": (left, top, left, bottom), "right": (right, top, right, bottom),
                 "top": (left, top, right, top), "bottom": (left, bottom, right, bottom)}
        trimmed = {"left"} if window.column > 0 else set()
        trimmed |= {"top"} if window.row > 0 else set()
        for name, line in edges.items():
            if name in trimmed:
                canvas.setDash(4, 3)
            else:
                canvas.setDash()
            canvas.line(*line)
        canvas.setDash()
        for bx, by in seam_targets(window, parts):
            _target(canvas, window.page_x + bx - window.x, top - (by - window.y))
        canvas.setFont(pdf_font("bold"), 14)
        canvas.setFillColorRGB(0.1, 0.1, 0.1)
        canvas.drawRightString(window.page_x + window.w - 8, top - window.h + 8, window.label)
        canvas.showPage()
    _assembly_page(canvas, paper, drawing, parts, game_title, total)
    canvas.save()
    return buffer.getvalue(), parts


def _assembly_page(canvas: Any, paper: Paper, drawing: Drawing, parts: list[Window],
                   game_title: str, total: int) -> None:
    """The whole board, small, with every page outlined and lettered."""
    from pnp.pdf import page_header

    paper_title = PAPER_TITLES[paper.name]
    page_header(canvas, paper, f"{game_title} \u00b7 board \u00b7 {paper_title} \u00b7 "
                "assembly guide", total, total)
    left, bottom, avail_w, avail_h = printable_area(paper)
    text_room = 120.0
    scale = min(avail_w / drawing.width, (avail_h - text_room) / drawing.height)
    x0 = left + (avail_w - drawing.width * scale) / 2
    y0 = bottom + (avail_h - text_room - drawing.height * scale) / 2
    canvas.saveState()
    canvas.translate(x0, y0)
    canvas.scale(scale, scale)
    canvas.doForm("board")
    canvas.restoreState()
    canvas.setLineWidth(1.2)
    for window in parts:
        canvas.setStrokeColorRGB(0.15, 0.15, 0.6)
        x = x0 + window.x * scale
        y = y0 + (drawing.height - window.y - window.h) * scale
        canvas.rect(x, y, window.w * scale, window.h * scale, stroke=1, fill=0)
        canvas.setFont(pdf_font("bold"), 16)
        canvas.setFillColorRGB(0.15, 0.15, 0.6)
        canvas.drawCentredString(x + window.w * scale / 2, y + window.h * scale / 2 - 6,
                                 window.label)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.setFont(pdf_font("bold"), 12)
    top = bottom + avail_h
    canvas.drawString(left, top - 14, f"Assembling the {game_title} board")
    canvas.setFont(pdf_font("regular"), 9)
    steps = [
        f"Print the {len(parts)} board pages at 100% scale on card or heavy paper.",
        "Trim every page along its dashed edges only: the left edge of every piece after "
        "the first column and the top edge of every piece below the first row. The solid "
        "edges and grey strips stay.",
        "Spread glue on a grey strip and lay the neighbouring piece on it, its trimmed edge "
        "along the strip's inner side: the half targets on its edge complete the whole ones.",
        "Work row by row: " + ", ".join(w.label for w in parts) + ". The outlines below show "
        "where each page goes; trim the outer white margins last.",
    ]
    from pnp.art import wrap

    y = top - 32
    for index, step in enumerate(steps):
        for number, line in enumerate(wrap(step, "regular", 9, avail_w - 16)):
            if number == 0:
                canvas.drawString(left, y, f"{index + 1}.")
            canvas.drawString(left + 14, y, line)
            y -= 11.5
    canvas.showPage()


def board_size_summary(drawing: Drawing) -> str:
    """The board's printed size, for the manifest and `pnp list`."""
    return f"{drawing.width / 72:.1f} x {drawing.height / 72:.1f} in"


__all__ = ["SQRT3", "BoardSpec", "SpaceMark", "design_board", "hexagon_cells", "render_board"]
