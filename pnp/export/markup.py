"""reportlab paragraph markup, written only here: user text always arrives escaped.

reportlab's ``Paragraph`` reads its text as markup: ``<img src=...>`` embeds
any file the process can read, ``<a href>`` and ``<link>`` make links, and
``<onDraw>`` calls a named function. Names, titles, labels, headings, card text
and rulebook prose all come from files a stranger may have written, so none of
them may reach a paragraph as markup.

The rule is kept by types rather than by care. :class:`Markup` is the only
text a paragraph accepts (:func:`paragraph` and the rulebook's paragraphs
refuse anything else), and only this module makes it: :func:`text` escapes a
user's string, :func:`literal` admits markup typed into our own source (a
``LiteralString``, so mypy refuses a variable), and the few tags we use are
added by :func:`bold`, :func:`italic` and :func:`tinted`. Rulebook Markdown is
translated token by token by :func:`inline`; inline HTML in it is printed as
the text it is, never passed on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, LiteralString, Protocol

from pnp.draw.fonts import with_fallback
from pnp.export.platypus import Paragraph  # reportlab ships no type hints
from pnp.input.direction import right_to_left, visual

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_FONT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]*\Z")
_FIRST_LETTER = re.compile(r"\A((?:<[^>]*>)*)([a-z])")


class Markup(str):
    """Text reportlab may parse as markup, made only by this module's functions."""

    __slots__ = ()


def text(value: str) -> Markup:
    """A user's string as markup that prints exactly that string.

    ``&``, ``<`` and ``>`` are all reportlab's parser treats specially; with
    them escaped, tags and entities print as the characters they are. A name
    or title in Hebrew or Arabic (a tileset's; the book's own paragraphs and the
    aids' text are left to right) goes in as it is drawn, joined and in display
    order, its spaces unbreakable: a paragraph wraps left to right, and would
    otherwise put its last words on its first line.
    """
    if right_to_left(value):
        value = visual(value).replace(" ", "\u00a0")
    return Markup(value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def literal(markup: LiteralString) -> Markup:
    """Markup written in our own source, such as ``"Print at <b>100%</b>"``."""
    return Markup(markup)


def join(parts: Iterable[Markup]) -> Markup:
    """Several pieces of markup as one; each must already be markup."""
    return Markup("".join(_require(part) for part in parts))


def bold(inner: Markup) -> Markup:
    return Markup(f"<b>{_require(inner)}</b>")


def italic(inner: Markup) -> Markup:
    return Markup(f"<i>{_require(inner)}</i>")


def tinted(inner: Markup, colour: str) -> Markup:
    """Markup in a colour; the colour is checked, since it sits inside a tag."""
    if not _COLOUR.match(colour):
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return Markup(f'<font color="{colour}">{_require(inner)}</font>')


def bulleted(bullet: Markup, inner: Markup) -> Markup:
    """A list item's first paragraph: ``bullet`` hangs in the margin before ``inner``,
    in the style's bullet face and colour."""
    return Markup(f"<bullet>{_require(bullet)}</bullet>{_require(inner)}")


def without_lead(inner: Markup, lead: str) -> Markup:
    """Markup without its opening ``lead`` (whole tags and words, as written here) and
    the spaces after it; markup that does not open with it is returned as it is."""
    found = _require(inner)
    return Markup(found[len(lead):].lstrip()) if found.startswith(lead) else found


def superscript(inner: Markup) -> Markup:
    """Markup set raised and smaller, as a footnote's call."""
    return Markup(f"<super>{_require(inner)}</super>")


def capitalised(inner: Markup) -> Markup:
    """Markup whose first letter, after any opening tags, is a capital: one style for every
    table head, however a template wrote it."""
    return Markup(_FIRST_LETTER.sub(lambda m: m.group(1) + m.group(2).upper(),
                                    _require(inner), count=1))


def _require(value: object) -> Markup:
    """Refuse plain text where markup is expected: it could carry tags nobody escaped."""
    if not isinstance(value, Markup):
        raise TypeError(f"expected Markup (escape user text with markup.text), "
                        f"got {type(value).__name__}")
    return value


def paragraph(markup: Markup, style: Any) -> Any:
    """A reportlab Paragraph of markup made here, never of a plain string; a character its
    style's face cannot draw is set in that face's fallback, as the book's paragraphs do
    (:func:`pnp.draw.fonts.with_fallback`), not printed as a missing glyph."""
    marked = with_fallback(_require(markup), style.fontName)  # adds only <font face> tags
    return Paragraph(marked, style)


# ---------------------------------------------------------------------------
# Markdown, as parsed by markdown-it, into our markup


class InlineToken(Protocol):
    """What :func:`inline` reads of a markdown-it inline token."""

    type: str
    content: str


# Markdown's emphasis in reportlab's tags; markdown-it always closes what it opens
_EMPHASIS = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>",
             "s_open": "<strike>", "s_close": "</strike>"}
# tokens that carry no text of their own: a link prints its words but leads nowhere,
# since a link in a PDF could point at any file or site
_SILENT = frozenset({"link_open", "link_close"})


# Spaces a line may not break at, set as no-break spaces: before a unit ("4 VP", "No VP"),
# between "level" and its number, inside a sum ("1 + 1 + 1 = 3", "2 x 4 = 8"), after a
# side's letter ("B: 3 VP"), after a place ("2nd 1 VP"), round "or" between numbers
# ("1 or 2 VP") and after a step's number ("3. Move"), so a line never ends on a bare
# number, sign, letter or place and the next starts with what completes it.
_BOUND = re.compile(r" (?=VP\b)|(?<=\blevel) (?=\d)|(?<=\d) (?=[-+=x\u00d7] \d)"
                    r"|(?<=\d [-+=x\u00d7]) (?=\d)|(?<=\b[A-Z]:) (?=\d)"
                    r"|(?<=\b\d(?:st|nd|rd|th)) (?=\d)|(?<=\d) (?=or \d)|(?<=\d or) (?=\d)"
                    r"|(?<=^\d\.) ")


def bind_units(words: str) -> str:
    """``words`` with the spaces :data:`_BOUND` names made no-break spaces; markup's tags
    hold none of them, so it may be applied to text or to markup."""
    return _BOUND.sub("\u00a0", words)


RUNT_WORDS = 6  # a paragraph of at least this many words never ends on a line of one


def last_two_bound(words: Markup) -> Markup:
    """``words`` with the last space outside its tags made a no-break space, so the
    paragraph's last line holds two words at least: a runt ("That player / loses.",
    "does not / count.") under a block of full lines reads as a slip a typesetter would
    have caught. A paragraph of few words, whose lines are short anyway, is left as it
    is."""
    source = str(words)
    spaces = _spaces_outside_tags(source)
    if len(spaces) + 1 < RUNT_WORDS:
        return words
    last = spaces[-1]
    return Markup(source[:last] + "\u00a0" + source[last + 1:])


def _spaces_outside_tags(source: str) -> list[int]:
    """Where ``source`` has a space that is not inside a tag (``<font color="...">``)."""
    spaces, inside = [], False
    for index, char in enumerate(source):
        if char == "<":
            inside = True
        elif char == ">":
            inside = False
        elif char == " " and not inside:
            spaces.append(index)
    return spaces


def inline(children: Iterable[InlineToken], code_colour: str) -> Markup:
    """One paragraph's inline tokens as markup: emphasis translated, everything else text.

    ``code`` spans are tinted; an image prints its description; a token this
    function does not know (inline HTML, were it ever enabled, or a type a
    later markdown-it adds) prints its source text, escaped, rather than vanish.
    """
    parts: list[Markup] = []
    for child in children:
        kind = child.type
        if kind in _EMPHASIS:
            parts.append(Markup(_EMPHASIS[kind]))
        elif kind == "code_inline":
            parts.append(tinted(text(child.content), code_colour))
        elif kind == "softbreak":
            parts.append(Markup(" "))
        elif kind == "hardbreak":
            parts.append(Markup("<br/>"))
        elif kind not in _SILENT:
            parts.append(text(child.content))
    return Markup(bind_units("".join(parts)))


def plain(children: Iterable[InlineToken]) -> str:
    """The words of inline tokens without any markup, for PDF bookmarks."""
    words = []
    for child in children:
        if child.type in ("softbreak", "hardbreak"):
            words.append(" ")
        elif child.type not in _EMPHASIS and child.type not in _SILENT:
            words.append(child.content)
    return "".join(words)
