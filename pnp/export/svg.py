"""Write a scene as a standalone SVG file with svgwrite.

Numbers are printed with fixed precision so the same design always gives the
same bytes. Text goes through svgwrite's XML writer, so a tileset's label can
never inject markup. User art is embedded as a data URI: the SVG refers to
nothing outside itself.
"""

from __future__ import annotations

import base64
import math

import svgwrite

from pnp.draw.fonts import FONTS
from pnp.draw.scene import Circle, Clip, Command, Drawing, Outline, Picture, Primitive, Style, Text
from pnp.errors import InputError, Where

# 40 megapixels (160 MB while cairo draws): a 6 in tile at over 1,000 dpi, the
# same budget as raster art (pnp.input.raster.MAX_PIXELS)
MAX_PNG_PIXELS = 40_000_000
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
         ".svg": "image/svg+xml"}


def num(value: float) -> str:
    """A compact, stable number: three decimals, no trailing zeros, no '-0'."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(commands: tuple[Command, ...]) -> str:
    """SVG path data for scene commands."""
    return " ".join(command[0] + " ".join(num(v) for v in command[1:]) for command in commands)


def _paint(style: Style) -> dict[str, str]:
    attributes = {"fill": style.fill or "none"}
    if style.stroke:
        attributes.update({
            "stroke": style.stroke,
            "stroke-width": num(style.width),
            "stroke-linecap": style.cap,
            "stroke-linejoin": style.join,
        })
        if style.dash:
            attributes["stroke-dasharray"] = " ".join(num(v) for v in style.dash)
    if style.opacity < 1:
        attributes["opacity"] = num(style.opacity)
    return attributes


def to_svg(drawing: Drawing) -> str:
    """The whole drawing as SVG text, sized in points so it prints at true size."""
    bleed = drawing.bleed
    width, height = drawing.width + 2 * bleed, drawing.height + 2 * bleed
    document = svgwrite.Drawing(
        size=(f"{num(width)}pt", f"{num(height)}pt"),
        viewBox=f"{num(-bleed)} {num(-bleed)} {num(width)} {num(height)}",
        debug=False,
        profile="full",
    )
    counter = [0]

    def emit(items: tuple[Primitive, ...],
             parent: svgwrite.container.Group | svgwrite.Drawing) -> None:
        for item in items:
            if isinstance(item, Outline):
                parent.add(document.path(d=path_data(item.commands), **_paint(item.style)))
            elif isinstance(item, Circle):
                parent.add(document.circle(center=(num(item.cx), num(item.cy)), r=num(item.r),
                                           **_paint(item.style)))
            elif isinstance(item, Text):
                _, _, family, weight, stretch = FONTS[item.font]
                attributes = {
                    "insert": (num(item.x), num(item.y)),
                    "fill": item.fill,
                    "font_family": f"{family}, sans-serif",
                    "font_size": num(item.size),
                    "font_weight": weight,
                    "text_anchor": item.anchor,
                }
                if stretch != "normal":
                    attributes["font_stretch"] = stretch
                parent.add(document.text(item.text, **attributes))
            elif isinstance(item, Picture):
                data = base64.b64encode(item.path.read_bytes()).decode("ascii")
                mime = _MIME[item.path.suffix.lower()]
                parent.add(document.image(href=f"data:{mime};base64,{data}",
                                          insert=(num(item.x), num(item.y)),
                                          size=(num(item.width), num(item.height))))
            elif isinstance(item, Clip):
                counter[0] += 1
                clip = document.defs.add(document.clipPath(id=f"clip{counter[0]}"))
                clip.add(document.path(d=path_data(item.outline)))
                group = document.g(clip_path=f"url(#clip{counter[0]})")
                parent.add(group)
                emit(item.children, group)
            else:  # pragma: no cover - the scene module defines every primitive
                raise TypeError(f"unknown primitive {item!r}")

    emit(drawing.items, document)
    text: str = document.tostring()  # svgwrite is untyped
    return text + "\n"


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
    import cairosvg

    check_pixel_budget(drawing, dpi)

    png: bytes = cairosvg.svg2png(bytestring=to_svg(drawing).encode("utf-8"), dpi=dpi,
                                  unsafe=False)  # cairosvg is untyped
    return png
