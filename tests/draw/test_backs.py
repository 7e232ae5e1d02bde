"""Backs carry the game's mark and a picture, never a category word, and decks the rules
keep apart have backs a player can tell apart."""

from __future__ import annotations

import pytest
from support import ROOT, SHIPPED_GAMES

from pnp.draw.art import design_back
from pnp.draw.scene import Clip, Text
from pnp.input.tileset import load_tileset


def texts(items) -> list[str]:
    """Every text of a scene, clipped groups included."""
    found = []
    for item in items:
        if isinstance(item, Clip):
            found += texts(item.children)
        elif isinstance(item, Text):
            found.append(item.text)
    return found


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_a_back_prints_only_the_games_title(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    width, height = tileset.shape.box(tileset.size)
    for back in tileset.backs:
        words = texts(design_back(tileset, back, width, height).items)
        assert [word.upper() for word in words] == [tileset.title.upper()], back.name


def test_dynamines_items_and_missions_come_from_decks_with_backs_of_their_own():
    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    backs = {prefix: {c.back for c in tileset.components if c.name.startswith(prefix)}
             for prefix in ("item-", "mission-")}
    assert all(len(names) == 1 for names in backs.values())
    item, mission = (next(b for b in tileset.backs if b.name in backs[p])
                     for p in ("item-", "mission-"))
    assert item.name != mission.name and item.motif != mission.motif
