"""Cards and tokens: faces, reverse sides and shared backs, as scenes.

A component is drawn on a frame of its own size and shape (rectangle, round
or hex) with the same feature placement as tiles, so a card's title, icon and
rules text are declared exactly like a tile's label and icon.
"""

from __future__ import annotations

from pnp.art import Frame, design_back, features, ink_for, outline
from pnp.geometry import SHAPES
from pnp.model import Component, Feature, Tileset
from pnp.scene import Clip, Command, Drawing, Outline, Primitive, Style, ellipse, rect

FACE_COLOUR = "#f6efdf"  # parchment: dark ink reads on it in colour and in greyscale


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


def piece_outline(kind: str, width: float, height: float,
                  grow: float = 0.0) -> tuple[Command, ...]:
    """The cut line of a piece, grown by ``grow`` for bleed (or shrunk, for frames)."""
    if kind == "round":
        return ellipse(width / 2, height / 2, width / 2 + grow, height / 2 + grow)
    if kind in SHAPES and kind != "square":
        return outline(SHAPES[kind], min(width, height), grow)  # size is across the flats
    return rect(-grow, -grow, width + 2 * grow, height + 2 * grow)


def _face(tileset: Tileset, kind: str, width: float, height: float, colour: str,
          feats: tuple[Feature, ...], bleed: float) -> Drawing:
    colours = dict(tileset.palette)
    background = colour or FACE_COLOUR
    edge = piece_outline(kind, width, height, bleed)
    size = min(width, height)
    inset = size * (0.05 if kind == "rect" else 0.07)
    ring = (rect(inset, inset, width - 2 * inset, height - 2 * inset, size * 0.05)
            if kind == "rect" else piece_outline(kind, width, height, -inset))
    frame_ink = ink_for(background, colours)
    items: list[Primitive] = [
        Outline(edge, Style(fill=background)),
        Outline(ring, Style(stroke=frame_ink, width=size * 0.012, join="round")),
    ]
    margin = inset + size * 0.03 if kind == "rect" else 0.0  # clear of the printed frame
    items.extend(features(Frame(width, height, kind != "rect", margin), feats, colours, False,
                          background))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


def design_component(tileset: Tileset, component: Component, bleed: float = 0.0) -> Drawing:
    """The face of a card or token."""
    width, height = piece_box(tileset, component)
    return _face(tileset, piece_kind(tileset, component), width, height, component.colour,
                 component.features, bleed)


def design_reverse(tileset: Tileset, component: Component, bleed: float = 0.0) -> Drawing:
    """The other side of a double-sided piece (its own reverse, or its shared back)."""
    width, height = piece_box(tileset, component)
    kind = piece_kind(tileset, component)
    if component.reverse is None:
        return design_back(tileset, tileset.back(component.back), width, height, bleed, kind)
    return _face(tileset, kind, width, height, component.reverse.colour,
                 component.reverse.features, bleed)


def reverse_key(tileset: Tileset, component: Component) -> str:
    """The design name of a component's reverse side: shared backs are shared per size."""
    if component.reverse is not None:
        return f"reverse:{component.name}"
    width, height = piece_box(tileset, component)
    return f"back:{component.back}:{piece_kind(tileset, component)}:{width:.2f}x{height:.2f}"
