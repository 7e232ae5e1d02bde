"""Write pnp/data/fonts/coverage.txt: the characters every bundled DejaVu font can draw.

The input layer checks user text against this list so that a character our
fonts lack is an error naming its field, not an empty box on a printed tile.
It may not load a font library itself (the model and input layers never reach
a drawing library), so the fonts' character maps are read here, once, and
kept as plain ranges of code points. Only the DejaVu faces count: they are the
fallback that sets any string the display and text faces (Vollkorn, Lato)
lack a glyph for (pnp.draw.fonts). ``tests/input/test_glyphs.py`` checks that the
file matches the fonts; run ``python scripts/font_coverage.py`` after changing
a font.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFontFile

FONTS = Path(__file__).resolve().parent.parent / "pnp" / "data" / "fonts"
TARGET = FONTS / "coverage.txt"


def drawable() -> set[int]:
    """Code points that all of our fallback fonts map to a glyph."""
    maps = [set(TTFontFile(str(path)).charToGlyph)
            for path in sorted(FONTS.glob("DejaVu*.ttf"))]
    return set.intersection(*maps)


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
    lines = ["# code points every bundled DejaVu font draws; made by scripts/font_coverage.py"]
    lines += [f"{first:04X}-{last:04X}" for first, last in ranges(drawable())]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(coverage_text(), encoding="ascii")
    print(f"{TARGET}: {len(drawable())} characters")
