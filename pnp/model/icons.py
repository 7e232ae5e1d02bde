"""The icon vocabulary a tileset may name.

The model owns the names so that reading a tileset needs no drawing code;
:mod:`pnp.draw.icons` draws each of them (a test keeps the two in step).
"""

from __future__ import annotations

# Icons that are small pictures of the board (Mattock's structures): a player aid draws
# them larger than its symbols, without the disc, so their hexes can be read.
PICTOGRAMS = frozenset({"structure-bar", "structure-y", "structure-fan", "dig", "move",
                        "caught"})
# Icons drawn as a square, not a disc: the placer fits them as boxes and keeps their
# corners off the walls (taken for discs, Gold Mine's secret doors had put a corner on a
# chamber's wall).
SQUARE_ICONS = frozenset({"secret-passage"})

ICON_NAMES: tuple[str, ...] = (
    "altar",
    "barrel",
    "bat",
    "beams",
    "beetle",
    "castle",
    "caught",
    "chamber-gold",
    "chest",
    "deepest",
    "dig",
    "dynamite",
    "fossil",
    "gold-challenge",
    "headframe",
    "hive",
    "hourglass",
    "lantern",
    "lodestone",
    "mark-cross",
    "mark-ring",
    "mark-square",
    "mark-triangle",
    "mattock",
    "miner",
    "move",
    "move-tile",
    "mud",
    "nugget",
    "phantom",
    "pickaxes",
    "plan",
    "plus-one-token",
    "predict",
    "raven",
    "reroll",
    "ring",
    "rubble",
    "sapphire",
    "scroll",
    "secret-passage",
    "structure-bar",
    "structure-fan",
    "structure-y",
    "tiles",
    "torch",
    "vein",
    "well",
    "well-altar",
    "well-dragon",
)
