"""Icons that give each game a look of its own: the marks on its backs and decks, its
round and reward symbols, and the players' marks that set apart their pieces.

A player with two of these kits on one table must tell their pieces apart, so
no two games share a back's picture, and no symbol stands for two ideas: Dynamine
signs its pieces with a bundle of dynamite, its decks with a chest and a scroll;
Gold Mine its tokens with a lantern; a player's pieces carry a plain bold shape
(triangle, square, cross, ring), large and white on the player's colour, so that
two players' pieces differ in shape as well as colour and survive a greyscale
print or a colour-blind eye. Drawn like every other icon: unit box from -1 to 1,
y down, ink outlines, the palette's colours and a few material ones.
"""

from __future__ import annotations

import math

from pnp.draw.item_icons import FLAME, FLAME_CORE, IRON, PARCHMENT, WOOD, WOOD_DARK
from pnp.draw.pen import Pen
from pnp.draw.scene import Primitive, ellipse, polygon, rect, smooth_outline
from pnp.draw.treasure_icons import GOLD

DYNAMITE = "#c0392b"
GLASS = "#f6d77a"
MARK = "#ffffff"  # a player's shape: white on the player's colour


def dynamite(pen: Pen) -> list[Primitive]:
    """Three sticks of dynamite bound with cord, a lit fuse curling from the middle one:
    Dynamine's own mark, on its tile and token backs."""
    ink = pen.c["ink"]
    items: list[Primitive] = []
    for x in (-0.42, 0.0, 0.42):
        top = -0.28 if x == 0.0 else -0.14
        items.append(pen.path(rect(x - 0.19, top, 0.38, 1.02 - top, 0.08), fill=DYNAMITE,
                              stroke=ink, width=0.07))
        items.append(pen.path(ellipse(x, top, 0.19, 0.06), fill="#e8a59b", stroke=ink,
                              width=0.05))
    for y in (0.22, 0.62):
        items.append(pen.line([(-0.66, y), (0.66, y)], WOOD_DARK, 0.08))
    items.append(pen.path((("M", 0.0, -0.3), ("C", 0.04, -0.6, 0.32, -0.58, 0.3, -0.78)),
                          stroke=ink, width=0.06))
    spark = smooth_outline([(0.3, -0.98), (0.42, -0.84), (0.3, -0.68), (0.18, -0.84)])
    items += [pen.path(spark, fill=FLAME, stroke=ink, width=0.04),
              pen.circle(0.3, -0.83, 0.06, fill=FLAME_CORE)]
    return items


def chest(pen: Pen) -> list[Primitive]:
    """A banded wooden chest, its lid shut: Dynamine's deck of items."""
    ink = pen.c["ink"]
    lid = (("M", -0.8, -0.1), ("L", -0.8, -0.36), ("C", -0.8, -0.8, 0.8, -0.8, 0.8, -0.36),
           ("L", 0.8, -0.1), ("Z",))
    return [
        pen.path(rect(-0.8, -0.1, 1.6, 0.82, 0.05), fill=WOOD, stroke=ink, width=0.08),
        pen.path(lid, fill=WOOD_DARK, stroke=ink, width=0.08),
        pen.line([(-0.5, -0.6), (-0.5, 0.72)], IRON, 0.1),
        pen.line([(0.5, -0.6), (0.5, 0.72)], IRON, 0.1),
        pen.path(rect(-0.14, -0.2, 0.28, 0.3, 0.04), fill=GOLD, stroke=ink, width=0.05),
        pen.circle(0.0, -0.04, 0.05, fill=ink),
    ]


def scroll(pen: Pen) -> list[Primitive]:
    """A rolled parchment tied with a red seal: Dynamine's deck of missions."""
    ink = pen.c["ink"]
    return [
        pen.path(rect(-0.62, -0.62, 1.24, 1.24, 0.04), fill=PARCHMENT, stroke=ink, width=0.07),
        pen.path(ellipse(0.0, -0.66, 0.76, 0.16), fill=PARCHMENT, stroke=ink, width=0.07),
        pen.path(ellipse(0.0, 0.66, 0.76, 0.16), fill=PARCHMENT, stroke=ink, width=0.07),
        *(pen.line([(-0.42, y), (0.42, y)], pen.c["rock-dark"], 0.05)
          for y in (-0.32, -0.12, 0.08)),
        pen.circle(0.24, 0.34, 0.2, fill=DYNAMITE, stroke=ink, width=0.05),
    ]


def tiles(pen: Pen) -> list[Primitive]:
    """Three square tiles stacked askew, a walled tunnel across the top one: a count of
    tiles (Most tiles, Deep Halls). The tunnel stops at the tile's edge, which is
    drawn again over it: a round-capped floor stroke had run out through the edge."""
    ink = pen.c["ink"]
    items: list[Primitive] = []
    for dx, dy in ((-0.3, 0.3), (-0.1, 0.1), (0.1, -0.1)):
        items.append(pen.path(rect(dx - 0.48, dy - 0.48, 0.96, 0.96, 0.06),
                              fill=pen.c["rock-dark"], stroke=ink, width=0.07))
    for width, colour in ((0.4, "wall"), (0.24, "floor")):
        items.append(pen.path(polygon([(0.1, -0.58), (0.1, 0.38)], close=False),
                              stroke=pen.c[colour], width=width, cap="butt"))
    items.append(pen.path(rect(-0.38, -0.58, 0.96, 0.96, 0.06), stroke=ink, width=0.07))
    return items


def deepest(pen: Pen) -> list[Primitive]:
    """A shaft dropping through layers of rock, an arrow at its foot: the deepest mine."""
    ink = pen.c["ink"]
    items: list[Primitive] = [pen.path(rect(-0.86, -0.86, 1.72, 1.72, 0.1),
                                       fill=pen.c["rock"], stroke=ink, width=0.07)]
    for y in (-0.36, 0.14):
        items.append(pen.line([(-0.86, y), (0.86, y)], pen.c["rock-dark"], 0.05))
    items.append(pen.line([(0.0, -0.86), (0.0, 0.3)], pen.c["floor"], 0.34))
    items.append(pen.poly([(-0.36, 0.22), (0.36, 0.22), (0.0, 0.74)], fill=pen.c["accent"],
                          stroke=ink, width=0.05))
    return items


def hourglass(pen: Pen) -> list[Primitive]:
    """An hourglass, sand running: a round of the game."""
    ink = pen.c["ink"]
    glass = (("M", -0.5, -0.74), ("L", 0.5, -0.74), ("C", 0.5, -0.2, 0.08, -0.1, 0.08, 0.0),
             ("C", 0.08, 0.1, 0.5, 0.2, 0.5, 0.74), ("L", -0.5, 0.74),
             ("C", -0.5, 0.2, -0.08, 0.1, -0.08, 0.0), ("C", -0.08, -0.1, -0.5, -0.2, -0.5, -0.74),
             ("Z",))
    sand = (("M", -0.36, 0.7), ("L", 0.36, 0.7), ("C", 0.3, 0.42, 0.1, 0.34, 0.0, 0.34),
            ("C", -0.1, 0.34, -0.3, 0.42, -0.36, 0.7), ("Z",))
    return [
        pen.path(glass, fill=GLASS, stroke=ink, width=0.07),
        pen.path(sand, fill=GOLD),
        pen.line([(0.0, 0.0), (0.0, 0.34)], GOLD, 0.05),
        pen.path(rect(-0.68, -0.9, 1.36, 0.18, 0.05), fill=WOOD, stroke=ink, width=0.06),
        pen.path(rect(-0.68, 0.72, 1.36, 0.18, 0.05), fill=WOOD, stroke=ink, width=0.06),
    ]


def _die(pen: Pen, x: float, y: float, side: float) -> list[Primitive]:
    """A small die showing three, its corner at (x, y)."""
    ink = pen.c["ink"]
    items: list[Primitive] = [pen.path(rect(x, y, side, side, side * 0.2), fill="#fbfaf6",
                                       stroke=ink, width=0.07)]
    for k in (0.25, 0.5, 0.75):
        items.append(pen.circle(x + side * k, y + side * k, side * 0.09, fill=ink))
    return items


def reroll(pen: Pen) -> list[Primitive]:
    """A die inside a turning arrow: roll the die again."""
    ink, accent = pen.c["ink"], pen.c["accent"]
    arc = []
    for step in range(13):
        angle = math.radians(-60 + step * 22)
        arc.append((0.8 * math.cos(angle), 0.8 * math.sin(angle)))
    end = arc[-1]
    return [*_die(pen, -0.36, -0.36, 0.72),
            pen.line(arc, accent, 0.14),
            pen.poly([(end[0] - 0.26, end[1] - 0.02), (end[0] + 0.06, end[1] - 0.3),
                      (end[0] + 0.16, end[1] + 0.14)], fill=accent, stroke=ink, width=0.03)]


def predict(pen: Pen) -> list[Primitive]:
    """A die under a speech bubble holding a question mark: call the roll before it."""
    ink = pen.c["ink"]
    bubble = (("M", -0.2, -0.92), ("L", 0.72, -0.92), ("C", 0.92, -0.92, 0.92, -0.26, 0.72,
                                                       -0.26),
              ("L", 0.24, -0.26), ("L", 0.04, -0.06), ("L", 0.06, -0.26), ("L", -0.2, -0.26),
              ("C", -0.4, -0.26, -0.4, -0.92, -0.2, -0.92), ("Z",))
    mark = (("M", 0.12, -0.74), ("C", 0.14, -0.86, 0.5, -0.86, 0.46, -0.66),
            ("C", 0.44, -0.56, 0.3, -0.56, 0.28, -0.44))
    return [*_die(pen, -0.86, -0.04, 0.8),
            pen.path(bubble, fill=pen.c["floor"], stroke=ink, width=0.06),
            pen.path(mark, stroke=pen.c["accent"], width=0.09),
            pen.circle(0.28, -0.33, 0.05, fill=pen.c["accent"])]


def lantern(pen: Pen) -> list[Primitive]:
    """A miner's lantern, lit: Gold Mine's mark on its tokens' backs."""
    ink = pen.c["ink"]
    return [
        pen.path((("M", -0.3, -0.74), ("C", -0.3, -1.02, 0.3, -1.02, 0.3, -0.74)),
                 stroke=ink, width=0.08),
        pen.path(rect(-0.46, -0.74, 0.92, 0.2, 0.05), fill=IRON, stroke=ink, width=0.06),
        pen.path(rect(-0.38, -0.54, 0.76, 1.06, 0.08), fill=GLASS, stroke=ink, width=0.07),
        pen.path(smooth_outline([(0.0, -0.34), (0.16, 0.0), (0.12, 0.28), (-0.12, 0.28),
                                 (-0.16, 0.0)]), fill=FLAME),
        pen.path(smooth_outline([(0.0, -0.08), (0.07, 0.1), (0.06, 0.24), (-0.06, 0.24),
                                 (-0.07, 0.1)]), fill=FLAME_CORE),
        pen.line([(-0.38, -0.1), (0.38, -0.1)], IRON, 0.06),
        pen.path(rect(-0.5, 0.52, 1.0, 0.22, 0.05), fill=IRON, stroke=ink, width=0.06),
    ]


def _shape(pen: Pen, points: list[tuple[float, float]]) -> list[Primitive]:
    return [pen.poly(points, fill=MARK, stroke=pen.c["ink"], width=0.05)]


def mark_triangle(pen: Pen) -> list[Primitive]:
    """A player's mark: a bold triangle, point up."""
    return _shape(pen, [(0.0, -0.9), (0.92, 0.72), (-0.92, 0.72)])


def mark_square(pen: Pen) -> list[Primitive]:
    """A player's mark: a bold square."""
    return _shape(pen, [(-0.72, -0.72), (0.72, -0.72), (0.72, 0.72), (-0.72, 0.72)])


def mark_cross(pen: Pen) -> list[Primitive]:
    """A player's mark: a bold plus-shaped cross."""
    a, b = 0.3, 0.9
    return _shape(pen, [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b),
                        (-a, a), (-b, a), (-b, -a), (-a, -a)])


def mark_ring(pen: Pen) -> list[Primitive]:
    """A player's mark: a thick ring."""
    return [pen.circle(0.0, 0.0, 0.66, stroke=pen.c["ink"], width=0.5),
            pen.circle(0.0, 0.0, 0.66, stroke=MARK, width=0.4)]
