"""Icons of things a miner carries or sets up: the art of Dynamine's item cards.

An item card shows the item it is named after (a torch on Wall Torches, not
the fossil the torches light up), drawn in the same hand as the other icons:
unit coordinates from -1 to 1, y down, dark outlines of ``ink`` weight, the
palette's colours and a few fixed material colours (gold and water shared with
:mod:`pnp.draw.treasure_icons`).
"""

from __future__ import annotations

import math

from pnp.draw.pen import Pen
from pnp.draw.scene import Primitive, ellipse, rect, smooth_outline
from pnp.draw.treasure_icons import GOLD, WATER

FLAME, FLAME_CORE = "#e8702a", "#f7c948"
WOOD, WOOD_DARK = "#9a6a3c", "#6e4826"
IRON = "#5d5f63"
RUBY = "#b3261e"
PARCHMENT = "#efe2bf"


def torch(pen: Pen) -> list[Primitive]:
    """A torch in an iron bracket on the wall, its flame burning."""
    ink = pen.c["ink"]
    flame = smooth_outline([(0.0, -0.98), (0.2, -0.62), (0.3, -0.36), (0.18, -0.2),
                            (-0.18, -0.2), (-0.3, -0.4), (-0.12, -0.66)])
    core = smooth_outline([(0.0, -0.74), (0.1, -0.5), (0.12, -0.32), (-0.12, -0.32),
                           (-0.1, -0.52)])
    return [
        pen.path(rect(-0.42, 0.3, 0.84, 0.16, 0.04), fill=IRON, stroke=ink, width=0.06),
        pen.poly([(-0.1, 0.3), (0.1, 0.3), (0.06, 0.9), (-0.06, 0.9)], fill=IRON, stroke=ink,
                 width=0.06),
        pen.poly([(-0.2, -0.2), (0.2, -0.2), (0.12, 0.62), (-0.12, 0.62)], fill=WOOD,
                 stroke=ink, width=0.07),
        pen.line([(-0.16, 0.0), (0.16, 0.0)], WOOD_DARK, 0.05),
        pen.path(flame, fill=FLAME, stroke=ink, width=0.07),
        pen.path(core, fill=FLAME_CORE),
    ]


def barrel(pen: Pen) -> list[Primitive]:
    """A wooden water barrel bound with iron hoops, water to its brim."""
    ink = pen.c["ink"]
    body = (("M", -0.5, -0.7), ("C", -0.72, -0.3, -0.72, 0.3, -0.5, 0.72),
            ("L", 0.5, 0.72), ("C", 0.72, 0.3, 0.72, -0.3, 0.5, -0.7), ("Z",))
    items: list[Primitive] = [pen.path(body, fill=WOOD, stroke=ink, width=0.08)]
    for x in (-0.25, 0.0, 0.25):
        items.append(pen.line([(x * 1.1, -0.66), (x * 1.35, 0.0), (x * 1.1, 0.68)],
                              WOOD_DARK, 0.04))
    for y, half in ((-0.42, 0.63), (0.44, 0.63)):
        items.append(pen.line([(-half, y), (half, y)], IRON, 0.12))
    items.append(pen.path(ellipse(0, -0.7, 0.5, 0.14), fill=WATER, stroke=ink, width=0.07))
    return items


def ring(pen: Pen) -> list[Primitive]:
    """An old gold ring set with a red stone."""
    ink = pen.c["ink"]
    return [
        pen.path(ellipse(0, 0.22, 0.62, 0.56), stroke=ink, width=0.3),
        pen.path(ellipse(0, 0.22, 0.62, 0.56), stroke=GOLD, width=0.18),
        pen.poly([(-0.28, -0.3), (0.28, -0.3), (0.18, -0.5), (-0.18, -0.5)], fill=GOLD,
                 stroke=ink, width=0.06),
        pen.poly([(0.0, -0.9), (0.26, -0.64), (0.0, -0.42), (-0.26, -0.64)], fill=RUBY,
                 stroke=ink, width=0.07),
        pen.poly([(0.0, -0.8), (0.1, -0.66), (-0.06, -0.62)], fill="#f2a29c"),
    ]


def raven(pen: Pen) -> list[Primitive]:
    """A black raven perched on a stone, looking left."""
    ink, body = pen.c["ink"], "#2b2b33"
    bird = smooth_outline([(-0.62, -0.42), (-0.36, -0.62), (-0.08, -0.5), (0.18, -0.16),
                           (0.62, 0.08), (0.9, 0.36), (0.5, 0.34), (0.2, 0.46), (-0.22, 0.36),
                           (-0.42, 0.02), (-0.5, -0.26)])
    wing = smooth_outline([(-0.16, -0.16), (0.3, -0.02), (0.62, 0.22), (0.2, 0.3),
                           (-0.14, 0.16)])
    return [
        pen.path(ellipse(0.0, 0.78, 0.7, 0.16), fill=pen.c["rock-light"], stroke=ink,
                 width=0.06),
        pen.line([(-0.14, 0.42), (-0.2, 0.68)], ink, 0.06),
        pen.line([(0.06, 0.44), (0.04, 0.68)], ink, 0.06),
        pen.path(bird, fill=body, stroke=ink, width=0.07),
        pen.path(wing, stroke=pen.c["rock-dark"], width=0.05),
        pen.poly([(-0.6, -0.46), (-0.94, -0.36), (-0.6, -0.3)], fill=GOLD, stroke=ink,
                 width=0.05),
        pen.circle(-0.42, -0.44, 0.06, fill=pen.c["paper"]),
    ]


def beams(pen: Pen) -> list[Primitive]:
    """A timber frame propping a tunnel: two posts, a cap beam and braces."""
    ink = pen.c["ink"]
    items: list[Primitive] = [
        pen.poly([(-0.9, 0.86), (-0.9, -0.2), (-0.6, -0.62), (0.6, -0.62), (0.9, -0.2),
                  (0.9, 0.86)], fill=pen.c["floor"], stroke=pen.c["wall"], width=0.1),
    ]
    for x in (-0.6, 0.44):
        items.append(pen.path(rect(x, -0.5, 0.16, 1.36), fill=WOOD, stroke=ink, width=0.06))
    items.append(pen.path(rect(-0.76, -0.66, 1.52, 0.2), fill=WOOD, stroke=ink, width=0.06))
    for side in (-1, 1):
        items.append(pen.poly([(side * 0.44, -0.24), (side * 0.44, -0.12), (side * 0.14, -0.46),
                               (side * 0.26, -0.46)], fill=WOOD_DARK, stroke=ink, width=0.04))
    return items


def plan(pen: Pen) -> list[Primitive]:
    """A rolled-out mine plan: parchment with its tunnels drawn on it."""
    ink = pen.c["ink"]
    sheet = (("M", -0.72, -0.62), ("L", 0.72, -0.62), ("L", 0.72, 0.62), ("L", -0.72, 0.62),
             ("Z",))
    items: list[Primitive] = [pen.path(sheet, fill=PARCHMENT, stroke=ink, width=0.07)]
    for y in (-0.62, 0.62):  # the rolled ends
        items.append(pen.path(ellipse(0, y, 0.8, 0.1), fill=PARCHMENT, stroke=ink, width=0.06))
    tunnels = [[(-0.5, -0.3), (-0.1, -0.3), (-0.1, 0.3), (0.45, 0.3)],
               [(-0.1, 0.0), (0.4, 0.0), (0.4, -0.36)]]
    for line in tunnels:
        items.append(pen.line(line, WOOD_DARK, 0.09))
    items.append(pen.poly([(0.4 + 0.1 * math.cos(a), -0.36 + 0.1 * math.sin(a))
                           for a in (0.0, 2.1, 4.2)], fill=RUBY))
    return items
