"""A tile's symbol on its own, drawn large: the key a rulebook gives before its scoring.

On a tile an altar or a fossil is a few millimetres across, beside a number
badge and a tunnel; a player learning what scores must see each one large
enough to tell apart, with its name beside it. So a symbol is drawn here as a
small square of tunnel floor, edged in the wall colour, with the icon filling
most of it, in the tileset's own colours: the same picture as on the tiles.
"""

from __future__ import annotations

from pnp.draw.icons import draw_icon
from pnp.draw.pen import Pen
from pnp.draw.scene import Drawing, Outline, Primitive, Style, rect
from pnp.model.tileset import Tileset

ICON_SHARE = 0.4  # the icon's radius, as a share of the square's side
EDGE = 0.06  # the wall-coloured edge, as a share of the side


def design_symbol(tileset: Tileset, icon: str, size: float) -> Drawing:
    """The ``size``-point square that shows ``icon`` alone, as a rulebook's key draws it."""
    colours = dict(tileset.palette)
    edge = size * EDGE
    items: list[Primitive] = [Outline(rect(edge / 2, edge / 2, size - edge, size - edge,
                                           size * 0.12),
                                      Style(fill=colours["floor"], stroke=colours["wall"],
                                            width=edge))]
    items.extend(draw_icon(icon, Pen(size / 2, size / 2, size * ICON_SHARE, colours),
                           tileset.own_icons))
    return Drawing(size, size, 0.0, tuple(items))
