"""Write pnp/data/fonts/metrics/: how wide each character of each bundled face is.

Text is measured far below the drawing layer: ``pnp validate`` asks whether a
tile's name meets its icons, and the input and model layers may not load a
font library (import-linter forbids it; it would also cost validate the
drawing stack's start-up). So each face's advance widths are read here, once,
from the font files, and kept as plain numbers, a JSON file per face (a run
reads only the faces it sets): the width of the glyph a missing character
gets, and runs of consecutive code points that share a width, ``[first,
count, width]``, widths in thousandths of an em.

The widths are the ones reportlab reads from the same files and sums when it
sets a line (the file's units scaled to 1000 per em), so a width measured
from this file is the printed width to the last bit. There is no kerning:
our PDFs set text glyph after glyph, without the fonts' kerning pairs, so a
measure that kerned would disagree with the print. ``tests/input/test_faces.py``
checks the file against the fonts; run ``python scripts/font_metrics.py``
after changing a font.
"""

from __future__ import annotations

import json
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFontFile

FONTS = Path(__file__).resolve().parent.parent / "pnp" / "data" / "fonts"
TARGET = FONTS / "metrics"


def face_metrics(path: Path) -> dict[str, object]:
    """One face's default width and its characters' widths as runs of equal width."""
    font = TTFontFile(str(path))
    runs: list[list[float]] = []
    for code in sorted(font.charWidths):
        width = font.charWidths[code]
        last = runs[-1] if runs else None
        if last is not None and last[0] + last[1] == code and last[2] == width:
            last[1] += 1
        else:
            runs.append([code, 1, width])
    return {"default": font.defaultWidth, "runs": runs}


def metrics() -> dict[str, str]:
    """Each file's text, by file name: ``<face file>.json`` for every bundled face."""
    return {f"{path.name}.json": json.dumps(face_metrics(path), separators=(",", ":")) + "\n"
            for path in sorted(FONTS.glob("*.ttf"))}


if __name__ == "__main__":
    TARGET.mkdir(exist_ok=True)
    for name, text in metrics().items():
        (TARGET / name).write_text(text, encoding="ascii")
    print(f"wrote {TARGET}: {', '.join(sorted(metrics()))}")
