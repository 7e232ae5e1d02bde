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

import msgspec

from pnp import __version__
from pnp.draw.fonts import pdf_font
from pnp.draw.scene import Drawing
from pnp.errors import InputError, Where
from pnp.export import markup, platypus
from pnp.export.pdf import binary_streams
from pnp.export.pdfdraw import draw_text
from pnp.export.platypus import (
    Frame,
    LayoutError,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)
from pnp.export.reportlab_private import lay_out_only
from pnp.impose.layout import SAFE_MARGIN
from pnp.model.tileset import Tileset
from pnp.model.typography import curly_quotes, last_words_together
from pnp.rulebook.components import components_table
from pnp.rulebook.compose import PADDING, compose, lay, units_of
from pnp.rulebook.contents import ContentsLine, Heading, define_counts, define_page_number
from pnp.rulebook.cover import draw_cover
from pnp.rulebook.designs import Designs, place_form
from pnp.rulebook.editions import EditionsCanvas, book_page, write_editions
from pnp.rulebook.figures import DiagramFlowable, Figure
from pnp.rulebook.markdown import Numbering, markdown_flowables
from pnp.rulebook.page import text_block
from pnp.rulebook.paragraphs import MUTED, TYPESET, Paragraph, Typeset, colour, styles
from pnp.rulebook.printing import SCALE_PAGE, ScaleCheck, draw_scale_page, how_to_print
from pnp.rulebook.readings import ReadingsChapter, gather_readings
from pnp.rulebook.shown import shown_tiles
from pnp.rulebook.source import Diagram, Source
from pnp.rulebook.whole import TooTall

if TYPE_CHECKING:
    from markdown_it.token import Token


# reportlab has no type hints: these names only say which of its objects is meant
Canvas = Any
Flowable = Any
Style = Any  # a ParagraphStyle


class Book(platypus.BaseDocTemplate):
    """A rulebook document: numbered headings feed the contents and the PDF outline.

    The book is laid out once, on the pages :mod:`~pnp.rulebook.compose` chose:
    Platypus is handed every page's blocks already split, and only draws them.
    As each heading lands on its page, the book bookmarks it for the outline and
    defines the form that the contents page (already drawn) shows as that
    heading's page number.
    """

    outline_level = -1  # of the last bookmark: a bookmark may go at most one level deeper
    planned: dict[int, int]  # flowable id -> its page, counted from the story's first
    origin: int | None = None  # the page number of the story's first page
    landed = 0  # planned flowables placed so far

    def handle_keepWithNext(self, flowables: list[Flowable]) -> None:
        """Nothing to group: the composer kept each heading with what it introduces."""

    def afterFlowable(self, flowable: Flowable) -> None:
        self._check_page(flowable)
        heading = getattr(flowable, "toc_entry", None)
        if isinstance(heading, Heading):
            key = f"h{zlib.crc32(heading.text.encode()):08x}"
            self.canv.bookmarkPage(key)
            # a template may open with '##' or skip from '#' to '###'; PDF bookmarks may not
            depth = min(heading.level - 1, self.outline_level + 1)
            self.outline_level = depth
            self.canv.addOutlineEntry(heading.text, key, level=depth, closed=depth > 0)
            define_page_number(self.canv, heading, self.page)

    def _check_page(self, flowable: Flowable) -> None:
        """Refuse a block that landed on another page than the composer chose for it:
        the composer measured it wrongly, and the book would not be the one it chose."""
        planned = self.planned.get(id(flowable))
        if planned is None:
            return
        self.landed += 1
        if self.origin is None:
            self.origin = self.page - planned
        elif self.page - self.origin != planned:
            raise RuntimeError(f"the page composer put a {type(flowable).__name__} on page "
                               f"{planned + self.origin}; Platypus set it on {self.page}")


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
    title = f"{tileset.book_title} - rules"

    doc = Book(io.BytesIO(), pagesize=book_page(), invariant=1, title=title,
               author="pnp", subject=f"Rules of {tileset.book_title}, print-and-play edition",
               creator=f"pnp {__version__}", producer=f"pnp {__version__}",
               initialFontName=pdf_font("regular"), initialFontSize=10,
               leftMargin=left, rightMargin=left, topMargin=bottom, bottomMargin=bottom)
    lay_out_only(doc)  # the editions are written below, from the canvas
    frame = Frame(left, bottom, width, height, id="body", leftPadding=0, rightPadding=0)

    def on_cover(canvas: EditionsCanvas, document: Book) -> None:
        canvas.per_paper(lambda paper: draw_cover(
            canvas, tileset, paper, lambda name, scale, bare, turns: _cover_tile(
                designs, name, scale, bare, turns),
            lambda key, drawing, scale: place_form(canvas, key, drawing, designs, scale)),
            whole_page=True)

    def on_body(canvas: Canvas, document: Book) -> None:
        if scale_page is not None:
            canvas.setNamedCB(SCALE_PAGE, lambda canvas, kind, label: draw_scale_page(
                (document.origin or 0) + scale_page, canvas))
        canvas.saveState()
        running = f"{tileset.book_title} \u00b7 rules"
        canvas.setFillColor(colour(MUTED))
        draw_text(canvas, left, SAFE_MARGIN + 8, running, "regular", 8)
        draw_text(canvas, left + width, SAFE_MARGIN + 8, str(document.page), "regular", 8,
                  "end")
        canvas.restoreState()

    doc.addPageTemplates([
        PageTemplate("cover", [frame], onPage=on_cover),
        PageTemplate("body", [frame], onPage=on_body),
    ])
    numbering = Numbering()
    story = _story(tileset, source, designs, sheet, numbering, width)
    # the credits go at the very end, on the back page, never among the rules
    story += [Spacer(1, 18), *_credits(tileset, sheet)]
    units = units_of(story, width)
    laid = lay(units, compose(units, height - 2 * PADDING), width)
    doc.planned = laid.pages
    # the page the check bars land on, counted from the story's first, for the step
    # that sends the reader to it
    scale_page = next((laid.pages[id(block)] for block in laid.story
                       if isinstance(block, ScaleCheck)), None)
    contents = [ContentsLine(heading) for heading in numbering.headings]
    heading = Paragraph(markup.text("Contents"), sheet["h1"])
    try:
        doc.build([NextPageTemplate("body"), PageBreak(), heading, *contents, PageBreak(),
                   *laid.story], canvasmaker=functools.partial(EditionsCanvas,
                                                 papers=designs.options.papers))
    except LayoutError:  # what whole.py did not foresee: still the template's, not a crash
        raise InputError(Where(str(source.path)), "a block of this rulebook is taller than a "
                         "page and cannot be split", allowed="shorter table cells and quoted "
                         "blocks") from None
    define_counts(doc.canv, int(doc.page), designs.options.booklet)
    if doc.landed != len(laid.pages):
        raise RuntimeError(f"the page composer laid {len(laid.pages)} blocks; Platypus set "
                           f"{doc.landed} of them")
    return write_editions(doc.canv), int(doc.page)


def _story(tileset: Tileset, source: Source, designs: Designs, sheet: dict[str, Style],
           numbering: Numbering, width: float) -> list[Flowable]:
    """The book's blocks in reading order: the template's text and what its directives
    generate. Diagrams written one after another become one figure, never split."""
    story: list[Flowable] = []
    diagrams: list[Diagram] = []

    def end_figure() -> None:
        if diagrams:
            story.append(Figure(functools.partial(_panels, designs, tuple(diagrams), sheet,
                                                  width)))
            diagrams.clear()

    for block in source.blocks:
        if block.kind == "diagram" and block.diagram is not None:
            diagrams.append(block.diagram)
            continue
        made: list[Flowable] = []
        if block.kind == "markdown":
            made = _markdown(source, block.tokens, sheet, numbering, width)
        elif block.kind == "components":
            made = components_table(designs, sheet)
        elif block.kind == "how-to-print":
            made = how_to_print(tileset, sheet, designs.options)
        elif block.kind == "tiles":
            made = shown_tiles(designs, block.shown, sheet)
        elif block.kind == "page-break":
            made = [PageBreak()]
        elif block.kind == "readings":
            made = [ReadingsChapter()]
        if made:
            end_figure()
            story.extend(made)
    end_figure()
    return gather_readings(story, sheet)


def _cover_tile(designs: Designs, name: str, scale: float, bare: bool,
                turns: int) -> tuple[str, Drawing, int]:
    """A cover's tile: bare under a piece, else without its names and, turned, redrawn
    with its symbols upright where it can be; and the turns the cover still gives it."""
    if bare:
        return (*designs.bare(name), turns)
    upright = designs.upright(name, turns)
    if upright is not None:
        return (*upright, 0)
    return (*designs.shown(name, scale, names=False), turns)


def _credits(tileset: Tileset, sheet: dict[str, Style]) -> list[Flowable]:
    """Who made the game, as its tileset says: a publisher's book names its makers on
    its last page. The tool that laid the edition out is named in the PDF's metadata
    only; a line about software on the page read as a generator's stamp to players."""
    if not tileset.credits:
        return []
    return [Paragraph(markup.join([markup.bold(markup.text("Credits. ")),
                                   markup.text(curly_quotes(" ".join(
                                       tileset.credits.split())))]),
                      sheet["credits"])]


def _panels(designs: Designs, diagrams: tuple[Diagram, ...], sheet: dict[str, Style],
            width: float, factor: float) -> list[tuple[Flowable, Flowable]]:
    """A figure's diagrams, each with its caption, their boards ``factor`` times their
    template's scale."""
    return [(DiagramFlowable(designs, msgspec.structs.replace(diagram,
                                                              scale=diagram.scale * factor),
                             width),
             Paragraph(markup.text(last_words_together(curly_quotes(diagram.caption))),
                       sheet["caption"]))
            for diagram in diagrams]


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
