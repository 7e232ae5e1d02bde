"""The bundled faces as reportlab sets and embeds them: registered once, on first use.

What the faces are, which sets which text and how wide it is live in
:mod:`pnp.input.faces`, which loads no font library; here each face is
registered with reportlab when first drawn (which keeps ``pnp --help`` and
``pnp validate`` fast) and embedded as a subset: a PDF never depends on a
reader's fonts, and a kit in Japanese carries the few kilobytes of the
characters it uses, not the 3 MB face. All are under open licences (SIL OFL
for Vollkorn and Lato, the Bitstream Vera licence for DejaVu, Apache 2.0 for
Droid), shipped in ``pnp/data/fonts`` with their licences.
"""

from __future__ import annotations

import re
from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.input.faces import (
    CJK,
    FONTS,
    SANS,
    SANS_BOLD,
    SANS_ITALIC,
    Face,
    FontRole,
    code_points,
    face_for,
    is_cjk,
)
from pnp.shipped import data_dir

FONT_DIR = data_dir("fonts")


@cache
def text_family() -> str:
    """Register regular, bold and italic as one family, so <b> and <i> work in Platypus.

    The fallback becomes a family of its own only when :func:`with_fallback`
    first sets a run in it: reading its three faces costs some 30 ms a
    process, and a book whose every character its own faces draw (every
    shipped book) never uses them.
    """
    _as_family(*(_registered(FONTS[role][0]) for role in ("regular", "bold", "italic")))
    display = pdf_font("display")
    for weight, slant in ((0, 0), (1, 0), (0, 1), (1, 1)):
        addMapping(display, weight, slant, display)
    return pdf_font("regular")


@cache
def _fallback_family() -> str:
    """Register the fallback's regular, bold and italic as a family (a run in it may
    sit inside <b> or <i>)."""
    return _as_family(*(_registered(face) for face in (SANS, SANS_BOLD, SANS_ITALIC)))


def _as_family(regular: str, bold: str, italic: str) -> str:
    """Map registered faces as a family; registering a face maps its name to itself
    alone, so this comes after."""
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, italic)
    addMapping(regular, 1, 1, bold)
    return regular


@cache
def _registered(face: Face) -> str:
    """Register ``face`` with reportlab once and return its PDF name."""
    pdfmetrics.registerFont(TTFont(face.pdf_name, str(FONT_DIR / face.file)))
    return face.pdf_name


def registered(face: Face) -> str:
    """The PDF name of ``face``, registered with reportlab on first use."""
    return _registered(face)


def pdf_font(role: FontRole, text: str = "") -> str:
    """The registered PDF name of the face that sets ``text`` in ``role``."""
    return _registered(face_for(role, text))


def with_fallback(markup: str, pdf_name: str) -> str:
    """Paragraph markup whose characters the face ``pdf_name`` lacks are set in its
    fallback, character by character (tags and entities are ASCII, and left alone).

    A run inside ``<b>`` or ``<i>`` in the text family is set in the fallback's bold or
    italic: a ``<font face>`` tag names one face, and Platypus does not turn it bold
    or italic for the tags around it (an Armenian word in a bold phrase had printed
    regular).
    """
    faces = next((faces for faces in FONTS.values() if faces[0].pdf_name == pdf_name), None)
    if markup.isascii() or faces is None:  # ASCII, or a fallback face already
        return markup
    face, fallback = faces
    glyphs = code_points(face)
    if all(character.isascii() or ord(character) in glyphs for character in markup):
        return markup
    styled = _TEXT_FAMILY_STYLES.get(pdf_name)  # (bold, italic) of a text family face
    if styled is None:
        return _in_fallback(markup, glyphs, _registered(fallback))
    _fallback_family()
    bold, italic = styled
    parts = []
    for part in _EMPHASIS.split(markup):
        tag = _EMPHASIS_TAG.fullmatch(part)
        if tag is None:
            parts.append(_in_fallback(part, glyphs, _FALLBACK_BY_STYLE[bold > 0, italic > 0]))
            continue
        step = -1 if tag.group(1) else 1
        bold += step if tag.group(2) == "b" else 0
        italic += step if tag.group(2) == "i" else 0
        parts.append(part)
    return "".join(parts)


def _in_fallback(text: str, glyphs: frozenset[int], fallback_name: str) -> str:
    """``text`` with each character missing from ``glyphs`` set in ``fallback_name``, or in
    the CJK face for Chinese, Japanese and Korean."""
    return "".join(character if character.isascii() or ord(character) in glyphs
                   else f'<font face="{_registered(CJK)}">{character}</font>'
                   if is_cjk(character)
                   else f'<font face="{fallback_name}">{character}</font>'
                   for character in text)


_EMPHASIS = re.compile(r"(</?(?:b|i)>)")
_EMPHASIS_TAG = re.compile(r"<(/?)(b|i)>")
# the text family's faces, by the weight and slant each sets without a tag
_TEXT_FAMILY_STYLES = {FONTS["regular"][0].pdf_name: (0, 0), FONTS["bold"][0].pdf_name: (1, 0),
                       FONTS["italic"][0].pdf_name: (0, 1)}
# the fallback face for a run of that weight and slant (the family sets bold italic bold)
_FALLBACK_BY_STYLE = {(False, False): SANS.pdf_name, (True, False): SANS_BOLD.pdf_name,
                      (False, True): SANS_ITALIC.pdf_name, (True, True): SANS_BOLD.pdf_name}


def fallback_font(role: FontRole) -> str:
    """The registered PDF name of ``role``'s fallback face: for text we cannot see
    before it is drawn, such as the words in a tileset's own SVG art."""
    return _registered(FONTS[role][1])


