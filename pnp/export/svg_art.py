"""A tileset's own SVG art drawn into a PDF through svglib, as vector art.

Only a tileset with SVG art of its own reaches this module, which is why
:mod:`pnp.export.pdfdraw` imports it where it draws a picture: svglib and the
XML library under it are the heaviest imports of a build.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.lib.colors import CMYKColor, Color
from svglib.fonts import FontMap
from svglib.svglib import svg2rlg

from pnp.draw.fonts import fallback_font
from pnp.draw.scene import Picture

if TYPE_CHECKING:
    from pnp.export.press import Press


def draw_svg_art(canvas: Any, item: Picture, bottom: float, press: Press | None = None) -> None:
    """Draw checked SVG art, its colours in the press's CMYK when given one. Given bytes
    rather than a path, svglib has no folder to resolve a link against, and the font map
    never loads a font file."""
    art = svg2rlg(io.BytesIO(item.art.data), font_map=_package_fonts())
    if art is None or not art.width or not art.height:
        return
    if press is not None:
        _to_press(art, press)
    across, up = item.width / art.width, item.height / art.height
    x, y = item.x, bottom
    if item.fit:  # in proportion, centred in its box
        across = up = min(across, up)
        x += (item.width - art.width * across) / 2
        y += (item.height - art.height * up) / 2
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(across, up)
    # svglib places embedded bitmaps as inline images, which reportlab can only
    # write ASCII85-encoded; our own streams stay binary (see pnp.pdf).
    binary = rl_config.useA85
    rl_config.useA85 = 1
    try:
        renderPDF.draw(art, canvas, 0, 0)
    finally:
        rl_config.useA85 = binary
    canvas.restoreState()


def _to_press(node: Any, press: Press) -> None:
    """Every fill and stroke colour under ``node`` (svglib's shapes) in the press's CMYK."""
    for attribute in ("fillColor", "strokeColor"):
        colour = getattr(node, attribute, None)
        if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
            red, green, blue = (round(part * 255) for part in colour.rgb())
            setattr(node, attribute, CMYKColor(*press.cmyk(red, green, blue),
                                               alpha=colour.alpha))
    for child in getattr(node, "contents", ()):
        _to_press(child, press)


def _package_fonts() -> Any:
    """An svglib font map that sets every family in the fonts we ship.

    svglib's own map turns a ``font-family`` into a file name to open
    (``<family>.ttf``, or whatever fc-match answers), so an SVG could name a
    font file anywhere on the machine and have it embedded in the PDF.
    """
    class PackageFonts(FontMap):
        def find_font(self, _font_name: str, weight: str = "normal",
                      style: str = "normal") -> tuple[str, bool]:
            bold = weight.lower() in ("bold", "bolder", "600", "700", "800", "900")
            if bold:
                return fallback_font("bold"), False
            return fallback_font("italic" if style.lower() in ("italic", "oblique")
                                 else "regular"), False

    return PackageFonts()
