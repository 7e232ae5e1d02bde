"""Icons as small drawings of their own, for the tables of player aids.

An aid is read beside the tiles, so its icons must be the tiles' icons: the
same functions from :mod:`pnp.draw.icons`, the same palette, the same badge,
on the sand disc a card's art window shows them on.
"""

from __future__ import annotations

from pnp.draw.badges import badge
from pnp.draw.icons import ICONS
from pnp.draw.pen import Pen
from pnp.draw.scene import Circle, Drawing, Primitive, Style

DISC = 0.47  # the disc's radius as a share of the chip's side
# the icon's radius as a share of the chip's side: an icon's art reaches out to about 1.3
# of its radius (a castle's corners), so this keeps all of it inside the disc
ICON = 0.35


def icon_chip(name: str, side: float, colours: dict[str, str]) -> Drawing:
    """The icon ``name`` on a sand disc, in a ``side`` x ``side`` box."""
    centre = side / 2
    items: list[Primitive] = [Circle(centre, centre, side * DISC,
                                     Style(fill=colours["floor"], stroke=colours["wall"],
                                           width=side * 0.03))]
    items.extend(ICONS[name](Pen(centre, centre, side * ICON, colours)))
    return Drawing(side, side, 0.0, tuple(items))


def pictogram_chip(name: str, side: float, colours: dict[str, str]) -> Drawing:
    """A pictogram of the board (Mattock's bar, Y and fan) filling a ``side`` box, with
    no disc: its hexes need all the room a row gives them."""
    centre = side / 2
    return Drawing(side, side, 0.0, tuple(ICONS[name](Pen(centre, centre, side / 2, colours))))


def badge_chip(text: str, side: float, colours: dict[str, str]) -> Drawing:
    """A badge drawn over a chip's top-right corner, as tiles put one on an icon."""
    radius = side * 0.2
    return Drawing(side, side, 0.0, tuple(badge(text, side - radius, radius, radius, colours)))
