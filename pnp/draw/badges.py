"""Number badges: the points on an altar or a fossil, a value on a token or a card.

A badge is drawn as a disc (a pill for "4/2") in the accent colour, and on a
tile it is placed beside its icon in free rock, never over the art it scores:
the icon shrinks a little first if that makes room, and only where no side of
it has rock does the badge lie over its top-right corner.
"""

from __future__ import annotations

import math

import msgspec

from pnp.draw.scene import Outline, Primitive, Style, Text, rect
from pnp.geometry.points import Point
from pnp.input.faces import MIN_TEXT, string_width
from pnp.model.rock import GAP, Footprint, Placer, Spot

BADGE_TEXT = 1.15  # a number badge's type size, as a share of its disc's radius
BADGE_SMALLEST = MIN_TEXT / 1.1  # radius of the smallest badge whose number is still 6 pt


def badge(text: str, x: float, y: float, radius: float, colours: dict[str, str]) -> list[Primitive]:
    """A small badge with a number or word: points on an icon, a value on a token.

    A round disc holds one or two characters; a longer text ("4/2") keeps the
    disc's type size and gets a pill as wide as it needs, rather than a number
    shrunk to touch the disc's edge. The disc is its number's plaque: printed so
    small that the number is left out (a thumbnail), it goes too, never a blank dot.
    """
    # a ring of the floor's cream wide enough to part the red disc from the rock when
    # printed in grey, where the two came out a few levels apart
    style = Style(fill=colours["accent"], stroke=colours["floor"], width=radius * 0.22)
    size = radius * BADGE_TEXT
    width = string_width(text, "label", size)
    half = radius if width <= radius * 1.7 else width / 2 + radius * 0.45
    return [Outline(rect(x - half, y - radius, 2 * half, 2 * radius, radius), style,
                    plaque=True),
            Text(x, y + size * 0.36, text, size, "label", "middle", "#ffffff")]


# How far an icon with a number badge may shrink (on top of the placer's own shrinking)
# so that the badge finds rock beside it rather than over it, largest first.
BADGE_ROOM_SHRINKS = (1.0, 0.9, 0.8, 0.7, 0.6)


def icon_and_badge(placer: Placer, footprint: Footprint,
                    radii: tuple[float, float]) -> tuple[Spot, Point, float, bool]:
    """An icon and its number badge: the icon as large as it fits with its badge beside
    it in free rock; where even the smallest icon leaves no side free (a crossing's
    small corners), the icon at its own size with the badge over its top right.
    ``radii`` are the icon's at full size and the smallest badge's; all in tile sizes.
    The icon's spot carries the whole scale, its own shrinking and the placer's."""
    radius, least = radii
    before = len(placer.placed)
    for shrink in BADGE_ROOM_SHRINKS:
        if footprint.smallest / shrink > 1.0:
            break
        smaller = msgspec.structs.replace(
            footprint, half_width=footprint.half_width * shrink,
            half_height=footprint.half_height * shrink,
            smallest=footprint.smallest / shrink)
        spot = placer.place(smaller)
        drawn = radius * shrink * spot.scale
        reach = max(drawn * 0.36, least)
        beside = _badge_beside(placer, spot.centre, (drawn, reach), len(placer.placed) - 1)
        if beside is not None:
            return Spot(spot.centre, spot.scale * shrink), beside, reach, False
        del placer.placed[before:]
    spot = placer.place(footprint)
    drawn = radius * spot.scale
    reach = max(drawn * 0.36, least)
    nominal = (spot.centre[0] + drawn * 0.78, spot.centre[1] - drawn * 0.78)
    over = placer.place(Footprint(nominal, reach, reach, True, partner=len(placer.placed) - 1))
    return spot, over.centre, reach, True


# Where a badge may sit round its icon, in the order tried: top right first, as on
# cards and tokens, then the other sides (angles in degrees, y down).
BADGE_BEARINGS = (-45, -135, 0, 180, 45, 135, -90, 90)
BADGE_CLEAR = 0.035  # tile sizes a badge keeps from other marks beyond the usual gap: 6 pt


def _badge_beside(placer: Placer, centre: Point, sizes: tuple[float, float],
                  icon: int) -> Point | None:
    """A badge's place beside its icon and clear of its art (an altar's candle, a
    fossil's skull), on the first side with free rock; None where no side has room.
    ``centre`` and ``sizes`` (the icon's radius and the badge's) are in tile sizes;
    ``icon`` is the icon's placing order: the badge keeps BADGE_CLEAR from all else."""
    radius, reach = sizes
    away = radius + reach + GAP + 1e-6  # the two boxes side by side, as the placer sees them
    for bearing in BADGE_BEARINGS:
        angle = math.radians(bearing)
        along = max(abs(math.cos(angle)), abs(math.sin(angle)))  # to a box's edge, not a circle's
        want = (centre[0] + away * math.cos(angle) / along,
                centre[1] + away * math.sin(angle) / along)
        spot = placer.place_at(Footprint(want, reach, reach, True, partner=icon,
                                         clear=BADGE_CLEAR))
        if spot is not None:
            return spot.centre
    return None
