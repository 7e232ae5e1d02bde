"""The book's type: its paragraph styles and colours, and a Paragraph that remembers
how it broke into lines, so a book's repeated paragraphs are set once.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle

from pnp.draw.fonts import pdf_font, text_family, with_fallback
from pnp.export import markup, platypus
from pnp.export.markup import Markup
from pnp.export.reportlab_private import paragraph_wrap_state

# reportlab has no type hints: these names only say which of its objects is meant
Style = Any  # a ParagraphStyle
Colour = Any


INK = "#1f1a16"


ACCENT = "#a8321c"


MUTED = "#6c5f51"
CAPTION = "#4d4239"  # a caption's ink: MUTED's warm grey, darker, as small italics printed
# in it read faint on a home printer


LIST_INDENT = 17.0  # a list item's text starts this far in from its list's: room for "10."


LIST_DEPTHS = 3  # nested lists indent no further than this


def list_style_name(depth: int) -> str:
    """The style of a list item's paragraphs at ``depth`` (1 for a list in the text)."""
    return f"item{min(depth, LIST_DEPTHS)}"


def mark_list(items: list[Any]) -> list[Any]:
    """Tell each item of a list where in it it stands (``list_place``): the composer keeps
    a list's first and last items company, so a page neither ends with its lone first
    step nor starts with its lone last one."""
    for index, item in enumerate(items):
        item.list_place = "only" if len(items) == 1 else "first" if index == 0 else \
            "last" if index == len(items) - 1 else "middle"
    return items


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


class Paragraph(platypus.Paragraph):
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
            self.source: Markup | None = None
            return
        self.source = text  # to set the same words again with more after them
        self.markup = with_fallback(str(markup.join([text])), style.fontName)
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


def colour(value: str) -> Colour:
    # reportlab ships no type hints

    return HexColor(value)


def styles() -> dict[str, Style]:
    """Paragraph styles in our embedded family."""
    family = text_family()
    bold, display = pdf_font("bold"), pdf_font("display")
    body = ParagraphStyle("body", fontName=family, fontSize=10.5, leading=14.5, spaceAfter=5,
                          textColor=colour(INK))
    return {
        "body": body,
        "h1": ParagraphStyle("h1", parent=body, fontName=display, fontSize=18, leading=22,
                             spaceBefore=14, spaceAfter=7, textColor=colour(ACCENT),
                             keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName=display, fontSize=14, leading=17,
                             spaceBefore=10, spaceAfter=4, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=display, fontSize=12, leading=15,
                             spaceBefore=7, spaceAfter=3, keepWithNext=1),
        "caption": ParagraphStyle("caption", parent=body, fontName=pdf_font("italic"),
                                  fontSize=8.8, leading=11, textColor=colour(CAPTION),
                                  alignment=1, spaceBefore=3),
        # the credits at the book's end: a caption's face, but set left, as a paragraph
        # that runs on (centred, its bold lead-in had stood at the margin over a centred
        # second line)
        "credits": ParagraphStyle("credits", parent=body, fontName=pdf_font("italic"),
                                  fontSize=8.8, leading=11, textColor=colour(CAPTION),
                                  spaceBefore=3),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9, leading=11.5, spaceAfter=0),
        # a piece's name and count under its picture
        "name": ParagraphStyle("name", parent=body, fontSize=9, leading=11, spaceAfter=0,
                               alignment=1),
        "head": ParagraphStyle("head", parent=body, fontName=bold, fontSize=9, leading=11.5,
                               spaceAfter=0, textColor=colour("#ffffff")),
        # a kind of piece in the components list
        "kind": ParagraphStyle("kind", parent=body, fontName=display, fontSize=12, leading=15,
                               spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "cost": ParagraphStyle("cost", parent=body, fontSize=7.5, leading=9.5, alignment=0,
                               spaceAfter=0, textColor=colour(INK)),
        "note": ParagraphStyle("note", parent=body, fontSize=10, leading=13.6,
                               leftIndent=8, rightIndent=8),
        # every list of the book, numbered or bulleted: the number or bullet hangs in the
        # accent colour, bold, at the body's size, the text aligned after it
        **{list_style_name(depth): ParagraphStyle(
            list_style_name(depth), parent=body, spaceAfter=3.5,
            leftIndent=LIST_INDENT * depth, bulletIndent=LIST_INDENT * (depth - 1),
            bulletFontName=bold, bulletFontSize=body.fontSize, bulletColor=colour(ACCENT))
           for depth in range(1, LIST_DEPTHS + 1)},
        # a reading at the back of the book: its numbered dagger hangs in the margin; set a
        # step smaller than the teaching, as a book sets its notes, and narrower, so its
        # smaller type keeps the body's 55 to 75 characters a line
        "reading": ParagraphStyle("reading", parent=body, fontSize=9.5, leading=13,
                                  spaceAfter=6, leftIndent=24, rightIndent=30, bulletIndent=0,
                                  bulletFontName=bold, bulletFontSize=9.5,
                                  bulletColor=colour(ACCENT)),
    }
