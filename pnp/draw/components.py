"""Cards and tokens: faces, reverse sides and shared backs, as scenes.

A component is drawn on a frame of its own size and shape (rectangle, round
or hex) with the same feature placement as tiles, so a card's title, icon and
rules text are declared exactly like a tile's label and icon.
"""

from __future__ import annotations

from pnp.draw.art import Frame, design_back, features, ink_for, piece_outline
from pnp.draw.scene import Clip, Drawing, Outline, Primitive, Style, rect
from pnp.model.pieces import PieceCut, piece_box, piece_cut
from pnp.model.tileset import Component, Feature, Tileset

FACE_COLOUR = "#f6efdf"  # parchment: dark ink reads on it in colour and in greyscale


def _face(tileset: Tileset, cut: PieceCut, width: float, height: float, colour: str,
          feats: tuple[Feature, ...], bleed: float) -> Drawing:
    colours = dict(tileset.palette)
    background = colour or FACE_COLOUR
    edge = piece_outline(cut, width, height, bleed)
    size = min(width, height)
    inset = size * (0.05 if cut.fills_box else 0.07)
    ring = (rect(inset, inset, width - 2 * inset, height - 2 * inset, size * 0.05)
            if cut.fills_box else piece_outline(cut, width, height, -inset))
    frame_ink = ink_for(background, colours)
    items: list[Primitive] = [
        Outline(edge, Style(fill=background)),
        Outline(ring, Style(stroke=frame_ink, width=size * 0.012, join="round")),
    ]
    margin = inset + size * 0.03 if cut.fills_box else 0.0  # clear of the printed frame
    items.extend(features(Frame(width, height, not cut.fills_box, margin), feats, colours, False,
                          background))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


def design_component(tileset: Tileset, component: Component, bleed: float = 0.0) -> Drawing:
    """The face of a card or token."""
    width, height = piece_box(tileset, component)
    return _face(tileset, piece_cut(tileset, component), width, height, component.colour,
                 component.features, bleed)


def design_reverse(tileset: Tileset, component: Component, bleed: float = 0.0) -> Drawing:
    """The other side of a double-sided piece (its own reverse, or its shared back)."""
    width, height = piece_box(tileset, component)
    cut = piece_cut(tileset, component)
    if component.reverse is None:
        return design_back(tileset, tileset.back(component.back), width, height, bleed, cut)
    return _face(tileset, cut, width, height, component.reverse.colour,
                 component.reverse.features, bleed)


