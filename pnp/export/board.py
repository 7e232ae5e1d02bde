"""A board's PDF: one page per window with glue seams and targets, then an assembly guide."""

from __future__ import annotations

import io
import math
from typing import Any, Literal

import msgspec
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO

from pnp.draw.placing import wrap
from pnp.draw.scene import Drawing, without_small_text
from pnp.export.pdf import define_check_bar, define_form, new_canvas, page_header
from pnp.export.pdfdraw import draw_text
from pnp.impose.board import (
    OVERLAP,
    TARGET_RADIUS,
    Window,
    margins_beyond,
    mark_area,
    printable_area,
    seam_targets,
    windows,
)
from pnp.impose.layout import FOOTER_BAND, SAFE_MARGIN
from pnp.input.faces import MIN_TEXT, string_width
from pnp.model.board import BoardSpec
from pnp.model.paper import Paper


def _target(canvas: Any, x: float, y: float) -> None:
    """A registration target: a circle with a cross, centred where both pages print it."""
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.5)
    canvas.circle(x, y, TARGET_RADIUS, stroke=1, fill=0)
    canvas.line(x - TARGET_RADIUS * 1.5, y, x + TARGET_RADIUS * 1.5, y)
    canvas.line(x, y - TARGET_RADIUS * 1.5, x, y + TARGET_RADIUS * 1.5)


def _name_tab(canvas: Any, label: str, corner: tuple[float, float],
              targets: list[tuple[float, float]]) -> None:
    """The piece's name on a white tab at the window's lower right (``corner``: the end of
    its text and its foot), read on the board's dark frame and on paper alike; moved
    left of any registration target it would cover, which must stay whole to align by."""
    tab = string_width(label, "bold", 14) + 10
    right, foot = corner

    def covers(end: float) -> bool:
        return any(end - tab + 5 - TARGET_RADIUS * 1.5 < x < end + 5 + TARGET_RADIUS * 1.5
                   and foot - TARGET_RADIUS * 1.5 < y < foot + 20 + TARGET_RADIUS * 1.5
                   for x, y in targets)

    while covers(right):
        right -= TARGET_RADIUS * 3 + 4
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(right - tab + 5, foot, tab, TAB_HEIGHT, 3, stroke=0, fill=1)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    draw_text(canvas, right, foot + 5, label, "bold", 14, "end")


TAB_HEIGHT = 20.0  # the name tab's height, in points


def _tab_corner(window: Window, below_art: float) -> tuple[float, float]:
    """Where a piece's name tab ends and stands: under the piece's lower right (and its
    bleed, ``below_art`` points of art past its foot), on the paper that is trimmed away
    last, where it names the piece while it is cut and glued and is gone from the
    finished board (inside the piece, B1 and B2 stayed printed on the board's frame);
    inside the piece's corner only when the page has no room below."""
    right, bottom = window.page_x + window.w - 8, window.page_y - window.h
    footer_top = SAFE_MARGIN + FOOTER_BAND  # the check bar's band begins here
    below = bottom - below_art - 4 - TAB_HEIGHT
    return (right, below) if below >= footer_top else (right, bottom + 4)


Side = Literal["left", "right", "top", "bottom"]


def outer_sides(window: Window, parts: list[Window]) -> frozenset[Side]:
    """The sides of a piece that are the board's own edges, cut along crop marks."""
    last_row = max(part.row for part in parts)
    last_column = max(part.column for part in parts)
    found: set[Side] = set()
    found |= {"left"} if window.column == 0 else set()
    found |= {"right"} if window.column == last_column else set()
    found |= {"top"} if window.row == 0 else set()
    found |= {"bottom"} if window.row == last_row else set()
    return frozenset(found)


def _bled_box(window: Window, outer: frozenset[Side],
              bleed: float) -> tuple[float, float, float, float]:
    """left, bottom, right, top on the page of a piece's art: its window, grown by
    ``bleed`` on each of its ``outer`` sides."""
    left, top = window.page_x, window.page_y
    return (left - bleed * ("left" in outer), top - window.h - bleed * ("bottom" in outer),
            left + window.w + bleed * ("right" in outer), top + bleed * ("top" in outer))


CROP_GAP, CROP_LENGTH = 3.0, 12.0  # a crop mark's start past the art, and its length


def _crop_marks(canvas: Any, window: Window, outer: frozenset[Side], bleed: float,
                area: tuple[float, float, float, float]) -> None:
    """At each end of each of the piece's outer sides, its cut line carried on past the
    art onto the margin, for a ruler to lay along (the art runs ``bleed`` past the cut,
    so the cut needs marks, not a printed edge). A mark that would leave ``area``, where
    the page may print, is left off: the neighbouring piece's marks carry that line."""
    left, right = window.page_x, window.page_x + window.w
    top, bottom = window.page_y, window.page_y - window.h
    art_left, art_bottom, art_right, art_top = _bled_box(window, outer, bleed)
    start, end = CROP_GAP, CROP_GAP + CROP_LENGTH
    marks = []
    for y in [y for side, y in (("top", top), ("bottom", bottom)) if side in outer]:
        marks += [(art_left - start, y, art_left - end, y),
                  (art_right + start, y, art_right + end, y)]
    for x in [x for side, x in (("left", left), ("right", right)) if side in outer]:
        marks += [(x, art_bottom - start, x, art_bottom - end),
                  (x, art_top + start, x, art_top + end)]
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.5)
    low_x, low_y, high_x, high_y = area
    for x0, y0, x1, y1 in marks:
        if low_x <= x1 <= high_x and low_y <= y1 <= high_y:
            canvas.line(x0, y0, x1, y1)


def _glue_and_edges(canvas: Any, window: Window, parts: list[Window],
                    outer: frozenset[Side]) -> None:
    """A piece's grey glue strips (where its right and lower neighbours lie on it) and its
    inner edges: dashed where it is trimmed to lie on a neighbour's strip, solid where a
    strip ends. Its ``outer`` sides, the board's edges, have crop marks instead."""
    top = window.page_y
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
        if name in outer:
            continue  # cut along its crop marks: the art runs past it
        canvas.setDash(*((4, 3) if name in trimmed else ()))
        canvas.line(*line)
    canvas.setDash()


def render_board(spec: BoardSpec, drawing: Drawing, paper: Paper, game_title: str,
                 spaces: tuple[list[tuple[float, float]], float] = ([], 0.0),
                 marks: tuple[list[tuple[float, float]], float] = ([], 0.0),
                 accent: str = "#1a1a1a") -> tuple[bytes, list[Window]]:
    """The board PDF (its pages, then the assembly guide) and the windows it used.
    ``accent`` is the game's: the guide's step numbers are set in it, as the books'.

    ``spaces`` are the board's space centres and their reach (from
    :func:`pnp.draw.board.space_centres`): the registration targets keep off them.
    ``marks`` are its start spaces and their rings' reach: the seams keep off them.
    """
    centres, reach = spaces
    clearance = reach + TARGET_RADIUS * 1.6
    # the centres by square of the clearance's side: a point is checked against the
    # nine squares round its own, not every space of the board (the seams' search asks
    # some ten thousand points)
    buckets: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for centre in centres:
        buckets.setdefault((int(centre[0] // clearance), int(centre[1] // clearance)),
                           []).append(centre)

    def blocked(point: tuple[float, float]) -> bool:
        column, row = int(point[0] // clearance), int(point[1] // clearance)
        return any(math.dist(point, centre) < clearance
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   for centre in buckets.get((column + dx, row + dy), ()))

    buffer = io.BytesIO()
    paper_title = paper.title
    canvas = new_canvas(buffer, paper.width, paper.height,
                        f"{game_title} - board ({paper_title})",
                        f"Print-and-play board for {game_title}, in pages to assemble")
    define_form(canvas, "board", drawing)
    define_check_bar(canvas, paper)
    parts = windows(drawing.width, drawing.height, paper, *marks)
    total = len(parts) + 1
    for number, window in enumerate(parts, start=1):
        hint = ("trim the dashed edges, glue onto the grey strip" if window.row or window.column
                else "the first piece, which the others are glued onto")
        page_header(canvas, paper, f"{game_title} \u00b7 board \u00b7 {paper_title} \u00b7 "
                    f"piece {window.label} of {len(parts)}: {hint}", number, total)
        top = window.page_y
        outer = outer_sides(window, parts)
        art_left, art_bottom, art_right, art_top = _bled_box(window, outer, drawing.bleed)
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(art_left, art_bottom, art_right - art_left, art_top - art_bottom)
        canvas.clipPath(path, stroke=0, fill=0)
        # board point (bx, by) lands at (page_x + bx - window.x, top - (by - window.y))
        canvas.translate(window.page_x - window.x, top + window.y - drawing.height)
        canvas.doForm("board")
        canvas.restoreState()
        _glue_and_edges(canvas, window, parts, outer)
        _crop_marks(canvas, window, outer, drawing.bleed, mark_area(paper))
        targets = [(window.page_x + bx - window.x, top - (by - window.y))
                   for bx, by in seam_targets(window, parts, blocked if centres else None,
                                              margins_beyond(parts, paper))]
        for x, y in targets:
            _target(canvas, x, y)
        below_art = drawing.bleed if "bottom" in outer else 0.0
        _name_tab(canvas, window.label, _tab_corner(window, below_art), targets)
        canvas.showPage()
    _assembly_page(canvas, paper, drawing, parts, (game_title, accent), total)
    canvas.save()
    return buffer.getvalue(), parts


GUIDE_INK = (0.15, 0.15, 0.6)  # the guide's own marks, apart from the board's art
# the guide's steps: the books' measure, about 68 characters (across a whole page, a line
# of 150 had read as a form's small print)
GUIDE_MEASURE = 340.0
GUIDE_STRIP = 0.22  # how strongly the guide tints the strips where two pages overlap


def _glue_strips(canvas: Any, boxes: list[tuple[float, float, float, float]]) -> None:
    """The strips where two pages overlap, tinted: the glue goes there (the steps say so),
    and two outlines a few points apart had read as a doubled line across the board."""
    canvas.saveState()
    canvas.setFillColorRGB(*GUIDE_INK)
    canvas.setFillAlpha(GUIDE_STRIP)
    path = canvas.beginPath()  # one path, filled once: where strips cross, no darker
    for index, (x, y, w, h) in enumerate(boxes):
        for ox, oy, ow, oh in boxes[index + 1:]:
            left, bottom = max(x, ox), max(y, oy)
            right, top = min(x + w, ox + ow), min(y + h, oy + oh)
            if right > left and top > bottom:
                path.rect(left, bottom, right - left, top - bottom)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    canvas.restoreState()


def _guide_label(canvas: Any, label: str, centre: tuple[float, float]) -> None:
    """A page's name on a white tab in the guide's ink: set on the board's art itself, it
    had crossed the hexes' lines and starting spaces."""
    size = 14.0
    width = string_width(label, "bold", size) + 12
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setStrokeColorRGB(*GUIDE_INK)
    canvas.setLineWidth(1.2)
    canvas.roundRect(centre[0] - width / 2, centre[1] - 11, width, 22, 5, stroke=1, fill=1)
    canvas.setFillColorRGB(*GUIDE_INK)
    draw_text(canvas, centre[0], centre[1] - 5, label, "bold", size, "middle")
    canvas.restoreState()


def _assembly_page(canvas: Any, paper: Paper, drawing: Drawing, parts: list[Window],
                   game: tuple[str, str], total: int) -> None:
    """The whole board, small, with every page outlined and lettered; ``game`` is the
    game's title and accent colour."""
    game_title, accent_hex = game
    accent = HexColor(accent_hex).rgb()
    paper_title = paper.title
    page_header(canvas, paper, f"{game_title} \u00b7 board \u00b7 {paper_title} \u00b7 "
                "assembly guide", total, total)
    left, bottom, avail_w, avail_h = printable_area(paper)
    text_room = 120.0
    scale = min(avail_w / drawing.width, (avail_h - text_room) / drawing.height)
    x0 = left + (avail_w - drawing.width * scale) / 2
    y0 = bottom + (avail_h - text_room - drawing.height * scale) / 2
    # at its trim: the guide shows where pages go on the finished board, not the bleed
    trimmed = msgspec.structs.replace(drawing, bleed=0.0)
    define_form(canvas, "board-guide", without_small_text(trimmed, scale, MIN_TEXT))
    canvas.saveState()
    canvas.translate(x0, y0)
    canvas.scale(scale, scale)
    canvas.doForm("board-guide")
    canvas.restoreState()
    def box(window: Window) -> tuple[float, float, float, float]:
        return (x0 + window.x * scale, y0 + (drawing.height - window.y - window.h) * scale,
                window.w * scale, window.h * scale)

    _glue_strips(canvas, [box(window) for window in parts])
    canvas.setLineWidth(1.2)
    canvas.setStrokeColorRGB(*GUIDE_INK)
    for window in parts:
        canvas.rect(*box(window), stroke=1, fill=0)
    for window in parts:
        x, y, w, h = box(window)
        _guide_label(canvas, window.label, (x + w / 2, y + h / 2))
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    heading = f"Assembling the {game_title} board"
    top = bottom + avail_h
    draw_text(canvas, left, top - 14, heading, "display", 13)
    steps = [
        f"Print the {len(parts)} board pages at 100% scale on card or heavy paper.",
        "Trim every page along its dashed edges only: the left edge of every piece after "
        "the first column and the top edge of every piece below the first row. The solid "
        "edges and grey strips stay.",
        "Spread glue on a grey strip and lay the neighbouring piece on it, its trimmed edge "
        "along the strip\u2019s inner side: the half targets on its edge complete the whole ones.",
        "Work row by row: " + ", ".join(w.label for w in parts) + ". The outlines below show "
        "where each page goes. Last, cut the board\u2019s outer edges with a long ruler laid "
        "from crop mark to crop mark: the dark frame runs a little past the marks, so a cut "
        "slightly off shows no white.",
    ]
    y = top - 32
    measure = min(avail_w - 16, GUIDE_MEASURE)
    for index, step in enumerate(steps):
        for number, line in enumerate(wrap(step, "regular", 9, measure)):
            if number == 0:  # numbered as the books number their steps: bold, in the accent
                canvas.setFillColorRGB(*accent)
                draw_text(canvas, left, y, f"{index + 1}.", "bold", 9)
                canvas.setFillColorRGB(0.1, 0.1, 0.1)
            draw_text(canvas, left + 14, y, line, "regular", 9)
            y -= 11.5
    canvas.showPage()

