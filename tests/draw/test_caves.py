"""Caverns and crossovers, rendered and measured by pixel.

A cavern must be a walled chamber whose walls run into its tunnels' walls:
walking from the centre across anything but wall must never reach the rock.
A crossover's upper tunnel must read as a bridge: boards across its deck,
and the tunnel below in shadow on both sides of it.
"""

from __future__ import annotations

import itertools
from collections import deque

import msgspec
import pytest
from PIL import ImageStat
from support import close_to, hex_rgb, luminance, svg_to_image

from pnp.draw.art import design_tile
from pnp.export.svg import to_svg
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.ground import CAVERN_REACH

DPI = 144


@pytest.fixture(scope="module")
def gold_mine():
    return load_tileset(resolve("gold-mine"))


def _render(tileset, name):
    """The tile's floor and walls alone: its name plaque (CAVERN, in the middle of the
    room) would stop a flood from the centre as a wall does."""
    tile = next(tile for tile in tileset.tiles if tile.name == name)
    bare = msgspec.structs.replace(tile, features=())
    return svg_to_image(to_svg(design_tile(tileset, bare)), DPI).convert("RGB")


def _reachable(image, start, passable):
    """Every pixel reached from ``start`` through 4-neighbours that ``passable`` accepts."""
    width, height = image.size
    pixels = image.load()
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in seen and \
                    passable(pixels[nx, ny]):
                seen.add((nx, ny))
                queue.append((nx, ny))
    return seen


@pytest.mark.parametrize("name", ["cavern-cross", "cavern-tee", "cavern-straight"])
def test_a_cavern_is_walled_all_round_and_its_walls_join_the_tunnels(gold_mine, name):
    image = _render(gold_mine, name)
    palette = dict(gold_mine.palette)
    pixels = image.load()
    width, height = image.size
    inside = _reachable(image, (width // 2, height // 2),
                        lambda pixel: not close_to(pixel, palette["wall"], 60))
    # a leak would flood the rock; the blends along a wall's edge that happen to come
    # close to the rock's colour are one pixel wide, so only solid rock counts
    def solid_rock(x, y):
        return all(close_to(pixels[x + dx, y + dy], palette["rock"], 4)
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if 0 <= x + dx < width and 0 <= y + dy < height)

    reached_rock = [spot for spot in inside if solid_rock(*spot)]
    assert reached_rock == [], f"{name}: the floor runs out into the rock past its wall"
    # the chamber is wide: floor reaches the model's cavern reach in every free direction
    assert len(inside) > 3.14 * (CAVERN_REACH * width) ** 2 * 0.8
    # and from its gravel bed out of every mouth the way is open: no wall and no rock on
    # it, and it leaves on the tunnels' own floor
    tile = next(tile for tile in gold_mine.tiles if tile.name == name)
    for edge in tile.paths[0].ports:
        nx, ny = gold_mine.shape.normal(edge)
        run = [pixels[int(width / 2 + nx * step), int(height / 2 + ny * step)]
               for step in range(0, width // 2 - 1)]
        blocked = [pixel for pixel in run if close_to(pixel, palette["wall"], 40) or
                   close_to(pixel, palette["rock"], 6)]
        assert blocked == [], f"{name}: the way out {edge} crosses a wall or rock"
        assert all(close_to(pixel, palette["floor"], 6) for pixel in run[-12:]), edge


def test_a_cavern_stands_rock_pillars_in_the_gaps_between_its_openings(gold_mine):
    image = _render(gold_mine, "cavern-straight")  # openings north and south
    palette = dict(gold_mine.palette)
    pixels = image.load()
    width, height = image.size
    walled = _reachable(image, (width // 2, height // 2),
                        lambda pixel: not close_to(pixel, palette["wall"], 60))
    islands = [(x, y) for y in range(height // 4, 3 * height // 4)
               for x in range(width // 5, 4 * width // 5)
               if (x, y) not in walled and close_to(pixels[x, y], palette["rock"], 30)]
    left = [spot for spot in islands if spot[0] < width / 2]
    right = [spot for spot in islands if spot[0] > width / 2]
    assert left and right, "no pillar on one side of the cave"
    # two pillars a side, each showing rock at least 0.03 of a tile in radius inside its
    # rim: smaller, a pillar prints as a black dot (a rivet, not rock)
    least = 2 * 3.14 * (0.03 * width) ** 2
    assert len(left) >= least and len(right) >= least, (len(left), len(right), least)


def _floor_luminance(palette):
    return luminance(hex_rgb(palette["floor"]))


def test_a_crossover_is_a_plank_bridge_over_a_tunnel_in_shadow(gold_mine):
    image = _render(gold_mine, "crossover").convert("L")
    palette = dict(gold_mine.palette)
    width, height = image.size
    floor = _floor_luminance(palette)
    # along the bridge (east-west, through the centre): boards and joints alternate
    deck = [image.getpixel((x, height // 2)) for x in range(int(width * 0.3), int(width * 0.7))]
    joints = sum(1 for a, b in itertools.pairwise(deck) if a - b > 25)
    assert joints >= 4, f"{joints} joints between boards across the bridge"
    assert max(deck) < floor - 15, "the deck is not set apart from the tunnel floor"
    # the tunnel below (north-south) lies in shadow just outside the bridge's walls
    outer = 0.15 + 0.055
    for y in (height * (0.5 - outer - 0.03), height * (0.5 + outer + 0.03)):
        assert image.getpixel((width // 2, int(y))) < floor - 20
    # deep by the deck and reaching well along: a pale band alone had let a greyscale
    # print read the tile as a plain crossing
    for sign in (-1, 1):
        near = image.getpixel((width // 2, int(height * (0.5 + sign * (outer + 0.01)))))
        far = image.getpixel((width // 2, int(height * (0.5 + sign * (outer + 0.11)))))
        assert near < floor - 60 and far < floor - 20, (near, far, floor)
    assert abs(image.getpixel((width // 2, int(height * 0.08))) - floor) < 4


def test_a_caves_middle_is_a_bed_of_gravel_a_crossing_has_not(gold_mine):
    """With the tunnels' light floor through its middle, a four-way cave had read as a
    crossing with a few pebbles: its middle is a darker bed of gravel, apart from a
    crossing's floor in greyscale too, while its mouths keep the tunnels' floor."""
    cave = _render(gold_mine, "cavern-cross").convert("L")
    cross = _render(gold_mine, "cross").convert("L")
    width, height = cave.size
    floor = _floor_luminance(dict(gold_mine.palette))

    def middle(image) -> float:
        box = (int(width * 0.4), int(height * 0.4), int(width * 0.6), int(height * 0.6))
        return ImageStat.Stat(image.crop(box)).mean[0]

    assert abs(middle(cross) - floor) < 6
    assert middle(cave) < floor - 25, (middle(cave), floor)
    # each mouth is the tunnels' floor still
    assert abs(cave.getpixel((width // 2, int(height * 0.03))) - floor) < 6


def test_a_crossovers_shadow_fades_without_visible_steps(gold_mine):
    """Round 24 read the shadow's three steps as four hard grey stripes. Walking the
    tunnel below away from the deck, the grey changes by no more than a few levels at
    any one pixel: a fade, still deep by the deck (the test above)."""
    image = _render(gold_mine, "crossover").convert("L")
    width, height = image.size
    outer = 0.15 + 0.055
    walk = [image.getpixel((width // 2, y)) for y in
            range(int(height * (0.5 - outer - 0.2)), int(height * (0.5 - outer - 0.01)))]
    jumps = [abs(a - b) for a, b in itertools.pairwise(walk)]
    assert max(jumps) <= 16, max(jumps)
    assert walk[-1] < walk[0] - 40  # and it does darken towards the deck
