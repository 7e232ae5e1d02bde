"""Facts about a card or token's cut: its outline, its trim box, its reverse's name.

Both imposition and drawing need these, so they are plain functions of the model.
"""

from __future__ import annotations

import math

import msgspec

from pnp.geometry.lattice import SQUARE_GRID, Lattice
from pnp.geometry.shapes import HEX_POINTY, HexShape, Shape
from pnp.model.tileset import Component, Tileset


class PieceCut(msgspec.Struct, frozen=True):
    """The outline a piece is cut to: a rectangle, a round, or a tile shape.

    Drawing, imposition and the manifest all ask this one value what the cut
    is, so none of them has to recognise an outline by its name. ``name`` is
    what the manifest prints: "rect", "round" or the shape's name.
    """

    name: str
    shape: Shape | None = None  # the polygon of a piece cut like a tile
    round: bool = False

    @property
    def fills_box(self) -> bool:
        """Whether the cut is the whole trim box, so art and frames may reach its corners."""
        return self.shape.fills_box if self.shape is not None else not self.round

    @property
    def area_ratio(self) -> float:
        """The part of the trim box the cut piece keeps: the paper a sheet really uses."""
        if self.shape is not None:
            return self.shape.area_ratio()
        return math.pi / 4.0 if self.round else 1.0

    @property
    def lattice(self) -> Lattice:
        """How copies pack on a sheet: a tile shape's own lattice, else the square grid."""
        return self.shape.lattice if self.shape is not None else SQUARE_GRID

    def box(self, width: float, height: float) -> tuple[float, float]:
        """Trim box of a piece declared ``width`` x ``height``; a shape's size is across flats."""
        if self.shape is not None:
            return self.shape.box(min(width, height))
        return width, height


RECT = PieceCut("rect")
ROUND = PieceCut("round", round=True)


def shape_cut(shape: Shape) -> PieceCut:
    """The cut of a piece shaped like ``shape``: a tile, or a hex card or token."""
    return PieceCut(shape.name, shape)


def piece_cut(tileset: Tileset, component: Component) -> PieceCut:
    """The outline a component is cut to: rect, round, or a hex like the tiles' (else pointy)."""
    if component.shape == "hex":
        return shape_cut(tileset.shape if isinstance(tileset.shape, HexShape) else HEX_POINTY)
    return ROUND if component.shape == "round" else RECT


def piece_kind(tileset: Tileset, component: Component) -> str:
    """The outline's name, as the manifest and the shared backs' keys spell it."""
    return piece_cut(tileset, component).name


def piece_box(tileset: Tileset, component: Component) -> tuple[float, float]:
    """Trim box of a component; a hex component's size is across its flats."""
    return piece_cut(tileset, component).box(component.width, component.height)


def reverse_key(tileset: Tileset, component: Component) -> str:
    """The design name of a component's reverse side: shared backs are shared per size."""
    if component.reverse is not None:
        return f"reverse:{component.name}"
    width, height = piece_box(tileset, component)
    return f"back:{component.back}:{piece_kind(tileset, component)}:{width:.2f}x{height:.2f}"
