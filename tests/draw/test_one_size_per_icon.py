"""On every tunnel tile of every shipped game, a number badge sits clear of every mark
(its own icon's art included), and an icon that lies in rock has one size on every
tile: a player reads an altar as an altar, not as two kinds of altar."""

from __future__ import annotations

import pytest
from support import ROOT, SHIPPED_GAMES, named_demon_mine

from pnp.draw.badges import BADGE_SMALLEST
from pnp.draw.overlap import _meet
from pnp.draw.placing import drawn_badges, drawn_marks
from pnp.input.tileset import load_tileset


@pytest.mark.parametrize(("game", "shown_at"), [(game, 1.0) for game in SHIPPED_GAMES] +
                         [("dynamine", 0.53)])
def test_every_badge_is_clear_of_every_mark(game, shown_at):
    """At the tile's size, and laid out for a picture shrunk to ``shown_at`` (a book's
    catalogue), where the badge must be larger to print its number at 6 pt."""
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    checked = 0
    least = BADGE_SMALLEST / shown_at
    for tile in tileset.tiles:
        marks = drawn_marks(tileset, tile, least)
        for _, badge, _ in drawn_badges(tileset, tile, least):
            assert badge.half_width >= least - 1e-9
            checked += 1
            covered = [str(tile.features[index].value) for index, mark in enumerate(marks)
                       if _meet(badge, mark)]
            assert covered == [], f"{game}: a badge of '{tile.name}' covers {covered}"
    if game == "dynamine":
        assert checked >= 15  # its altars and fossils carry their points


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_an_icon_in_rock_has_one_size_on_every_tile(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    sizes: dict[str, set[float]] = {}
    for tile in tileset.tiles:
        if not tile.paths or any(path.junction or path.style == "cavern" for path in tile.paths):
            continue
        for feature, mark in zip(tile.features, drawn_marks(tileset, tile), strict=True):
            if feature.kind == "icon":
                sizes.setdefault(str(feature.value), set()).add(round(mark.half_width, 2))
    assert {name: found for name, found in sizes.items() if len(found) > 1} == {}


def test_the_badge_check_sees_a_badge_over_its_icon():
    """The check above can fail: a badge disc on its icon's top right meets the icon."""
    from pnp.draw.placing import Mark

    icon = Mark(50.0, 50.0, 11.4, 11.4, True)
    assert _meet(Mark(50.0 + 11.4 * 0.78, 50.0 - 11.4 * 0.78, 5.5, 5.5, True), icon)


def test_a_die_stays_in_the_corner_it_names_on_every_dynamine_tile():
    """The die's corner says which way up a tile lies (top right): on an elbow whose
    tunnel fills that corner the die fits the corner's rock, never crossing to another
    quarter, where a player would turn the tile the wrong way; and every die is the
    size that corner holds, one die to the eye."""
    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    size = tileset.size
    dice = []
    for tile in tileset.tiles:
        for feature, mark in zip(tile.features, drawn_marks(tileset, tile), strict=True):
            if feature.kind == "die":
                dice.append(round(mark.half_width, 3))
                assert feature.at == "NE"
                assert mark.x > size / 2 and mark.y < size / 2, (tile.name, mark)
    assert len(dice) >= 75  # one die on each tunnel design
    assert len(set(dice)) == 1  # and one size: the tightest corner's


def _gap(badge, mark) -> float:
    """The clear space between a badge's disc and a mark's box, in points."""
    dx = max(abs(badge.x - mark.x) - mark.half_width, 0.0)
    dy = max(abs(badge.y - mark.y) - mark.half_height, 0.0)
    return (dx * dx + dy * dy) ** 0.5 - badge.half_width


def test_a_badge_keeps_its_distance_from_every_mark_but_its_own_icon():
    """Dynamine's altar '4' sat 4 pt from the cost die on the same edge (by the marks;
    nearer to the eye, its ring drawn) and in grey '4 ⚀' read as one group: a badge
    keeps close to its own icon and 6 pt from everything else on the tile."""
    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    gaps = []
    for tile in tileset.tiles:
        marks = drawn_marks(tileset, tile)
        for owner, badge, _ in drawn_badges(tileset, tile):
            gaps += [(round(_gap(badge, mark), 2), tile.name) for index, mark in
                     enumerate(marks) if index != owner]
    assert len(gaps) >= 15
    assert min(gaps)[0] >= 6.0, min(gaps)


def test_every_name_a_tile_prints_is_set_at_one_size():
    """Demon Mine's event tiles, sized alone, printed MINER at 9 pt beside a MINE ENTRANCE
    of 6.6 pt on the same sheet: a tile's name is now one size on every tile (no shipped
    tile prints a name now; a homebrew may)."""
    from pnp.draw.art import design_tile
    from pnp.draw.scene import Text, flat

    tileset = named_demon_mine()
    names = {str(feature.value) for tile in tileset.tiles for feature in tile.features
             if feature.kind == "label"}
    sizes = {round(item.size, 2) for tile in tileset.tiles
             for item in flat(design_tile(tileset, tile).items)
             if isinstance(item, Text) and item.text in names}
    assert len(names) == 5 and len(sizes) == 1, sizes


def test_a_well_with_a_topper_is_nearly_a_plain_wells_width_on_the_tiles():
    """Stacked in a tall box, the well under an altar or a skull is at least 0.8 of a plain
    well's width (it was 0.7 of a smaller circle: 0.6 of a plain well) and the stack still
    fits the rock beside the shaft."""
    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    widths: dict[str, float] = {}
    for tile in tileset.tiles:
        for feature, mark in zip(tile.features, drawn_marks(tileset, tile), strict=True):
            if feature.kind == "icon" and str(feature.value).startswith("well"):
                widths[str(feature.value)] = mark.half_width
                if feature.value != "well":
                    assert mark.half_height > 1.3 * mark.half_width, tile.name
    plain = widths.pop("well")
    for name, half_width in widths.items():
        assert half_width * 0.86 >= 0.8 * plain, name  # the well is 0.86 of a tall box's width
