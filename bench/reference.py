"""A bare reportlab baseline for `make bench`: the same kind of work as pnp, done plainly.

    python bench/reference.py SPEC.json

SPEC is a JSON object: ``out`` (a folder), ``papers`` (e.g. ["letter", "a4"]),
``sheets`` (a list of {"name", "tiles", "designs", "size"}, size in points) and
``texts`` (Markdown files). For each paper, each sheet becomes one PDF: every
design is drawn once as a form XObject (beginForm/endForm) and placed by doForm,
fronts in a grid and a page of backs after each page of fronts. Each text is
set as plain Platypus paragraphs in one pass. Pages are compressed and fonts
embedded, as pnp does; nothing else (no headers, crop marks, SVGs or manifest).

The script uses reportlab only, never pnp, so that timing it measures what the
machine can do today and pnp's time can be read as a ratio against it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FONT = Path(__file__).resolve().parent.parent / "pnp" / "data" / "fonts" / "DejaVuSans.ttf"
PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
MARGIN = 17.0  # about 6 mm, the edge home printers cannot reach
EDGES = ((0.5, 1.0), (1.0, 0.5), (0.5, 0.0), (0.0, 0.5))  # N E S W, as fractions of a side


def design(canvas, index: int, size: float) -> None:
    """One tile: ground, a tunnel from the centre to some edges, a border."""
    canvas.setFillColorRGB(0.45, 0.36, 0.27)
    canvas.rect(0, 0, size, size, stroke=0, fill=1)
    canvas.setStrokeColorRGB(0.93, 0.87, 0.74)
    canvas.setLineWidth(size * 0.22)
    canvas.setLineCap(0)
    path = canvas.beginPath()
    for edge, (x, y) in enumerate(EDGES):
        if (index % 15 + 1) >> edge & 1:  # each design its own set of edges
            path.moveTo(size / 2, size / 2)
            path.lineTo(x * size, y * size)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(0.5)
    canvas.rect(0, 0, size, size, stroke=1, fill=0)


def back(canvas, size: float) -> None:
    canvas.setFillColorRGB(0.2, 0.16, 0.12)
    canvas.rect(0, 0, size, size, stroke=0, fill=1)
    canvas.setFillColorRGB(0.9, 0.85, 0.7)
    canvas.circle(size / 2, size / 2, size / 4, stroke=0, fill=1)


def sheet(path: Path, paper: str, tiles: int, designs: int, size: float) -> None:
    """Every copy placed as a form: a page of fronts, then its page of backs."""
    from reportlab.pdfgen.canvas import Canvas

    width, height = PAPERS[paper]
    canvas = Canvas(str(path), pagesize=(width, height), invariant=1, pageCompression=1)
    for index in range(designs):
        canvas.beginForm(f"d{index}", 0, 0, size, size)
        design(canvas, index, size)
        canvas.endForm()
    canvas.beginForm("back", 0, 0, size, size)
    back(canvas, size)
    canvas.endForm()
    columns = int((width - 2 * MARGIN) // size)
    rows = int((height - 2 * MARGIN - 40) // size)
    per_page = columns * rows
    for first in range(0, tiles, per_page):
        count = min(per_page, tiles - first)
        for side in ("front", "back"):
            for slot in range(count):
                column, row = slot % columns, slot // columns
                if side == "back":
                    column = columns - 1 - column  # mirrored for a long-edge flip
                canvas.saveState()
                canvas.translate(MARGIN + column * size, height - MARGIN - 20 - (row + 1) * size)
                canvas.doForm(f"d{(first + slot) % designs}" if side == "front" else "back")
                canvas.restoreState()
            canvas.showPage()
    canvas.save()


def text(path: Path, paper: str, source: Path) -> None:
    """A Markdown file's blocks as plain paragraphs in an embedded font, one pass."""
    from xml.sax.saxutils import escape

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    if "RefSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("RefSans", str(FONT)))
    style = ParagraphStyle("body", fontName="RefSans", fontSize=10, leading=13.6,
                           spaceAfter=5)
    blocks = [block.strip() for block in source.read_text().split("\n\n") if block.strip()]
    story = [Paragraph(escape(block), style) for block in blocks]
    doc = SimpleDocTemplate(str(path), pagesize=PAPERS[paper], invariant=1,
                            initialFontName="RefSans")
    doc.build(story)


def main() -> None:
    from reportlab import rl_config

    rl_config.useA85 = 0  # binary streams, as pnp writes them
    spec = json.loads(Path(sys.argv[1]).read_text())
    out = Path(spec["out"])
    out.mkdir(parents=True, exist_ok=True)
    for paper in spec["papers"]:
        for job in spec.get("sheets", []):
            sheet(out / f"{job['name']}-{paper}.pdf", paper, job["tiles"], job["designs"],
                  job["size"])
        for number, source in enumerate(spec.get("texts", [])):
            text(out / f"text{number}-{paper}.pdf", paper, Path(source))


if __name__ == "__main__":
    main()
