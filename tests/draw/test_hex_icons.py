"""Mattock's reference sheet draws its three structures as small pictures of the board:
each must be the very shape the rulebook's strategy figure shows, and be drawn large
enough on the sheet to be read at the table."""

from __future__ import annotations

import pytest
from support import ROOT

from pnp.draw.hex_icons import BAR, FAN, Y_SHAPE
from pnp.input.tileset import load_tileset
from pnp.model.icons import ICON_NAMES, PICTOGRAMS
from pnp.rulebook.source import parse


def _book_figure(title: str) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    source = parse(ROOT / "templates" / "mattock" / "rulebook.md", tileset)
    diagram = next(block.diagram for block in source.blocks
                   if block.diagram is not None and block.diagram.title == title)
    tiles = {placed.cell for placed in diagram.tiles}
    closed = {tuple(int(v) for v in at) for at, mark in diagram.marks if mark == "closed"}
    return tiles, closed


@pytest.mark.parametrize(("spots", "title"), [(BAR, "The bar"), (Y_SHAPE, "The Y"),
                                              (FAN, "The fan")])
def test_each_structure_pictogram_is_the_books_figure(spots, title):
    tiles, closed = _book_figure(title)
    assert {cell for cell, what in spots if what == "tile"} == tiles
    assert {cell for cell, what in spots if what == "closed"} == closed


def test_the_three_shapes_close_what_the_rules_say():
    """A centre tile with exactly three neighbours closes its three free spaces; the fan
    fills the middle of its three too, so six close."""
    assert [sum(what == "closed" for _, what in spots) for spots in (BAR, Y_SHAPE, FAN)] == \
        [3, 3, 6]


def test_the_reference_sheet_draws_pictograms_twice_a_symbols_size(tmp_path):
    """On the sheet a structure's hexes were a few points across inside a symbol's disc;
    a pictogram's chip is nearly twice a symbol's, without the disc."""
    from pnp.export.aids import PICTOGRAM_SCALE, Look, _chip_side
    from pnp.model.tileset import AidRow

    assert set(ICON_NAMES) >= PICTOGRAMS
    look = Look(9.0, 27.0)
    assert _chip_side(AidRow("The bar", "", icon="structure-bar"), look) == \
        pytest.approx(27.0 * PICTOGRAM_SCALE)
    assert _chip_side(AidRow("Vein", "", icon="vein"), look) == 27.0
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    shown = {row.icon for aid in tileset.aids for section in aid.sections
             for row in section.rows}
    assert {"structure-bar", "structure-y", "structure-fan"} <= shown


def test_the_move_pictogram_shows_where_the_miner_went():
    """The reference sheet's Move had only a dashed ring where the miner had been, which
    its own key calls the space being mined: it now has an accent arrow over the tiles,
    from the bare tile to the miner that moved, passing its friend."""
    from pnp.draw.hex_icons import move
    from pnp.draw.pen import Pen
    from pnp.draw.scene import Circle, Outline
    from pnp.model.tileset import DEFAULT_PALETTE

    colours = dict(DEFAULT_PALETTE)
    drawn = move(Pen(0.0, 0.0, 10.0, colours))
    arrows = [item for item in drawn if isinstance(item, Outline)
              and colours["accent"] in (item.style.stroke, item.style.fill)]
    assert len(arrows) == 2  # its shaft and its head
    assert not any(isinstance(item, Outline) and item.style.dash for item in drawn)
    # the miner where it stands, as the book draws a move: fading means removed only
    # (the sheet had faded the miner where it stood, beside the book's solid one)
    discs = [item.style.fill for item in drawn if isinstance(item, Circle)]
    assert len(discs) == 2 and len(set(discs)) == 1


def test_a_pictograms_tiles_are_edged_as_the_books_laid_tiles_are():
    """The sheet's hexes had heavy ink outlines where the book seams its laid tiles with
    a line between ink and rock: the pictures now speak the book's grammar."""
    from pnp.draw.diagram import seam_style
    from pnp.draw.hex_icons import cluster
    from pnp.draw.pen import Pen
    from pnp.draw.scene import Outline

    palette = dict(load_tileset(ROOT / "tilesets" / "mattock.yaml").palette)
    items = cluster(Pen(50.0, 50.0, 40.0, palette), (((0, 0), "tile"), ((1, 0), "tile")))
    strokes = {item.style.stroke for item in items if isinstance(item, Outline)
               and item.style.fill == palette["rock"]}
    assert strokes == {seam_style(palette).stroke}


def test_the_three_structures_share_one_hex_size():
    """Each structure had filled its own chip, so the fan's hexes (ten cells, the widest
    shape) printed a quarter smaller than the bar's and the Y's beside it, and read as
    a picture shrunk to fit. They share the fan's hex size, and the fan stands on its
    point, 3.75 hexes tall, where lying flat it was 4 wide."""
    from pnp.draw.hex_icons import _extent, structure_bar, structure_fan, structure_y
    from pnp.draw.pen import Pen
    from pnp.draw.scene import Outline
    from pnp.geometry.shapes import HEX_POINTY
    from pnp.model.tileset import DEFAULT_PALETTE

    colours = dict(DEFAULT_PALETTE)
    widths = set()
    for draw in (structure_bar, structure_y, structure_fan):
        for item in draw(Pen(0.0, 0.0, 10.0, colours)):
            if isinstance(item, Outline) and item.style.fill == colours["rock"]:
                xs = [command[1] for command in item.commands if len(command) == 3]
                widths.add(round(max(xs) - min(xs), 6))
    assert len(widths) == 1
    fan = _extent([HEX_POINTY.cell_centre(cell, 1.0) for cell, _ in FAN])
    assert max(fan) == pytest.approx(3.75, abs=0.01)
