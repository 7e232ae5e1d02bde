"""The fonts we ship and embed: DejaVu Sans (free Bitstream Vera licence, included).

PDFs must never depend on a reader's fonts, so every string is set in a font
from ``pnp/data/fonts`` and embedded as a subset. Fonts are named by role so art code
never mentions files; they are registered with reportlab only when first used,
which keeps ``pnp --help`` fast.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.draw.scene import FontRole
from pnp.shipped import data_dir

FONT_DIR = data_dir("fonts")

# role -> (PDF name, file, SVG family, SVG weight, SVG stretch)
FONTS: dict[FontRole, tuple[str, str, str, str, str]] = {
    "regular": ("PnpSans", "DejaVuSans.ttf", "DejaVu Sans", "normal", "normal"),
    "bold": ("PnpSans-Bold", "DejaVuSans-Bold.ttf", "DejaVu Sans", "bold", "normal"),
    "condensed": ("PnpSans-CondensedBold", "DejaVuSansCondensed-Bold.ttf",
                  "DejaVu Sans Condensed", "bold", "condensed"),
    "italic": ("PnpSans-Oblique", "DejaVuSans-Oblique.ttf", "DejaVu Sans", "normal", "normal"),
}


@cache
def text_family() -> str:
    """Register regular, bold and italic as one family, so <b> and <i> work in Platypus."""
    regular, bold, italic = pdf_font("regular"), pdf_font("bold"), pdf_font("italic")
    addMapping(regular, 0, 0, regular)
    addMapping(regular, 1, 0, bold)
    addMapping(regular, 0, 1, italic)
    addMapping(regular, 1, 1, bold)
    return regular


@cache
def pdf_font(role: FontRole) -> str:
    """Register the font for ``role`` with reportlab once and return its PDF name."""
    name, filename, *_ = FONTS[role]
    pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    return name


def string_width(text: str, role: FontRole, size: float) -> float:
    """Width in points of ``text`` set in the font for ``role``."""
    width: float = pdfmetrics.stringWidth(text, pdf_font(role), size)
    return width


def greedy_lines(parts: list[str], role: FontRole, size: float, width: float,
                 joiner: str = " ") -> list[str]:
    """``parts`` joined by ``joiner`` into lines no wider than ``width``, filled greedily.

    A part wider than the line on its own still gets a line: the caller decides
    whether to shrink it. Words joined by spaces and file names cut after their
    hyphens are both broken here.
    """
    lines: list[str] = []
    line = ""
    for part in parts:
        candidate = f"{line}{joiner}{part}" if line else part
        if line and string_width(candidate, role, size) > width:
            lines.append(line)
            line = part
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
