"""The fonts we ship and embed, by role: a display face, a text face, and a fallback.

Vollkorn (bold) sets titles and headings; Lato sets the text of the books and
the pieces; DejaVu Sans sets any string one of them lacks a glyph for, and
the condensed labels on tiles; Droid Sans Fallback sets Chinese, Japanese and
Korean characters, which none of the others draw, inside any of them. Between
them they draw every character the input layer lets through
(:mod:`pnp.input.glyphs`). All are under open licences (SIL OFL for Vollkorn
and Lato, the Bitstream Vera licence for DejaVu, Apache 2.0 for Droid), are
shipped in ``pnp/data/fonts`` with their licences, and are embedded as
subsets: a PDF never depends on a reader's fonts, and a kit in Japanese
carries the few kilobytes of the characters it uses, not the 3 MB face.

Text is set in runs (:func:`runs`): a string is in its role's face, or in the
role's fallback when the face lacks one of its letters (a whole string in one
of the two, never a mix), and its CJK characters are runs of their own in
the CJK face. Art code names roles, never
files; fonts are registered with reportlab only when first used, which keeps
``pnp --help`` fast.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from typing import Any, NamedTuple

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.draw.scene import FontRole
from pnp.input.glyphs import DIRECTION_MARKS, right_to_left
from pnp.shipped import data_dir

FONT_DIR = data_dir("fonts")


class Face(NamedTuple):
    """One font file: its PDF name, and how an SVG names it (family, weight, style, stretch)."""

    pdf_name: str
    file: str
    family: str
    weight: str = "normal"
    style: str = "normal"
    stretch: str = "normal"


SANS = Face("PnpSans", "DejaVuSans.ttf", "DejaVu Sans")
SANS_BOLD = Face("PnpSans-Bold", "DejaVuSans-Bold.ttf", "DejaVu Sans", "bold")
SANS_ITALIC = Face("PnpSans-Oblique", "DejaVuSans-Oblique.ttf", "DejaVu Sans", style="oblique")
CONDENSED = Face("PnpSans-CondensedBold", "DejaVuSansCondensed-Bold.ttf",
                 "DejaVu Sans Condensed", "bold", stretch="condensed")

# Chinese, Japanese and Korean, in one weight: bold and italic roles set them upright
CJK = Face("PnpCJK", "DroidSansFallback.ttf", "Droid Sans Fallback")

# role -> (the face that sets it, the face for a string that face cannot draw)
FONTS: dict[FontRole, tuple[Face, Face]] = {
    "regular": (Face("PnpText", "Lato-Regular.ttf", "Lato"), SANS),
    "bold": (Face("PnpText-Bold", "Lato-Bold.ttf", "Lato", "bold"), SANS_BOLD),
    "italic": (Face("PnpText-Italic", "Lato-Italic.ttf", "Lato", style="italic"), SANS_ITALIC),
    "condensed": (CONDENSED, CONDENSED),
    "display": (Face("PnpDisplay", "Vollkorn-Bold.ttf", "Vollkorn", "bold"), SANS_BOLD),
}


@cache
def text_family() -> str:
    """Register regular, bold and italic as one family, so <b> and <i> work in Platypus;
    the fallback is registered as a family of its own for the runs it sets."""
    for faces in (tuple(FONTS[role][0] for role in ("regular", "bold", "italic")),
                  (SANS, SANS_BOLD, SANS_ITALIC)):
        regular, bold, italic = (_registered(face) for face in faces)
        addMapping(regular, 0, 0, regular)
        addMapping(regular, 1, 0, bold)
        addMapping(regular, 0, 1, italic)
        addMapping(regular, 1, 1, bold)
    display = pdf_font("display")
    for weight, slant in ((0, 0), (1, 0), (0, 1), (1, 1)):
        addMapping(display, weight, slant, display)
    return _registered(FONTS["regular"][0])


@cache
def _registered(face: Face) -> str:
    """Register ``face`` with reportlab once and return its PDF name."""
    pdfmetrics.registerFont(TTFont(face.pdf_name, str(FONT_DIR / face.file)))
    return face.pdf_name


@cache
def _glyphs(face: Face) -> frozenset[int]:
    """The code points ``face`` has a glyph for."""
    font = pdfmetrics.getFont(_registered(face))
    return frozenset(font.face.charToGlyph)


def draws(face: Face, text: str) -> bool:
    """Whether ``face`` has a glyph for every character of ``text`` (all our faces draw
    printable ASCII, which most text is: that is decided without a lookup)."""
    if text.isascii():
        return True
    glyphs = _glyphs(face)
    return all(ord(character) in glyphs or character in "\n\t" for character in text)


def is_cjk(character: str) -> bool:
    """Whether ``character`` is set in the CJK face: one the DejaVu faces lack and it has."""
    return not character.isascii() and ord(character) not in _glyphs(SANS) and \
        ord(character) in _glyphs(CJK)


def face_for(role: FontRole, text: str = "") -> Face:
    """The face that sets ``text`` (its characters but CJK ones) in ``role``: the role's
    own, or its fallback when the role's face lacks one of them (a whole string in one
    face, never a mix)."""
    face, fallback = FONTS[role]
    if text.isascii():
        return face
    return face if draws(face, "".join(c for c in visual(text) if not is_cjk(c))) else fallback


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """One line as it is drawn, left to right: Arabic letters in their joined forms (the
    lam-alef ligatures too; vowel marks kept), every right-to-left run in display order by
    the Unicode bidirectional algorithm with brackets mirrored. A vowel mark comes just
    before its letter, where our faces' marks (which extend to the right of where they
    are drawn) land on it. The line reads in the direction of its first letter, or of a
    direction mark (U+200F, U+200E) put before it by :func:`pnp.draw.placing.wrap` so that
    each line of a wrapped paragraph keeps the paragraph's direction; the marks are not
    drawn. Other text is returned as it is."""
    if not right_to_left(text):
        return text.lstrip(DIRECTION_MARKS)
    # loaded for the first line written right to left: the shaper brings fontTools, a
    # tenth of a second that text in other scripts never needs
    from bidi import get_display as rust_display
    from bidi.algorithm import get_display

    shaped = _arabic_shaper().reshape(text)
    try:
        shown: str = get_display(shaped)
    except AssertionError:  # a character unassigned in Python's Unicode: not in user text,
        shown = rust_display(shaped)  # which the fonts' coverage checks; still drawn
    return "".join(character for character in shown if character not in DIRECTION_MARKS)


@cache
def _arabic_shaper() -> Any:
    """The Arabic shaper, made once (it compiles its ligature patterns): vowel marks kept,
    and only the ligatures our faces draw (lam-alef; not the word Allah)."""
    from arabic_reshaper import ArabicReshaper

    return ArabicReshaper(configuration={"delete_harakat": False,
                                         "ARABIC LIGATURE ALLAH": False})


def runs(role: FontRole, text: str) -> list[tuple[Face, str]]:
    """``text`` as drawn (:func:`visual`), cut into runs of one face each: the face
    :func:`face_for` gives, each stretch of CJK characters in the CJK face, and any
    character that face lacks in DejaVu Sans (the oblique has no Arabic)."""
    face = face_for(role, text)
    if text.isascii():
        return [(face, text)]
    text = visual(text)
    found: list[tuple[Face, str]] = []
    for character in text:
        wanted = face
        if is_cjk(character):
            wanted = CJK
        elif not draws(face, character) and draws(SANS, character):
            wanted = SANS
        if found and found[-1][0] == wanted:
            found[-1] = (wanted, found[-1][1] + character)
        else:
            found.append((wanted, character))
    return found


def registered(face: Face) -> str:
    """The PDF name of ``face``, registered with reportlab on first use."""
    return _registered(face)


def pdf_font(role: FontRole, text: str = "") -> str:
    """The registered PDF name of the face that sets ``text`` in ``role``."""
    return _registered(face_for(role, text))


def with_fallback(markup: str, pdf_name: str) -> str:
    """Paragraph markup whose characters the face ``pdf_name`` lacks are set in its
    fallback, character by character (tags and entities are ASCII, and left alone)."""
    faces = next((faces for faces in FONTS.values() if faces[0].pdf_name == pdf_name), None)
    if markup.isascii() or faces is None:  # ASCII, or a fallback face already
        return markup
    face, fallback = faces
    glyphs = _glyphs(face)
    fallback_name = _registered(fallback)
    return "".join(character if character.isascii() or ord(character) in glyphs
                   else f'<font face="{_registered(CJK)}">{character}</font>'
                   if is_cjk(character)
                   else f'<font face="{fallback_name}">{character}</font>'
                   for character in markup)


def fallback_font(role: FontRole) -> str:
    """The registered PDF name of ``role``'s fallback face: for text we cannot see
    before it is drawn, such as the words in a tileset's own SVG art."""
    return _registered(FONTS[role][1])


def runs_width(pieces: list[tuple[Face, str]], size: float) -> float:
    """Width in points of runs set one after another at ``size``."""
    total: float = sum(pdfmetrics.stringWidth(run, _registered(face), size)
                       for face, run in pieces)
    return total


def string_width(text: str, role: FontRole, size: float) -> float:
    """Width in points of ``text`` set in ``role``, run by run."""
    if text.isascii():
        width: float = pdfmetrics.stringWidth(text, pdf_font(role, text), size)
        return width
    return runs_width(runs(role, text), size)


def _breaks_anywhere(character: str) -> bool:
    """Whether a line may break before or after ``character``: a wide (CJK) character but
    a Hangul one (Chinese and Japanese are written without spaces; Korean puts spaces
    between words, and breaks there)."""
    return unicodedata.east_asian_width(character) in ("W", "F") and not (
        "\uac00" <= character <= "\ud7a3" or "\u1100" <= character <= "\u11ff"
        or "\u3130" <= character <= "\u318f")


def _pieces(part: str) -> list[str]:
    """``part`` cut before and after each character a line may break around."""
    if part.isascii():
        return [part]
    pieces: list[str] = []
    for character in part:
        if _breaks_anywhere(character) or not pieces or _breaks_anywhere(pieces[-1][-1]):
            pieces.append(character)
        else:
            pieces[-1] += character
    return pieces


def greedy_lines(parts: list[str], role: FontRole, size: float, width: float,
                 joiner: str = " ") -> list[str]:
    """``parts`` joined by ``joiner`` into lines no wider than ``width``, filled greedily.

    A part wider than the line on its own still gets a line: the caller decides
    whether to shrink it. Words joined by spaces, file names cut after their
    hyphens, and runs of CJK characters (between any two of which a line may
    break) are all broken here.
    """
    lines: list[str] = []
    line = ""
    for part in parts:
        for index, piece in enumerate(_pieces(part)):
            glue = joiner if index == 0 else ""
            candidate = f"{line}{glue}{piece}" if line else piece
            if line and string_width(candidate, role, size) > width:
                lines.append(line)
                line = piece
            else:
                line = candidate
    return [*lines, line]


MIN_TEXT = 6.0  # points: the smallest text we print, on any piece, back, aid or legend


def fit_size(text: str, role: FontRole, size: float, width: float,
             smallest: float = MIN_TEXT) -> float:
    """The largest size up to ``size`` at which ``text`` fits in ``width``, never below
    ``smallest``: text too long for its room at the smallest size is the caller's to
    shorten, wrap or leave out."""
    natural = string_width(text, role, size)
    if natural <= width:
        return size
    return max(smallest, size * width / natural)
