"""Typeset a rulebook with Platypus: the document, its page templates and its story.

The words come from ``templates/<game>/rulebook.md``; everything that depends
on the tileset (components and counts, thumbnails, how to print, diagrams
drawn with the game's own tiles) is generated, so a changed count changes
the rulebook. This module joins the parts, each in a module of its own:
Markdown (:mod:`~pnp.rulebook.markdown`), tables (:mod:`~pnp.rulebook.tables`),
the components list and the printing section, figures, the type
(:mod:`~pnp.rulebook.paragraphs`), the page (:mod:`~pnp.rulebook.page`), and
the editions each paper gets (:mod:`~pnp.rulebook.editions`). Art stays
vector: each design becomes one form, placed wherever it appears.
"""

from __future__ import annotations

import functools
import io
import zlib
from typing import TYPE_CHECKING, Any

from reportlab.platypus import (
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)
from reportlab.platypus.doctemplate import LayoutError

from pnp import __version__
from pnp.draw.fonts import pdf_font
from pnp.errors import InputError, Where
from pnp.export import markup
from pnp.export.pdf import binary_streams
from pnp.export.pdfdraw import draw_text
from pnp.export.reportlab_private import lay_out_only
from pnp.impose.layout import SAFE_MARGIN
from pnp.model.paper import Paper, paper_named
from pnp.model.tileset import Tileset
from pnp.rulebook.components import components_table
from pnp.rulebook.contents import ContentsLine, Heading, define_page_number
from pnp.rulebook.cover import draw_cover
from pnp.rulebook.designs import Designs, place_form
from pnp.rulebook.editions import EditionsCanvas, book_page, write_editions
from pnp.rulebook.figures import DiagramFlowable
from pnp.rulebook.floats import Float, KeepWithStart, let_text_overtake
from pnp.rulebook.markdown import Numbering, chapter_break, markdown_flowables
from pnp.rulebook.page import text_block
from pnp.rulebook.paragraphs import MUTED, TYPESET, Paragraph, Typeset, colour, styles
from pnp.rulebook.platypus import platypus_class
from pnp.rulebook.printing import how_to_print
from pnp.rulebook.shown import shown_tiles
from pnp.rulebook.source import Source
from pnp.rulebook.whole import TooTall

if TYPE_CHECKING:
    from markdown_it.token import Token


# reportlab has no type hints: these names only say which of its objects is meant
Canvas = Any
Flowable = Any
Style = Any  # a ParagraphStyle


class Book(platypus_class("BaseDocTemplate")):  # type: ignore[misc]  # reportlab is untyped
    """A rulebook document: numbered headings feed the contents and the PDF outline.

    The book is laid out once. As each heading lands on its page, the book
    bookmarks it for the outline and defines the form that the contents page
    (already drawn) shows as that heading's page number.
    """

    outline_level = -1  # of the last bookmark: a bookmark may go at most one level deeper

    def filterFlowables(self, flowables: list[Flowable]) -> None:
        """Before placing the next flowable, let text overtake a float that cannot fit."""
        if hasattr(self, "frame"):  # none yet while the first page is being started
            let_text_overtake(flowables, self.frame)

    def afterFlowable(self, flowable: Flowable) -> None:
        heading = getattr(flowable, "toc_entry", None)
        if isinstance(heading, Heading):
            key = f"h{zlib.crc32(heading.text.encode()):08x}"
            self.canv.bookmarkPage(key)
            # a template may open with '##' or skip from '#' to '###'; PDF bookmarks may not
            depth = min(heading.level - 1, self.outline_level + 1)
            self.outline_level = depth
            self.canv.addOutlineEntry(heading.text, key, level=depth, closed=depth > 0)
            define_page_number(self.canv, heading, self.page)


def render_rulebook(tileset: Tileset, source: Source, paper: Paper,
                    designs: Designs | None = None) -> bytes:
    """One paper's edition of the rulebook, as reproducible PDF bytes."""
    return typeset_rulebook(tileset, source, designs)[0][paper.name]


def typeset_rulebook(tileset: Tileset, source: Source,
                     designs: Designs | None = None) -> tuple[dict[str, bytes], int]:
    """Every paper's edition of the rulebook (PDF bytes by paper name) and its number of
    pages, the same in each, which the manifest lists.

    Platypus knows the count when it finishes; reading the PDF back to count
    its pages would load a PDF reader into every build.
    """
    designs = designs or Designs(tileset)
    shared = TYPESET.set(Typeset())
    try:
        return _typeset(tileset, source, designs)
    finally:
        TYPESET.reset(shared)


def _typeset(tileset: Tileset, source: Source,
             designs: Designs) -> tuple[dict[str, bytes], int]:
    """typeset_rulebook, with the book's :class:`Typeset` at hand."""
    binary_streams()
    sheet = styles()
    left, bottom, width, height = text_block()
    title = f"{tileset.title} - rules"

    doc = Book(io.BytesIO(), pagesize=book_page(), invariant=1, title=title,
               author="pnp", subject=f"Rules of {tileset.title}, print-and-play edition",
               creator=f"pnp {__version__}", producer=f"pnp {__version__}",
               initialFontName=pdf_font("regular"), initialFontSize=10,
               leftMargin=left, rightMargin=left, topMargin=bottom, bottomMargin=bottom,
               keepTogetherClass=KeepWithStart)  # how keepWithNext groups flowables
    lay_out_only(doc)  # the editions are written below, from the canvas
    frame = Frame(left, bottom, width, height, id="body", leftPadding=0, rightPadding=0)

    def on_cover(canvas: EditionsCanvas, document: Book) -> None:
        canvas.per_paper(lambda paper: draw_cover(
            canvas, tileset, paper, designs.shown,
            lambda key, drawing, scale: place_form(canvas, key, drawing, designs.recorder, scale)),
            whole_page=True)

    def on_body(canvas: Canvas, document: Book) -> None:
        canvas.saveState()
        running = f"{tileset.title} \u00b7 rules"
        canvas.setFillColor(colour(MUTED))
        draw_text(canvas, left, SAFE_MARGIN + 8, running, "regular", 8)
        draw_text(canvas, left + width, SAFE_MARGIN + 8, str(document.page), "regular", 8,
                  "end")
        canvas.restoreState()

    doc.addPageTemplates([
        PageTemplate("cover", [frame], onPage=on_cover),
        PageTemplate("body", [frame], onPage=on_body),
    ])
    story: list[Flowable] = []
    numbering = Numbering()
    for block in source.blocks:
        if block.kind == "markdown":
            story.extend(_markdown(source, block.tokens, sheet, numbering, width))
        elif block.kind == "components":
            story.extend(components_table(designs, sheet))
        elif block.kind == "how-to-print":
            story.extend(how_to_print(tileset, sheet, designs.options))
        elif block.kind == "tiles":
            story.extend(shown_tiles(designs, block.shown, sheet))
        elif block.kind == "page-break":  # a new page, unless most of this one is left
            story.append(chapter_break())
        elif block.kind == "diagram" and block.diagram is not None:
            figure = DiagramFlowable(designs, block.diagram, width)
            figure.hAlign = "CENTER"
            caption = Paragraph(markup.text(block.diagram.caption), sheet["caption"])
            story.append(Float([Spacer(1, 10), figure, caption, Spacer(1, 6)]))
    # the credit goes at the very end, on the back page, never among the rules
    # (a float, so no text overtakes it: it stays behind a quick reference that floats)
    story.append(Float([Spacer(1, 18), Paragraph(markup.text(f"{CREDIT} {__version__}."),
                                                 sheet["caption"])]))
    contents = [ContentsLine(heading) for heading in numbering.headings]
    heading = Paragraph(markup.text("Contents"), sheet["h1"])
    try:
        doc.build([NextPageTemplate("body"), PageBreak(), heading, *contents, PageBreak(),
                   *story], canvasmaker=functools.partial(EditionsCanvas, papers=tuple(
                       map(paper_named, designs.options.papers))))
    except LayoutError:  # what whole.py did not foresee: still the template's, not a crash
        raise InputError(Where(str(source.path)), "a block of this rulebook is taller than a "
                         "page and cannot be split", allowed="shorter table cells and quoted "
                         "blocks") from None
    return write_editions(doc.canv), int(doc.page)


CREDIT = "This print-and-play edition was made with pnp"  # and its version


def _markdown(source: Source, tokens: tuple[Token, ...], sheet: dict[str, Style],
              numbering: Numbering, width: float) -> list[Flowable]:
    """markdown_flowables, with a block too tall for any page refused at its line."""
    try:
        return markdown_flowables(tokens, sheet, numbering, width)
    except TooTall as tall:
        raise InputError(Where(str(source.path), tall.line), f"{tall.what} is taller than a "
                         "page and cannot be split", found=f"{tall.height:,.0f} pt of text",
                         allowed=f"at most {tall.room:,.0f} pt, a page's text: shorter cells, "
                                 "or the text outside the table or quote") from None
