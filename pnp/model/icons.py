"""The icon vocabulary a tileset may name.

The model owns the names so that reading a tileset needs no drawing code;
:mod:`pnp.draw.icons` draws each of them (a test keeps the two in step).
"""

from __future__ import annotations

ICON_NAMES: tuple[str, ...] = (
    "altar",
    "barrel",
    "bat",
    "beams",
    "beetle",
    "castle",
    "chamber-gold",
    "chest",
    "deepest",
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
    "tiles",
    "torch",
    "vein",
    "well",
    "well-altar",
    "well-dragon",
)
