"""Where a tile's icons, labels and numbers go: the rock its paths leave free.

An icon printed across a wall or a tunnel arm makes a tile hard to read and
hides the path it sits on. So each feature is moved from the spot its tileset
names to the nearest spot where it fits whole in rock, clear of every wall and
of the features placed before it, shrinking it (down to a floor each kind of
feature sets) only when no rock is wide enough. A feature may also stay where
it was asked to be if it lies wholly inside a room (a cavern or a junction's
chamber), where it reads as a thing in that room.

The floors are the ones :mod:`pnp.model.ground` works out from the model, and
the reach of a cavern is the largest the art draws, so nothing here depends
on pixels. Coordinates are in tile sizes (1 across the flats), y down, with
the origin at the tile's centre. A feature that fits nowhere stays where it
was asked to be; the shipped tiles are tested to have none.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

import msgspec

from pnp.geometry.points import Point, segment_distance
from pnp.geometry.shapes import Shape
from pnp.model.ground import (
    CAVERN_REACH,
    CAVERN_WIDEST,
    CHAMBER_RATIO,
    WALL_RATIO,
    floors,
)
from pnp.model.tileset import TileKind, Tunnel

CAVE_OUTER = CAVERN_WIDEST + 0.01  # the farthest a cavern's floor reaches, and its curve's stray
STEP = 0.02  # spacing of the clearance grid, in tile sizes
GAP = 0.02  # between two features
WALL_AIR = 0.015  # between a feature and a wall's ink, in tile sizes (1.6 pt on 1.5 in):
# a coin or a gem fitted to the wall itself printed touching it
SCALES = 10  # sizes tried between full size and a feature's smallest
SHRINK_COST = 0.6  # how far (in tile sizes) a feature would move rather than vanish


class Footprint(msgspec.Struct, frozen=True):
    """What a feature needs: its box at full size, where it was asked for, how small it
    may get, and the feature (if any) it belongs with and may overlap (a badge's icon)."""

    want: Point
    half_width: float
    half_height: float
    round: bool = False
    smallest: float = 1.0
    partner: int | None = None
    movable: bool = True  # a sign across a tile's tunnels stays where it is put
    on_floor: bool = False  # a thing lying in a tunnel (mud) stays on the floor it is put on
    # keeps to the quarter of the tile it was asked for, shrinking rather than leaving it:
    # a die's corner tells which way up a tile lies (Dynamine), so it never moves across
    in_quarter: bool = False
    # room kept from every feature but its partner on top of GAP: a number badge stays
    # close to its own icon and well clear of the rest (a die beside it read as "4 ⚀")
    clear: float = 0.0

    def samples(self, centre: Point, scale: float) -> list[Point]:
        """Points of the outline and the middle that must all be clear."""
        cx, cy = centre
        w, h = self.half_width * scale, self.half_height * scale
        if self.round:
            return [(cx, cy)] + [(cx + w * math.cos(k * math.tau / 12),
                                  cy + h * math.sin(k * math.tau / 12)) for k in range(12)]
        across = max(2, math.ceil(2 * w / 0.06))  # long labels get more points along them
        return [(cx - w + 2 * w * i / across, cy + dy)
                for i in range(across + 1) for dy in (-h, 0.0, h)]


class Spot(msgspec.Struct, frozen=True):
    """Where a feature is drawn and at what share of its full size."""

    centre: Point
    scale: float


class _Clearance:
    """How far each point of a grid over the tile is from the nearest wall or edge.

    Positive in rock (the distance to the nearest wall or to the margin inside
    the outline), negative elsewhere. Between grid points the distance is
    bounded below by the nearest grid point's less the gap to it, since a
    distance changes no faster than the point moves. A curved tunnel's centre
    line is measured as the circular arc it is, not as its straight pieces (a
    turn hugging its corner is no circle: its floor comes as its pieces).
    """

    def __init__(self, shape: Shape, paths: tuple[Tunnel, ...], margin: float) -> None:
        self.floors = floors(shape, paths)
        walls = [(line, item.half_width + WALL_RATIO + WALL_AIR) for item in self.floors
                 for line in item.lines]
        self.segments = [(line[0], line[-1], reach) for line, reach in walls if len(line) == 2]
        self.arcs = [(_Arc.through(line), reach) for line, reach in walls if len(line) > 2]
        rooms = [path for path in paths if path.style == "cavern" or path.junction]
        # how far a room's wall reaches (the widest a cavern is drawn), and its clear inside
        self.rooms = [_room(path, CAVE_OUTER) + WALL_RATIO for path in rooms]
        self.inner = [_room(path, CAVERN_REACH) for path in rooms]
        self.normals = [shape.normal(edge) for edge in shape.edges]
        self.margin = margin
        self.count = int(round(0.5 / STEP))
        self.known: dict[tuple[int, int], float] = {}  # grid values worked out so far

    def rock_near(self, want: Point) -> Iterator[Point]:
        """The spots in rock, nearest to ``want`` first.

        Clearance is worked out only as the spots are reached: a search that
        stops near ``want`` never pays for the far side of the tile.
        """
        for i, j in _spots_nearest(self.count, want):
            if self._grid(i, j) > 0.0:
                yield i * STEP, j * STEP

    def _grid(self, i: int, j: int) -> float:
        """The exact clearance at grid point (i, j), worked out on first use: most tiles
        only ever ask about the few points around where their features were asked for."""
        value = self.known.get((i, j))
        if value is None:
            value = self.known[i, j] = self._exact((i * STEP, j * STEP))
        return value

    def _exact(self, point: Point) -> float:
        x, y = point
        nearest = min(0.5 - (x * nx + y * ny) for nx, ny in self.normals) - self.margin
        for a, b, reach in self.segments:
            nearest = min(nearest, segment_distance(point, a, b) - reach)
        for arc, reach in self.arcs:
            nearest = min(nearest, arc.distance(point) - reach)
        for reach in self.rooms:
            nearest = min(nearest, math.hypot(x, y) - reach)
        return nearest

    def at(self, point: Point) -> float:
        """A lower bound of the clearance at ``point`` (asked thousands of times a tile)."""
        x, y = point
        i, j = round(x / STEP), round(y / STEP)
        count = self.count
        if not (-count <= i <= count and -count <= j <= count):
            return -1.0
        value = self.known.get((i, j))
        if value is None:
            value = self._grid(i, j)
        return value - math.hypot(x - i * STEP, y - j * STEP)

    def in_room(self, samples: list[Point]) -> bool:
        """Whether every sample lies inside one of the tile's rooms, clear of its wall."""
        return any(all(math.hypot(*point) <= radius - GAP for point in samples)
                   for radius in self.inner)


    def on_floor(self, samples: list[Point]) -> bool:
        """Whether every sample lies on the floor of one of the tile's paths."""
        return any(all(item.distance(point) <= 0.0 for point in samples)
                   for item in self.floors)

    def onto_floor(self, point: Point) -> Point:
        """``point`` if it is on a floor, else the middle of the floor nearest it: a
        puddle asked for on rock lies in the tunnel beside it, never on the rock."""
        if not self.floors:
            return point
        nearest = min(self.floors, key=lambda item: item.distance(point))
        return point if nearest.distance(point) <= 0.0 else nearest.nearest(point)


def _room(path: Tunnel, cavern: float) -> float:
    """A room's radius: a cavern's as given, a junction's chamber's as drawn."""
    return cavern if path.style == "cavern" else CHAMBER_RATIO


@functools.lru_cache(maxsize=128)
def _clearance(shape: Shape, paths: tuple[Tunnel, ...], margin: float) -> _Clearance:
    """The clearance grid of one layout of paths; many tile kinds share a layout, so it is
    worked out once per process (a pure function of immutable values, cached)."""
    return _Clearance(shape, paths, margin)


class _Arc(msgspec.Struct, frozen=True):
    """A circular arc: centre, radius, and its ends and middle as angles."""

    centre: Point
    radius: float
    start: float
    end: float
    turns_up: bool  # whether it runs from start to end through increasing angles

    @staticmethod
    def through(line: tuple[Point, ...]) -> _Arc:
        (ax, ay), (bx, by), (cx, cy) = line[0], line[len(line) // 2], line[-1]
        d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
        ux = ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay)
              + (cx * cx + cy * cy) * (ay - by)) / d
        uy = ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx)
              + (cx * cx + cy * cy) * (bx - ax)) / d
        start, middle, end = (math.atan2(y - uy, x - ux) for x, y in ((ax, ay), (bx, by),
                                                                      (cx, cy)))
        return _Arc((ux, uy), math.hypot(ax - ux, ay - uy), start, end,
                    (middle - start) % math.tau <= (end - start) % math.tau)

    def distance(self, point: Point) -> float:
        x, y = point[0] - self.centre[0], point[1] - self.centre[1]
        along = (math.atan2(y, x) - self.start) % math.tau
        span = (self.end - self.start) % math.tau
        if (along <= span) == self.turns_up:
            return abs(math.hypot(x, y) - self.radius)
        ends = ((self.centre[0] + self.radius * math.cos(angle),
                 self.centre[1] + self.radius * math.sin(angle))
                for angle in (self.start, self.end))
        return min(math.dist(point, end) for end in ends)


class RoomSign(msgspec.Struct, frozen=True):
    """A name plaque and the icon it names sharing a tile's room: plaque low, icon above.

    Positions are from the room's centre (the tile's), in tile sizes, y down.
    """

    sign_y: float
    scale: float  # of the plaque, against its full size
    icon_y: float
    icon_radius: float


def room_sign(room: float, half_width: float, half_height: float,
              sizes: tuple[float, float], icon_radius: float | None,
              lowest: float | None = None) -> RoomSign | None:
    """Where a plaque of ``half_width`` x ``half_height`` (at full size) fits low in a round
    room of radius ``room``, no lower than ``lowest`` if given (so a tileset's names line
    up), with the room's icon shrunk to at most half above it.

    A base tile's name is too long for the corners of rock a crossing leaves, but
    its chamber is wide: the plaque goes as low in the chamber as it fits, at
    the largest size from ``sizes`` (largest, smallest) down, and the icon takes the
    room above. None when even the smallest plaque leaves the icon under half its size.
    """
    inner = room - GAP
    largest, smallest = sizes
    for step in range(SCALES + 1):
        scale = largest - (largest - smallest) * step / SCALES
        width, height = half_width * scale, half_height * scale
        if width >= inner:
            continue
        sign_y = math.sqrt(inner * inner - width * width) - height
        if lowest is not None:
            sign_y = min(sign_y, lowest)
        top = sign_y - height - GAP
        if icon_radius is None:
            return RoomSign(sign_y, scale, 0.0, 0.0)
        radius = min(icon_radius, (top + inner) / 2)
        if radius >= icon_radius / 2:
            return RoomSign(sign_y, scale, top - radius, radius)
    return None


class Placer:
    """Places one tile's features in turn, each clear of those placed before it."""

    def __init__(self, shape: Shape, tile: TileKind, margin: float) -> None:
        self.clearance = _clearance(shape, tile.paths, round(margin, 6))
        self.placed: list[tuple[Footprint, Spot]] = []

    @property
    def rooms(self) -> list[float]:
        """The clear radius of each room (chamber or cavern) at the tile's centre."""
        return list(self.clearance.inner)

    def place(self, footprint: Footprint) -> Spot:
        """Where ``footprint`` goes (where it was asked to be, if no rock holds it); it may
        overlap only its partner (by placing order)."""
        spot = self.find(footprint) or Spot(footprint.want, 1.0)
        self.placed.append((footprint, spot))
        return spot

    def place_at(self, footprint: Footprint) -> Spot | None:
        """``footprint`` placed where it asks, if it fits there whole; else nothing is
        (and no other spot is searched for: the caller has other places to try)."""
        others = tuple(item for index, item in enumerate(self.placed)
                       if index != footprint.partner)
        if not _fits(self.clearance, footprint, footprint.want, 1.0, others, rooms=True):
            return None
        spot = Spot(footprint.want, 1.0)
        self.placed.append((footprint, spot))
        return spot

    def find(self, footprint: Footprint) -> Spot | None:
        """The spot ``footprint`` would get, or None where no rock or room holds it."""
        if not footprint.movable:
            return Spot(footprint.want, 1.0)
        others = tuple(item for index, item in enumerate(self.placed)
                       if index != footprint.partner)
        return _spot(self.clearance, footprint, others)


@functools.lru_cache(maxsize=1024)
def _spot(clearance: _Clearance, footprint: Footprint,
          others: tuple[tuple[Footprint, Spot], ...]) -> Spot | None:
    """The asked-for spot if it is clear; else the rock spot that is best for its nearness
    and size together (shrinking to half size weighs as much as moving SHRINK_COST / 2);
    None if no rock holds it even at its smallest."""
    if footprint.on_floor:
        footprint = msgspec.structs.replace(footprint, want=clearance.onto_floor(footprint.want))
    want = footprint.want
    if _fits(clearance, footprint, want, 1.0, others, rooms=True):
        return Spot(want, 1.0)
    if footprint.on_floor:
        floored = _on_floor(clearance, footprint, others)
        if floored is not None:
            return floored
    best: Spot | None = None
    cost = math.inf
    for centre in clearance.rock_near(want):
        away = math.dist(centre, want)
        if away >= cost:
            break
        if footprint.in_quarter and not _same_quarter(centre, want):
            continue
        scale = _largest_scale(clearance, footprint, centre, others, (away, cost))
        if scale is not None and away + SHRINK_COST * (1.0 - scale) < cost:
            best, cost = Spot(centre, scale), away + SHRINK_COST * (1.0 - scale)
    return best


def _same_quarter(point: Point, other: Point) -> bool:
    """Whether two points (from the tile's centre) lie in the same quarter of the tile:
    on the same side of both its middle lines (a point on a line counts for either)."""
    return point[0] * other[0] >= 0 and point[1] * other[1] >= 0


def _on_floor(clearance: _Clearance, footprint: Footprint,
              others: tuple[tuple[Footprint, Spot], ...]) -> Spot | None:
    """A thing lying on a tunnel floor stays where it was put, as large as the floor allows."""
    for step in range(SCALES + 1):
        scale = 1.0 - (1.0 - footprint.smallest) * step / SCALES
        if not any(_overlap(footprint, footprint.want, scale, other, spot)
                   for other, spot in others) and \
                clearance.on_floor(footprint.samples(footprint.want, scale)):
            return Spot(footprint.want, scale)
    return None


def _largest_scale(clearance: _Clearance, footprint: Footprint, centre: Point,
                   others: tuple[tuple[Footprint, Spot], ...],
                   away_and_best: tuple[float, float]) -> float | None:
    """The largest size (of those tried) at which the footprint fits at ``centre``.

    ``away_and_best`` is the distance of ``centre`` from where the feature was
    asked for and the cost of the best spot found so far: sizes too small to
    beat it are not tried, since they could not be chosen anyway.
    """
    away, best = away_and_best
    room = clearance.at(centre)
    least = min(footprint.half_width, footprint.half_height)
    top = min(1.0, room / least) if footprint.round else 1.0
    for step in range(SCALES + 1):
        scale = 1.0 - (1.0 - footprint.smallest) * step / SCALES
        if away + SHRINK_COST * (1.0 - scale) >= best:
            return None  # smaller still only costs more
        if scale > top + 1e-9 or room < least * scale:
            continue
        if _fits(clearance, footprint, centre, scale, others, rooms=False):
            return scale
    return None


def _fits(clearance: _Clearance, footprint: Footprint, centre: Point, scale: float,
          others: tuple[tuple[Footprint, Spot], ...], rooms: bool) -> bool:
    """Clear of the features placed before, then in rock (or a room) at every sample.

    The overlap test comes first: a few comparisons that often decide, before the
    dozens of clearance lookups the samples take.
    """
    if any(_overlap(footprint, centre, scale, other, spot) for other, spot in others):
        return False
    samples = footprint.samples(centre, scale)
    at = clearance.at
    return (rooms and (clearance.in_room(samples) or
                       (footprint.on_floor and clearance.on_floor(samples)))) or \
        all(at(point) >= 0.0 for point in samples)


def _overlap(footprint: Footprint, centre: Point, scale: float, other: Footprint,
             spot: Spot) -> bool:
    dx = abs(centre[0] - spot.centre[0])
    dy = abs(centre[1] - spot.centre[1])
    gap = GAP + max(footprint.clear, other.clear)
    return (dx < footprint.half_width * scale + other.half_width * spot.scale + gap and
            dy < footprint.half_height * scale + other.half_height * spot.scale + gap)


@functools.lru_cache(maxsize=512)
def _spots_nearest(count: int, want: Point) -> tuple[tuple[int, int], ...]:
    """Where a moved feature may be centred (every other point of a grid ``count`` steps
    each side of the centre), as grid indices, nearest to ``want`` first. The same few
    places are asked about on every tile of a tileset (its corners, sides and centre),
    so the tile's 676 spots are sorted once per place, not once per feature placed."""
    spots = [(i, j) for j in range(-count, count + 1, 2) for i in range(-count, count + 1, 2)]
    return tuple(sorted(spots, key=lambda spot: math.dist((spot[0] * STEP, spot[1] * STEP),
                                                          want)))

