"""Write a scene as a standalone SVG file.

The scene has six kinds of primitive, so the SVG is written directly as
text: a general SVG library would validate every attribute with large
regular expressions, which cost more than drawing the tiles, and building an
ElementTree only to serialise it cost a third of the writing. The text is
what ElementTree would write for the same elements (a test holds the two
equal). Attributes are written in sorted order and numbers with fixed
precision, so the same design always gives the same bytes. Every attribute
value and every text is escaped, so a tileset's label can never inject
markup. User art is embedded as a data URI: the SVG refers to nothing
outside itself.
"""

from __future__ import annotations

import base64
import re

from pnp.draw.scene import Circle, Clip, Command, Drawing, Outline, Picture, Primitive, Style, Text
from pnp.input.faces import CJK, FONTS, runs_width, set_line

_MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
_NAMESPACES = {
    "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
}


def num(value: float) -> str:
    """A compact, stable number: three decimals, no trailing zeros, no '-0'."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# path_data formats each command's numbers in one step and then tidies the whole
# path at once, writing exactly what num() writes for each number: a design's
# paths hold most of an SVG's numbers, and a call of num() per number was most
# of the time the SVG writer took.
_FORMATS = tuple(" ".join(["%.3f"] * count) for count in range(16))
_TRAILING_ZEROS = re.compile(r"\.000\b|(?<=\.\d)00\b|(?<=\.\d\d)0\b")
_NEGATIVE_ZERO = re.compile(r"(?<![\d.])-0(?![\d.])")


def path_data(commands: tuple[Command, ...]) -> str:
    """SVG path data for scene commands: each number as num() writes it."""
    text = " ".join(command[0] + (_FORMATS[len(command) - 1] % command[1:]
                                  if len(command) <= len(_FORMATS) else
                                  " ".join(num(v) for v in command[1:]))
                    for command in commands)
    return _NEGATIVE_ZERO.sub("0", _TRAILING_ZEROS.sub("", text))


# XML's escapes, as ElementTree writes them: in attribute values, and in text
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                    "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _element(tag: str, attributes: dict[str, str], inside: str = "") -> str:
    """One element, its attributes in name order (for stable bytes), escaped."""
    written = "".join(f' {name}="{value.translate(_ATTRIBUTE_ESCAPES)}"'
                      for name, value in sorted(attributes.items()))
    return f"<{tag}{written}>{inside}</{tag}>" if inside else f"<{tag}{written} />"


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


def _text(item: Text) -> dict[str, str]:
    line = set_line(item.font, item.text)
    face = line.face
    fallback = FONTS[item.font][1]
    families = face.family if face == fallback else f"{face.family}, {fallback.family}"
    x, anchor = item.x, item.anchor
    if len(line.runs) > 1 or (line.runs and line.runs[0][0] != face) or line.right_to_left:
        # runs in several faces: placed from their start, by our measure of the whole line,
        # since cairo anchors each run of a text on its own
        width = runs_width(line.runs, item.size)
        x -= {"middle": width / 2, "end": width}.get(anchor, 0.0)
        anchor = "start"
    attributes = {
        "x": num(x), "y": num(item.y), "fill": item.fill,
        "font-family": f"{families}, {CJK.family}, sans-serif", "font-size": num(item.size),
        "font-weight": face.weight, "text-anchor": anchor,
    }
    if face.style != "normal":
        attributes["font-style"] = face.style
    if face.stretch != "normal":
        attributes["font-stretch"] = face.stretch
    if line.right_to_left:  # written in display order already: not to be reordered
        attributes["direction"] = "ltr"
        attributes["unicode-bidi"] = "bidi-override"
    return attributes


def _text_runs(item: Text) -> str:
    """The text's characters as drawn, each run in another face than the text's own (CJK
    characters; Arabic in an italic) in a tspan set in that face: an SVG font-family list
    falls back per character in a browser, but not in cairo."""
    line = set_line(item.font, item.text)
    main, pieces = line.face, line.runs
    return "".join(
        _element("tspan", {"font-family": f"{face.family}, sans-serif",
                           "font-weight": face.weight, "font-style": face.style,
                           "font-stretch": face.stretch}, run.translate(_TEXT_ESCAPES))
        if face != main else run.translate(_TEXT_ESCAPES)
        for face, run in pieces)


def _picture(item: Picture) -> dict[str, str]:
    data = base64.b64encode(item.art.data).decode("ascii")
    return {"xlink:href": f"data:{_MIME[item.art.format]};base64,{data}",
            "x": num(item.x), "y": num(item.y),
            "width": num(item.width), "height": num(item.height),
            "preserveAspectRatio": "xMidYMid meet" if item.fit else "none"}


PathTexts = dict[tuple[Command, ...], str]  # path data already written, by its commands


class _Writer:
    """Turns primitives into elements; clip paths go to the document's one <defs>."""

    def __init__(self, paths: PathTexts) -> None:
        self.defs: list[str] = []
        self.clips = 0
        self.paths = paths

    def path(self, commands: tuple[Command, ...]) -> str:
        """The path data of ``commands``, written once per writer's ``paths``."""
        known = self.paths.get(commands)
        if known is None:
            known = self.paths[commands] = path_data(commands)
        return known

    def emit(self, items: tuple[Primitive, ...]) -> str:
        written = []
        for item in items:
            if isinstance(item, Outline):
                written.append(_element("path", {"d": self.path(item.commands),
                                                 **_paint(item.style)}))
            elif isinstance(item, Circle):
                written.append(_element("circle", {"cx": num(item.cx), "cy": num(item.cy),
                                                   "r": num(item.r), **_paint(item.style)}))
            elif isinstance(item, Text):
                written.append(_element("text", _text(item), _text_runs(item)))
            elif isinstance(item, Picture):
                written.append(_element("image", _picture(item)))
            elif isinstance(item, Clip):
                self.clips += 1
                name = f"clip{self.clips}"
                self.defs.append(_element("clipPath", {"id": name}, _element(
                    "path", {"d": self.path(item.outline)})))
                written.append(_element("g", {"clip-path": f"url(#{name})"},
                                        self.emit(item.children)))
            else:  # pragma: no cover - the scene module defines every primitive
                raise TypeError(f"unknown primitive {item!r}")
        return "".join(written)


def to_svg(drawing: Drawing, paths: PathTexts | None = None, stretch: bool = False) -> str:
    """The whole drawing as SVG text, sized in points so it prints at true size.

    ``paths`` keeps the path data written so far, for a caller that writes many
    drawings: a game's tiles share their walls and tunnels, and Dynamine's
    designs write 47,600 path commands of which 24,300 are distinct. ``stretch``
    lets a renderer fill a box of another shape exactly: pixel sizes are rounded
    one axis at a time, and a drawing kept in proportion would leave its last
    column of pixels part-transparent.
    """
    bleed = drawing.bleed
    width, height = drawing.width + 2 * bleed, drawing.height + 2 * bleed
    writer = _Writer({} if paths is None else paths)
    body = writer.emit(drawing.items)
    return _element("svg", {
        **_NAMESPACES, "baseProfile": "full", "version": "1.1",
        "width": f"{num(width)}pt", "height": f"{num(height)}pt",
        "viewBox": f"{num(-bleed)} {num(-bleed)} {num(width)} {num(height)}",
        **({"preserveAspectRatio": "none"} if stretch else {}),
    }, _element("defs", {}, "".join(writer.defs)) + body) + "\n"
