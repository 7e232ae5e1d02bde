"""Cards, tokens and tiles designed as a family: a deck laid out alike card to card, art
that shows the thing named, tokens with pictures, one size for each symbol on the
tiles, and numbers beside the pictures they score rather than over them."""

from __future__ import annotations

import math
from collections import defaultdict

import pytest
from support import ILLUSTRATIONS, ROOT, named_demon_mine, tileset_from_text

from pnp.draw import placing as tile_art
from pnp.draw.art import design_tile
from pnp.draw.cards import card_layout, card_words
from pnp.draw.components import deck_rules, design_component
from pnp.draw.icons import ICONS
from pnp.draw.pen import Pen
from pnp.draw.scene import Clip, Text
from pnp.input.tileset import load_tileset


@pytest.fixture(scope="module")
def dynamine():
    return load_tileset(ROOT / "tilesets" / "dynamine.yaml")


def _texts(items):
    for item in items:
        if isinstance(item, Clip):
            yield from _texts(item.children)
        elif isinstance(item, Text):
            yield item


def test_every_card_of_a_deck_has_its_art_and_rules_box_in_the_same_place(dynamine):
    decks = defaultdict(list)
    for card in (c for c in dynamine.components if c.kind == "card"):
        drawing = design_component(dynamine, card)
        title, words = card_words(card.features)
        layout = card_layout(drawing.width, drawing.height, title, words,
                             deck_rules(dynamine, card))
        kind = next((t.text for t in _texts(drawing.items) if t.text in ("Item", "Mission")),
                    None)
        type_line = next((t.y for t in _texts(drawing.items) if t.text == kind), None)
        decks[card.back].append((layout.art, layout.rules, type_line))
    # items and the missions nobody was dealt are shuffled into one deck: one back
    assert "item-back" in decks and "mission-back" not in decks
    assert {card.back for card in dynamine.components
            if card.name.startswith(("item-", "mission-"))} == {"item-back"}
    for back, cards in decks.items():
        assert len({(art, rules) for art, rules, _ in cards}) == 1, back
        lines = {round(y, 3) for _, _, y in cards if y is not None}
        assert len(lines) <= 1, f"{back}: the type line moves: {sorted(lines)}"
    assert len({y for _, _, y in decks["item-back"]}) == 1


def test_an_item_card_shows_the_item_it_is_named_after(dynamine):
    items = [c for c in dynamine.components if c.name.startswith("item-")]
    pictures = [next(str(f.value) for f in c.features if f.kind == "icon") for c in items]
    assert len(items) == 6 and set(pictures) <= ILLUSTRATIONS
    assert len(set(pictures)) == len(pictures)  # each its own
    torches = next(c for c in items if c.name == "item-wall-torches")
    assert any(f.kind == "icon" and f.value == "torch" for f in torches.features)


def test_every_token_has_a_picture_not_only_words(dynamine):
    """A token that says something (a round's number, an action) has art as well; a
    market's row letter is a coordinate, and stays one letter."""
    tokens = [c for c in dynamine.components if c.kind == "token"
              and not all(f.kind == "text" and len(str(f.value)) == 1 for f in c.features)]
    assert any(c.name.startswith("round-") for c in tokens)
    for token in tokens:
        assert any(f.kind in ("icon", "die") for f in token.features), token.name


def _drawn_sizes(tileset, monkeypatch, icon):
    """The radius each tile of ``tileset`` draws ``icon`` at."""
    sizes: list[float] = []
    original = ICONS[icon]

    def record(pen: Pen):
        sizes.append(pen.r)
        return original(pen)

    monkeypatch.setitem(ICONS, icon, record)
    for tile in tileset.tiles:
        design_tile(tileset, tile)
    return sizes


@pytest.mark.parametrize("icon", ["vein", "plus-one-token"])
def test_each_symbol_on_the_tiles_is_drawn_at_one_size(dynamine, monkeypatch, icon):
    sizes = _drawn_sizes(dynamine, monkeypatch, icon)
    assert len(sizes) >= 7
    assert max(sizes) / min(sizes) < 1.02, sorted(round(s, 2) for s in sizes)


def _badges_and_icons(tileset, tile):
    """The accent discs as drawn: an icon's circles, and a badge, which is drawn as the
    plaque of its number (a round outline), read back as a centre and a radius."""
    from types import SimpleNamespace

    colours = dict(tileset.palette)
    items = list(design_tile(tileset, tile).items[0].children)
    discs = [item for item in items if getattr(item, "style", None) is not None and
             getattr(item, "r", None) is not None and item.style.fill == colours["accent"]]
    for item in items:
        if getattr(item, "plaque", False) and item.style.fill == colours["accent"]:
            xs = [value for command in item.commands for value in command[1::2]]
            ys = [value for command in item.commands for value in command[2::2]]
            discs.append(SimpleNamespace(cx=(min(xs) + max(xs)) / 2, cy=(min(ys) + max(ys)) / 2,
                                         r=(max(ys) - min(ys)) / 2))
    return discs


def test_a_number_sits_beside_its_picture_where_the_rock_has_room(monkeypatch):
    tileset = tileset_from_text("""\
game: badges
title: Badges
size: 1.5in
tiles:
  - name: bend
    count: 1
    paths: [N-E]
    features: [{icon: altar, badge: "4", at: SW, scale: 0.8}]
""")
    tile = tileset.tiles[0]
    placed = []
    original = ICONS["altar"]
    monkeypatch.setitem(ICONS, "altar",
                        lambda pen: placed.append((pen.cx, pen.cy, pen.r)) or original(pen))
    discs = _badges_and_icons(tileset, tile)
    (x, y, radius), = placed
    badge = next(disc for disc in discs if disc.r < radius)
    assert math.dist((badge.cx, badge.cy), (x, y)) >= radius + badge.r - 0.5  # clear of it
    assert math.dist((badge.cx, badge.cy), (x, y)) < 2.2 * radius  # and still beside it


def test_the_name_signs_of_a_tileset_share_one_size_however_long_the_name():
    """MINE ENTRANCE and BEETLE HIVE sit side by side on the table: one letter size,
    the larger of the two before this (the longer name had shrunk further)."""
    demon = named_demon_mine()
    signs = {tile.name: [text.size for text in _texts(design_tile(demon, tile).items)]
             for tile in demon.tiles if tile.name in ("mine-entrance", "beetle-hive")}
    assert len(signs["mine-entrance"]) == len(signs["beetle-hive"]) == 1
    assert signs["mine-entrance"] == signs["beetle-hive"]
    assert signs["mine-entrance"][0] >= 6.0
    alone = tile_art.tile_features(demon.shape, demon.size, demon.tile("beetle-hive"),
                                   dict(demon.palette))
    assert max(text.size for text in _texts(alone)) > signs["beetle-hive"][0]  # shared, not own


def test_the_name_signs_of_a_tileset_sit_at_one_height():
    """The shorter name would fit lower in its round room; it sits as high as the longer
    one, so the two bases' names line up when the tiles lie side by side."""
    demon = named_demon_mine()
    baselines = {tile.name: [text.y for text in _texts(design_tile(demon, tile).items)]
                 for tile in demon.tiles if tile.name in ("mine-entrance", "beetle-hive")}
    assert baselines["mine-entrance"] == pytest.approx(baselines["beetle-hive"])
    size = next(_texts(design_tile(demon, demon.tile("beetle-hive")).items)).size
    own = tile_art.tile_features(demon.shape, demon.size, demon.tile("beetle-hive"),
                                 dict(demon.palette), sizes=tile_art.TileSizes(size))
    assert next(_texts(own)).y > baselines["beetle-hive"][0] + 1.0  # lower, left to itself
