"""Original icons drawn in code, each in a unit box so any size stays crisp.

An icon is a function of a :class:`Pen` (where and how big) and the palette. It
draws in unit coordinates from -1 to 1 (y down); the pen scales and places it.
Adding an icon is adding one function and one line in ``ICONS``: tilesets name
icons, the renderer never special-cases them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.scene import Circle, Outline, Style, arc, ellipse, polygon, transform


class Pen:
    """Places unit-box drawings at a centre and radius on the tile."""

    def __init__(self, cx: float, cy: float, radius: float, colours: dict[str, str]) -> None:
        self.cx, self.cy, self.r = cx, cy, radius
        self.c = colours

    def width(self, unit: float) -> float:
        return unit * self.r

    def path(self, commands: tuple, fill: str | None = None, stroke: str | None = None,
             width: float = 0.0, cap: str = "round", join: str = "round") -> Outline:
        return Outline(transform(commands, self.r, self.cx, self.cy),
                       Style(fill=fill, stroke=stroke, width=self.width(width), cap=cap,
                             join=join))

    def poly(self, points: list[tuple[float, float]], fill: str | None = None,
             stroke: str | None = None, width: float = 0.0, close: bool = True) -> Outline:
        return self.path(polygon(points, close), fill, stroke, width)

    def line(self, points: list[tuple[float, float]], stroke: str, width: float) -> Outline:
        return self.path(polygon(points, close=False), None, stroke, width)

    def circle(self, x: float, y: float, radius: float, fill: str | None = None,
               stroke: str | None = None, width: float = 0.0) -> Circle:
        return Circle(self.cx + x * self.r, self.cy + y * self.r, radius * self.r,
                      Style(fill=fill, stroke=stroke, width=self.width(width)))


Icon = Callable[[Pen], list]


def headframe(pen: Pen) -> list:
    """A pithead tower over a mine mouth: the mine entrance."""
    ink, accent, floor = pen.c["ink"], pen.c["accent"], pen.c["floor"]
    items = [
        pen.path((*arc(0, 0.78, 0.42, 180, 360), ("Z",)), fill=pen.c["wall"], stroke=ink,
                 width=0.06),
        pen.line([(-0.95, 0.78), (0.95, 0.78)], ink, 0.1),
        pen.line([(-0.62, 0.78), (-0.12, -0.52)], ink, 0.11),
        pen.line([(0.62, 0.78), (0.12, -0.52)], ink, 0.11),
        pen.line([(-0.45, 0.34), (0.45, 0.34)], ink, 0.07),
        pen.line([(-0.3, -0.05), (0.3, -0.05)], ink, 0.07),
        pen.line([(-0.45, 0.34), (0.3, -0.05)], ink, 0.05),
        pen.line([(0.45, 0.34), (-0.3, -0.05)], ink, 0.05),
        pen.circle(0, -0.62, 0.3, fill=floor, stroke=ink, width=0.08),
    ]
    for k in range(4):
        angle = math.radians(45 * k)
        dx, dy = 0.28 * math.cos(angle), 0.28 * math.sin(angle)
        items.append(pen.line([(-dx, -0.62 - dy), (dx, -0.62 + dy)], ink, 0.04))
    items.append(pen.circle(0, -0.62, 0.08, fill=accent))
    items.append(pen.line([(0.0, -0.62), (0.0, 0.55)], accent, 0.04))
    return items


def _hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.radians(60 * k)), y + r * math.sin(math.radians(60 * k)))
            for k in range(6)]


def beetle(pen: Pen, colour: str | None = None, outline: str | None = None) -> list:
    """A ghost beetle seen from above: pale shell, six legs, two pincers."""
    body, ink = colour or "#f4f1ea", outline or pen.c["ink"]
    items = []
    for side in (-1, 1):
        for y, spread in ((-0.15, -0.3), (0.15, 0.0), (0.45, 0.3)):
            items.append(pen.line([(0.2 * side, y), (0.62 * side, y + spread * 0.6),
                                   (0.8 * side, y + spread + 0.1)], ink, 0.07))
        items.append(pen.line([(0.1 * side, -0.62), (0.3 * side, -0.9), (0.12 * side, -1.0)],
                              ink, 0.07))
    items.append(pen.path(ellipse(0, 0.18, 0.36, 0.55), fill=body, stroke=ink, width=0.07))
    items.append(pen.line([(0, -0.3), (0, 0.7)], ink, 0.04))
    items.append(pen.circle(0, -0.5, 0.2, fill=body, stroke=ink, width=0.07))
    return items


def hive(pen: Pen) -> list:
    """A honeycomb of cells with a beetle crawling out of the middle one."""
    ink, pale = pen.c["ink"], "#e9e2cf"
    items = []
    cell = 0.36
    for k in range(6):
        angle = math.radians(60 * k + 30)
        x, y = cell * math.sqrt(3) * math.cos(angle), cell * math.sqrt(3) * math.sin(angle)
        items.append(pen.poly(_hexagon(x, y, cell), fill=pale, stroke=ink, width=0.06))
    items.append(pen.poly(_hexagon(0, 0, cell), fill=pen.c["wall"], stroke=ink, width=0.06))
    inner = Pen(pen.cx, pen.cy, pen.r * 0.42, pen.c)
    items.extend(beetle(inner))
    return items


def rubble(pen: Pen) -> list:
    """Fallen rocks under a cracked roof: the tunnel collapse."""
    ink, dark, light = pen.c["ink"], pen.c["rock-dark"], pen.c["rock-light"]
    items = [
        pen.line([(-0.9, -0.85), (-0.5, -0.55), (-0.2, -0.75), (0.15, -0.45), (0.5, -0.7),
                  (0.9, -0.5)], ink, 0.07),
        pen.line([(-0.2, -0.75), (-0.25, -0.45)], ink, 0.05),
        pen.line([(0.5, -0.7), (0.55, -0.35)], ink, 0.05),
    ]
    rocks = [
        ([(-0.95, 0.85), (-0.8, 0.35), (-0.45, 0.25), (-0.2, 0.6), (-0.3, 0.85)], dark),
        ([(-0.35, 0.85), (-0.3, 0.45), (0.0, 0.2), (0.35, 0.4), (0.4, 0.85)], light),
        ([(0.3, 0.85), (0.45, 0.35), (0.75, 0.3), (0.95, 0.6), (0.9, 0.85)], dark),
        ([(-0.6, 0.35), (-0.4, -0.05), (-0.05, -0.1), (0.05, 0.25), (-0.25, 0.45)], light),
        ([(0.05, 0.2), (0.2, -0.15), (0.55, -0.1), (0.6, 0.3), (0.3, 0.42)], dark),
        ([(-0.2, -0.05), (-0.05, -0.35), (0.2, -0.3), (0.2, -0.12), (0.0, -0.05)], light),
    ]
    for points, colour in rocks:
        items.append(pen.poly(points, fill=colour, stroke=ink, width=0.06))
    return items


def miner(pen: Pen) -> list:
    """A miner's helmet with its lamp lit, over a pick."""
    ink, accent, floor = pen.c["ink"], pen.c["accent"], pen.c["floor"]
    items = [
        pen.line([(-0.75, 0.85), (0.55, -0.1)], ink, 0.12),
        pen.path((("M", 0.2, -0.45), ("C", 0.55, -0.35, 0.85, 0.0, 0.95, 0.35)),
                 stroke=ink, width=0.14),
        pen.path((("M", 0.2, -0.45), ("C", 0.35, -0.1, 0.45, 0.1, 0.62, 0.22)),
                 stroke=ink, width=0.1),
        pen.path((*arc(-0.1, 0.05, 0.62, 180, 360), ("Z",)), fill="#e0b438", stroke=ink,
                 width=0.08),
        pen.path((("M", -0.9, 0.05), ("L", 0.7, 0.05)), stroke=ink, width=0.14),
        pen.line([(-0.1, -0.57), (-0.1, -0.2)], ink, 0.06),
        pen.circle(-0.1, -0.28, 0.17, fill=floor, stroke=ink, width=0.06),
    ]
    for angle in (-150, -120, -90, -60, -30):
        a = math.radians(angle)
        items.append(pen.line([(-0.1 + 0.26 * math.cos(a), -0.28 + 0.26 * math.sin(a)),
                               (-0.1 + 0.42 * math.cos(a), -0.28 + 0.42 * math.sin(a))],
                              accent, 0.05))
    return items


def lodestone(pen: Pen) -> list:
    """A horseshoe magnet pulling at a stone: compasses go wild near it."""
    ink, accent = pen.c["ink"], pen.c["accent"]
    items = []
    for radius in (0.75, 0.92):
        items.append(pen.path(arc(0, 0.05, radius, 200, 340), stroke=ink, width=0.03))
    items.append(pen.path(arc(0, -0.05, 0.5, 180, 360), stroke=ink, width=0.36, cap="butt"))
    items.append(pen.path(arc(0, -0.05, 0.5, 180, 360), stroke=accent, width=0.26, cap="butt"))
    for side in (-1, 1):
        items.append(pen.poly([(side * 0.68, -0.05), (side * 0.32, -0.05), (side * 0.32, 0.3),
                               (side * 0.68, 0.3)], fill=accent, stroke=ink, width=0.05))
        items.append(pen.poly([(side * 0.68, 0.3), (side * 0.32, 0.3), (side * 0.32, 0.5),
                               (side * 0.68, 0.5)], fill="#e8e8e8", stroke=ink, width=0.05))
    items.append(pen.poly([(-0.35, 0.95), (-0.25, 0.7), (0.05, 0.62), (0.35, 0.72), (0.4, 0.95)],
                          fill=pen.c["rock-dark"], stroke=ink, width=0.05))
    return items


def pickaxes(pen: Pen) -> list:
    """Two crossed picks: the motif on every card back unless a tileset picks another."""
    ink, head, handle = pen.c["ink"], "#cfd3d6", "#b07a45"
    items = []
    for side in (-1, 1):
        items.append(pen.line([(-0.75 * side, 0.85), (0.6 * side, -0.55)], ink, 0.2))
        items.append(pen.line([(-0.75 * side, 0.85), (0.6 * side, -0.55)], handle, 0.11))
    for side in (-1, 1):
        items.append(pen.path(
            (("M", 0.05 * side, -0.95), ("C", 0.55 * side, -0.85, 0.9 * side, -0.45,
                                          0.98 * side, -0.05),
             ("C", 0.7 * side, -0.4, 0.45 * side, -0.55, 0.05 * side, -0.78), ("Z",)),
            fill=head, stroke=ink, width=0.06))
    return items


ICONS: dict[str, Icon] = {
    "headframe": headframe,
    "hive": hive,
    "beetle": beetle,
    "rubble": rubble,
    "miner": miner,
    "lodestone": lodestone,
    "pickaxes": pickaxes,
}
ICON_NAMES = tuple(sorted(ICONS))
