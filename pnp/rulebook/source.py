"""Rulebook sources: Markdown in our own words, plus a few directives for generated parts.

A rulebook is ``templates/<game>/rulebook.md``, parsed with markdown-it-py.
Generated content comes from fenced blocks whose info string starts with
``pnp``: ``pnp components`` (the components with counts and thumbnails),
``pnp how-to-print`` (stock, scale, duplex and sheet counts for each paper),
``pnp page-break``, and ``pnp diagram`` with a small YAML board. Every problem
in a template is reported with the template's file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import InputError, Where, did_you_mean
from pnp.input.load import Mapping, Sequence, parse_yaml, read_text
from pnp.model.placement import TilePlacement
from pnp.model.tileset import Tileset
from pnp.shipped import data_dir

if TYPE_CHECKING:
    from markdown_it.token import Token

TEMPLATE_DIR = data_dir("templates")
DIRECTIVES = ("components", "how-to-print", "page-break", "diagram")
DIAGRAM_FIELDS = ("caption", "columns", "rows", "tiles", "pawns", "arrows", "marks",
                  "highlight", "verdict", "scale")
PAWN_COLOURS = {
    "black": "#1f1a16", "white": "#f7f4ec", "red": "#b3261e", "blue": "#1f4e9c",
    "green": "#2e7d32", "yellow": "#e0b020", "grey": "#8a8a8a",
}
MARKS = ("tick", "cross")

Point = tuple[float, float]  # a board position; pawns and arrows may sit between squares
Pawn = tuple[Point, str, str]  # where, colour, label
Arrow = tuple[Point, Point]  # from, to
Mark = tuple[Point, str]  # where, "tick" or "cross"


@dataclass(frozen=True)
class Diagram:
    """A small board drawn with the game's own tiles, to show a rule in action."""

    caption: str
    columns: int
    rows: int
    tiles: tuple[TilePlacement, ...] = ()
    pawns: tuple[Pawn, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    marks: tuple[Mark, ...] = ()
    highlight: tuple[tuple[int, int], ...] = ()
    verdict: str = ""  # "", "legal" or "illegal"
    scale: float = 1.0
    line: int = 0


@dataclass(frozen=True)
class Block:
    """One piece of a rulebook in reading order: Markdown tokens or a directive."""

    kind: str  # "markdown" or a directive name
    tokens: tuple[Token, ...] = ()
    diagram: Diagram | None = None
    line: int = 0


@dataclass(frozen=True)
class Source:
    path: Path
    blocks: tuple[Block, ...] = field(default=())


def template_path(game: str) -> Path:
    return TEMPLATE_DIR / game / "rulebook.md"


# Parsed templates, so a build parses each template once: it checks every template
# before typesetting, then typesets the book once per paper (forked workers inherit
# what the main process parsed). A parse depends only on the file's text and on
# the tileset's tile names and number of sides; failures are not kept.
_PARSED: dict[tuple[str, str, tuple[str, ...], int], Source] = {}
_PARSED_LIMIT = 16


def parse(path: Path, tileset: Tileset) -> Source:
    """Parse a rulebook template, checking every directive against the tileset."""
    text = read_text(path, "rulebook template")
    key = (str(path), text, tuple(tile.name for tile in tileset.tiles), tileset.shape.sides)
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_LIMIT:
            del _PARSED[next(iter(_PARSED))]  # the oldest
        _PARSED[key] = _parse(path, text, tileset)
    return _PARSED[key]


def _parse(path: Path, text: str, tileset: Tileset) -> Source:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    blocks: list[Block] = []
    pending: list[Token] = []
    for token in tokens:
        info = token.info.strip() if token.type == "fence" else ""
        if info.split()[:1] == ["pnp"]:
            if pending:
                blocks.append(Block("markdown", tuple(pending)))
                pending = []
            blocks.append(_directive(path, token, tileset))
        else:
            pending.append(token)
    if pending:
        blocks.append(Block("markdown", tuple(pending)))
    return Source(path, tuple(blocks))


def _directive(path: Path, token: Token, tileset: Tileset) -> Block:
    line = token.map[0] + 1 if token.map else 0
    words = token.info.split()
    name = words[1] if len(words) > 1 else ""
    if name not in DIRECTIVES:
        hint = did_you_mean(name, DIRECTIVES)
        raise InputError(Where(str(path), line), f"unknown directive{hint}", field="pnp",
                         found=repr(name or token.info), allowed=", ".join(DIRECTIVES))
    if name != "diagram":
        if token.content.strip():
            raise InputError(Where(str(path), line + 1), f"the '{name}' directive takes no "
                             "body", field=f"pnp {name}", found=repr(token.content.strip()[:40]),
                             allowed="an empty fenced block")
        return Block(name, line=line)
    return Block("diagram", diagram=_diagram(path, token.content, line, tileset), line=line)


def _fail(path: Path, line: int, field_name: str, problem: str, found: object,
          allowed: str) -> InputError:
    return InputError(Where(str(path), line), problem, field=f"diagram.{field_name}",
                      found=repr(found) if not isinstance(found, str) else found,
                      allowed=allowed)


def _point(path: Path, value: object, line: int, field_name: str,
           whole: bool = False) -> Point:
    """A board position; pawns and arrows may sit between squares, tiles may not."""
    kinds = (int,) if whole else (int, float)
    if isinstance(value, list) and len(value) == 2 and \
            all(isinstance(v, kinds) and not isinstance(v, bool) for v in value):
        return (value[0], value[1])
    raise _fail(path, line, field_name, "not a square", value,
                "[column, row] (or axial [q, r] on hex boards) with "
                + ("whole numbers" if whole else "numbers"))


def _cell(path: Path, value: object, line: int, field_name: str) -> tuple[int, int]:
    """A board square: whole numbers, as a tile or a highlight needs."""
    column, row = _point(path, value, line, field_name, whole=True)
    return int(column), int(row)  # already whole: this only tells the type checker


def _diagram(path: Path, body: str, line: int, tileset: Tileset) -> Diagram:
    """Read a diagram's YAML body; its lines count from the fence's first line.

    Each part is checked by its own step, in the order the fields are listed,
    so the first mistake in a body is always the one reported.
    """
    data = _diagram_body(path, body, line)
    tiles = _diagram_tiles(path, data, line, tileset)
    pawns = _diagram_pawns(path, data, line)
    arrows = _diagram_arrows(path, data, line)
    marks = _diagram_marks(path, data, line)
    highlight = tuple(_cell(path, item, line + data["highlight"].line_of(index), "highlight")
                      for index, item in enumerate(_items(data, "highlight", path, line)))
    verdict, caption, scale = _diagram_look(path, data, line)
    cells = [t.cell for t in tiles] + [(round(p[0][0]), round(p[0][1])) for p in pawns] + \
        list(highlight)
    columns, rows = _board_size(path, data, line, cells)
    return Diagram(caption, columns, rows, tuple(tiles), tuple(pawns), tuple(arrows),
                   tuple(marks), highlight, verdict, scale, line)


def _diagram_body(path: Path, body: str, line: int) -> Mapping:
    """The body as a YAML mapping of known fields; YAML errors keep the template's line."""
    try:
        data = parse_yaml(body, str(path)) if body.strip() else None
    except InputError as error:
        raise InputError(Where(str(path), line + error.where.line), error.problem,
                         field="pnp diagram", allowed="a YAML mapping") from None
    if not isinstance(data, Mapping):
        found = "nothing" if data is None else type(data).__name__
        raise InputError(Where(str(path), line), "a diagram needs a YAML body",
                         field="pnp diagram", found=found,
                         allowed="fields: " + ", ".join(DIAGRAM_FIELDS))
    for key in data:
        if key not in DIAGRAM_FIELDS:
            raise _fail(path, line + data.line_of(key), key, "unknown field", key,
                        "fields: " + ", ".join(DIAGRAM_FIELDS))
    return data


def _diagram_tiles(path: Path, data: Mapping, line: int, tileset: Tileset) -> list[TilePlacement]:
    """Tile placements, written ``[c, r, name, turn]`` or as a mapping, naming real tiles."""
    names = [tile.name for tile in tileset.tiles]
    tiles = []
    for index, item in enumerate(_items(data, "tiles", path, line)):
        spot = line + data["tiles"].line_of(index)
        _known_fields(path, item, spot, "tiles")
        cell, name, turn = _placement(path, item, spot)
        if not isinstance(name, str) or name not in names:
            hint = did_you_mean(str(name), names, many=True)
            raise _fail(path, spot, "tiles", f"unknown tile{hint}", name, ", ".join(names))
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise _fail(path, spot, "tiles.turn", "not a number of turns", turn,
                        "a whole number of clockwise steps")
        tiles.append(TilePlacement(name, cell, turn % tileset.shape.sides))
    return tiles


def _placement(path: Path, item: object, spot: int) -> tuple[tuple[int, int], object, object]:
    """Square, tile name and turn of one placement, in either of its two spellings."""
    if isinstance(item, list) and len(item) in (3, 4):
        return _cell(path, item[:2], spot, "tiles"), item[2], \
            (item[3] if len(item) == 4 else 0)
    if isinstance(item, Mapping):
        return _cell(path, item.get("at"), spot, "tiles.at"), item.get("tile"), \
            item.get("turn", 0)
    raise _fail(path, spot, "tiles", "not a tile placement", item,
                "[column, row, tile] or {at: [c, r], tile: NAME, turn: N}")


def _diagram_pawns(path: Path, data: Mapping, line: int) -> list[Pawn]:
    """Pawns: where (squares or between them), a known colour, a label of at most two."""
    pawns = []
    for index, item in enumerate(_items(data, "pawns", path, line)):
        spot = line + data["pawns"].line_of(index)
        _known_fields(path, item, spot, "pawns")
        colour = item.get("colour", "black") if isinstance(item, Mapping) else None
        if colour not in PAWN_COLOURS:
            raise _fail(path, spot, "pawns.colour", "not a pawn colour", colour,
                        ", ".join(PAWN_COLOURS))
        label = str(item.get("label", ""))
        if len(label) > 2:
            raise _fail(path, spot, "pawns.label", "a pawn label is one or two characters",
                        label, "for example P or B1")
        pawns.append((_point(path, item.get("at"), spot, "pawns.at"), colour, label))
    return pawns


def _diagram_arrows(path: Path, data: Mapping, line: int) -> list[Arrow]:
    """Arrows from one point of the board to another."""
    arrows = []
    for index, item in enumerate(_items(data, "arrows", path, line)):
        spot = line + data["arrows"].line_of(index)
        _known_fields(path, item, spot, "arrows")
        if not isinstance(item, Mapping):
            raise _fail(path, spot, "arrows", "not an arrow", item, "{from: [c, r], to: [c, r]}")
        arrows.append((_point(path, item.get("from"), spot, "arrows.from"),
                       _point(path, item.get("to"), spot, "arrows.to")))
    return arrows


def _diagram_marks(path: Path, data: Mapping, line: int) -> list[Mark]:
    """Ticks and crosses placed on the board."""
    marks = []
    for index, item in enumerate(_items(data, "marks", path, line)):
        spot = line + data["marks"].line_of(index)
        _known_fields(path, item, spot, "marks")
        mark = item.get("mark") if isinstance(item, Mapping) else None
        if mark not in MARKS:
            raise _fail(path, spot, "marks.mark", "not a mark", mark, ", ".join(MARKS))
        marks.append((_point(path, item.get("at"), spot, "marks.at"), mark))
    return marks


def _diagram_look(path: Path, data: Mapping, line: int) -> tuple[str, str, float]:
    """Verdict badge, caption and scale, the fields that are single values."""
    verdict = data.get("verdict", "")
    if verdict not in ("", "legal", "illegal"):
        raise _fail(path, line + data.line_of("verdict"), "verdict", "not a verdict", verdict,
                    "legal, illegal")
    caption = data.get("caption", "")
    if not isinstance(caption, str):
        raise _fail(path, line + data.line_of("caption"), "caption", "not text", caption,
                    "a caption")
    scale = data.get("scale", 1.0)
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not 0.3 <= scale <= 2:
        raise _fail(path, line + data.line_of("scale"), "scale", "not a usable scale", scale,
                    "0.3 to 2")
    return verdict, caption, float(scale)


def _board_size(path: Path, data: Mapping, line: int,
                cells: list[tuple[int, int]]) -> tuple[int, int]:
    """Columns and rows as given, or just enough to hold every square the diagram uses."""
    columns = data.get("columns", max((c[0] for c in cells), default=0) + 1)
    rows = data.get("rows", max((c[1] for c in cells), default=0) + 1)
    for key, value in (("columns", columns), ("rows", rows)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 14:
            raise _fail(path, line + data.line_of(key), key, "not a board size", value,
                        "1 to 14")
    return columns, rows


NESTED_FIELDS = {"tiles": ("at", "tile", "turn"), "pawns": ("at", "colour", "label"),
                 "arrows": ("from", "to"), "marks": ("at", "mark")}


def _known_fields(path: Path, item: object, spot: int, key: str) -> None:
    """A typo inside a placement (``turns:`` for ``turn:``) is an error, not ignored."""
    if isinstance(item, Mapping):
        for name in item:
            if name not in NESTED_FIELDS[key]:
                raise _fail(path, spot, f"{key}.{name}", "unknown field", name,
                            "fields: " + ", ".join(NESTED_FIELDS[key]))


def _items(data: Mapping, key: str, path: Path, line: int) -> Sequence:
    value = data.get(key)
    if value is None:
        return Sequence()
    if not isinstance(value, Sequence):
        raise _fail(path, line + data.line_of(key), key, "expected a list", value,
                    f"a YAML list of {key}")
    return value
