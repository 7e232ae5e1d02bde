"""A checked tileset's node tree made into the model's values.

Only a tree with no problems left reaches this module (see
:mod:`pnp.input.tileset`). Each value is built from its record's declared
fields (:func:`pnp.input.values.model_value`); what is written here is only
what no single field says: values inherited from the tileset (a tile's back
and rotation, a back's title), nested records, and fields worked out from
others (a feature's kind, a card's size, an aid's notes)."""

from __future__ import annotations

from pathlib import Path

from pnp.geometry.shapes import SHAPES
from pnp.input.schema import Items, Node
from pnp.input.values import model_value
from pnp.model.board import BoardSpec, SpaceMark
from pnp.model.tileset import (
    DEFAULT_PALETTE,
    DEFAULT_POSITION,
    FEATURE_KINDS,
    Aid,
    AidRow,
    AidSection,
    Back,
    Component,
    Face,
    Feature,
    OwnIcon,
    TileKind,
    Tileset,
    Variant,
)


def tileset_value(top: Node, path: Path, card_lists: tuple[Path, ...] = ()) -> Tileset:
    """The tileset a checked tree describes (``card_lists``: the CSV files whose rows
    are among its components, read before the tree was)."""
    title = top["title"]
    backs = (tuple(_back(node, title) for node in top["backs"]) if top.given("backs")
             else (Back(name="back", title=title, motif="pickaxes"),))
    default_back = top["back"] if top.given("back") else backs[0].name
    rotatable = top["rotatable"]
    palette = _palette(top["palette"])
    return model_value(
        Tileset, top, used=("back", "format"), source=path, shape=SHAPES[top["shape"]],
        tiles=tuple(tile_kind(node, rotatable, default_back) for node in top["tiles"]),
        backs=backs, palette=palette, players=tuple(sorted(set(top["players"]))),
        variants=tuple(model_value(Variant, node) for node in _listed(top["variants"])),
        components=tuple(_component(node, default_back)
                         for node in _listed(top["components"])),
        board=_board_spec(top["board"], title),
        aids=tuple(_aid(node, palette) for node in _listed(top["aids"])),
        default_back=default_back, card_lists=card_lists,
        icons=tuple(model_value(OwnIcon, node, used=("file",), art=node["file"],
                                line=node.source.line_of("name"))
                    for node in _listed(top["icons"])),
        lines=tuple((key, top.source.line_of(key)) for key in top.source),
    )


def _listed(value: Items | None) -> Items | tuple[()]:
    """A list field's items; an absent list has none."""
    return () if value is None else value


def _palette(node: Node | None) -> tuple[tuple[str, str], ...]:
    colours = DEFAULT_PALETTE if node is None else {key: node[key] for key in DEFAULT_PALETTE}
    return tuple(sorted(colours.items()))


def _back(node: Node, title: str) -> Back:
    return model_value(Back, node, title=node["title"] if node.given("title") else title)


def tile_kind(node: Node, rotatable: bool, back: str) -> TileKind:
    """A tile kind; ``rotatable`` and ``back`` are the defaults it may override."""
    return model_value(
        TileKind, node, paths=tuple(path.tunnel for path in _listed(node["paths"])),
        features=_features(node["features"]),
        rotatable=node["rotatable"] if node.given("rotatable") else rotatable,
        back=node["back"] if node.given("back") else back)


def _features(items: Items | None) -> tuple[Feature, ...]:
    """Each feature: its kind is the one field of icon, label, text or die it has."""
    result = []
    for node in _listed(items):
        kind = next(kind for kind in FEATURE_KINDS if kind in node.source)
        result.append(model_value(Feature, node, used=FEATURE_KINDS, kind=kind,
                                  value=node[kind], at=node["at"] or DEFAULT_POSITION[kind]))
    return tuple(result)


def _component(node: Node, default_back: str) -> Component:
    width, height = node["size"]
    face = node["reverse"]
    return model_value(
        Component, node, used=("size",), width=width, height=height,
        features=_features(node["features"]),
        back=node["back"] if node.given("back") else default_back,
        reverse=model_value(Face, face, features=_features(face["features"]))
        if face else None)


def _board_spec(node: Node | None, title: str) -> BoardSpec | None:
    if node is None:
        return None
    return model_value(
        BoardSpec, node, used=("spaces",),
        title=node["title"] if node.given("title") else title,
        marks=tuple(model_value(SpaceMark, space) for space in _listed(node["spaces"])))


def _aid(node: Node, palette: tuple[tuple[str, str], ...]) -> Aid:
    return model_value(Aid, node, palette=palette,
                       sections=tuple(_section(part) for part in node["sections"]))


def _section(node: Node) -> AidSection:
    """A section of an aid: its rows, and its text as notes, a line each (bullets undone)."""
    lines = (line.strip() for line in node["text"].split("\n"))
    notes = tuple(line[2:].strip() if line.startswith("- ") else line for line in lines if line)
    return model_value(AidSection, node, used=("text",), notes=notes,
                       rows=tuple(model_value(AidRow, row) for row in _listed(node["rows"])))
