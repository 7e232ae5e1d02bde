"""A tiny vector scene: the one description both the SVG and the PDF writers draw.

Tile art is built once as immutable primitives in y-down points, then written
by :mod:`pnp.export.svg` (ElementTree) and :mod:`pnp.export.pdfdraw` (a reportlab
form). Drawing from one scene is what keeps the SVG files and the PDF sheets
identical, and it avoids parsing our own SVG back in just to place it in a PDF.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Literal

import msgspec

from pnp.draw.ink import mix
from pnp.geometry.points import Point
from pnp.input.faces import FontRole, string_width
from pnp.model.tileset import Art

Cap = Literal["butt", "round", "square"]  # how a stroke's ends are drawn
Join = Literal["miter", "round", "bevel"]  # how a stroke turns its corners
Anchor = Literal["start", "middle", "end"]  # which part of the text sits at x
# ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",): the letter, then numbers.
Command = tuple[str, *tuple[float, ...]]


class Style(msgspec.Struct, frozen=True):
    """Paint for one primitive. ``None`` means no fill or no stroke."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    cap: Cap = "butt"
    join: Join = "miter"
    opacity: float = 1.0
    dash: tuple[float, ...] = ()  # on, off lengths for a dashed stroke


class Outline(msgspec.Struct, frozen=True):
    """A path of move, line, cubic and close commands."""

    commands: tuple[Command, ...]
    style: Style
    plaque: bool = False  # the ground of the text that follows it, gone if the text is
    underline: bool = False  # a rule under the text just before it, gone if the text is


class Circle(msgspec.Struct, frozen=True):
    cx: float
    cy: float
    r: float
    style: Style


class Text(msgspec.Struct, frozen=True):
    """One line of text; ``y`` is the baseline. Fonts are named by role, not by file."""

    x: float
    y: float
    text: str
    size: float
    font: FontRole = "bold"
    anchor: Anchor = "middle"
    fill: str = "#000000"


class Picture(msgspec.Struct, frozen=True):
    """A user's raster or SVG art, as checked when its tileset was read, placed in a box."""

    art: Art
    x: float
    y: float
    width: float
    height: float
    fit: bool = False  # keep the art's proportions, centred in the box (icons)


class Clip(msgspec.Struct, frozen=True):
    """Children drawn only inside ``outline``."""

    outline: tuple[Command, ...]
    children: tuple[Primitive, ...]


class Drawing(msgspec.Struct, frozen=True):
    """A finished design: trim size, bleed drawn beyond it, and its primitives."""

    width: float
    height: float
    bleed: float
    items: tuple[Primitive, ...]


# Everything a drawing or a clip can hold; the writers handle exactly these.
Primitive = Outline | Circle | Text | Picture | Clip


def text_sizes(items: tuple[Primitive, ...]) -> frozenset[float]:
    """Every size of text among ``items`` (clips searched too)."""
    return frozenset(item.size for item in items if isinstance(item, Text)).union(
        *(text_sizes(item.children) for item in items if isinstance(item, Clip)))


def smallest_text(items: tuple[Primitive, ...]) -> float | None:
    """The size of the smallest text among ``items`` (clips searched too), if any."""
    return min(text_sizes(items), default=None)


SIGN = 2  # characters: text this short is a sign on a piece, not words
# how far a sign may grow to print at 6 pt: past this it would cover what it labels (an
# altar's points over the altar on a tile shown a quarter of its size), and is left out
MOST_GROWTH = 2.0
# A number on its disc (a badge) may grow a little further: its disc keeps it off the
# art around it, and a market of small tiles without its altars' points showed tiles
# the kit never prints
BADGE_GROWTH = 2.6
NAME_GROWTH = 2.5  # a name's plaque grows at most this much to print its words at 6 pt
NAME_MARGIN = 0.04  # of the piece: the room a name's plaque keeps from its edge


def without_small_text(drawing: Drawing, scale: float, smallest: float) -> Drawing:
    """The drawing as it should look printed at ``scale``, where text would come out
    under ``smallest`` points (a smear of tiny letters reads as a printing fault):
    a sign of a character or two ("+1" in a ring) is set at ``smallest``, since the
    symbol means nothing without it; a line of three words or more is set as a pale
    bar the length of the line (greeked, as a publisher's thumbnail shows a card's
    rules, where a box with nothing in it would read as a blank piece); a shorter
    name is left out, and the shapes around it still show what the piece is. A sign
    that would have to grow more than :data:`MOST_GROWTH` times is left out too: on a
    piece shown that small, it would cover the very symbol it labels.

    A plaque goes with its words: a label's plaque (an outline marked
    ``plaque``) comes just before its lines of text, and left alone under
    text that is all left out it would print as an empty bar. So does an
    underline (an outline marked ``underline``, just after its text): a board's
    title left out had left its rule alone in the frame's corner.
    """
    # a sign's size at 6 pt printed, a hair over, so no rounding prints it a hair under
    legible = smallest / scale * 1.001

    def small(item: Primitive) -> bool:
        return isinstance(item, Text) and item.size * scale < smallest

    def keep(items: tuple[Primitive, ...]) -> tuple[Primitive, ...]:
        kept: list[Primitive] = []
        skip = 0
        for index, item in enumerate(items):
            if skip:
                skip -= 1
            elif isinstance(item, Outline) and item.underline and index and \
                    items[index - 1] not in kept[-1:]:
                continue  # its text was left out: a rule under nothing reads as a slip
            elif isinstance(item, Outline) and item.plaque and \
                    _plaque_of_small_text(items[index + 1:], small):
                lines = list(itertools.takewhile(lambda line: isinstance(line, Text),
                                                 items[index + 1:]))
                skip = len(lines)
                first = lines[0]
                assert isinstance(first, Text)
                factor = legible / first.size
                signs = all(isinstance(line, Text) and len(line.text) <= SIGN for line in lines)
                if signs and factor <= BADGE_GROWTH:
                    # a number on its disc (an altar's points): both grow together
                    kept.extend(_grown(item, lines, factor))
                elif not signs:
                    # a name on its plaque, set at 6 pt where the grown plaque still fits
                    # the piece, else left out: a blank bar read as an empty label, or an
                    # obstacle on a cavern's floor
                    kept.extend(_legible_name(item, lines, legible, drawing))
            elif isinstance(item, Text) and small(item):
                if len(item.text) <= SIGN and legible / item.size <= MOST_GROWTH:
                    # "+1", "2": what a symbol says, kept legible
                    kept.append(msgspec.structs.replace(item, size=legible))
                elif item.text.count(" ") >= 2:  # a sentence: greeked
                    kept.append(greeked(item))
            else:
                kept.append(Clip(item.outline, keep(item.children))
                            if isinstance(item, Clip) else item)
        return tuple(kept)

    return Drawing(drawing.width, drawing.height, drawing.bleed, keep(drawing.items))


def _numbers(command: Command) -> list[float]:
    """A path command's coordinates, x and y in turn, without its letter."""
    _, *values = command
    return values


def _box(commands: tuple[Command, ...]) -> tuple[float, float, float, float]:
    """The bounding box of an outline's points: left, top, right, bottom."""
    numbers = [_numbers(command) for command in commands]
    xs = [value for values in numbers for value in values[0::2]]
    ys = [value for values in numbers for value in values[1::2]]
    return min(xs), min(ys), max(xs), max(ys)


def _inside(drawing: Drawing, centre: Point, half: Point) -> Point | None:
    """Where a box of half sizes ``half``, asked for round ``centre``, goes to keep
    NAME_MARGIN inside the piece: moved in from an edge as far as it must be (a name
    near a tile's foot grows up, not off the tile); None where it is too big."""
    margin = min(drawing.width, drawing.height) * NAME_MARGIN
    spans = ((centre[0], half[0], drawing.width), (centre[1], half[1], drawing.height))
    if any(2 * (reach + margin) > size for _, reach, size in spans):
        return None
    x, y = (min(max(at, margin + reach), size - margin - reach) for at, reach, size in spans)
    return x, y


def _legible_name(plaque: Outline, lines: list[Primitive], legible: float,
                  drawing: Drawing) -> list[Primitive]:
    """A name too small to print, set at ``legible`` points on its plaque grown about its
    middle, where that fits the piece; else nothing. Never re-set on more lines than it
    prints with: a book's tile that wrapped its name read as another design than the
    printed one, and its taller plaque covered the art the name labels."""
    texts = [line for line in lines if isinstance(line, Text)]
    factor = legible / texts[0].size
    left, top, right, bottom = _box(plaque.commands)
    centre = ((left + right) / 2, (top + bottom) / 2)
    grown = _inside(drawing, centre, ((right - left) / 2 * factor, (bottom - top) / 2 * factor))
    if factor > NAME_GROWTH or grown is None:
        return []
    shift = (grown[0] - centre[0], grown[1] - centre[1])
    return [_moved(item, shift) for item in _grown(plaque, lines, factor)]


def _moved(item: Primitive, shift: Point) -> Primitive:
    """A plaque or its text moved by ``shift``."""
    if isinstance(item, Text):
        return msgspec.structs.replace(item, x=item.x + shift[0], y=item.y + shift[1])
    assert isinstance(item, Outline)
    return msgspec.structs.replace(item, commands=tuple(
        (command[0], *(value + shift[place % 2]
                       for place, value in enumerate(_numbers(command))))
        for command in item.commands))


def names_kept(drawing: Drawing, scale: float, smallest: float) -> bool:
    """Whether every name the drawing prints survives :func:`without_small_text` at
    ``scale``, at 6 pt on a grown plaque, or already that large."""
    def names(items: tuple[Primitive, ...]) -> int:
        return sum(names(item.children) if isinstance(item, Clip) else
                   int(isinstance(item, Text) and len(item.text) > SIGN and
                       item.text.count(" ") < 2) for item in items)

    kept = names(without_small_text(drawing, scale, smallest).items)
    return kept > 0 and kept >= names(drawing.items)


def _grown(plaque: Outline, lines: list[Primitive], factor: float) -> list[Primitive]:
    """A plaque and its signs grown ``factor`` times about the plaque's middle, so a number
    printed at 6 pt keeps its disc around it."""
    left, top, right, bottom = _box(plaque.commands)
    cx, cy = (left + right) / 2, (top + bottom) / 2

    def moved(command: Command) -> Command:
        values = [(cx + (value - cx) * factor) if place % 2 == 0 else
                  (cy + (value - cy) * factor)
                  for place, value in enumerate(_numbers(command))]
        return (command[0], *values)

    style = msgspec.structs.replace(plaque.style, width=plaque.style.width * factor)
    grown: list[Primitive] = [Outline(tuple(moved(command) for command in plaque.commands),
                                      style, plaque=True)]
    grown += [msgspec.structs.replace(line, x=cx + (line.x - cx) * factor,
                                      y=cy + (line.y - cy) * factor, size=line.size * factor)
              for line in lines if isinstance(line, Text)]
    return grown


def greeked(line: Text, ground: str = "#ffffff") -> Outline:
    """A line of text as a rounded bar as long as the line and as tall as its small
    letters, in the text's colour faded most of the way to what it is printed on (the
    paper; a name's dark plaque, where a white bar read as an empty label)."""
    length = string_width(line.text, line.font, line.size)
    start = {"start": line.x, "middle": line.x - length / 2, "end": line.x - length}[line.anchor]
    tall = line.size * 0.42
    top = line.y - line.size * 0.5
    end = start + length
    bend = tall / 2
    return Outline((("M", start + bend, top), ("L", end - bend, top),
                    ("C", end, top, end, top + tall, end - bend, top + tall),
                    ("L", start + bend, top + tall),
                    ("C", start, top + tall, start, top, start + bend, top), ("Z",)),
                   Style(fill=mix(line.fill, ground, 0.6)))


def _plaque_of_small_text(following: tuple[Primitive, ...],
                          small: Callable[[Primitive], bool]) -> bool:
    """Whether an outline is followed by one or more lines of text, all of them too small."""
    lines = list(itertools.takewhile(lambda item: isinstance(item, Text), following))
    return bool(lines) and all(small(line) for line in lines)


# ---------------------------------------------------------------------------
# Builders that keep icon and art code short.


def polygon(points: Sequence[Point], close: bool = True) -> tuple[Command, ...]:
    """Commands for a polyline through ``points``, closed by default."""
    commands: list[Command] = [("M", *points[0])]
    commands.extend(("L", *point) for point in points[1:])
    if close:
        commands.append(("Z",))
    return tuple(commands)


def rect(x: float, y: float, width: float, height: float,
         radius: float = 0.0) -> tuple[Command, ...]:
    """Commands for a rectangle, with rounded corners when ``radius`` > 0."""
    if radius <= 0:
        return polygon([(x, y), (x + width, y), (x + width, y + height), (x, y + height)])
    r = min(radius, width / 2, height / 2)
    k = r * (1 - 0.5523)
    right, bottom = x + width, y + height
    return (
        ("M", x + r, y), ("L", right - r, y), ("C", right - k, y, right, y + k, right, y + r),
        ("L", right, bottom - r), ("C", right, bottom - k, right - k, bottom, right - r, bottom),
        ("L", x + r, bottom), ("C", x + k, bottom, x, bottom - k, x, bottom - r),
        ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",),
    )


def arc(cx: float, cy: float, r: float, start: float, end: float,
        move: bool = True) -> tuple[Command, ...]:
    """A circular arc from ``start`` to ``end`` degrees (clockwise, 0 = east, y-down)."""
    sweep = end - start
    pieces = max(1, math.ceil(abs(sweep) / 90.0))
    step = math.radians(sweep / pieces)
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    angle = math.radians(start)
    commands: list[Command] = []
    x0, y0 = cx + r * math.cos(angle), cy + r * math.sin(angle)
    if move:
        commands.append(("M", x0, y0))
    for _ in range(pieces):
        nxt = angle + step
        x1, y1 = cx + r * math.cos(nxt), cy + r * math.sin(nxt)
        commands.append((
            "C",
            x0 - k * r * math.sin(angle), y0 + k * r * math.cos(angle),
            x1 + k * r * math.sin(nxt), y1 - k * r * math.cos(nxt),
            x1, y1,
        ))
        angle, x0, y0 = nxt, x1, y1
    return tuple(commands)


def ellipse(cx: float, cy: float, rx: float, ry: float) -> tuple[Command, ...]:
    """A closed ellipse as four cubic curves."""
    k = 0.5523
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry),
        ("C", cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy),
        ("C", cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry),
        ("C", cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy),
        ("Z",),
    )


def transform(commands: tuple[Command, ...], scale: float, dx: float,
              dy: float) -> tuple[Command, ...]:
    """Scale about the origin, then move: how icons drawn in a unit box are placed."""
    result: list[Command] = []
    for command in commands:
        if command[0] == "Z":
            result.append(command)
            continue
        numbers = command[1:]
        moved = tuple(
            value * scale + (dx if i % 2 == 0 else dy) for i, value in enumerate(numbers)
        )
        result.append((command[0], *moved))
    return tuple(result)


def smooth_outline(points: Sequence[Point]) -> tuple[Command, ...]:
    """A closed, rounded outline through ``points`` (Catmull-Rom as cubic curves).

    Caverns on tiles and the rounded icons (nuggets, slabs, the Phantom) share it.
    """
    commands: list[Command] = [("M", *points[0])]
    count = len(points)
    for i in range(count):
        p0, p1 = points[i - 1], points[i]
        p2, p3 = points[(i + 1) % count], points[(i + 2) % count]
        commands.append(("C", p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6,
                         p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6, *p2))
    commands.append(("Z",))
    return tuple(commands)


def flat(items: tuple[Primitive, ...]) -> list[Primitive]:
    """Every primitive, those inside clips included."""
    found: list[Primitive] = []
    for item in items:
        found.append(item)
        if isinstance(item, Clip):
            found.extend(flat(item.children))
    return found
