"""Write one contact sheet (PNG) per game: every page of every PDF it builds.

Looking at a whole game at once is how layout slips get caught: a near-empty
page, a badge over a tile, a sheet that wastes half its paper. ``make proof``
builds the games first, then calls this on ``output/``. Pages are rasterised
by pdfium, the engine the tests measure with, and laid out in reading order
with each file's name above its row, so a reviewer can say "page 7 of the
Dynamine book" from the picture alone.

    python scripts/proof.py OUT_FOLDER [--dpi N] [--paper letter|a4]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw, ImageFont

GAP = 12
LABEL_HEIGHT = 22
PER_ROW = 10
BACKGROUND = (214, 211, 204)


def _pages(pdf: Path, dpi: int) -> list[Image.Image]:
    """Every page of ``pdf`` as an RGB image at ``dpi``, with a thin border."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        images = []
        for page in document:
            image = page.render(scale=dpi / 72.0).to_pil().convert("RGB")
            framed = Image.new("RGB", (image.width + 2, image.height + 2), (90, 90, 90))
            framed.paste(image, (1, 1))
            images.append(framed)
        return images
    finally:
        document.close()


def _font() -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    """Our own DejaVu Sans when it is found, Pillow's bitmap font otherwise."""
    shipped = Path(__file__).resolve().parent.parent / "pnp" / "data" / "fonts"
    for candidate in sorted(shipped.glob("DejaVuSans.ttf")):
        return ImageFont.truetype(str(candidate), 14)
    return ImageFont.load_default()


def contact_sheet(pdfs: list[Path], dpi: int) -> Image.Image:
    """Every page of ``pdfs``, a row (or several) per file, labelled by file name."""
    rows: list[tuple[str, list[Image.Image]]] = []
    for pdf in pdfs:
        pages = _pages(pdf, dpi)
        for start in range(0, len(pages), PER_ROW):
            label = pdf.name if start == 0 else f"{pdf.name} (pages {start + 1}-)"
            rows.append((label, pages[start:start + PER_ROW]))
    cell_w = max(page.width for _, pages in rows for page in pages)
    cell_h = max(page.height for _, pages in rows for page in pages)
    width = GAP + PER_ROW * (cell_w + GAP)
    height = GAP + len(rows) * (LABEL_HEIGHT + cell_h + GAP)
    sheet = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(sheet)
    font = _font()
    y = GAP
    for label, pages in rows:
        pen.text((GAP, y), label, fill=(20, 20, 20), font=font)
        x = GAP
        for page in pages:
            sheet.paste(page, (x, y + LABEL_HEIGHT))
            x += cell_w + GAP
        y += LABEL_HEIGHT + cell_h + GAP
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder `pnp build` wrote")
    parser.add_argument("--dpi", type=int, default=30)
    parser.add_argument("--paper", default="letter", choices=("letter", "a4"))
    args = parser.parse_args()
    games = sorted(path for path in args.out.iterdir()
                   if path.is_dir() and not path.name.startswith(".") and path.name != "proof")
    target = args.out / "proof"
    target.mkdir(exist_ok=True)
    for game in games:
        pdfs = sorted(game.glob(f"*-{args.paper}.pdf"))
        if not pdfs:
            continue
        sheet = contact_sheet(pdfs, args.dpi)
        path = target / f"{game.name}-{args.paper}.png"
        sheet.save(path, optimize=True)
        print(f"{path}: {sheet.width} x {sheet.height} px, "
              f"{sum(1 for _ in pdfs)} PDF(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
