"""Original icons drawn in code, each in a unit box so any size stays crisp.

An icon is a function of a :class:`Pen` (where and how big) and the palette. It
draws in unit coordinates from -1 to 1 (y down); the pen scales and places it.
Adding an icon is adding one function (in :mod:`pnp.draw.mine_icons`,
:mod:`pnp.draw.treasure_icons` or :mod:`pnp.draw.item_icons`, drawn with
:mod:`pnp.draw.pen`) and one line
in ``ICONS``: tilesets name icons, the renderer never special-cases them.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.draw.emblem_icons import (
    chest,
    deepest,
    dynamite,
    hourglass,
    lantern,
    mark_cross,
    mark_ring,
    mark_square,
    mark_triangle,
    predict,
    reroll,
    scroll,
    tiles,
)
from pnp.draw.hex_icons import caught, dig, move, structure_bar, structure_fan, structure_y
from pnp.draw.item_icons import barrel, beams, plan, raven, ring, torch
from pnp.draw.mine_icons import beetle, headframe, hive, lodestone, miner, pickaxes, rubble
from pnp.draw.pen import Icon, Pen
from pnp.draw.scene import Picture, Primitive
from pnp.draw.treasure_icons import (
    altar,
    bat,
    castle,
    chamber_gold,
    fossil,
    gold_challenge,
    mattock,
    move_tile,
    mud,
    nugget,
    phantom,
    plus_one_token,
    sapphire,
    secret_passage,
    vein,
    well,
    well_altar,
    well_dragon,
)
from pnp.model.tileset import Art

ICONS: dict[str, Icon] = {
    "headframe": headframe,
    "hive": hive,
    "beetle": beetle,
    "rubble": rubble,
    "miner": miner,
    "lodestone": lodestone,
    "pickaxes": pickaxes,
    "vein": vein,
    "plus-one-token": plus_one_token,
    "move-tile": move_tile,
    "well": well,
    "well-altar": well_altar,
    "well-dragon": well_dragon,
    "altar": altar,
    "fossil": fossil,
    "sapphire": sapphire,
    "castle": castle,
    "nugget": nugget,
    "gold-challenge": gold_challenge,
    "bat": bat,
    "secret-passage": secret_passage,
    "mud": mud,
    "phantom": phantom,
    "chamber-gold": chamber_gold,
    "mattock": mattock,
    "torch": torch,
    "barrel": barrel,
    "ring": ring,
    "raven": raven,
    "beams": beams,
    "plan": plan,
    "dynamite": dynamite,
    "chest": chest,
    "scroll": scroll,
    "tiles": tiles,
    "deepest": deepest,
    "hourglass": hourglass,
    "reroll": reroll,
    "predict": predict,
    "lantern": lantern,
    "mark-triangle": mark_triangle,
    "mark-square": mark_square,
    "mark-cross": mark_cross,
    "mark-ring": mark_ring,
    "structure-bar": structure_bar,
    "structure-y": structure_y,
    "structure-fan": structure_fan,
    "dig": dig,
    "move": move,
    "caught": caught,
}

# Icons stacked one thing on another (a well with what stands on its rim), drawn in a
# box this many times taller than wide where a tile sets them: in their circle the
# well had come out at 0.7 of a plain well's width and its topper smaller still.
ICON_HEIGHT: Mapping[str, float] = {"well-altar": 1.4, "well-dragon": 1.4}

# Icons of things lying in a tunnel rather than set in the rock: a tile keeps them on
# the floor where its tileset puts them (shrunk if the floor is narrow there).
FLOOR_ICONS = frozenset({"mud"})


def draw_icon(name: str, pen: Pen, own: Mapping[str, Art] | None = None) -> list[Primitive]:
    """A built-in icon, or one of the tileset's own SVG icons fitted into the same circle.

    A tileset's own icon is its checked SVG, kept in proportion inside the
    square the circle holds, so it reads at the size a built-in one would.
    """
    if own and name in own:
        half = pen.r * 0.92
        return [Picture(own[name], pen.cx - half, pen.cy - half, 2 * half, 2 * half, fit=True)]
    return ICONS[name](pen)
