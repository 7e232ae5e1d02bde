"""The icons of the mine itself, first drawn for Demon Mine: the headframe, beetles and
their hive, rubble, a miner, the lodestone and crossed pickaxes."""

from __future__ import annotations

import math

from pnp.draw.pen import Pen, pick, rimmed_bar
from pnp.draw.scene import Outline, Primitive, arc, ellipse
from pnp.geometry.points import Point


def headframe(pen: Pen) -> list[Primitive]:
    """A pithead tower with its winding wheel over a mine mouth: the mine entrance."""
    ink, wall, light = pen.c["ink"], pen.c["wall"], pen.c["rock-light"]
    ground = 0.86

    def leg_x(y: float) -> float:
        return 0.66 - 0.5 * (ground - y) / (ground + 0.42)

    items: list[Primitive] = [
        pen.path((*arc(0, ground, 0.4, 180, 360), ("Z",)), fill=wall, stroke=ink, width=0.08),
        pen.line([(0, -0.55), (0, 0.62)], ink, 0.06),
        pen.poly([(-0.12, 0.56), (0.12, 0.56), (0.1, 0.74), (-0.1, 0.74)], fill=pen.c["accent"],
                 stroke=ink, width=0.05),
    ]
    for y, w in ((0.3, 0.11), (-0.1, 0.11)):
        items.append(pen.line([(-leg_x(y), y), (leg_x(y), y)], ink, w))
    for side in (-1, 1):
        items.append(pen.line([(side * leg_x(ground), ground), (side * leg_x(-0.42), -0.42)],
                              ink, 0.17))
    items.append(pen.line([(-0.93, ground), (0.93, ground)], ink, 0.12))
    items.append(pen.circle(0, -0.6, 0.3, fill=light, stroke=ink, width=0.11))
    for k in range(3):
        angle = math.radians(60 * k + 30)
        dx, dy = 0.27 * math.cos(angle), 0.27 * math.sin(angle)
        items.append(pen.line([(-dx, -0.6 - dy), (dx, -0.6 + dy)], ink, 0.06))
    items.append(pen.circle(0, -0.6, 0.09, fill=pen.c["accent"], stroke=ink, width=0.05))
    return items


def _hexagon(x: float, y: float, r: float) -> list[Point]:
    return [(x + r * math.cos(math.radians(60 * k)), y + r * math.sin(math.radians(60 * k)))
            for k in range(6)]


def beetle(pen: Pen, colour: str | None = None, outline: str | None = None) -> list[Primitive]:
    """A ghost beetle seen from above: pale shell, six legs, two pincers."""
    body, ink = colour or pen.c["paper"], outline or pen.c["ink"]
    items: list[Primitive] = []
    for side in (-1, 1):
        for y, spread in ((-0.12, -0.32), (0.18, 0.0), (0.46, 0.3)):
            items.append(pen.line([(0.2 * side, y), (0.62 * side, y + spread * 0.6),
                                   (0.82 * side, y + spread + 0.12)], ink, 0.1))
        items.append(pen.line([(0.1 * side, -0.6), (0.3 * side, -0.84), (0.1 * side, -0.93)],
                              ink, 0.1))
    items.append(pen.path(ellipse(0, 0.2, 0.38, 0.56), fill=body, stroke=ink, width=0.09))
    items.append(pen.line([(0, -0.24), (0, 0.72)], ink, 0.06))
    items.append(pen.circle(0, -0.47, 0.2, fill=body, stroke=ink, width=0.09))
    return items


def hive(pen: Pen) -> list[Primitive]:
    """A honeycomb of cells with a ghost beetle crawling out of the middle one."""
    ink = pen.c["ink"]
    items: list[Primitive] = []
    cell = 0.355
    for k in range(6):
        angle = math.radians(60 * k + 30)
        x, y = cell * math.sqrt(3) * math.cos(angle), cell * math.sqrt(3) * math.sin(angle)
        items.append(pen.poly(_hexagon(x, y, cell), fill=pen.c["rock-light"], stroke=ink,
                              width=0.07))
        items.append(pen.poly(_hexagon(x, y, cell * 0.5), fill=pen.c["rock-dark"]))
    items.append(pen.poly(_hexagon(0, 0, cell), fill=pen.c["wall"], stroke=ink, width=0.07))
    items.extend(beetle(Pen(pen.cx, pen.cy + pen.r * 0.02, pen.r * 0.54, pen.c)))
    return items


def _plank(pen: Pen, start: Point, end: Point,
           colour: str) -> Outline:
    """A beam from ``start`` snapped off at ``end`` in a splintered point."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    vx, vy = -uy * 0.09, ux * 0.09

    def at(along: float, across: float) -> Point:
        return end[0] + along * ux + across * vx, end[1] + along * uy + across * vy

    points = [(start[0] + vx, start[1] + vy), at(-0.06, 1), at(0.04, 0.35), at(-0.08, -0.2),
              at(0.0, -1), (start[0] - vx, start[1] - vy)]
    return pen.poly(points, fill=colour, stroke=pen.c["ink"], width=0.07)


def rubble(pen: Pen) -> list[Primitive]:
    """A tunnel mouth choked with fallen rocks under a broken beam: the tunnel collapse."""
    ink, wood = pen.c["ink"], pen.c["rock-light"]
    items: list[Primitive] = [
        pen.path((("M", -0.62, 0.9), ("L", -0.62, -0.15),
                  *arc(0, -0.15, 0.62, 180, 360, move=False), ("L", 0.62, 0.9), ("Z",)),
                 fill=pen.c["wall"], stroke=ink, width=0.08),
    ]
    for side in (-1, 1):
        items.extend(rimmed_bar(pen, [(side * 0.74, 0.7), (side * 0.74, -0.42)], wood, 0.14))
    items.append(_plank(pen, (-0.9, -0.5), (0.06, -0.4), wood))
    items.append(_plank(pen, (0.9, -0.5), (0.26, 0.0), wood))
    rocks = [
        ([(-0.9, 0.9), (-0.86, 0.5), (-0.55, 0.3), (-0.22, 0.45), (-0.2, 0.9)], "rock-dark"),
        ([(0.2, 0.9), (0.25, 0.42), (0.55, 0.28), (0.88, 0.48), (0.92, 0.9)], "rock-dark"),
        ([(-0.38, 0.9), (-0.42, 0.45), (-0.1, 0.18), (0.3, 0.3), (0.4, 0.9)], "floor"),
        ([(-0.55, 0.35), (-0.45, 0.0), (-0.12, -0.08), (0.0, 0.25), (-0.25, 0.42)], "rock"),
        ([(0.02, 0.28), (0.1, -0.05), (0.42, -0.02), (0.55, 0.3), (0.3, 0.38)], "rock-light"),
        ([(-0.3, -0.28), (-0.16, -0.36), (-0.08, -0.2), (-0.22, -0.12)], "rock-light"),
    ]
    for points, colour in rocks:
        items.append(pen.poly(points, fill=pen.c[colour], stroke=ink, width=0.07))
    return items


def miner(pen: Pen) -> list[Primitive]:
    """A miner's helmet with its lamp lit, in front of a pick."""
    ink, paper, accent = pen.c["ink"], pen.c["paper"], pen.c["accent"]
    items = pick(pen, (-0.8, 0.84), (0.42, -0.44), 0.6, pen.c["floor"], pen.c["rock-light"])
    x, y = -0.12, 0.42
    items.append(pen.path((*arc(x, y, 0.6, 180, 360), ("Z",)), fill=accent, stroke=ink,
                          width=0.08))
    items.append(pen.line([(x, y - 0.6), (x, y - 0.45)], ink, 0.06))
    items.append(pen.path(ellipse(x + 0.02, y + 0.04, 0.82, 0.13), fill=accent, stroke=ink,
                          width=0.08))
    items.append(pen.circle(x, y - 0.3, 0.19, fill=paper, stroke=ink, width=0.08))
    for angle in (-165, -130, -95, -60):
        a = math.radians(angle)
        items.extend(rimmed_bar(pen, [(x + 0.31 * math.cos(a), y - 0.3 + 0.31 * math.sin(a)),
                                (x + 0.5 * math.cos(a), y - 0.3 + 0.5 * math.sin(a))],
                          paper, 0.07, 0.03))
    return items


def lodestone(pen: Pen) -> list[Primitive]:
    """A horseshoe magnet pulling a stone towards its poles."""
    ink, accent, paper = pen.c["ink"], pen.c["accent"], pen.c["paper"]
    top, bend = -0.28, 0.46
    items: list[Primitive] = [
        pen.path(arc(0, top, bend, 180, 360), stroke=ink, width=0.4, cap="butt"),
        pen.path(arc(0, top, bend, 180, 360), stroke=accent, width=0.28, cap="butt"),
    ]
    for side in (-1, 1):
        items.append(pen.poly([(side * 0.66, top), (side * 0.26, top), (side * 0.26, 0.02),
                               (side * 0.66, 0.02)], fill=accent, stroke=ink, width=0.06))
        items.append(pen.poly([(side * 0.66, 0.02), (side * 0.26, 0.02), (side * 0.26, 0.2),
                               (side * 0.66, 0.2)], fill=paper, stroke=ink, width=0.06))
    items.append(pen.poly([(-0.5, 0.78), (-0.38, 0.56), (-0.08, 0.5), (0.3, 0.54), (0.52, 0.72),
                           (0.42, 0.92), (-0.4, 0.93)], fill=pen.c["wall"], stroke=ink,
                          width=0.06))
    items.append(pen.poly([(-0.3, 0.6), (-0.08, 0.56), (0.02, 0.7), (-0.2, 0.74)],
                          fill=pen.c["rock-light"]))
    for side in (-1, 1):
        for k in range(2):
            x0 = side * (0.62 - 0.12 * k)
            items.append(pen.line([(x0, 0.3), (x0 - side * 0.08, 0.44)], ink, 0.06))
    return items


def pickaxes(pen: Pen) -> list[Primitive]:
    """Two crossed picks: the motif on every card back unless a tileset picks another."""
    items: list[Primitive] = []
    for side in (-1, 1):
        items.extend(pick(pen, (-0.72 * side, 0.84), (0.52 * side, -0.44), 0.46,
                           pen.c["floor"], pen.c["rock-light"]))
    return items
