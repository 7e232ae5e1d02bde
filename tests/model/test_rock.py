"""Features stand in free rock: never over a wall or a tunnel arm (issue 12).

The placement is worked out from the model (pnp.model.rock); these tests
check it two ways. Against geometry: a feature moved off a straight tunnel
clears the tunnel's wall by its own size. Against pixels: every shipped tunnel
tile is drawn with and without its features, and no pixel a feature paints
lies over a wall or a tunnel's floor in the drawing without them (a feature
inside a cavern or a junction's chamber may lie on that room's floor).
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace
from PIL import ImageChops
from support import close_to, named_demon_mine, svg_to_image, tileset_from_text

from pnp.draw.art import design_tile
from pnp.draw.placing import lies_on_floor
from pnp.export.svg import to_svg
from pnp.geometry.shapes import SHAPES
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.ground import CAVERN_REACH, CHAMBER_RATIO, FLOOR_RATIO, WALL_RATIO, floor
from pnp.model.rock import Footprint, Placer, _Arc
from pnp.model.tileset import TileKind, Tunnel

DPI = 150


def straight(*paths: str) -> TileKind:
    return TileKind("t", 1, tuple(Tunnel(tuple(p.split("-"))) for p in paths), (), True, "b")


def test_an_icon_on_a_straight_tunnel_moves_beside_it_and_clears_its_wall():
    square = SHAPES["square"]
    placer = Placer(square, straight("N-S"), 0.04)
    radius = 0.2
    spot = placer.place(Footprint((0.0, 0.0), radius, radius, True, 0.4))
    clearance = abs(spot.centre[0]) - FLOOR_RATIO / 2 - WALL_RATIO
    assert spot.scale < 1.0  # the rock beside a straight tunnel is narrower than the icon
    assert clearance >= radius * spot.scale - 0.02  # the grid's spacing is the slack
    assert abs(spot.centre[0]) + radius * spot.scale <= 0.5 - 0.04 + 1e-9  # inside the margin


def test_a_feature_that_fits_where_it_was_asked_stays_there():
    square = SHAPES["square"]
    placer = Placer(square, straight("N-S"), 0.04)
    corner = (0.33, -0.33)
    assert placer.place(Footprint(corner, 0.08, 0.08)).centre == corner


def test_an_icon_in_a_cavern_stays_in_the_room():
    square = SHAPES["square"]
    cave = TileKind("c", 1, (Tunnel(("N", "S"), style="cavern"),), (), True, "b")
    spot = Placer(square, cave, 0.04).place(Footprint((0.0, 0.0), 0.2, 0.2, True, 0.4))
    assert spot.centre == (0.0, 0.0) and spot.scale == 1.0


def test_later_features_keep_clear_of_earlier_ones_but_a_badge_may_touch_its_icon():
    square = SHAPES["square"]
    placer = Placer(square, straight("N-S"), 0.04)
    first = placer.place(Footprint((0.0, 0.0), 0.12, 0.12, True, 0.5))
    second = placer.place(Footprint((0.0, 0.0), 0.12, 0.12, True, 0.5))
    assert math.dist(first.centre, second.centre) >= 0.12 * (first.scale + second.scale)
    badge = placer.place(Footprint(first.centre, 0.05, 0.05, True, partner=0))
    assert math.dist(badge.centre, first.centre) < 0.12 * first.scale  # on its own icon


@given(st.sampled_from([("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")]),
       st.floats(-0.5, 0.5), st.floats(-0.5, 0.5))
def test_a_curved_tunnel_is_measured_as_the_arc_its_centre_line_follows(ports, x, y):
    line = floor(SHAPES["square"], Tunnel(ports), False).lines[0]
    brute = min(_segment(x, y, a, b) for a, b in itertools.pairwise(line))
    assert _Arc.through(line).distance((x, y)) == pytest.approx(brute, abs=2e-3)


def _segment(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


def _feature_pixels(tileset, tile, under=()) -> dict[str, int]:
    """Pixels a tile's features paint over the tile with only the features ``under``, by
    what lies under them: a wall, a tunnel arm's floor, a room's floor, or rock (and all
    of them)."""
    bare = svg_to_image(to_svg(design_tile(tileset, replace(tile, features=under))), DPI)
    full = svg_to_image(to_svg(design_tile(tileset, tile)), DPI)
    palette = dict(tileset.palette)
    width, height = bare.size
    rooms = [CAVERN_REACH if path.style == "cavern" else CHAMBER_RATIO
             for path in tile.paths if path.style == "cavern" or path.junction]
    size_px = tileset.size * DPI / 72
    counts = {"wall": 0, "arm": 0, "room": 0, "rock": 0, "all": 0}
    # A pixel the features changed: more than 30 on some channel (found for the
    # whole image at once, so the loop below visits only the changed pixels).
    bands = ImageChops.difference(bare, full).point(lambda level: 255 if level > 30 else 0)
    changed = ImageChops.lighter(ImageChops.lighter(*bands.split()[:2]), bands.split()[2])
    mask, under_bytes = changed.tobytes(), bare.tobytes()
    for index in (i for i, flag in enumerate(mask) if flag):
        y, x = divmod(index, width)
        if x % 2 or y % 2:
            continue
        under = tuple(under_bytes[3 * index : 3 * index + 3])
        counts["all"] += 1
        from_centre = math.hypot(x - width / 2, y - height / 2) / size_px
        if close_to(under, palette["wall"], 12):
            counts["wall"] += 1
        elif close_to(under, palette["floor"], 12):
            in_room = any(from_centre <= radius for radius in rooms)
            counts["room" if in_room else "arm"] += 1
        else:
            counts["rock"] += 1
    return counts


# Dynamine's 98 tiles take over three seconds alone: the slow set checks them
@pytest.mark.parametrize("game", ["demon-mine", pytest.param("dynamine", marks=pytest.mark.slow),
                                  "gold-mine"])
def test_no_feature_of_a_shipped_tile_sits_over_a_wall_or_a_tunnel_arm(game):
    """Icons in the rock keep off walls and tunnels; a thing lying in a tunnel (mud)
    keeps to the floor: never on a wall, and never out in the rock."""
    tileset = load_tileset(resolve(game))
    checked = 0
    for tile in tileset.tiles:
        if not tile.paths or not tile.features:
            continue
        in_rock = tuple(feat for feat in tile.features if not lies_on_floor(feat, tile))
        counts = _feature_pixels(tileset, replace(tile, features=in_rock))
        bad = counts["wall"] + counts["arm"]
        assert bad == 0, f"{tile.name}: {bad} of {counts['all']} feature pixels are misplaced"
        if len(in_rock) < len(tile.features):  # mud, a "+1" at a mouth: on the floor
            floor = _feature_pixels(tileset, tile, in_rock)
            assert floor["all"] > 0 and floor["rock"] == 0, f"{tile.name}: {floor}"
        checked += 1
    assert checked > 0


def test_mud_lies_on_the_tunnel_floor_where_the_tileset_puts_it():
    tileset = load_tileset(resolve("gold-mine"))
    muddy = [tile for tile in tileset.tiles
             if any(feat.value == "mud" for feat in tile.features)]
    assert len(muddy) == 5
    for tile in muddy:
        counts = _feature_pixels(tileset, tile)
        assert counts["arm"] + counts["room"] > 0.5 * counts["all"], tile.name


def test_a_crowded_homebrew_tile_still_keeps_its_icons_off_the_tunnels():
    tileset = tileset_from_text("""
game: crowded
title: Crowded
shape: square
size: 1.5in
tiles:
  - name: busy
    count: 1
    paths: [N-S, E-W]
    features:
      - {icon: vein, at: center}
      - {icon: vein, at: center}
      - {die: 3, at: NE}
      - {label: "+1", at: S}
""")
    tile = tileset.tiles[0]
    in_rock = tuple(feat for feat in tile.features if not lies_on_floor(feat, tile))
    assert len(in_rock) == 3  # the "+1" marks its mouth, on the floor
    counts = _feature_pixels(tileset, replace(tile, features=in_rock))
    assert counts["all"] > 0 and counts["wall"] + counts["arm"] == 0


def test_a_base_tiles_name_sits_in_its_chamber_under_its_icon():
    from pnp.draw.scene import Text

    tileset = named_demon_mine()  # no shipped tile prints a name
    tile = tileset.tile("mine-entrance")
    drawing = design_tile(tileset, tile)
    [clip] = drawing.items
    texts = [item for item in clip.children if isinstance(item, Text)]
    size = tileset.size
    assert [t.text for t in texts] == ["MINE ENTRANCE"]
    [name] = texts
    assert name.size >= 6.0
    dy = (name.y - size / 2) / size
    assert 0.0 < dy < CHAMBER_RATIO  # below the centre, inside the chamber


def test_a_name_too_small_goes_with_its_plaque_where_no_legible_one_fits():
    """A one-word name whose plaque, grown to print it at 6 pt, would be wider than the
    piece goes with its plaque (a blank plaque read as an empty label); a box that merely
    holds text (a card's rules) stays and its one word goes."""
    from pnp.draw.scene import Drawing, Outline, Style, Text, rect, without_small_text

    plaque = Outline(rect(0, 0, 40, 10, 2), Style(fill="#000000"), plaque=True)
    name = Text(20, 7, "NAME", 6.5, "condensed", "middle", "#ffffff")
    box = Outline(rect(0, 20, 40, 10, 2), Style(fill="#ffffff", stroke="#000000"))
    rules = Text(20, 27, "rules", 6.5, "regular", "middle", "#000000")
    drawing = Drawing(50, 50, 0.0, (plaque, name, box, rules))
    assert without_small_text(drawing, 1.0, 6.0).items == (plaque, name, box, rules)
    assert without_small_text(drawing, 0.5, 6.0).items == (box,)


def test_text_sizes_are_found_inside_clips_too():
    from pnp.draw.scene import Clip, Drawing, Text, rect, text_sizes

    inner = Text(5, 5, "deep", 4.0, "regular", "middle", "#000000")
    outer = Text(5, 5, "top", 9.0, "bold", "middle", "#000000")
    clip = Clip(rect(0, 0, 10, 10, 0), (Clip(rect(0, 0, 5, 5, 0), (inner,)),))
    assert text_sizes(Drawing(10, 10, 0.0, (outer, clip)).items) == {4.0, 9.0}
    assert text_sizes(()) == frozenset()


def test_covers_show_a_base_tile_without_its_name_and_with_its_full_icon():
    """A cover is a picture: its entrance has no plaque of greeked words, and its icon
    takes the room; a diagram shows the tile as printed where its name still prints on
    one line at 6 pt, and drawn as the cover draws it where not."""
    from pnp.draw.scene import Picture, Text
    from pnp.rulebook.designs import Designs

    tileset = named_demon_mine()  # no shipped tile prints a name
    designs = Designs(tileset)
    key, full = designs.shown("mine-entrance", 1.0)
    assert key == f"tile:{tileset.game}:mine-entrance" and full is designs.tile("mine-entrance")
    assert designs.shown("mine-entrance", 0.8)[1] is full  # in a diagram: as printed
    key, small = designs.shown("mine-entrance", 0.4, names=False)
    assert key.endswith(":unlabelled")
    assert designs.shown("mine-entrance", 0.4) == (key, small)  # no room for its name
    texts = [item for item in small.items[0].children if isinstance(item, Text)]
    assert texts == [] and not isinstance(small.items[0], Picture)
    assert len(small.items[0].children) < len(full.items[0].children)


def test_small_text_becomes_a_legible_sign_a_greeked_line_or_nothing():
    """Shrunk under 6 pt: "+1" in a ring is set at 6 pt (the sign means nothing without
    it), a card's sentence becomes a pale bar as long as the line, a one-word name goes."""
    from pnp.draw.scene import Drawing, Outline, Text, greeked, without_small_text
    from pnp.input.faces import string_width

    sign = Text(10, 10, "+1", 8.0, "bold", "middle", "#000000")
    rules = Text(5, 30, "Move one tile of yours", 7.0, "regular", "start", "#202020")
    name = Text(20, 40, "HIVE", 7.0, "condensed", "middle", "#000000")
    shown = without_small_text(Drawing(50, 50, 0.0, (sign, rules, name)), 0.5, 6.0).items
    assert len(shown) == 2
    assert isinstance(shown[0], Text) and shown[0].text == "+1"
    assert 6.0 <= shown[0].size * 0.5 <= 6.01
    bar = shown[1]
    assert isinstance(bar, Outline) and bar == greeked(rules)
    xs = [x for command in bar.commands for x in command[1::2]]  # every point's x
    assert min(xs) == pytest.approx(5) and max(xs) == pytest.approx(
        5 + string_width(rules.text, "regular", 7.0))
    assert bar.style.fill not in (None, rules.fill)  # paler than the words


def test_a_number_on_its_disc_grows_with_the_disc_to_6_pt():
    """An altar's points in a thumbnail: the badge's disc and its number grow together
    about the disc's middle, so the number prints at 6 pt inside its disc."""
    from pnp.draw.scene import Drawing, Outline, Style, Text, rect, without_small_text

    disc = Outline(rect(10, 10, 8, 8, 4), Style(fill="#b3261e"), plaque=True)
    number = Text(14, 16, "4", 6.9, "condensed", "middle", "#ffffff")
    grown_disc, grown_number = without_small_text(Drawing(40, 40, 0.0, (disc, number)),
                                                  0.5, 6.0).items
    assert isinstance(grown_number, Text) and 6.0 <= grown_number.size * 0.5 <= 6.01
    factor = grown_number.size / number.size
    assert isinstance(grown_disc, Outline) and grown_disc.plaque
    xs = [x for command in grown_disc.commands for x in command[1::2]]
    assert max(xs) - min(xs) == pytest.approx(8 * factor)
    assert (max(xs) + min(xs)) / 2 == pytest.approx(14)  # about the disc's middle


def test_a_sign_that_would_grow_past_the_limit_is_left_out_with_its_disc():
    """On a tile shown a third of its size a 6 pt number's disc would cover the altar it
    labels: past BADGE_GROWTH the disc and its number go, and past MOST_GROWTH a bare
    "+1"; a number on its disc grows further than a bare sign, its disc keeping it off
    the art (Dynamine's set-up market had shown its altars without their points)."""
    from pnp.draw import scene
    from pnp.draw.scene import Drawing, Outline, Style, Text, rect, without_small_text

    disc = Outline(rect(10, 10, 8, 8, 4), Style(fill="#b3261e"), plaque=True)
    number = Text(14, 16, "4", 6.9, "condensed", "middle", "#ffffff")
    sign = Text(30, 30, "+1", 6.9, "bold", "middle", "#000000")

    def kept(growth: float) -> int:
        scale = 6.0 / (6.9 * growth)
        # the bare sign first: a plaque takes the lines of text that follow it
        return len(without_small_text(Drawing(40, 40, 0.0, (sign, disc, number)), scale,
                                      6.0).items)

    assert scene.BADGE_GROWTH > scene.MOST_GROWTH
    assert kept(scene.BADGE_GROWTH * 1.01) == 0
    assert kept(scene.MOST_GROWTH * 1.01) == 2  # the number on its disc, not the bare sign
    assert kept(scene.MOST_GROWTH * 0.99) == 3


def test_mud_asked_for_on_rock_lies_in_the_nearest_tunnel_instead():
    """A designer's puddle at NE of a N-E curve lands on the curve's floor, not on the
    rock in the corner where the anchor is."""
    square = SHAPES["square"]
    elbow = straight("N-E")
    placer = Placer(square, elbow, 0.04)
    spot = placer.place(Footprint((0.33, -0.33), 0.06, 0.04, on_floor=True, smallest=0.5))
    curve = floor(square, elbow.paths[0], False)
    assert curve.distance(spot.centre) <= 0.0
    assert spot.scale == 1.0  # the floor holds the puddle at full size
    # the middle of the curve, the floor nearest the anchor
    assert math.hypot(spot.centre[0] - 0.5, spot.centre[1] + 0.5) == pytest.approx(0.5, abs=0.01)
