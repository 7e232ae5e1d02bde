"""The book's page: the text block every page sets its text in, and where it sits on
each paper's edition (see :mod:`pnp.rulebook.editions`)."""

from __future__ import annotations

from pnp.impose.layout import SAFE_MARGIN
from pnp.rulebook.editions import book_page

MARGIN = SAFE_MARGIN + 30.0  # top and bottom of the text block
# The text block is as wide as about 68 characters of 10.5 pt body text: lines of
# 55 to 75 characters read best, and the full page width held over 100. Everything
# in the body (text, tables, notes, pictures) keeps to it: the frame has no side padding.
MEASURE = 348.0


def text_block() -> tuple[float, float, float, float]:
    """Where the text goes on the book's page (see :mod:`pnp.rulebook.editions`): left,
    bottom, width and height, in points."""
    width, height = book_page()
    return (width - MEASURE) / 2, MARGIN, MEASURE, height - 2 * MARGIN

