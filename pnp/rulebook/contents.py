"""The contents page, set in the same single pass as the book it lists.

A contents page needs the page of every heading, which is only known once
the headings are placed. Platypus's own answer lays the whole book out two or
three times. Ours lays it out once: the list of headings is known from the
template before layout, so each contents line has a fixed height whatever its
page number; the number itself is a PDF form that the line places now and the
book defines when the heading lands on its page (a PDF may define a form after
the page that uses it). One pass gives the same pages as several would.

Titles are drawn as plain strings, never parsed as markup.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from pnp.draw.fonts import pdf_font
from pnp.export import platypus
from pnp.export.pdfdraw import draw_text
from pnp.input.faces import FontRole, greedy_lines, string_width

# reportlab has no type hints: these names only say which of its objects is meant
Canvas = Any

NUMBER_SLOT = 18.0  # points at the right of a line kept for its page number
DOT_PITCH = 5.0  # leader dots sit on one grid, so their columns line up


class Heading(msgspec.Struct, frozen=True):
    """A numbered heading as the contents lists it."""

    level: int
    number: str
    title: str

    @property
    def text(self) -> str:
        return f"{self.number}  {self.title}"

    @property
    def form(self) -> str:
        """The name of the form that shows this heading's page number."""
        return "pnpPage" + self.number.replace(".", "_")


class LineStyle(msgspec.Struct, frozen=True):
    """How one level of the contents is set."""

    font: FontRole
    size: float
    leading: float
    indent: float
    space_before: float
    colour: str


LEVEL_STYLES = (
    LineStyle("bold", 10.5, 15.0, 0.0, 4.0, "#1f1a16"),
    LineStyle("regular", 9.5, 13.0, 18.0, 0.0, "#1f1a16"),
)


def style_of(level: int) -> LineStyle:
    return LEVEL_STYLES[min(level, len(LEVEL_STYLES)) - 1]


def define_page_number(canvas: Canvas, heading: Heading, page: int) -> None:
    """Define the form a contents line placed for ``heading``: its page, right-aligned."""
    style = style_of(heading.level)
    canvas.beginForm(heading.form, 0, -style.size, NUMBER_SLOT, style.size)
    canvas.setFont(pdf_font(style.font), style.size)
    canvas.setFillColor(style.colour)
    canvas.drawRightString(NUMBER_SLOT, 0, str(page))
    canvas.endForm()


class ContentsLine(platypus.Flowable):
    """One heading in the contents: its title, a dot leader and its page number."""

    def __init__(self, heading: Heading) -> None:
        super().__init__()
        self.heading = heading
        self.style = style_of(heading.level)
        self.lines: list[str] = []

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        style = self.style
        room = available_width - style.indent - NUMBER_SLOT - 2 * DOT_PITCH
        self.width = available_width
        # split at single spaces, so the two after the number stay as typed
        self.lines = greedy_lines(self.heading.text.split(" "), style.font, style.size,
                                  room)
        self.height = style.leading * len(self.lines)
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        return self.style.space_before

    def draw(self) -> None:
        canvas, style = self.canv, self.style
        role = style.font
        canvas.setFillColor(style.colour)
        top_gap = (style.leading - style.size) / 2
        baseline = self.height - style.leading + top_gap + 0.22 * style.size
        for index, line in enumerate(self.lines):
            draw_text(canvas, style.indent, baseline - index * style.leading, line, role,
                      style.size)
        last = baseline - (len(self.lines) - 1) * style.leading
        text_end = style.indent + string_width(self.lines[-1], role, style.size)
        first_dot = math.ceil((text_end + DOT_PITCH) / DOT_PITCH) * DOT_PITCH
        last_dot = self.width - NUMBER_SLOT - 3.0
        if first_dot <= last_dot:
            canvas.saveState()
            canvas.setStrokeColor(style.colour)
            canvas.setLineWidth(1.1 if role == "bold" else 0.9)
            canvas.setLineCap(1)  # zero-length dashes with round caps draw as dots
            canvas.setDash([0, DOT_PITCH], 0)
            canvas.line(first_dot, last + 0.8, last_dot + 0.01, last + 0.8)
            canvas.restoreState()
        canvas.saveState()
        canvas.translate(self.width - NUMBER_SLOT, last)
        canvas.doForm(self.heading.form)
        canvas.restoreState()


BOOK_PAGES = "pnpBookPages"  # the form that shows how many pages the book has
BOOKLET_SHEETS = "pnpBookletSheets"  # and how many sheets its booklet takes
COUNT_WIDTH = 50.0  # points kept for a count's words
COUNT_SIZE, COUNT_LEADING = 9.0, 11.5  # as a table cell's text


def define_counts(canvas: Canvas, pages: int, booklet: bool) -> None:
    """Define the forms the printing table shows for the book's own size, once the book is
    laid out: its pages, and (where the build makes one) the sheets a two-up booklet of it
    takes, four pages a sheet. A file holds no form it does not show."""
    counts = [(BOOK_PAGES, f"{pages} pages")]
    if booklet:
        counts.append((BOOKLET_SHEETS, f"{math.ceil(pages / 4)} sheets"))
    for form, words in counts:
        canvas.beginForm(form, 0, -COUNT_SIZE, COUNT_WIDTH, COUNT_SIZE)
        canvas.setFont(pdf_font("regular"), COUNT_SIZE)
        canvas.setFillColor("#1f1a16")
        canvas.drawString(0, 0, words)
        canvas.endForm()


class Count(platypus.Flowable):
    """A table cell's words that only the finished book knows (its own page count): a
    form of fixed width, defined once the book is laid out."""

    def __init__(self, form: str) -> None:
        super().__init__()
        self.form = form

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return min(COUNT_WIDTH, available_width), COUNT_LEADING

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.translate(0, COUNT_LEADING - COUNT_SIZE)
        self.canv.doForm(self.form)
        self.canv.restoreState()
