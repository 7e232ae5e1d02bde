"""A template's Markdown as Platypus flowables: headings numbered for the contents,
paragraphs, lists, quoted notes, tables and rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.draw.fonts import pdf_font
from pnp.export import markup
from pnp.export.markup import Markup
from pnp.export.platypus import Preformatted, Spacer, Table, TableStyle
from pnp.rulebook.contents import Heading
from pnp.rulebook.page import text_block
from pnp.rulebook.paragraphs import ACCENT, Paragraph, colour, list_style_name, mark_list
from pnp.rulebook.readings import READING_LEAD, ReadingNote
from pnp.rulebook.tables import column_widths, table
from pnp.rulebook.whole import check_box, check_rows

if TYPE_CHECKING:
    from markdown_it.token import Token


# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle


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
    return book.root.children


class _Frame:
    """An open container while its tokens are read: a list, a list item or a quote, and
    the flowables made inside it so far."""

    def __init__(self, kind: str, line: int = 0) -> None:
        self.kind = kind
        self.children: list[Flowable] = []
        self.line = line  # where a quote starts in the template
        self.ordered, self.number = False, 1  # a list: its kind and its next item's number
        self.bullet: Markup | None = None  # an item: its number or bullet, until it is set
        self.depth = 0  # an item: how deep its list is nested
        self.reading = False  # a quote: whether it is one of our readings


class _MarkdownRun:
    """What ``markdown_flowables`` tracks between tokens.

    Containers (lists, list items, quotes) collect their children on a stack,
    so lists nest and a list item may hold several paragraphs or a sub-list.
    A list becomes one paragraph per item paragraph, its number or bullet
    hanging before the first, so the page composer may end a page between two
    items, or inside a long one, as it does in any paragraph. A table gathers
    its rows until it closes; a heading's text arrives in the inline token
    after its open tag.
    """

    def __init__(self, sheet: dict[str, Style], numbering: Numbering, width: float) -> None:
        self.sheet, self.numbering, self.width = sheet, numbering, width
        self.root = _Frame("root")
        self.stack: list[_Frame] = [self.root]
        self.table_rows: list[list[Flowable]] | None = None
        self.table_line = 0  # where the open table starts in the template
        self.row: list[Flowable] | None = None
        self.heading: str | None = None

    def add(self, flowable: Flowable) -> None:
        self.stack[-1].children.append(flowable)

    def heading_open(self, token: Token) -> None:
        self.heading = token.tag

    def inline(self, token: Token) -> None:
        """Text: a numbered heading, a table cell, or a paragraph (tinted inside a quote)."""
        sheet = self.sheet
        if self.heading:
            level = min(int(self.heading[1]), 3)
            words = markup.plain(token.children or [])
            heading = self.numbering.next(level, words)
            # the bundled display face's figures are lining (scripts/lining_figures.py)
            numbered = markup.join([markup.text(heading.number), markup.literal("&nbsp;&nbsp;"),
                                    inline_markup(token)])
            paragraph = Paragraph(numbered, sheet[f"h{level}"])
            paragraph.toc_entry = heading  # the contents line draws its words as plain text
            self.add(paragraph)
            self.heading = None
        elif self.table_rows is not None and self.row is not None:
            head = not self.table_rows  # the first row: capitalised, whatever the template says
            cell = markup.capitalised(inline_markup(token)) if head else inline_markup(token)
            self.row.append(Paragraph(cell, sheet["head"] if head else sheet["cell"]))
        else:
            self.add(self._paragraph(token))

    def _paragraph(self, token: Token) -> Flowable:
        """A paragraph of text, as its container sets it: a note's inside a quote, a list
        item's (its bullet before the first) inside an item, else the body's."""
        frame, words = self.stack[-1], markup.plain(token.children or [])
        text = inline_markup(token)
        if frame.kind == "quote":
            if not frame.children and words.startswith(READING_LEAD):
                frame.reading = True
            style = self.sheet["note"]
        elif frame.kind == "item":
            style = self.sheet[list_style_name(frame.depth)]
            if frame.bullet is not None:
                text, frame.bullet = markup.bulleted(frame.bullet, text), None
        else:
            style = self.sheet["body"]
        paragraph = Paragraph(markup.last_two_bound(text), style)
        if words.rstrip().endswith(":"):
            paragraph.keepWithNext = 1  # an introduction stays with what it introduces
        return paragraph

    def list_open(self, token: Token) -> None:
        frame = _Frame("list")
        frame.ordered = token.type == "ordered_list_open"
        frame.number = int(token.attrGet("start") or 1) if frame.ordered else 1
        self.stack.append(frame)

    def list_close(self, token: Token) -> None:
        items = mark_list(self.stack.pop().children)
        self.stack[-1].children.extend(items)

    def item_open(self, token: Token) -> None:
        owner = self.stack[-1]
        item = _Frame("item")
        item.bullet = markup.text(f"{owner.number}." if owner.ordered else "\u2022")
        owner.number += 1
        item.depth = sum(frame.kind == "list" for frame in self.stack)
        self.stack.append(item)

    def item_close(self, token: Token) -> None:
        """An item's paragraphs (and its sub-lists'), one after another in its list."""
        item = self.stack.pop()
        if item.bullet is not None:  # an empty item still shows its number
            style = self.sheet[list_style_name(item.depth)]
            item.children.insert(0, Paragraph(markup.bulleted(item.bullet,
                                                              markup.literal("&nbsp;")), style))
        self.stack[-1].children.extend(item.children)

    def quote_open(self, token: Token) -> None:
        self.stack.append(_Frame("quote", token.map[0] + 1 if token.map else 0))

    def quote_close(self, token: Token) -> None:
        """A tinted note; one of our readings is marked for the back of the book."""
        quote = self.stack.pop()
        check_box(quote.children, self.width, text_block()[3], quote.line)
        if quote.reading:
            self.add(ReadingNote(quote.children, note(quote.children, self.width)))
        else:
            self.add(note(quote.children, self.width))

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
            made = table(self.table_rows, widths)
            made.spaceBefore, made.spaceAfter = 4, 8
            self.add(made)
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
    """A quoted block as a tinted box with an accent rule on its left, set apart from
    the text above and below it."""
    box = Table([[children]], colWidths=[width - 4])
    box.spaceBefore, box.spaceAfter = 5, 9
    box.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("BACKGROUND", (0, 0), (-1, -1), colour("#f3ecdd")),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, colour(ACCENT)),
        ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return box
