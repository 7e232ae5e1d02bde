"""Draw a scene onto a reportlab canvas, normally inside a form XObject.

The scene is y-down with its origin at the trim box's top-left; PDF is y-up
with the origin at the bottom-left, so every y becomes ``height - y``. Fills use
the non-zero rule to match SVG, so the two outputs cannot disagree.
"""

from __future__ import annotations

from typing import Any

from pnp.draw.fonts import pdf_font
from pnp.draw.scene import Circle, Clip, Command, Drawing, Outline, Picture, Primitive, Style, Text

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
NON_ZERO = 1


def _colour(cache: dict[str, Any], value: str) -> Any:
    if value not in cache:
        from reportlab.lib.colors import HexColor

        cache[value] = HexColor(value)
    return cache[value]


def _apply(canvas: Any, style: Style, cache: dict[str, Any]) -> tuple[bool, bool]:
    if style.fill:
        canvas.setFillColor(_colour(cache, style.fill))
    if style.stroke:
        canvas.setStrokeColor(_colour(cache, style.stroke))
        canvas.setLineWidth(style.width)
        canvas.setLineCap(_CAPS[style.cap])
        canvas.setLineJoin(_JOINS[style.join])
        canvas.setDash(list(style.dash) if style.dash else [])
    return bool(style.stroke), bool(style.fill)


def _path(canvas: Any, commands: tuple[Command, ...], height: float) -> Any:
    path = canvas.beginPath()
    for command in commands:
        op, *xy = command  # a list, so the type checker lets us index past the letter
        if op == "M":
            path.moveTo(xy[0], height - xy[1])
        elif op == "L":
            path.lineTo(xy[0], height - xy[1])
        elif op == "C":
            path.curveTo(xy[0], height - xy[1], xy[2], height - xy[3], xy[4], height - xy[5])
        else:
            path.close()
    return path


def draw(canvas: Any, drawing: Drawing) -> None:
    """Paint every primitive of ``drawing`` with the trim box's bottom-left at (0, 0)."""
    cache: dict[str, Any] = {}
    _emit(canvas, drawing.items, drawing.height, cache)


def _emit(canvas: Any, items: tuple[Primitive, ...], height: float,
          cache: dict[str, Any]) -> None:
    for item in items:
        if isinstance(item, Outline):
            stroke, fill = _apply(canvas, item.style, cache)
            canvas.drawPath(_path(canvas, item.commands, height), stroke=int(stroke),
                            fill=int(fill), fillMode=NON_ZERO)
        elif isinstance(item, Circle):
            stroke, fill = _apply(canvas, item.style, cache)
            canvas.circle(item.cx, height - item.cy, item.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(item, Text):
            canvas.setFillColor(_colour(cache, item.fill))
            canvas.setFont(pdf_font(item.font), item.size)
            y = height - item.y
            if item.anchor == "middle":
                canvas.drawCentredString(item.x, y, item.text)
            elif item.anchor == "end":
                canvas.drawRightString(item.x, y, item.text)
            else:
                canvas.drawString(item.x, y, item.text)
        elif isinstance(item, Picture):
            _picture(canvas, item, height)
        elif isinstance(item, Clip):
            canvas.saveState()
            canvas.clipPath(_path(canvas, item.outline, height), stroke=0, fill=0,
                            fillMode=NON_ZERO)
            _emit(canvas, item.children, height, cache)
            canvas.restoreState()
        else:  # pragma: no cover - the scene module defines every primitive
            raise TypeError(f"unknown primitive {item!r}")


def _picture(canvas: Any, item: Picture, height: float) -> None:
    """Place user art: SVG stays vector through svglib, raster goes in as an image."""
    bottom = height - item.y - item.height
    if item.path.suffix.lower() == ".svg":
        from reportlab import rl_config
        from reportlab.graphics import renderPDF
        from svglib.svglib import svg2rlg

        art = svg2rlg(str(item.path))
        if art is None or not art.width or not art.height:
            return
        canvas.saveState()
        canvas.translate(item.x, bottom)
        canvas.scale(item.width / art.width, item.height / art.height)
        # svglib places embedded bitmaps as inline images, which reportlab can only
        # write ASCII85-encoded; our own streams stay binary (see pnp.pdf).
        binary = rl_config.useA85
        rl_config.useA85 = 1
        try:
            renderPDF.draw(art, canvas, 0, 0)
        finally:
            rl_config.useA85 = binary
        canvas.restoreState()
    else:
        from reportlab.lib.utils import ImageReader

        canvas.drawImage(ImageReader(str(item.path)), item.x, bottom, item.width, item.height,
                         mask="auto")
