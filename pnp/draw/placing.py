"""Features on a piece: where each one goes, and how icons, labels, text and dice are drawn.

A feature is drawn where its tileset puts it (a frame's centre, edge or
corner). On a tunnel tile it is first moved off walls and tunnel arms into
free rock by the placer (:mod:`pnp.model.rock`), each clear of those before
it; a long name goes into the tile's room as a sign, one letter size per
tileset; a number badge sits beside its icon where the rock has room. What
the placer decided can be read back as marks (:func:`drawn_marks`), so a
check of what covers what sees the tile as it prints.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping

import msgspec

from pnp.draw.badges import BADGE_SMALLEST, badge, icon_and_badge
from pnp.draw.icons import FLOOR_ICONS, ICON_HEIGHT, draw_icon
from pnp.draw.ink import ink_for
from pnp.draw.pen import Pen
from pnp.draw.scene import Circle, Outline, Primitive, Style, Text, rect
from pnp.geometry.points import Point
from pnp.geometry.shapes import Shape
from pnp.input.direction import mark_lines
from pnp.input.faces import MIN_TEXT, FontRole, fit_size, greedy_lines, string_width
from pnp.model.icons import SQUARE_ICONS
from pnp.model.pieces import piece_box, piece_cut
from pnp.model.rock import Footprint, Placer, room_sign
from pnp.model.tileset import Art, Component, Feature, TileKind, Tileset


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

    def chord(self, centre: Point, half_height: float) -> float:
        """How wide a block of text centred on ``centre``, ``half_height`` tall, may be and
        keep its corners inside the circle features keep to (82% of the face at most)."""
        reach = self.size * 0.40 - self.margin
        far = abs(centre[1] - self.height / 2) + half_height  # the block's far edge
        across = 2 * math.sqrt(max(reach * reach - far * far, 0.0))
        return min(self.width * 0.82, max(across, self.width * 0.3))

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


LABEL_SHARE = 0.085  # a name's letters at scale 1, as a share of the piece's size
TILE_MARGIN = 4.0  # with each feature's own inset, keeps art about 3 mm inside the cut


def tile_frame(shape: Shape, size: float) -> Frame:
    width, height = shape.box(size)
    return Frame(width, height, not shape.fills_box, TILE_MARGIN)


def label(text: str, x: float, y: float, width: float, size: float,
          colours: dict[str, str]) -> list[Primitive]:
    """A dark plaque with light text: reads on rock and on floor alike."""
    font_size = fit_size(text, "label", size, width - size * 0.8)
    plaque_h = font_size * 1.45
    plaque_w = min(width, string_width(text, "label", font_size) + font_size * 1.2)
    return [
        Outline(rect(x - plaque_w / 2, y - plaque_h / 2, plaque_w, plaque_h, font_size * 0.35),
                Style(fill=colours["ink"], stroke=colours["floor"], width=font_size * 0.09),
                plaque=True),
        Text(x, y + font_size * 0.36, text, font_size, "label", "middle", colours["floor"]),
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
    """Break ``text`` into lines no wider than ``width``; blank lines start paragraphs.

    A paragraph with Hebrew or Arabic in it keeps one direction on every line, the
    direction of its first letter: each line starts with that direction's invisible
    mark (:func:`pnp.input.direction.mark_lines`), which is read and not drawn.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        broken = greedy_lines(words, role, size, width) if words else [""]
        lines += mark_lines(paragraph, broken)
    return lines


def text_block(text: str, x: float, y: float, width: float, size: float,
               colour: str, role: FontRole = "regular") -> list[Primitive]:
    """Wrapped, centred lines whose block is centred on (x, y)."""
    lines = wrap(text, role, size, width)
    while len(lines) > 1 and max(string_width(line, role, size) for line in lines) > width \
            and size * 0.92 >= MIN_TEXT:
        size *= 0.92  # a single long word: shrink rather than overflow, down to 6 pt
        lines = wrap(text, role, size, width)
    if len(lines) == 1:
        size = fit_size(lines[0], role, size, width)
    leading = size * 1.22
    first = y - leading * (len(lines) - 1) / 2 + size * 0.36
    return [Text(x, first + index * leading, line, size, role, "middle", colour)
            for index, line in enumerate(lines) if line]


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
        self.tall = 1.0  # the box's height over its width, for an icon
        size = frame.size
        if feat.kind == "icon":
            radius = size * (0.24 if has_tunnels else 0.3) * feat.scale
            # a tall icon's box is taller than its circle on a tunnel tile's rock only
            self.tall = ICON_HEIGHT.get(str(feat.value), 1.0) if has_tunnels else 1.0
            x, y = frame.anchor(feat.at, radius * self.tall + size * 0.04)
            if feat.at == "center" and not has_tunnels:
                y -= size * 0.07
            self.anchor, self.half_width, self.half_height = (x, y), radius, radius * self.tall
        elif feat.kind == "label":
            self.font = size * LABEL_SHARE * feat.scale
            fitted = fit_size(str(feat.value), "label", self.font,
                              frame.width * 0.8 - self.font * 0.8)
            self.half_width = min(frame.width * 0.8, string_width(
                str(feat.value), "label", fitted) + fitted * 1.2) / 2
            self.half_height = fitted * 1.45 / 2
            self.anchor = frame.anchor(feat.at, self.font * 1.6)
            if not frame.inscribed:  # a wide plaque at a side or corner stays on the face
                across = frame.anchor(feat.at, max(self.font * 1.6, self.half_width + 1.0))
                self.anchor = (across[0], self.anchor[1])
        elif feat.kind == "text":
            self.font = size * 0.065 * feat.scale
            self.text_width = frame.width * 0.82
            self.anchor, half_block = self._text_block_at(self.text_width)
            if frame.inscribed:  # lines as wide as the ring allows where they sit
                for _ in range(3):
                    self.text_width = frame.chord(self.anchor, half_block)
                    self.anchor, half_block = self._text_block_at(self.text_width)
            self.half_width, self.half_height = self.text_width / 2, half_block
        else:
            side = size * 0.2 * feat.scale
            self.anchor = frame.anchor(feat.at, side / 2 + size * 0.05)
            self.half_width = self.half_height = side / 2

    @property
    def role(self) -> FontRole:
        return "bold" if self.feat.scale >= 2 else "regular"

    def _text_block_at(self, width: float) -> tuple[Point, float]:
        """Where a text feature's block sits when wrapped to ``width``, and half its height;
        on a square face, a block at a side or corner is kept whole on the face."""
        lines = wrap(str(self.feat.value), self.role, self.font, width)
        half_block = (self.font * 1.22 * (len(lines) - 1) + self.font) / 2
        inset = half_block + self.font * 0.4
        anchor = self.frame.anchor(self.feat.at, inset)
        if not self.frame.inscribed:
            widest = max(string_width(line, self.role, self.font) for line in lines)
            across = self.frame.anchor(self.feat.at, max(inset, widest / 2 + 1.0))
            anchor = (across[0], anchor[1])
        return anchor, half_block

    def smallest(self) -> float:
        """How far the feature may shrink to find rock: its text stays 6 pt or more."""
        if self.feat.kind == "icon":
            return ICON_SMALLEST
        if self.feat.kind == "die":
            # a die kept in its corner (it tells which way up the tile lies) may shrink
            # further into the rock an elbow leaves there
            return DIE_SMALLEST if self.feat.at == "center" else DIE_IN_CORNER
        if self.feat.kind == "label":
            return min(1.0, max(LABEL_SMALLEST, MIN_TEXT * 1.45 / (2 * self.half_height)))
        return 1.0

    def draw(self, centre: Point, scale: float, colours: dict[str, str], ink: str,
             own: Mapping[str, Art] | None = None) -> list[Primitive]:
        feat, frame, (x, y) = self.feat, self.frame, centre
        if feat.kind == "icon":
            return draw_icon(str(feat.value), Pen(x, y, self.half_width * scale, colours,
                                                  self.tall), own)
        if feat.kind == "label":
            return label(str(feat.value), x, y, frame.width * 0.8, self.font * scale, colours)
        if feat.kind == "text":
            return text_block(str(feat.value), x, y, self.text_width, self.font, ink, self.role)
        return die_face(int(feat.value), x, y, self.half_width * 2 * scale, colours)


ICON_SMALLEST = 0.5  # an icon moved into rock keeps at least half its size
SIGN = 0.3  # a label wider than this share of the tile, each side, is a sign across the
# tile (a base's name): no rock holds it, so it stays where the tileset puts it
DIE_SMALLEST = 0.75  # pips stay easy to count
DIE_IN_CORNER = 0.55  # a corner's die: still 0.16 in wide on a 1.5 in tile, pips apart
LABEL_SMALLEST = 0.7


class TileSizes(msgspec.Struct, frozen=True):
    """The sizes a tileset sets alike on every tunnel tile: its name signs' letters (in
    points; None without signs) and each icon's radius (in points) where it lies in rock."""

    sign: float | None = None
    icons: tuple[tuple[str, float], ...] = ()
    corner_die: float | None = None  # the scale every corner die is drawn at; None: its own
    # how low a name in a room sits (tile sizes below the room's centre): the highest any
    # name of the tileset sits, so the bases' names line up; None: each as low as it fits
    sign_y: float | None = None
    # the smallest number badge's radius, in points at the tile's own size: a tile
    # pictured shrunk (a book's catalogue) asks for a larger one, so its number prints
    # at 6 pt placed beside its icon; grown after placing, it had covered the icon
    badge: float = BADGE_SMALLEST


def tile_features(shape: Shape, size: float, tile: TileKind, colours: dict[str, str],
                  own: Mapping[str, Art] | None = None,
                  sizes: TileSizes | None = None) -> list[Primitive]:
    """A tunnel tile's features, each moved off walls and tunnel arms into free rock.

    See :mod:`pnp.model.rock`: a feature stays where its tileset puts it when
    that spot is clear rock or inside a room, and otherwise goes to the
    nearest rock that holds it, shrunk only as far as it must be. A badge is
    placed after its icon, beside the icon's top-right and clear of its art,
    and may overlap that icon but nothing else. A name too long for
    any rock (a base tile's) goes into the tile's chamber under its icon, in
    letters at most ``sizes.sign`` high; every sign of a tileset shares one size,
    and every icon lying in rock one size per icon (see :func:`tile_sizes`).
    """
    items: list[Primitive] = []
    for entry in _placed_features(shape, size, tile, sizes or TileSizes()):
        items.extend(entry.draw(colours, own))
    return items


@functools.lru_cache(maxsize=8)
def tile_sizes(tileset: Tileset) -> TileSizes:
    """The sizes a tileset's tunnel tiles share (see :class:`TileSizes`).

    Signs: the largest its tightest sign fits, never under 6 pt. Sized each on
    its own, MINE ENTRANCE came out smaller than BEETLE HIVE on tiles a player
    sees side by side. Dice in a corner: the size the tightest corner holds (an
    elbow's), since a die sized tile by tile read as a different die. Icons: the
    largest every tile's rock holds the icon at, with its number badge beside it,
    clear of every other mark; an altar or a well of one size wherever it lies, as
    a player expects of one symbol. A smaller sign, die or icon still fits where a
    larger one did, so none moves.
    """
    tunnels = [tile for tile in tileset.tiles if tile.paths]
    sizes = _signs_and_dice(tileset, tunnels)
    for _ in range(ICON_ROUNDS):
        found, crowded = _icon_radii(tileset, tunnels, sizes)
        icons = tuple(sorted((name, radius * (ICON_SHRINK if name in crowded else 1.0))
                             for name, radius in found.items()))
        if icons == sizes.icons and not crowded:
            break
        sizes = TileSizes(sizes.sign, icons, sizes.corner_die, sizes.sign_y)
    return sizes


def _signs_and_dice(tileset: Tileset, tunnels: list[TileKind]) -> TileSizes:
    """The signs' one letter size and the corner dice's one scale, from the tiles laid
    out each on its own."""
    alone = [entry for tile in tunnels
             if any(feat.kind in ("label", "die") for feat in tile.features)
             for entry in _placed_features(tileset.shape, tileset.size, tile, TileSizes())]
    signs = [entry.look.font * entry.scale for entry in alone if entry.lines]
    dice = [entry.scale for entry in alone if _corner_die(entry.look.feat)]
    sizes = TileSizes(min(signs, default=None), corner_die=min(dice, default=None))
    if not signs:
        return sizes
    # at the one letter size, a wider name sits higher in its round room: every name
    # goes as high as the highest, so MINE ENTRANCE and BEETLE HIVE line up
    middle = tileset.shape.box(tileset.size)[1] / 2
    heights = [(entry.centre[1] - middle) / tileset.size for tile in tunnels
               if any(feat.kind == "label" for feat in tile.features)
               for entry in _placed_features(tileset.shape, tileset.size, tile, sizes)
               if entry.lines]
    return TileSizes(sizes.sign, corner_die=sizes.corner_die, sign_y=min(heights))


def _icon_radii(tileset: Tileset, tunnels: list[TileKind],
                sizes: TileSizes) -> tuple[dict[str, float], set[str]]:
    """Each icon's smallest radius (points) on the tunnel tiles laid out at ``sizes``,
    and the icons whose badge found no free side on some tile. An icon in a room
    (an entrance's castle) has the room's own size and is left out."""
    found: dict[str, float] = {}
    crowded: set[str] = set()
    for tile in tunnels:
        roomy = any(path.junction or path.style == "cavern" for path in tile.paths)
        for entry in _placed_features(tileset.shape, tileset.size, tile, sizes):
            if entry.look.feat.kind != "icon" or (entry.central and roomy):
                continue
            name = str(entry.look.feat.value)
            radius = entry.look.half_width * entry.scale
            found[name] = min(found.get(name, radius), radius)
            if entry.badge_over:
                crowded.add(name)
    return found, crowded


ICON_ROUNDS = 8  # passes that settle each icon's one size: a few are enough
ICON_SHRINK = 0.9  # an icon whose badge found no free side is tried this much smaller


def _placed_features(shape: Shape, size: float, tile: TileKind,
                     sizes: TileSizes) -> list[_Placed]:
    """Where each of a tunnel tile's features goes and at what size (see tile_features)."""
    frame = tile_frame(shape, size)
    width, height = shape.box(size)
    placer = Placer(shape, tile, frame.margin / size)
    placed: list[_Placed] = []

    def units(point: Point) -> Point:
        return ((point[0] - width / 2) / size, (point[1] - height / 2) / size)

    def points(spot: Point) -> Point:
        return (width / 2 + spot[0] * size, height / 2 + spot[1] * size)

    icons = dict(sizes.icons)
    for feat in tile.features:
        look = _Look(feat, frame, True)
        shared = feat.kind == "icon" and str(feat.value) in icons
        if shared:  # the tileset's one size
            look.half_width = icons[str(feat.value)]
            look.half_height = look.half_width * look.tall
        if _corner_die(feat) and sizes.corner_die is not None:  # the tileset's one size
            look.half_width *= sizes.corner_die
            look.half_height *= sizes.corner_die
            shared = True
        footprint = Footprint(units(look.anchor), look.half_width / size,
                              look.half_height / size,
                              feat.kind == "icon" and str(feat.value) not in SQUARE_ICONS,
                              1.0 if shared else look.smallest(),
                              movable=look.half_width <= SIGN * size,
                              on_floor=lies_on_floor(feat, tile),
                              in_quarter=_corner_die(feat))
        if feat.kind == "label" and placer.rooms and \
                (not footprint.movable or placer.find(footprint) is None) and \
                _sign_in_room(look, placed, (placer.rooms[0], sizes.sign, sizes.sign_y), size,
                              points):
            continue  # a name no rock holds, set in the room under its icon
        if feat.kind == "icon" and feat.badge:
            spot, badge_at, reach, over = icon_and_badge(
                placer, footprint, (look.half_width / size, sizes.badge / size))
            placed.append(_Placed(look, points(spot.centre), spot.scale,
                                  spot.centre == (0.0, 0.0)))
            placed[-1].badge = (points(badge_at), reach * size)
            placed[-1].badge_over = over
            continue
        spot = placer.place(footprint)
        placed.append(_Placed(look, points(spot.centre), spot.scale, spot.centre == (0.0, 0.0)))
    return placed


def _corner_die(feat: Feature) -> bool:
    """A die in a corner of its tile, whose corner says which way up the tile lies."""
    return feat.kind == "die" and feat.at != "center"


def lies_on_floor(feat: Feature, tile: TileKind) -> bool:
    """Whether a feature lies on the tunnel floor where it is put rather than in the rock:
    a thing in the tunnel (mud), or a sign at an open edge (Dynamine's "+1"), which marks
    that tunnel's mouth and would mark none from the rock beside it."""
    if feat.kind == "icon":
        return str(feat.value) in FLOOR_ICONS
    # a sign, not a name: a tile's name is read, and goes where a name fits
    return feat.kind == "label" and feat.at in tile.ports and not is_name(feat)


def is_name(feat: Feature) -> bool:
    """Whether a feature is a name (a label with letters: MINE ENTRANCE), not a sign
    ("+1"): a name is read, a sign is part of a symbol."""
    return feat.kind == "label" and any(character.isalpha() for character in str(feat.value))


def unnamed(tile: TileKind) -> TileKind:
    """The design without its names, its signs ("+1") kept: what a picture shows where
    words beside it name the tile, or where its names would not print legibly."""
    return msgspec.structs.replace(tile, features=tuple(
        feature for feature in tile.features if not is_name(feature)))


class Mark(msgspec.Struct, frozen=True):
    """Where one feature of a tile is drawn, in points: its centre, its half sizes, and
    whether it is round (an icon) or a box (a label, a text, a die). What the placer
    decided, so a check of what covers what sees the tile as it prints."""

    x: float
    y: float
    half_width: float
    half_height: float
    round: bool


def drawn_marks(tileset: Tileset, tile: TileKind, badge: float = BADGE_SMALLEST) -> list[Mark]:
    """One mark per feature of ``tile``, in the order the tileset lists them; ``badge`` as
    for :class:`TileSizes`."""
    shape, size = tileset.shape, tileset.size
    if tile.paths:
        sizes = msgspec.structs.replace(tile_sizes(tileset), badge=badge)
        return [entry.mark() for entry in _placed_features(shape, size, tile, sizes)]
    frame = tile_frame(shape, size)
    marks = []
    for feat in pathless_features(tileset, tile):
        look = _Look(feat, frame, False)
        marks.append(Mark(*look.anchor, look.half_width, look.half_height,
                          feat.kind == "icon"))
    return marks


def piece_frame(tileset: Tileset, component: Component) -> Frame:
    """The frame a token's or a plain piece's features keep to: a square piece's inside its
    printed frame line, a round or hex piece's inside its inscribed circle."""
    width, height = piece_box(tileset, component)
    cut = piece_cut(tileset, component)
    size = min(width, height)
    margin = frame_inset(size, cut.fills_box) + size * 0.03 if cut.fills_box else 0.0
    return Frame(width, height, not cut.fills_box, margin)


def frame_inset(size: float, square: bool) -> float:
    """How far inside a token's cut its printed frame line runs (square pieces), or its
    round or hex art's inner ring: a share of the piece's smaller side."""
    return size * (0.05 if square else 0.07)


def piece_marks(tileset: Tileset, component: Component,
                feats: tuple[Feature, ...]) -> list[Mark]:
    """One mark per feature of one face of a token or plain piece, as drawn; none for a
    card, which is laid out as a card (title band, art, rules box), not by anchors."""
    if component.kind == "card" and piece_cut(tileset, component).fills_box:
        return []
    frame = piece_frame(tileset, component)
    marks = []
    for feat in feats:
        look = _Look(feat, frame, False)
        marks.append(Mark(*look.anchor, look.half_width, look.half_height,
                          feat.kind == "icon"))
    return marks


def pathless_features(tileset: Tileset, tile: TileKind) -> tuple[Feature, ...]:
    """A tile without tunnels' features (Demon Mine's events), its names set no larger than
    the tunnel tiles' signs: sized alone, MINER printed at 9 pt beside a MINE ENTRANCE of
    6.6 pt on the same sheet, and TUNNEL COLLAPSE ran to 3 mm from the cut."""
    sign = tile_sizes(tileset).sign
    if sign is None:
        return tile.features
    natural = tileset.size * LABEL_SHARE
    return tuple(msgspec.structs.replace(feat, scale=min(feat.scale, sign / natural))
                 if feat.kind == "label" else feat for feat in tile.features)


def drawn_badges(tileset: Tileset, tile: TileKind,
                 badge: float = BADGE_SMALLEST) -> list[tuple[int, Mark, bool]]:
    """Each number badge of a tunnel tile as drawn: the index of its icon's feature, its
    disc, and whether it sits over its icon's corner (no side had room); ``badge`` as
    for :class:`TileSizes`."""
    if not tile.paths:
        return []
    found = []
    sizes = msgspec.structs.replace(tile_sizes(tileset), badge=badge)
    for index, entry in enumerate(_placed_features(tileset.shape, tileset.size, tile,
                                                   sizes)):
        if entry.badge is not None:
            (x, y), reach = entry.badge
            found.append((index, Mark(x, y, reach, reach, True), entry.badge_over))
    return found


def badges_beside(tileset: Tileset, tile: TileKind, badge: float) -> bool:
    """Whether every number badge of ``tile``, ``badge`` points across at least, finds
    rock beside its icon rather than lying over it."""
    return bool(tile.paths) and not any(over for _, _, over in
                                        drawn_badges(tileset, tile, badge))


class _Placed:
    """A feature as it will be drawn: where, how big, and its badge's place if it has one."""

    def __init__(self, look: _Look, centre: Point, scale: float, central: bool) -> None:
        self.look, self.centre, self.scale, self.central = look, centre, scale, central
        self.badge: tuple[Point, float] | None = None
        self.badge_over = False  # no side had room: the badge sits over its icon's corner
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


def _sign_in_room(look: _Look, placed: list[_Placed],
                  room: tuple[float, float | None, float | None],
                  size: float, points: Callable[[Point], Point]) -> bool:
    """Set a long name low in the tile's room and move the room's icon above it (shrunk),
    if the two fit; say whether they did. ``room`` is the room's radius, the
    largest letters (points) the name may take and the lowest it may sit (tile sizes
    below the room's centre), each if any bound."""
    radius_of_room, most, lowest = room
    smallest = min(1.0, MIN_TEXT / look.font)
    largest = max(smallest, min(1.0, most / look.font)) if most is not None else 1.0
    icon = next((entry for entry in placed if entry.look.feat.kind == "icon" and
                 entry.central and entry.badge is None), None)
    radius = icon.look.half_width * icon.scale / size if icon is not None else None
    for lines in _sign_lines(str(look.feat.value)):
        half_w, half_h = _plaque(lines, look.font)
        found = room_sign(radius_of_room, half_w / size, half_h / size,
                          (largest, smallest), radius, lowest)
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
    width = max(string_width(line, "label", size) for line in lines) + size * 1.2
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
            *(Text(x, first + index * leading, line, size, "label", "middle",
                   colours["floor"]) for index, line in enumerate(lines))]
