"""Rulebook sources: Markdown in our own words, plus a few directives for generated parts.

A rulebook is ``templates/<game>/rulebook.md``, parsed with markdown-it-py.
Generated content comes from fenced blocks whose info string starts with
``pnp``: ``pnp components`` (the components with counts and thumbnails),
``pnp how-to-print`` (stock, scale, duplex and sheet counts for each paper),
``pnp page-break``, ``pnp readings`` (the chapter of our readings, gathered
from the notes that mark them), and ``pnp diagram`` with a small YAML board. Every problem
in a template is reported with the template's file and line, all of them in one
run: diagram bodies are read against records declared with pnp.input.schema,
and every pawn is checked to stand on a path of its tile (pnp.model.ground).
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

import msgspec
from markdown_it import MarkdownIt

from pnp.draw.diagram import PAWN_COLOURS, MarkKind
from pnp.errors import InputError, Problem, Where, did_you_mean
from pnp.geometry.points import Point
from pnp.geometry.shapes import Shape
from pnp.input.direction import right_to_left
from pnp.input.glyphs import DRAWABLE, undrawable
from pnp.input.load import Mapping, parse_yaml, read_text
from pnp.input.reading import BROKEN, At, Kind, Reading, describe
from pnp.input.schema import (
    Boolean,
    Choice,
    Field,
    GridCell,
    Items,
    ListOf,
    Node,
    Number,
    Record,
    Text,
    Whole,
)
from pnp.input.schema import Point as PointKind
from pnp.model.icons import ICON_NAMES
from pnp.model.placement import TilePlacement
from pnp.model.tileset import TileKind, Tileset
from pnp.rulebook.standing import Pawn, stand_pawns

if TYPE_CHECKING:
    from markdown_it.token import Token

Directive = Literal["components", "how-to-print", "page-break", "diagram", "tiles",
                    "readings"]
DIRECTIVES: tuple[Directive, ...] = get_args(Directive)
BlockKind = Literal["markdown", Directive]  # Markdown text, or what a directive generates
MARKS: tuple[MarkKind, ...] = ("tick", "cross", "closed")
Verdict = Literal["", "legal", "illegal"]
# Bounds on a template, so that no template takes a build past a few seconds:
# one paragraph, heading, list item or table cell (about five pages of text),
# the whole template (about 400 pages), and the blocks that cost the most.
MAX_PARAGRAPH_CHARACTERS = 20_000
MAX_TEMPLATE_CHARACTERS = 1024 * 1024
MAX_TEMPLATE_LINES = 20_000
MAX_HEADING_CHARACTERS = 200
MAX_TABLE_BARS = 20_000  # the | of table rows: cells cost the most memory to parse
BLOCK_LIMITS = {"inline": (5_000, "paragraphs, headings, list items and table cells"),
                "heading_open": (500, "headings"),
                "tr_open": (1_000, "table rows")}

Arrow = tuple[Point, Point]  # from, to
Mark = tuple[Point, MarkKind]  # where, and which mark
Label = tuple[Point, str, str]  # where, text, colour
Piece = tuple[Point, str, float]  # where, which component, how big (a share of a tile)


class Diagram(msgspec.Struct, frozen=True):
    """A small board drawn with the game's own tiles, to show a rule in action."""

    caption: str
    columns: int
    rows: int
    tiles: tuple[TilePlacement, ...] = ()
    pawns: tuple[Pawn, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    marks: tuple[Mark, ...] = ()
    highlight: tuple[tuple[int, int], ...] = ()
    verdict: Verdict = ""  # none, or the badge in the corner
    scale: float = 1.0
    line: int = 0
    labels: tuple[Label, ...] = ()
    numbered: bool = False  # the arrows are steps, numbered 1, 2, 3 in the order given
    title: str = ""  # the panel's name over its board ("Before"); a verdict gives its own
    new: tuple[tuple[int, int], ...] = ()  # squares of tiles just laid: a solid frame
    face_down: tuple[tuple[int, int], ...] = ()  # squares whose tile shows its back
    removed: tuple[int, ...] = ()  # which pawns (by their order) were just taken off
    pieces: tuple[Piece, ...] = ()  # the game's own tokens, cards or markers, where they lie
    board: bool = False  # the game's printed board under the tiles
    reach: tuple[tuple[int, int], ...] = ()  # squares within a piece's reach: tinted
    area: tuple[tuple[int, int], ...] = ()  # a part of the table set aside: a grey tray
    piles: tuple[tuple[int, int], ...] = ()  # squares holding a pile: drawn apart, stacked

    @property
    def heading(self) -> str:
        """The words over the board: the title, else the verdict's own word."""
        return self.title or {"legal": "Legal", "illegal": "Illegal"}.get(self.verdict, "")


class ShownTile(msgspec.Struct, frozen=True):
    """A tile, or a card or token (``piece``), pictured beside the words that explain it:
    Markdown inline text."""

    tile: str
    text: str
    piece: str = ""
    icon: str = ""  # a tile's symbol alone, drawn large (a key to what scores)


class Block(msgspec.Struct, frozen=True):
    """One piece of a rulebook in reading order: Markdown tokens or a directive."""

    kind: BlockKind
    tokens: tuple[Token, ...] = ()
    diagram: Diagram | None = None
    line: int = 0
    shown: tuple[ShownTile, ...] = ()


class Source(msgspec.Struct, frozen=True):
    path: Path
    blocks: tuple[Block, ...] = ()


class Game(msgspec.Struct, frozen=True):
    """What a template's diagrams may name: the tileset's tile kinds and their shape, its
    components (the pieces a diagram may show) and whether it has a board."""

    kinds: tuple[TileKind, ...]
    shape: Shape
    pieces: tuple[str, ...] = ()
    board: bool = False
    icons: tuple[str, ...] = ()  # the symbols a key may show: ours and the tileset's own


def parse(path: Path, tileset: Tileset) -> Source:
    """Parse a rulebook template, checking every directive against the tileset."""
    text = read_text(path, "rulebook template")
    return _parse(path, text, Game(tileset.tiles, tileset.shape, tuple(
        component.name for component in tileset.components), tileset.board is not None,
        ICON_NAMES + tuple(icon.name for icon in tileset.icons)))


# A build checks every template in the main process before typesetting, and
# the worker that typesets a game's book parses its template again (a build
# on one process finds its own parse here). A parse is a pure function
# of the file's text, the tile kinds and their shape, so it is memoised on
# exactly those; a failed parse raises and is not kept.
@functools.lru_cache(maxsize=16)
def _parse(path: Path, text: str, game: Game) -> Source:
    """Blocks in reading order; every mistake in the template is raised together at the end."""
    # no raw HTML: a tag in the template is text to print, never markup to pass on
    # typographer: curly quotes and apostrophes, en and em dashes from -- and ---,
    # and an ellipsis from ..., as a typeset book prints them
    template = Reading(str(path))
    _refuse_huge(template, text)
    template.done()  # markdown-it would take seconds and a gigabyte to parse some of these
    parser = MarkdownIt("commonmark", {"html": False, "typographer": True})
    tokens = parser.enable(["table", "replacements", "smartquotes"]).parse(text)
    _refuse_too_many(template, tokens)
    _refuse_long_headings(template, tokens)
    blocks: list[Block] = []
    pending: list[Token] = []
    for token in tokens:
        info = token.info.strip() if token.type == "fence" else ""
        if info.split()[:1] == ["pnp"]:
            if pending:
                blocks.append(Block("markdown", tuple(pending)))
                pending = []
            blocks.append(_directive(template, token, game))
        else:
            _refuse_images(template, token)
            _refuse_undrawable(template, token)
            _refuse_long(template, token)
            pending.append(token)
    if pending:
        blocks.append(Block("markdown", tuple(pending)))
    template.done()
    return Source(path, tuple(blocks))


def _refuse_images(template: Reading, token: Token) -> None:
    """A Markdown image is an error, not a silent gap: a template is shared text, and
    it may not make pnp open a file; the book's pictures are generated from the tileset."""
    line = token.map[0] + 1 if token.map else 0
    for child in token.children or ():
        if child.type == "image":
            template.report(line, "image", "a rulebook template cannot show an image file",
                            str(child.attrGet("src") or ""),
                            "pictures generated from the tileset: a ```pnp diagram``` block "
                            "or the ```pnp components``` table")


def _refuse_huge(template: Reading, text: str) -> None:
    """What would be costly to parse at all, found before parsing: a template too long,
    or with too many lines or table bars (markdown-it makes three tokens of a cell)."""
    if len(text) > MAX_TEMPLATE_CHARACTERS:
        template.report(0, "text", "this rulebook template is too long to typeset",
                        f"{len(text):,} characters",
                        f"at most {MAX_TEMPLATE_CHARACTERS:,} characters (about 400 pages)")
        return
    lines = text.count("\n") + 1
    if lines > MAX_TEMPLATE_LINES:
        template.report(MAX_TEMPLATE_LINES + 1, "text", "this rulebook template has too many "
                        "lines", f"{lines:,} lines", f"at most {MAX_TEMPLATE_LINES:,} lines")
    bars = text.count("|")
    if bars > MAX_TABLE_BARS:
        extra = next(itertools.islice(re.finditer(r"\|", text), MAX_TABLE_BARS, None))
        template.report(text.count("\n", 0, extra.start()) + 1, "text",
                        "this rulebook template has too many table cells",
                        f"{bars:,} '|' characters, the first extra one here",
                        f"at most {MAX_TABLE_BARS:,} in one rulebook")


def _refuse_too_many(template: Reading, tokens: list[Token]) -> None:
    """Bound what costs the most to typeset: every heading is a contents line and a
    bookmark, every table row is measured again on each page its table spans.
    Each limit is ten times what the longest shipped rulebook uses."""
    counts: dict[str, int] = {}
    for token in tokens:
        if token.type not in BLOCK_LIMITS:
            continue
        counts[token.type] = counts.get(token.type, 0) + 1
        if counts[token.type] == BLOCK_LIMITS[token.type][0] + 1:
            limit, what = BLOCK_LIMITS[token.type]
            template.report(token.map[0] + 1 if token.map else 0, "text",
                            f"this rulebook template has too many {what}",
                            f"more than {limit:,}, the first extra one here",
                            f"at most {limit:,} {what} in one rulebook")


def _refuse_long_headings(template: Reading, tokens: list[Token]) -> None:
    """A heading is a line or two: one longer than a page could not be placed at all."""
    for opening, inline in itertools.pairwise(tokens):
        if opening.type == "heading_open" and len(inline.content) > MAX_HEADING_CHARACTERS:
            template.report(opening.map[0] + 1 if opening.map else 0, "text",
                            "this heading is too long", f"{len(inline.content):,} characters",
                            f"at most {MAX_HEADING_CHARACTERS} characters; put the rest in a "
                            "paragraph under it")


def _refuse_long(template: Reading, token: Token) -> None:
    """A paragraph longer than a few pages is an error: reportlab lays a paragraph that
    runs over a page out again for every page it fills, so one paragraph of a
    million characters would take minutes; a real rule is a few hundred."""
    if token.type != "inline" or len(token.content) <= MAX_PARAGRAPH_CHARACTERS:
        return
    template.report(token.map[0] + 1 if token.map else 0, "text",
                    "this paragraph is too long to typeset",
                    f"{len(token.content):,} characters",
                    f"at most {MAX_PARAGRAPH_CHARACTERS:,} characters (about five pages); "
                    "break it with a blank line")


def _refuse_undrawable(template: Reading, token: Token) -> None:
    """Text our fonts cannot print is an error on its line, never an empty box in the book."""
    if token.type not in ("inline", "fence", "code_block") or not token.map:
        return
    for offset, text in enumerate(token.content.split("\n")):
        problem = undrawable(text)
        if problem is not None:
            template.report(token.map[0] + 1 + offset, "text", problem, text.strip(), DRAWABLE)
        elif right_to_left(text):
            template.report(token.map[0] + 1 + offset, "text",
                            "the rulebook sets its paragraphs left to right, so a Hebrew or "
                            "Arabic line in it would read backwards", text.strip(),
                            "text written left to right here (names, labels and card text "
                            "on the pieces may be Hebrew or Arabic)")


def _directive(template: Reading, token: Token, game: Game) -> Block:
    """One ``pnp`` block; a mistake is reported and the block kept, so reading goes on."""
    line = token.map[0] + 1 if token.map else 0
    words = token.info.split()
    name = words[1] if len(words) > 1 else ""
    directive = next((known for known in DIRECTIVES if known == name), None)
    if directive is None:
        hint = did_you_mean(name, DIRECTIVES)
        template.report(line, "pnp", f"unknown directive{hint}", name or token.info,
                        ", ".join(DIRECTIVES))
        return Block("markdown", line=line)
    if name == "tiles":
        return Block("tiles", shown=_shown_tiles(template, token.content, line, game),
                     line=line)
    if name != "diagram":
        if token.content.strip():
            template.report(line + 1, f"pnp {name}", f"the '{name}' directive takes no body",
                            token.content.strip()[:40], "an empty fenced block")
        return Block(directive, line=line)
    diagram = _diagram(template, token.content, line, game)
    return Block("diagram", diagram=diagram, line=line)


# --- the diagram format ------------------------------------------------------
# Declared once (pnp.input.schema): the same records read every diagram, word
# its errors and generate the tables in docs/rulebook-format.md.

BOARD_LIMIT = 14  # squares a board may span each way; a wider one would not fit the page
_ON_BOARD = "[column, row] (or axial [q, r] on hex boards) with"
SQUARE = GridCell("not a square", f"{_ON_BOARD} whole numbers",
                  "`[column, row]`, two whole numbers", show_value=True, limit=BOARD_LIMIT)
POINT = PointKind("not a square", f"{_ON_BOARD} numbers",
                  "`[column, row]`, two numbers (whole numbers are centres)",
                  -BOARD_LIMIT, BOARD_LIMIT)
BOARD_SIZE = Whole(1, BOARD_LIMIT, "not a board size")
TILE_NAME = Choice(context="tiles", unknown="tile", doc_as="name of a tile of the tileset")
TURN = Whole(-99, 99, "not a number of turns")  # taken modulo the sides; negative: anticlockwise
LABEL_LENGTH = 12  # a label names a row, a column or a level; more would crowd a square
PLACEMENT_FORMS = "[column, row, tile] or {at: [c, r], tile: NAME, turn: N}"


class _Caption(Kind):
    """Any text, even empty: a diagram may go without a caption."""

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, str):
            return at.fail("not text", value, "a caption")
        return value

    def doc(self) -> str:
        return "text (quote it if it contains a colon)"


class _Label(Kind):
    """What is printed on a pawn, as written (``1`` is ``"1"``): room for two characters."""

    def check(self, value: Any, at: At) -> Any:
        label = str(value)
        if isinstance(value, list | dict) or len(label) > 2:
            return at.fail("a pawn label is one or two characters", label,
                           "for example P or B1")
        return label

    def doc(self) -> str:
        return "text of at most two characters, e.g. `P` or `B1`"


class _LabelText(Kind):
    """A few words printed on the board, as written (``1`` is ``"1"``)."""

    def check(self, value: Any, at: At) -> Any:
        text = str(value)
        if isinstance(value, list | dict) or not text.strip() or len(text) > LABEL_LENGTH:
            return at.fail("not a label", text, f"text of 1 to {LABEL_LENGTH} characters")
        return text

    def doc(self) -> str:
        return f"text of at most {LABEL_LENGTH} characters, e.g. `A` or `Level 2`"


class _Verdict(Choice):
    """``legal`` or ``illegal``; an explicit ``""`` means no badge, as leaving it out does."""

    def check(self, value: Any, at: At) -> Any:
        return value if value == "" else super().check(value, at)


class _Nothing(ListOf):
    """A list that may also be written empty (``pawns:`` with nothing after it)."""

    def check(self, value: Any, at: At) -> Any:
        return Items(at.line) if value is None else super().check(value, at)


TILE = Record("rulebook:tile", (
    Field("at", SQUARE, "tiles sit on whole squares", required=True),
    Field("tile", TILE_NAME, "", required=True),
    Field("turn", TURN, "clockwise steps: 90° on square boards, 60° on hex boards", default=0),
    Field("new", Boolean(), "the tile just laid: framed in the accent colour", default=False),
    Field("face-down", Boolean(), "shows the tile's back, as in a draw pile", default=False),
), doc_as="a placed tile")


class _Placement(Kind):
    """A tile placement in either spelling, kept as (square, tile name, turn, new, face
    down); only the mapping may mark a tile new or face down.

    The short list ``[c, r, tile]`` or ``[c, r, tile, turn]`` keeps a board of
    many tiles readable; the mapping is :data:`TILE`. Both are judged by the
    same kinds, so they cannot disagree about what a square or a turn is.
    """

    def check(self, value: Any, at: At) -> Any:
        parts: tuple[Any, ...]
        if isinstance(value, list) and len(value) in (3, 4):
            parts = (SQUARE.check(value[:2], at), TILE_NAME.check(value[2], at),
                     TURN.check(value[3], at) if len(value) == 4 else 0, False, False)
        elif isinstance(value, Mapping):
            node = TILE.check(value, at)
            parts = (node["at"], node["tile"], node["turn"], node["new"], node["face-down"])
        else:
            return at.fail("not a tile placement", value, PLACEMENT_FORMS)
        return BROKEN if any(part is BROKEN for part in parts) else parts

    def doc(self) -> str:
        return "`[column, row, tile]`, `[column, row, tile, turn]` or a placed tile (below)"


PAWN = Record("rulebook:pawn", (
    Field("at", POINT, "a pawn may sit between squares", required=True),
    Field("colour", Choice(tuple(PAWN_COLOURS), problem="not a pawn colour"), "",
          default="black"),
    Field("label", _Label(), "printed on the pawn", default="", default_doc="none"),
    Field("removed", Boolean(), "just taken off the board: drawn faded where it stood",
          default=False),
), doc_as="a pawn")

ARROW = Record("rulebook:arrow", (
    Field("from", POINT, "where the arrow starts", required=True),
    Field("to", POINT, "where its head points", required=True),
), doc_as="an arrow")

LABEL = Record("rulebook:label", (
    Field("at", POINT, "usually an empty square beside the tiles, or a point off the "
          "board's side (the diagram widens to hold the words): labels are not pieces",
          required=True),
    Field("text", _LabelText(), "", required=True),
    Field("colour", Choice(tuple(PAWN_COLOURS), problem="not a label colour"), "",
          default="black"),
), doc_as="a label")

MARK = Record("rulebook:mark", (
    Field("at", POINT, "", required=True),
    Field("mark", Choice(MARKS, problem="not a mark"), "`tick`: allowed here; `cross`: not "
          "allowed here; `closed`: a space closed for good (hatched)", required=True),
), doc_as="a mark")

PIECE = Record("rulebook:piece", (
    Field("at", POINT, "on the board or beside it", required=True),
    Field("piece", Choice(context="pieces", unknown="piece",
                          doc_as="name of a card or token of the tileset"),
          "drawn with its own art, as it prints", required=True),
    Field("size", Number(0.2, 2, "not a usable size"), "across, as a share of a tile",
          default=0.7),
), doc_as="a piece")


def _used_cells(node: Node) -> list[tuple[int, int]] | None:
    """Every square the diagram puts something on, or None if one of them failed its check."""
    tiles, pawns, labels = node["tiles"], node["pawns"], node["labels"]
    squares = (node["highlight"], node["reach"], node["area"], node["piles"])
    if any(part is BROKEN or (isinstance(part, Items) and not part.sound())
           for part in (tiles, pawns, labels, *squares)):
        return None
    if not all(piece.ok("at") for piece in (*pawns, *labels)):
        return None
    return [placed[0] for placed in tiles] + [cell for part in squares for cell in part] + \
        [(round(piece["at"][0]), round(piece["at"][1])) for piece in (*pawns, *labels)]


def _board_size(node: Node) -> None:
    """Columns and rows left out are just enough for every square the diagram uses."""
    cells = None
    for key, index in (("columns", 0), ("rows", 1)):
        if node.given(key):
            continue
        cells = _used_cells(node) if cells is None else cells
        if cells is None:
            node.values[key] = BROKEN
            continue
        size = max((cell[index] for cell in cells), default=0) + 1
        if not 1 <= size <= BOARD_LIMIT:
            node.fail(key, "not a board size", size, f"a {BOARD_SIZE.doc()}")
            size = BROKEN
        node.values[key] = size


def _piles_on_tiles(node: Node) -> None:
    """A pile is drawn as the tile on top of it, so each pile's square holds a tile."""
    tiles, piles = node["tiles"], node["piles"]
    if any(part is BROKEN or (isinstance(part, Items) and not part.sound())
           for part in (tiles, piles)):
        return
    laid = {placed[0] for placed in tiles}
    bare = [list(cell) for cell in piles if cell not in laid]
    if bare:
        node.fail("piles", "a pile is drawn as its top tile, and these squares have none",
                  bare, "squares that the tiles list puts a tile on")


DIAGRAM = Record("rulebook:diagram", (
    Field("caption", _Caption(), "printed under the board", default="", default_doc="none"),
    Field("columns", BOARD_SIZE, "board size in squares", default_doc="just enough for "
          "every square used"),
    Field("rows", BOARD_SIZE, "", default_doc="just enough for every square used"),
    Field("tiles", _Nothing(_Placement(), "tile placements",
                            doc_as="list of tiles: `[column, row, tile]`, "
                            "`[column, row, tile, turn]` or `{at: [c, r], tile: NAME, turn: N}` "
                            "(below)", most=4 * BOARD_LIMIT ** 2),
          "drawn with the tileset's own art", default=(),
          default_doc="none"),
    Field("pawns", _Nothing(PAWN, "pawns", doc_as="list of pawns (below)", most=100), "",
          default=(), default_doc="none"),
    Field("arrows", _Nothing(ARROW, "arrows", doc_as="list of arrows (below)", most=100), "",
          default=(), default_doc="none"),
    Field("labels", _Nothing(LABEL, "labels", doc_as="list of labels (below)", most=100),
          "text on the board, such as row letters or level numbers", default=(),
          default_doc="none"),
    Field("marks", _Nothing(MARK, "marks", doc_as="list of marks (below)", most=100),
          "a tick or a cross on a square", default=(), default_doc="none"),
    Field("highlight", _Nothing(SQUARE, "squares", doc_as="list of squares `[column, row]`",
                                most=4 * BOARD_LIMIT ** 2),
          "a dashed outline: a target, an empty square a move or a dig aims at", default=(),
          default_doc="none"),
    Field("reach", _Nothing(SQUARE, "squares", doc_as="list of squares `[column, row]`",
                            most=4 * BOARD_LIMIT ** 2),
          "tinted: the squares within a piece's reach", default=(), default_doc="none"),
    Field("area", _Nothing(SQUARE, "squares", doc_as="list of squares `[column, row]`",
                           most=4 * BOARD_LIMIT ** 2),
          "one grey tray around them: a part of the table set aside, such as a pit",
          default=(), default_doc="none"),
    Field("piles", _Nothing(SQUARE, "squares", doc_as="list of squares `[column, row]`",
                            most=4 * BOARD_LIMIT ** 2),
          "squares whose tile tops a pile: drawn a little smaller, apart from its "
          "neighbours, with the edges of the tiles under it showing", default=(),
          default_doc="none"),
    Field("verdict", _Verdict(("legal", "illegal"), problem="not a verdict"),
          "a tick (legal) or a cross (illegal) beside the board", default="",
          default_doc="no badge"),
    Field("scale", Number(0.3, 2, "not a usable scale"), "how big the board is drawn",
          default=1.0),
    Field("numbered", Boolean(), "the arrows are steps: each gets its number, 1 for the "
          "first listed, for a caption that tells them in order", default=False),
    Field("title", Text(24, "a panel's name"), "printed over the board: `Before`, `After`; "
          "a diagram with a verdict is titled Legal or Illegal unless it says otherwise",
          default="", default_doc="its verdict's word, or none"),
    Field("pieces", _Nothing(PIECE, "pieces", doc_as="list of pieces (below)", most=100),
          "the game's own cards, tokens and markers, drawn as they print", default=(),
          default_doc="none"),
    Field("board", Boolean(), "the game's printed board under the tiles (games with a "
          "board)", default=False),
), rules=(_board_size, _piles_on_tiles), doc_as="a diagram")

SHOWN_MOST = 12  # tiles one ``pnp tiles`` block pictures: about a page of them

def _tile_or_piece(node: Node) -> None:
    """An entry pictures one thing: a tile, a piece or a symbol, never two, not none."""
    given = [name for name in ("tile", "piece", "icon") if node.given(name)]
    if len(given) != 1:
        node.fail("tile", "an entry shows a tile, a piece or a symbol",
                  " and ".join(given) if given else "none of them",
                  "one of tile: NAME, piece: NAME or icon: NAME")


SHOWN_TILE = Record("rulebook:shown-tile", (
    Field("tile", TILE_NAME, "drawn at the left, about an inch across", default="",
          default_doc="none: a piece instead"),
    Field("piece", Choice(context="pieces", unknown="piece",
                          doc_as="name of a card or token of the tileset"),
          "a card or token instead of a tile, drawn the same way", default="",
          default_doc="none"),
    Field("icon", Choice(context="icons", unknown="icon", doc_as="an icon name"),
          "a tile's symbol alone instead, drawn large on a square of tunnel floor (a key "
          "to the symbols that score)", default="", default_doc="none"),
    Field("text", Text(1000, "the words beside the tile"), "Markdown: **bold** and *italic* "
          "work", required=True),
), rules=(_tile_or_piece,), doc_as="a tile shown")
TILES = Record("rulebook:tiles", (
    Field("tiles", ListOf(SHOWN_TILE, "tiles shown", ("a tiles block shows at least one tile",
                                                      "one or more tiles"),
                          doc_as="list of tiles shown (below)", most=SHOWN_MOST),
          "in the order given", required=True),
), doc_as="a tiles block")
RECORDS = (DIAGRAM, TILE, PAWN, LABEL, ARROW, MARK, PIECE, TILES, SHOWN_TILE)


def _diagram(template: Reading, body: str, line: int, game: Game) -> Diagram | None:
    """Read a diagram's YAML body against :data:`DIAGRAM`; None if it has mistakes.

    Its lines count from the fence, whose line is the reading's offset, so
    every problem names the template's own line. The problems join the
    template's, so the mistakes of every diagram are reported in one run.
    """
    data = _diagram_body(template, body, line)
    if data is None:
        return None
    kinds, shape = game.kinds, game.shape
    reading = Reading(template.source, offset=line, tiles=tuple(kind.name for kind in kinds),
                      pieces=game.pieces)
    node = DIAGRAM.check(data, At(reading, data.line, "diagram"))
    if not reading.problems and node["board"] and not game.board:
        node.fail("board", "this game has no board to show", True, "false, or no board field")
    if reading.problems:
        template.problems.extend(reading.problems)
        return None
    tiles = tuple(TilePlacement(name, cell, turn % shape.sides)
                  for cell, name, turn, *_ in node["tiles"])
    face_down = tuple(cell for cell, _, _, _, down in node["tiles"] if down)
    pawns = stand_pawns(node["pawns"], tiles, kinds, shape, face_down)
    template.problems.extend(reading.problems)
    return None if reading.problems else _made_diagram(node, tiles, pawns, face_down, line)


def _made_diagram(node: Node, tiles: tuple[TilePlacement, ...], pawns: tuple[Pawn, ...],
                  face_down: tuple[tuple[int, int], ...], line: int) -> Diagram:
    """The diagram a checked body describes."""
    return Diagram(node["caption"], node["columns"], node["rows"], tiles, pawns,
                   tuple((arrow["from"], arrow["to"]) for arrow in node["arrows"]),
                   tuple((mark["at"], mark["mark"]) for mark in node["marks"]),
                   tuple(node["highlight"]), node["verdict"], node["scale"], line,
                   tuple((label["at"], label["text"], label["colour"])
                         for label in node["labels"]), node["numbered"], node["title"],
                   tuple(cell for cell, _, _, new, _ in node["tiles"] if new), face_down,
                   tuple(number for number, pawn in enumerate(node["pawns"])
                         if pawn["removed"]),
                   tuple((piece["at"], piece["piece"], piece["size"])
                         for piece in node["pieces"]), node["board"],
                   tuple(node["reach"]), tuple(node["area"]), tuple(node["piles"]))


def _shown_tiles(template: Reading, body: str, line: int, game: Game) -> tuple[ShownTile, ...]:
    """Read a ``pnp tiles`` body against :data:`TILES`; nothing if it has mistakes."""
    data = _diagram_body(template, body, line, "pnp tiles", TILES)
    if data is None:
        return ()
    reading = Reading(template.source, offset=line,
                      tiles=tuple(kind.name for kind in game.kinds), pieces=game.pieces,
                      icons=game.icons)
    node = TILES.check(data, At(reading, data.line, "tiles"))
    template.problems.extend(reading.problems)
    if reading.problems:
        return ()
    return tuple(ShownTile(shown["tile"], shown["text"], shown["piece"], shown["icon"])
                 for shown in node["tiles"])


def _diagram_body(template: Reading, body: str, line: int, directive: str = "pnp diagram",
                  record: Record = DIAGRAM) -> Mapping | None:
    """The body as a YAML mapping, or None once reported; YAML errors keep the template's line."""
    try:
        data = parse_yaml(body, template.source) if body.strip() else None
    except InputError as error:
        for problem in error.problems:
            template.report(line + problem.where.line, directive, problem.problem,
                            allowed="a YAML mapping")
        return None
    if not isinstance(data, Mapping):
        found = "nothing" if data is None else describe(data)
        template.problems.append(Problem(Where(template.source, line), f"'{directive}' needs "
                                         "a YAML body", directive, found,
                                         "fields: " + ", ".join(record.names)))
        return None
    return data
