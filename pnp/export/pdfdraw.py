"""Draw a scene onto a reportlab canvas, normally inside a form XObject.

The scene is y-down with its origin at the trim box's top-left; PDF is y-up
with the origin at the bottom-left, so every y becomes ``height - y``. Fills use
the non-zero rule to match SVG, so the two outputs cannot disagree.

A build draws the same design into several documents (the sheets for each
paper, every layout pass of a rulebook). Paths, colours and line styles come
out as the same content-stream operators every time, so with a
:class:`Recorder` the first drawing of a design records them and later
drawings of an equal design replay the record; text is always drawn afresh,
because its bytes depend on the document's font subsets. The recorder belongs
to whoever owns the designs (one job), never to the module.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from PIL import Image
from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader

from pnp.draw.fonts import registered
from pnp.draw.scene import (
    Anchor,
    Circle,
    Clip,
    Command,
    Drawing,
    Outline,
    Picture,
    Primitive,
    Style,
    Text,
    flat,
)
from pnp.export.reportlab_private import image_with_alpha, import_platypus, operators
from pnp.input.faces import FontRole, runs_width, set_line

if TYPE_CHECKING:
    from pnp.export.press import Press

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
NON_ZERO = 1

# A recorded drawing: operators to add as they are, and canvas calls to repeat.
Step = str | Callable[[Any], None]


class Recorder:
    """Recorded drawings of one job, found by identity first and then by value.

    By identity the lookup costs nothing; by value an equal design drawn
    elsewhere (say for the rulebook) is found too, at the price of hashing it.
    """

    def __init__(self) -> None:
        self._by_value: dict[Drawing, tuple[Step, ...]] = {}
        self._by_id: dict[int, tuple[Drawing, tuple[Step, ...]]] = {}

    def find(self, drawing: Drawing) -> tuple[Step, ...] | None:
        """The record of ``drawing`` or of an equal one, if there is one."""
        known = self._by_id.get(id(drawing))
        if known is not None and known[0] is drawing:
            return known[1]
        steps = self._by_value.get(drawing)
        if steps is not None:
            self.keep(drawing, steps)
        return steps

    def keep(self, drawing: Drawing, steps: tuple[Step, ...]) -> None:
        """Remember how ``drawing`` is drawn (holding it keeps its id unique)."""
        self._by_value[drawing] = steps
        self._by_id[id(drawing)] = (drawing, steps)


class Inks:
    """Colours as reportlab makes them, each made once per drawing.

    RGB by default; for a print shop (``press``), the same colours in the
    press's CMYK, so the PDF carries no RGB colour of ours.
    """

    def __init__(self, press: Press | None = None) -> None:
        self.press = press
        self.made: dict[str, Any] = {}

    def __call__(self, value: str) -> Any:
        if value not in self.made:
            colour = HexColor(value)
            if self.press is not None:
                red, green, blue = (round(part * 255) for part in colour.rgb())
                colour = CMYKColor(*self.press.cmyk(red, green, blue))
            self.made[value] = colour
        return self.made[value]


def _apply(canvas: Any, style: Style, inks: Inks) -> tuple[bool, bool]:
    if style.fill:
        canvas.setFillColor(inks(style.fill))
    if style.stroke:
        canvas.setStrokeColor(inks(style.stroke))
        canvas.setLineWidth(style.width)
        canvas.setLineCap(_CAPS[style.cap])
        canvas.setLineJoin(_JOINS[style.join])
        canvas.setDash(list(style.dash) if style.dash else [])
    return bool(style.stroke), bool(style.fill)


class _Path:
    """A path as reportlab's path object writes it ("n", then one operator a command):
    the same text, made without a method call per command."""

    def __init__(self, code: str) -> None:
        self.code = code

    def getCode(self) -> str:  # the name reportlab calls
        return self.code


def _path(commands: tuple[Command, ...], height: float) -> _Path:

    parts = ["n"] if commands else []
    for command in commands:
        op, *xy = command  # a list, so the type checker lets us index past the letter
        if op == "M":
            parts.append(f"{fp_str(xy[0], height - xy[1])} m")
        elif op == "L":
            parts.append(f"{fp_str(xy[0], height - xy[1])} l")
        elif op == "C":
            numbers = fp_str(xy[0], height - xy[1], xy[2], height - xy[3], xy[4], height - xy[5])
            parts.append(f"{numbers} c")
        else:
            parts.append("h")
    return _Path(" ".join(parts))


def draw(canvas: Any, drawing: Drawing, recorder: Recorder | None = None,
         press: Press | None = None) -> None:
    """Paint every primitive of ``drawing`` with the trim box's bottom-left at (0, 0), in
    the press's CMYK with ``press`` (then with no ``recorder``: records are RGB)."""
    steps = recorder.find(drawing) if recorder is not None else None
    if steps is not None:
        _replay(canvas, steps)
        return
    inks = Inks(press)
    if recorder is None or _has_picture(drawing.items):  # user art may change the state
        _emit(canvas, drawing.items, drawing.height, inks, None)
        return

    recorded: list[Step] = []
    _emit(canvas, drawing.items, drawing.height, inks, recorded, operators(canvas))
    if any(isinstance(item, Outline | Circle) and (item.style.fill or item.style.stroke)
           for item in flat(drawing.items)):
        # an opaque colour also marks the document as using transparency (PDF 1.4)
        recorded.insert(0, _opaque)
    recorder.keep(drawing, _joined(recorded))


def stroke_outline(canvas: Any, commands: tuple[Command, ...], height: float) -> None:
    """Stroke a scene's outline (y down, in a box ``height`` tall) in the current stroke
    colour and width: a print-shop page's die line."""
    canvas.drawPath(_path(commands, height), stroke=1, fill=0)


def _joined(steps: list[Step]) -> tuple[Step, ...]:
    """The steps with each run of operators made one: reportlab joins a content stream's
    operators with newlines, so the bytes are the same and a replay adds far fewer."""
    joined: list[Step] = []
    run: list[str] = []
    for step in steps:
        if isinstance(step, str):
            run.append(step)
            continue
        if run:
            joined.append("\n".join(run))
            run = []
        joined.append(step)
    if run:
        joined.append("\n".join(run))
    return tuple(joined)


def _replay(canvas: Any, steps: tuple[Step, ...]) -> None:
    add = canvas.addLiteral
    for step in steps:
        if isinstance(step, str):
            add(step)
        else:
            step(canvas)


def _has_picture(items: tuple[Primitive, ...]) -> bool:
    return any(isinstance(item, Picture) for item in flat(items))


def _emit(canvas: Any, items: tuple[Primitive, ...], height: float, inks: Inks,
          recorded: list[Step] | None, code: list[str] | None = None) -> None:
    """Draw ``items``; with ``recorded``, also note how to draw them again.

    Operators that depend on nothing but the item are recorded as text, read
    back from ``code``, the canvas's list of operators; anything else is
    recorded as a call.
    """
    for item in items:
        start = len(code) if code is not None else 0
        if isinstance(item, Outline):
            stroke, fill = _apply(canvas, item.style, inks)
            canvas.drawPath(_path(item.commands, height), stroke=int(stroke),
                            fill=int(fill), fillMode=NON_ZERO)
        elif isinstance(item, Circle):
            stroke, fill = _apply(canvas, item.style, inks)
            canvas.circle(item.cx, height - item.cy, item.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(item, Text):
            _text(canvas, item, height, inks)
            if recorded is not None:
                recorded.append(partial(_text, item=item, height=height, inks=inks))
            continue
        elif isinstance(item, Picture):
            _picture(canvas, item, height, inks.press)
            continue
        elif isinstance(item, Clip):
            canvas.saveState()
            canvas.clipPath(_path(item.outline, height), stroke=0, fill=0,
                            fillMode=NON_ZERO)
            if recorded is not None and code is not None:
                recorded.append(_save_state)
                recorded.extend(code[start + 1:])  # after the save's "q"
            _emit(canvas, item.children, height, inks, recorded, code)
            canvas.restoreState()
            if recorded is not None:
                recorded.append(_restore_state)
            continue
        else:  # pragma: no cover - the scene module defines every primitive
            raise TypeError(f"unknown primitive {item!r}")
        if recorded is not None and code is not None:
            recorded.extend(code[start:])


def _text(canvas: Any, item: Text, height: float, inks: Inks) -> None:
    canvas.setFillColor(inks(item.fill))
    draw_text(canvas, item.x, height - item.y, item.text, item.font, item.size, item.anchor)


def draw_text(canvas: Any, x: float, y: float, text: str, role: FontRole, size: float,
              anchor: Anchor = "start") -> None:
    """One line of text at baseline ``y``, as drawn (right-to-left runs in display order),
    run by run in the faces that draw it, starting at, centred on or ending at ``x``. A
    line of one run sets the canvas's font; runs are set in a text object of their own,
    which leaves the canvas's font as it was.

    A line with Hebrew or Arabic in it is drawn in display order, in joined letter
    forms, so it is marked with what it says (``ActualText``): copying it, searching
    it or reading it aloud gets the words as written.
    """
    line = set_line(role, text)
    pieces = line.runs
    if len(pieces) == 1 and not line.right_to_left:
        canvas.setFont(registered(pieces[0][0]), size)
        draw = {"middle": canvas.drawCentredString, "end": canvas.drawRightString}.get(
            anchor, canvas.drawString)
        draw(x, y, pieces[0][1])
        return
    total = runs_width(pieces, size)
    # one text object with a font change per run: readers extract it as one line
    start = canvas.beginText(x - {"middle": total / 2, "end": total}.get(anchor, 0.0), y)
    for face, run in pieces:
        start.setFont(registered(face), size)
        start.textOut(run)
    if line.right_to_left:
        words = line.logical.encode("utf-16-be")
        said = "".join(f"{unit:04X}" for unit in struct.unpack(f">{len(words) // 2}H", words))
        operators(canvas).append(f"/Span <</ActualText <FEFF{said}>>> BDC")
    canvas.drawText(start)
    if line.right_to_left:
        operators(canvas).append("EMC")


def _save_state(canvas: Any) -> None:
    canvas.saveState()


def _restore_state(canvas: Any) -> None:
    canvas.restoreState()


def _opaque(canvas: Any) -> None:
    """What setting an opaque colour does besides writing the colour operator.

    reportlab marks the document as using transparency; opacity is already 1
    at the start of a form, so no operator is written.
    """
    canvas.setFillAlpha(1)


def _picture(canvas: Any, item: Picture, height: float, press: Press | None) -> None:
    """Place user art from its checked bytes: SVG stays vector through svglib, raster
    goes in as an image. Nothing here opens a file: the bytes were read and checked
    with the tileset (pnp.input.files)."""
    bottom = height - item.y - item.height
    if item.art.format == "svg":
        # the one import not at a module's top: svglib (and lxml under it) is heavy,
        # and only a tileset with SVG art of its own needs it. reportlab's graphics
        # import Platypus, which comes in our way first (pnp.export.platypus)
        import_platypus()
        from pnp.export.svg_art import draw_svg_art

        draw_svg_art(canvas, item, bottom, press)
    elif press is not None:
        with Image.open(io.BytesIO(item.art.data)) as picture:
            inks, alpha = press.picture(picture)
        canvas.drawImage(image_with_alpha(inks, alpha), item.x, bottom, item.width,
                         item.height, mask="auto")
    else:
        canvas.drawImage(ImageReader(io.BytesIO(item.art.data)), item.x, bottom, item.width,
                         item.height, mask="auto")
