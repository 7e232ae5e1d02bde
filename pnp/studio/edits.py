"""The edits the page can ask for, each turning the file's text into a candidate text.

An edit only rewrites YAML; whether the result is a usable tileset is decided
afterwards by reading the candidate with the real loader
(:mod:`pnp.studio.session`). Here only the request itself is checked: the
tile exists in this file, the edge belongs to the shape, the value has the
right type. Paths are rewritten in the short forms the format documents
(``N-E``, or ``{ports: N-E-S-W, junction: true}``), and a path that did not
change keeps exactly the text it had.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from pnp.draw.overlap import free_anchor
from pnp.model.icons import ICON_NAMES
from pnp.model.tileset import DEFAULT_POSITION, Feature, FeatureKind, Tileset
from pnp.studio.document import (
    Document,
    EditError,
    Layout,
    flow_list,
    flow_map,
    insert_key,
    text_scalar,
)
from pnp.studio.kinds import add_kind, copy_kind, remove_kind, unused_name

Path = tuple[tuple[str, ...], bool, str]  # ports, junction, style
FLAGS = ("role", "rotatable", "back")
FEATURE_KINDS = ("icon", "label")


class Request(msgspec.Struct, frozen=True):
    """One edit as the page sent it, with the tileset it applies to."""

    fields: dict[str, Any]
    tileset: Tileset

    def text(self, key: str) -> str:
        value = self.fields.get(key)
        if not isinstance(value, str) or not value:
            raise EditError(f"the edit needs '{key}' as text")
        return value

    def whole(self, key: str) -> int:
        value = self.fields.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise EditError(f"the edit needs '{key}' as a whole number")
        return value

    def edge(self, key: str = "edge") -> str:
        edge = self.text(key)
        if edge not in self.tileset.shape.edges:
            raise EditError(f"{edge!r} is not an edge of a {self.tileset.shape.name} tile "
                            f"(its edges are {' '.join(self.tileset.shape.edges)})")
        return edge


def read_path(node: Any) -> Path:
    """A path item as (ports, junction, style), whichever form it is written in."""
    if isinstance(node, dict):
        ports = node.get("ports", "")
        listed = [str(p) for p in ports] if isinstance(ports, list) else str(ports).split("-")
        return (tuple(p.strip() for p in listed), bool(node.get("junction", False)),
                str(node.get("style", "tunnel")))
    return (tuple(p.strip() for p in str(node).split("-")), False, "tunnel")


def _write_path(path: Path) -> Any:
    ports, junction, style = path
    if not junction and style == "tunnel":
        return "-".join(ports)
    fields: dict[str, Any] = {"ports": "-".join(ports)}
    if junction:
        fields["junction"] = True
    if style != "tunnel":
        fields["style"] = style
    return flow_map(fields)


def _paths(tile: CommentedMap) -> list[Path]:
    items = tile.get("paths") or []
    return [read_path(item) for item in items]


def _set_paths(tile: CommentedMap, paths: list[Path]) -> None:
    """Write ``paths`` back, reusing the original item wherever a path is unchanged."""
    old = tile.get("paths")
    if not isinstance(old, CommentedSeq):
        insert_key(tile, "paths", flow_list([_write_path(path) for path in paths]))
        return
    kept = {read_path(item): item for item in old}
    new = [kept.get(path) or _write_path(path) for path in paths]
    old.clear()  # the same list object keeps its style and any comment after it
    old.extend(new)


def _path_at(paths: list[Path], edge: str) -> int:
    for number, (ports, _, _) in enumerate(paths):
        if edge in ports:
            return number
    raise EditError(f"the edge {edge} is closed, so it belongs to no path")


def toggle_edge(document: Document, request: Request) -> None:
    """Close an open edge (taking it out of its path) or open it as a dead end."""
    tile, edge = document.tile(request.text("tile")), request.edge()
    paths = _paths(tile)
    opened = [port for ports, _, _ in paths for port in ports]
    if edge in opened:
        number = _path_at(paths, edge)
        ports, junction, style = paths[number]
        rest = tuple(port for port in ports if port != edge)
        paths[number:number + 1] = [(rest, junction, style)] if rest else []
    else:
        paths.append(((edge,), False, "tunnel"))
    _set_paths(tile, paths)


def join(document: Document, request: Request) -> None:
    """Merge the paths through two edges into one tunnel."""
    tile = document.tile(request.text("tile"))
    paths = _paths(tile)
    first, second = _path_at(paths, request.edge("edge")), _path_at(paths, request.edge("with"))
    if first == second:
        return
    ports, junction, style = paths[first]
    others = paths[second]
    edges = request.tileset.shape.edges
    paths[first] = (tuple(sorted(ports + others[0], key=edges.index)), junction or others[1],
                    "cavern" if "cavern" in (style, others[2]) else style)
    del paths[second]
    _set_paths(tile, paths)


def split(document: Document, request: Request) -> None:
    """Take one edge out of its path into a dead end of its own."""
    tile, edge = document.tile(request.text("tile")), request.edge()
    paths = _paths(tile)
    number = _path_at(paths, edge)
    ports, junction, style = paths[number]
    if len(ports) < 2:
        return
    paths[number] = (tuple(port for port in ports if port != edge), junction, style)
    paths.insert(number + 1, ((edge,), False, "tunnel"))
    _set_paths(tile, paths)


def set_path(document: Document, request: Request) -> None:
    """Make the path through an edge a junction or not, a cavern or a tunnel."""
    tile = document.tile(request.text("tile"))
    paths = _paths(tile)
    number = _path_at(paths, request.edge())
    ports, junction, style = paths[number]
    if "junction" in request.fields:
        junction = bool(request.fields["junction"])
    if "style" in request.fields:
        style = request.text("style")
    paths[number] = (ports, junction, style)
    _set_paths(tile, paths)


def set_count(document: Document, request: Request) -> None:
    """A new count: in the tile kind itself, or for a mix's base tiles in ``counts``."""
    name, count = request.text("tile"), request.whole("count")
    if name in document.own_names():
        document.tile(name)["count"] = count
        return
    if not document.is_mix:
        document.tile(name)  # raises: no such tile
    counts = document.root.get("counts")
    if not isinstance(counts, CommentedMap):
        counts = flow_map({})
        document.root.insert(list(document.root).index("base") + 1, "counts", counts)
    counts[name] = count


def set_flag(document: Document, request: Request) -> None:
    """Set a tile kind's ``role``, ``rotatable`` or ``back``."""
    tile, flag = document.tile(request.text("tile")), request.text("flag")
    if flag not in FLAGS:
        raise EditError(f"{flag!r} cannot be set here (only {', '.join(FLAGS)})")
    value = request.fields.get("value")
    if flag == "rotatable":
        if not isinstance(value, bool):
            raise EditError("rotatable is true or false")
        insert_key(tile, flag, value)
    else:
        insert_key(tile, flag, request.text("value"))


def rename(document: Document, request: Request) -> None:
    """A new name for a tile kind; the aid rows that show it follow it."""
    old, new = request.text("tile"), request.text("name")
    document.tile(old)["name"] = new
    for row in document.rows_showing(old):
        row["tile"] = new


def _features(tile: CommentedMap) -> CommentedSeq:
    features = tile.get("features")
    if not isinstance(features, CommentedSeq):
        features = flow_list([])
        insert_key(tile, "features", features)
    return features


def _feature_value(request: Request, kind: str) -> str:
    """An icon's name, checked, or a label's text, quoted where YAML 1.1 would read it
    as something else (``Yes``)."""
    value = request.text("value")
    if kind == "icon" and value not in ICON_NAMES:
        raise EditError(f"{value!r} is not an icon of the tileset's icon set")
    return value if kind == "icon" else text_scalar(value)


def add_feature(document: Document, request: Request) -> None:
    """An icon or a label, added to a tile kind where it covers nothing: the first free
    anchor, at the largest size that is free, as the tiles' own features are placed
    (``at`` and ``scale`` are written only when they are not the usual ones)."""
    asked = request.text("kind")
    kind: FeatureKind = "icon" if asked == "icon" else "label"
    if asked not in FEATURE_KINDS:
        raise EditError(f"only {' and '.join(FEATURE_KINDS)} features are added here")
    name, value = request.text("tile"), _feature_value(request, kind)
    entry: dict[str, str | float] = {kind: value}
    tile = next((tile for tile in request.tileset.tiles if tile.name == name), None)
    if tile is not None:
        usual = DEFAULT_POSITION[kind]
        at, scale = free_anchor(request.tileset, tile, Feature(kind, value, usual))
        if at != usual:
            entry["at"] = at
        if scale != 1.0:
            entry["scale"] = scale
    _features(document.tile(name)).append(flow_map(entry))


def set_feature(document: Document, request: Request) -> None:
    """A new icon or label text for an existing icon or label."""
    features = _features(document.tile(request.text("tile")))
    feature = _feature_at(features, request.whole("index"))
    kind = next((kind for kind in FEATURE_KINDS if kind in feature), None)
    if kind is None:
        raise EditError("only icons and labels are edited here")
    feature[kind] = _feature_value(request, kind)


def remove_feature(document: Document, request: Request) -> None:
    features = _features(document.tile(request.text("tile")))
    index = request.whole("index")
    _feature_at(features, index)
    del features[index]


def _feature_at(features: CommentedSeq, index: int) -> Any:
    if not 0 <= index < len(features) or not isinstance(features[index], dict):
        raise EditError(f"the tile has no feature number {index + 1}")
    return features[index]


def _names(request: Request) -> list[str]:
    return [tile.name for tile in request.tileset.tiles]


def _structural(text: str, document: Document, request: Request) -> str:
    """Add, copy or remove a whole tile kind, which is done on the lines of the text."""
    op = request.fields.get("op")
    if op == "add":
        edges = request.tileset.shape.edges
        straight = f"{edges[0]}-{edges[len(edges) // 2]}"
        return add_kind(text, document, unused_name("new-kind", _names(request)), straight)
    name = request.text("tile")
    document.tile(name)
    if op == "copy":
        return copy_kind(text, document, name, unused_name(f"{name}-copy", _names(request)))
    shown = document.rows_showing(name)
    if shown:  # the aid rows keep their words and lose the picture of the removed kind
        for row in shown:
            del row["tile"]
        text = document.text()
        document = Document(text, document.layout)
    return remove_kind(text, document, name)


IN_PLACE: dict[str, Callable[[Document, Request], None]] = {
    "toggle-edge": toggle_edge, "join": join, "split": split, "set-path": set_path,
    "set-count": set_count, "set-flag": set_flag, "rename": rename,
    "add-feature": add_feature, "set-feature": set_feature, "remove-feature": remove_feature,
}
STRUCTURAL = ("add", "copy", "remove")


def apply_edit(text: str, fields: dict[str, Any], tileset: Tileset,
               layout: Layout | None = None) -> str:
    """The candidate text after one edit; EditError if the request itself is wrong."""
    op = fields.get("op")
    request = Request(fields, tileset)
    document = Document(text, layout)
    if op in STRUCTURAL:
        return _structural(text, document, request)
    if not isinstance(op, str) or op not in IN_PLACE:
        raise EditError(f"unknown edit {op!r}")
    IN_PLACE[op](document, request)
    return document.text()
