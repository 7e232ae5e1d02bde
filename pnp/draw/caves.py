"""Caverns and bridges: the two tunnel shapes that are more than a run of floor.

A cavern is a wide chamber with rough walls. It is painted in the same three
bands as every tunnel (wall, lip, floor), on the same floor colour, so its
walls run into the tunnels' walls with no seam; rock pillars standing in the
gaps between its openings say "cave" where a flat blob said "placeholder".
A crossover's upper tunnel is a plank bridge: the deck's boards run across
the tunnel below, which lies in shadow on both sides of the bridge, so the
lower tunnel reads as passing underneath rather than as a fourth arm.

The cavern's reach comes from :mod:`pnp.model.ground`, which places pawns
and features by it; nothing here may draw a cavern's floor outside it.
"""

from __future__ import annotations

import math
import random

from pnp.draw.ink import mix
from pnp.draw.scene import Circle, Clip, Command, Outline, Primitive, Style, polygon, smooth_outline
from pnp.geometry.points import Point
from pnp.geometry.shapes import Shape
from pnp.model.ground import CAVERN_REACH, CAVERN_WIDEST, FLOOR_RATIO, WALL_RATIO
from pnp.model.tileset import Tunnel

CAVERN_POINTS = 15  # corners of a cavern's rough outline before it is smoothed
PILLAR_REACH = 0.305  # a pillar's distance from the centre: clear of every opening's floor
# and of the cave's wall
PILLAR_RADIUS = (0.045, 0.055)  # a pillar's size range, in tile sizes: at 0.03 to 0.042,
# inside their thick rim, pillars printed as black dots and a cavern read as a crossing
CAVE_GRAVEL = 0.5  # how far a cave's gravel bed is mixed from the floor towards the rock
CAVE_BED = 0.26  # of a tile: about the gravel bed's radius, where its stones lie
CAVE_BED_SHARE = 0.68  # the bed is the cave's own outline shrunk this much
CAVE_STONES = 14  # small stones on the bed
PLANK = 0.075  # the width of one board of a bridge, in tile sizes
TIMBER = "#8a5a2b"  # the bridge's wood, mixed into the floor colour so low ink stays light
SHADOW = 0.13  # how far the shadow of a bridge reaches along the tunnel below
# its steps, each drawn over the last, and how far each darkens the floor towards the
# wall: sixteen fine steps read as one soft shade (three had read as four grey stripes)
SHADE_STEPS = 16
SHADE_REACH = tuple(1.0 - 0.75 * step / (SHADE_STEPS - 1) for step in range(SHADE_STEPS))
SHADES = tuple(0.14 + 0.36 * step / (SHADE_STEPS - 1) for step in range(SHADE_STEPS))
RAILING = 0.03  # of a tile: a bridge's railing, where its walls stop over the tunnel below


def cavern_outline(centre: Point, size: float, seed: int) -> tuple[Command, ...]:
    """A rough, smooth cave around the centre: jittered points, rounded (Catmull-Rom).

    The points keep a little inside the model's reach on both sides, since the
    rounded curve strays a little beyond the polygon through them.
    """
    rng = random.Random(seed)
    low, high = CAVERN_REACH + 0.012, CAVERN_WIDEST - 0.008
    points = []
    for index in range(CAVERN_POINTS):
        angle = index * math.tau / CAVERN_POINTS + rng.uniform(-0.1, 0.1)
        # alternate bays and bulges, so the wall reads as hewn rock, not a blob
        middle = (low + high) / 2
        reach = size * (rng.uniform(middle, high) if index % 2 else rng.uniform(low, middle))
        points.append((centre[0] + reach * math.cos(angle), centre[1] + reach * math.sin(angle)))
    return smooth_outline(points)


def cavern_floor(room: tuple[Command, ...], spokes: tuple[Command, ...],
                 centre: Point, size: float, colours: dict[str, str]) -> list[Primitive]:
    """Shade along the inside of a cavern's wall, the tunnels' floor again over it, and a
    bed of trodden gravel in the middle of the cave.

    The shade is the room's outline stroked and clipped to the room, so only its
    inner half shows; the tunnels' floor painted back on top keeps each mouth
    light, as if the passages let the lamplight in. Without the gravel bed a four-way
    cave had read as a crossing with a few pebbles, the Phantom's lair as one more
    tunnel, on a greyscale print most of all.
    """
    floor = size * FLOOR_RATIO
    gravel = mix(colours["floor"], colours["rock-light"], CAVE_GRAVEL)
    x, y = centre
    bed = size * CAVE_BED
    rng = random.Random(round(bed * 1000))
    stones = [Circle(x + distance * math.cos(angle), y + distance * math.sin(angle),
                     size * rng.uniform(0.009, 0.016),
                     Style(fill=mix(gravel, colours["rock-dark"], 0.5)))
              for angle, distance in ((rng.uniform(0, math.tau), bed * rng.uniform(0.15, 0.85))
                                      for _ in range(CAVE_STONES))]
    return [Clip(room, (Outline(room, Style(stroke=mix(colours["floor"], colours["rock-light"],
                                                       0.55), width=size * 0.1)),)),
            Outline(spokes, Style(stroke=colours["floor"], width=floor, cap="round",
                                  join="round")),
            Outline(_scaled(room, centre, CAVE_BED_SHARE * 1.08),
                    Style(fill=mix(colours["floor"], gravel, 0.5))),
            Outline(_scaled(room, centre, CAVE_BED_SHARE), Style(fill=gravel)),
            *stones]


def _scaled(path: tuple[Command, ...], centre: Point, share: float) -> tuple[Command, ...]:
    """``path`` shrunk towards ``centre``: the cave's own ragged shape, smaller."""
    x, y = centre

    def moved(command: Command) -> Command:
        letter, *numbers = command
        return (letter, *(x + (value - x) * share if index % 2 == 0 else
                          y + (value - y) * share for index, value in enumerate(numbers)))
    return tuple(moved(command) for command in path)


def pillars(shape: Shape, size: float, path: Tunnel, colours: dict[str, str],
            seed: int) -> list[Primitive]:
    """Rock pillars in the gaps between a cavern's openings, walled like the cave.

    Each gap gets one pillar for every quarter turn it spans, spread evenly,
    so a pillar never stands on the way from one opening to another.
    """
    rng = random.Random(seed)
    cx, cy = shape.centre(size)
    bearings = sorted(math.atan2(*reversed(shape.normal(edge))) for edge in path.ports)
    gaps = [(bearing, (bearings[(k + 1) % len(bearings)] - bearing) % math.tau or math.tau)
            for k, bearing in enumerate(bearings)]
    style = Style(fill=colours["rock"], stroke=colours["wall"], width=size * WALL_RATIO * 0.4,
                  join="round")
    items: list[Primitive] = []
    for start, span in gaps:
        count = max(1, round(span / (math.pi / 2)))
        for k in range(count):
            angle = start + span * (k + 0.5) / count + rng.uniform(-0.1, 0.1)
            reach = size * (PILLAR_REACH + rng.uniform(-0.01, 0.01))
            x, y = cx + reach * math.cos(angle), cy + reach * math.sin(angle)
            radius = size * rng.uniform(*PILLAR_RADIUS)
            corners = [(x + radius * rng.uniform(0.8, 1.15) * math.cos(turn),
                        y + radius * rng.uniform(0.8, 1.15) * math.sin(turn))
                       for turn in (j * math.tau / 7 + rng.uniform(-0.2, 0.2) for j in range(7))]
            items.append(Outline(smooth_outline(corners), style))
    return items


def bridge(shape: Shape, size: float, upper: Tunnel, lower: Tunnel,
           colours: dict[str, str]) -> list[Primitive]:
    """The planks of ``upper`` where it crosses over ``lower``, and the shadows it casts.

    Drawn after the upper tunnel's floor, so the boards lie on its deck; the
    shadows fall on the lower tunnel's floor just outside the upper's walls.
    """
    cx, cy = shape.centre(size)
    ux, uy = shape.normal(upper.ports[0])  # along the bridge
    lx, ly = shape.normal(lower.ports[0])  # along the tunnel below
    floor_half = size * FLOOR_RATIO / 2
    outer = floor_half + size * WALL_RATIO  # a tunnel's half width, walls included

    def box(along_u: tuple[float, float], along_l: tuple[float, float]) -> tuple[Command, ...]:
        corners = [(cx + ux * u + lx * v, cy + uy * u + ly * v)
                   for u, v in ((along_u[0], along_l[0]), (along_u[1], along_l[0]),
                                (along_u[1], along_l[1]), (along_u[0], along_l[1]))]
        return polygon(corners)

    # the shadow falls in steps, darkest under the deck's edge: in greyscale one pale band
    # had been the lower tunnel's only sign, and the tile read as a plain crossing
    shades = [Style(fill=mix(colours["floor"], colours["wall"], share)) for share in SHADES]
    deep = Style(fill=mix(colours["floor"], colours["wall"], 0.62))
    deck = Style(fill=mix(colours["floor"], TIMBER, 0.3))
    rail = Style(fill=colours["wall"])
    railing = size * RAILING
    items: list[Primitive] = [
        Outline(box((-outer, outer), (-floor_half, floor_half)), deck),
        # the bridge's own walls stop where the tunnel below passes: its floor runs on,
        # darker, into the shadow under the deck (a wall across it had read as a dead end)
        Outline(box((-floor_half, floor_half), (floor_half, outer)), deep),
        Outline(box((-floor_half, floor_half), (-outer, -floor_half)), deep),
        *(Outline(box((-floor_half, floor_half), (outer, outer + size * SHADOW * reach)),
                  style) for reach, style in zip(SHADE_REACH, shades, strict=True)),
        *(Outline(box((-floor_half, floor_half), (-outer - size * SHADOW * reach, -outer)),
                  style) for reach, style in zip(SHADE_REACH, shades, strict=True)),
        # a railing along each edge of the deck, thinner than a wall
        Outline(box((-outer, outer), (floor_half - railing, floor_half)), rail),
        Outline(box((-outer, outer), (-floor_half, -floor_half + railing)), rail),
    ]
    boards = max(3, round(2 * outer / (size * PLANK)))
    joint = Style(stroke=mix(colours["floor"], colours["wall"], 0.6), width=size * 0.012,
                  cap="butt")
    commands: list[Command] = []
    for k in range(boards + 1):
        u = -outer + 2 * outer * k / boards
        commands += [("M", cx + ux * u - lx * floor_half, cy + uy * u - ly * floor_half),
                     ("L", cx + ux * u + lx * floor_half, cy + uy * u + ly * floor_half)]
    items.append(Outline(tuple(commands), joint))
    return items
