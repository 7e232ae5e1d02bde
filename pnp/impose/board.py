"""A board too big for one sheet, split into overlapping page windows with glue seams."""

from __future__ import annotations

import math
from collections.abc import Callable

import msgspec

from pnp.impose.layout import FOOTER_BAND, HEADER_BAND, SAFE_MARGIN
from pnp.model.paper import Paper
from pnp.units import inches

OVERLAP = inches(0.5)  # glue strip shared by neighbouring pages


class Window(msgspec.Struct, frozen=True):
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


Point = tuple[float, float]


def seam_targets(window: Window, all_windows: list[Window],
                 blocked: Callable[[Point], bool] | None = None) -> list[Point]:
    """Board points of the targets on this window's seams, centred on the seam lines.

    A seam is the left (or top) edge of the later page, where it is trimmed.
    The earlier page prints whole targets there; the trimmed later page keeps
    half of each, which must complete the earlier page's targets when laid on.
    Where ``blocked`` says a point is on the board's playing spaces, the targets
    go only where the seam reaches the board's clear frame: one at each end
    that has it. A seam across the board's middle has its frame at one end
    only, and one target there is enough, since the trimmed edge laid along the
    strip's line already fixes the angle. A seam clear at neither end keeps two
    targets at its quarters.
    """
    points: list[Point] = []
    for other in all_windows:
        if other.row == window.row and abs(other.column - window.column) == 1:
            seam_x = max(window.x, other.x)
            points += _along((seam_x, window.y), (0.0, window.h), blocked)
        if other.column == window.column and abs(other.row - window.row) == 1:
            seam_y = max(window.y, other.y)
            points += _along((window.x, seam_y), (window.w, 0.0), blocked)
    return points


def _along(start: Point, span: Point, blocked: Callable[[Point], bool] | None) -> list[Point]:
    """Two target points on the seam from ``start`` across ``span``: clear of the spaces
    where it can be, and apart."""
    def at(share: float) -> Point:
        return start[0] + span[0] * share, start[1] + span[1] * share

    shares = [0.25, 0.75]
    if blocked is not None:
        clear = [share for share in (step / 200 for step in range(1, 200))
                 if not blocked(at(share))]
        # the first clear point if it is near the start, the last if near the end: a
        # short clear stretch at one end holds one target, not two side by side
        ends = [share for share in clear[:1] if share < 0.25] + \
            [share for share in clear[-1:] if share > 0.75]
        if ends:
            shares = sorted(set(ends))
    return [at(share) for share in shares]
