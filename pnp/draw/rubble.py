"""Fallen rock heaped at the blind end of a dead end that shares its tile.

A dead end that runs into another path's wall is parted from it by that wall
alone, about two millimetres of ink on a printed tile; beside a gold chamber's
ring it reads as a way in. A heap of boulders against the wall says "blocked"
at arm's length and in greyscale, as a cave-in would. Where the wall lies is
taken from the tile's model (:mod:`pnp.model.ground`), the same facts the
walls are drawn from, so the heap always sits where the stub ends.
"""

from __future__ import annotations

import math
import random

from pnp.draw.scene import Command, Outline, Primitive, Style, smooth_outline
from pnp.geometry.shapes import Shape
from pnp.model.ground import FLOOR_RATIO, WALL_RATIO, Floor, floors, stops_at_a_wall
from pnp.model.tileset import Tunnel
from pnp.units import mm

BOULDER = 0.046  # a back-row boulder's radius, as a share of the tile size
PEBBLE = 0.036  # a front-row boulder's radius
BACK_ROW = 0.085  # the outer back-row stones' distance from the stub's middle: with their
# jitter and outline they end inside the floor (at 0.095 they had spilled over its walls)
FRONT_ROOM = 0.2  # a second row is heaped only where the stub is at least this long
SHORT_STUB = 0.3  # on a short stub (beside a chamber) a stone is at most this share of it
CLEAR = 1.4  # a back-row stone's centre sits this many radii short of the wall
MARCH = 0.004  # the step, in tile sizes, when walking the stub to find the wall
SAFE_EDGE = mm(2.0)  # a stone's outline keeps this far inside the cut: on Gold Mine's
# stubs beside a chamber the heap had reached 1.1 mm from it, where a cut a hair inside
# the line clips the one mark that says the stub is blocked
OUTLINE = WALL_RATIO * 0.35 / 2  # half a stone's outline, of the tile size
REACH = 1.1  # a stone's farthest point, in radii (its corners jitter out to 1.1)


def is_shared_dead_end(path: Tunnel, paths: tuple[Tunnel, ...]) -> bool:
    """A one-port tunnel on a tile with other paths: its tip stops at their wall."""
    return stops_at_a_wall(path, len(paths) > 1)


def stub_length(shape: Shape, stub: Tunnel, others: tuple[Floor, ...]) -> float:
    """How far, in tile sizes, a stub's floor runs in from its edge before it meets
    another path's wall (or the centre, if nothing stops it sooner)."""
    nx, ny = shape.normal(stub.ports[0])
    depth = 0.5 - (FLOOR_RATIO / 2 + WALL_RATIO)
    steps = math.ceil(depth / MARCH)
    for step in range(steps + 1):
        along = step * MARCH
        point = (nx * (0.5 - along), ny * (0.5 - along))
        if any(other.distance(point) <= WALL_RATIO for other in others):
            return along
    return depth


def rubble(shape: Shape, size: float, paths: tuple[Tunnel, ...], colours: dict[str, str],
           seed: int) -> list[Primitive]:
    """Boulders against the far wall of every shared dead end of one tile.

    Drawn after every path, since a later path's walls would otherwise cover
    them. A back row of three spans the floor; a long stub gets two more in
    front, so the heap looks piled rather than lined up.
    """
    rng = random.Random(seed)
    cx, cy = shape.centre(size)
    path_floors = floors(shape, paths)
    items: list[Primitive] = []
    for index, path in enumerate(paths):
        if not is_shared_dead_end(path, paths):
            continue
        others = path_floors[:index] + path_floors[index + 1:]
        length = stub_length(shape, path, others)
        nx, ny = shape.normal(path.ports[0])
        # a stone reaches 1.1 radii out, and its outline half a stroke more: clear of the wall
        # and of the cut
        back = min(BOULDER, length * SHORT_STUB,
                   (length - SAFE_EDGE / size - OUTLINE) / (CLEAR + REACH))
        rows: list[tuple[float, float, tuple[float, ...]]] = [
            (length - back * CLEAR, back, _across(back))]
        if length >= FRONT_ROOM:
            rows.append((length - back * (CLEAR + 1.0) - PEBBLE * 0.8, PEBBLE, (-0.05, 0.05)))
        for along, radius, across in rows:
            # a small stone's outline thins with it: at a full stone's weight the ink had
            # all but filled the pebbles of a short stub
            style = Style(fill=colours["rock-light"], stroke=colours["wall"],
                          width=size * OUTLINE * 2 * max(0.6, min(1.0, radius / BOULDER)),
                          join="round")
            for offset in across:
                x = cx + size * (nx * (0.5 - along) - ny * offset)
                y = cy + size * (ny * (0.5 - along) + nx * offset)
                # a row of small stones, each a little smaller than the room it has, at
                # random: stones all of one size had lined up like a string of beads
                shrink = rng.uniform(0.75, 1.0) if radius < BOULDER else 1.0
                items.append(Outline(_boulder(rng, x, y, size * radius * shrink), style))
    return items


def _across(radius: float) -> tuple[float, ...]:
    """Where a back row's stones sit across the stub: three full-sized ones span its floor,
    and smaller ones (a short stub's) as many more, overlapping, as span it still."""
    if radius >= BOULDER - 1e-9:
        return (-BACK_ROW, 0.0, BACK_ROW)
    count = max(3, math.floor(2 * (BACK_ROW + BOULDER - radius) / (1.8 * radius)) + 1)
    count += 1 - count % 2  # odd: one stone on the stub's middle line, no gap down it
    step = 2 * (BACK_ROW + BOULDER - radius) / (count - 1)
    return tuple(-(BACK_ROW + BOULDER - radius) + index * step for index in range(count))


def _boulder(rng: random.Random, x: float, y: float, radius: float) -> tuple[Command, ...]:
    """One rounded, irregular stone around (x, y)."""
    corners = [(x + radius * rng.uniform(0.8, 1.1) * math.cos(turn),
                y + radius * rng.uniform(0.8, 1.1) * math.sin(turn))
               for turn in (k * math.tau / 6 + rng.uniform(-0.25, 0.25) for k in range(6))]
    return smooth_outline(corners)
