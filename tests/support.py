"""Helpers shared by the tests: tilesets from text, rasterising SVG and PDF pages."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from pnp.input.load import parse_yaml
from pnp.input.tileset import from_data
from pnp.model.tileset import Tileset

ROOT = Path(__file__).resolve().parent.parent


def tileset_from_text(text: str, folder: Path | None = None) -> Tileset:
    """A tileset parsed from YAML text, as if read from ``folder/test.yaml``."""
    source = (folder or ROOT / "tests") / "test.yaml"
    return from_data(parse_yaml(text, str(source)), source)


def svg_to_image(svg: str, dpi: float = 72.0) -> Image.Image:
    """Rasterise SVG text with cairosvg (the same path `pnp render` uses for PNG)."""
    import cairosvg

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
    return Image.open(io.BytesIO(png)).convert("RGB")


def pdf_page_image(path: Path, page: int, dpi: float = 72.0) -> Image.Image:
    """Rasterise one PDF page (0-based) with PDFium, as Chrome would show it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        bitmap = document[page].render(scale=dpi / 72.0)
        return bitmap.to_pil().convert("RGB")
    finally:
        document.close()


def luminance(rgb: tuple[int, int, int]) -> float:
    """Perceived grey level (0-255) of a colour, as a greyscale printer would see it."""
    r, g, b = rgb[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def close_to(pixel: tuple[int, ...], colour: str, tolerance: int = 40) -> bool:
    """True when ``pixel`` is within ``tolerance`` of ``colour`` on every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_rgb(colour), strict=True))
