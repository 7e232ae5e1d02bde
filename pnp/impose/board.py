"""A board too big for one sheet, split into overlapping page windows with glue seams."""

from __future__ import annotations

import math

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


def seam_targets(window: Window, all_windows: list[Window]) -> list[tuple[float, float]]:
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
