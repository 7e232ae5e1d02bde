"""Cards and tokens: faces, reverse sides and shared backs, as scenes.

A token is drawn on a frame of its own size and shape (round, hex or
rectangle) with the same feature placement as tiles. A rectangular card is
declared with the same features (a label, icons, text) but laid out as a card
by :mod:`pnp.draw.cards`: title band, art window, rules box.
"""

from __future__ import annotations

import math
import zlib

from pnp.draw.art import design_back, piece_outline
from pnp.draw.cards import card_items, card_layout, card_words
from pnp.draw.ink import ink_for, mix
from pnp.draw.placing import features, frame_inset, piece_frame
from pnp.draw.scene import Clip, Drawing, Outline, Primitive, Style, ellipse, polygon, rect
from pnp.model.pieces import RECT, piece_box, piece_cut
from pnp.model.tileset import Component, Feature, Tileset

FACE_COLOUR = "#f6efdf"  # parchment: dark ink reads on it in colour and in greyscale


def _face(tileset: Tileset, component: Component, colour: str, feats: tuple[Feature, ...],
          bleed: float, band: str = "", other: str = "") -> Drawing:
    width, height = piece_box(tileset, component)
    cut = piece_cut(tileset, component)
    if component.kind == "card" and cut.fills_box:
        return _card_face(tileset, component, (colour, band), feats, bleed)
    colours = dict(tileset.palette)
    background = colour or FACE_COLOUR
    edge = piece_outline(cut, width, height, bleed)
    size = min(width, height)
    inset = frame_inset(size, cut.fills_box)
    ring = (rect(inset, inset, width - 2 * inset, height - 2 * inset, size * 0.05)
            if cut.fills_box else piece_outline(cut, width, height, -inset))
    frame_ink = ink_for(background, colours)
    items: list[Primitive] = [Outline(edge, Style(fill=background))]
    if other and other != background:
        items.append(_other_side_rim(width, height, bleed, other))
    if cut.fills_box:
        # a square piece's frame; a round or hex piece has none, its colour running out
        # past the cut, so a cut a little off centre shows no ring out of true
        items.append(Outline(ring, Style(stroke=frame_ink, width=size * 0.012, join="round")))
    if any(_picture(feat) for feat in feats):
        items += _picture_disc((width, height), background, frame_ink, colours,
                               bool(colour) and not cut.fills_box)
    # kept clear of the printed frame (piece_frame)
    items.extend(features(piece_frame(tileset, component), feats, colours, False,
                          background, tileset.own_icons))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


PICTURE_DISC = 0.36  # of a piece's size: the radius of the pale disc under a picture


def _picture_disc(box: tuple[float, float], background: str, frame_ink: str,
                  colours: dict[str, str], coloured_round: bool) -> list[Primitive]:
    """The parchment disc a face's picture sits on, if it needs one.

    A picture drawn in ink, on a dark face (a black or red pawn), sits on a
    parchment disc: on the face itself its outlines vanish, in greyscale most
    of all. A pale round piece of its own colour (the white pawn) wears the
    same disc, edged by a hairline since the rim is near the parchment: flat,
    with its picture on the stone, it had looked like a piece from another game
    beside the other pawns.
    """
    light_rim = coloured_round and frame_ink != "#ffffff"
    if frame_ink != "#ffffff" and not light_rim:
        return []
    width, height = box
    size = min(width, height)
    keyline = Style(fill=FACE_COLOUR, stroke=mix(background, colours["ink"], 0.55),
                    width=size * 0.012) if light_rim else Style(fill=FACE_COLOUR)
    return [Outline(ellipse(width / 2, height / 2, size * PICTURE_DISC, size * PICTURE_DISC),
                    keyline)]
OTHER_RIM = 0.4  # of a piece's size: where the rim in the other side's colour begins
OTHER_WEDGE = 100.0  # degrees of the rim, at its foot, in the other side's colour


def _other_side_rim(width: float, height: float, bleed: float, other: str) -> Primitive:
    """A wedge of a two-coloured piece's rim, at its foot, in its other side's colour (an
    Othello pawn's): a rim all of one colour had passed for the plain pawns of that
    colour, and half of it in each had hidden which side was up."""
    cx, cy, size = width / 2, height / 2, min(width, height)
    outer, inner = size / 2 + bleed + 1.0, size * OTHER_RIM
    turns = [math.radians(90 - OTHER_WEDGE / 2 + OTHER_WEDGE * k / 24) for k in range(25)]
    points = [(cx + outer * math.cos(t), cy + outer * math.sin(t)) for t in turns] + \
        [(cx + inner * math.cos(t), cy + inner * math.sin(t)) for t in reversed(turns)]
    return Outline(polygon(points), Style(fill=other))


def _picture(feat: Feature) -> bool:
    """A centred icon that is a picture drawn in ink, not one of the plain marks
    (mark-triangle, mark-square...) drawn to stand on a player's colour."""
    return feat.kind == "icon" and feat.at == "center" and \
        not str(feat.value).startswith("mark-")


def _card_face(tileset: Tileset, component: Component, look: tuple[str, str],
               feats: tuple[Feature, ...], bleed: float) -> Drawing:
    """A rectangular card: its face colour bleeding off the cut, then the card layout;
    ``look`` is this side's colour and title band (empty: the card's own)."""
    colour, band = look
    colours = dict(tileset.palette)
    colours["band"] = band or component.band or colours["accent"]
    width, height = piece_box(tileset, component)
    background = colour or FACE_COLOUR
    edge = piece_outline(RECT, width, height, bleed)
    seed = zlib.crc32(f"{tileset.rules_game}/card/{component.name}".encode())
    items: list[Primitive] = [Outline(edge, Style(fill=background))]
    items.extend(card_items(feats, colours, width, height, ink_for(background, colours), seed,
                            tileset.own_icons, deck_rules(tileset, component)))
    return Drawing(width, height, bleed, (Clip(edge, tuple(items)),))


def deck_rules(tileset: Tileset, component: Component) -> float:
    """The rules box the wordiest face of ``component``'s deck (its cards of the same back
    and size) needs: every face of the deck gets it, so none looks laid out alone."""
    size = piece_box(tileset, component)
    heights = [0.0]
    for other in tileset.components:
        if other.kind != "card" or other.back != component.back or \
                piece_box(tileset, other) != size:
            continue
        for feats in (other.features, other.reverse.features if other.reverse else ()):
            title, words = card_words(feats)
            rules = card_layout(*size, title, words).rules if words.strip() else None
            heights.append(rules.height if rules is not None else 0.0)
    return max(heights)


def design_component(tileset: Tileset, component: Component, bleed: float = 0.0) -> Drawing:
    """The face of a card or token."""
    other = component.reverse.colour if component.reverse is not None else ""
    return _face(tileset, component, component.colour, component.features, bleed,
                 other=other)


def design_reverse(tileset: Tileset, component: Component, bleed: float = 0.0) -> Drawing:
    """The other side of a double-sided piece (its own reverse, or its shared back)."""
    width, height = piece_box(tileset, component)
    cut = piece_cut(tileset, component)
    if component.reverse is None:
        return design_back(tileset, tileset.back(component.back), width, height, bleed, cut)
    return _face(tileset, component, component.reverse.colour, component.reverse.features,
                 bleed, component.reverse.band, component.colour)


