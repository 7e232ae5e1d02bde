"""Tile art checked by pixel: every port pair and rotation, square and hex.

Tiles are rendered exactly as `pnp render` does (scene -> SVG -> cairosvg) at
72 dpi, so one pixel is one point and geometry can be checked by maths.
"""

from __future__ import annotations

import base64
import math
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest
from support import ROOT, close_to, hex_rgb, luminance, svg_to_image, tileset_from_text

from pnp.draw.art import design_back, design_tile
from pnp.export.svg import to_svg
from pnp.geometry.shapes import SHAPES, Shape, rotate_ports
from pnp.input.tileset import load_tileset
from pnp.model.icons import ICON_NAMES
from pnp.model.tileset import DEFAULT_PALETTE

FLOOR = DEFAULT_PALETTE["floor"]
SIZE = 108.0


def single_tile(shape: Shape, paths: list[str]) -> tuple:
    text = f"""
game: probe
title: Probe
shape: {shape.name}
size: {SIZE}pt
tiles:
  - name: probe
    count: 1
    paths: [{", ".join(paths)}]
"""
    tileset = tileset_from_text(text)
    return tileset, tileset.tiles[0]


def inward(shape: Shape, edge: str, depth: float) -> tuple[float, float]:
    px, py = shape.port(edge, SIZE)
    nx, ny = shape.normal(edge)
    return px - nx * depth, py - ny * depth


def arc_midpoint(shape: Shape, a: str, b: str) -> tuple[float, float]:
    """Midpoint of the tunnel between two non-facing ports, from plane geometry.

    The arc is tangent to both edge normals, so its centre is where the two
    edge lines meet; the midpoint lies on the bisector through the chord.
    """
    (ax, ay), (bx, by) = shape.port(a, SIZE), shape.port(b, SIZE)
    (anx, any_), (bnx, bny) = shape.normal(a), shape.normal(b)
    # edge directions are the normals turned a quarter
    adx, ady, bdx, bdy = -any_, anx, -bny, bnx
    det = adx * (-bdy) - ady * (-bdx)
    t = ((bx - ax) * (-bdy) - (by - ay) * (-bdx)) / det
    cx, cy = ax + t * adx, ay + t * ady
    radius = math.hypot(ax - cx, ay - cy)
    mx, my = (ax + bx) / 2 - cx, (ay + by) / 2 - cy
    length = math.hypot(mx, my)
    return cx + radius * mx / length, cy + radius * my / length


def pixel(image, point):
    return image.getpixel((int(round(point[0])), int(round(point[1]))))


def assert_openings(image, shape: Shape, open_edges: frozenset[str], label: str) -> None:
    for edge in shape.edges:
        colour = pixel(image, inward(shape, edge, 3.0))
        if edge in open_edges:
            assert close_to(colour, FLOOR, 24), f"{label}: edge {edge} should be open: {colour}"
        else:
            assert not close_to(colour, FLOOR, 60), f"{label}: edge {edge} should be rock"


def port_sets(shape: Shape) -> list[tuple[str, ...]]:
    pairs = list(combinations(shape.edges, 2))
    return [(edge,) for edge in shape.edges] + pairs + [shape.edges[:3]]


@pytest.mark.parametrize("shape", list(SHAPES.values()), ids=lambda s: s.name)
def test_every_port_set_in_every_rotation_opens_exactly_its_edges(shape):
    for ports in port_sets(shape):
        for steps in range(shape.sides):
            turned = sorted(rotate_ports(shape, frozenset(ports), steps), key=shape.index)
            tileset, tile = single_tile(shape, ["-".join(turned)])
            image = svg_to_image(to_svg(design_tile(tileset, tile)))
            label = f"{shape.name} {'-'.join(turned)}"
            assert_openings(image, shape, frozenset(turned), label)
            if len(turned) == 2:
                a, b = turned
                facing = shape.opposite(a) == b
                middle = shape.centre(SIZE) if facing else arc_midpoint(shape, a, b)
                assert close_to(pixel(image, middle), FLOOR, 24), f"{label}: tunnel broken"
            else:
                assert close_to(pixel(image, shape.centre(SIZE)), FLOOR, 24), label


def test_separate_paths_are_walled_apart():
    tileset, tile = single_tile(SHAPES["square"], ["N-E", "S-W"])
    image = svg_to_image(to_svg(design_tile(tileset, tile)))
    assert_openings(image, SHAPES["square"], frozenset("NESW"), "two elbows")
    centre = pixel(image, (SIZE / 2, SIZE / 2))
    assert not close_to(centre, FLOOR, 60), "two separate elbows must not meet in the middle"
    # rock, not a wall, for 0.025 of a tile each way along the line between the corners
    wall = DEFAULT_PALETTE["wall"]
    for step in range(-3, 4):
        along = (SIZE / 2 + step * 0.9 / math.sqrt(2), SIZE / 2 - step * 0.9 / math.sqrt(2))
        assert not close_to(pixel(image, along), wall, 60), f"wall at {step} from the centre"


def test_crossing_paths_pass_one_over_the_other_on_a_railed_bridge():
    """The later path (E-W) crosses over N-S: a dark railing runs along the deck's edge
    across the N-S floor, and the N-S floor runs on under it in shadow, darker than in
    the open but lighter than a wall (a full wall across it had read as a dead end)."""
    tileset, tile = single_tile(SHAPES["square"], ["N-S", "E-W"])
    image = svg_to_image(to_svg(design_tile(tileset, tile)))
    floor_w = SIZE * 0.30
    railing_row = SIZE / 2 - floor_w / 2 + 0.5
    assert luminance(pixel(image, (SIZE / 2, railing_row))) < 90
    shade = luminance(pixel(image, (SIZE / 2, SIZE / 2 - floor_w / 2 - 3)))
    open_floor = luminance(pixel(image, (SIZE / 2, 4)))
    assert 90 < shade < open_floor - 40


def test_tunnel_and_rock_stay_apart_in_greyscale():
    tileset, tile = single_tile(SHAPES["square"], ["N-S"])
    image = svg_to_image(to_svg(design_tile(tileset, tile)), dpi=144).convert("L")
    floor = image.getpixel((int(SIZE), int(SIZE)))  # tile centre at 2 px per point
    rock = sorted(image.getpixel((x, 20)) for x in range(4, 60, 2))[14]  # median rock
    assert floor - rock > 80, (floor, rock)


def test_shipped_demon_mine_tiles_render_with_their_labels():
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    for tile in tileset.tiles:
        svg = to_svg(design_tile(tileset, tile))
        root = ET.fromstring(svg)
        texts = ["".join(node.itertext()) for node in root.iter("{http://www.w3.org/2000/svg}text")]
        labels = [str(f.value) for f in tile.features if f.kind == "label"]
        assert texts == labels
        assert root.get("width") == "108pt" and root.get("height") == "108pt"


def test_event_tiles_have_no_floor_at_their_edges():
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    for name in ("miner", "tunnel-collapse", "lodestone"):
        image = svg_to_image(to_svg(design_tile(tileset, tileset.tile(name))))
        assert_openings(image, tileset.shape, frozenset(), name)


def test_back_is_dark_to_every_edge_and_distinct_per_game():
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    back = design_back(tileset, tileset.backs[0], SIZE, SIZE, 0.0)
    image = svg_to_image(to_svg(back)).convert("L")
    for point in [(1, 1), (106, 1), (1, 106), (106, 106), (54, 1), (1, 54)]:
        assert image.getpixel(point) < 80
    svg = to_svg(back)
    assert "DEMON MINE" in svg


def test_svg_is_byte_identical_between_runs():
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    first = [to_svg(design_tile(tileset, tile)) for tile in tileset.tiles]
    again = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    second = [to_svg(design_tile(again, tile)) for tile in again.tiles]
    assert first == second


def test_png_art_is_embedded_in_the_svg_as_its_own_bytes(tmp_path):
    from PIL import Image

    Image.new("RGB", (8, 8), (200, 30, 30)).save(tmp_path / "red.png")
    tileset = tileset_from_text("game: art\ntitle: Art\nsize: 1.5in\ntiles:\n"
                                "  - name: painted\n    count: 1\n    paths: [N-S]\n"
                                "    art: red.png\n",
                                tmp_path)
    root = ET.fromstring(to_svg(design_tile(tileset, tileset.tiles[0])))
    images = list(root.iter("{http://www.w3.org/2000/svg}image"))
    assert len(images) == 1
    href = images[0].get("{http://www.w3.org/1999/xlink}href")
    assert href == "data:image/png;base64," + base64.b64encode(
        (tmp_path / "red.png").read_bytes()).decode("ascii")
    box = [float(images[0].get(name)) for name in ("x", "y", "width", "height")]
    assert box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= SIZE and box[1] + box[3] <= SIZE


def test_markup_in_a_label_is_written_as_text():
    tileset = tileset_from_text("game: art\ntitle: Art\nsize: 1.5in\ntiles:\n"
                                "  - name: sneaky\n    count: 1\n    paths: [N-S]\n"
                                "    features:\n"
                                "      - {label: '<image href=\"x\"/>&amp;'}\n")
    svg = to_svg(design_tile(tileset, tileset.tiles[0]))
    root = ET.fromstring(svg)
    assert not list(root.iter("{http://www.w3.org/2000/svg}image"))
    texts = ["".join(node.itertext()) for node in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ['<image href="x"/>&amp;']


def test_a_vein_stays_distinct_from_its_boulder_and_the_rock_in_greyscale():
    """Measured on the drawn tile: the gold band, the boulder it splits and the rock. The
    band stands well off the rock round it (a reviewer found the streak, the game's
    most important scoring mark, the faintest thing on a greyscale print)."""
    from pnp.draw.treasure_icons import VEIN_GOLD

    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    colours = dict(tileset.palette)
    image = svg_to_image(to_svg(design_tile(tileset, tileset.tile("c3-vein-vertical"))), dpi=216)
    grey = image.convert("L")
    rgb_bytes, grey_bytes = image.tobytes(), grey.tobytes()
    pixels = [(rgb_bytes[3 * i:3 * i + 3], level) for i, level in enumerate(grey_bytes)]

    def mean_grey(colour: str) -> float:
        target = hex_rgb(colour)
        close = [level for rgb, level in pixels
                 if max(abs(a - b) for a, b in zip(rgb, target, strict=True)) <= 6]
        assert len(close) > 200, colour  # the colour really is on the tile
        return sum(close) / len(close)

    band, boulder = mean_grey(VEIN_GOLD), mean_grey(colours["rock-dark"])
    rock = mean_grey(colours["rock"])
    assert abs(band - boulder) >= 80 and abs(band - rock) >= 60 and abs(boulder - rock) >= 20


@pytest.mark.parametrize("icon", sorted(ICON_NAMES))
def test_every_icon_stands_out_from_the_rock_in_greyscale(icon):
    """Printed in grey, an icon still shows: enough of its disc differs from the rock."""
    from pnp.draw.icons import ICONS
    from pnp.draw.pen import Pen
    from pnp.draw.scene import Drawing, Outline, Style, rect

    colours = dict(DEFAULT_PALETTE)
    side, radius = 72.0, 24.0
    items = [Outline(rect(0, 0, side, side), Style(fill=colours["rock"])),
             *ICONS[icon](Pen(side / 2, side / 2, radius, colours))]
    grey = svg_to_image(to_svg(Drawing(side, side, 0.0, tuple(items))), dpi=144).convert("L")
    rock = luminance(hex_rgb(colours["rock"]))
    levels = grey.tobytes()
    distinct = sum(1 for level in levels if abs(level - rock) > 40)
    disc = math.pi * (radius * 2) ** 2  # the icon's disc in pixels at 2 px a point
    assert distinct >= 0.15 * disc, (icon, distinct / disc)  # thin tools reach about 0.2


def test_the_move_tile_sign_draws_a_tile_as_tiles_are_drawn():
    """Dark rock round a cream crossing: in pale stone the small square had read as an
    altar's slab beside the altar tiles."""
    from pnp.draw.icons import ICONS
    from pnp.draw.pen import Pen
    from pnp.draw.scene import Drawing

    colours = dict(DEFAULT_PALETTE)
    side, radius = 72.0, 30.0
    image = svg_to_image(to_svg(Drawing(side, side, 0.0, tuple(
        ICONS["move-tile"](Pen(side / 2, side / 2, radius, colours))))), dpi=144)
    scale = 2.0  # pixels a point
    centre = (side / 2 * scale, side / 2 * scale)
    assert close_to(image.getpixel(centre), colours["floor"], 12)
    corner = (centre[0] - 0.3 * radius * scale, centre[1] - 0.3 * radius * scale)
    assert close_to(image.getpixel(corner), colours["rock-dark"], 12)
