"""Typeset a rulebook with Platypus: cover, contents, numbered rules, diagrams, tables.

The words come from ``templates/<game>/rulebook.md``; everything that depends
on the tileset (components and counts, thumbnails, how to print, diagrams
drawn with the game's own tiles) is generated here, so a changed count changes
the rulebook. Art stays vector: each design becomes one form, placed wherever
it appears (cover, thumbnails, diagrams).
"""

from __future__ import annotations

import functools
import io
import re
import zlib
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NamedTuple

from msgspec.structs import replace

from pnp import __version__
from pnp.draw.art import design_tile
from pnp.draw.board import design_board
from pnp.draw.components import design_component
from pnp.draw.diagram import Badge, DiagramArt, MarkKind, Pawn, Word, diagram_scenes
from pnp.draw.fonts import MIN_TEXT, greedy_lines, pdf_font, string_width, text_family
from pnp.draw.scene import Drawing, smallest_text, text_sizes, without_small_text
from pnp.errors import InputError, Where
from pnp.export import markup
from pnp.export.designs import GameDesigns
from pnp.export.markup import Markup
from pnp.export.pdf import binary_streams, draw_scale_check, scale_check_size
from pnp.export.pdfdraw import Recorder, draw
from pnp.export.reportlab_private import lay_out_only, paragraph_wrap_state
from pnp.impose.board import windows
from pnp.impose.layout import SAFE_MARGIN
from pnp.impose.plans import plan_components, plan_tiles
from pnp.model.options import BuildOptions
from pnp.model.paper import Duplex, Paper, paper_named
from pnp.model.tileset import Tileset
from pnp.rulebook.contents import ContentsLine, Heading, define_page_number
from pnp.rulebook.cover import draw_cover
from pnp.rulebook.diagram import plan_diagram
from pnp.rulebook.editions import EditionsCanvas, book_page, placing, write_editions
from pnp.rulebook.floats import Float, let_text_overtake
from pnp.rulebook.names import component_name, counted, tile_groups
from pnp.rulebook.platypus import platypus_class
from pnp.rulebook.source import Diagram, Source
from pnp.rulebook.whole import TooTall, check_box, check_rows

if TYPE_CHECKING:
    from markdown_it.token import Token

    from pnp.impose.layout import SheetPlan
    from pnp.model.tileset import Component

# reportlab has no type hints: these names only say which of its objects is meant
Canvas = Any
Flowable = Any
Style = Any  # a ParagraphStyle
Colour = Any

INK = "#1f1a16"
ACCENT = "#a8321c"
MUTED = "#6c5f51"
MARGIN = SAFE_MARGIN + 30.0  # top and bottom of the text block
# The text block is as wide as about 68 characters of 10.5 pt body text: lines of
# 55 to 75 characters read best, and the full page width held over 100.
MEASURE = 360.0
LIST_INDENT = 14.0  # a list item's text starts this far in, or further for long numbers
LIST_NUMBER_SIZE = 9.5


# ---------------------------------------------------------------------------
# Flowables that draw our scenes


class Designs:
    """Tile designs for a game's rulebooks, drawn once however often they appear.

    Platypus wraps a flowable more than once while it looks for room, and the
    cover alone places dozens of tiles: drawing each design once, and
    recording its drawing operators once, keeps a build fast. Given
    the job's shared designs, the book reuses what the job already drew.
    """

    def __init__(self, tileset: Tileset, shared: GameDesigns | None = None) -> None:
        self.tileset = tileset
        self._game = shared if shared is not None else GameDesigns(tileset, BuildOptions())
        self._plain: dict[str, Drawing] = {}

    @property
    def options(self) -> BuildOptions:
        """The build's options: its papers and duplex mode, which the book describes."""
        return self._game.options

    def tile(self, name: str) -> Drawing:
        """The trim-size design of one tile kind."""
        return self._game.tile(name)

    def shown(self, name: str, scale: float) -> tuple[str, Drawing]:
        """The form key and design of a tile shown at ``scale`` (on a cover or a diagram).

        Where its labels would print under 6 pt they are left out, so the design is
        drawn without them: a base tile's icon then keeps the room its name would
        have taken in the chamber, instead of a small icon over nothing.
        """
        drawing = self.tile(name)
        smallest = smallest_text(drawing.items)
        key = f"tile:{self.tileset.game}:{name}"
        tile = self.tileset.tile(name)
        if smallest is None or smallest * scale >= MIN_TEXT or \
                not any(feature.kind == "label" for feature in tile.features):
            return key, drawing
        if name not in self._plain:
            self._plain[name] = design_tile(self.tileset, replace(tile, features=tuple(
                feature for feature in tile.features if feature.kind != "label")))
        return f"{key}:unlabelled", self._plain[name]

    @property
    def recorder(self) -> Recorder:
        """Drawing operators recorded once and replayed on every layout pass."""
        return self._game.recorder


def _form(canvas: Canvas, key: str, drawing: Drawing, recorder: Recorder,
          scale: float = 1.0) -> str:
    """Define a design as a form the first time it is used in this document.

    ``scale`` is how the form will be shown. A picture of a piece shrunk so far
    that its labels would print under 6 pt gets a form of its own without them,
    named by the sizes of text it leaves out: every scale that leaves out the
    same text (both papers' covers, say) shares that one form.
    """
    dropped = sorted(size for size in text_sizes(drawing.items) if size * scale < MIN_TEXT)
    if dropped:
        key = f"{key}@without:{','.join(f'{size:.4f}' for size in dropped)}"
    name = "rb" + format(zlib.crc32(key.encode()), "08x")
    if not canvas.hasForm(name):
        shown = without_small_text(drawing, scale, MIN_TEXT) if dropped else drawing
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=shown.width, uppery=shown.height)
        draw(canvas, shown, recorder)
        canvas.endForm()
    return name


class Typeset:
    """What typesetting a book has worked out so far, for its paragraphs that repeat.

    A book repeats some paragraphs (table headings, the rows every game's
    printing table has), and a paragraph of the same markup and style parses
    to the same fragments and breaks into the same lines at the same width.
    A style is known by its name: every paragraph style comes from
    :func:`styles`, one per name.
    """

    def __init__(self) -> None:
        self.parsed: dict[tuple[str, str], tuple[Any, Any]] = {}  # fragments, bullet
        self.breaks: dict[tuple[str, str, float], dict[str, Any]] = {}  # wrap's results


# The Typeset of the game whose book is being typeset, if any (see typeset_rulebook).
TYPESET: ContextVar[Typeset | None] = ContextVar("the game being typeset", default=None)


class Paragraph(platypus_class("Paragraph")):  # type: ignore[misc]  # reportlab is untyped
    """reportlab's Paragraph, of :class:`Markup` only, remembering its line breaks.

    Every paragraph of this module is one of these (the name shadows
    reportlab's on purpose), and it refuses plain text: what it prints was
    escaped or written by :mod:`pnp.export.markup`. Platypus wraps a paragraph
    many times at the same width: inside keep-together groups, for each table
    row, on split attempts and again on each pass over the book. Breaking
    lines is the slowest step of typesetting, and its result depends only on
    the text, the style and the width, so the breaks for the last width are
    kept, and shared with the book's other paragraphs of the same markup
    (see :class:`Typeset`), as the parsed markup is.
    """

    def __init__(self, text: Markup, style: Style, **parsed: Any) -> None:
        # Platypus makes the halves of a split paragraph from fragments it has already
        # parsed (``parsed``); only text from our code is checked, and it must be Markup
        if parsed:
            super().__init__(text, style, **parsed)
            self.markup: str | None = None  # a split half: its lines are its own
            return
        self.markup = str(markup.join([text]))
        shared = TYPESET.get()
        known = shared.parsed.get((self.markup, style.name)) if shared is not None else None
        if known is None:
            super().__init__(self.markup, style)
            if shared is not None:
                shared.parsed[(self.markup, style.name)] = (self.frags, self.bulletText)
        else:
            super().__init__(self.markup, style, bulletText=known[1], frags=known[0])

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        remembered = self.__dict__.get("_wrapped")
        if remembered is not None and remembered[0] == available_width:
            self.__dict__.update(remembered[1])
            return self.width, self.height
        shared = TYPESET.get()
        key = None if shared is None or self.markup is None else (
            self.markup, self.style.name, available_width)
        state = shared.breaks.get(key) if shared is not None and key is not None else None
        if state is None:
            size: tuple[float, float] = super().wrap(available_width, available_height)
            state = paragraph_wrap_state(self, available_width)
            if state is None:
                return size  # "no room": nothing worth keeping
            if shared is not None and key is not None:
                shared.breaks[key] = state
        self._wrapped = (available_width, state)
        self.__dict__.update(state)
        return self.width, self.height


class DesignFlowable(platypus_class("Flowable")):  # type: ignore[misc]  # reportlab is untyped
    """One design (tile, card, token) scaled into a box, for tables and covers."""

    def __init__(self, key: str, drawing: Drawing, box: float, recorder: Recorder) -> None:
        super().__init__()
        self.key, self.drawing, self.recorder = key, drawing, recorder
        self.scale = box / max(drawing.width, drawing.height)
        self.width = drawing.width * self.scale
        self.height = drawing.height * self.scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        name = _form(self.canv, self.key, self.drawing, self.recorder, self.scale)
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.canv.doForm(name)
        self.canv.restoreState()


class DiagramFlowable(platypus_class("Flowable")):  # type: ignore[misc]  # reportlab is untyped
    """A small board of real tiles with pawns, arrows and marks; never split.

    The tiles are the game's own designs, placed as forms; the board under
    them and everything over them are scenes (:mod:`pnp.draw.diagram`) in the
    game's palette, drawn by the same writer as every piece.
    """

    def __init__(self, designs: Designs, diagram: Diagram, max_width: float) -> None:
        super().__init__()
        tileset = designs.tileset
        self.designs, self.tileset, self.diagram = designs, tileset, diagram
        self.plan = plan_diagram(diagram, tileset.shape, max_width)
        self.cell = self.plan.cell
        self.board_width, self.width, self.height = \
            self.plan.board_width, self.plan.width, self.plan.height

    def centre(self, cell: tuple[float, float]) -> tuple[float, float]:
        """PDF coordinates (y up, inside this flowable) of a board position."""
        return self.plan.centre(cell)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def art(self) -> DiagramArt:
        """Where the diagram's own art goes: the plan's places, in this box."""
        diagram, plan = self.diagram, self.plan
        badge = plan.badge()
        verdict: MarkKind = "tick" if diagram.verdict == "legal" else "cross"
        return DiagramArt(
            self.width, self.height, self.cell,
            ground=tuple(plan.outline(spot, 0.0) for spot in self.ground()),
            highlights=tuple(plan.outline(spot, 2.0) for spot in diagram.highlight),
            arrows=tuple((self.centre(start), self.centre(end))
                         for start, end in diagram.arrows),
            pawns=tuple(Pawn((x, y), radius, colour, label) for (_, colour, label), (x, y, radius)
                        in zip(diagram.pawns, plan.pawns(), strict=True)),
            words=tuple(Word(self.centre(where), text, colour)
                        for where, text, colour in diagram.labels),
            badges=tuple(Badge(self.centre(where), self.cell * 0.22, mark)
                         for where, mark in diagram.marks)
            + ((Badge(badge[:2], badge[2], verdict),) if badge is not None else ()))

    def draw(self) -> None:
        canvas, tileset, diagram = self.canv, self.tileset, self.diagram
        shape = tileset.shape
        tile_w, tile_h = shape.box(tileset.size)
        scale = self.cell / tileset.size
        step = 360.0 / shape.sides
        under, over = diagram_scenes(self.art(), dict(tileset.palette))
        draw(canvas, under)
        for placed in diagram.tiles:
            key, drawing = self.designs.shown(placed.kind, scale)
            name = _form(canvas, key, drawing, self.designs.recorder, scale)
            x, y = self.centre(placed.cell)
            canvas.saveState()
            canvas.translate(x, y)
            canvas.rotate(-step * placed.rotation)
            canvas.scale(scale, scale)
            canvas.translate(-tile_w / 2, -tile_h / 2)
            canvas.doForm(name)
            canvas.restoreState()
        draw(canvas, over)

    def ground(self) -> list[tuple[int, int]]:
        """Every board space the diagram shows: its rectangle, or the hexes inside it."""
        diagram = self.diagram
        if not self.tileset.shape.axial:
            return [(c, r) for c in range(diagram.columns) for r in range(diagram.rows)]
        used = [t.cell for t in diagram.tiles] + list(diagram.highlight)
        if not used:
            return []
        low_q, high_q = min(c[0] for c in used) - 1, max(c[0] for c in used) + 1
        low_r, high_r = min(c[1] for c in used) - 1, max(c[1] for c in used) + 1
        tile_w, tile_h = self.tileset.shape.box(self.cell)
        spots = []
        for q in range(low_q, high_q + 1):
            for r in range(low_r, high_r + 1):
                x, y = self.centre((q, r))
                if tile_w / 2 - 1 <= x <= self.board_width - tile_w / 2 + 1 and \
                        tile_h / 2 - 1 <= y <= self.height - tile_h / 2 + 1:
                    spots.append((q, r))
        return spots


def _colour(value: str) -> Colour:
    # reportlab ships no type hints
    from reportlab.lib.colors import HexColor

    return HexColor(value)


# ---------------------------------------------------------------------------
# Styles and Markdown


def styles() -> dict[str, Style]:
    """Paragraph styles in our embedded family."""
    # reportlab ships no type hints
    from reportlab.lib.styles import ParagraphStyle

    family = text_family()
    bold = pdf_font("bold")
    body = ParagraphStyle("body", fontName=family, fontSize=10.5, leading=14.5, spaceAfter=5,
                          textColor=_colour(INK))
    return {
        "body": body,
        "h1": ParagraphStyle("h1", parent=body, fontName=bold, fontSize=17, leading=21,
                             spaceBefore=14, spaceAfter=7, textColor=_colour(ACCENT),
                             keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName=bold, fontSize=13, leading=16,
                             spaceBefore=10, spaceAfter=4, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=bold, fontSize=11, leading=14,
                             spaceBefore=7, spaceAfter=3, keepWithNext=1),
        "caption": ParagraphStyle("caption", parent=body, fontName=pdf_font("italic"),
                                  fontSize=8.8, leading=11, textColor=_colour(MUTED),
                                  alignment=1, spaceBefore=3),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9, leading=11.5, spaceAfter=0),
        "head": ParagraphStyle("head", parent=body, fontName=bold, fontSize=9, leading=11.5,
                               spaceAfter=0, textColor=_colour("#ffffff")),
        "note": ParagraphStyle("note", parent=body, fontSize=10, leading=13.6,
                               leftIndent=8, rightIndent=8),
    }


def inline_markup(token: Token) -> Markup:
    """markdown-it inline tokens as Platypus paragraph markup, with text escaped."""
    return markup.inline(token.children or [], ACCENT)


class Numbering:
    """Chapter and section numbers as headings are met (1, 1.1, 1.2, 2...), and the
    headings so far, in order: the contents page is set from them."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.headings: list[Heading] = []

    def next(self, level: int, title: str) -> Heading:
        self.counts[level - 1] += 1
        for deeper in range(level, 3):
            self.counts[deeper] = 0
        heading = Heading(level, ".".join(str(n) for n in self.counts[:level]), title)
        self.headings.append(heading)
        return heading


def markdown_flowables(tokens: tuple[Token, ...], sheet: dict[str, Style], numbering: Numbering,
                       width: float) -> list[Flowable]:
    """Turn a run of Markdown block tokens into flowables.

    Each token type has its own handler (see ``_MARKDOWN``); types we do not
    typeset (paragraph and heading closes, for instance) are skipped.
    """
    book = _MarkdownRun(sheet, numbering, width)
    for token in tokens:
        handler = _MARKDOWN.get(token.type)
        if handler is not None:
            handler(book, token)
    return book.root


class _MarkdownRun:
    """What ``markdown_flowables`` tracks between tokens.

    Containers (lists, list items, quotes) collect their children on a stack,
    so lists nest and a list item may hold several paragraphs or a sub-list.
    A table gathers its rows until it closes; a heading's text arrives in the
    inline token after its open tag.
    """

    def __init__(self, sheet: dict[str, Style], numbering: Numbering, width: float) -> None:
        self.sheet, self.numbering, self.width = sheet, numbering, width
        self.root: list[Flowable] = []
        # each open container: its kind, its children so far, and (lists) "ordered", "start"
        self.stack: list[tuple[str, list[Flowable], dict[str, int]]] = [("root", self.root, {})]
        self.table_rows: list[list[Flowable]] | None = None
        self.table_line = 0  # where the open table starts in the template
        self.row: list[Flowable] | None = None
        self.heading: str | None = None

    def add(self, flowable: Flowable) -> None:
        self.stack[-1][1].append(flowable)

    def heading_open(self, token: Token) -> None:
        self.heading = token.tag

    def inline(self, token: Token) -> None:
        """Text: a numbered heading, a table cell, or a paragraph (tinted inside a quote)."""
        sheet = self.sheet
        if self.heading:
            level = min(int(self.heading[1]), 3)
            words = markup.plain(token.children or [])
            heading = self.numbering.next(level, words)
            numbered = markup.join([markup.text(heading.number), markup.literal("&nbsp;&nbsp;"),
                                    inline_markup(token)])
            paragraph = Paragraph(numbered, sheet[f"h{level}"])
            paragraph.toc_entry = heading  # the contents line draws its words as plain text
            self.add(paragraph)
            self.heading = None
        elif self.table_rows is not None and self.row is not None:
            self.row.append(Paragraph(inline_markup(token),
                                      sheet["head"] if not self.table_rows else sheet["cell"]))
        else:
            quoted = any(frame[0] == "quote" for frame in self.stack)
            self.add(Paragraph(inline_markup(token), sheet["note"] if quoted else sheet["body"]))

    def list_open(self, token: Token) -> None:
        ordered = token.type == "ordered_list_open"
        start = int(token.attrGet("start") or 1) if ordered else 1
        self.stack.append(("list", [], {"ordered": ordered, "start": start}))

    def list_close(self, token: Token) -> None:
        from reportlab.platypus import ListFlowable

        _, items, info = self.stack.pop()
        indent = LIST_INDENT
        if info["ordered"]:  # room for the widest number, so "10." never runs into its text
            widest = f"{info['start'] + len(items) - 1}."
            indent = max(indent, string_width(widest, "regular", LIST_NUMBER_SIZE) + 5.0)
        from reportlab.platypus import ListItem

        items = [ListItem(children, leftIndent=indent) for children in items]
        self.add(ListFlowable(items, bulletType="1" if info["ordered"] else "bullet",
                              start=info["start"] if info["ordered"] else "\u2022",
                              leftIndent=indent, bulletFontName=pdf_font("regular"),
                              bulletFontSize=LIST_NUMBER_SIZE, spaceAfter=4))

    def item_open(self, token: Token) -> None:
        self.stack.append(("item", [], {}))

    def item_close(self, token: Token) -> None:
        """An item's flowables; its list wraps them once it knows its widest number."""
        from reportlab.platypus import Spacer

        _, children, _ = self.stack.pop()
        self.add(children or [Spacer(1, 1)])

    def quote_open(self, token: Token) -> None:
        self.stack.append(("quote", [], {"line": token.map[0] + 1 if token.map else 0}))

    def quote_close(self, token: Token) -> None:
        _, children, about = self.stack.pop()
        check_box(children, self.width, text_block()[3], about["line"])
        self.add(_note(children, self.width))

    def table_open(self, token: Token) -> None:
        self.table_rows = []
        self.table_line = token.map[0] + 1 if token.map else 0

    def row_open(self, token: Token) -> None:
        self.row = []

    def row_close(self, token: Token) -> None:
        if self.table_rows is not None and self.row is not None:
            self.table_rows.append(self.row)
            self.row = None

    def table_close(self, token: Token) -> None:
        from reportlab.platypus import Spacer

        if self.table_rows is not None:
            widths = _column_widths(self.table_rows, self.width)
            check_rows(self.table_rows, widths, text_block()[3], self.table_line)
            self.add(Float([_table(self.table_rows, widths), Spacer(1, 6)]))
            self.table_rows = None

    def fence(self, token: Token) -> None:
        from reportlab.platypus import Preformatted

        self.add(Preformatted(token.content, self.sheet["cell"]))

    def rule(self, token: Token) -> None:
        from reportlab.platypus import Spacer

        self.add(Spacer(1, 8))


# token type -> its handler in _MarkdownRun; tokens of other types are skipped
_MARKDOWN = {
    "heading_open": _MarkdownRun.heading_open,
    "inline": _MarkdownRun.inline,
    "bullet_list_open": _MarkdownRun.list_open,
    "ordered_list_open": _MarkdownRun.list_open,
    "bullet_list_close": _MarkdownRun.list_close,
    "ordered_list_close": _MarkdownRun.list_close,
    "list_item_open": _MarkdownRun.item_open,
    "list_item_close": _MarkdownRun.item_close,
    "blockquote_open": _MarkdownRun.quote_open,
    "blockquote_close": _MarkdownRun.quote_close,
    "table_open": _MarkdownRun.table_open,
    "tr_open": _MarkdownRun.row_open,
    "tr_close": _MarkdownRun.row_close,
    "table_close": _MarkdownRun.table_close,
    "fence": _MarkdownRun.fence,
    "hr": _MarkdownRun.rule,
}


def _note(children: list[Flowable], width: float) -> Flowable:
    """A quoted block as a tinted box with an accent rule on its left."""
    from reportlab.platypus import Table, TableStyle

    box = Table([[children]], colWidths=[width - 4])
    box.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("BACKGROUND", (0, 0), (-1, -1), _colour("#f3ecdd")),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, _colour(ACCENT)),
        ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return box


def _table(rows: list[list[Flowable]], widths: list[float]) -> Flowable:
    """A table of the Markdown's rows with these column widths."""
    from reportlab.platypus import Table, TableStyle

    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(_table_style()))
    return table


def _column_widths(rows: list[list[Flowable]], width: float) -> list[float]:
    """Columns that share the width in proportion to their longest text."""
    columns = max(len(row) for row in rows)
    texts = [[row[i].getPlainText() if i < len(row) else "" for row in rows]
             for i in range(columns)]
    # every column fits its longest word, so no word is ever broken across lines
    floors = [max((string_width(word, "bold", 9) for text in column for word in text.split()),
                  default=0.0) + 12 for column in texts]
    weights = [min(max(max(len(text) for text in column), 6), 60) for column in texts]
    spare = max(0.0, width - sum(floors))
    return [floor + spare * weight / sum(weights) for floor, weight in zip(floors, weights,
                                                                           strict=True)]


def _table_style() -> list[tuple[object, ...]]:
    return [
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("BACKGROUND", (0, 0), (-1, 0), _colour(ACCENT)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [_colour("#ffffff"), _colour("#f3ecdd")]),
        ("GRID", (0, 0), (-1, -1), 0.4, _colour("#c9bda6")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]


# ---------------------------------------------------------------------------
# Generated sections


def components_table(designs: Designs, sheet: dict[str, Style]) -> list[Flowable]:
    """Every printed piece as a picture and a count in words, two to a row.

    Pieces are named as a player would say them (:mod:`pnp.rulebook.names`),
    never by their ids, and kinds that read the same share a line, so a game
    of eighty tile designs still lists on a page or two.
    """
    from reportlab.platypus import Spacer, Table, TableStyle

    tileset = designs.tileset
    entries = _tile_entries(designs) + _component_entries(designs)
    if tileset.board is not None:
        entries.append(("", f"1 board, {tileset.board.side} spaces along each edge, printed "
                            "in pages to assemble"))
    cells = [[thumb, Paragraph(markup.text(text), sheet["cell"])] for thumb, text in entries]
    if len(cells) % 2:
        cells.append(["", ""])
    # row by row, left then right: a table that runs onto the next page keeps its order
    rows = [cells[index] + cells[index + 1] for index in range(0, len(cells), 2)]
    picture = 38.0
    table = Table(rows, colWidths=[picture, MEASURE / 2 - picture] * 2, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("ROWBACKGROUNDS", (0, 0), (-1, -1), [_colour("#ffffff"), _colour("#f3ecdd")]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]))
    others = (f" and {sum(c.count for c in tileset.components)} other pieces"
              if tileset.components else "")
    total = Paragraph(markup.join([markup.bold(markup.text(f"{tileset.tile_count} tiles")),
                                   markup.text(others + ".")]), sheet["body"])
    return [table, Spacer(1, 4), total]


def _tile_entries(designs: Designs) -> list[tuple[Flowable, str]]:
    """A picture and "16 straight tunnels" for each group of tiles that read alike."""
    tileset = designs.tileset
    entries: list[tuple[Flowable, str]] = []
    for name, group in tile_groups(tileset.tiles, tileset.shape):
        first = group[0]
        thumb = DesignFlowable(f"tile:{tileset.game}:{first.name}", designs.tile(first.name), 30,
                               designs.recorder)
        entries.append((thumb, counted(name, sum(tile.count for tile in group))))
    return entries


def _component_entries(designs: Designs) -> list[tuple[Flowable, str]]:
    """Cards and tokens: a family of three or more (same name before a dash) on one line."""
    tileset = designs.tileset
    families: dict[str, list[Component]] = {}
    for component in tileset.components:
        if component.count:
            families.setdefault(component.name.split("-")[0], []).append(component)
    entries: list[tuple[Flowable, str]] = []
    for family in families.values():
        for group in [family] if len(family) >= 3 else [[member] for member in family]:
            first = group[0]
            thumb = DesignFlowable(f"component:{tileset.game}:{first.name}",
                                   design_component(tileset, first), 30, designs.recorder)
            entries.append((thumb, counted(component_name(group),
                                           sum(member.count for member in group))))
    return entries


def _text_row(sheet: dict[str, Style], *cells: str) -> list[Flowable]:
    """A table row of plain text cells, each escaped."""
    return [Paragraph(markup.text(cell), sheet["cell"]) for cell in cells]


FILE_COLUMN = 150.0  # the width of the how-to-print table's file names, padding included
COUNT_COLUMN = 56.0  # each paper's column of sheet counts
NARROW_FILE_COLUMN = 110.0  # the file column's least width, when many papers need room


def file_name_cell(sheet: dict[str, Style], name: str, width: float) -> Flowable:
    """A file name broken only after its hyphens, never inside a word.

    Platypus breaks lines at spaces and cuts a longer word wherever the line
    ends ("...aid-<paper>.pd" then "f"); a file name has no spaces, so the
    breaks are chosen here, after a hyphen, from the cell style's own widths.
    """
    style = sheet["cell"]  # set in the regular face of our family
    parts = re.findall(r"[^-]*-|[^-]+$", name)
    lines = greedy_lines(parts, "regular", style.fontSize, width, joiner="")
    breaks = [markup.text(lines[0])]
    for line in lines[1:]:
        breaks += [markup.literal("<br/>"), markup.text(line)]
    return Paragraph(markup.join(breaks), style)


class PrintRow(NamedTuple):
    """One row of the how-to-print table: a file (or a plain label), what to print it
    on, and what it takes on each paper."""

    name: str
    is_file: bool
    stock: str
    counts: tuple[str, ...]


STOCK_COLUMN_PAPERS = 2  # with more papers, each file's stock goes under its name


def _print_row(sheet: dict[str, Style], row: PrintRow, with_stock: bool,
               file_column: float) -> list[Flowable]:
    """A how-to-print table row; the stock in a column of its own, or under the name."""
    name = file_name_cell(sheet, row.name, file_column - 16.0) if row.is_file else \
        Paragraph(markup.text(row.name), sheet["cell"])
    if with_stock:
        return [name, *_text_row(sheet, row.stock, *row.counts)]
    from reportlab.platypus import Spacer

    under = Paragraph(markup.text(row.stock), sheet["cell"]) if row.stock else Spacer(1, 0)
    return [[name, under], *_text_row(sheet, *row.counts)]


# How each duplex mode's sheets are printed: the stock column, then the step.
PRINT_STOCK: dict[Duplex, str] = {
    "long": "cardstock, double-sided", "short": "cardstock, double-sided",
    "none": "cardstock, one-sided", "gutterfold": "cardstock, one-sided, folded"}
_CARDSTOCK = ("Print tiles, cards and tokens on <b>cardstock</b> (about 200\u2013300 g/m\u00b2, "
              "65\u2013110 lb cover) ")
PRINT_STEP: dict[Duplex, str] = {
    "long": _CARDSTOCK + "and <b>double-sided, flipping on the long edge</b>: each page of "
            "fronts is followed by its backs, already mirrored.",
    "short": _CARDSTOCK + "and <b>double-sided, flipping on the short edge</b>: each page of "
             "fronts is followed by its backs, already mirrored.",
    "none": _CARDSTOCK + "<b>one-sided</b>: these sheets have fronts only and no backs.",
    "gutterfold": _CARDSTOCK + "<b>one-sided</b>. Each back is printed on the same side as "
                  "its front, mirrored across the dashed line through the middle of the "
                  "page: fold the sheet on that line, glue the halves together, then cut "
                  "through both.",
}


def _sheet_count(plan: SheetPlan | None) -> str:
    """A how-to-print cell: how many sheets of fronts a plan prints."""
    if plan is None:  # tokens that ride on the last sheet of tiles
        return "with the tiles"
    fronts = sum(1 for page in plan.pages if page.side == "front")
    return f"{fronts} sheet{'s' if fronts != 1 else ''}"


def print_rows(tileset: Tileset, options: BuildOptions) -> list[PrintRow]:
    """A row per file this build prints: its name, its stock, its count on each paper."""
    papers = options.papers
    stock = PRINT_STOCK[options.duplex]
    blank = ("",) * len(papers)

    def file_name(kind: str) -> str:
        return f"{tileset.game}-{kind}-{papers[0] if len(papers) == 1 else '<paper>'}.pdf"

    rows = [PrintRow(file_name("tiles"), True, stock, tuple(
        _sheet_count(plan_tiles(tileset, paper, options)) for paper in papers))]
    for kind, label in (("card", "cards"), ("token", "tokens")):
        if not any(c.kind == kind and c.count for c in tileset.components):
            continue
        found = [plan_components(tileset, kind, paper, options) for paper in papers]
        if all(plan is None for plan in found):  # no sheet of their own anywhere
            rows.append(PrintRow(label, False, "on the last sheet of tiles", blank))
            continue
        rows.append(PrintRow(file_name(label), True, stock, tuple(map(_sheet_count, found))))
    if tileset.board is not None:
        drawing = design_board(tileset.board, tileset.shape, tileset.size,
                               dict(tileset.palette))
        rows.append(PrintRow(file_name("board"), True, "heavy paper or card, one-sided", tuple(
            f"{len(windows(drawing.width, drawing.height, paper_named(p))) + 1} pages"
            for p in papers)))
    for aid in tileset.aids:
        rows.append(PrintRow(file_name(aid.name), True, "plain paper", ("1 page",) * len(papers)))
    rows.append(PrintRow("this rulebook", False, "plain paper", blank))
    if options.booklet:
        rows.append(PrintRow(file_name("rulebook-booklet"), True, "plain paper, double-sided, "
                             "flipping on the short edge; fold and staple", blank))
    return rows


def how_to_print(tileset: Tileset, sheet: dict[str, Style],
                 options: BuildOptions) -> list[Flowable]:
    """Stock, scale, duplex and sheet counts for each paper this build made, from the
    real layouts, and the two check bars that test this book's printer at its scale.

    Said as the build made the sheets: on its papers, for its duplex mode
    (a gutterfold build's sheets are folded, not printed double-sided)."""
    from reportlab.platypus import Spacer, Table, TableStyle

    papers = options.papers
    titles = [paper_named(paper).title for paper in papers]
    with_stock = len(papers) <= STOCK_COLUMN_PAPERS
    heads = ("File", "Print on", *titles) if with_stock else ("File and what to print on",
                                                               *titles)
    head = [Paragraph(markup.text(text), sheet["head"]) for text in heads]
    # with many papers the file column gives up room, down to a narrowest, to the counts
    files = FILE_COLUMN if with_stock else \
        min(FILE_COLUMN, max(NARROW_FILE_COLUMN, MEASURE - len(papers) * COUNT_COLUMN))
    counts = COUNT_COLUMN if with_stock else (MEASURE - files) / len(papers)
    widths = [files, *([MEASURE - files - len(papers) * counts] if with_stock else []),
              *[counts] * len(papers)]
    table = Table([head, *(_print_row(sheet, row, with_stock, files)
                           for row in print_rows(tileset, options))],
                  colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle(_table_style()))
    every = "Both print" if len(papers) == 2 else "All of them print"
    choose = markup.text(f"Choose the files for your paper: {', '.join(titles[:-1])} or "
                         f"{titles[-1]}. {every} the same pieces." if len(papers) > 1 else
                         f"These files are made for {titles[0]} paper.")
    steps = [
        choose,
        markup.literal("Print at <b>100% scale</b> (\u201cactual size\u201d), never "
                       "\u201cfit to page\u201d. Before the rest, print this page and measure "
                       "both check bars below with a ruler: each must be as long as its "
                       "caption says. Every sheet repeats the bar across its foot."),
        markup.literal(PRINT_STEP[options.duplex]),
        markup.literal("Cut along the crop marks outside each block; neighbouring pieces "
                       "share a cut."),
    ]
    if options.print_shop:
        steps.append(markup.text("To have a print shop make the pieces instead, send it the "
                                 f"{tileset.game}-print-shop.pdf file: every design on a page "
                                 "of its own, with bleed. Order as many of each as the "
                                 "components list counts."))
    flowables: list[Flowable] = [table, Spacer(1, 6)]
    flowables.extend(Paragraph(markup.join([markup.text(f"{n}. "), step]), sheet["body"])
                     for n, step in enumerate(steps, start=1))
    flowables.extend([Spacer(1, 8), ScaleCheck(tuple(map(paper_named, papers))), Spacer(1, 8)])
    return flowables


class ScaleCheck(platypus_class("Flowable")):  # type: ignore[misc]  # reportlab is untyped
    """The two check bars at right angles (see :func:`pnp.export.pdf.draw_scale_check`),
    each edition's at its own paper's length, in room for the longest (on the book's
    page, where a shrunken edition's bars take more room)."""

    def __init__(self, papers: tuple[Paper, ...]) -> None:
        super().__init__()
        sizes = [(width / placing(paper).scale, height / placing(paper).scale)
                 for paper in papers for width, height in [scale_check_size(paper)]]
        self.width, self.height = max(w for w, _ in sizes), max(h for _, h in sizes)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.per_paper(lambda paper: draw_scale_check(canvas, paper, 0.0, 0.0))


# ---------------------------------------------------------------------------
# The document


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


def text_block() -> tuple[float, float, float, float]:
    """Where the text goes on the book's page (see :mod:`pnp.rulebook.editions`): left,
    bottom, width and height, in points."""
    width, height = book_page()
    return (width - MEASURE) / 2, MARGIN, MEASURE, height - 2 * MARGIN


def body_box(paper: Paper) -> tuple[float, float, float, float]:
    """Where the text goes on ``paper``'s pages: the book's text block, centred on it
    (and shrunk with the page on a paper smaller than the book's page)."""
    left, bottom, width, height = text_block()
    scale, right, up = placing(paper)
    return left * scale + right, bottom * scale + up, width * scale, height * scale


def _typeset(tileset: Tileset, source: Source,
             designs: Designs) -> tuple[dict[str, bytes], int]:
    """typeset_rulebook, with the book's :class:`Typeset` at hand."""
    from reportlab.platypus import (
        Frame,
        NextPageTemplate,
        PageBreak,
        PageTemplate,
        Spacer,
    )
    from reportlab.platypus.doctemplate import LayoutError

    binary_streams()
    sheet = styles()
    left, bottom, width, height = text_block()
    title = f"{tileset.title} - rules"

    doc = Book(io.BytesIO(), pagesize=book_page(), invariant=1, title=title,
               author="pnp", subject=f"Rules of {tileset.title}, print-and-play edition",
               creator=f"pnp {__version__}", producer=f"pnp {__version__}",
               initialFontName=pdf_font("regular"), initialFontSize=10,
               leftMargin=left, rightMargin=left, topMargin=bottom, bottomMargin=bottom)
    lay_out_only(doc)  # the editions are written below, from the canvas
    frame = Frame(left, bottom, width, height, id="body")

    def on_cover(canvas: EditionsCanvas, document: Book) -> None:
        canvas.per_paper(lambda paper: draw_cover(
            canvas, tileset, paper, designs.shown,
            lambda key, drawing, scale: _form(canvas, key, drawing, designs.recorder, scale)),
            whole_page=True)

    def on_body(canvas: Canvas, document: Book) -> None:
        canvas.saveState()
        canvas.setFont(pdf_font("regular"), 8)
        canvas.setFillColor(_colour(MUTED))
        canvas.drawString(left, SAFE_MARGIN + 8, f"{tileset.title} \u00b7 rules")
        canvas.drawRightString(left + width, SAFE_MARGIN + 8, str(document.page))
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
        elif block.kind == "page-break":
            story.append(PageBreak())
        elif block.kind == "diagram" and block.diagram is not None:
            figure = DiagramFlowable(designs, block.diagram, width * 0.8)
            figure.hAlign = "CENTER"
            caption = Paragraph(markup.text(block.diagram.caption), sheet["caption"])
            story.append(Float([Spacer(1, 4), figure, caption, Spacer(1, 6)]))
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


def booklet(pdf: bytes, paper: Paper) -> bytes:
    """Impose pages two-up on landscape sheets for saddle stitching, in folding order.

    Each printed sheet carries four pages (two per side); padding with blank
    pages to a multiple of four keeps the signature folding correctly.
    """
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    pages: list[PageObject | None] = list(reader.pages)
    while len(pages) % 4:
        pages.append(None)
    total = len(pages)
    sheet_w, sheet_h = paper.height, paper.width  # landscape
    scale = min((sheet_w / 2) / paper.width, sheet_h / paper.height)
    writer = PdfWriter()
    order: list[tuple[int, int]] = []
    for sheet in range(total // 4):
        order.append((total - 1 - 2 * sheet, 2 * sheet))
        order.append((2 * sheet + 1, total - 2 - 2 * sheet))
    for left, right in order:
        target = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for slot, index in enumerate((left, right)):
            page = pages[index]
            if page is None:
                continue
            x = slot * sheet_w / 2 + (sheet_w / 2 - paper.width * scale) / 2
            y = (sheet_h - paper.height * scale) / 2
            target.merge_transformed_page(page, Transformation().scale(scale).translate(x, y))
        writer.add_page(target)
    metadata = reader.metadata
    title = metadata.get("/Title", "rules") if metadata else "rules"
    writer.add_metadata({"/Title": title + " (booklet)", "/Producer": f"pnp {__version__}"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


