"""Pictograms of a few hex tiles on a board: Mattock's rules drawn small enough for a
player aid's row.

A reference sheet that only says "a tile with three neighbours is full" sends the
player back to the book mid-game; the shapes themselves settle the argument. Each
pictogram is a handful of pointy-topped hexes on the axial cells the rulebook's own
figures use (so the bar on the sheet is the bar in the book), drawn flat in the
book's own grammar: a laid tile in the rock colour, a closed space hatched, a free
space as a pale outline, the space being mined outlined in dashes of the accent
colour, as the book's figures outline a target. Miners are the printed tokens' marks:
yours a dark disc with a white triangle, the other side's a white disc with a dark
square, so they part by shape and in greyscale; a move is an accent arrow over the
tiles.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.draw.diagram import seam_style
from pnp.draw.emblem_icons import mark_square, mark_triangle
from pnp.draw.ink import ink_for, mix
from pnp.draw.pen import Pen
from pnp.draw.scene import Clip, Command, Outline, Primitive, Style, polygon
from pnp.draw.treasure_icons import mattock
from pnp.geometry.cells import AxialCell as Cell
from pnp.geometry.shapes import HEX_POINTY

# what lies on a cell: "tile", "space" (free), "closed", "new" (the space being mined),
# and on a tile a miner: "yours" or "theirs", or "taken" (theirs, removed: faded)
Spot = tuple[Cell, str]
MINER = 0.64  # a miner's disc radius, as a share of a hex's flat-to-flat half width
# how far a miner taken off fades towards the paper, as the book's diagrams fade a piece
# just taken off (towards the tile, the taken blue miner had stayed a dark navy that read
# as still in play). Fading means removed and nothing else, as in the book: a move is an
# arrow from the miner where it stands, never a faded miner where it stood.
TAKEN_FADE = 0.62
MINER_EDGE = 0.03  # a miner's edge, of the pen's radius: a hairline at a chip's size


def _hex(pen: Pen, centre: tuple[float, float], size: float) -> tuple[Command, ...]:
    """A pointy-topped hex ``size`` across its flats, around a unit-box point, in the
    pen's coordinates."""
    cx, cy = HEX_POINTY.centre(size)
    return polygon([(pen.cx + (centre[0] + x - cx) * pen.r, pen.cy + (centre[1] + y - cy) * pen.r)
                    for x, y in HEX_POINTY.corners(size)])


def _fill(spots: Sequence[Spot]) -> float:
    """The hex size at which ``spots`` fill the unit box, a margin inside it."""
    return 1.84 / max(_extent([HEX_POINTY.cell_centre(cell, 1.0) for cell, _ in spots]))


def cluster(pen: Pen, spots: Sequence[Spot], arrow: tuple[Cell, Cell] | None = None,
            like: Sequence[Spot] = ()) -> list[Primitive]:
    """The spots, scaled together to fill the unit box (or at the scale that fills it
    with ``like``, a larger set drawn beside them) and centred in it; ``arrow`` runs
    from one cell to another."""
    centres = [HEX_POINTY.cell_centre(cell, 1.0) for cell, _ in spots]
    mid_x, mid_y = _extent(centres, middle=True)
    size = _fill(like or spots)
    items: list[Primitive] = []
    for (_, what), (x, y) in zip(spots, centres, strict=True):
        centre = ((x - mid_x) * size, (y - mid_y) * size)
        items += _spot(pen, centre, size, what)
    if arrow is not None:
        ends = [HEX_POINTY.cell_centre(cell, 1.0) for cell in arrow]
        (ax, ay), (bx, by) = (((x - mid_x) * size, (y - mid_y) * size) for x, y in ends)
        items += _arrow(pen, (ax, ay), (bx, by), size)
    return items


def _arrow(pen: Pen, start: tuple[float, float], end: tuple[float, float],
           size: float) -> list[Primitive]:
    """An accent arrow from ``start`` to ``end`` (unit box), over the tops of the hexes
    so it hides no miner it passes, its head short of the far cell's centre."""
    lift = size * 0.62
    start, end = (start[0], start[1] - lift), (end[0], end[1] - lift)
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    tip = (end[0] - ux * size * 0.3, end[1] - uy * size * 0.3)
    tail = (start[0] + ux * size * 0.3, start[1] + uy * size * 0.3)
    head = size * 0.28
    shaft_end = (tip[0] - ux * head * 0.7, tip[1] - uy * head * 0.7)
    wing = [(tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6),
            (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)]
    return [pen.line([tail, shaft_end], pen.c["paper"], 0.2),
            pen.line([tail, shaft_end], pen.c["accent"], 0.1),
            pen.poly([tip, *wing], fill=pen.c["accent"], stroke=pen.c["paper"], width=0.03)]


def _extent(centres: list[tuple[float, float]], middle: bool = False) -> tuple[float, float]:
    """The width and height of hexes (one across their flats) on ``centres``, or, with
    ``middle``, the middle of their box."""
    reach = 1.0 / math.sqrt(3)  # centre to corner of a hex one across its flats
    low_x, high_x = min(x for x, _ in centres) - 0.5, max(x for x, _ in centres) + 0.5
    low_y, high_y = min(y for _, y in centres) - reach, max(y for _, y in centres) + reach
    if middle:
        return (low_x + high_x) / 2, (low_y + high_y) / 2
    return high_x - low_x, high_y - low_y


def _spot(pen: Pen, centre: tuple[float, float], size: float, what: str) -> list[Primitive]:
    # lines are weighed for the bar's and the Y's hexes and thinned with smaller ones:
    # at one weight the fan's smaller hexes had printed heavier than theirs
    ink, outline, weight = pen.c["ink"], _hex(pen, centre, size * 0.94), size / LINE_HEX
    if what == "space":
        return [_outline(outline, None, pen.c["rock-light"], pen.width(0.03 * weight))]
    if what == "closed":
        return [_outline(outline, pen.c["floor"], ink, pen.width(0.035 * weight)),
                Clip(outline, tuple(_hatching(pen, centre, size)))]
    if what == "new":
        inner = _hex(pen, centre, size * 0.8)
        return [Outline(inner, Style(fill=pen.c["floor"], stroke=pen.c["accent"],
                                     width=pen.width(0.07), dash=(pen.width(0.12),
                                                                  pen.width(0.08))))]
    # a tile's edge as the book seams its laid tiles: a line between ink and rock, not a
    # heavy ink outline, which had set the sheet's pictures apart from the book's
    seam = seam_style(pen.c).stroke or ink
    items: list[Primitive] = [_outline(outline, pen.c["rock"], seam, pen.width(0.045 * weight))]
    if what != "tile":
        return items + _miner(pen, centre, size / 2 * MINER, what)
    # a bare tile wears its mattock mark, as the printed tiles and the book's do: plain
    # rock hexes had read as a quicker job than the book's pictures
    return items + mattock(Pen(pen.cx + centre[0] * pen.r, pen.cy + centre[1] * pen.r,
                               size * TILE_MARK * pen.r, pen.c))


LINE_HEX = 1.84 / 3  # the hex size (of the unit box) the pictograms' line weights suit
TILE_MARK = 0.24  # a bare tile's mattock mark, as a share of its hex


def _miner(pen: Pen, centre: tuple[float, float], radius: float, what: str) -> list[Primitive]:
    """A miner on its tile: "yours" (a triangle) or "theirs" (a square), edged by a
    hairline as the tokens and the book's pieces are; "taken" is theirs faded towards
    the paper, as the book draws a piece just taken off (a heavy ink ring round it had
    read as a third, black miner)."""
    ink = pen.c["ink"]
    side = "yours" if what == "yours" else "theirs"
    face = pen.c.get(side, ink if side == "yours" else "#ffffff")
    mark_ink = ink_for(face, pen.c)
    fade = TAKEN_FADE if what == "taken" else 0.0
    towards = pen.c["paper"]
    face, mark_ink = mix(face, towards, fade), mix(mark_ink, towards, fade)
    ring = mix(ink, towards, fade)
    items: list[Primitive] = [pen.circle(centre[0], centre[1], radius, fill=face,
                                         stroke=ring, width=MINER_EDGE)]
    mark = mark_triangle if side == "yours" else mark_square
    return items + mark(_mark_pen(pen, centre, radius, mark_ink))


def _mark_pen(pen: Pen, centre: tuple[float, float], radius: float, colour: str) -> Pen:
    """A pen for a side's mark inside a miner's disc, drawn in ``colour``."""
    return Pen(pen.cx + centre[0] * pen.r, pen.cy + centre[1] * pen.r, radius * 0.55 * pen.r,
               {**pen.c, "ink": colour})


def _hatching(pen: Pen, centre: tuple[float, float], size: float) -> list[Primitive]:
    """Diagonal strokes across a closed space, as the book hatches one."""
    step, half = size * 0.22, size * 0.6
    return [pen.line([(centre[0] + offset - half, centre[1] + half),
                      (centre[0] + offset + half, centre[1] - half)], pen.c["ink"],
                     0.03 * size / LINE_HEX)
            for offset in (step * k for k in range(-3, 4))]


def _outline(commands: tuple[Command, ...], fill: str | None, stroke: str,
                width: float) -> Primitive:
    """An outline already in page coordinates (the pen's transform applied)."""
    return Outline(commands, Style(fill=fill, stroke=stroke, width=width, join="round"))


# The three shapes a tile with exactly three neighbours can make, on the cells the
# rulebook's strategy figures use; the centre's three free spaces are closed.
BAR: tuple[Spot, ...] = (((0, -1), "tile"), ((0, 0), "tile"), ((0, 1), "tile"), ((1, 0), "tile"),
                         ((1, -1), "closed"), ((-1, 0), "closed"), ((-1, 1), "closed"))
# the Y is turned so it differs from the bar in four cells, not two: at the fan's hex size
# the two had differed on 3% of a chip in greyscale
Y_SHAPE: tuple[Spot, ...] = (((0, 0), "tile"), ((1, -1), "tile"), ((-1, 0), "tile"),
                             ((0, 1), "tile"), ((1, 0), "closed"), ((0, -1), "closed"),
                             ((-1, 1), "closed"))
# the fan stands on its point, 3.5 hexes wide and 3.75 tall: lying flat it was 4 wide
FAN: tuple[Spot, ...] = (((0, 0), "tile"), ((1, 0), "tile"), ((0, 1), "tile"), ((-1, 1), "tile"),
                         ((1, -1), "closed"), ((0, -1), "closed"), ((-1, 0), "closed"),
                         ((1, 1), "closed"), ((0, 2), "closed"), ((-1, 2), "closed"))


# The three structures share one hex size, the fan's (the largest): each filling its own
# box, the fan's hexes had printed a quarter smaller than the others' beside them, which
# read as a picture shrunk to fit rather than a larger shape.


def structure_bar(pen: Pen) -> list[Primitive]:
    """The bar: a line of three and one beside it; the centre's free spaces closed."""
    return cluster(pen, BAR, like=FAN)


def structure_y(pen: Pen) -> list[Primitive]:
    """The Y: three neighbours spread evenly round the centre, the gaps closed."""
    return cluster(pen, Y_SHAPE, like=FAN)


def structure_fan(pen: Pen) -> list[Primitive]:
    """The fan: four in a diamond, its middle two both full; six spaces close."""
    return cluster(pen, FAN)


def dig(pen: Pen) -> list[Primitive]:
    """Mining: a new tile (accent) laid on a free space touching a tile your miner reaches."""
    return cluster(pen, (((-1, 0), "yours"), ((0, 0), "tile"), ((1, 0), "new"),
                         ((0, -1), "space"), ((1, -1), "space"), ((0, 1), "space"),
                         ((-1, 1), "space")))


def move(pen: Pen) -> list[Primitive]:
    """Moving: your miner, where it stands, goes along connected tiles, past a friend,
    to a free tile (the arrow), as the book draws a move. The sheet had shown the miner
    already moved and faded where it stood, while the book fades only a removed one."""
    return cluster(pen, (((-1, 0), "yours"), ((0, 0), "yours"), ((1, 0), "tile")),
                   arrow=((-1, 0), (1, 0)))


def caught(pen: Pen) -> list[Primitive]:
    """Removal: a lone miner of the other side between two of yours, faded in a solid
    ring: it goes back to its owner."""
    return cluster(pen, (((-1, 0), "yours"), ((0, 0), "taken"), ((1, 0), "yours")))
