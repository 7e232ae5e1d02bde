"""The records of what a tileset prints besides its tiles and pieces: a hexagonal board
with its marked spaces, and one-page player aids with their sections and rows.

They are declared here, once, as the tileset's other records are in
:mod:`pnp.input.tileset`, which reads them; the schema writes their docs.
"""

from __future__ import annotations

from pnp.input.reading import describe
from pnp.input.schema import (
    Boolean,
    Choice,
    Colour,
    Field,
    GridCell,
    ListOf,
    Name,
    Node,
    Record,
    Text,
    Whole,
)
from pnp.model.icons import ICON_NAMES

NAME = Name()


SPACE = Record("tileset:space", (
    Field("label", Text(20), "the name printed beside the legend", required=True),
    Field("colour", Colour(), "the ring's colour, a player's colour", required=True),
    Field("cells", ListOf(GridCell("not an axial cell", "[q, r] with whole numbers",
                                   "`[q, r]`"), "[q, r] axial cells",
                          doc_as="list of axial cells `[q, r]` of whole numbers", most=1200),
          "`r` grows downward; every cell must lie on the board", required=True),
    Field("short-game", Boolean(), "a setup space of the short game: on the inner board, "
          "drawn with a double ring", default=False),
    Field("icon", Choice(ICON_NAMES, doc_as="an icon name"), "drawn on each of these spaces, "
          "such as the symbol on that player's pieces, so the spaces differ by shape as well "
          "as by colour", default="", default_doc="the label's first letter"),
), doc_as="a marked space (below)")


def _inner_inside(board: Node) -> None:
    """The inner board is outlined inside the whole board, so it is smaller."""
    if board.ok("side", "inner") and board.given("inner") and board["inner"] >= board["side"]:
        board.fail("inner", "not a usable number", describe(board["inner"]),
                   f"a whole number from 1 to {board['side'] - 1}")


BOARD = Record("tileset:board", (
    Field("name", NAME, "its file name; unique among tiles and pieces", default="board"),
    Field("title", Text(40, one_line=True), "printed on the assembly guide",
          default_doc="the tileset's `title`"),
    Field("side", Whole(2, 20), "spaces along each edge (7 gives 127 spaces)", required=True),
    Field("inner", Whole(1, 19), "outline an inner board of this side (short game); smaller "
          "than `side`", default=0, default_doc="none"),
    Field("spaces", ListOf(SPACE, "marked spaces", most=100),
          "setup spaces in the players' colours",
          default_doc="none"),
), rules=(_inner_inside,), doc_as="a hexagonal board (below)")

ROW = Record("tileset:row", (
    Field("icon", Choice(ICON_NAMES, doc_as="an icon name (see features)"),
          "drawn in the row's first column, as on the tiles", default=""),
    Field("badge", Text(4, numbers=True), "a number or word in a small disc on the icon",
          default=""),
    Field("tile", NAME, "one of the game's tiles, drawn small in the row's first column as "
          "it prints (an event tile, a tile to learn to read); instead of an icon",
          default=""),
    Field("name", Text(40, numbers=True), "what the row is about, set bold", required=True),
    Field("text", Text(160, numbers=True, left_to_right=True),
          "what it does or scores, in a few words", required=True),
), doc_as="a row (below)")


def _rows_or_text(section: Node) -> None:
    """A section with neither rows nor text would print a heading over nothing."""
    if not section.given("rows") and not section.given("text"):
        section.fail("", "this section has nothing under its heading", "neither rows nor text",
                     "rows: a list of rows, or text: short lines")


SECTION = Record("tileset:section", (
    Field("heading", Text(80, one_line=True), "the section's heading", required=True),
    Field("rows", ListOf(ROW, "rows", doc_as="list of rows (below)", most=30),
          "a table: icon, name, what it does or scores", default_doc="none"),
    Field("text", Text(3000, left_to_right=True), "short lines of rules, each printed as a "
          "row of its own after "
          "the table; a leading hyphen is dropped; a section needs rows, text or both",
          default=""),
), rules=(_rows_or_text,), doc_as="a section")

AID = Record("tileset:aid", (
    Field("name", NAME, "its file name; not `tiles`, `cards`, `tokens` or `board`",
          required=True),
    Field("title", Text(80, one_line=True), "the page's title", required=True),
    Field("sections", ListOf(SECTION, "sections", most=40), "headings over tables and rules",
          required=True),
), doc_as="a player aid (below)")
