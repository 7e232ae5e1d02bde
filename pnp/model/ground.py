"""Where something may stand on a tile: the floor of its paths, worked out from the model.

A rulebook diagram puts pawns on tiles, and a pawn drawn on rock or across a
wall tells the reader a rule that does not exist. So the floor is computed
from the same facts the tile art is drawn from (ports, junctions, caverns, the
floor's width as a share of the tile), never measured from pixels, and a
diagram can be checked before anything is drawn.

Coordinates are in tile sizes (a tile is 1 across its flats), y down, with the
origin at the tile's centre, so the answers do not depend on how big a tile
is printed.
"""

from __future__ import annotations

import itertools
import math

import msgspec

from pnp.geometry.points import Point, closest_on_segment
from pnp.geometry.shapes import Shape
from pnp.model.tileset import TileKind, Tunnel

# The tile art (pnp.draw.art) draws with these shares of the tile size; a test
# keeps the two in step, since the model may not import the drawing code.
FLOOR_RATIO = 0.30  # width of a tunnel's floor
WALL_RATIO = 0.055  # thickness of each wall
CHAMBER_RATIO = FLOOR_RATIO * 1.05  # radius of the round chamber where a junction meets
CAVERN_REACH = 0.36  # a cavern's wall never comes closer to the centre than this
CAVERN_WIDEST = 0.435  # nor reaches further out: with its wall, it stays inside the tile
OPEN_GROUND_INSET = 0.12  # on a tile with no tunnels, keep this far inside its outline
PAWN_RATIO = 0.105  # a diagram's pawn: its radius as a share of the tile size; with its
# ink ring it leaves a hair of floor each side of a 0.30 tunnel, where 0.115 read as a
# disc lying over both walls
# How far a pawn's centre may stray from a tunnel's centre line: a pawn nearly
# fills the floor, so further out it visibly sits on the wall.
STAND_SLACK = 0.05
ARC_STEPS = 24  # straight pieces that stand in for a curved tunnel's centre line
# Two turns sharing a tile bend round opposite corners, and as circular arcs their
# walls would meet at the centre (0.004 of a tile apart, where a reader looks for
# rock). Each then hugs its corner: its Bezier handles are this share of an arc's,
# which leaves 0.07 of a tile of rock between the walls while the tightest bend
# (0.24 of a tile in radius) still clears the tunnel's half width with its wall.
HUG_HANDLE = 0.78

Polyline = tuple[Point, ...]
NO_GROUND_ROLES = ("event",)  # event tiles are set aside when drawn, never stood on


class Floor(msgspec.Struct, frozen=True):
    """The floor of one path: centre lines, the half-width around them, and round rooms."""

    lines: tuple[Polyline, ...]
    half_width: float
    rooms: tuple[float, ...] = ()  # radii of rooms around the tile's centre

    def distance(self, point: Point) -> float:
        """How far ``point`` is outside this floor (zero or less: on it)."""
        return self._outside(point, self.half_width, 0.0)

    def holds(self, point: Point) -> bool:
        """Whether a pawn centred on ``point`` stands on this floor, clear of its walls."""
        return self._outside(point, STAND_SLACK, PAWN_RATIO) <= 0.0

    def _outside(self, point: Point, band: float, inset: float) -> float:
        """Distance beyond ``band`` of the centre lines, or beyond a room shrunk by ``inset``."""
        reach = min((_to_polyline(point, line) for line in self.lines), default=math.inf)
        outside = reach - band
        for radius in self.rooms:
            outside = min(outside, math.hypot(*point) - (radius - inset))
        return outside

    def nearest(self, point: Point) -> Point:
        """The point of its centre lines (or the centre, for a room) closest to ``point``."""
        if self.rooms:
            return (0.0, 0.0)
        return min((_closest_on_polyline(point, line) for line in self.lines),
                   key=lambda spot: math.dist(spot, point))


class Ground(msgspec.Struct, frozen=True):
    """Every place of one tile (as turned) where a pawn may stand."""

    floors: tuple[Floor, ...]
    open_face: float = 0.0  # for tiles with no tunnels: radius of ground around the centre

    def allows(self, point: Point) -> bool:
        """Whether a pawn centred on ``point`` stands on a path (or open ground)."""
        if self.open_face:
            return math.hypot(*point) <= self.open_face
        return any(floor.holds(point) for floor in self.floors)

    def covers(self, point: Point) -> bool:
        """Whether ``point`` lies on the floor of a path (or on open ground) at all."""
        if self.open_face:
            return math.hypot(*point) <= self.open_face
        return any(floor.distance(point) <= 0.0 for floor in self.floors)

    def spot(self) -> Point | None:
        """Where a pawn given only this tile's square stands: the centre if that is
        on a path, else the nearest point of the first path's centre line."""
        if self.allows((0.0, 0.0)):
            return (0.0, 0.0)
        if not self.floors:
            return None
        return self.floors[0].nearest((0.0, 0.0))

    def nearest(self, point: Point) -> Point | None:
        """The place to stand closest to ``point``: for suggesting a fix."""
        spots = [floor.nearest(point) for floor in self.floors]
        return min(spots, key=lambda spot: math.dist(spot, point), default=self.spot())

    def describe(self) -> str:
        """Where a pawn may stand, in words for an error message."""
        if self.open_face:
            return "anywhere on the tile, away from its edge"
        if not self.floors:
            return "nowhere: the tile has no paths"
        return "on its path" if len(self.floors) == 1 else "on one of its paths"


def ground(shape: Shape, tile: TileKind, rotation: int = 0) -> Ground:
    """The ground of ``tile`` turned clockwise by ``rotation`` steps."""
    if not tile.paths:
        if tile.role in NO_GROUND_ROLES:
            return Ground(())
        return Ground((), 0.5 - OPEN_GROUND_INSET)  # a tile that is all mine, as in Mattock
    turned = tuple(Tunnel(tuple(shape.rotate(port, rotation) for port in path.ports),
                          path.junction, path.style) for path in tile.paths)
    return Ground(floors(shape, turned))


def floors(shape: Shape, paths: tuple[Tunnel, ...]) -> tuple[Floor, ...]:
    """The floor of each of one tile's paths, each drawn knowing what it shares the tile with."""
    return tuple(floor(shape, path, len(paths) > 1, hugs_corner(shape, path, paths))
                 for path in paths)


def is_turn(shape: Shape, path: Tunnel) -> bool:
    """A plain tunnel between two edges that do not face each other: it curves."""
    return (len(path.ports) == 2 and not path.junction and path.style != "cavern"
            and shape.opposite(path.ports[0]) != path.ports[1])


def hugs_corner(shape: Shape, path: Tunnel, paths: tuple[Tunnel, ...]) -> bool:
    """Whether ``path`` is a turn sharing its tile with another turn (see HUG_HANDLE)."""
    return is_turn(shape, path) and sum(is_turn(shape, other) for other in paths) > 1


def turn_handle(turn: float, hugging: bool) -> float:
    """A turn's Bezier handle length as a share of the radius of its circular arc.

    ``turn`` is the heading change in radians; 4/3 tan(turn/4) is the handle that
    follows the arc to within 0.03% of its radius.
    """
    circle = 4.0 / 3.0 * math.tan(turn / 4)
    return circle * HUG_HANDLE if hugging else circle


def turn_handle_length(normals: tuple[Point, Point], chord: float, hugging: bool) -> float:
    """The length of each Bezier handle of a turn between two ports whose outward edge
    normals are ``normals`` and which lie ``chord`` apart, in the chord's units: what the
    art draws and the floor samples, worked out in one place."""
    (anx, any_), (bnx, bny) = normals
    turn = math.acos(max(-1.0, min(1.0, -(anx * bnx + any_ * bny))))  # heading change
    return turn_handle(turn, hugging) * chord / (2 * math.sin(turn / 2))


def stops_at_a_wall(path: Tunnel, shared: bool) -> bool:
    """A dead end on a tile with other paths (``shared``): its tip stops at their wall,
    not at the centre (a one-port chamber is a room, not a stub)."""
    return shared and len(path.ports) == 1 and path.style == "tunnel" and not path.junction


def floor(shape: Shape, path: Tunnel, shared: bool, hugging: bool = False) -> Floor:
    """One path's floor, as :func:`pnp.draw.art.tunnels` draws it.

    A dead end that shares its tile stops short of the centre at the other
    path's wall; two ports not facing each other curve along a circular arc,
    or (``hugging``) the tighter curve of :func:`turn_handle`, given as its
    straight pieces since it is no circle; anything else runs from each port
    to the centre, where a junction opens a round chamber and a cavern a wide
    cave.
    """
    half = FLOOR_RATIO / 2
    if stops_at_a_wall(path, shared):
        port, (nx, ny) = _port(shape, path.ports[0]), shape.normal(path.ports[0])
        depth = 0.5 - (FLOOR_RATIO / 2 + WALL_RATIO)
        return Floor(((port, (port[0] - nx * depth, port[1] - ny * depth)),), half)
    rooms = (CAVERN_REACH,) if path.style == "cavern" else \
        (CHAMBER_RATIO,) if path.junction else ()
    if hugging:
        line = _hugging_line(shape, path.ports[0], path.ports[1])
        return Floor(tuple(itertools.pairwise(line)), half)
    if len(path.ports) == 2 and not rooms:
        return Floor((_two_port_line(shape, path.ports[0], path.ports[1]),), half)
    return Floor(tuple((_port(shape, edge), (0.0, 0.0)) for edge in path.ports), half, rooms)


def _port(shape: Shape, edge: str) -> Point:
    nx, ny = shape.normal(edge)
    return (nx * 0.5, ny * 0.5)


def _two_port_line(shape: Shape, a: str, b: str) -> Polyline:
    """A straight run between facing edges, else the arc tangent to both edge normals."""
    (ax, ay), (bx, by) = _port(shape, a), _port(shape, b)
    (anx, any_), (bnx, bny) = shape.normal(a), shape.normal(b)
    dot = anx * bnx + any_ * bny
    if dot < -0.999:
        return ((ax, ay), (bx, by))
    # the arc's centre lies on both edges' lines, where the two tangents are perpendicular
    # to the radius: solve a + s * (-any, anx) = b + t * (-bny, bnx)
    ux, uy, vx, vy = -any_, anx, -bny, bnx
    det = ux * (-vy) - uy * (-vx)
    s = ((bx - ax) * (-vy) - (by - ay) * (-vx)) / det
    cx, cy = ax + s * ux, ay + s * uy
    radius = math.hypot(ax - cx, ay - cy)
    start = math.atan2(ay - cy, ax - cx)
    sweep = math.atan2(by - cy, bx - cx) - start
    sweep = (sweep + math.pi) % math.tau - math.pi  # the short way round
    return tuple((cx + radius * math.cos(start + sweep * k / ARC_STEPS),
                  cy + radius * math.sin(start + sweep * k / ARC_STEPS))
                 for k in range(ARC_STEPS + 1))


def _hugging_line(shape: Shape, a: str, b: str) -> Polyline:
    """The centre line of a turn that hugs its corner: the Bezier the art draws, sampled."""
    (ax, ay), (bx, by) = _port(shape, a), _port(shape, b)
    (anx, any_), (bnx, bny) = shape.normal(a), shape.normal(b)
    handle = turn_handle_length(((anx, any_), (bnx, bny)), math.hypot(bx - ax, by - ay),
                                hugging=True)
    controls = ((ax, ay), (ax - anx * handle, ay - any_ * handle),
                (bx - bnx * handle, by - bny * handle), (bx, by))
    return tuple(_bezier(controls, k / ARC_STEPS) for k in range(ARC_STEPS + 1))


def _bezier(controls: tuple[Point, Point, Point, Point], t: float) -> Point:
    weights = ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3)
    return (sum(w * x for w, (x, _) in zip(weights, controls, strict=True)),
            sum(w * y for w, (_, y) in zip(weights, controls, strict=True)))


def _closest_on_polyline(point: Point, line: Polyline) -> Point:
    spots = [closest_on_segment(point, a, b) for a, b in itertools.pairwise(line)]
    return min(spots, key=lambda spot: math.dist(spot, point))


def _to_polyline(point: Point, line: Polyline) -> float:
    return math.dist(point, _closest_on_polyline(point, line))
