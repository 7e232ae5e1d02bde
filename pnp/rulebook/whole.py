"""Blocks that cannot be split across pages must fit on one.

reportlab splits a table between its rows and a paragraph between its lines,
but never a table row or a quoted box (which is one cell): one taller than
the text block stops the whole book with a LayoutError. A template is text
anyone may write, so such a block is measured when it is made, and refused
with the line it starts on instead.
"""

from __future__ import annotations

from typing import Any

from pnp.export.reportlab_private import stacked_height

Flowable = Any  # reportlab is untyped
# Room left for the padding and rules the table styles add around a cell's text.
CELL_PADDING_X = 12.0
CELL_PADDING_Y = 8.0


class TooTall(Exception):
    """A block at ``line`` of the template is taller than a page's text block."""

    def __init__(self, line: int, what: str, height: float, room: float) -> None:
        super().__init__(f"{what} at line {line} is {height:.0f} pt tall")
        self.line, self.what, self.height, self.room = line, what, height, room


def stack_height(flowables: list[Flowable], width: float) -> float:
    """The height of ``flowables`` set one under the other at ``width``, spacing between
    them included, measured as Platypus measures a block it keeps together (a list
    needs this: it cannot be wrapped on its own without a canvas)."""
    return stacked_height(flowables, width)


def check_rows(rows: list[list[Flowable]], widths: list[float], room: float, line: int) -> None:
    """Refuse a table with a row that cannot fit ``room`` under the heading row, which
    is repeated at the top of every page the table reaches."""
    heading = 0.0
    for number, row in enumerate(rows):
        height = CELL_PADDING_Y + max(
            (stack_height(cell if isinstance(cell, list) else [cell], width - CELL_PADDING_X)
             for cell, width in zip(row, widths, strict=False)), default=0.0)
        if heading + height > room - CELL_PADDING_Y:
            what = "the table's heading row" if number == 0 else f"row {number} of a table"
            raise TooTall(line, what, heading + height, room - CELL_PADDING_Y)
        if number == 0:
            heading = height


def check_box(children: list[Flowable], width: float, room: float, line: int) -> None:
    """Refuse a quoted box taller than ``room``."""
    height = stack_height(children, width - 2 * CELL_PADDING_X) + CELL_PADDING_Y
    if height > room - CELL_PADDING_Y:
        raise TooTall(line, "a quoted block", height, room - CELL_PADDING_Y)
