"""The faces we ship, by role, and how wide text set in them is: no font library needed.

Vollkorn (bold) sets titles and headings; Lato sets the text of the books and
the pieces; DejaVu Sans sets any string one of them lacks a glyph for, and
the few condensed lines on cards; Droid Sans Fallback sets Chinese, Japanese and
Korean characters, which none of the others draw, inside any of them. Between
them they draw every character the input layer lets through
(:mod:`pnp.input.glyphs`). The files and their licences are in
``pnp/data/fonts``; :mod:`pnp.draw.fonts` registers and embeds them.

Text is set in runs (:func:`runs`): a string is in its role's face, or in the
role's fallback when the face lacks one of its letters (a whole string in one
of the two, never a mix), and its CJK characters are runs of their own in
the CJK face. Art code names roles, never files.

Widths are measured here, below the drawing layer, because ``pnp validate``
needs them (does a tile's name meet its icons?) and should not load a drawing
stack to ask. They come from ``pnp/data/fonts/metrics/``, each face's advance
widths read from its file by ``scripts/font_metrics.py``: the very numbers
reportlab sums when it sets a line, so a width here is the printed width
(tested against the fonts). Our PDFs set text without the fonts' kerning, so
no kerning is applied here either.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import json
import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import Literal, NamedTuple

from pnp.input.direction import logical, right_to_left, visual
from pnp.model.partition import cheapest_split
from pnp.model.typography import ARTICLES_AND_PREPOSITIONS
from pnp.shipped import data_dir

FontRole = Literal["regular", "bold", "condensed", "label", "italic", "display"]  # FONTS
METRICS = data_dir("fonts") / "metrics"


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
    # what a tile prints (names, badges' figures): the books' sans, so a kit sets one family
    "label": (Face("PnpText-Bold", "Lato-Bold.ttf", "Lato", "bold"), CONDENSED),
    "display": (Face("PnpDisplay", "Vollkorn-Bold.ttf", "Vollkorn", "bold"), SANS_BOLD),
}




class _Widths(NamedTuple):
    """One face's advance widths in thousandths of an em: runs of consecutive code points
    sharing a width (their first code points sorted, for a search), and the width of the
    glyph a missing character gets."""

    firsts: tuple[int, ...]
    runs: tuple[tuple[int, int, float], ...]
    default: float


@cache
def _widths(face: Face) -> _Widths:
    """``face``'s metrics, read from its file on first use (a run reads only the faces it
    sets)."""
    data = json.loads((METRICS / f"{face.file}.json").read_text(encoding="ascii"))
    runs = tuple((int(first), int(count), float(width)) for first, count, width in data["runs"])
    return _Widths(tuple(first for first, _, _ in runs), runs, float(data["default"]))


@cache
def _ascii_widths(face: Face) -> tuple[float, ...]:
    """The widths of the 128 ASCII characters, which most text is, for a lookup by index."""
    return tuple(_advance(face, code) for code in range(128))


def _advance(face: Face, code: int) -> float:
    """The advance width of code point ``code`` in ``face``, thousandths of an em."""
    widths = _widths(face)
    index = bisect.bisect_right(widths.firsts, code) - 1
    if index >= 0:
        first, count, width = widths.runs[index]
        if code < first + count:
            return width
    return widths.default


@cache
def code_points(face: Face) -> frozenset[int]:
    """The code points ``face`` has a glyph for."""
    return frozenset(code for first, count, _ in _widths(face).runs
                     for code in range(first, first + count))


def _width(text: str, face: Face, size: float) -> float:
    """Width in points of ``text`` set in ``face`` at ``size``: its characters' advances
    added in order and scaled in reportlab's order of operations, so that the width is
    the printed one to the last bit (a line that just fits must fit both ways)."""
    return _advances(text, face) * 0.001 * size


@functools.lru_cache(maxsize=16384)
def _advances(text: str, face: Face) -> float:
    """The sum of ``text``'s advances in ``face``, thousandths of an em, added in order:
    a player aid measures the same words at every size it tries, a book the same lines
    for each edition."""
    if text.isascii():
        table = _ascii_widths(face)
        return sum(table[ord(character)] for character in text)
    return sum(_advance(face, ord(character)) for character in text)


def draws(face: Face, text: str) -> bool:
    """Whether ``face`` has a glyph for every character of ``text`` (all our faces draw
    printable ASCII, which most text is: that is decided without a lookup)."""
    if text.isascii():
        return True
    glyphs = code_points(face)
    return all(ord(character) in glyphs or character in "\n\t" for character in text)


def is_cjk(character: str) -> bool:
    """Whether ``character`` is set in the CJK face: one the DejaVu faces lack and it has."""
    return not character.isascii() and ord(character) not in code_points(SANS) and \
        ord(character) in code_points(CJK)


def face_for(role: FontRole, text: str = "") -> Face:
    """The face that sets ``text`` (its characters but CJK ones) in ``role``: the role's
    own, or its fallback when the role's face lacks one of them (a whole string in one
    face, never a mix)."""
    face, fallback = FONTS[role]
    if text.isascii():
        return face
    return face if draws(face, "".join(c for c in visual(text) if not is_cjk(c))) else fallback


def runs(role: FontRole, text: str) -> list[tuple[Face, str]]:
    """``text`` as drawn (:func:`visual`), cut into runs of one face each: the face
    :func:`face_for` gives, each stretch of CJK characters in the CJK face, and any
    character that face lacks in DejaVu Sans (the oblique has no Arabic)."""
    face = face_for(role, text)
    if text.isascii():
        return [(face, text)]
    text = visual(text)
    if not any(is_cjk(character) or not draws(face, character)
               for character in set(text) if not character.isascii()):
        return [(face, text)]  # one run: a page's footer asks this of each of its dots
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


class SetLine(NamedTuple):
    """One line of text as every writer sets it, its direction decided here once: the
    writers (SVG, PDF) emit it and ask nothing of the text themselves."""

    face: Face  # the line's own face (:func:`face_for`)
    runs: tuple[tuple[Face, str], ...]  # the characters as drawn, left to right, by face
    right_to_left: bool  # it holds Hebrew or Arabic: drawn in display order already
    logical: str  # as written, without direction marks: what a reader copies or hears


@functools.lru_cache(maxsize=4096)
def set_line(role: FontRole, text: str) -> SetLine:
    """``text`` set in ``role``: its face, its runs in display order (:func:`runs`), its
    direction and its words as written."""
    return SetLine(face_for(role, text), tuple(runs(role, text)), right_to_left(text),
                   logical(text))


def runs_width(pieces: Sequence[tuple[Face, str]], size: float) -> float:
    """Width in points of runs set one after another at ``size``."""
    return sum(_width(run, face, size) for face, run in pieces)


def string_width(text: str, role: FontRole, size: float) -> float:
    """Width in points of ``text`` set in ``role``, run by run."""
    if text.isascii():
        return _width(text, face_for(role, text), size)
    return runs_width(runs(role, text), size)


def _breaks_anywhere(character: str) -> bool:
    """Whether a line may break before or after ``character``: a wide (CJK) character but
    a Hangul one (Chinese and Japanese are written without spaces; Korean puts spaces
    between words, and breaks there)."""
    return unicodedata.east_asian_width(character) in ("W", "F") and not (
        "\uac00" <= character <= "\ud7a3" or "\u1100" <= character <= "\u11ff"
        or "\u3130" <= character <= "\u318f")


# Line-break classes (UAX #14) a line may not start with in Japanese and Chinese
# (closing brackets and punctuation, ! and ?, small kana and the prolonged sound mark:
# JIS X 4051's kinsoku), and the one it may not end with (an opening bracket).
NO_LINE_START = frozenset({"CL", "CP", "EX", "IS", "NS", "CJ"})
NO_LINE_END = frozenset({"OP"})


def _pieces(part: str) -> list[str]:
    """``part`` cut where a line may break inside it: nowhere in a word of a script
    written with spaces, and in Chinese and Japanese where Unicode's line-breaking rules
    (UAX #14, from uniseg) allow, held to JIS X 4051: no line starts with a closing
    bracket, a stop, a small kana or a prolonged sound mark, and none ends with an
    opening bracket."""
    if part.isascii() or not any(_breaks_anywhere(character) for character in part):
        return [part]
    from uniseg.linebreak import line_break, line_break_units  # only for CJK text

    pieces: list[str] = []
    for unit in line_break_units(part):
        if pieces and (str(line_break(unit[0])) in NO_LINE_START or
                       str(line_break(pieces[-1][-1])) in NO_LINE_END):
            pieces[-1] += unit
        else:
            pieces.append(unit)
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


def even_lines(words: list[str], role: FontRole, size: float, width: float) -> list[str]:
    """``words`` in as few lines no wider than ``width`` as greedy filling needs, cut so
    the lines are as even as they can be, no line but the last ends on a short word
    that leads the next ("the", "a", "no"), a line may end at a sentence's end, and the
    last holds two words or more.

    Greedy filling in a narrow cell leaves the last line a word or two long; binding
    those to the line above had moved short words down alone ("Your turn ends, / no
    miner action."), which read as breaks made by hand. Lines of even length read as
    set. Words are broken at spaces only; a word wider than the line, or a text in a
    script broken anywhere (CJK), is left to :func:`greedy_lines`.
    """
    greedy = greedy_lines(words, role, size, width)
    count = len(greedy)
    if count < 2 or any(len(_pieces(word)) > 1 for word in words):
        return greedy
    wides = [string_width(word, role, size) for word in words]
    if max(wides) > width:
        return greedy
    total = len(words)
    # a line's width is its words' and its spaces' (advances add up), from running sums:
    # measuring every candidate line's text had cost a build a third of a second
    space, sums = string_width(" ", role, size), [0.0]
    for wide in wides:
        sums.append(sums[-1] + wide)

    def price(start: int, end: int) -> float | None:
        # the last line ends at the last word: a line ending there sooner leads nowhere
        return _line_cost(sums[end] - sums[start] + space * (end - start - 1),
                          words[start:end], width, end == total, total >= 2 * count)

    starts = cheapest_split(total, count, price)
    if starts is None:
        return greedy
    return [" ".join(words[start:end]) for start, end in itertools.pairwise(starts)]


def _line_cost(wide: float, line: list[str], width: float, last: bool,
               roomy: bool) -> float | None:
    """What one line of :func:`even_lines`, ``wide`` points long, costs, None if it does
    not fit: the square of its slack, halved where it ends a sentence, with a line's
    width added squared for a line ending on a leading short word or (``roomy``: words
    enough) a last line of one."""
    if wide > width:
        return None
    cost = (width - wide) ** 2
    if not last and line[-1][-1:] in ".?!":
        cost /= 2
    if not last and line[-1].lower() in ARTICLES_AND_PREPOSITIONS:
        cost += (width / 2) ** 2
    if last and len(line) < 2 and roomy:
        cost += width ** 2
    return cost


def fit_size(text: str, role: FontRole, size: float, width: float,
             smallest: float = MIN_TEXT) -> float:
    """The largest size up to ``size`` at which ``text`` fits in ``width``, never below
    ``smallest``: text too long for its room at the smallest size is the caller's to
    shorten, wrap or leave out."""
    natural = string_width(text, role, size)
    if natural <= width:
        return size
    if natural <= 0 or width <= 0:  # nothing to draw, or no room at all (a tiny card)
        return size if natural <= 0 else smallest
    return max(smallest, size * width / natural)
