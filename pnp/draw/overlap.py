"""What covers what on a tile, and where a new feature would cover nothing.

The placer (:mod:`pnp.model.rock`) keeps each feature of a tunnel tile clear of
those before it when the rock has room; when it has none, a feature stays where
it was asked and prints over another. On a tile without tunnels features sit
where the file puts them, and two can meet. ``pnp validate`` warns of every
such pair, and the studio puts a feature it adds where nothing is.
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from pnp.draw.placing import Mark, drawn_marks, piece_marks
from pnp.model.tileset import Feature, TileKind, Tileset
from pnp.rules import Finding

TOUCH = 1.0  # points two marks may share before they count as printed one over the other
# Where a feature the studio adds is tried, in order: the centre, the corners, the sides.
ANCHORS = ("center", "NE", "NW", "SE", "SW", "N", "E", "S", "W")
SCALES = (1.0, 0.7, 0.5, 0.35)  # and at these sizes, the largest first


def overlapping(tileset: Tileset, tile: TileKind) -> list[tuple[int, int]]:
    """Pairs of features (their indexes, in file order) printed one over the other."""
    return _meeting(drawn_marks(tileset, tile))


def _meeting(marks: list[Mark]) -> list[tuple[int, int]]:
    """Pairs of marks (their indexes) printed one over the other."""
    return [(a, b) for a in range(len(marks)) for b in range(a + 1, len(marks))
            if _meet(marks[a], marks[b])]


def free_anchor(tileset: Tileset, tile: TileKind, feature: Feature) -> tuple[str, float]:
    """The first anchor, at the largest of SCALES, where ``feature``, added last, prints
    over nothing: drawn where the placer puts it (off walls and tunnel arms, on a
    tunnel tile), clear of every feature the tile has. The feature's own anchor and
    scale when nothing is free."""
    for scale in SCALES:
        for at in ANCHORS:
            new = replace(feature, at=at, scale=feature.scale * scale)
            trial = replace(tile, features=(*tile.features, new))
            marks = drawn_marks(tileset, trial)
            if not any(_meet(mark, marks[-1]) for mark in marks[:-1]):
                return at, new.scale
    return feature.at, feature.scale


def _meet(a: Mark, b: Mark) -> bool:
    """True when two marks share more than TOUCH points: circles by their distance, a
    circle and a box by the box's nearest point, two boxes by their sides."""
    if a.round and b.round:
        return math.dist((a.x, a.y), (b.x, b.y)) < a.half_width + b.half_width - TOUCH
    if a.round or b.round:
        circle, box = (a, b) if a.round else (b, a)
        nearest_x = min(max(circle.x, box.x - box.half_width), box.x + box.half_width)
        nearest_y = min(max(circle.y, box.y - box.half_height), box.y + box.half_height)
        return math.dist((circle.x, circle.y), (nearest_x, nearest_y)) < \
            circle.half_width - TOUCH
    return (abs(a.x - b.x) < a.half_width + b.half_width - TOUCH and
            abs(a.y - b.y) < a.half_height + b.half_height - TOUCH)


def overlap_findings(tileset: Tileset) -> list[Finding]:
    """A warning for each pair of features printed one over the other on a tile in play,
    or on either face of a token or plain piece (a numeral over its icon)."""
    findings = []
    for tile in tileset.tiles:
        if not tile.count:
            continue
        for a, b in overlapping(tileset, tile):
            findings.append(_overlap(tile.name, "", tile.features, (a, b),
                                     "no free rock is left for one of them",
                                     ", or move one to another tile"))
    for component in tileset.components:
        faces = [("", component.features)]
        if component.reverse is not None:
            faces.append((" (its reverse)", component.reverse.features))
        for side, feats in faces:
            for pair in _meeting(piece_marks(tileset, component, feats)):
                findings.append(_overlap(component.name, side, feats, pair,
                                         "the piece has no room for both where they are"))
    return findings


def _overlap(name: str, side: str, feats: tuple[Feature, ...], pair: tuple[int, int],
             why: str, elsewhere: str = "") -> Finding:
    """The warning for features ``pair`` of piece ``name`` (``side``: which face)."""
    a, b = pair
    first, second = feats[a], feats[b]
    return Finding(
        "warning", "features-overlap",
        f"On '{name}'{side}, the {_named(first)} (features[{a}]) and the {_named(second)} "
        f"(features[{b}]) print one over the other: {why}.", (name,),
        "give one of them an 'at' of its own (center, N, NE, E, SE, S, SW, W, NW) "
        f"or a smaller 'scale'{elsewhere}")


def _named(feature: Feature) -> str:
    return f"{feature.kind} {feature.value!r}" if feature.kind != "die" else \
        f"die face {feature.value}"
