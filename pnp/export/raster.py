"""Scenes to PNG pixels of an exact size, and the few PNG facts other programs read.

A picture for a print shop or a table simulator is measured in pixels, so a
1.5 in tile at 300 dpi must be exactly 450 pixels, not 451 because a
renderer rounded up. Scenes go through the same SVG as ``pnp render``
(:mod:`pnp.export.svg`) and cairosvg draws them stretched to the requested
size. The resolution is written into the file (the PNG ``pHYs`` chunk), so
an image editor or a print dialog opens the picture at its true size, and so
is its colour space, sRGB (:func:`colour_facts`), all through Pillow's own
options.
"""

from __future__ import annotations

import io
import math
import os
import struct

from pnp.shipped import data_dir

# cairo finds fonts through fontconfig, which reads its configuration once, when
# first asked: point it at the bundled faces before cairosvg is loaded, so a
# picture's text is set in Lato and Vollkorn as the PDFs are, on every machine
# (not in whatever sans-serif the system has). A configuration the user set wins.
os.environ.setdefault("FONTCONFIG_FILE", str(data_dir("fonts") / "fonts.conf"))

from cairosvg.parser import Tree  # after fontconfig is pointed at our fonts
from cairosvg.surface import PNGSurface
from PIL import Image, PngImagePlugin

from pnp.draw.scene import Drawing
from pnp.errors import InputError, Where
from pnp.export.svg import to_svg

# 40 megapixels (160 MB while cairo draws): a 6 in tile at over 1,000 dpi, the
# same budget as raster art (pnp.input.raster.MAX_PIXELS)
MAX_PNG_PIXELS = 40_000_000


def pixels(inches: tuple[float, float], dpi: float) -> tuple[int, int]:
    """Width and height in whole pixels of a piece ``inches`` across, at ``dpi``."""
    return max(1, round(inches[0] * dpi)), max(1, round(inches[1] * dpi))


def render(drawing: Drawing, size: tuple[int, int]) -> Image.Image:
    """The drawing (bleed included) stretched over exactly ``size`` pixels, transparent
    wherever the art does not reach (outside a hex or a round token).

    cairosvg draws into a cairo surface whose pixels are handed to Pillow as they
    are, rather than through cairo's own PNG writer: an export then encodes each
    picture once, at the compression it chooses, and cuts and pastes sheets
    without decoding PNGs again.
    """
    tree = Tree(bytestring=to_svg(drawing, stretch=True).encode("utf-8"), unsafe=False)
    surface = PNGSurface(tree, None, 72, output_width=size[0], output_height=size[1])
    pixels_ = surface.cairo  # cairo's ARGB32: B, G, R, A in memory, colour premultiplied
    pixels_.flush()
    return Image.frombuffer("RGBA", (pixels_.get_width(), pixels_.get_height()),
                            bytes(pixels_.get_data()), "raw", "BGRa", pixels_.get_stride(), 1)


def colour_facts() -> PngImagePlugin.PngInfo:
    """The chunks that say a picture's colours are sRGB: ``sRGB`` (perceptual intent),
    and the ``gAMA`` and ``cHRM`` values the PNG standard gives for sRGB, which readers
    that know no ``sRGB`` chunk use instead. Every PNG pnp writes carries them, so a
    print shop, an image editor or a table simulator reads the colours pnp meant."""
    facts = PngImagePlugin.PngInfo()
    facts.add(b"sRGB", b"\x00")
    facts.add(b"gAMA", struct.pack(">I", 45455))
    facts.add(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000,
                                   15000, 6000))
    return facts


def encode(image: Image.Image, dpi: float | None = None) -> bytes:
    """An image as PNG bytes, its colours declared sRGB and, with ``dpi``, its resolution
    written (``pHYs``), so an editor or a print dialog opens it at its true size. The
    same pixels always give the same bytes (no dates).

    Compression level 3 of 9: files about a sixth larger than the default and
    written nearly twice as fast, which is most of an export's time.
    """
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3, pnginfo=colour_facts(),
               **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def warm_up() -> None:
    """Load the rasteriser and the image library now (importing this module does it),
    so forked workers inherit them instead of each loading them again."""


def png_pixels(drawing: Drawing, dpi: float) -> tuple[int, int]:
    """The width and height in pixels of the drawing (bleed included) at ``dpi``."""
    scale = dpi / 72.0
    return (math.ceil((drawing.width + 2 * drawing.bleed) * scale),
            math.ceil((drawing.height + 2 * drawing.bleed) * scale))


def check_pixel_budget(drawing: Drawing, dpi: float) -> None:
    """Refuse a render larger than MAX_PNG_PIXELS, naming the largest --dpi that fits.

    cairosvg holds the whole picture in memory, four bytes a pixel, and a board
    at 1200 dpi is over a billion pixels: it would exhaust memory, not fail.
    """
    width, height = png_pixels(drawing, dpi)
    if width * height <= MAX_PNG_PIXELS:
        return
    largest = int(dpi * math.sqrt(MAX_PNG_PIXELS / (width * height)))
    while largest > 1 and math.prod(png_pixels(drawing, largest)) > MAX_PNG_PIXELS:
        largest -= 1
    raise InputError(Where("command line"), "the picture would be too large to render at "
                     "this resolution", field="--dpi",
                     found=f"{dpi:g} dpi, {width} x {height} pixels "
                     f"({width * height / 1e6:.0f} megapixels)",
                     allowed=f"at most {MAX_PNG_PIXELS // 1_000_000} megapixels: --dpi "
                     f"{largest} or less for this piece")


def to_png(drawing: Drawing, dpi: float = 300.0) -> bytes:
    """Rasterise through cairosvg (the art's SVG, so PNG and SVG always agree), at
    ``dpi``, written as every picture is (:func:`encode`).

    Within the pixel budget only (:func:`check_pixel_budget`).
    """
    check_pixel_budget(drawing, dpi)
    return encode(render(drawing, png_pixels(drawing, dpi)), dpi)
