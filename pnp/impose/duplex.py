"""Duplex alignment: where a back lands, how to correct it, and the calibration sheet's strokes.

Home printers rarely print the second side exactly behind the first: the
backs of a sheet land a millimetre or two off, the same way on every sheet.
The user measures that once with the calibration sheet and saves the
correction as a printer profile; every back is then moved by it.

An offset is always given as the user sees it, looking at the fronts: x to
the right, y up, in points. A back page is printed on the other side, so a
move in the front's frame is a move in the back page's own frame with one
axis reversed: x for a flip on the long edge (the sheet turns about its
vertical axis), y for a flip on the short edge.

The calibration sheet is a row and a column of stroke pairs. In each pair
one stroke is on the front and one, meant to continue it, on the back; pair
``k`` puts its back stroke ``k`` half-millimetres off on purpose. Held up to
a light, the pair whose strokes make one straight line is the one whose
deliberate offset cancels the printer's error, so its number is the
correction itself: what the user types into ``pnp profile set``.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from pnp.impose.layout import Page, Placement, SheetPlan
from pnp.model.paper import Duplex, Paper
from pnp.units import mm

STEP = mm(0.5)  # between the deliberate offsets of neighbouring pairs
PAIRS = range(-10, 11)  # corrections from -5 mm to +5 mm
PITCH = mm(8)  # between neighbouring pairs, along the row or the column
STROKE = mm(9)  # length of each half of a pair


def back_shift(offset: tuple[float, float], duplex: Duplex) -> tuple[float, float]:
    """How far to move the art of a back page, in its own frame, to move it ``offset`` as seen
    from the front."""
    dx, dy = offset
    if duplex == "short":
        return dx, -dy
    return -dx, dy


def back_point(paper: Paper, x: float, y: float, duplex: Duplex) -> tuple[float, float]:
    """Where a point of the front, seen through the paper, lies on the back page."""
    if duplex == "short":
        return x, paper.height - y
    return paper.width - x, y


def shift_backs(plan: SheetPlan, offset: tuple[float, float]) -> SheetPlan:
    """``plan`` with every back moved by ``offset`` (seen from the front); fronts stay put."""
    if offset == (0.0, 0.0) or plan.duplex == "none":
        return plan
    dx, dy = back_shift(offset, plan.duplex)

    def moved(page: Page) -> Page:
        if page.side != "back":
            return page
        placements: tuple[Placement, ...] = tuple(
            placement._replace(x=placement.x + dx, y=placement.y + dy)
            for placement in page.placements)
        return replace(page, placements=placements)

    return replace(plan, pages=tuple(moved(page) for page in plan.pages))


class StrokePair(msgspec.Struct, frozen=True):
    """One pair of the calibration sheet, in the front's frame.

    ``axis`` is "x" for the row (vertical strokes, read left to right) and
    "y" for the column (horizontal strokes). ``front`` and ``back`` are the
    segments' ends as (x1, y1, x2, y2); the back one is drawn on the back
    page at :func:`back_point` of these.
    """

    axis: str
    correction: float  # points: the offset to save when this pair lines up
    front: tuple[float, float, float, float]
    back: tuple[float, float, float, float]

    @property
    def label(self) -> str:
        """The correction in millimetres, as the user types it: "+1.5", "0", "-2"."""
        value = round(self.correction / mm(1), 1)
        if value == 0:
            return "0"
        return f"{value:+g}"


def calibration_pairs(paper: Paper) -> tuple[StrokePair, ...]:
    """The row (for x) and the column (for y) of stroke pairs, centred on the page."""
    cx, cy = paper.width / 2, paper.height / 2
    y_row = cy + mm(95)  # the row runs across the top, above the column's end
    x_col = cx - mm(60)  # the column runs down the left, the instructions beside it
    pairs: list[StrokePair] = []
    for k in PAIRS:
        correction = k * STEP
        x = cx + k * PITCH
        pairs.append(StrokePair("x", correction, (x, y_row, x, y_row + STROKE),
                                (x + correction, y_row - STROKE, x + correction, y_row)))
        y = cy - mm(10) + k * PITCH
        pairs.append(StrokePair("y", correction, (x_col - STROKE, y, x_col, y),
                                (x_col, y + correction, x_col + STROKE, y + correction)))
    return tuple(pairs)
