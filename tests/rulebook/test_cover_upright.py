"""A cover is a picture of a mine, not a diagram: its turned tiles keep their symbols
upright. Gold Mine's chambers, laid at every angle, had poured their gold sideways and
upside down; each is redrawn with its tunnels turned and its icons the right way up."""

from __future__ import annotations

from support import ROOT

from pnp.draw.art import design_tile
from pnp.geometry.shapes import HEX_POINTY, SQUARE
from pnp.input.tileset import load_tileset
from pnp.rulebook.designs import Designs

GOLD_MINE = ROOT / "tilesets" / "gold-mine.yaml"


def test_a_turned_design_turns_its_tunnels_and_the_places_of_its_features():
    tileset = load_tileset(GOLD_MINE)
    kind = tileset.tile("chamber-corner-two-dead-ends-secret")  # chamber S-W; N, E; door NE
    turned = kind.turned(SQUARE, 1)
    assert turned is not None
    assert [path.ports for path in turned.paths] == [("E",), ("S",), ("W", "N")]
    assert [(f.value, f.at) for f in turned.features] == \
        [("chamber-gold", "center"), ("secret-passage", "SE")]
    assert turned.connections == frozenset(frozenset(pair) for pair in (("W", "N"),))
    assert kind.turned(SQUARE, 4) == kind  # a whole turn is the design itself
    assert kind.turned(HEX_POINTY, 1) is None  # no compass point 60 degrees on from NE


def test_the_cover_draws_a_turned_tile_upright_and_a_square_one_as_it_prints():
    tileset = load_tileset(GOLD_MINE)
    designs = Designs(tileset)
    assert designs.upright("chamber-corner", 0) is None  # drawn as it prints, unturned
    upright = designs.upright("chamber-corner", 3)
    assert upright is not None
    key, drawing = upright
    turned = tileset.tile("chamber-corner").turned(SQUARE, 3)
    assert turned is not None and turned.ports == frozenset({"E", "S"})
    assert key.endswith(":upright:3") and drawing == design_tile(tileset, turned)
