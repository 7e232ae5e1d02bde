"""Icons for Dynamine, Gold Mine and Mattock: veins, wells and altars, fossils, gems,
nuggets, challenges, bats, secret passages, mud, the Phantom and the mattock."""

from __future__ import annotations

import itertools
import math

from pnp.draw.ink import mix
from pnp.draw.pen import Icon, Pen, rimmed_bar
from pnp.draw.scene import (
    Command,
    Outline,
    Primitive,
    Text,
    arc,
    ellipse,
    polygon,
    rect,
    smooth_outline,
)
from pnp.geometry.points import Point
from pnp.input.faces import string_width

# ---------------------------------------------------------------------------
# Icons for Dynamine, Gold Mine and Mattock. Things with a colour everyone knows
# (gold, sapphire, water, mud) keep it, always inside ink rims; the rest is palette.

GOLD = "#d9a520"
# a vein's streak, lighter than the gold of heaps and nuggets: in grey it must stand off
# the rock round it (#d9a520 printed 165 against the rock's 125; this prints 197)
VEIN_GOLD = "#f2c744"
SAPPHIRE = "#2a55c0"
SAPPHIRE_LIGHT = "#7da3ee"
WATER = "#3d8ad6"
MUD = "#5e3f24"


def _strokes(pen: Pen, lines: list[list[Point]], colour: str, width: float,
             edge: float = 0.035) -> list[Primitive]:
    """Like :func:`rimmed_bar` for several strokes: all rims first, so crossings merge cleanly."""
    rims: list[Primitive] = [pen.line(points, pen.c["ink"], width + 2 * edge) for points in lines]
    return rims + [pen.line(points, colour, width) for points in lines]


def _bulge(a: Point, b: Point, dx: float, dy: float) -> Command:
    """A curve from ``a`` to ``b`` bowed by (``dx``, ``dy``) at its middle."""
    mx, my = (a[0] + b[0]) / 2 + dx * 4 / 3, (a[1] + b[1]) / 2 + dy * 4 / 3
    return ("C", a[0] + (mx - a[0]) * 2 / 3, a[1] + (my - a[1]) * 2 / 3,
            b[0] + (mx - b[0]) * 2 / 3, b[1] + (my - b[1]) * 2 / 3, *b)


def _sub(pen: Pen, x: float, y: float, scale: float) -> Pen:
    """A pen for a smaller unit box centred at (``x``, ``y``) of this one."""
    return Pen(pen.cx + x * pen.r, pen.cy + y * pen.r, pen.r * scale, pen.c)


def _sparkle(pen: Pen, x: float, y: float, size: float) -> Outline:
    """A four-pointed glint."""
    waist = size * 0.28
    return pen.poly([(x, y - size), (x + waist, y - waist), (x + size, y), (x + waist, y + waist),
                     (x, y + size), (x - waist, y + waist), (x - size, y), (x - waist, y - waist)],
                    fill=pen.c["paper"], stroke=pen.c["ink"], width=0.045)


def _flame(pen: Pen, x: float, bottom: float, height: float) -> list[Primitive]:
    """A candle flame standing on ``bottom``: gold with a red heart."""
    w = height * 0.36
    top = bottom - height
    return [
        pen.path((("M", x, top), ("C", x + w * 0.4, top + height * 0.3, x + w,
                                  bottom - height * 0.45, x + w, bottom - height * 0.3),
                  ("C", x + w, bottom - height * 0.1, x + w * 0.5, bottom, x, bottom),
                  ("C", x - w * 0.5, bottom, x - w, bottom - height * 0.1, x - w,
                   bottom - height * 0.3),
                  ("C", x - w, bottom - height * 0.45, x - w * 0.4, top + height * 0.3, x, top),
                  ("Z",)), fill=GOLD, stroke=pen.c["ink"], width=0.06),
        pen.path(ellipse(x, bottom - height * 0.28, w * 0.42, height * 0.2), fill=pen.c["accent"]),
    ]


def _nugget(pen: Pen, x: float, y: float, size: float, turn: float = 0.0) -> list[Primitive]:
    """One lumpy gold nugget with a shine."""
    lumps = (1.0, 0.8, 0.95, 0.84, 1.0, 0.78, 0.92, 0.74)
    points = []
    for k, lump in enumerate(lumps):
        angle = math.radians(45 * k + turn)
        points.append((x + size * lump * math.cos(angle),
                       y + size * lump * 0.74 * math.sin(angle)))
    return [
        pen.path(smooth_outline(points), fill=GOLD, stroke=pen.c["ink"], width=0.07),
        pen.path(ellipse(x - size * 0.36, y - size * 0.3, size * 0.24, size * 0.13),
                 fill=pen.c["paper"]),
    ]


def vein(pen: Pen) -> list[Primitive]:
    """A boulder split by a glittering streak of gold ore: a mineral vein."""
    ink = pen.c["ink"]
    items: list[Primitive] = [
        pen.poly([(-0.93, 0.3), (-0.8, -0.42), (-0.35, -0.8), (0.3, -0.86), (0.84, -0.48),
                  (0.93, 0.24), (0.62, 0.8), (-0.48, 0.86)], fill=pen.c["rock-dark"],
                 stroke=ink, width=0.08),
    ]
    items.append(pen.line([(-0.55, -0.5), (-0.3, -0.3), (-0.4, -0.05)], pen.c["rock"], 0.06))
    items.append(pen.line([(0.45, 0.45), (0.25, 0.62)], pen.c["rock"], 0.06))
    band = [(-0.9, 0.42), (-0.62, 0.2), (-0.42, 0.26), (-0.12, -0.05), (0.1, 0.0), (0.4, -0.3),
            (0.58, -0.26), (0.87, -0.5), (0.9, -0.18), (0.62, 0.02), (0.42, 0.0), (0.16, 0.3),
            (-0.08, 0.26), (-0.38, 0.56), (-0.6, 0.52), (-0.8, 0.7)]
    items.append(pen.poly(band, fill=VEIN_GOLD, stroke=ink, width=0.07))
    for x, y, s in ((-0.55, 0.38, 0.1), (0.0, 0.12, 0.12), (0.55, -0.15, 0.1)):
        items.append(pen.poly([(x, y - s), (x + s, y), (x, y + s), (x - s, y)],
                              fill=pen.c["paper"], stroke=ink, width=0.04))
    items.append(_sparkle(pen, -0.2, -0.48, 0.24))
    items.append(_sparkle(pen, 0.56, 0.42, 0.18))
    return items


def plus_one_token(pen: Pen) -> list[Primitive]:
    """A +1 token as it lies on the table: a light disc with a dark rim, standing on its
    own edge, the +1 in ink. It is the opposite of a tunnel end's +1 plaque (light text on
    a dark bar), so the two ideas never read alike, in colour or in greyscale."""
    ink, paper = pen.c["ink"], pen.c["paper"]
    items: list[Primitive] = [
        pen.circle(0, 0.1, 0.84, fill=mix(ink, paper, 0.35), stroke=ink, width=0.08),
        pen.circle(0, -0.04, 0.84, fill=paper, stroke=ink, width=0.1),
        pen.circle(0, -0.04, 0.66, stroke=mix(ink, paper, 0.45), width=0.04),
    ]
    size = min(pen.r * 0.95, pen.r * 1.15 / max(string_width("+1", "label", 1.0), 1e-6))
    items.append(Text(pen.cx, pen.cy - pen.r * 0.04 + size * 0.36, "+1", size, "label",
                      "middle", ink))
    return items


def move_tile(pen: Pen) -> list[Primitive]:
    """A tunnel tile, turned a little as a hand moves it, with arrows out on every side.

    The tile is drawn as the tiles are (dark rock, a cream crossing with dark walls)
    and askew: drawn square in pale stone it read as an altar's slab at tile size.
    """
    ink, half, tilt = pen.c["ink"], 0.48, math.radians(-14)

    def turned(points: list[Point]) -> list[Point]:
        return [(x * math.cos(tilt) - y * math.sin(tilt), x * math.sin(tilt) + y * math.cos(tilt))
                for x, y in points]

    square = turned([(-half, -half), (half, -half), (half, half), (-half, half)])
    items: list[Primitive] = [pen.poly(square, fill=pen.c["rock-dark"])]
    for width, colour in ((0.4, "wall"), (0.24, "floor")):
        for part in ([(-half, 0.0), (half, 0.0)], [(0.0, -half), (0.0, half)]):
            items.append(pen.path(polygon(turned(part), close=False), stroke=pen.c[colour],
                                  width=width, cap="butt"))
    items.append(pen.poly(square, stroke=ink, width=0.08))
    arrow = [(0.6, -0.08), (0.72, -0.08), (0.72, -0.22), (0.96, 0.0), (0.72, 0.22), (0.72, 0.08),
             (0.6, 0.08)]
    for cos, sin in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        items.append(pen.poly([(x * cos - y * sin, x * sin + y * cos) for x, y in arrow],
                              fill=pen.c["accent"], stroke=ink, width=0.06))
    return items


def _lower_ellipse(cx: float, cy: float, rx: float, ry: float) -> tuple[Command, ...]:
    """The front (lower) half of an ellipse, left to right, as curves without a move."""
    k = 0.5523
    return (("C", cx - rx, cy + k * ry, cx - k * rx, cy + ry, cx, cy + ry),
            ("C", cx + k * rx, cy + ry, cx + rx, cy + k * ry, cx + rx, cy))


def _well_body(pen: Pen, rim: float = -0.5) -> list[Primitive]:
    """A squat stone well seen from the front: the walls, the rim and its water."""
    ink, stone = pen.c["ink"], pen.c["rock-light"]
    rx, ry, base = 0.86, 0.28, 0.55
    items: list[Primitive] = [
        pen.path((("M", -rx, rim), ("L", -rx, base), *_lower_ellipse(0, base, rx, ry),
                  ("L", rx, rim), ("Z",)), fill=stone, stroke=ink, width=0.08),
    ]
    courses = [rim, rim + (base - rim) / 3, rim + 2 * (base - rim) / 3, base]
    for y in courses[1:-1]:
        items.append(pen.path((("M", -rx, y), *_lower_ellipse(0, y, rx, ry)), stroke=ink,
                              width=0.05))
    for row, joints in enumerate(((-0.5, 0.12, 0.66), (-0.22, 0.4), (-0.55, 0.05, 0.6))):
        top, bottom = courses[row], courses[row + 1]
        for x in joints:
            drop = ry * math.sqrt(1 - (x / rx) ** 2)
            items.append(pen.line([(x, top + drop), (x, bottom + drop)], ink, 0.05))
    items.append(pen.path(ellipse(0, rim, rx, ry), fill=stone, stroke=ink, width=0.08))
    items.append(pen.path(ellipse(0, rim + 0.02, rx * 0.74, ry * 0.62), fill=WATER, stroke=ink,
                          width=0.06))
    items.append(pen.path(arc(0.12, rim + 0.06, 0.22, 200, 250), stroke=pen.c["paper"],
                          width=0.05))
    return items


def well(pen: Pen) -> list[Primitive]:
    """A round stone well holding water."""
    return _well_body(pen)


def altar(pen: Pen) -> list[Primitive]:
    """A stone altar with a lit candle on it."""
    ink, paper = pen.c["ink"], pen.c["paper"]
    items: list[Primitive] = [
        pen.path(rect(-0.56, 0.26, 1.12, 0.48), fill=pen.c["rock"], stroke=ink, width=0.07),
        pen.path(rect(-0.8, 0.68, 1.6, 0.2, 0.04), fill=pen.c["rock-light"], stroke=ink,
                 width=0.07),
        pen.path(rect(-0.84, 0.08, 1.68, 0.22, 0.04), fill=pen.c["rock-light"], stroke=ink,
                 width=0.07),
        pen.poly([(0, 0.36), (0.14, 0.5), (0, 0.64), (-0.14, 0.5)], fill=pen.c["rock-dark"],
                 stroke=ink, width=0.04),
        pen.path(rect(-0.16, -0.36, 0.32, 0.44, 0.03), fill=paper, stroke=ink, width=0.07),
        pen.line([(0.06, -0.36), (0.06, -0.2)], ink, 0.05),
        pen.line([(0, -0.36), (0, -0.46)], ink, 0.05),
    ]
    items.extend(_flame(pen, 0, -0.42, 0.52))
    return items


def well_altar(pen: Pen) -> list[Primitive]:
    """A stone well with a small candle altar standing on its rim."""
    return _on_a_well(pen, altar, (0.0, -0.38 / 0.56), 0.56)


def _on_a_well(pen: Pen, topper: Icon, place: Point, share: float) -> list[Primitive]:
    """A well with ``topper`` on its rim, drawn under the rim's front so it stands on it.

    ``place`` is the topper's centre from the middle of the rim, in the topper's
    own size, which is ``share`` of the icon's. In the icon's circle the well is
    0.7 of a plain well; in a tall box (``pen.height`` up to 1.4) the well grows
    to 0.86 and sits lower, and the topper grows by up to 0.43 in the room above.
    """
    grow = (min(pen.height, 1.4) - 1.0) / 0.4  # 0 in the circle, 1 in the tallest box
    well_scale, well_y = 0.7 + 0.16 * grow, 0.3 + 0.336 * grow
    size = share * (1.0 + 0.43 * grow)
    rim = well_y - 0.5 * well_scale
    items = _well_body(_sub(pen, 0, well_y, well_scale))
    items[-2:-2] = topper(_sub(pen, place[0], rim + place[1] * size, size))
    return items


def _skull(pen: Pen) -> list[Primitive]:
    """A horned dragon skull in profile, snout to the left."""
    ink, bone, hole = pen.c["ink"], pen.c["paper"], pen.c["wall"]
    items: list[Primitive] = [
        pen.poly([(0.18, -0.44), (0.52, -0.82), (0.96, -0.94), (0.72, -0.7), (0.54, -0.42)],
                 fill=bone, stroke=ink, width=0.07),
    ]
    for x in (-0.74, -0.48, -0.22, 0.02):
        items.append(pen.poly([(x - 0.08, 0.08), (x, 0.26), (x + 0.08, 0.08)], fill=bone,
                              stroke=ink, width=0.04))
    for x in (-0.6, -0.34, -0.08):
        items.append(pen.poly([(x - 0.08, 0.26), (x, 0.1), (x + 0.08, 0.26)], fill=bone,
                              stroke=ink, width=0.04))
    items.append(pen.poly([(-0.86, 0.22), (0.3, 0.22), (0.62, 0.3), (0.52, 0.52), (0.1, 0.46),
                           (-0.72, 0.42)], fill=bone, stroke=ink, width=0.07))
    items.append(pen.poly([(-0.95, 0.0), (-0.86, -0.2), (-0.36, -0.3), (-0.1, -0.5), (0.36, -0.58),
                           (0.76, -0.4), (0.92, -0.04), (0.7, 0.2), (0.3, 0.1), (-0.9, 0.1)],
                          fill=bone, stroke=ink, width=0.07))
    items.append(pen.path(ellipse(0.3, -0.22, 0.2, 0.15), fill=hole, stroke=ink, width=0.05))
    items.append(pen.path(ellipse(-0.74, -0.08, 0.08, 0.05), fill=hole))
    items.append(pen.line([(-0.2, -0.2), (0.02, -0.06)], ink, 0.04))
    return items


def well_dragon(pen: Pen) -> list[Primitive]:
    """A stone well with a dragon skull perched on its rim."""
    return _on_a_well(pen, _skull, (0.02 / 0.54, -0.39 / 0.54), 0.54)


def fossil(pen: Pen) -> list[Primitive]:
    """A dragon skull and curled spine set in a slab of stone: a fossil."""
    ink, bone = pen.c["ink"], pen.c["paper"]
    items: list[Primitive] = [
        pen.path(smooth_outline([(-0.9, -0.1), (-0.6, -0.75), (0.1, -0.9), (0.75, -0.6),
                                 (0.92, 0.1), (0.6, 0.75), (-0.1, 0.9), (-0.75, 0.6)]),
                 fill=pen.c["rock-dark"], stroke=ink, width=0.08),
    ]
    cx, cy, r = 0.1, 0.14, 0.52
    spine = []
    for k in range(9):
        a = math.radians(-72 + 29 * k)
        spine.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    ribs = []
    for k in range(2, 6):
        a = math.radians(-72 + 29 * k)
        ox, oy = cx + r * math.cos(a), cy + r * math.sin(a)
        ribs.append([(ox, oy), (cx + 0.2 * math.cos(a + 0.5), cy + 0.2 * math.sin(a + 0.5))])
    items.extend(_strokes(pen, ribs, bone, 0.06, 0.03))
    items.extend(_strokes(pen, [spine], bone, 0.08, 0.035))
    for k, (x, y) in enumerate(spine[:-1]):
        items.append(pen.circle(x, y, 0.09 - 0.006 * k, fill=bone, stroke=ink, width=0.04))
    items.extend(_skull(_sub(pen, -0.3, -0.22, 0.5)))
    return items


def sapphire(pen: Pen) -> list[Primitive]:
    """A cut blue gemstone with a glint."""
    ink, light = pen.c["ink"], SAPPHIRE_LIGHT
    top, girdle, tip = -0.62, -0.2, 0.88
    items: list[Primitive] = [
        pen.poly([(-0.46, top), (0.46, top), (0.92, girdle), (0, tip), (-0.92, girdle)],
                 fill=SAPPHIRE, stroke=ink, width=0.08),
        pen.poly([(-0.46, top), (0.46, top), (0.3, girdle), (-0.3, girdle)], fill=light),
        pen.poly([(-0.92, girdle), (-0.3, girdle), (0, tip)], fill=light),
    ]
    for a, b in (((-0.46, top), (-0.3, girdle)), ((0.46, top), (0.3, girdle)),
                 ((-0.92, girdle), (0.92, girdle)), ((-0.3, girdle), (0, tip)),
                 ((0.3, girdle), (0, tip))):
        items.append(pen.line([a, b], ink, 0.045))
    items.append(pen.poly([(-0.46, top), (0.46, top), (0.92, girdle), (0, tip), (-0.92, girdle)],
                          stroke=ink, width=0.08))
    items.append(_sparkle(pen, -0.5, -0.42, 0.26))
    return items


def _battlement(left: float, right: float, top: float, notch: float,
                merlons: int) -> list[Point]:
    """The top edge of a wall from ``left`` to ``right``: ``merlons`` teeth."""
    step = (right - left) / (2 * merlons - 1)
    points = []
    for k in range(2 * merlons - 1):
        y = top if k % 2 == 0 else top + notch
        points += [(left + k * step, y), (left + (k + 1) * step, y)]
    return points


def castle(pen: Pen) -> list[Primitive]:
    """A castle gatehouse: two towers either side of an arched gate."""
    ink, stone = pen.c["ink"], pen.c["rock-light"]
    ground = 0.9
    items: list[Primitive] = [
        pen.poly([(-0.5, ground), *_battlement(-0.5, 0.5, -0.34, 0.15, 4), (0.5, ground)],
                 fill=pen.c["rock"], stroke=ink, width=0.07),
    ]
    for side in (-1, 1):
        x0, x1 = sorted((side * 0.4, side * 0.92))
        items.append(pen.poly([(x0, ground), *_battlement(x0, x1, -0.72, 0.16, 3), (x1, ground)],
                              fill=stone, stroke=ink, width=0.07))
        mid = (x0 + x1) / 2
        items.append(pen.path(rect(mid - 0.05, -0.34, 0.1, 0.3, 0.05), fill=pen.c["wall"]))
        items.append(pen.line([(x0, 0.22), (x1, 0.22)], ink, 0.04))
    items.append(pen.path((("M", -0.28, ground), ("L", -0.28, 0.22),
                           *arc(0, 0.22, 0.28, 180, 360, move=False), ("L", 0.28, ground),
                           ("Z",)), fill=pen.c["wall"], stroke=ink, width=0.07))
    bars = [[(x, 0.22 - math.sqrt(0.28 ** 2 - x * x) + 0.04), (x, 0.62)]
            for x in (-0.14, 0.0, 0.14)]
    bars += [[(-0.24, y), (0.24, y)] for y in (0.2, 0.42)]
    for bar in bars:
        items.append(pen.line(bar, pen.c["rock"], 0.05))
    for bar in bars[:3]:
        items.append(pen.line([bar[1], (bar[1][0], bar[1][1] + 0.06)], pen.c["rock"], 0.08))
    items.append(pen.line([(-0.95, ground), (0.95, ground)], ink, 0.08))
    return items


def nugget(pen: Pen) -> list[Primitive]:
    """A big lumpy gold nugget, shining."""
    ink, paper = pen.c["ink"], pen.c["paper"]
    outline = [(-0.88, 0.28), (-0.76, -0.1), (-0.44, -0.34), (-0.12, -0.32), (0.1, -0.48),
               (0.46, -0.42), (0.74, -0.16), (0.88, 0.2), (0.7, 0.52), (0.3, 0.66),
               (-0.1, 0.62), (-0.5, 0.7), (-0.8, 0.54)]
    items: list[Primitive] = [pen.path(smooth_outline(outline), fill=GOLD, stroke=ink, width=0.08)]
    for crease in ([(-0.14, -0.26), (-0.06, -0.04), (-0.18, 0.16)],
                   [(0.7, -0.1), (0.5, 0.06), (0.56, 0.28)],
                   [(-0.52, 0.62), (-0.44, 0.44), (-0.22, 0.38)]):
        items.append(pen.line(crease, ink, 0.05))
    items.append(pen.path(ellipse(-0.48, -0.08, 0.2, 0.1), fill=paper))
    items.append(pen.path(ellipse(0.3, -0.24, 0.14, 0.07), fill=paper))
    items.append(pen.circle(0.14, 0.3, 0.05, fill=paper))
    items.append(_sparkle(pen, 0.66, -0.66, 0.28))
    return items


def gold_challenge(pen: Pen) -> list[Primitive]:
    """A stack of gold bars under a question mark: a gold challenge."""
    ink = pen.c["ink"]
    items: list[Primitive] = []
    for x0, x1, y0, y1 in ((-0.92, -0.04, 0.58, 0.9), (0.04, 0.92, 0.58, 0.9),
                           (-0.44, 0.44, 0.24, 0.56)):
        items.append(pen.poly([(x0, y1), (x1, y1), (x1 - 0.12, y0), (x0 + 0.12, y0)], fill=GOLD,
                              stroke=ink, width=0.07))
        items.append(pen.line([(x0 + 0.2, y0 + 0.09), (x1 - 0.3, y0 + 0.09)], pen.c["paper"],
                              0.05))
    hook = [(0.26 * math.cos(math.radians(a)), -0.6 + 0.26 * math.sin(math.radians(a)))
            for a in range(190, 451, 20)]
    hook.append((0.0, -0.16))
    items.extend(_strokes(pen, [hook], pen.c["accent"], 0.16, 0.045))
    items.append(pen.circle(0, 0.04, 0.1, fill=pen.c["accent"], stroke=ink, width=0.07))
    return items


def bat(pen: Pen) -> list[Primitive]:
    """A bat with its wings spread, its wing tips to its feet centred in the unit box
    (drawn from its body's centre, it sat a tenth of the box high on its token)."""
    pen = _sub(pen, 0.0, 0.1, 1.0)
    ink, body = pen.c["ink"], pen.c["wall"]
    items: list[Primitive] = []
    for side in (-1, 1):
        def at(x: float, y: float, s: int = side) -> Point:
            return s * x, y
        trail = [at(0.95, -0.36), at(0.72, 0.06), at(0.44, 0.1), at(0.1, 0.32)]
        commands: list[Command] = [("M", *at(0.08, -0.2)),
                                   ("C", *at(0.3, -0.5), *at(0.7, -0.62), *trail[0])]
        for a, b in itertools.pairwise(trail):
            commands.append(_bulge(a, b, -side * 0.04, -0.12))
        commands.append(("Z",))
        items.append(pen.path(tuple(commands), fill=body, stroke=ink, width=0.07))
        for end in trail[1:3]:
            items.append(pen.line([at(0.14, -0.2), end], pen.c["rock-dark"], 0.04))
        items.append(pen.poly([at(0.05, -0.38), at(0.15, -0.6), at(0.17, -0.32)], fill=body,
                              stroke=ink, width=0.06))
    items.append(pen.path(ellipse(0, 0.08, 0.17, 0.34), fill=body, stroke=ink, width=0.07))
    items.append(pen.circle(0, -0.28, 0.18, fill=body, stroke=ink, width=0.07))
    for side in (-1, 1):
        items.append(pen.circle(side * 0.075, -0.3, 0.05, fill=pen.c["accent"]))
        items.append(pen.poly([(side * 0.03, -0.16), (side * 0.09, -0.16), (side * 0.06, -0.08)],
                              fill=pen.c["paper"]))
    return items


def _dashes(points: list[Point], dash: float,
            gap: float) -> list[list[Point]]:
    """Cut a polyline into dashes of length ``dash`` separated by ``gap``."""
    pieces: list[list[Point]] = []
    current: list[Point] = [points[0]]
    drawing, left = True, dash
    for a, b in itertools.pairwise(points):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if drawing:
                current.append(point)
                pieces.append(current)
            else:
                current = [point]
            drawing, left = not drawing, dash if not drawing else gap
        left -= length - done
        if drawing:
            current.append(b)
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def secret_passage(pen: Pen) -> list[Primitive]:
    """A brick wall hiding a door, its outline dashed, with a keyhole."""
    ink = pen.c["ink"]
    top, bottom, half = -0.8, 0.86, 0.9
    items: list[Primitive] = [pen.path(rect(-half, top, 2 * half, bottom - top),
                                        fill=pen.c["rock-light"])]
    rows = 5
    height = (bottom - top) / rows
    for row in range(rows):
        y0 = top + row * height
        if row:
            items.append(pen.line([(-half, y0), (half, y0)], pen.c["rock-dark"], 0.05))
        offset = 0.0 if row % 2 else 0.3
        x = -half + offset + 0.3
        while x < half - 0.05:
            items.append(pen.line([(x, y0), (x, y0 + height)], pen.c["rock-dark"], 0.05))
            x += 0.6
    items.append(pen.path(rect(-half, top, 2 * half, bottom - top), stroke=ink, width=0.08))
    door = [(-0.4, bottom)] + [(0.4 * math.cos(math.radians(a)), -0.05 + 0.4 * math.sin(
        math.radians(a))) for a in range(180, 361, 10)] + [(0.4, bottom)]
    for dash in _dashes(door, 0.14, 0.09):
        items.append(pen.line(dash, pen.c["wall"], 0.09))
    items.append(pen.circle(0, 0.22, 0.13, fill=ink))
    items.append(pen.poly([(-0.06, 0.24), (0.06, 0.24), (0.11, 0.56), (-0.11, 0.56)], fill=ink))
    return items


def mud(pen: Pen) -> list[Primitive]:
    """A puddle of mud lying across a tunnel floor: a lumpy dark rim, a glossy wet middle
    catching the lamp in two streaks, and splashes thrown round it. No rings and no
    round spots inside, which read as the end of a sawn log."""
    ink, wet, shine = pen.c["ink"], "#6f4f31", "#d9c6a8"
    rim = [(-0.92, 0.06), (-0.78, -0.34), (-0.42, -0.5), (-0.06, -0.4), (0.3, -0.56),
           (0.72, -0.4), (0.94, -0.04), (0.76, 0.36), (0.36, 0.5), (-0.02, 0.4),
           (-0.44, 0.56), (-0.8, 0.4)]
    items: list[Primitive] = [
        pen.path(smooth_outline(rim), fill=MUD, stroke=ink, width=0.08),
        pen.path(smooth_outline([(0.74 * x + 0.02, 0.66 * y) for x, y in rim]), fill=wet),
        pen.path((("M", -0.5, -0.16), ("C", -0.36, -0.28, -0.12, -0.3, 0.04, -0.22)),
                 stroke=shine, width=0.07),
        pen.path((("M", 0.2, 0.14), ("C", 0.32, 0.08, 0.46, 0.08, 0.54, 0.14)),
                 stroke=shine, width=0.05),
    ]
    for x, y, rx, ry in ((-0.98, -0.46, 0.09, 0.06), (0.98, 0.46, 0.08, 0.05),
                         (0.12, -0.78, 0.07, 0.05)):
        items.append(pen.path(ellipse(x, y, rx, ry), fill=MUD, stroke=ink, width=0.04))
    return items


def _helmet(pen: Pen, x: float, y: float, size: float) -> list[Primitive]:
    """A miner's helmet with its lamp: ``y`` is the brim, ``size`` its half width."""
    ink, accent = pen.c["ink"], pen.c["accent"]
    return [
        pen.path((*arc(x, y, size * 0.72, 180, 360), ("Z",)), fill=accent, stroke=ink,
                 width=0.07),
        pen.path(ellipse(x, y + 0.02, size, size * 0.17), fill=accent, stroke=ink, width=0.07),
        pen.circle(x, y - size * 0.36, size * 0.24, fill=pen.c["paper"], stroke=ink, width=0.06),
    ]


def phantom(pen: Pen) -> list[Primitive]:
    """A ghost wearing a miner's helmet: the phantom miner."""
    ink, hole = pen.c["ink"], pen.c["wall"]
    bottom = [(0.64, 0.8), (0.22, 0.8), (-0.22, 0.8), (-0.64, 0.8)]
    body = [("M", -0.64, 0.8), ("L", -0.64, -0.1), *arc(0, -0.1, 0.64, 180, 360, move=False),
            ("L", 0.64, 0.8)]
    for a, b in itertools.pairwise(bottom):
        body.append(_bulge(a, b, 0.0, 0.14))
    body.append(("Z",))
    items: list[Primitive] = [pen.path(tuple(body), fill=pen.c["paper"], stroke=ink, width=0.08)]
    for side in (-1, 1):
        items.append(pen.path(ellipse(side * 0.24, 0.06, 0.11, 0.16), fill=hole))
    items.append(pen.path(ellipse(0, 0.44, 0.12, 0.15), fill=hole))
    items.extend(_helmet(pen, 0, -0.38, 0.74))
    return items


def chamber_gold(pen: Pen) -> list[Primitive]:
    """A heap of gold nuggets inside a dark chamber."""
    ink = pen.c["ink"]
    items: list[Primitive] = [
        pen.path((("M", -0.88, 0.9), ("L", -0.88, -0.02),
                  *arc(0, -0.02, 0.88, 180, 360, move=False), ("L", 0.88, 0.9), ("Z",)),
                 fill=pen.c["wall"], stroke=ink, width=0.08),
    ]
    for x, y, size, turn in ((-0.5, 0.66, 0.3, 0), (0.5, 0.66, 0.3, 30), (0.0, 0.68, 0.3, 15),
                             (-0.25, 0.38, 0.28, 40), (0.26, 0.38, 0.28, 5),
                             (0.0, 0.12, 0.26, 25)):
        items.extend(_nugget(pen, x, y, size, turn))
    items.append(_sparkle(pen, -0.46, -0.36, 0.2))
    items.append(_sparkle(pen, 0.5, -0.22, 0.16))
    return items


def mattock(pen: Pen) -> list[Primitive]:
    """A mattock: a handle with a pick point on one side of the head, a broad adze on the other."""
    foot, top, reach = (-0.74, 0.84), (0.4, -0.42), 0.62
    length = math.hypot(top[0] - foot[0], top[1] - foot[1])
    ux, uy = (foot[0] - top[0]) / length, (foot[1] - top[1]) / length
    vx, vy = -uy, ux

    def at(across: float, down: float) -> Point:
        return top[0] + across * reach * vx + down * ux, top[1] + across * reach * vy + down * uy

    ink, metal = pen.c["ink"], pen.c["floor"]
    items = rimmed_bar(pen, [foot, at(0, -0.05)], pen.c["rock-light"], 0.12, 0.04)
    items.append(pen.path((("M", *at(-0.2, 0.0)), _bulge(at(-0.2, 0.0), at(-1.1, 0.22),
                                                           -0.05 * ux, -0.05 * uy),
                           _bulge(at(-1.1, 0.22), at(-0.2, 0.2), 0.0, 0.0), ("Z",)),
                          fill=metal, stroke=ink, width=0.07))
    items.append(pen.path((("M", *at(0.2, 0.0)), ("L", *at(0.95, -0.2)),
                           _bulge(at(0.95, -0.2), at(0.95, 0.42), 0.1 * vx, 0.1 * vy),
                           ("L", *at(0.2, 0.2)), ("Z",)), fill=metal, stroke=ink, width=0.07))
    items.append(pen.poly([at(-0.2, -0.04), at(0.2, -0.04), at(0.2, 0.24), at(-0.2, 0.24)],
                          fill=metal, stroke=ink, width=0.06))
    return items
