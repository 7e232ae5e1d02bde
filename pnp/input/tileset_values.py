"""A checked tileset's node tree made into the model's values.

Only a tree with no problems left reaches this module (see
:mod:`pnp.input.tileset`), so it converts and fills in inherited defaults
(a tile's back and rotation from the tileset's, a back's title from the
game's, the palette from the defaults) and checks nothing."""

from __future__ import annotations

from pathlib import Path

from pnp.geometry.shapes import SHAPES
from pnp.input.schema import (
    Items,
    Node,
)
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


def tileset_value(top: Node, path: Path) -> Tileset:
    """The tileset a checked tree describes."""
    title = top["title"]
    backs = (tuple(_back(node, title) for node in top["backs"]) if top.given("backs")
             else (Back(name="back", title=title, motif="pickaxes"),))
    default_back = top["back"] if top.given("back") else backs[0].name
    rotatable = top["rotatable"]
    return Tileset(
        game=top["game"], title=title, source=path, shape=SHAPES[top["shape"]],
        size=top["size"],
        tiles=tuple(tile_kind(node, rotatable, default_back) for node in top["tiles"]),
        backs=backs, palette=_palette(top["palette"]),
        players=tuple(sorted(set(top["players"]))),
        variants=tuple(_variant(node) for node in _listed(top["variants"])),
        components=tuple(_component(node, default_back)
                         for node in _listed(top["components"])),
        notes=top["notes"], board=_board_spec(top["board"], title),
        aids=tuple(_aid(node, _palette(top["palette"])) for node in _listed(top["aids"])),
        rotatable=rotatable,
        rulebook=top["rulebook"], rulebook_subtitle=top["rulebook-subtitle"],
        default_back=default_back,
        icons=tuple(OwnIcon(node["name"], node["file"], node.source.line_of("name"))
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
    return Back(name=node["name"], title=node["title"] if node.given("title") else title,
                motif=node["motif"], subtitle=node["subtitle"], line=node.line)


def tile_kind(node: Node, rotatable: bool, back: str) -> TileKind:
    """A tile kind; ``rotatable`` and ``back`` are the defaults it may override."""
    return TileKind(
        name=node["name"], count=node["count"],
        paths=tuple(path.tunnel for path in _listed(node["paths"])),
        features=_features(node["features"]),
        rotatable=node["rotatable"] if node.given("rotatable") else rotatable,
        back=node["back"] if node.given("back") else back,
        role=node["role"], art=node["art"], line=node.line)


def _features(items: Items | None) -> tuple[Feature, ...]:
    result = []
    for node in _listed(items):
        values = node.values
        kind = next(kind for kind in FEATURE_KINDS if kind in node.source)
        result.append(Feature(kind=kind, value=values[kind],
                              at=values["at"] or DEFAULT_POSITION[kind],
                              scale=values["scale"], badge=values["badge"]))
    return tuple(result)


def _variant(node: Node) -> Variant:
    return Variant(name=node["name"], description=node["description"],
                   players=node["players"], counts=tuple(node["counts"] or ()))


def _component(node: Node, default_back: str) -> Component:
    width, height = node["size"]
    face = node["reverse"]
    return Component(
        name=node["name"], kind=node["kind"], count=node["count"], width=width, height=height,
        shape=node["shape"], features=_features(node["features"]),
        back=node["back"] if node.given("back") else default_back, line=node.line,
        colour=node["colour"],
        reverse=Face(colour=face["colour"], features=_features(face["features"]))
        if face else None)


def _board_spec(node: Node | None, title: str) -> BoardSpec | None:
    if node is None:
        return None
    marks = tuple(SpaceMark(label=space["label"], colour=space["colour"],
                            cells=tuple(space["cells"]), short_game=space["short-game"])
                  for space in _listed(node["spaces"]))
    return BoardSpec(name=node["name"], title=node["title"] if node.given("title") else title,
                     side=node["side"], inner=node["inner"], marks=marks)


def _aid(node: Node, palette: tuple[tuple[str, str], ...]) -> Aid:
    return Aid(name=node["name"], title=node["title"], palette=palette, line=node.line,
               sections=tuple(_section(part) for part in node["sections"]))


def _section(node: Node) -> AidSection:
    rows = tuple(AidRow(name=row["name"], text=row["text"], icon=row["icon"],
                        badge=row["badge"]) for row in _listed(node["rows"]))
    lines = (line.strip() for line in node["text"].split("\n"))
    notes = tuple(line[2:].strip() if line.startswith("- ") else line for line in lines if line)
    return AidSection(heading=node["heading"], rows=rows, notes=notes)
