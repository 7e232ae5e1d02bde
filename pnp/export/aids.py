"""One-page player aids: a title, then sections as tables of icons and short rows.

An aid is glanced at during play, not read: every section is a table under a
coloured heading, a row is an icon (the tiles' own, see
:mod:`pnp.draw.legend`), a name and a few words, and rules are short lines of
their own rather than paragraphs. The sections flow down two columns under a
full-width title. Each icon is drawn once per document as a form named
``icon-<name>`` and placed in every row that shows it.

An aid is a sheet for the players' table, not for the printer: it carries no
print header and no check bar (there is nothing on it to measure), only a
page number at its foot on the rare aid that runs to a second page. Only
embedded fonts; all the words come from the tileset and reach reportlab escaped.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import msgspec
from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.fonts import pdf_font
from pnp.draw.legend import badge_chip, icon_chip, pictogram_chip
from pnp.draw.scene import Drawing, without_small_text
from pnp.export.markup import Markup, bind_units, join, literal, paragraph, text
from pnp.export.pdf import binary_streams
from pnp.export.pdfdraw import draw, draw_text
from pnp.export.platypus import (
    BaseDocTemplate,
    Flowable,  # aids are imported only when one is made
    Frame,
    FrameBreak,
    KeepTogether,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from pnp.impose.layout import FOOTER_BAND, HEADER_BAND, SAFE_MARGIN
from pnp.input.direction import right_to_left
from pnp.input.faces import MIN_TEXT, FontRole, even_lines, string_width
from pnp.model.icons import PICTOGRAMS
from pnp.model.paper import Paper
from pnp.model.tileset import DEFAULT_PALETTE, Aid, AidRow, AidSection
from pnp.model.typography import curly_quotes, last_words_together

INK = "#1f1a16"
MUTED = "#6c5f51"
STRIPE = "#f6efdf"  # every other row, so the eye keeps its line across a table
RULE = "#d9c9a6"
NAME_SHARE = 0.35  # of a table's width, for the name column
GUTTER = 16.0  # between the two columns
SLACK = 14.0  # points a column keeps spare: Platypus lays a column's tables out a few
# points taller than they measure one by one (Demon Mine's sheet, measured 9 pt short of
# its column, ran its last section over and the aid onto a second page)
TITLE_HEIGHT = 46.0  # the full-width frame holding the title and the line under it
SECTION_GAP = 9.0
# Sizes tried in turn, largest first: the rows' text in points, and the icon
# chips' side at that size. The first that fits the page wins, so a short aid
# prints large and a long one still keeps to one page; 6.5 pt is the floor.
LOOKS = ((11.0, 33.0), (10.5, 31.0), (10.0, 30.0), (9.5, 28.0), (9.0, 27.0), (8.5, 25.0),
         (8.0, 24.0), (7.5, 22.0), (7.0, 21.0), (6.5, 20.0))


class Look(msgspec.Struct, frozen=True):
    """The sizes one setting of an aid uses; ``air`` is extra room above and below every
    row, which spreads a short aid down the page instead of leaving its foot empty."""

    body: float
    icon: float
    air: float = 0.0

    @property
    def heading(self) -> float:
        return self.body * 1.25


Setter = Callable[[str, FontRole, float, float], Markup]  # set_in, or a memory of it

NUMBER_RANGE = re.compile(r"(?<=\d)-(?=\d)")


def set_in(words: str, role: FontRole, size: float, width: float) -> Markup:
    """An aid's words set in a cell ``width`` points across: in even lines, broken here
    (:func:`pnp.input.faces.even_lines`), where the cells' greedy filling had left a word
    or two on a last line, and binding those had moved short words down alone. A text
    with right-to-left letters is left to the paragraph, which orders it."""
    if right_to_left(words):
        return text(last_words_together(words))
    lines = even_lines(words.split(" "), role, size, width - CELL_SLACK)
    parts: list[Markup] = []
    for line in lines:
        parts += [literal("<br/>")] if parts else []
        parts.append(text(line))
    return join(parts)


CELL_SLACK = 1.0  # points a set line keeps short of its cell: reportlab measures the same


def typeset(words: str) -> str:
    """An aid's words as a printer sets them: curly quotes and apostrophes, a range of
    numbers with an en dash ("3-4 players" prints "3\u20134 players") and an ellipsis for
    three full stops, as the rulebooks' Markdown gets them, a number keeps its unit on its line
    (:func:`pnp.export.markup.bind_units`); :func:`set_in` then breaks it into even
    lines, so no text ends on a line of one word ("out." alone under a rule of the
    Winning section)."""
    words = curly_quotes(words).replace("...", "\u2026")
    return bind_units(NUMBER_RANGE.sub("\u2013", words))


def _styles(look: Look) -> dict[str, Any]:  # reportlab styles are untyped

    body, leading = look.body, look.body * 1.2
    return {
        # the title in the display face, as the rulebook sets its headings
        "title": ParagraphStyle("title", fontName=pdf_font("display"), fontSize=20,
                                leading=23, textColor=HexColor(INK)),
        "subtitle": ParagraphStyle("subtitle", fontName=pdf_font("regular"), fontSize=9,
                                   leading=11, textColor=HexColor(MUTED)),
        "heading": ParagraphStyle("heading", fontName=pdf_font("bold"),
                                  fontSize=look.heading,
                                  leading=look.heading * 1.2, textColor=HexColor("#ffffff")),
        "name": ParagraphStyle("name", fontName=pdf_font("bold"), fontSize=body,
                               leading=leading, textColor=HexColor(INK)),
        "body": ParagraphStyle("body", fontName=pdf_font("regular"), fontSize=body,
                               leading=leading, textColor=HexColor(INK)),
        "note": ParagraphStyle("note", fontName=pdf_font("regular"), fontSize=body,
                               leading=leading, textColor=HexColor(INK), leftIndent=2),
    }


class Chip(Flowable):
    """A table cell showing an icon chip, with its badge; the chip is a form drawn once."""

    def __init__(self, icon: str, badge_text: str, side: float,
                 colours: dict[str, str]) -> None:
        super().__init__()
        self.icon, self.badge_text, self.side, self.colours = icon, badge_text, side, colours

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.side, self.side

    def draw(self) -> None:
        canvas = self.canv
        form = f"icon-{self.icon}"
        if not canvas.hasForm(form):
            canvas.beginForm(form, 0, 0, self.side, self.side)
            chip = pictogram_chip if self.icon in PICTOGRAMS else icon_chip
            draw(canvas, chip(self.icon, self.side, self.colours))
            canvas.endForm()
        canvas.doForm(form)
        if self.badge_text:
            draw(canvas, badge_chip(self.badge_text, self.side, self.colours))


class Shown(NamedTuple):
    """The game's own pieces an aid's rows picture."""

    tiles: Mapping[str, Drawing]  # a tile's design, by its name
    # a token's face, by the icon it wears: the row shows the token the players hold (a
    # bare icon in a plain ring had not matched Gold Mine's coloured tokens)
    tokens: Mapping[str, Drawing]


class TileChip(Flowable):
    """A table cell showing one of the game's pieces as it prints, in a square ``side``
    across, a tile with a thin edge as a cut tile has (``edge``; a round token has its
    own rim); the design is a form drawn once."""

    def __init__(self, name: str, design: Drawing, side: float, edge: bool = True) -> None:
        super().__init__()
        self.name, self.design, self.side, self.edge = name, design, side, edge

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.side, self.side

    def draw(self) -> None:
        canvas = self.canv
        form = f"tile-{self.name}-{self.side:.3f}"
        scale = self.side / max(self.design.width, self.design.height)
        if not canvas.hasForm(form):
            canvas.beginForm(form, 0, 0, self.design.width, self.design.height)
            # its name set at 6 pt where its plaque still fits, else left out; never smaller
            draw(canvas, without_small_text(self.design, scale, MIN_TEXT))
            canvas.endForm()
        width, height = self.design.width * scale, self.design.height * scale
        left, bottom = (self.side - width) / 2, (self.side - height) / 2
        canvas.saveState()
        canvas.translate(left, bottom)
        canvas.scale(scale, scale)
        canvas.doForm(form)
        canvas.restoreState()
        if not self.edge:
            return
        # its cut edge, as the pieces in the book show theirs: stacked in a table's rows,
        # tiles without one ran together into one strip of rock
        canvas.saveState()
        canvas.setStrokeColor(HexColor(TILE_EDGE))
        canvas.setLineWidth(0.6)
        canvas.rect(left, bottom, width, height, stroke=1, fill=0)
        canvas.restoreState()


def _row_cells(row: AidRow, look: Look, styles: dict[str, Any], colours: dict[str, str],
               shown: Shown, widths: tuple[float, float], set_words: Setter) -> list[Any]:
    """A row's chip, name and words; ``widths`` are its name's and words' cells'
    room inside their paddings."""
    side = _chip_side(row, look)
    token = shown.tokens.get(row.icon) if row.icon and not row.badge else None
    chip = (TileChip(f"token-{row.icon}", token, side, edge=False) if token is not None
            else Chip(row.icon, row.badge, side, colours) if row.icon
            else TileChip(row.tile, shown.tiles[row.tile], side) if row.tile else "")
    name_room, words_room = widths
    name = set_words(typeset(row.name), "bold", look.body, name_room)
    words = set_words(typeset(row.text), "regular", look.body, words_room)
    return [chip, paragraph(name, styles["name"]), paragraph(words, styles["body"])]


CHIP_AIR = 4.0  # points each side of an icon chip: clear of the section's box and its name
CELL_PADDING = 11.0  # a words cell's left and right paddings (5 and 6), in points
NOTE_INDENT = 2.0  # a section rule's own left indent (its style's leftIndent)
PICTOGRAM_SCALE = 2.2  # a pictogram of the board's chip, against a symbol's
TILE_SCALE = 1.7  # a tile's picture against a symbol's chip: a rule's air above and below
TILE_EDGE = "#4d4239"  # a tile picture's cut edge: the books' caption ink


def _chip_side(row: AidRow, look: Look) -> float:
    """A symbol's chip, or a picture's (a pictogram of the board, a tile), which is larger."""
    if row.tile:
        return look.icon * TILE_SCALE
    return look.icon * (PICTOGRAM_SCALE if row.icon in PICTOGRAMS else 1.0)


def _longest_word(section: AidSection, look: Look) -> float:
    """The widest word of the section's names, bold at the look's size: a narrower name
    column breaks a word in two ("(automatic" over ")")."""
    return max((string_width(word, "bold", look.body) for row in section.rows
                for word in row.name.split()), default=0.0)


def _chip_column(rows: Sequence[AidRow], look: Look) -> float:
    """The width of the chip column: the widest chip of the whole aid, with its air. One
    width for every section, so a section with a tile's picture (wider than a symbol)
    does not set its names further right than the others'."""
    return max((_chip_side(row, look) + 2 * CHIP_AIR for row in rows if row.icon or row.tile),
               default=0.0)


def _section_table(section: AidSection, width: float, look: Look,
                   colours: dict[str, str], shown: Shown,
                   chips: float, set_words: Setter) -> Any:
    """A section as one table: a heading band, its rows, then its rules one to a row;
    ``chips`` is the aid's chip column (:func:`_chip_column`)."""
    styles = _styles(look)
    # no icon in any row: no empty column before the names, which then start at the edge;
    # else the aid's one chip column, so every section's names line up
    first = chips if any(row.icon or row.tile for row in section.rows) else 0.0
    name_width = max((width - first) * NAME_SHARE, _longest_word(section, look) + 12.0)
    data: list[list[Any]] = [[paragraph(text(section.heading), styles["heading"]), "", ""]]
    rooms = (name_width - CELL_PADDING, width - first - name_width - CELL_PADDING)
    data += [_row_cells(row, look, styles, colours, shown, rooms, set_words)
             for row in section.rows]
    first_note = len(data)
    # a section's rules under its rows, across the whole table: they have no icon
    notes = [set_words(typeset(note), "regular", look.body, width - CELL_PADDING - NOTE_INDENT)
             for note in section.notes]
    data += [[paragraph(words, styles["note"]), "", ""] for words in notes]
    pad = look.body * 0.3
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # empty cells too: no Helvetica
        ("SPAN", (0, 0), (2, 0)),
        ("BACKGROUND", (0, 0), (2, 0), HexColor(colours["accent"])),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 5), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        # air spreads the rows, not the heading band: a tall band reads as a poster's
        ("TOPPADDING", (0, 1), (-1, -1), pad + look.air),
        ("BOTTOMPADDING", (0, 1), (-1, -1), pad + look.air),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, HexColor(RULE)),
        ("BOX", (0, 0), (-1, -1), 0.6, HexColor(colours["accent"])),
        ("ALIGN", (0, 1), (0, -1), "CENTER"),  # a symbol in the middle of a wider column
        ("LEFTPADDING", (0, 1), (0, -1), CHIP_AIR if first else 0),
        ("RIGHTPADDING", (0, 1), (0, -1), CHIP_AIR if first else 0),
    ]
    commands += [("BACKGROUND", (0, index), (-1, index), HexColor(STRIPE))
                 for index in range(2, len(data), 2)]
    commands += [("SPAN", (0, index), (2, index)) for index in range(first_note, len(data))]
    # a rule spans the row from its first cell, whose paddings it takes: the section's own,
    # not the icon column's narrow ones, or its words would run to the box's edge
    commands += [("LEFTPADDING", (0, first_note), (0, -1), 5),
                 ("RIGHTPADDING", (0, first_note), (0, -1), 6)]
    table = Table(data, colWidths=[first, name_width, width - first - name_width],
                  hAlign="LEFT")
    table.setStyle(TableStyle(commands))
    return table


def _tables(aid: Aid, column: float, look: Look, colours: dict[str, str],
            shown: Shown, set_words: Setter, part: slice = slice(None)) -> list[Any]:
    """The table of every section (or of those in ``part``) at ``look``, their chip
    columns one width, the whole aid's."""
    chips = _chip_column([row for section in aid.sections for row in section.rows], look)
    return [_section_table(section, column, look, colours, shown, chips, set_words)
            for section in aid.sections[part]]


def _balanced(heights: list[float]) -> int:
    """How many sections go in the left column so the taller column is as short as can be."""
    total = sum(heights)
    return min(range(len(heights) + 1),
               key=lambda split: (max(sum(heights[:split]), total - sum(heights[:split])),
                                  -split))


def _columns(aid: Aid, column: float, room: float, colours: dict[str, str],
             shown: Shown) -> list[Any]:
    """The sections at the largest look whose two balanced columns fit ``room``.

    Each section's height is measured by laying its table out, so the choice
    is made before anything is drawn; if even the smallest look is too tall,
    it is used anyway and the aid runs onto a second page.
    """
    tried: dict[int, tuple[Look, list[Any], list[float], int, bool]] = {}
    # a look set again with air between its rows breaks every text as before
    set_words: Setter = functools.cache(set_in)

    def laid(index: int) -> tuple[Look, list[Any], list[float], int, bool]:
        if index in tried:
            return tried[index]
        look = Look(*LOOKS[index])
        tables = _tables(aid, column, look, colours, shown, set_words)
        heights = [table.wrap(column, room)[1] + SECTION_GAP for table in tables]
        split = _balanced(heights)
        fits = max(sum(heights[:split]), sum(heights[split:])) - SECTION_GAP <= room - SLACK
        tried[index] = (look, tables, heights, split, fits)
        return tried[index]

    # the largest look that fits, found by halving: a smaller look never sets an aid
    # taller, and laying every section out at each look in turn had cost a sheet build
    # about a tenth of a second for an aid that fits at the fifth
    low, high = 0, len(LOOKS) - 1
    while low < high:
        middle = (low + high) // 2
        if laid(middle)[-1]:
            high = middle
        else:
            low = middle + 1
    look, tables, heights, split, _ = laid(low)
    columns = [(sum(heights[part]) - SECTION_GAP,
                sum(len(s.rows) + len(s.notes) for s in aid.sections[part]))
               for part in (slice(None, split), slice(split, None))]
    # a short aid: air between the rows fills each column down the page, up to a line's
    # worth a row (one air for both had left the shorter column 1.5 in short)
    airs = [min(look.body, (room * 0.97 - height) / rows / 2) if rows else 0.0
            for height, rows in columns]
    if any(air > 0.5 for air in airs):  # each column's sections again, with its own air
        tables = [table for part, air in zip((slice(None, split), slice(split, None)), airs,
                                             strict=True)
                  for table in _tables(aid, column, Look(look.body, look.icon, max(air, 0.0)),
                                       colours, shown, set_words, part)]
    blocks = [KeepTogether([table, Spacer(1, SECTION_GAP)]) for table in tables]
    return [*blocks[:split], FrameBreak(), *blocks[split:]]


def _story(aid: Aid, game_title: str, column: float, room: float,
           shown: Shown) -> list[Any]:

    styles = _styles(Look(*LOOKS[0]))
    colours = {**DEFAULT_PALETTE, **dict(aid.palette)}
    # the game's name leads, as on a published game's reference card; what the sheet is
    # follows it, small (the sheet's own name above the game's had read the wrong way)
    return [paragraph(text(game_title), styles["title"]),
            paragraph(join([text(aid.title), literal(" \u00b7 player aid")]),
                      styles["subtitle"]),
            FrameBreak(), *_columns(aid, column, room, colours, shown)]


def render_aid(aid: Aid, paper: Paper, game_title: str,
               tiles: Mapping[str, Drawing] | None = None,
               tokens: Mapping[str, Drawing] | None = None) -> tuple[bytes, int]:
    """The aid as PDF bytes, and how many pages it took. ``tiles`` are the designs of
    the tiles its rows show, by name; ``tokens`` the faces of the game's tokens, by the
    icon each wears: a row of that icon shows the token as it prints.

    "page x of y" needs y before the first page is drawn: an aid is meant to be
    one page, so we guess one and set it again only if the guess was wrong.
    """
    shown = Shown(tiles or {}, tokens or {})
    data, pages = _render(aid, paper, game_title, shown, 1)
    if pages != 1:
        data, pages = _render(aid, paper, game_title, shown, pages)
    return data, pages


def _frames(paper: Paper) -> tuple[list[Any], float, float]:
    """A full-width frame for the title, then two columns; a column's width and height."""
    left = SAFE_MARGIN + 10.0
    width = paper.width - 2 * left
    top = paper.height - SAFE_MARGIN - HEADER_BAND - 8.0
    bottom = SAFE_MARGIN + FOOTER_BAND + 6.0
    column = (width - GUTTER) / 2
    plain = {"leftPadding": 0, "rightPadding": 0, "topPadding": 0, "bottomPadding": 0}
    frames = [Frame(left, top - TITLE_HEIGHT, width, TITLE_HEIGHT, id="title", **plain)]
    frames += [Frame(left + index * (column + GUTTER), bottom, column,
                     top - TITLE_HEIGHT - bottom, id=f"column-{index}", **plain)
               for index in range(2)]
    return frames, column, top - TITLE_HEIGHT - bottom


def _render(aid: Aid, paper: Paper, game_title: str, shown: Shown,
            total: int) -> tuple[bytes, int]:

    binary_streams()
    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer, pagesize=(paper.width, paper.height), invariant=1,
        title=f"{game_title} - {aid.title} ({paper.title})", author="pnp",
        subject=f"Player aid for {game_title}", creator="pnp",
        initialFontName=pdf_font("regular"), initialFontSize=LOOKS[0][0],
    )
    pages: list[int] = []

    def furniture(canvas: Canvas, doc: BaseDocTemplate) -> None:
        pages.append(doc.page)
        if total > 1:  # an aid that took two pages says which is which
            canvas.setFillColor(HexColor(MUTED))
            draw_text(canvas, paper.width / 2, SAFE_MARGIN + FOOTER_BAND / 2,
                      f"{aid.title} \u00b7 page {doc.page} of {total}", "regular", 7.5,
                      "middle")

    frames, column, room = _frames(paper)
    document.addPageTemplates([PageTemplate(id="aid", frames=frames, onPage=furniture)])
    document.build(_story(aid, game_title, column, room, shown))
    return buffer.getvalue(), len(pages)
