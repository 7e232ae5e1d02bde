"""Reading a tileset file into the immutable model.

The format is declared once, below, as records of fields (:mod:`pnp.input.schema`);
the same declaration words the errors and generates the tables in
docs/tileset-format.md. ``from_data`` reads in three stages so that a file with
several mistakes reports all of them in one run:

1. every field is checked on its own against the records;
2. named steps check what relates fields to each other (names used twice,
   references to backs and tiles, paths on the shape's edges, board cells),
   skipping whatever an earlier mistake already broke;
3. only if nothing was found are the frozen value types of
   :mod:`pnp.model.tileset` built, from values that are known to be good.

Later steps trust the model completely, so every check a designer can fail
lives here or in the schema.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from pnp.errors import did_you_mean
from pnp.geometry.lattice import ring_distance
from pnp.geometry.shapes import SHAPES, Shape
from pnp.input.files import ART_SUFFIXES, MAX_ART_BYTES, LocalFile, check_art
from pnp.input.load import Mapping, Sequence, load_file
from pnp.input.reading import BROKEN, At, Kind, Reading, describe
from pnp.input.schema import (
    Boolean,
    Choice,
    Colour,
    Exact,
    Field,
    Items,
    Length,
    ListOf,
    MapOf,
    Name,
    Node,
    Number,
    Record,
    Ref,
    Size,
    Text,
    Whole,
    known_names,
    nodes,
    repeated,
)
from pnp.input.sheet_records import AID, BOARD, ROW, SECTION, SPACE
from pnp.input.tileset_values import tileset_value
from pnp.model.icons import ICON_NAMES
from pnp.model.tileset import (
    COMPONENT_KINDS,
    COMPONENT_SHAPES,
    DEFAULT_PALETTE,
    FEATURE_KINDS,
    PATH_STYLES,
    PAWNS,
    ROLES,
    Tileset,
    Tunnel,
)

MAX_COUNT = 100_000
# Limits on what one file may ask for, so a build's time and memory stay bounded
# whoever wrote the file. Each is many times what a real game needs.
MAX_PIECES = 200_000  # copies of tiles, cards and tokens in all: about 6,700 Letter sheets
MAX_KINDS = 1_000  # tile kinds, and components, in one file
MAX_FEATURES = 40  # features on one face
MAX_BOARD_PT = 72.0 * 100  # a board's width or height: about 200 Letter pages to glue
FEATURE_POSITIONS = ("center", "N", "NE", "E", "SE", "S", "SW", "W", "NW")
RESERVED_SHEETS = ("tiles", "cards", "tokens", "board")  # sheet kinds an aid may not be named
MIN_SIZE_PT = 18.0  # a quarter inch: anything smaller cannot be cut by hand
MAX_SIZE_PT = 72.0 * 6  # six inches: larger is a board, and no longer fits a sheet
# the longest side of a card or token that still fits a sheet of A4 (the taller
# paper) inside the safe margins and crop marks; whether it fits the chosen paper
# is checked when the paper is known (pnp.impose.fit)
MAX_PIECE_PT = 72.0 * 10.4

# ---------------------------------------------------------------------------
# The declaration: kinds shared by several records, then the records, inside out.

NAME = Name()
COUNT = Whole(0, MAX_COUNT, "a count must be a whole number", "this count is out of range")
PLAYER_COUNT = Whole(1, 12, "not a player count")
BACK_REF = Ref("the name of one of `backs`")
PATH_FORM = "edges joined by '-', such as 'N-S', or a mapping {ports: 'N-S', junction: true}"


class Ports(Kind):
    """The edges one tunnel opens: ``N-E-S`` or a list; the shape's edges are a later step."""

    def check(self, value: Any, at: At) -> Any:
        if isinstance(value, Sequence):
            ports = tuple(str(port) for port in value)
        elif isinstance(value, str) and value.strip():
            ports = tuple(part.strip() for part in value.split("-"))
        else:
            return at.fail("not a path", describe(value), PATH_FORM)
        if not ports:
            return at.fail("a path needs at least one edge", value, PATH_FORM)
        return ports

    def doc(self) -> str:
        return "edges joined by `-` such as `N-E-S`, or a list of edges"


PORTS = Ports()

PATH = Record("tileset:path", (
    Field("ports", PORTS, "the edges this tunnel opens", required=True),
    Field("junction", Boolean(), "the edges meet in a round chamber in the middle (entrances, "
          "hives); two edges run straight through the middle instead of curving", default=False),
    Field("style", Choice(PATH_STYLES), "`cavern` opens into a large irregular cave with a few "
          "stones on its floor", default="tunnel"),
), doc_as="a path (below)")


class PathValue(NamedTuple):
    """A path as read: the tunnel, and what the file wrote, to quote in errors."""

    tunnel: Tunnel
    written: Any


class PathKind(Kind):
    """One path: ``N-S``, a list of edges, or a mapping with ``ports`` (:data:`PATH`)."""

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, Mapping):
            ports = PORTS.check(value, at)
            return BROKEN if ports is BROKEN else PathValue(Tunnel(ports=ports), value)
        node = PATH.check(value, at)
        if not node.ok("ports", "junction", "style"):
            return BROKEN
        return PathValue(Tunnel(ports=node["ports"], junction=node["junction"],
                                style=node["style"]), value["ports"])

    def doc(self) -> str:
        return "path"


def _one_kind(feature: Node) -> None:
    """A feature is exactly one thing; two would be drawn on top of each other."""
    kinds = [kind for kind in FEATURE_KINDS if kind in feature.source]
    if len(kinds) != 1:
        feature.fail("", "a feature is exactly one of icon, label, text or die",
                     ", ".join(kinds) or "none of them",
                     "one of: icon: NAME, label: TEXT, text: TEXT, die: 1-6")
    elif feature.given("badge") and kinds[0] != "icon":
        feature.fail("badge", "only an icon carries a badge", kinds[0],
                     "badge on an icon feature")


ICON_REF = Ref("an icon name (list below) or one of the tileset's `icons`")
MAX_OWN_ICONS = 64

SVG_ICON = LocalFile(
    (".svg",), "icon",
    "a relative path to an SVG file inside the tileset's folder ({folder})",
    "relative path to a self-contained SVG file inside the tileset's folder, at most 8 MiB; "
    "it may link only to its own elements", check_art, limit=MAX_ART_BYTES)

OWN_ICON = Record("tileset:icon", (
    Field("name", NAME, "what features call it; not a built-in icon's name. It is also how "
          "the rulebook names it (`oil-lamp` reads \"oil lamp\")", required=True),
    Field("file", SVG_ICON, "the picture, kept in proportion inside the circle a built-in "
          "icon fills", required=True),
), doc_as="an icon of the tileset's own (below)")

FEATURE = Record("tileset:feature", (
    Field("icon", ICON_REF, "an icon: a built-in one, or one of the tileset's `icons`"),
    Field("label", Text(40), "printed on a plaque"),
    Field("text", Text(600, numbers=True), "plain text wrapped to the piece and centred; a "
          "blank line starts a new paragraph; `scale: 2` or more sets it bold"),
    Field("die", Whole(1, 6, "not a die face"), "a die face showing this many pips"),
    Field("at", Choice(FEATURE_POSITIONS), "where on the piece; on hex tiles and round tokens "
          "positions stay inside the inscribed circle. On a tile with tunnels this is where "
          "the feature is wanted: if a wall or tunnel is there, it goes to the nearest rock "
          "that holds it, shrunk only as far as it must be (a feature inside a cavern or "
          "junction stays put); mud, which lies in a tunnel, asked for on rock lies on the "
          "nearest tunnel's floor instead",
          default_doc="`center`; `S` for a label, `NE` for a die"),
    Field("scale", Number(0.2, 4.0, "not a usable scale"), "resizes it", default=1.0),
    Field("badge", Text(4, numbers=True), "icons only: a number or word in a small disc on "
          "the icon, e.g. points", default=""),
), rules=(_one_kind,), doc_as="a feature (below)")

ART = LocalFile(
    ART_SUFFIXES, "art",
    "a relative path to a PNG, JPEG or SVG file inside the tileset's folder ({folder})",
    "relative path to a PNG, JPEG or self-contained SVG file inside the tileset's folder, "
    "at most 32 MiB (SVG: 8 MiB); an SVG may link only to its own elements", check_art,
    limit=MAX_ART_BYTES)

TILE = Record("tileset:tile", (
    Field("name", NAME, "unique in the file; used on the command line and in file names",
          required=True),
    Field("count", COUNT, "0 keeps a design without printing it", required=True),
    Field("paths", ListOf(PathKind(), "paths", doc_as="list of paths (below)", most=12),
          "the tunnels; no paths means solid rock", default_doc="none"),
    Field("features", ListOf(FEATURE, "features", doc_as="list of features (below)",
                             most=MAX_FEATURES),
          "icons, labels, text and die faces", default_doc="none"),
    Field("rotatable", Boolean(), "whether the tile may be turned in play",
          default_doc="the top-level `rotatable`"),
    Field("back", BACK_REF, "its back design", default_doc="the top-level `back`"),
    Field("role", Choice(ROLES), "what the rules treat it as", default="tunnel"),
    Field("called", Text(40), "what players call one of these tiles, as the rulebook's "
          "components page and the card lists name it (e.g. `miner event`)",
          default="", default_doc="its label, or its tunnel shape and icons"),
    Field("art", ART, "drawn over the rock and under the tunnels"),
), doc_as="a tile kind (below)")

BACK = Record("tileset:back", (
    Field("name", NAME, "what tiles and pieces name in their `back`", required=True),
    Field("title", Text(40, one_line=True), "printed on the back",
          default_doc="the tileset's `title`"),
    Field("subtitle", Text(60), "small text near the top", default=""),
    Field("motif", Choice(ICON_NAMES, doc_as="an icon name"), "the picture on the back",
          default="pickaxes"),
), doc_as="a back design (below)")

PALETTE = Record("tileset:palette", tuple(
    Field(key, Colour(), help, default=DEFAULT_PALETTE[key]) for key, help in (
        ("rock", "the rock field"), ("rock-dark", "the rock's texture, darker"),
        ("rock-light", "the rock's texture, lighter"), ("wall", "tunnel walls"),
        ("floor", "tunnel floors"), ("ink", "icons and labels"),
        ("accent", "icons and labels, highlighted"), ("paper", "the page and plain faces"),
    )), doc_as="colours (below)")

VARIANT = Record("tileset:variant", (
    Field("name", NAME, "`pnp build GAME --variant NAME` builds it", required=True),
    Field("description", Text(400), "what changes, in a sentence or two", default=""),
    Field("players", PLAYER_COUNT, "the number of players it is for",
          default_doc="the game's player counts"),
    Field("most-players", PLAYER_COUNT, "the most people who can play it, where that is "
          "fewer than the game allows (the cover says so)", default_doc="the game's"),
    Field("counts", MapOf(Ref(""), COUNT, "expected tile names with counts",
                          "a mapping such as {mine-entrance: 2}",
                          "tile name to a count from 0 to 100000", most=MAX_KINDS),
          "every name must be a tile kind of this tileset", default_doc="no changes"),
), doc_as="a variant (below)")

FACE = Record("tileset:face", (
    Field("colour", Colour(), "this side's colour", default="",
          default_doc="the palette's `paper`"),
    Field("features", ListOf(FEATURE, "features", most=MAX_FEATURES),
          "what is printed on this side", default_doc="none"),
    Field("band", Colour(), "a card's title band on this side, to tell its sides apart",
          default="", default_doc="the piece's own `band`"),
), doc_as="a face (below)")


def _back_or_reverse(piece: Node) -> None:
    """A shared back and an own reverse side would both print on the same side."""
    if piece.given("back") and piece.given("reverse"):
        piece.fail("reverse", "a piece has either a shared back or its own reverse side",
                   "both 'back' and 'reverse'", "one of the two")


BAND_DOC = "a card's title band (its `reverse` may set its own): a colour per kind of card"
COMPONENT = Record("tileset:component", (
    Field("name", NAME, "unique among tiles and pieces", required=True),
    Field("kind", Choice(COMPONENT_KINDS), "printed on the cards or the tokens sheets",
          required=True),
    Field("count", COUNT, "how many to print", required=True),
    Field("called", Text(40), "what players call one of these pieces, as the rulebook's "
          "components page names it (e.g. `depth marker`); pieces of one family (the same "
          "name before the first dash) take the first one's", default="",
          default_doc="the family's name and the kind, e.g. `depth token`"),
    Field("size", Size(Length(MIN_SIZE_PT, MAX_PIECE_PT)), "a hex's size is across its flats",
          required=True),
    Field("shape", Choice(COMPONENT_SHAPES), "the outline to cut", default="rect"),
    Field("features", ListOf(FEATURE, "features", most=MAX_FEATURES),
          "what is printed on the face", default_doc="none"),
    Field("back", BACK_REF, "a shared back design", default_doc="the top-level `back`"),
    Field("colour", Colour(), "the face colour; text turns white on dark faces", default="",
          default_doc="the palette's `paper`"),
    Field("band", Colour(), BAND_DOC, default="", default_doc="the palette's `accent`"),
    Field("reverse", FACE, "its own other side, for double-sided pieces, instead of `back`; "
          "a token whose two sides differ in colour shows the other side's colour in a "
          "wedge at the foot of its rim, so it never passes for a one-sided piece"),
), rules=(_back_or_reverse,), doc_as="a card or token (below)")


CARD_LIST = Record("tileset:card-list", (
    Field("rows", Text(200), "a `.csv` file inside the tileset's folder, saved from a "
          "spreadsheet: its first row names the columns `name`, `count` (both required), "
          "`title` (the card's title), `text` (its rules) and `icon` (its picture); each "
          "further row is one card or token", required=True),
    Field("kind", Choice(COMPONENT_KINDS), "printed on the cards or the tokens sheets",
          required=True),
    Field("size", Size(Length(MIN_SIZE_PT, MAX_PIECE_PT)), "every row's size",
          required=True),
    Field("shape", Choice(COMPONENT_SHAPES), "the outline to cut", default="rect"),
    Field("back", BACK_REF, "a shared back design", default_doc="the top-level `back`"),
    Field("colour", Colour(), "the face colour; text turns white on dark faces", default="",
          default_doc="the palette's `paper`"),
    Field("band", Colour(), BAND_DOC, default="", default_doc="the palette's `accent`"),
), doc_as="a card list (below)")


RULEBOOK = LocalFile(
    (".md",), "rulebook",
    "a relative path to a Markdown (.md) rulebook template inside the tileset's folder "
    "({folder})",
    "relative path to a Markdown rulebook template inside the tileset's folder "
    "([rulebook-format.md](rulebook-format.md))")

TILESET = Record("tileset:top", (
    Field("format", Exact(1, "unsupported format version"), "the format's version", default=1),
    Field("game", NAME, "the game's id, used for output folders and file names",
          required=True),
    Field("title", Text(80, one_line=True), "printed on every page and on the default back",
          required=True),
    Field("notes", Text(4000), "free text, e.g. \"the counts are a reconstruction\"",
          default=""),
    Field("shape", Choice(tuple(SHAPES)), "`hex-flat` has a flat top, `hex-pointy` a "
          "pointed top", default="square"),
    Field("size", Length(MIN_SIZE_PT, MAX_SIZE_PT), "the side of a square, the distance "
          "across flats of a hex", required=True),
    Field("rotatable", Boolean(), "the default for every tile", default=True),
    Field("back", BACK_REF, "the default back", default_doc="the first back"),
    Field("backs", ListOf(BACK, "back designs",
                          ("the list of backs is empty", "at least one back design"),
                          doc_as="list of back designs (below), at least one", most=100),
          "", default_doc="one back titled with `title`"),
    Field("palette", PALETTE, "", default_doc="earthy greys and sand"),
    Field("players", ListOf(PLAYER_COUNT, "player counts",
                            ("the list of player counts is empty",
                             "at least one whole number from 1 to 12"),
                            doc_as="list of player counts from 1 to 12, e.g. `[2, 4]`",
                            most=12),
          "", default=(2,), default_doc="`[2]`"),
    Field("pawns", ListOf(Choice(PAWNS, problem="not a pawn colour"), "pawn colours",
                          doc_as="list of pawn colours, e.g. `[black, white]`", most=12),
          "the colours of the players' own pawns (from the box, or from around the house), "
          "as the cover shows them; `[]` for a game with no pawn in the mine, whose cover "
          "then stands no piece on its tunnels", default=("red", "blue"),
          default_doc="`[red, blue]`"),
    Field("minutes", Whole(5, 600, "not a playing time in minutes"), "about how long a game "
          "takes, shown on the cover", default_doc="not shown"),
    Field("age", Whole(3, 99, "not an age"), "the youngest age the game suits, shown on the "
          "cover as 7+", default_doc="not shown"),
    Field("bring", ListOf(Text(40, one_line=True), "things to bring", most=4),
          "what players supply that the kit does not print (dice, the base game), shown on "
          "the cover under its facts", default=(), default_doc="nothing shown"),
    Field("variants", ListOf(VARIANT, "variants", doc_as="list of variants (below)",
                             most=100), "",
          default_doc="none"),
    Field("tiles", ListOf(TILE, "tile kinds",
                          ("a tileset needs at least one tile kind", "a list of tile kinds"),
                          doc_as="list of tile kinds (below), at least one",
                          most=MAX_KINDS),
          "", required=True),
    Field("icons", ListOf(OWN_ICON, "icons", doc_as="list of the tileset's own icons "
                          f"(below), at most {MAX_OWN_ICONS}", most=MAX_OWN_ICONS),
          "", default_doc="none"),
    Field("components", ListOf(COMPONENT, "components", doc_as="list of cards and tokens "
                               "(below)", most=MAX_KINDS), "", default_doc="none"),
    Field("card-lists", ListOf(CARD_LIST, "card lists", doc_as="list of card lists read "
                               "from CSV files (below)", most=20),
          "each row of each file becomes a card or token, as if listed under `components`",
          default_doc="none"),
    Field("board", BOARD, "for hex tiles only", default_doc="none"),
    Field("aids", ListOf(AID, "player aids", doc_as="list of one-page player aids (below)",
                         most=50),
          "", default_doc="none"),
    Field("rulebook", RULEBOOK, "", default_doc="`templates/<game>/rulebook.md` for shipped "
          "games"),
    Field("rulebook-title", Text(40, one_line=True), "the rulebook's own title, on its cover "
          "and at the foot of its pages, for a book that is not the whole game's (an insert "
          "that teaches a variant)", default="", default_doc="the game's title"),
    Field("rulebook-subtitle", Text(60), "the line under the title on the rulebook's cover, "
          "e.g. to say the book is an insert for another game", default="Rules of play"),
    Field("credits", Text(1000), "who made the game, printed at the end of the rulebook's "
          "last page (the tool is named in the PDF's metadata only)", default="",
          default_doc="none"),
))

RECORDS = (TILESET, TILE, PATH, FEATURE, OWN_ICON, BACK, PALETTE, VARIANT, COMPONENT, FACE,
           CARD_LIST, BOARD, SPACE, AID, SECTION, ROW)


# ---------------------------------------------------------------------------
# Reading


def load_tileset(path: Path) -> Tileset:
    """Read, check and freeze a tileset file."""
    data = load_file(path)
    return from_data(data, path)


def from_data(data: Any, path: Path) -> Tileset:
    """Build a :class:`Tileset` from located data, or raise every mistake in it at once.

    Card lists are read (and their module loaded) only for a tileset that names
    some: most never do, and validate starts faster without the CSV reader."""
    reading = Reading(str(path), folder=path.parent)
    listed = None
    if isinstance(data, Mapping) and "card-lists" in data:
        from pnp.input.card_lists import listed_components

        data, listed = listed_components(data, path, reading, _row_kinds(data),
                                         partial(_sound_list, path))
    top = reading.read(TILESET, data)
    if isinstance(top, Node):
        for step in STEPS:
            step(top)
    if listed is not None:
        from pnp.input.card_lists import rewrite_fields

        reading.problems[:] = rewrite_fields(reading.problems, listed)
    reading.done()
    return tileset_value(top, path, listed.files if listed is not None else ())


def _sound_list(path: Path, entry: Any, index: int) -> bool:
    """Whether a ``card-lists`` entry passes its own checks (its rows are read only then;
    the tileset's own reading reports what is wrong with it, once)."""
    scratch = Reading(str(path), folder=path.parent)
    CARD_LIST.check(entry, At(scratch, getattr(entry, "line", 0), f"card-lists[{index}]"))
    return not scratch.problems


def _row_kinds(data: Any) -> dict[str, Kind]:
    """How a card list's columns are checked: as the fields of the same meaning are."""
    own = [icon.get("name") for icon in (data.get("icons") or ())
           if isinstance(icon, dict)] if isinstance(data, dict) else []
    icons = ICON_NAMES + tuple(name for name in own if isinstance(name, str))
    return {"name": NAME, "count": COUNT, "title": Text(40),
            "text": Text(600, numbers=True), "icon": Choice(icons)}


# ---------------------------------------------------------------------------
# Named steps: rules between fields, each silent where a value it needs is broken.


def check_reference(node: Node, field: str, names: tuple[str, ...] | None) -> None:
    """A field naming one of ``names``; None means the list is broken, so say nothing."""
    if names is None or not node.given(field) or not node.ok(field):
        return
    value = node[field]
    if value not in names:
        node.fail(field, f"not one of the allowed values{did_you_mean(str(value), names)}",
                  value, ", ".join(names))


def check_paths(tile: Node, shape: Shape) -> None:
    """Every edge a tile's paths open is an edge of the shape, and opens onto one path."""
    paths = tile["paths"]
    if not isinstance(paths, Items):
        return
    across = f"{shape.edges[0]}-{shape.edges[len(shape.edges) // 2]}"  # N-S, or NE-SW on a hex
    allowed = (f"edges of a {shape.name} tile ({', '.join(shape.edges)}) joined by '-', "
               f"such as '{across}', or a mapping {{ports: '{across}', junction: true}}")
    used: dict[str, int] = {}
    for index, (path, spot) in enumerate(zip(paths, paths.spots, strict=True)):
        if path is BROKEN:
            continue
        for port in path.tunnel.ports:
            if port not in shape.edges:
                spot.fail(f"'{port}' is not an edge of a {shape.name} tile", path.written,
                          allowed)
                break
            if port in used:
                spot.fail(f"edge {port} is already used by paths[{used[port]}]; an edge opens "
                          "onto one path only", path.written,
                          "each edge in at most one path of a tile")
                break
            used[port] = index


def back_names(top: Node) -> tuple[str, ...] | None:
    """The backs a tile may name: the declared ones, or the one default back."""
    return known_names(top["backs"]) if top.given("backs") else ("back",)


def _backs(top: Node) -> None:
    for back, _ in repeated(nodes(top["backs"]), "name"):
        back.fail("name", "two backs share a name", back["name"],
                  "a name not used by another back")
    names = back_names(top)
    check_reference(top, "back", names)
    for piece in (*nodes(top["tiles"]), *nodes(top["components"])):
        check_reference(piece, "back", names)


def _tiles(top: Node) -> None:
    for tile, first in repeated(nodes(top["tiles"]), "name"):
        tile.fail("name", "two tile kinds share a name", tile["name"],
                  f"a name not already used on line {first.line}")
    if top.ok("shape"):
        for tile in nodes(top["tiles"]):
            check_paths(tile, SHAPES[top["shape"]])


def _variants(top: Node) -> None:
    for variant, _ in repeated(nodes(top["variants"]), "name"):
        variant.fail("name", "two variants share a name", variant["name"],
                     "a name not used by another variant")
    names = known_names(top["tiles"])
    for variant in nodes(top["variants"]):
        counts = variant["counts"]
        if names is None or not isinstance(counts, Items):
            continue
        for (name, _), spot in zip(counts, counts.spots, strict=True):
            if name not in names:
                spot.fail(f"not one of the allowed values{did_you_mean(str(name), names)}",
                          name, ", ".join(names))


def _piece_names(top: Node) -> list[str]:
    """Names already taken by tiles and components (the good ones)."""
    return [node["name"] for node in (*nodes(top["tiles"]), *nodes(top["components"]))
            if node.ok("name")]


def _components(top: Node) -> None:
    taken = {node["name"] for node in nodes(top["tiles"]) if node.ok("name")}
    for piece in nodes(top["components"]):
        name = piece["name"]
        if name is BROKEN:
            continue
        if name in taken:
            piece.fail("name", "this name is already used by a tile or component", name,
                       "a name used once in the tileset")
        taken.add(name)


def _board(top: Node) -> None:
    """A hex-hex board at tile size: hex tiles only, its own name, spaces on the board."""
    board = top["board"]
    if not isinstance(board, Node):
        return
    if top.ok("shape") and not SHAPES[top["shape"]].axial:
        board.fail("", "boards are drawn for hex tiles only", f"shape: {top['shape']}",
                   "shape: " + " or ".join(name for name, shape in SHAPES.items()
                                           if shape.axial))
    if board.ok("name") and board["name"] in _piece_names(top):
        board.fail("name", "this name is already used by a tile or component", board["name"],
                   "a name used once in the tileset")
    if not board.ok("side", "inner"):
        return
    _board_span(top, board)
    for space in nodes(board["spaces"]):
        cells = space["cells"]
        if not isinstance(cells, Items) or not space.ok("short-game"):
            continue
        limit = board["inner"] if space["short-game"] else board["side"]
        for cell, spot in cells.located():
            if ring_distance(cell) >= limit:
                spot.fail("this space is off the board", str(list(cell)),
                          f"cells fewer than {limit} steps from [0, 0]")


def _board_span(top: Node, board: Node) -> None:
    """A board is printed in pages to glue together; past a limit that is no longer a board.

    Its span across is at most (2 side - 1) tiles, each as wide as the tile's box.
    """
    if not top.ok("shape", "size"):
        return
    tile = max(SHAPES[top["shape"]].box(top["size"]))
    span = (2 * board["side"] - 1) * tile
    if span > MAX_BOARD_PT:
        largest = int((MAX_BOARD_PT / tile + 1) // 2)
        board.fail("side", "the board is too large to print and assemble",
                   f"side {board['side']} with {top['size'] / 72:.3g} in tiles, about "
                   f"{span / 72:.0f} in across",
                   f"boards at most {MAX_BOARD_PT / 72:.0f} in across: side {largest} or less "
                   "at this tile size")


def pieces_allowed() -> str:
    """The wording of the limit on pieces, shared by every place that can pass it."""
    return f"at most {MAX_PIECES} pieces in all (tiles, cards and tokens, every copy)"


def _pieces(top: Node) -> None:
    """Every copy printed, in the file and in each of its variants, stays within MAX_PIECES."""
    counts = {node["name"]: node["count"] for node in nodes(top["tiles"])
              if node.ok("name", "count")}
    others = sum(node["count"] for node in nodes(top["components"]) if node.ok("count"))
    total = sum(counts.values()) + others
    if total > MAX_PIECES:
        top.fail("tiles", "the file prints too many pieces", f"{total} pieces",
                 pieces_allowed())
    for variant in nodes(top["variants"]):
        changes = variant["counts"]
        if not isinstance(changes, Items):
            continue
        changed = dict(counts)
        changed.update((name, count) for name, count in changes
                       if name in counts and count is not BROKEN)
        total = sum(changed.values()) + others
        if total > MAX_PIECES:
            variant.fail("counts", "this variant prints too many pieces", f"{total} pieces",
                         pieces_allowed())


def _aids(top: Node) -> None:
    seen: set[str] = set()
    tiles = known_names(top["tiles"])
    for aid in nodes(top["aids"]):
        for section in nodes(aid["sections"]):
            for row in nodes(section["rows"]):
                _aid_row_tile(row, tiles)
        name = aid["name"]
        if name is BROKEN:
            continue
        if name in seen or name in RESERVED_SHEETS:
            aid.fail("name", "this aid name is taken", name,
                     "a name not used by another aid or sheet kind")
        seen.add(name)


def _aid_row_tile(row: Node, tiles: tuple[str, ...] | None) -> None:
    """A row's tile is one of the game's, and a row shows a tile or an icon, not both."""
    if row.given("tile") and row.ok("tile") and row.given("icon"):
        row.fail("tile", "a row shows a tile or an icon, not both", row["tile"],
                 "either tile or icon")
    else:
        check_reference(row, "tile", tiles)


def icon_names(top: Node) -> tuple[str, ...] | None:
    """The icons features may name: the built-in ones and the tileset's own (None: broken)."""
    own = known_names(top["icons"]) if top.given("icons") else ()
    return None if own is None else ICON_NAMES + own


def check_icons(pieces: Iterable[Node], names: tuple[str, ...] | None) -> None:
    """Every icon a feature of ``pieces`` names is one of ``names``."""
    for piece in pieces:
        for feature in nodes(piece["features"]):
            check_reference(feature, "icon", names)
        reverse = piece.values.get("reverse")
        if isinstance(reverse, Node):  # a two-sided piece's other face
            for feature in nodes(reverse["features"]):
                check_reference(feature, "icon", names)


def _icons(top: Node) -> None:
    """The tileset's own icons: names of their own, and every feature's icon one we know."""
    for icon, _ in repeated(nodes(top["icons"]), "name"):
        icon.fail("name", "two icons share a name", icon["name"], "a name used once")
    for icon in nodes(top["icons"]):
        if icon.ok("name") and icon["name"] in ICON_NAMES:
            icon.fail("name", "a built-in icon has this name; a tileset's icon may not replace "
                      "it", icon["name"], "a name that is not a built-in icon's")
    check_icons((*nodes(top["tiles"]), *nodes(top["components"])), icon_names(top))


STEPS = (_backs, _tiles, _variants, _components, _board, _aids, _pieces, _icons)
