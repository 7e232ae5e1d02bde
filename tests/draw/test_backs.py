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


def test_dynamines_items_and_missions_share_the_back_of_the_one_deck_they_are_shuffled_into():
    """The missions nobody was dealt go into the item deck: a back of their own would
    tell every player which card is on top."""
    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    backs = {c.back for c in tileset.components if c.name.startswith(("item-", "mission-"))}
    assert len(backs) == 1
    rewards = {c.back for c in tileset.components if c.name.startswith("reward-")}
    assert not rewards & backs




@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_a_backs_motif_stays_inside_its_disc(game):
    """Every point of a back's motif icon lies inside the ring drawn round it (Gold Mine's
    headframe stood out past it)."""
    import math

    from pnp.draw.scene import Circle, Outline, flat

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    width, height = tileset.shape.box(tileset.size)
    for back in tileset.backs:
        items = flat(design_back(tileset, back, width, height).items)
        ring = next(item for item in items if isinstance(item, Circle) and item.style.stroke)
        after = items[items.index(ring) + 1:]
        reach = 0.0
        for item in after:
            if isinstance(item, Text):
                break  # the title: the motif is drawn before it
            points = [(v[i], v[i + 1]) for command in getattr(item, "commands", ())
                      for v in [command[1:]] for i in range(0, len(v) - 1, 2)]
            if isinstance(item, Circle):
                reach = max(reach, math.dist((item.cx, item.cy), (ring.cx, ring.cy)) + item.r)
            elif isinstance(item, Outline):
                reach = max([reach, *(math.dist(p, (ring.cx, ring.cy)) for p in points)])
        assert 0 < reach <= ring.r, (back.name, reach, ring.r)
