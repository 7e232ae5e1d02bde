"""Tile and back designs as scenes: rock, tunnels, features, all derived from the model.

A design is computed from a tile kind alone, so each unique design is drawn
once however many copies the game has. Tunnels are true circular arcs between
ports (straight when the ports face each other) or spokes meeting in a round
chamber; walls are a wider dark stroke under the floor, which gives rounded
joints for free and works the same for squares and hexes.
"""

from __future__ import annotations

import functools
import math
import random
import zlib
from collections.abc import Callable, Mapping

import msgspec

from pnp.draw.caves import bridge, cavern_floor, cavern_outline, pillars
from pnp.draw.fonts import MIN_TEXT, fit_size, greedy_lines, string_width
from pnp.draw.icons import FLOOR_ICONS, ICONS, draw_icon
from pnp.draw.pen import Pen
from pnp.draw.scene import (
    Circle,
    Clip,
    Command,
    Drawing,
    FontRole,
    Outline,
    Picture,
    Point,
    Primitive,
    Style,
    Text,
    ellipse,
    polygon,
    rect,
)
from pnp.geometry.shapes import Shape
from pnp.model.pieces import PieceCut, shape_cut
from pnp.model.rock import GAP, Footprint, Placer, Spot, room_sign
from pnp.model.tileset import Art, Back, Feature, TileKind, Tileset, Tunnel

FLOOR_RATIO = 0.30  # tunnel floor width as a share of the tile size
WALL_RATIO = 0.055  # each wall's thickness as a share of the tile size
SPECKS = 26  # texture pebbles per tile: enough to read as rock, few enough to stay light


def outline(shape: Shape, size: float, grow: float = 0.0) -> tuple[Command, ...]:
    """The tile's edge (grown outward by ``grow``, for bleed) as path commands."""
    if shape.fills_box:
        return rect(-grow, -grow, size + 2 * grow, size + 2 * grow)
    cx, cy = shape.centre(size)
    scale = (size / 2 + grow) / (size / 2)
    return polygon([(cx + (x - cx) * scale, cy + (y - cy) * scale)
                    for x, y in shape.corners(size)])


def _seed(*parts: str) -> int:
    """A stable seed: the same tile always gets the same texture, on any machine."""
    return zlib.crc32("/".join(parts).encode("utf-8"))


def rock_texture(colours: dict[str, str], width: float, height: float, grow: float,
                 seed: int) -> list[Primitive]:
    """Pebbles and cracks scattered deterministically over the rock field.

    Every tile and back draws one, so the loop is kept plain: ``uniform(a, b)``
    is spelled out as ``a + (b - a) * random()``, which is how the random
    module computes it, so the pebbles are the same as ever.
    """
    rng = random.Random(seed)
    draw, randint, cos, sin = rng.random, rng.randint, math.cos, math.sin
    scale = min(width, height)
    dark, light = colours["rock-dark"], colours["rock-light"]
    groups: dict[str, list[Command]] = {dark: [], light: []}
    for index in range(SPECKS):
        x = -grow + (width + grow - -grow) * draw()
        y = -grow + (height + grow - -grow) * draw()
        radius = scale * (0.012 + (0.035 - 0.012) * draw())
        sides = randint(5, 7)
        turn = math.tau * draw()
        points = []
        for k in range(sides):
            angle = turn + k * math.tau / sides
            reach = radius * (0.7 + (1.2 - 0.7) * draw())
            points.append((x + reach * cos(angle), y + reach * sin(angle)))
        groups[dark if index % 3 else light].extend(polygon(points))
    items: list[Primitive] = [Outline(tuple(commands), Style(fill=colour))
                              for colour, commands in groups.items()]
    cracks: list[Command] = []
    for _ in range(3):
        x, y = width * draw(), height * draw()
        cracks.append(("M", x, y))
        angle = math.tau * draw()
        for _ in range(3):
            angle += -0.7 + (0.7 - -0.7) * draw()
            step = scale * (0.04 + (0.08 - 0.04) * draw())
            x, y = x + step * cos(angle), y + step * sin(angle)
            cracks.append(("L", x, y))
    items.append(Outline(tuple(cracks), Style(stroke=dark, width=scale * 0.008,
                                              cap="round", join="round")))
    return items


def tunnel_centreline(shape: Shape, size: float, path: Tunnel, reach: float) -> tuple[Command, ...]:
    """Commands for a path's centre line, each port pushed ``reach`` beyond its edge.

    Two ports not facing each other are joined by the circular arc tangent to
    both edge normals; one port, three or more, or a junction run to the centre.
    """
    cx, cy = shape.centre(size)

    def mouth(edge: str) -> tuple[float, float, float, float]:
        px, py = shape.port(edge, size)
        nx, ny = shape.normal(edge)
        return px, py, nx, ny

    if len(path.ports) == 2 and not path.junction and path.style != "cavern":
        ax, ay, anx, any_ = mouth(path.ports[0])
        bx, by, bnx, bny = mouth(path.ports[1])
        start = ("M", ax + anx * reach, ay + any_ * reach)
        dot = anx * bnx + any_ * bny
        if dot < -0.999:  # facing edges: a straight run
            return (start, ("L", bx + bnx * reach, by + bny * reach))
        turn = math.acos(max(-1.0, min(1.0, -dot)))  # heading change along the tunnel
        chord = math.hypot(bx - ax, by - ay)
        radius = chord / (2 * math.sin(turn / 2))
        handle = 4.0 / 3.0 * math.tan(turn / 4) * radius
        return (
            start,
            ("L", ax, ay),
            ("C", ax - anx * handle, ay - any_ * handle, bx - bnx * handle, by - bny * handle,
             bx, by),
            ("L", bx + bnx * reach, by + bny * reach),
        )
    commands: list[Command] = []
    for edge in path.ports:
        px, py, nx, ny = mouth(edge)
        commands.extend([("M", px + nx * reach, py + ny * reach), ("L", cx, cy)])
    return tuple(commands)


def dead_end_line(shape: Shape, size: float, edge: str, reach: float) -> tuple[Command, ...]:
    """A dead end that shares its tile with other tunnels: its rounded tip stops at
    the centre, so it meets their walls but never runs out the other side."""
    px, py = shape.port(edge, size)
    nx, ny = shape.normal(edge)
    depth = size / 2 - size * (FLOOR_RATIO / 2 + WALL_RATIO)
    return (("M", px + nx * reach, py + ny * reach), ("L", px - nx * depth, py - ny * depth))


def room_outline(shape: Shape, size: float, path: Tunnel, seed: int) -> tuple[Command, ...] | None:
    """The open space a path widens into at the centre, if any: chamber or cavern."""
    cx, cy = shape.centre(size)
    if path.style == "cavern":
        return cavern_outline((cx, cy), size, seed)
    if path.junction:
        radius = size * FLOOR_RATIO * 1.05
        return ellipse(cx, cy, radius, radius)
    return None


def tunnels(shape: Shape, size: float, paths: tuple[Tunnel, ...], colours: dict[str, str],
            reach: float, seed: int = 0) -> list[Primitive]:
    """Wall, lip and floor strokes for each path, one path at a time.

    Drawing each path whole before the next keeps separate paths visibly apart:
    where two cross, the later one's walls cut across the earlier floor. A
    chamber or cavern is filled and stroked in step with the tunnel bands, so
    its walls are exactly as thick as the tunnels'.
    """
    floor = size * FLOOR_RATIO
    wall = size * WALL_RATIO
    items: list[Primitive] = []
    crossings = _crossings(shape, paths)
    for index, path in enumerate(paths):
        shared = len(paths) > 1 and len(path.ports) == 1 and path.style == "tunnel"
        line = (dead_end_line(shape, size, path.ports[0], reach) if shared
                else tunnel_centreline(shape, size, path, reach))
        room = room_outline(shape, size, path, seed + index)
        for width, colour in ((floor + 2 * wall, "wall"), (floor + 0.7 * wall, "rock-light"),
                              (floor, "floor")):
            paint = colours[colour]
            if line:
                items.append(Outline(line, Style(stroke=paint, width=width, cap="round",
                                                 join="round")))
            if room is not None:
                items.append(Outline(room, Style(fill=paint, stroke=paint if width > floor
                                                 else None, width=width - floor, join="round")))
        if path.style == "cavern" and room is not None:
            items.extend(cavern_floor(room, line, size, colours))
            items.extend(pillars(shape, size, path, colours, seed + index))
        for lower in crossings.get(index, ()):
            items.extend(bridge(shape, size, path, paths[lower], colours))
    return items


def _straight_through(shape: Shape, path: Tunnel) -> bool:
    return (len(path.ports) == 2 and not path.junction and path.style == "tunnel"
            and shape.opposite(path.ports[0]) == path.ports[1])


def _crossings(shape: Shape, paths: tuple[Tunnel, ...]) -> dict[int, list[int]]:
    """For each later straight tunnel, the earlier straight tunnels it passes over."""
    found: dict[int, list[int]] = {}
    for upper, path in enumerate(paths):
        if not _straight_through(shape, path):
            continue
        for lower in range(upper):
            if _straight_through(shape, paths[lower]):
                found.setdefault(upper, []).append(lower)
    return found


class Frame(msgspec.Struct, frozen=True):
    """The face a feature is placed on: its box, and whether to keep to its inscribed circle.

    Square tiles and cards place corner features in the corners; hexes and
    round tokens keep every feature inside the inscribed circle.
    """

    width: float
    height: float
    inscribed: bool = False
    margin: float = 0.0  # clear band inside the cut that no feature may enter

    @property
    def size(self) -> float:
        return min(self.width, self.height)

    def anchor(self, at: str, inset: float) -> Point:
        """Where a feature sits: the centre, or ``inset`` in from an edge or corner.

        The frame's margin is added to every inset, so nothing printed ends up
        where a slightly-off cut (or a card's frame line) would slice it.
        """
        cx, cy = self.width / 2, self.height / 2
        if at == "center":
            return cx, cy
        inset += self.margin
        bearing = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270,
                   "NW": 315}[at]
        dx, dy = math.sin(math.radians(bearing)), -math.cos(math.radians(bearing))
        if self.inscribed:  # keep clear of a round or hex piece's printed ring as well
            reach = self.size * 0.40 - inset
            return cx + dx * reach, cy + dy * reach
        reach_x, reach_y = self.width / 2 - inset, self.height / 2 - inset
        if at in ("NE", "SE", "SW", "NW"):
            return cx + math.copysign(reach_x, dx), cy + math.copysign(reach_y, dy)
        return cx + dx * reach_x, cy + dy * reach_y


TILE_MARGIN = 4.0  # with each feature's own inset, keeps art about 3 mm inside the cut


def tile_frame(shape: Shape, size: float) -> Frame:
    width, height = shape.box(size)
    return Frame(width, height, not shape.fills_box, TILE_MARGIN)


def label(text: str, x: float, y: float, width: float, size: float,
          colours: dict[str, str]) -> list[Primitive]:
    """A dark plaque with light text: reads on rock and on floor alike."""
    font_size = fit_size(text, "condensed", size, width - size * 0.8)
    plaque_h = font_size * 1.45
    plaque_w = min(width, string_width(text, "condensed", font_size) + font_size * 1.2)
    return [
        Outline(rect(x - plaque_w / 2, y - plaque_h / 2, plaque_w, plaque_h, font_size * 0.35),
                Style(fill=colours["ink"], stroke=colours["floor"], width=font_size * 0.09),
                plaque=True),
        Text(x, y + font_size * 0.36, text, font_size, "condensed", "middle", colours["floor"]),
    ]


def die_face(value: int, x: float, y: float, side: float,
             colours: dict[str, str]) -> list[Primitive]:
    """A die showing ``value`` pips: Dynamine prints the tile's cost this way."""
    items: list[Primitive] = [
        Outline(rect(x - side / 2, y - side / 2, side, side, side * 0.18),
                Style(fill="#fbfaf6", stroke=colours["ink"], width=side * 0.06)),
    ]
    spots = {
        1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    for dx, dy in spots:
        items.append(Circle(x + dx * side * 0.26, y + dy * side * 0.26, side * 0.09,
                            Style(fill=colours["ink"])))
    return items


def wrap(text: str, role: FontRole, size: float, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width``; blank lines start paragraphs."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        lines += greedy_lines(words, role, size, width) if words else [""]
    return lines


def text_block(text: str, x: float, y: float, width: float, size: float,
               colour: str, role: FontRole = "regular") -> list[Primitive]:
    """Wrapped, centred lines whose block is centred on (x, y)."""
    lines = wrap(text, role, size, width)
    while len(lines) > 1 and max(string_width(line, role, size) for line in lines) > width:
        size *= 0.92  # a single long word: shrink rather than overflow
        lines = wrap(text, role, size, width)
    if len(lines) == 1:
        size = fit_size(lines[0], role, size, width)
    leading = size * 1.22
    first = y - leading * (len(lines) - 1) / 2 + size * 0.36
    return [Text(x, first + index * leading, line, size, role, "middle", colour)
            for index, line in enumerate(lines) if line]


def badge(text: str, x: float, y: float, radius: float, colours: dict[str, str]) -> list[Primitive]:
    """A small badge with a number or word: points on an icon, a value on a token.

    A round disc holds one or two characters; a longer text ("4/2") keeps the
    disc's type size and gets a pill as wide as it needs, rather than a number
    shrunk to touch the disc's edge.
    """
    style = Style(fill=colours["accent"], stroke=colours["floor"], width=radius * 0.14)
    size = radius * 1.15
    width = string_width(text, "condensed", size)
    if width <= radius * 1.7:
        return [Circle(x, y, radius, style),
                Text(x, y + size * 0.36, text, size, "condensed", "middle", "#ffffff")]
    half = width / 2 + radius * 0.45
    return [Outline(rect(x - half, y - radius, 2 * half, 2 * radius, radius), style),
            Text(x, y + size * 0.36, text, size, "condensed", "middle", "#ffffff")]


def ink_for(background: str, colours: dict[str, str]) -> str:
    """Dark ink on light faces, light ink on dark ones."""
    red, green, blue = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 140
    return colours["ink"] if light else "#ffffff"


def features(frame: Frame, feats: tuple[Feature, ...], colours: dict[str, str],
             has_tunnels: bool, background: str | None = None,
             own: Mapping[str, Art] | None = None) -> list[Primitive]:
    """Icons, labels, text and die faces, in the order the tileset lists them; ``own`` are
    the tileset's own icons by name."""
    items: list[Primitive] = []
    ink = ink_for(background, colours) if background else colours["ink"]
    for feat in feats:
        look = _Look(feat, frame, has_tunnels)
        x, y = look.anchor
        items.extend(look.draw((x, y), 1.0, colours, ink, own))
        if feat.kind == "icon" and feat.badge:
            radius = look.half_width
            items.extend(badge(feat.badge, x + radius * 0.78, y - radius * 0.78,
                               radius * 0.36, colours))
    return items


class _Look:
    """One feature as drawn at full size: where its tileset puts it and its box."""

    def __init__(self, feat: Feature, frame: Frame, has_tunnels: bool) -> None:
        self.feat, self.frame = feat, frame
        size = frame.size
        if feat.kind == "icon":
            radius = size * (0.24 if has_tunnels else 0.3) * feat.scale
            x, y = frame.anchor(feat.at, radius + size * 0.04)
            if feat.at == "center" and not has_tunnels:
                y -= size * 0.07
            self.anchor, self.half_width, self.half_height = (x, y), radius, radius
        elif feat.kind == "label":
            self.font = size * 0.085 * feat.scale
            fitted = fit_size(str(feat.value), "condensed", self.font,
                              frame.width * 0.8 - self.font * 0.8)
            self.anchor = frame.anchor(feat.at, self.font * 1.6)
            self.half_width = min(frame.width * 0.8, string_width(
                str(feat.value), "condensed", fitted) + fitted * 1.2) / 2
            self.half_height = fitted * 1.45 / 2
        elif feat.kind == "text":
            self.font = size * 0.065 * feat.scale
            role: FontRole = "bold" if feat.scale >= 2 else "regular"
            lines = len(wrap(str(feat.value), role, self.font, frame.width * 0.82))
            half_block = (self.font * 1.22 * (lines - 1) + self.font) / 2
            self.anchor = frame.anchor(feat.at, half_block + self.font * 0.4)
            self.half_width, self.half_height = frame.width * 0.41, half_block
        else:
            side = size * 0.2 * feat.scale
            self.anchor = frame.anchor(feat.at, side / 2 + size * 0.05)
            self.half_width = self.half_height = side / 2

    def smallest(self) -> float:
        """How far the feature may shrink to find rock: its text stays 6 pt or more."""
        if self.feat.kind == "icon":
            return ICON_SMALLEST
        if self.feat.kind == "die":
            return DIE_SMALLEST
        if self.feat.kind == "label":
            return min(1.0, max(LABEL_SMALLEST, MIN_TEXT * 1.45 / (2 * self.half_height)))
        return 1.0

    def draw(self, centre: Point, scale: float, colours: dict[str, str], ink: str,
             own: Mapping[str, Art] | None = None) -> list[Primitive]:
        feat, frame, (x, y) = self.feat, self.frame, centre
        if feat.kind == "icon":
            return draw_icon(str(feat.value), Pen(x, y, self.half_width * scale, colours), own)
        if feat.kind == "label":
            return label(str(feat.value), x, y, frame.width * 0.8, self.font * scale, colours)
        if feat.kind == "text":
            role: FontRole = "bold" if feat.scale >= 2 else "regular"
            return text_block(str(feat.value), x, y, frame.width * 0.82, self.font, ink, role)
        return die_face(int(feat.value), x, y, self.half_width * 2 * scale, colours)


ICON_SMALLEST = 0.5  # an icon moved into rock keeps at least half its size
SIGN = 0.3  # a label wider than this share of the tile, each side, is a sign across the
# tile (a base's name): no rock holds it, so it stays where the tileset puts it
DIE_SMALLEST = 0.75  # pips stay easy to count
LABEL_SMALLEST = 0.7
BADGE_SMALLEST = MIN_TEXT / 1.1  # radius of the smallest badge whose number is still 6 pt


def tile_features(shape: Shape, size: float, tile: TileKind, colours: dict[str, str],
                  own: Mapping[str, Art] | None = None,
                  sign_points: float | None = None) -> list[Primitive]:
    """A tunnel tile's features, each moved off walls and tunnel arms into free rock.

    See :mod:`pnp.model.rock`: a feature stays where its tileset puts it when
    that spot is clear rock or inside a room, and otherwise goes to the
    nearest rock that holds it, shrunk only as far as it must be. A badge is
    placed after its icon, beside the icon's top-right and clear of its art,
    and may overlap that icon but nothing else. A name too long for
    any rock (a base tile's) goes into the tile's chamber under its icon, in
    letters at most ``sign_points`` high (every sign of a tileset shares one
    size: see :func:`sign_points`).
    """
    items: list[Primitive] = []
    for entry in _placed_features(shape, size, tile, sign_points):
        items.extend(entry.draw(colours, own))
    return items


@functools.lru_cache(maxsize=8)
def sign_points(tileset: Tileset) -> float | None:
    """The one size (in points) the name signs of a tileset are set at: the largest its
    tightest sign fits, never under 6 pt. Sized each on its own, MINE ENTRANCE came
    out smaller than BEETLE HIVE on tiles a player sees side by side; a sign set
    smaller still fits, so none moves. None when the tileset has no sign."""
    sizes = [entry.look.font * entry.scale for tile in tileset.tiles if tile.paths and
             any(feat.kind == "label" for feat in tile.features)
             for entry in _placed_features(tileset.shape, tileset.size, tile, None)
             if entry.lines]
    return min(sizes, default=None)


def _placed_features(shape: Shape, size: float, tile: TileKind,
                     sign_points: float | None) -> list[_Placed]:
    """Where each of a tunnel tile's features goes and at what size (see tile_features)."""
    frame = tile_frame(shape, size)
    width, height = shape.box(size)
    placer = Placer(shape, tile, frame.margin / size)
    placed: list[_Placed] = []

    def units(point: Point) -> Point:
        return ((point[0] - width / 2) / size, (point[1] - height / 2) / size)

    def points(spot: Point) -> Point:
        return (width / 2 + spot[0] * size, height / 2 + spot[1] * size)

    for feat in tile.features:
        look = _Look(feat, frame, True)
        footprint = Footprint(units(look.anchor), look.half_width / size,
                              look.half_height / size, feat.kind in ("icon",), look.smallest(),
                              movable=look.half_width <= SIGN * size,
                              on_floor=feat.kind == "icon" and str(feat.value) in FLOOR_ICONS)
        if feat.kind == "label" and placer.rooms and \
                (not footprint.movable or placer.find(footprint) is None) and \
                _sign_in_room(look, placed, (placer.rooms[0], sign_points), size, points):
            continue  # a name no rock holds, set in the room under its icon
        if feat.kind == "icon" and feat.badge:
            spot, badge_at, reach = _icon_and_badge(placer, footprint, (look.half_width / size,
                                                                        BADGE_SMALLEST / size))
            placed.append(_Placed(look, points(spot.centre), spot.scale,
                                  spot.centre == (0.0, 0.0)))
            placed[-1].badge = (points(badge_at), reach * size)
            continue
        spot = placer.place(footprint)
        placed.append(_Placed(look, points(spot.centre), spot.scale, spot.centre == (0.0, 0.0)))
    return placed


class Mark(msgspec.Struct, frozen=True):
    """Where one feature of a tile is drawn, in points: its centre, its half sizes, and
    whether it is round (an icon) or a box (a label, a text, a die). What the placer
    decided, so a check of what covers what sees the tile as it prints."""

    x: float
    y: float
    half_width: float
    half_height: float
    round: bool


def drawn_marks(tileset: Tileset, tile: TileKind) -> list[Mark]:
    """One mark per feature of ``tile``, in the order the tileset lists them."""
    shape, size = tileset.shape, tileset.size
    if tile.paths:
        return [entry.mark() for entry in
                _placed_features(shape, size, tile, sign_points(tileset))]
    frame = tile_frame(shape, size)
    marks = []
    for feat in tile.features:
        look = _Look(feat, frame, False)
        marks.append(Mark(*look.anchor, look.half_width, look.half_height,
                          feat.kind == "icon"))
    return marks


# How far an icon with a number badge may shrink (on top of the placer's own shrinking)
# so that the badge finds rock beside it rather than over it, largest first.
BADGE_ROOM_SHRINKS = (1.0, 0.9, 0.8, 0.7, 0.6)


def _icon_and_badge(placer: Placer, footprint: Footprint,
                    radii: tuple[float, float]) -> tuple[Spot, Point, float]:
    """An icon and its number badge: the icon as large as it fits with its badge beside
    it in free rock; where even the smallest icon leaves no side free (a crossing's
    small corners), the icon at its own size with the badge over its top right.
    ``radii`` are the icon's at full size and the smallest badge's; all in tile sizes.
    The icon's spot carries the whole scale, its own shrinking and the placer's."""
    radius, least = radii
    before = len(placer.placed)
    for shrink in BADGE_ROOM_SHRINKS:
        if footprint.smallest / shrink > 1.0:
            break
        smaller = msgspec.structs.replace(
            footprint, half_width=footprint.half_width * shrink,
            half_height=footprint.half_height * shrink,
            smallest=footprint.smallest / shrink)
        spot = placer.place(smaller)
        drawn = radius * shrink * spot.scale
        reach = max(drawn * 0.36, least)
        beside = _badge_beside(placer, spot.centre, (drawn, reach))
        if beside is not None:
            return Spot(spot.centre, spot.scale * shrink), beside, reach
        del placer.placed[before:]
    spot = placer.place(footprint)
    drawn = radius * spot.scale
    reach = max(drawn * 0.36, least)
    nominal = (spot.centre[0] + drawn * 0.78, spot.centre[1] - drawn * 0.78)
    over = placer.place(Footprint(nominal, reach, reach, True, partner=len(placer.placed) - 1))
    return spot, over.centre, reach


# Where a badge may sit round its icon, in the order tried: top right first, as on
# cards and tokens, then the other sides (angles in degrees, y down).
BADGE_BEARINGS = (-45, -135, 0, 180, 45, 135, -90, 90)


def _badge_beside(placer: Placer, centre: Point, sizes: tuple[float, float]) -> Point | None:
    """A badge's place beside its icon and clear of its art (an altar's candle, a
    fossil's skull), on the first side with free rock; None where no side has room.
    ``centre`` and ``sizes`` (the icon's radius and the badge's) are in tile sizes."""
    radius, reach = sizes
    away = radius + reach + GAP + 1e-6  # the two boxes side by side, as the placer sees them
    for bearing in BADGE_BEARINGS:
        angle = math.radians(bearing)
        along = max(abs(math.cos(angle)), abs(math.sin(angle)))  # to a box's edge, not a circle's
        want = (centre[0] + away * math.cos(angle) / along,
                centre[1] + away * math.sin(angle) / along)
        spot = placer.place_at(Footprint(want, reach, reach, True))
        if spot is not None:
            return spot.centre
    return None


class _Placed:
    """A feature as it will be drawn: where, how big, and its badge's place if it has one."""

    def __init__(self, look: _Look, centre: Point, scale: float, central: bool) -> None:
        self.look, self.centre, self.scale, self.central = look, centre, scale, central
        self.badge: tuple[Point, float] | None = None
        self.lines: list[str] = []  # a name set in the room, line by line

    def mark(self) -> Mark:
        """Where it is drawn and how big (a sign: its plaque)."""
        x, y = self.centre
        if self.lines:
            half_w, half_h = _plaque(self.lines, self.look.font)
            return Mark(x, y, half_w * self.scale, half_h * self.scale, False)
        return Mark(x, y, self.look.half_width * self.scale, self.look.half_height * self.scale,
                    self.look.feat.kind == "icon")

    def draw(self, colours: dict[str, str], own: Mapping[str, Art] | None) -> list[Primitive]:
        if self.lines:
            return stacked_label(self.lines, *self.centre, self.look.font * self.scale, colours)
        items = self.look.draw(self.centre, self.scale, colours, colours["ink"], own)
        if self.badge is not None:
            (x, y), reach = self.badge
            items.extend(badge(str(self.look.feat.badge), x, y, reach, colours))
        return items


def _sign_in_room(look: _Look, placed: list[_Placed], room: tuple[float, float | None],
                  size: float, points: Callable[[Point], Point]) -> bool:
    """Set a long name low in the tile's room and move the room's icon above it (shrunk),
    if the two fit; say whether they did. ``room`` is the room's radius and the
    largest letters (points) the name may take, if any bound."""
    radius_of_room, most = room
    smallest = min(1.0, MIN_TEXT / look.font)
    largest = max(smallest, min(1.0, most / look.font)) if most is not None else 1.0
    icon = next((entry for entry in placed if entry.look.feat.kind == "icon" and
                 entry.central and entry.badge is None), None)
    radius = icon.look.half_width * icon.scale / size if icon is not None else None
    for lines in _sign_lines(str(look.feat.value)):
        half_w, half_h = _plaque(lines, look.font)
        found = room_sign(radius_of_room, half_w / size, half_h / size,
                          (largest, smallest), radius)
        if found is None:
            continue
        sign = _Placed(look, points((0.0, found.sign_y)), found.scale, True)
        sign.lines = lines
        placed.append(sign)
        if icon is not None and radius:
            icon.centre = points((0.0, found.icon_y))
            icon.scale *= found.icon_radius / radius
        return True
    return False


def _sign_lines(text: str) -> list[list[str]]:
    """A name on one line, then on two lines split where they come out most even."""
    words = text.split()
    splits = sorted(range(1, len(words)), key=lambda at: abs(len(" ".join(words[:at])) -
                                                            len(" ".join(words[at:]))))
    return [[text]] + [[" ".join(words[:at]), " ".join(words[at:])] for at in splits[:1]]


def _plaque(lines: list[str], size: float) -> tuple[float, float]:
    """Half the width and height of a stacked plaque of ``lines`` at ``size`` points."""
    width = max(string_width(line, "condensed", size) for line in lines) + size * 1.2
    return width / 2, (size * 1.15 * len(lines) + size * 0.45) / 2


def stacked_label(lines: list[str], x: float, y: float, size: float,
                  colours: dict[str, str]) -> list[Primitive]:
    """A plaque of one or more centred lines: reads on rock and on floor alike."""
    half_w, half_h = _plaque(lines, size)
    leading = size * 1.15
    first = y - leading * (len(lines) - 1) / 2 + size * 0.36
    return [Outline(rect(x - half_w, y - half_h, 2 * half_w, 2 * half_h, size * 0.35),
                    Style(fill=colours["ink"], stroke=colours["floor"], width=size * 0.09),
                    plaque=True),
            *(Text(x, first + index * leading, line, size, "condensed", "middle",
                   colours["floor"]) for index, line in enumerate(lines))]


def design_tile(tileset: Tileset, tile: TileKind, bleed: float = 0.0) -> Drawing:
    """The front of one tile kind: rock, optional art, tunnels, then features on top."""
    shape, size = tileset.shape, tileset.size
    colours = dict(tileset.palette)
    width, height = shape.box(size)
    grow = bleed
    edge = outline(shape, size, grow)
    reach = grow + size * (FLOOR_RATIO / 2 + WALL_RATIO) + 1.0
    items: list[Primitive] = [Outline(edge, Style(fill=colours["rock"]))]
    items.extend(rock_texture(colours, width, height, grow, _seed(tileset.rules_game, tile.name)))
    if tile.art is not None:
        items.append(Picture(tile.art, 0.0, 0.0, width, height))
    items.extend(tunnels(shape, size, tile.paths, colours, reach,
                         _seed(tileset.rules_game, tile.name, "cavern")))
    if tile.paths:
        items.extend(tile_features(shape, size, tile, colours, tileset.own_icons,
                                   sign_points(tileset)))
    else:
        items.extend(features(tile_frame(shape, size), tile.features, colours, False,
                              own=tileset.own_icons))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


def design_back(tileset: Tileset, back: Back, width: float, height: float,
                bleed: float = 0.0, piece: PieceCut | None = None) -> Drawing:
    """A back: a dark field bleeding off every edge, a frame, the motif and the title.

    Nothing near the edge carries meaning, so a duplex print that lands a
    millimetre off still looks deliberate. ``piece`` is the cut outline; the
    tiles' own shape unless a card or token says otherwise.
    """
    piece = piece if piece is not None else shape_cut(tileset.shape)
    colours = dict(tileset.palette)
    size = min(width, height)
    edge = piece_outline(piece, width, height, bleed)
    inset = size * 0.09
    # No frame line near the edge: a duplex print a millimetre or two off would
    # show it lopsided. Everything on a back sits well inside the cut.
    # the low-ink palette (pnp.draw.ink) lightens the field; without it, it is the walls' dark
    title_colour = colours.get("back-title", colours["floor"])
    items: list[Primitive] = [Outline(edge, Style(fill=colours.get("back-field",
                                                                   colours["wall"])))]
    texture = {**colours, "rock-dark": colours.get("back-texture-dark", "#3b3027"),
               "rock-light": colours.get("back-texture-light", "#4a3d31")}
    items.extend(rock_texture(texture, width, height, bleed,
                              _seed(tileset.rules_game, "back", back.name)))
    text_width = width - 2.6 * inset if piece.fills_box else size * 0.62
    title_size = fit_size(back.title.upper(), "condensed", size * 0.11, text_width)
    sub_size = max(MIN_TEXT, size * 0.06)
    # on a piece too small to print it legibly the subtitle is left out, not shrunk
    subtitle = back.subtitle if string_width(back.subtitle, "regular", sub_size) <= \
        text_width else ""
    motif_r, motif_y = (size * 0.17, height / 2 + size * 0.01) if subtitle else \
        (size * 0.22, height / 2 - size * 0.06)
    items.append(Circle(width / 2, motif_y, motif_r * 1.16,
                        Style(fill=colours["rock-light"], stroke=title_colour,
                              width=size * 0.015)))
    items.extend(ICONS[back.motif](Pen(width / 2, motif_y, motif_r, colours)))
    items.append(Text(width / 2, height / 2 + size * 0.32, back.title.upper(), title_size,
                      "condensed", "middle", title_colour))
    if subtitle:
        items.append(Text(width / 2, height / 2 - size * 0.27, subtitle, sub_size,
                          "regular", "middle", colours.get("back-subtitle",
                                                           colours["rock-light"])))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


def piece_outline(cut: PieceCut, width: float, height: float,
                  grow: float = 0.0) -> tuple[Command, ...]:
    """The cut line of a piece, grown by ``grow`` for bleed (or shrunk, for frames)."""
    if cut.round:
        return ellipse(width / 2, height / 2, width / 2 + grow, height / 2 + grow)
    if cut.shape is not None:
        return outline(cut.shape, min(width, height), grow)  # size is across the flats
    return rect(-grow, -grow, width + 2 * grow, height + 2 * grow)
