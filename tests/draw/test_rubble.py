"""Dead ends that share a tile end in a heap of fallen rock, measured by pixel and maths.

Beside a gold chamber the wall that closes a stub is about two millimetres of
ink, and players read it as a way in. The heap must sit on the stub's own
floor, against that wall, and nowhere a path is open.
"""

from __future__ import annotations

import msgspec
import pytest
from support import close_to, svg_to_image

from pnp.draw.art import design_tile
from pnp.draw.rubble import stub_length
from pnp.export.svg import to_svg
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.ground import CHAMBER_RATIO, FLOOR_RATIO, WALL_RATIO, floor
from pnp.model.tileset import Tunnel

DPI = 144


@pytest.fixture(scope="module")
def gold_mine():
    return load_tileset(resolve("gold-mine"))


def _tile(tileset, name):
    return next(tile for tile in tileset.tiles if tile.name == name)


def test_a_stub_runs_to_the_outside_of_the_wall_that_stops_it(gold_mine):
    """Against a chamber the wall is the ring's; against a tunnel, that tunnel's side."""
    shape = gold_mine.shape
    chamber = Tunnel(("S", "W"), junction=True)
    tunnel = Tunnel(("N", "S"))
    stub = Tunnel(("E",))
    ring = stub_length(shape, stub, (floor(shape, chamber, True),))
    side = stub_length(shape, stub, (floor(shape, tunnel, True),))
    assert ring == pytest.approx(0.5 - CHAMBER_RATIO - WALL_RATIO, abs=0.005)
    assert side == pytest.approx(0.5 - FLOOR_RATIO / 2 - WALL_RATIO, abs=0.005)


def _boulder_pixels(image, tileset, edge, reach):
    """How many pixels along ``edge``'s stub axis, from the edge ``reach`` tile sizes
    in, carry the boulders' fill."""
    fill = dict(tileset.palette)["rock-light"]
    nx, ny = tileset.shape.normal(edge)
    side = image.width
    count = 0
    for step in range(int(reach * side)):
        along = 0.5 - step / side
        x = int(side * (0.5 + nx * along))
        y = int(side * (0.5 + ny * along))
        x, y = min(x, side - 1), min(y, side - 1)
        count += close_to(image.getpixel((x, y)), fill, 12)
    return count


@pytest.mark.parametrize(("name", "blocked", "open_"), [
    ("chamber-corner-two-dead-ends-secret", ("N", "E"), ("S", "W")),
    ("chamber-dead-end-opposite-secret", ("E",), ("W",)),
    ("straight-dead-end", ("E",), ("N", "S")),
])
def test_rubble_blocks_each_dead_end_and_no_open_way(gold_mine, name, blocked, open_):
    tile = _tile(gold_mine, name)
    bare = msgspec.structs.replace(tile, features=())
    image = svg_to_image(to_svg(design_tile(gold_mine, bare)), DPI).convert("RGB")
    for edge in blocked:
        assert _boulder_pixels(image, gold_mine, edge, 0.3) > image.width * 0.03, edge
    for edge in open_:
        assert _boulder_pixels(image, gold_mine, edge, 0.13) == 0, edge


def test_no_stone_reaches_the_wall_or_the_tiles_edge(gold_mine):
    """Every control point of every stone's outline (the curve stays inside them), its
    stroke's half width added, lies on its stub's own floor: short of the wall that
    stops the stub, and 2 mm inside the cut (beside a chamber the heap had reached 1.1 mm
    from it, where a cut a hair inside the line clips it)."""
    from pnp.draw.rubble import SAFE_EDGE, is_shared_dead_end, rubble

    shape, size = gold_mine.shape, gold_mine.size
    centre = shape.centre(size)
    checked = 0
    for tile in gold_mine.tiles:
        paths = tile.paths
        stubs = [path for path in paths if is_shared_dead_end(path, paths)]
        if not stubs:
            continue
        floors = [floor(shape, path, True) for path in paths]
        for stone in rubble(shape, size, paths, dict(gold_mine.palette), 0):
            points = [(c[k] - centre[0], c[k + 1] - centre[1]) for c in stone.commands
                      for k in range(1, len(c) - 1, 2)]
            middle = (sum(x for x, _ in points) / len(points),
                      sum(y for _, y in points) / len(points))
            stub = max(stubs, key=lambda path: sum(
                m * n for m, n in zip(middle, shape.normal(path.ports[0]), strict=True)))
            others = tuple(f for f, path in zip(floors, paths, strict=True) if path is not stub)
            length = stub_length(shape, stub, others) * size
            normal = shape.normal(stub.ports[0])
            half_stroke = stone.style.width / 2
            for point in points:
                inward = size / 2 - sum(p * n for p, n in zip(point, normal, strict=True))
                assert SAFE_EDGE + half_stroke <= inward + 1e-6, (tile.name, inward)
                assert inward <= length - half_stroke, (tile.name, inward)
                # and between the stub's side walls: a stone over one read as spilt rock
                across = abs(point[0] * -normal[1] + point[1] * normal[0])
                assert across + half_stroke <= FLOOR_RATIO / 2 * size, (tile.name, across)
            checked += 1
    assert checked >= 20


def test_a_stub_nothing_stops_is_closed_by_a_straight_wall_as_a_walled_one_is(gold_mine):
    """A stub that meets no other path's wall (the elbow's) had ended in a rounded tip,
    while one stopped by a wall (the straight's) ended square against it: one blocked
    stub, drawn two ways. Both now end square: across the elbow stub's end, its wall
    runs straight to the corners a rounded tip had left as rock."""
    tile = _tile(gold_mine, "elbow-dead-end")
    stub = next(path for path in tile.paths if len(path.ports) == 1)
    bare = msgspec.structs.replace(tile, features=())
    image = svg_to_image(to_svg(design_tile(gold_mine, bare)), DPI).convert("RGB")
    wall = dict(gold_mine.palette)["wall"]
    nx, ny = gold_mine.shape.normal(stub.ports[0])
    side = image.width
    end = 0.5 - (FLOOR_RATIO / 2 + WALL_RATIO)  # the floor's end, from the edge
    along = end + WALL_RATIO * 0.6  # inside the wall that closes it
    corner = FLOOR_RATIO / 2 + WALL_RATIO * 0.7  # beside the floor, inside the side walls
    for offset in (-corner, 0.0, corner):
        x = side * (0.5 + nx * (0.5 - along) - ny * offset)
        y = side * (0.5 + ny * (0.5 - along) + nx * offset)
        assert close_to(image.getpixel((int(x), int(y))), wall, 30), offset
