"""A template's Markdown as Platypus flowables: headings numbered for the contents,
paragraphs, lists, quoted notes, tables and rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.platypus import (
    CondPageBreak,
    ListFlowable,
    ListItem,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
)

from pnp.draw.fonts import pdf_font, string_width
from pnp.export import markup
from pnp.export.markup import Markup
from pnp.rulebook.contents import Heading
from pnp.rulebook.floats import Float
from pnp.rulebook.page import text_block
from pnp.rulebook.paragraphs import ACCENT, LIST_INDENT, LIST_NUMBER_SIZE, Paragraph, colour
from pnp.rulebook.tables import column_widths, table
from pnp.rulebook.whole import check_box, check_rows

if TYPE_CHECKING:
    from markdown_it.token import Token


# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle


CHAPTER_ROOM = 1 / 3  # of a page: a chapter starts a new page only with less left


def chapter_break() -> Flowable:
    """Go on to the next page only when less than a third of this one is left: a
    chapter then never opens at a page's foot, and never leaves a page mostly
    empty behind it."""
    return CondPageBreak(text_block()[3] * CHAPTER_ROOM)


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
            # the number in the text face: the display face's old-style 1 reads as an I
            number = markup.in_font(markup.text(heading.number), pdf_font("bold"))
            numbered = markup.join([number, markup.literal("&nbsp;&nbsp;"),
                                    inline_markup(token)])
            paragraph = Paragraph(numbered, sheet[f"h{level}"])
            paragraph.toc_entry = heading  # the contents line draws its words as plain text
            if level == 1:
                self.add(chapter_break())
            self.add(paragraph)
            self.heading = None
        elif self.table_rows is not None and self.row is not None:
            head = not self.table_rows  # the first row: capitalised, whatever the template says
            cell = markup.capitalised(inline_markup(token)) if head else inline_markup(token)
            self.row.append(Paragraph(cell, sheet["head"] if head else sheet["cell"]))
        else:
            quoted = any(frame[0] == "quote" for frame in self.stack)
            paragraph = Paragraph(inline_markup(token), sheet["note"] if quoted else sheet["body"])
            if markup.plain(token.children or []).rstrip().endswith(":"):
                paragraph.keepWithNext = 1  # an introduction stays with what it introduces
            self.add(paragraph)

    def list_open(self, token: Token) -> None:
        ordered = token.type == "ordered_list_open"
        start = int(token.attrGet("start") or 1) if ordered else 1
        self.stack.append(("list", [], {"ordered": ordered, "start": start}))

    def list_close(self, token: Token) -> None:
        _, items, info = self.stack.pop()
        indent = LIST_INDENT
        if info["ordered"]:  # room for the widest number, so "10." never runs into its text
            widest = f"{info['start'] + len(items) - 1}."
            indent = max(indent, string_width(widest, "regular", LIST_NUMBER_SIZE) + 5.0)

        items = [ListItem(children, leftIndent=indent) for children in items]
        self.add(ListFlowable(items, bulletType="1" if info["ordered"] else "bullet",
                              start=info["start"] if info["ordered"] else "\u2022",
                              leftIndent=indent, bulletFontName=pdf_font("regular"),
                              bulletFontSize=LIST_NUMBER_SIZE, spaceAfter=4))

    def item_open(self, token: Token) -> None:
        self.stack.append(("item", [], {}))

    def item_close(self, token: Token) -> None:
        """An item's flowables; its list wraps them once it knows its widest number."""
        _, children, _ = self.stack.pop()
        self.add(children or [Spacer(1, 1)])

    def quote_open(self, token: Token) -> None:
        self.stack.append(("quote", [], {"line": token.map[0] + 1 if token.map else 0}))

    def quote_close(self, token: Token) -> None:
        _, children, about = self.stack.pop()
        check_box(children, self.width, text_block()[3], about["line"])
        self.add(note(children, self.width))

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
        if self.table_rows is not None:
            widths = column_widths(self.table_rows, self.width)
            check_rows(self.table_rows, widths, text_block()[3], self.table_line)
            self.add(Float([table(self.table_rows, widths), Spacer(1, 6)]))
            self.table_rows = None

    def fence(self, token: Token) -> None:
        self.add(Preformatted(token.content, self.sheet["cell"]))

    def rule(self, token: Token) -> None:
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


def note(children: list[Flowable], width: float) -> Flowable:
    """A quoted block as a tinted box with an accent rule on its left."""
    box = Table([[children]], colWidths=[width - 4])
    box.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("BACKGROUND", (0, 0), (-1, -1), colour("#f3ecdd")),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, colour(ACCENT)),
        ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return box
