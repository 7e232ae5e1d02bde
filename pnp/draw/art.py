"""Tile and back designs as scenes: rock, tunnels, features, all derived from the model.

A design is computed from a tile kind alone, so each unique design is drawn
once however many copies the game has. Tunnels are true circular arcs between
ports (straight when the ports face each other; two turns on one tile hug their
corners, to keep rock between them) or spokes meeting in a round chamber;
walls are a wider dark stroke under the floor, which gives rounded joints for
free and works the same for squares and hexes.
"""

from __future__ import annotations

import math
import random
import zlib

import msgspec

from pnp.draw.badges import BADGE_SMALLEST
from pnp.draw.caves import bridge, cavern_floor, cavern_outline, pillars
from pnp.draw.icons import ICONS
from pnp.draw.pen import Pen
from pnp.draw.placing import (
    features,
    pathless_features,
    tile_features,
    tile_frame,
    tile_sizes,
)
from pnp.draw.rubble import is_shared_dead_end, rubble
from pnp.draw.scene import (
    Circle,
    Clip,
    Command,
    Drawing,
    Outline,
    Picture,
    Primitive,
    Style,
    Text,
    ellipse,
    polygon,
    rect,
)
from pnp.geometry.shapes import Shape
from pnp.input.faces import MIN_TEXT, fit_size, string_width
from pnp.model.ground import hugs_corner, turn_handle_length
from pnp.model.pieces import PieceCut, shape_cut
from pnp.model.tileset import Back, TileKind, Tileset, Tunnel
from pnp.units import mm

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


def tunnel_centreline(shape: Shape, size: float, path: Tunnel, reach: float,
                      hugging: bool = False) -> tuple[Command, ...]:
    """Commands for a path's centre line, each port pushed ``reach`` beyond its edge.

    Two ports not facing each other are joined by the circular arc tangent to
    both edge normals, or by a curve hugging the corner tighter where another
    turn shares the tile (:func:`pnp.model.ground.turn_handle_length`); one port, three
    or more, or a junction run to the centre.
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
        handle = turn_handle_length(((anx, any_), (bnx, bny)), math.hypot(bx - ax, by - ay),
                                    hugging)
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


def dead_end_line(shape: Shape, size: float, edge: str, reach: float,
                  past: float = 0.0) -> tuple[Command, ...]:
    """A dead end that shares its tile with other tunnels: its floor stops short of the
    centre, so it meets their walls but never runs out the other side. Drawn with square
    ends, a band ``past`` its floor's end: its wall then closes it with a straight face,
    the face a later path's wall gives the stubs it covers, so every blocked stub ends
    the same way (a rounded tip had read as a different thing from a walled one)."""
    px, py = shape.port(edge, size)
    nx, ny = shape.normal(edge)
    depth = size / 2 - size * (FLOOR_RATIO / 2 + WALL_RATIO) + past
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
        stub = is_shared_dead_end(path, paths)
        line = (dead_end_line(shape, size, path.ports[0], reach) if stub
                else tunnel_centreline(shape, size, path, reach,
                                       hugs_corner(shape, path, paths)))
        room = room_outline(shape, size, path, seed + index)
        for width, colour in ((floor + 2 * wall, "wall"), (floor + 0.7 * wall, "rock-light"),
                              (floor, "floor")):
            paint = colours[colour]
            if stub:
                band = dead_end_line(shape, size, path.ports[0], reach, (width - floor) / 2)
                items.append(Outline(band, Style(stroke=paint, width=width, cap="butt")))
            elif line:
                items.append(Outline(line, Style(stroke=paint, width=width, cap="round",
                                                 join="round")))
            if room is not None:
                items.append(Outline(room, Style(fill=paint, stroke=paint if width > floor
                                                 else None, width=width - floor, join="round")))
        if path.style == "cavern" and room is not None:
            items.extend(cavern_floor(room, line, shape.centre(size), size, colours))
            items.extend(pillars(shape, size, path, colours, seed + index))
        for lower in crossings.get(index, ()):
            items.extend(bridge(shape, size, path, paths[lower], colours))
    items.extend(rubble(shape, size, paths, colours, seed))
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


def design_tile(tileset: Tileset, tile: TileKind, bleed: float = 0.0,
                texture: int = 0, badge: float = BADGE_SMALLEST) -> Drawing:
    """The front of one tile kind: rock, optional art, tunnels, then features on top.

    ``texture`` picks one of the kind's rock textures (0 its own): the copies on
    a sheet take turns, so no two neighbours show the same pebbles. ``badge`` is the
    smallest number badge's radius in points (see :class:`TileSizes`).
    """
    shape, size = tileset.shape, tileset.size
    colours = dict(tileset.palette)
    width, height = shape.box(size)
    grow = bleed
    edge = outline(shape, size, grow)
    reach = grow + size * (FLOOR_RATIO / 2 + WALL_RATIO) + 1.0
    items: list[Primitive] = [Outline(edge, Style(fill=colours["rock"]))]
    seed = _seed(tileset.rules_game, tile.name, *((f"texture {texture}",) if texture else ()))
    items.extend(rock_texture(colours, width, height, grow, seed))
    if tile.art is not None:
        items.append(Picture(tile.art, 0.0, 0.0, width, height))
    items.extend(tunnels(shape, size, tile.paths, colours, reach,
                         _seed(tileset.rules_game, tile.name, "cavern")))
    if tile.paths:
        sizes = tile_sizes(tileset)
        if badge != sizes.badge:
            sizes = msgspec.structs.replace(sizes, badge=badge)
        items.extend(tile_features(shape, size, tile, colours, tileset.own_icons, sizes))
    else:
        items.extend(features(tile_frame(shape, size), pathless_features(tileset, tile),
                              colours, False, own=tileset.own_icons))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


BACK_ICON = 0.88  # a back's motif icon, as a share of its disc's inner radius


ROUND_SAFE = mm(2)  # a round back's title keeps this far inside the cut


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
    if piece.round:  # the chord a safe margin inside the cut, under the title's descent
        text_width = min(text_width, 2 * math.sqrt(max(
            0.0, (size / 2 - ROUND_SAFE) ** 2 - (size * 0.32 + size * 0.11 * 0.3) ** 2)))
    title_size = fit_size(back.title.upper(), "display", size * 0.11, text_width)
    # a round back too small to hold its title a safe way in from the cut shows its
    # motif alone: Gold Mine's 0.75 in token backs had their title's corners 0.9 mm
    # inside the cut, where an off-centre punch clips them
    title = back.title.upper() if string_width(back.title.upper(), "display", title_size) \
        <= text_width * 1.001 and title_size >= MIN_TEXT else ""
    sub_size = max(MIN_TEXT, size * 0.06)
    # on a piece too small to print it legibly the subtitle is left out, not shrunk
    subtitle = back.subtitle if string_width(back.subtitle, "regular", sub_size) <= \
        text_width else ""
    motif_r, motif_y = (size * 0.17, height / 2 + size * 0.01) if subtitle else \
        (size * 0.22, height / 2 - size * 0.06) if title else (size * 0.26, height / 2)
    items.append(Circle(width / 2, motif_y, motif_r * 1.16,
                        Style(fill=colours["rock-light"], stroke=title_colour,
                              width=size * 0.015)))
    # an icon's art reaches out to about 1.3 of its radius (a headframe's legs, a
    # castle's corners): drawn at 0.88 of the motif's, all of it stays inside the disc
    items.extend(ICONS[back.motif](Pen(width / 2, motif_y, motif_r * BACK_ICON, colours)))
    if title:
        items.append(Text(width / 2, height / 2 + size * 0.32, title, title_size,
                          "display", "middle", title_colour))
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
