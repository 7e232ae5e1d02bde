"""The pen every icon draws with: where an icon goes and how big, its palette, and
the strokes several icons share."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.draw.scene import Cap, Circle, Command, Join, Outline, Primitive, Style, polygon, transform
from pnp.geometry.points import Point


class Pen:
    """Places unit-box drawings at a centre and radius on the tile.

    ``height`` is how far, in radii, a drawing may reach above and below its
    centre: 1 in the icon's circle, more where a tile gives a tall icon a tall
    box (see pnp.draw.icons.ICON_HEIGHT); an icon that cannot use it ignores it.
    """

    def __init__(self, cx: float, cy: float, radius: float, colours: dict[str, str],
                 height: float = 1.0) -> None:
        self.cx, self.cy, self.r = cx, cy, radius
        self.c = colours
        self.height = height

    def width(self, unit: float) -> float:
        return unit * self.r

    def path(self, commands: tuple[Command, ...], fill: str | None = None,
             stroke: str | None = None, width: float = 0.0, cap: Cap = "round",
             join: Join = "round") -> Outline:
        return Outline(transform(commands, self.r, self.cx, self.cy),
                       Style(fill=fill, stroke=stroke, width=self.width(width), cap=cap,
                             join=join))

    def poly(self, points: list[Point], fill: str | None = None,
             stroke: str | None = None, width: float = 0.0, close: bool = True) -> Outline:
        return self.path(polygon(points, close), fill, stroke, width)

    def line(self, points: list[Point], stroke: str, width: float) -> Outline:
        return self.path(polygon(points, close=False), None, stroke, width)

    def circle(self, x: float, y: float, radius: float, fill: str | None = None,
               stroke: str | None = None, width: float = 0.0) -> Circle:
        return Circle(self.cx + x * self.r, self.cy + y * self.r, radius * self.r,
                      Style(fill=fill, stroke=stroke, width=self.width(width)))


Icon = Callable[[Pen], list[Primitive]]


def rimmed_bar(pen: Pen, points: list[Point], colour: str, width: float,
         edge: float = 0.035) -> list[Primitive]:
    """A coloured stroke with an ink rim: reads on light and dark grounds alike."""
    return [pen.line(points, pen.c["ink"], width + 2 * edge), pen.line(points, colour, width)]


def pick(pen: Pen, foot: Point, top: Point, reach: float,
          metal: str, wood: str) -> list[Primitive]:
    """A pick: a wooden handle from ``foot`` to ``top``, a curved two-point head at ``top``."""
    length = math.hypot(top[0] - foot[0], top[1] - foot[1])
    ux, uy = (foot[0] - top[0]) / length, (foot[1] - top[1]) / length
    vx, vy = -uy, ux

    def at(across: float, down: float) -> Point:
        return top[0] + across * reach * vx + down * ux, top[1] + across * reach * vy + down * uy

    def curve(*points: Point) -> Command:
        return ("C", *(value for point in points for value in point))

    head = (
        ("M", *at(1, 0.18)),
        curve(at(0.85, 0.0), at(0.5, -0.12), at(0, -0.12)),
        curve(at(-0.5, -0.12), at(-0.85, 0.0), at(-1, 0.18)),
        curve(at(-0.8, 0.1), at(-0.5, 0.05), at(0, 0.05)),
        curve(at(0.5, 0.05), at(0.8, 0.1), at(1, 0.18)),
        ("Z",),
    )
    items = rimmed_bar(pen, [foot, at(0, -0.05)], wood, 0.12, 0.04)
    items.append(pen.poly([at(-0.15, 0.02), at(0.15, 0.02), at(0.15, 0.17), at(-0.15, 0.17)],
                          fill=metal, stroke=pen.c["ink"], width=0.06))
    items.append(pen.path(head, fill=metal, stroke=pen.c["ink"], width=0.07))
    return items
