"""A rulebook laid out once and written as one PDF per paper: its editions.

Typesetting is most of a build's work, and a book's editions differ only
where the paper itself shows: the cover, which fills the page, and the check
bars, which measure a length chosen for each paper. So the book is laid out
once, on the page both home papers hold (A4's width, Letter's height), and
each edition is written from that one layout: the same pages, each centred
on its paper, with the text on the same page numbers in all (a player on
Letter and one on A4 can point each other to a page). A paper smaller than
that page (a size of the player's own) gets it shrunk to fit, with its
cover and check bars still drawn at their true size. The few drawings that
depend on the paper are *slots*: each is drawn once per paper into the same
document, and an edition's pages carry only its own paper's drawing. The
editions share their fonts, forms and outline, so writing a second one
costs only the writing.

reportlab has no notion of this: the canvas here keeps each page's drawing
operators, with the slots marked, and writes every edition from that one
document by setting each page's box, operators and forms before each write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.export.reportlab_private import (
    document_of,
    document_pages,
    drawing_a_form,
    finished_page,
    forms_reached,
    forms_shown,
    has_crop_marks,
    operators,
    page_extras,
    set_page,
    swap_page,
    write_document,
)
from pnp.model.paper import HOME_PAPERS, PAPERS, Paper


def book_page() -> tuple[float, float]:
    """The width and height of the book's page: the largest every home paper holds whole.

    Fixed, whatever papers a build asks for, so a page number means the same
    page in every edition and a build's papers never move a line of text.
    """
    homes = [PAPERS[name] for name in HOME_PAPERS]
    return min(paper.width for paper in homes), min(paper.height for paper in homes)


class Placing(NamedTuple):
    """How the book's page sits on a paper: scaled (only ever down, to fit a paper
    smaller than the page), then moved to the paper's centre (points, y up)."""

    scale: float
    right: float
    up: float


def placing(paper: Paper) -> Placing:
    """Where the book's page goes on ``paper``: centred, and shrunk only if it must be."""
    width, height = book_page()
    scale = min(1.0, paper.width / width, paper.height / height)
    return Placing(scale, (paper.width - width * scale) / 2, (paper.height - height * scale) / 2)


class _Slot(str):
    """Where a page's operators take one paper's drawing: empty text for reportlab,
    which joins a page's operators as text, and a number for :func:`write_editions`."""

    number: int

    def __new__(cls, number: int) -> _Slot:
        slot = super().__new__(cls, "")
        slot.number = number
        return slot


# One paper's drawing of a slot: its operators and the forms it shows.
Drawn = tuple[str, list[str]]
# One edition's page: its operators, and the forms they show.
EditionPage = tuple[str, list[str]]


class EditionsCanvas(Canvas):
    """A canvas for the book's page that keeps what :func:`write_editions` needs, for
    the editions of ``papers``.

    Platypus makes its canvas itself; pass ``functools.partial(EditionsCanvas,
    papers=...)`` as the document's ``canvasmaker``.
    """

    def __init__(self, *args: Any, papers: Sequence[Paper], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if has_crop_marks(self):
            raise ValueError("crop marks change a page's operators after it is kept")
        self.papers = tuple(papers)
        self.slots: list[dict[str, Drawn]] = []
        self.pages: list[tuple[list[str], list[str]]] = []  # operators and forms, per page
        self.in_slot = False

    def per_paper(self, drawing: Callable[[Paper], None], whole_page: bool = False) -> None:
        """Draw here, once for each paper, what differs by paper.

        With ``whole_page`` each paper draws on its own page (the origin at its
        corner), not the book's; otherwise at the current position, as any
        drawing does. A slot holds drawing operators and forms only: a form,
        another slot, a link or a colour space of its own would reach every
        edition or none, so they are refused.
        """
        if drawing_a_form(self) or self.in_slot:
            raise RuntimeError("a slot may not be drawn inside a form or another slot")
        extras = page_extras(self)
        drawn = {}
        self.in_slot = True
        try:
            for paper in self.papers:
                kept = swap_page(self, [], [])
                self.saveState()
                place = placing(paper)
                if place.scale != 1.0:  # undone, so the paper's drawing keeps its true size
                    self.scale(1 / place.scale, 1 / place.scale)
                if whole_page:
                    self.translate(-place.right, -place.up)
                drawing(paper)
                self.restoreState()
                drawn[paper.name] = ("\n".join(operators(self)), forms_shown(self))
                swap_page(self, *kept)
        finally:
            self.in_slot = False
        if page_extras(self) != extras:
            raise RuntimeError("a slot may hold drawing operators and forms, nothing else")
        operators(self).append(_Slot(len(self.slots)))
        self.slots.append(drawn)

    def showPage(self) -> None:  # reportlab's name for it
        self.pages.append((finished_page(self), list(forms_shown(self))))
        super().showPage()

    def edition(self, paper: Paper) -> list[EditionPage]:
        """Each page as ``paper``'s edition has it: moved to the paper's centre (and shrunk
        to fit a paper smaller than the book's page), with that paper's drawing in
        each slot."""
        scale, right, up = placing(paper)
        pages = []
        for code, forms in self.pages:
            lines = [f"{fp_str(scale, 0, 0, scale, right, up)} cm"]
            shown = list(forms)
            for line in code:
                if isinstance(line, _Slot):
                    text, slot_forms = self.slots[line.number][paper.name]
                    lines.append(text)
                    shown += slot_forms
                else:
                    lines.append(line)
            pages.append(("\n".join(lines) + "\n", shown))
        return pages


def write_editions(canvas: EditionsCanvas) -> dict[str, bytes]:
    """Every paper's PDF of the finished book on ``canvas``, by paper name (call once).

    Every paper the canvas was made for, in its order. Each gets its own file
    identifier, since the files differ. A form only another paper's slots
    show (a tile only the other paper's cover has room for) is written as an
    empty object, so an edition carries no art it does not print and every
    edition keeps the same object numbers.
    """
    if operators(canvas):
        canvas.showPage()
    document = document_of(canvas)
    editions = [canvas.edition(paper) for paper in canvas.papers]
    shown = [forms_reached(document, {name for _, forms in pages for name in forms})
             for pages in editions]
    written = {}
    for index, (paper, pages) in enumerate(zip(canvas.papers, editions, strict=True)):
        for page, (code, forms) in zip(document_pages(document), pages, strict=True):
            set_page(page, paper.width, paper.height, code, forms, document)
        unseen = set().union(*shown) - shown[index]
        written[paper.name] = write_document(document, canvas, index == 0,
                                             paper.name.encode(), unseen)
    return written
