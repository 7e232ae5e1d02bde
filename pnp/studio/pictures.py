"""What the page shows: each tile kind as the PDF draws it, and the first tile sheet.

Tiles are drawn by the build's own design code and written by its SVG writer,
so the studio shows exactly the art that prints. The sheet preview is the
first page of the real tile-sheet PDF, rasterised by PDFium.
"""

from __future__ import annotations

import io

import pypdfium2
from msgspec.structs import replace

from pnp.draw.art import design_tile
from pnp.export.designs import GameDesigns
from pnp.export.sheets import TileSheets
from pnp.export.svg import to_svg
from pnp.model.options import options_for
from pnp.model.tileset import TileKind, Tileset

PREVIEW_DPI = 60  # a whole Letter page at 510 x 660 pixels: enough to judge the layout
MAX_DRAWN = 2000  # tile pictures kept between edits; past this the store starts afresh


class TilePictures:
    """Tile SVGs, each drawn once for as long as its design does not change."""

    def __init__(self) -> None:
        self._drawn: dict[tuple[object, ...], str] = {}

    def svg(self, tileset: Tileset, tile: TileKind) -> str:
        # The line a kind sits on, and its count, do not change how it looks.
        key = (tileset.shape, tileset.size, tileset.palette, replace(tile, line=0, count=0))
        if key not in self._drawn:
            if len(self._drawn) >= MAX_DRAWN:
                self._drawn.clear()
            self._drawn[key] = to_svg(design_tile(tileset, tile))
        return self._drawn[key]


def sheet_pdf(tileset: Tileset, paper: str) -> bytes | None:
    """The tile sheets as `pnp build` writes them for ``paper``, or None with no tiles."""
    if tileset.tile_count == 0:
        return None
    options = options_for((paper,), rulebook=False)
    artifacts = TileSheets().export(GameDesigns(tileset, options), options.papers[0])
    return artifacts[0].data


def first_page_png(pdf: bytes, dpi: float = PREVIEW_DPI) -> bytes:
    """The first page of ``pdf`` as a PNG, as a PDF viewer shows it."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72.0).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG")
    return out.getvalue()
