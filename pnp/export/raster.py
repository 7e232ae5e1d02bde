"""Scenes to PNG pixels of an exact size, and the few PNG facts other programs read.

A picture for a print shop or a table simulator is measured in pixels, so a
1.5 in tile at 300 dpi must be exactly 450 pixels, not 451 because a
renderer rounded up. Scenes go through the same SVG as ``pnp render``
(:mod:`pnp.export.svg`) and cairosvg draws them stretched to the requested
size. The resolution is written into the file (the PNG ``pHYs`` chunk), so
an image editor or a print dialog opens the picture at its true size.
"""

from __future__ import annotations

import io
import math
import os
import struct
import zlib

from pnp.shipped import data_dir

# cairo finds fonts through fontconfig, which reads its configuration once, when
# first asked: point it at the bundled faces before cairosvg is loaded, so a
# picture's text is set in Lato and Vollkorn as the PDFs are, on every machine
# (not in whatever sans-serif the system has). A configuration the user set wins.
os.environ.setdefault("FONTCONFIG_FILE", str(data_dir("fonts") / "fonts.conf"))

import cairosvg  # after fontconfig is pointed at our fonts
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface
from PIL import Image

from pnp.draw.scene import Drawing
from pnp.errors import InputError, Where
from pnp.export.svg import to_svg

# 40 megapixels (160 MB while cairo draws): a 6 in tile at over 1,000 dpi, the
# same budget as raster art (pnp.input.raster.MAX_PIXELS)
MAX_PNG_PIXELS = 40_000_000
SIGNATURE = b"\x89PNG\r\n\x1a\n"
METRES_PER_INCH = 0.0254


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
    tree = Tree(bytestring=to_svg(drawing).encode("utf-8"), unsafe=False)
    surface = PNGSurface(tree, None, 72, output_width=size[0], output_height=size[1])
    pixels_ = surface.cairo  # cairo's ARGB32: B, G, R, A in memory, colour premultiplied
    pixels_.flush()
    return Image.frombuffer("RGBA", (pixels_.get_width(), pixels_.get_height()),
                            bytes(pixels_.get_data()), "raw", "BGRa", pixels_.get_stride(), 1)


def _chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) chunks of a PNG, in order."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    chunks, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind = png[at + 4:at + 8]
        chunks.append((kind, png[at + 8:at + 8 + length]))
        at += 12 + length
    return chunks


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _with_chunk(png: bytes, kind: bytes, data: bytes) -> bytes:
    """The same PNG with one ``kind`` chunk holding ``data``, right after the header (the
    place the PNG standard allows for both pHYs and sRGB), replacing any it had."""
    out = [SIGNATURE]
    for found, content in _chunks(png):
        if found == kind:
            continue
        out.append(_chunk(found, content))
        if found == b"IHDR":
            out.append(_chunk(kind, data))
    return b"".join(out)


def with_dpi(png: bytes, dpi: float) -> bytes:
    """The same PNG saying it is ``dpi`` dots per inch (in dots per metre, as PNG counts)."""
    per_metre = round(dpi / METRES_PER_INCH)
    return _with_chunk(png, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))


def with_srgb(png: bytes) -> bytes:
    """The same PNG saying its colours are sRGB (an ``sRGB`` chunk, perceptual intent), as
    a shop's uploader reads it; untagged, a shop may guess."""
    return _with_chunk(png, b"sRGB", b"\x00")


def dpi_of(png: bytes) -> float | None:
    """The resolution a PNG declares, in dots per inch (None when it declares none)."""
    for kind, data in _chunks(png):
        if kind == b"pHYs":
            x, _, unit = struct.unpack(">IIB", data)
            return x * METRES_PER_INCH if unit == 1 else None
    return None


def encode(image: Image.Image, dpi: float | None = None) -> bytes:
    """An image as PNG bytes: the same pixels always give the same bytes (no dates).

    Compression level 3 of 9: files about a sixth larger than the default and
    written nearly twice as fast, which is most of an export's time.
    """
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    data = buffer.getvalue()
    return with_dpi(data, dpi) if dpi else data


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
    """Rasterise through cairosvg (the art's SVG, so PNG and SVG always agree).

    Within the pixel budget only (:func:`check_pixel_budget`).
    """
    check_pixel_budget(drawing, dpi)

    png: bytes = cairosvg.svg2png(bytestring=to_svg(drawing).encode("utf-8"), dpi=dpi,
                                  unsafe=False)  # cairosvg is untyped
    return png
