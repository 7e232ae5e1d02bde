"""Write pnp/data/fonts/coverage.txt: the characters the bundled fonts can draw.

The input layer checks user text against this list so that a character our
fonts lack is an error naming its field, not an empty box on a printed tile.
It may not load a font library itself (the model and input layers never reach
a drawing library), so the fonts' character maps are read here, once, and
kept as plain ranges of code points. What counts is what every DejaVu face
draws (they are the fallback that sets any string the display and text
faces, Vollkorn and Lato, lack a glyph for), and the Chinese, Japanese and
Korean characters the CJK face (Droid Sans Fallback) draws and they do not,
which every role sets in that face (pnp.input.faces). ``tests/input/test_glyphs.py`` checks that the
file matches the fonts; run ``python scripts/font_coverage.py`` after changing
a font.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from arabic_reshaper.letters import LETTERS_ARABIC
from reportlab.pdfbase.ttfonts import TTFontFile

FONTS = Path(__file__).resolve().parent.parent / "pnp" / "data" / "fonts"
TARGET = FONTS / "coverage.txt"


CJK_FACE = "DroidSansFallback.ttf"


UPRIGHT = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf")


def arabic(maps: list[set[int]]) -> set[int]:
    """Arabic letters every upright DejaVu face draws in each joined form the reshaper
    gives them, and the Arabic block's other characters they all draw (its comma,
    semicolon and question mark, its digits, the vowel marks, the tatweel). The oblique
    has no Arabic: an italic sets it upright, in DejaVu Sans."""
    found = set()
    for letter, forms in LETTERS_ARABIC.items():
        needed = {ord(letter)} | {ord(form) for form in forms if form}
        if all(needed <= glyphs for glyphs in maps):
            found.add(ord(letter))
    for point in range(0x0600, 0x0700):
        if unicodedata.category(chr(point)) in ("Po", "Nd", "Mn", "Lm", "Sc") and \
                all(point in glyphs for glyphs in maps):
            found.add(point)
    return found


def drawable() -> set[int]:
    """Code points all of our DejaVu faces map to a glyph, the Arabic the upright ones
    draw, and the characters the CJK face adds (wide characters only: its few narrow ones,
    such as a space, are DejaVu's to set), up to U+FFFF."""
    maps = [set(TTFontFile(str(path)).charToGlyph)
            for path in sorted(FONTS.glob("DejaVu*.ttf"))]
    upright = [set(TTFontFile(str(FONTS / name)).charToGlyph) for name in UPRIGHT]
    cjk = {point for point in TTFontFile(str(FONTS / CJK_FACE)).charToGlyph
           if unicodedata.east_asian_width(chr(point)) in ("W", "F")}
    found = set.intersection(*maps) | arabic(upright) | (cjk - set.union(*maps))
    # only the Basic Multilingual Plane: reportlab's text maps write a character past it
    # (DejaVu's few emoji faces) as an odd-length code no reader takes, so emoji are refused
    return {point for point in found if point <= 0xFFFF}


def ranges(points: set[int]) -> list[tuple[int, int]]:
    """``points`` as sorted inclusive ranges."""
    spans: list[tuple[int, int]] = []
    for point in sorted(points):
        if spans and spans[-1][1] == point - 1:
            spans[-1] = (spans[-1][0], point)
        else:
            spans.append((point, point))
    return spans


def coverage_text() -> str:
    """The file's text: a comment line, then one ``FIRST-LAST`` hex range per line."""
    lines = ["# code points the bundled fonts draw (every DejaVu face; Arabic letters in "
             "every joined form; the CJK face's wide characters); made by "
             "scripts/font_coverage.py"]
    lines += [f"{first:04X}-{last:04X}" for first, last in ranges(drawable())]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(coverage_text(), encoding="ascii")
    print(f"{TARGET}: {len(drawable())} characters")
