"""Facts about a card or token's cut: its outline kind, its trim box, its reverse's name.

Both imposition and drawing need these, so they are plain functions of the model.
"""

from __future__ import annotations

from pnp.geometry.shapes import SHAPES
from pnp.model.tileset import Component, Tileset


def piece_kind(tileset: Tileset, component: Component) -> str:
    """The outline a component is cut to: rect, round, or a hex like the tiles'."""
    if component.shape == "hex":
        return tileset.shape.name if tileset.shape.name != "square" else "hex-pointy"
    return component.shape


def piece_box(tileset: Tileset, component: Component) -> tuple[float, float]:
    """Trim box of a component; a hex component's size is across its flats."""
    kind = piece_kind(tileset, component)
    if kind in SHAPES:
        return SHAPES[kind].box(min(component.width, component.height))
    return component.width, component.height


def reverse_key(tileset: Tileset, component: Component) -> str:
    """The design name of a component's reverse side: shared backs are shared per size."""
    if component.reverse is not None:
        return f"reverse:{component.name}"
    width, height = piece_box(tileset, component)
    return f"back:{component.back}:{piece_kind(tileset, component)}:{width:.2f}x{height:.2f}"
