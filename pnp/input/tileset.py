"""Reading a tileset or mix file into the immutable model.

``from_data`` turns the located plain data from :mod:`pnp.input.load` into the
frozen dataclasses of :mod:`pnp.model.tileset` and is the single place that
decides what a tileset may say. Later steps trust the model completely, so
every check a designer can fail lives here, each raising
:class:`~pnp.errors.InputError` with file, line and field.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.errors import InputError, Where, did_you_mean, shorten
from pnp.geometry.lattice import ring_distance
from pnp.geometry.shapes import SHAPES, Shape
from pnp.input.load import Mapping, Sequence, load_file
from pnp.input.raster import MAX_PIXELS, RasterProblem, inspect
from pnp.model.board import BoardSpec, SpaceMark
from pnp.model.icons import ICON_NAMES
from pnp.model.tileset import (
    DEFAULT_PALETTE,
    Aid,
    Back,
    Component,
    Face,
    Feature,
    TileKind,
    Tileset,
    Tunnel,
    Variant,
)
from pnp.units import LENGTH_FORMS, parse_length

MAX_COUNT = 100_000
NAME_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NAME_RULE = "kebab-case: lower-case letters and digits in words joined by single hyphens"
COLOUR_PATTERN = re.compile(r"^#[0-9a-fA-F]{6}$")
ROLES = ("tunnel", "base", "event", "special")
FEATURE_POSITIONS = ("center", "N", "NE", "E", "SE", "S", "SW", "W", "NW")
ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
COMPONENT_KINDS = ("card", "token")  # boards are the top-level `board`
COMPONENT_SHAPES = ("rect", "round", "hex")
MIN_SIZE_PT = 18.0  # a quarter inch: anything smaller cannot be cut by hand
MAX_SIZE_PT = 72.0 * 6  # six inches: larger is a board, and no longer fits a sheet

# ---------------------------------------------------------------------------
# Reading: each helper checks one kind of value and says what is allowed.


class _Reader:
    """Checks located values for one source file and raises precise errors."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, line: int, field_name: str, problem: str, found: Any = None,
             allowed: str = "") -> InputError:
        found_text = "" if found is None else shorten(found)
        return InputError(Where(self.source, line), problem, field=field_name,
                          found=found_text, allowed=allowed)

    def mapping(self, value: Any, line: int, field_name: str, allowed: tuple[str, ...],
                required: tuple[str, ...] = ()) -> Mapping:
        if not isinstance(value, Mapping):
            raise self.fail(line, field_name, "expected a mapping of fields",
                            found=_describe(value), allowed="fields: " + ", ".join(allowed))
        for key in value:
            if key not in allowed:
                hint = did_you_mean(key, allowed)
                raise self.fail(value.line_of(key), _join(field_name, key),
                                f"unknown field{hint}", found=key,
                                allowed="fields: " + ", ".join(allowed))
        for key in required:
            if key not in value:
                raise self.fail(value.line, _join(field_name, key), "this field is required",
                                allowed=f"a '{key}' field in {field_name or 'the file'}")
        return value

    def sequence(self, value: Any, line: int, field_name: str, what: str) -> Sequence:
        if not isinstance(value, Sequence):
            raise self.fail(line, field_name, f"expected a list of {what}",
                            found=_describe(value), allowed=f"a YAML list of {what}")
        return value

    def text(self, value: Any, line: int, field_name: str, limit: int = 200) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(line, field_name, "expected text", found=_describe(value),
                            allowed=f"non-empty text of at most {limit} characters")
        if len(value) > limit:
            raise self.fail(line, field_name, "this text is too long",
                            found=f"{len(value)} characters",
                            allowed=f"at most {limit} characters")
        return value

    def name(self, value: Any, line: int, field_name: str) -> str:
        if not isinstance(value, str) or not NAME_PATTERN.match(value):
            raise self.fail(line, field_name, "not a valid name", found=value,
                            allowed=NAME_RULE + " (for example 'mine-entrance')")
        return value

    def count(self, value: Any, line: int, field_name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(line, field_name, "a count must be a whole number",
                            found=_describe(value), allowed=f"a whole number from 0 to {MAX_COUNT}")
        if value < 0 or value > MAX_COUNT:
            raise self.fail(line, field_name, "this count is out of range", found=value,
                            allowed=f"a whole number from 0 to {MAX_COUNT}")
        return value

    def boolean(self, value: Any, line: int, field_name: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(line, field_name, "expected true or false", found=_describe(value),
                            allowed="true or false")
        return value

    def choice(self, value: Any, line: int, field_name: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            hint = did_you_mean(str(value), choices)
            raise self.fail(line, field_name, f"not one of the allowed values{hint}",
                            found=value, allowed=", ".join(choices))
        return value

    def length(self, value: Any, line: int, field_name: str, low: float = MIN_SIZE_PT,
               high: float = MAX_SIZE_PT) -> float:
        points = parse_length(value)
        if points is None:
            raise self.fail(line, field_name, "not a length", found=_describe(value),
                            allowed=LENGTH_FORMS)
        if not low <= points <= high:
            raise self.fail(line, field_name, "this length is out of range", found=value,
                            allowed=f"from {low / 72:.3g} in to {high / 72:.3g} in")
        return points


def _describe(value: Any) -> str:
    if isinstance(value, Mapping | dict):
        return "a mapping"
    if isinstance(value, Sequence | list):
        return "a list"
    if value is None:
        return "nothing (an empty value)"
    return f"{type(value).__name__} {shorten(value)}"


def _join(parent: str, child: str | int) -> str:
    if isinstance(child, int):
        return f"{parent}[{child}]"
    return f"{parent}.{child}" if parent else child


TOP_FIELDS = ("format", "game", "title", "notes", "shape", "size", "rotatable", "back",
              "backs", "palette", "players", "variants", "tiles", "components", "board", "aids",
              "rulebook")
TILE_FIELDS = ("name", "count", "paths", "features", "rotatable", "back", "role", "art")
PATH_FIELDS = ("ports", "junction", "style")
PATH_STYLES = ("tunnel", "cavern")
FEATURE_FIELDS = ("icon", "label", "text", "die", "at", "scale", "badge")
FEATURE_KINDS = ("icon", "label", "text", "die")
BACK_FIELDS = ("name", "title", "subtitle", "motif")
VARIANT_FIELDS = ("name", "description", "players", "counts")
COMPONENT_FIELDS = ("name", "kind", "count", "size", "shape", "features", "back", "colour",
                    "reverse")
FACE_FIELDS = ("colour", "features")
BOARD_FIELDS = ("name", "title", "side", "inner", "spaces")
SPACE_FIELDS = ("label", "colour", "cells", "short-game")
AID_FIELDS = ("name", "title", "sections")
SECTION_FIELDS = ("heading", "text")


def load_tileset(path: Path) -> Tileset:
    """Read, check and freeze a tileset file."""
    data = load_file(path)
    return from_data(data, path)


def from_data(data: Any, path: Path) -> Tileset:
    """Build a :class:`Tileset` from located data, raising on the first mistake."""
    read = _Reader(str(path))
    icon_names: tuple[str, ...] = ICON_NAMES
    top = read.mapping(data, getattr(data, "line", 1), "", TOP_FIELDS,
                       required=("game", "title", "size", "tiles"))
    if "format" in top and top["format"] != 1:
        raise read.fail(top.line_of("format"), "format", "unsupported format version",
                        found=top["format"], allowed="1")
    game = read.name(top["game"], top.line_of("game"), "game")
    title = read.text(top["title"], top.line_of("title"), "title", 80)
    notes = read.text(top["notes"], top.line_of("notes"), "notes", 4000) if "notes" in top else ""
    shape_name = read.choice(top.get("shape", "square"), top.line_of("shape"), "shape",
                             tuple(SHAPES))
    shape = SHAPES[shape_name]
    size = read.length(top["size"], top.line_of("size"), "size")
    default_rotatable = (read.boolean(top["rotatable"], top.line_of("rotatable"), "rotatable")
                         if "rotatable" in top else True)
    palette = _palette(read, top)
    players = _players(read, top)
    backs = _backs(read, top, icon_names, title)
    back_names = tuple(back.name for back in backs)
    default_back = (read.choice(top["back"], top.line_of("back"), "back", back_names)
                    if "back" in top else back_names[0])

    tiles_data = read.sequence(top["tiles"], top.line_of("tiles"), "tiles", "tile kinds")
    if not tiles_data:
        raise read.fail(top.line_of("tiles"), "tiles", "a tileset needs at least one tile kind",
                        found="an empty list", allowed="a list of tile kinds")
    tiles = []
    seen: dict[str, int] = {}
    for index, item in enumerate(tiles_data):
        tile = _tile(read, item, tiles_data.line_of(index), f"tiles[{index}]", shape,
                     default_rotatable, default_back, back_names, icon_names, path.parent)
        if tile.name in seen:
            raise read.fail(tile.line, f"tiles[{index}].name", "two tile kinds share a name",
                            found=tile.name,
                            allowed=f"a name not already used on line {seen[tile.name]}")
        seen[tile.name] = tile.line
        tiles.append(tile)
    tile_names = tuple(seen)
    variants = _variants(read, top, tile_names)
    components = _components(read, top, default_back, back_names, icon_names, tile_names)
    board = _board(read, top, shape, tile_names + tuple(c.name for c in components))
    aids = _aids(read, top)
    rulebook = (local_file(read, top["rulebook"], top.line_of("rulebook"), "rulebook",
                           path.parent, (".md",), "rulebook",
                           "a relative path to a Markdown (.md) rulebook template inside the "
                           f"tileset's folder ({path.parent})") if "rulebook" in top else None)
    return Tileset(
        game=game, title=title, source=path, shape=shape, size=size, tiles=tuple(tiles),
        backs=backs, palette=palette, players=players, variants=variants,
        components=components, notes=notes, board=board, aids=aids,
        rotatable=default_rotatable, rulebook=rulebook, default_back=default_back,
        lines=tuple((key, top.line_of(key)) for key in top),
    )


def _palette(read: _Reader, top: Mapping) -> tuple[tuple[str, str], ...]:
    colours = dict(DEFAULT_PALETTE)
    if "palette" in top:
        given = read.mapping(top["palette"], top.line_of("palette"), "palette",
                             tuple(DEFAULT_PALETTE))
        for key, value in given.items():
            if not isinstance(value, str) or not COLOUR_PATTERN.match(value):
                raise read.fail(given.line_of(key), f"palette.{key}", "not a colour",
                                found=_describe(value),
                                allowed="a quoted hex colour such as \"#8a7a68\"")
            colours[key] = value.lower()
    return tuple(sorted(colours.items()))


def _players(read: _Reader, top: Mapping) -> tuple[int, ...]:
    if "players" not in top:
        return (2,)
    items = read.sequence(top["players"], top.line_of("players"), "players", "player counts")
    result = []
    for index, value in enumerate(items):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
            raise read.fail(items.line_of(index), f"players[{index}]", "not a player count",
                            found=_describe(value), allowed="a whole number from 1 to 12")
        result.append(value)
    if not result:
        raise read.fail(top.line_of("players"), "players", "the list of player counts is empty",
                        allowed="at least one whole number from 1 to 12")
    return tuple(sorted(set(result)))


def _backs(read: _Reader, top: Mapping, icon_names: tuple[str, ...],
           title: str) -> tuple[Back, ...]:
    if "backs" not in top:
        return (Back(name="back", title=title, motif="pickaxes"),)
    items = read.sequence(top["backs"], top.line_of("backs"), "backs", "back designs")
    backs: list[Back] = []
    for index, item in enumerate(items):
        where = f"backs[{index}]"
        entry = read.mapping(item, items.line_of(index), where, BACK_FIELDS,
                             required=("name",))
        name = read.name(entry["name"], entry.line_of("name"), f"{where}.name")
        if any(back.name == name for back in backs):
            raise read.fail(entry.line_of("name"), f"{where}.name", "two backs share a name",
                            found=name, allowed="a name not used by another back")
        back_title = (read.text(entry["title"], entry.line_of("title"), f"{where}.title", 40)
                      if "title" in entry else title)
        subtitle = (read.text(entry["subtitle"], entry.line_of("subtitle"),
                              f"{where}.subtitle", 60) if "subtitle" in entry else "")
        motif = (read.choice(entry["motif"], entry.line_of("motif"), f"{where}.motif",
                             icon_names) if "motif" in entry else "pickaxes")
        backs.append(Back(name=name, title=back_title, motif=motif, subtitle=subtitle))
    if not backs:
        raise read.fail(top.line_of("backs"), "backs", "the list of backs is empty",
                        allowed="at least one back design")
    return tuple(backs)


def _tile(read: _Reader, item: Any, line: int, where: str, shape: Shape,
          default_rotatable: bool, default_back: str, back_names: tuple[str, ...],
          icon_names: tuple[str, ...], folder: Path) -> TileKind:
    entry = read.mapping(item, line, where, TILE_FIELDS, required=("name", "count"))
    name = read.name(entry["name"], entry.line_of("name"), f"{where}.name")
    count = read.count(entry["count"], entry.line_of("count"), f"{where}.count")
    paths = _paths(read, entry, where, shape)
    features = _features(read, entry, where, icon_names)
    rotatable = (read.boolean(entry["rotatable"], entry.line_of("rotatable"),
                              f"{where}.rotatable") if "rotatable" in entry else default_rotatable)
    back = (read.choice(entry["back"], entry.line_of("back"), f"{where}.back", back_names)
            if "back" in entry else default_back)
    role = (read.choice(entry["role"], entry.line_of("role"), f"{where}.role", ROLES)
            if "role" in entry else "tunnel")
    art = _art(read, entry, where, folder) if "art" in entry else None
    return TileKind(name=name, count=count, paths=paths, features=features, rotatable=rotatable,
                    back=back, role=role, art=art, line=entry.line)


def _paths(read: _Reader, entry: Mapping, where: str, shape: Shape) -> tuple[Tunnel, ...]:
    if "paths" not in entry:
        return ()
    items = read.sequence(entry["paths"], entry.line_of("paths"), f"{where}.paths", "paths")
    allowed_form = (f"edges of a {shape.name} tile ({', '.join(shape.edges)}) joined by '-', "
                    "such as 'N-S', or a mapping {ports: 'N-S', junction: true}")
    used: dict[str, int] = {}
    result = []
    for index, item in enumerate(items):
        field_name = f"{where}.paths[{index}]"
        line = items.line_of(index)
        junction = False
        style = "tunnel"
        spec = item
        if isinstance(item, Mapping):
            read.mapping(item, line, field_name, PATH_FIELDS, required=("ports",))
            spec = item["ports"]
            if "junction" in item:
                junction = read.boolean(item["junction"], item.line_of("junction"),
                                        f"{field_name}.junction")
            if "style" in item:
                style = read.choice(item["style"], item.line_of("style"), f"{field_name}.style",
                                    PATH_STYLES)
        if isinstance(spec, Sequence):
            ports = [str(port) for port in spec]
        elif isinstance(spec, str) and spec.strip():
            ports = [part.strip() for part in spec.split("-")]
        else:
            raise read.fail(line, field_name, "not a path", found=_describe(spec),
                            allowed=allowed_form)
        if not ports:
            raise read.fail(line, field_name, "a path needs at least one edge",
                            found=spec, allowed=allowed_form)
        for port in ports:
            if port not in shape.edges:
                raise read.fail(line, field_name, f"'{port}' is not an edge of a {shape.name} tile",
                                found=spec, allowed=allowed_form)
            if port in used:
                raise read.fail(line, field_name,
                                f"edge {port} is already used by paths[{used[port]}]; "
                                "an edge opens onto one path only",
                                found=spec, allowed="each edge in at most one path of a tile")
            used[port] = index
        result.append(Tunnel(ports=tuple(ports), junction=junction, style=style))
    return tuple(result)


def _features(read: _Reader, entry: Mapping, where: str,
              icon_names: tuple[str, ...]) -> tuple[Feature, ...]:
    if "features" not in entry:
        return ()
    items = read.sequence(entry["features"], entry.line_of("features"), f"{where}.features",
                          "features")
    result = []
    for index, item in enumerate(items):
        field_name = f"{where}.features[{index}]"
        spec = read.mapping(item, items.line_of(index), field_name, FEATURE_FIELDS)
        kinds = [kind for kind in FEATURE_KINDS if kind in spec]
        if len(kinds) != 1:
            raise read.fail(spec.line, field_name,
                            "a feature is exactly one of icon, label, text or die",
                            found=", ".join(kinds) or "none of them",
                            allowed="one of: icon: NAME, label: TEXT, text: TEXT, die: 1-6")
        kind = kinds[0]
        line = spec.line_of(kind)
        value: str | int
        if kind == "icon":
            value = read.choice(spec["icon"], line, f"{field_name}.icon", icon_names)
        elif kind == "label":
            value = read.text(spec["label"], line, f"{field_name}.label", 40)
        elif kind == "text":
            raw = spec["text"]
            value = read.text(str(raw) if isinstance(raw, int) and not isinstance(raw, bool)
                              else raw, line, f"{field_name}.text", 600)
        else:
            value = spec["die"]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise read.fail(line, f"{field_name}.die", "not a die face",
                                found=_describe(value), allowed="a whole number from 1 to 6")
        at = (read.choice(spec["at"], spec.line_of("at"), f"{field_name}.at", FEATURE_POSITIONS)
              if "at" in spec else ("NE" if kind == "die" else
                                    "S" if kind == "label" else "center"))
        scale = 1.0
        if "scale" in spec:
            scale = spec["scale"]
            if isinstance(scale, bool) or not isinstance(scale, int | float) or \
                    not 0.2 <= scale <= 4.0:
                raise read.fail(spec.line_of("scale"), f"{field_name}.scale",
                                "not a usable scale", found=_describe(scale),
                                allowed="a number from 0.2 to 4.0")
        badge = ""
        if "badge" in spec:
            if kind != "icon":
                raise read.fail(spec.line_of("badge"), f"{field_name}.badge",
                                "only an icon carries a badge", found=kind,
                                allowed="badge on an icon feature")
            raw = spec["badge"]
            badge = read.text(str(raw) if isinstance(raw, int) and not isinstance(raw, bool)
                              else raw, spec.line_of("badge"), f"{field_name}.badge", 4)
        result.append(Feature(kind=kind, value=value, at=at, scale=float(scale), badge=badge))
    return tuple(result)


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_EXTERNAL_REF = re.compile(
    rb"""(?:href|src)\s*=\s*["']\s*(?!data:|#)[^"']*|url\(\s*["']?\s*(?!data:|#)[^)'"]*"""
    # An entity may name a file, and cairosvg's safe parser refuses every entity, so
    # `pnp render TILE -o x.png` would crash on one: refuse them here with a line.
    rb"""|<!ENTITY[^>]*""",
    re.IGNORECASE,
)


def local_file(read: _Reader, value: Any, line: int, field_name: str, folder: Path,
               suffixes: tuple[str, ...], what: str, allowed: str) -> Path:
    """A file named by a tileset: relative, inside the tileset's folder, existing.

    Nothing a tileset names is ever fetched from a URL or read from outside its
    folder, so a shared tileset cannot make pnp read someone's private files.
    """
    if not isinstance(value, str) or not value.strip():
        raise read.fail(line, field_name, "not a file path", found=_describe(value),
                        allowed=allowed)
    if _SCHEME.match(value) and not re.match(r"^[a-zA-Z]:[\\/]", value):
        raise read.fail(line, field_name, f"{what} is never fetched from a URL or file: "
                        "reference", found=value, allowed=allowed)
    candidate = (folder / value).resolve()
    if Path(value).is_absolute() or not candidate.is_relative_to(folder.resolve()):
        raise read.fail(line, field_name, "this path leaves the tileset's folder",
                        found=value, allowed=allowed)
    if candidate.suffix.lower() not in suffixes:
        raise read.fail(line, field_name, f"unsupported {what} file type", found=value,
                        allowed=allowed)
    try:
        is_file = candidate.is_file()
    except OSError as exc:  # a name too long, no permission: say so, never a traceback
        raise read.fail(line, field_name, f"the {what} file cannot be read ({exc.strerror})",
                        found=value, allowed=allowed) from None
    if not is_file:
        raise read.fail(line, field_name, f"the {what} file does not exist", found=value,
                        allowed=allowed)
    return candidate


def _art(read: _Reader, entry: Mapping, where: str, folder: Path) -> Path:
    line = entry.line_of("art")
    value = entry["art"]
    allowed = ("a relative path to a PNG, JPEG or SVG file inside the tileset's folder "
               f"({folder})")
    candidate = local_file(read, value, line, f"{where}.art", folder, ART_SUFFIXES, "art",
                           allowed)
    try:
        content = candidate.read_bytes() if candidate.suffix.lower() == ".svg" else b""
    except OSError as exc:
        raise read.fail(line, f"{where}.art", f"the art file cannot be read ({exc.strerror})",
                        found=value, allowed=allowed) from None
    if candidate.suffix.lower() == ".svg":
        reference = _EXTERNAL_REF.search(content)
        if reference:
            raise read.fail(line, f"{where}.art",
                            "the SVG refers to another file or a URL, which is never fetched, "
                            "or declares an XML entity",
                            found=reference.group(0).decode("utf-8", "replace")[:60],
                            allowed="a self-contained SVG (embedded data: images only)")
    _check_art_content(read, line, f"{where}.art", value, candidate, content)
    return candidate


def _check_art_content(read: _Reader, line: int, field_name: str, value: str, candidate: Path,
                       content: bytes) -> None:
    """Refuse art the renderers cannot decode, which would otherwise crash a build."""
    if candidate.suffix.lower() == ".svg":
        import xml.etree.ElementTree as ElementTree

        try:  # safe to parse: entity declarations were refused above
            ElementTree.fromstring(content)
        except ElementTree.ParseError as exc:
            raise read.fail(line, field_name, f"the SVG art is not well-formed XML ({exc})",
                            found=value, allowed="a valid, self-contained SVG file") from None
        return
    try:
        inspect(candidate.read_bytes())
    except OSError as exc:
        raise read.fail(line, field_name, f"the art file cannot be read ({exc.strerror})",
                        found=value, allowed="a readable PNG or JPEG file") from None
    except RasterProblem as problem:
        raise read.fail(line, field_name, f"the art file is {problem}"
                        if str(problem).startswith("not") else str(problem),
                        found=value, allowed="a valid PNG or JPEG file (or a self-contained "
                        f"SVG) of at most {MAX_PIXELS:,} pixels") from None


def _variants(read: _Reader, top: Mapping, tile_names: tuple[str, ...]) -> tuple[Variant, ...]:
    if "variants" not in top:
        return ()
    items = read.sequence(top["variants"], top.line_of("variants"), "variants", "variants")
    result: list[Variant] = []
    for index, item in enumerate(items):
        where = f"variants[{index}]"
        entry = read.mapping(item, items.line_of(index), where, VARIANT_FIELDS,
                             required=("name",))
        name = read.name(entry["name"], entry.line_of("name"), f"{where}.name")
        if any(variant.name == name for variant in result):
            raise read.fail(entry.line_of("name"), f"{where}.name", "two variants share a name",
                            found=name, allowed="a name not used by another variant")
        description = (read.text(entry["description"], entry.line_of("description"),
                                 f"{where}.description", 400)
                       if "description" in entry else "")
        players = None
        if "players" in entry:
            players = entry["players"]
            if isinstance(players, bool) or not isinstance(players, int) or \
                    not 1 <= players <= 12:
                raise read.fail(entry.line_of("players"), f"{where}.players",
                                "not a player count", found=_describe(players),
                                allowed="a whole number from 1 to 12")
        counts = []
        if "counts" in entry:
            given = entry["counts"]
            if not isinstance(given, Mapping):
                raise read.fail(entry.line_of("counts"), f"{where}.counts",
                                "expected tile names with counts", found=_describe(given),
                                allowed="a mapping such as {mine-entrance: 2}")
            for tile_name, value in given.items():
                field_name = f"{where}.counts.{tile_name}"
                read.choice(tile_name, given.line_of(tile_name), field_name, tile_names)
                counts.append((tile_name, read.count(value, given.line_of(tile_name),
                                                     field_name)))
        result.append(Variant(name=name, description=description, players=players,
                              counts=tuple(counts)))
    return tuple(result)


_SIZE_PAIR = re.compile(r"^\s*(\S+)\s*[x\u00d7]\s*(\S+)\s*$")


def _components(read: _Reader, top: Mapping, default_back: str, back_names: tuple[str, ...],
                icon_names: tuple[str, ...], tile_names: tuple[str, ...]) -> tuple[Component, ...]:
    if "components" not in top:
        return ()
    items = read.sequence(top["components"], top.line_of("components"), "components",
                          "components")
    result: list[Component] = []
    for index, item in enumerate(items):
        where = f"components[{index}]"
        entry = read.mapping(item, items.line_of(index), where, COMPONENT_FIELDS,
                             required=("name", "kind", "count", "size"))
        name = read.name(entry["name"], entry.line_of("name"), f"{where}.name")
        if name in tile_names or any(component.name == name for component in result):
            raise read.fail(entry.line_of("name"), f"{where}.name",
                            "this name is already used by a tile or component", found=name,
                            allowed="a name used once in the tileset")
        kind = read.choice(entry["kind"], entry.line_of("kind"), f"{where}.kind", COMPONENT_KINDS)
        count = read.count(entry["count"], entry.line_of("count"), f"{where}.count")
        size_text = entry["size"]
        line = entry.line_of("size")
        pair = _SIZE_PAIR.match(size_text) if isinstance(size_text, str) else None
        if pair:
            width = read.length(pair.group(1), line, f"{where}.size", high=72 * 40)
            height = read.length(pair.group(2), line, f"{where}.size", high=72 * 40)
        else:
            width = height = read.length(size_text, line, f"{where}.size", high=72 * 40)
        shape = (read.choice(entry["shape"], entry.line_of("shape"), f"{where}.shape",
                             COMPONENT_SHAPES) if "shape" in entry else "rect")
        features = _features(read, entry, where, icon_names)
        back = (read.choice(entry["back"], entry.line_of("back"), f"{where}.back", back_names)
                if "back" in entry else default_back)
        colour = (_colour(read, entry["colour"], entry.line_of("colour"), f"{where}.colour")
                  if "colour" in entry else "")
        reverse = None
        if "reverse" in entry:
            if "back" in entry:
                raise read.fail(entry.line_of("reverse"), f"{where}.reverse",
                                "a piece has either a shared back or its own reverse side",
                                found="both 'back' and 'reverse'", allowed="one of the two")
            face = read.mapping(entry["reverse"], entry.line_of("reverse"), f"{where}.reverse",
                                FACE_FIELDS)
            reverse = Face(
                colour=(_colour(read, face["colour"], face.line_of("colour"),
                                f"{where}.reverse.colour") if "colour" in face else ""),
                features=_features(read, face, f"{where}.reverse", icon_names))
        result.append(Component(name=name, kind=kind, count=count, width=width, height=height,
                                shape=shape, features=features, back=back, line=entry.line,
                                colour=colour, reverse=reverse))
    return tuple(result)


def _colour(read: _Reader, value: Any, line: int, field_name: str) -> str:
    if not isinstance(value, str) or not COLOUR_PATTERN.match(value):
        raise read.fail(line, field_name, "not a colour", found=_describe(value),
                        allowed="a quoted hex colour such as \"#8a7a68\"")
    return value.lower()


def _small_int(read: _Reader, value: Any, line: int, field_name: str, low: int,
               high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise read.fail(line, field_name, "not a usable number", found=_describe(value),
                        allowed=f"a whole number from {low} to {high}")
    return value


def _board(read: _Reader, top: Mapping, shape: Shape,
           taken: tuple[str, ...]) -> BoardSpec | None:
    """A hex-hex board at tile size, with setup spaces in the players' colours."""
    if "board" not in top:
        return None
    entry = read.mapping(top["board"], top.line_of("board"), "board", BOARD_FIELDS,
                         required=("side",))
    if not shape.axial:
        raise read.fail(entry.line, "board", "boards are drawn for hex tiles only",
                        found=f"shape: {shape.name}", allowed="shape: hex-flat or hex-pointy")
    name = (read.name(entry["name"], entry.line_of("name"), "board.name")
            if "name" in entry else "board")
    if name in taken:
        raise read.fail(entry.line_of("name"), "board.name",
                        "this name is already used by a tile or component", found=name,
                        allowed="a name used once in the tileset")
    title = (read.text(entry["title"], entry.line_of("title"), "board.title", 40)
             if "title" in entry else str(top["title"]))
    side = _small_int(read, entry["side"], entry.line_of("side"), "board.side", 2, 20)
    inner = (_small_int(read, entry["inner"], entry.line_of("inner"), "board.inner", 1,
                        side - 1) if "inner" in entry else 0)
    marks = []
    if "spaces" in entry:
        items = read.sequence(entry["spaces"], entry.line_of("spaces"), "board.spaces",
                              "marked spaces")
        for index, item in enumerate(items):
            where = f"board.spaces[{index}]"
            space = read.mapping(item, items.line_of(index), where, SPACE_FIELDS,
                                 required=("label", "colour", "cells"))
            cells_data = read.sequence(space["cells"], space.line_of("cells"), f"{where}.cells",
                                       "[q, r] axial cells")
            cells = []
            for number, cell in enumerate(cells_data):
                line = cells_data.line_of(number)
                if not (isinstance(cell, list) and len(cell) == 2 and
                        all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
                    raise read.fail(line, f"{where}.cells[{number}]", "not an axial cell",
                                    found=_describe(cell), allowed="[q, r] with whole numbers")
                limit = inner if space.get("short-game") else side
                if ring_distance((cell[0], cell[1])) >= limit:
                    raise read.fail(line, f"{where}.cells[{number}]", "this space is off the "
                                    "board", found=str(list(cell)),
                                    allowed=f"cells fewer than {limit} steps from [0, 0]")
                cells.append((cell[0], cell[1]))
            short = (read.boolean(space["short-game"], space.line_of("short-game"),
                                  f"{where}.short-game") if "short-game" in space else False)
            marks.append(SpaceMark(
                label=read.text(space["label"], space.line_of("label"), f"{where}.label", 20),
                colour=_colour(read, space["colour"], space.line_of("colour"), f"{where}.colour"),
                cells=tuple(cells), short_game=short))
    return BoardSpec(name=name, title=title, side=side, inner=inner, marks=tuple(marks))


def _aids(read: _Reader, top: Mapping) -> tuple[Aid, ...]:
    """One-page player aids: a title and sections of plain text."""
    if "aids" not in top:
        return ()
    items = read.sequence(top["aids"], top.line_of("aids"), "aids", "player aids")
    result: list[Aid] = []
    for index, item in enumerate(items):
        where = f"aids[{index}]"
        entry = read.mapping(item, items.line_of(index), where, AID_FIELDS,
                             required=("name", "title", "sections"))
        name = read.name(entry["name"], entry.line_of("name"), f"{where}.name")
        if any(aid.name == name for aid in result) or name in ("tiles", "cards", "tokens",
                                                                "board"):
            raise read.fail(entry.line_of("name"), f"{where}.name", "this aid name is taken",
                            found=name, allowed="a name not used by another aid or sheet kind")
        sections_data = read.sequence(entry["sections"], entry.line_of("sections"),
                                      f"{where}.sections", "sections")
        sections = []
        for number, section in enumerate(sections_data):
            field_name = f"{where}.sections[{number}]"
            part = read.mapping(section, sections_data.line_of(number), field_name,
                                SECTION_FIELDS, required=("heading", "text"))
            sections.append((
                read.text(part["heading"], part.line_of("heading"), f"{field_name}.heading", 80),
                read.text(part["text"], part.line_of("text"), f"{field_name}.text", 3000)))
        result.append(Aid(name=name,
                          title=read.text(entry["title"], entry.line_of("title"),
                                          f"{where}.title", 80),
                          sections=tuple(sections)))
    return tuple(result)


MIX_FIELDS = ("format", "base", "name", "counts", "tiles")


def apply_mix(base: Tileset, data: Any, path: Path) -> Tileset:
    """A base tileset with a mix file's count changes and homebrew tile kinds.

    The mix keeps the base game's id, so the validator applies that game's
    rules; ``mix`` records the mix's own name for output folders.
    """
    read = _Reader(str(path))
    top = read.mapping(data, getattr(data, "line", 1), "", MIX_FIELDS, required=("base",))
    name = (read.name(top["name"], top.line_of("name"), "name") if "name" in top
            else re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "mix")
    names = [tile.name for tile in base.tiles]
    counts: dict[str, int] = {}
    if "counts" in top:
        given = top["counts"]
        if not isinstance(given, Mapping):
            raise read.fail(top.line_of("counts"), "counts", "expected tile names with counts",
                            found=_describe(given), allowed="a mapping such as {elbow: 30}")
        for tile_name, value in given.items():
            field_name = f"counts.{tile_name}"
            if tile_name not in names:
                hint = did_you_mean(str(tile_name), names, many=True)
                raise read.fail(given.line_of(tile_name), field_name,
                                f"the base game has no tile of this name{hint}",
                                found=str(tile_name), allowed=", ".join(names))
            counts[tile_name] = read.count(value, given.line_of(tile_name), field_name)
    extra: list[TileKind] = []
    if "tiles" in top:
        items = read.sequence(top["tiles"], top.line_of("tiles"), "tiles", "homebrew tile kinds")
        back_names = tuple(back.name for back in base.backs)
        for index, item in enumerate(items):
            tile = _tile(read, item, items.line_of(index), f"tiles[{index}]", base.shape,
                         base.rotatable, base.default_back, back_names, ICON_NAMES,
                         path.parent)
            taken = [*names, *(c.name for c in base.components),
                     *([base.board.name] if base.board else [])]
            if tile.name in taken or any(t.name == tile.name for t in extra):
                raise read.fail(tile.line, f"tiles[{index}].name",
                                "a tile or piece of this name already exists; change a tile's "
                                "count under 'counts' instead", found=tile.name,
                                allowed="a new kebab-case name")
            extra.append(tile)
    mixed = base.with_counts(counts)
    return replace(mixed, tiles=mixed.tiles + tuple(extra), mix=name)
