"""``pnp export tts``: deck sheets and a saved object for Tabletop Simulator.

Tabletop Simulator (TTS) builds a deck from one picture holding a grid of
card faces, at most 10 across and 7 down, and one picture for the backs. A
saved object (a JSON file in TTS's "Saved Objects" folder) says where those
pictures are (``FaceURL``, ``BackURL``), how the grid is cut (``NumWidth``,
``NumHeight``) and which cells the deck holds (``DeckIDs``: deck number times
100 plus the cell's index, once per copy, with one ``ContainedObjects`` card
each, which is where every card gets its name).

Where the hidden face goes. TTS shows another player's card in hand as the
"hidden" image. With ``BackIsHidden`` false, that image is the last cell of
the face sheet, bottom right of the grid; with it true, TTS uses the back
picture instead. Source: the TTS scripting reference, custom objects, "Custom
Deck", parameter ``back_is_hidden`` (false unless set), which chooses between
the back and the face sheet's last slot as the hidden image
(https://api.tabletopsimulator.com/custom-game-objects/). We keep it false
and reserve that last cell, so a grid of 70 cells holds at most 69 designs,
and put the deck's shared back there: a hidden card looks like the back of
the deck it came from, whatever its own reverse shows.

Why decks, for tiles too. These games draw tiles blind from a shuffled
supply, which is what a TTS deck does (shuffle, draw, deal, search); a
``Custom_Tile`` is one picture per object and would need 90 objects that do
not shuffle face down. Tiles are decks of square (``Type`` 1) or hex (3)
cards; round tokens are circle cards (4), so they stack and shuffle too.
Each copy in a deck is its own card, named after its piece.

One scale for everything. A TTS card's height (its picture's up-down side,
along the table) is in proportion to its scale, and its width follows from
its picture's shape: TTS's own poker cards are scale 1, 3.5 in tall, and a
saved game's landscape cards at scale 1 (Clank Legacy's, 973 x 675 pixels)
are 3.5 in tall and 5 in wide. So every deck is scaled by its height in
inches over a poker card's 3.5: for an upright or square card that is its
long side, for a landscape one (a wide board) its short side. The board is
a card too (a locked one, of the whole board picture, kept out of hands),
scaled by the same rule, so a tile is the size of a board space whatever
TTS's unit is; the tiles' pictures and the board's spaces are drawn from the
same shape, so hexes point the same way. A ``Custom_Board`` would be sized from its picture
by a rule TTS does not publish.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import msgspec
from PIL import Image

from pnp.draw.scene import Drawing
from pnp.export.artifacts import Artifact
from pnp.export.designs import GameDesigns
from pnp.export.pieces import Piece, board_pieces, component_pieces, shared_back, tile_pieces
from pnp.export.raster import encode, render
from pnp.model.options import BuildOptions
from pnp.model.paper import Paper
from pnp.model.pieces import piece_box, piece_cut
from pnp.model.tileset import Component, Tileset

if TYPE_CHECKING:
    from PIL import Image

COLUMNS, ROWS = 10, 7  # the largest grid TTS cuts a deck sheet into
MAX_PIXELS_ACROSS = 4096  # TTS's texture limit, for the sheet's width and its height
FACES_PER_SHEET = COLUMNS * ROWS - 1  # the last cell holds the hidden face
FACE_DPI = 300  # at most; less where ten faces across would pass the limit
POKER_INCHES = 3.5  # the long side of a TTS card at scale 1: a poker card
CARD_TYPES = {"rect": 1, "square": 1, "round": 4, "hex-pointy": 3, "hex-flat": 3}
SPACING = 4.0  # TTS units between the objects laid out when the saved object spawns
THUMBNAIL = 256  # pixels across the saved object's picture


def plain_name(tileset: Tileset, piece: Piece) -> str:
    """A piece's id in words: ``gold-nugget`` is called "Gold nugget"."""
    words = piece.name.replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


Namer = Callable[[Tileset, Piece], str]


class Deck(msgspec.Struct, frozen=True):
    """One TTS deck: its designs, the back or reverses, and the face it hides behind.

    ``reverses`` holds each design's own reverse when the designs differ on the
    back (``UniqueBack``), else it is empty and ``back`` is every card's back.
    """

    slug: str
    title: str
    faces: tuple[Piece, ...]
    back: Drawing
    shape: str
    reverses: tuple[Drawing, ...] = ()

    @property
    def copies(self) -> int:
        return sum(piece.count for piece in self.faces)

    @property
    def inches(self) -> tuple[float, float]:
        return self.faces[0].inches


class Sheet(msgspec.Struct, frozen=True):
    """A grid of faces cut by TTS: ``deck.faces[start:start + count]``, then the hidden one."""

    deck: Deck
    number: int  # the CustomDeck key, unique in the saved object
    start: int
    count: int

    @property
    def grid(self) -> tuple[int, int]:
        """Columns and rows: just enough cells for the faces and the hidden face."""
        cells = self.count + 1
        columns = min(COLUMNS, cells)
        return columns, math.ceil(cells / columns)

    @property
    def hidden(self) -> int:
        """The index of the last cell, where TTS looks for the hidden face."""
        columns, rows = self.grid
        return columns * rows - 1


def face_pixels(deck: Deck) -> tuple[int, int]:
    """The pixel size of every face of a deck: up to 300 dpi, and no sheet over the limit."""
    width, height = deck.inches
    columns, rows = Sheet(deck, 0, 0, min(len(deck.faces), FACES_PER_SHEET)).grid
    dpi = min(FACE_DPI, MAX_PIXELS_ACROSS / (columns * width),
              MAX_PIXELS_ACROSS / (rows * height))
    return max(1, math.floor(width * dpi)), max(1, math.floor(height * dpi))


def _component_groups(tileset: Tileset) -> dict[tuple[str, str, str, str], list[Component]]:
    """Cards and tokens that share a kind, cut, size and back: one deck each."""
    groups: dict[tuple[str, str, str, str], list[Component]] = {}
    for component in tileset.components:
        if component.count:
            width, height = piece_box(tileset, component)
            key = (component.kind, piece_cut(tileset, component).name,
                   f"{width:.2f}x{height:.2f}", component.back)
            groups.setdefault(key, []).append(component)
    return groups


def tile_decks(designs: GameDesigns) -> list[Deck]:
    """One deck of tiles for each back (Gold Mine's entrance has a back of its own)."""
    tileset = designs.tileset
    pieces = tile_pieces(designs)
    fronts = [piece for piece in pieces if piece.kind == "tile"]
    backs = [piece for piece in pieces if piece.kind == "back"]
    decks = []
    for back in backs:
        name = back.name.removeprefix("back:")
        faces = tuple(p for p in fronts if tileset.tile(p.name).back == name)
        suffix = f" ({name.replace('-', ' ')})" if len(backs) > 1 else ""
        slug = f"tiles-{name}" if len(backs) > 1 else "tiles"
        decks.append(Deck(slug, f"{tileset.title} tiles{suffix}", faces, back.drawing,
                          back.shape))
    return decks


def component_decks(designs: GameDesigns) -> list[Deck]:
    """One deck for each kind, cut, size and back of cards and tokens.

    Pieces with reverses of their own make a deck with a sheet of backs
    (``UniqueBack``); the others share one back picture.
    """
    tileset = designs.tileset
    faces = {p.name: p for p in component_pieces(designs) if p.kind != "back"}
    groups = _component_groups(tileset)
    decks: list[Deck] = []
    for (kind, cut, _, back), members in groups.items():
        same_kind = sum(1 for key in groups if key[0] == kind)
        suffix = f" ({back.replace('-', ' ')})" if same_kind > 1 else ""
        slug = f"{kind}s-{back}"
        if any(deck.slug == slug for deck in decks):
            slug += f"-{len(decks) + 1}"
        own = any(c.reverse is not None for c in members)
        reverses = tuple(designs.flat_faces[c.name][1] for c in members) if own else ()
        decks.append(Deck(slug, f"{tileset.title} {kind}s{suffix}",
                          tuple(faces[c.name] for c in members),
                          shared_back(tileset, members[0]), cut, reverses))
    return decks


def plan_decks(designs: GameDesigns) -> list[Deck]:
    """Tiles by back, then cards and tokens by kind, cut, size and back."""
    return tile_decks(designs) + component_decks(designs)


def plan_sheets(decks: list[Deck]) -> list[list[Sheet]]:
    """Each deck's sheets, numbered from 1 across the whole saved object."""
    number, planned = 1, []
    for deck in decks:
        sheets = []
        for start in range(0, len(deck.faces), FACES_PER_SHEET):
            count = min(FACES_PER_SHEET, len(deck.faces) - start)
            sheets.append(Sheet(deck, number, start, count))
            number += 1
        planned.append(sheets)
    return planned


def sheet_image(sheet: Sheet, cells: list[Image.Image], hidden: Image.Image,
                size: tuple[int, int]) -> bytes:
    """One deck sheet: faces row by row from the top left, the hidden face in the last cell."""
    columns, rows = sheet.grid
    image = Image.new("RGBA", (columns * size[0], rows * size[1]), (0, 0, 0, 0))
    for index, png in [*enumerate(cells), (sheet.hidden, hidden)]:
        image.paste(png, ((index % columns) * size[0], (index // columns) * size[1]))
    return encode(image)


def thumbnail(face: Image.Image) -> bytes:
    """The picture TTS shows beside a saved object of the same name: its first piece,
    in a square of ``THUMBNAIL`` pixels."""
    scale = THUMBNAIL / max(face.size)
    small = face.resize((max(1, round(face.width * scale)), max(1, round(face.height * scale))),
                        Image.Resampling.BOX)
    square = Image.new("RGBA", (THUMBNAIL, THUMBNAIL), (0, 0, 0, 0))
    square.alpha_composite(small, ((THUMBNAIL - small.width) // 2,
                                   (THUMBNAIL - small.height) // 2))
    return encode(square)


def guid(game: str, what: str) -> str:
    """A six-hex-digit object id, the same on every export (TTS renumbers clashes)."""
    return hashlib.sha256(f"{game}/{what}".encode()).hexdigest()[:6]


def transform(position: int, scale: float, face_down: bool) -> dict[str, float]:
    """Where an object spawns (in a row, ``SPACING`` apart) and its scale."""
    return {"posX": position * SPACING, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": scale, "scaleY": 1.0,
            "scaleZ": scale}


def card_scale(inches: tuple[float, float]) -> float:
    """A card's scale: its height against a poker card's, which TTS shows at scale 1 (TTS
    sets a card's height by its scale and its width by its picture's shape)."""
    return round(inches[1] / POKER_INCHES, 4)


class TtsExport(msgspec.Struct, frozen=True):
    """Deck sheets, backs, the board picture and a TTS saved object for one game.

    Image addresses are ``url_base`` followed by the file name; without one they
    are ``file://`` addresses of the files in ``out_dir``, where the export puts
    them (``out_dir`` must then be absolute).
    """

    out_dir: str = ""
    url_base: str = ""
    names: Namer = plain_name
    name = "tts"
    per_paper = False
    own_job = False
    slow = False

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        return True

    def folder(self, tileset: Tileset) -> str:
        return f"{tileset.game}-tts"

    def address(self, tileset: Tileset, file: str) -> str:
        """Where TTS fetches ``file`` from: the web folder given, else the file itself.

        Always a valid URL whatever the folder or file is called: a name's spaces,
        ``#``, ``%`` and letters beyond ASCII are percent-encoded (a game file name is
        ours, but a mix's name and the output folder are the designer's)."""
        if self.url_base:
            return self.url_base + quote(file)
        return (Path(self.out_dir) / self.folder(tileset) / file).as_uri()

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        tileset = designs.tileset
        writer = _Writer(self, tileset)
        decks = plan_decks(designs)
        planned = plan_sheets(decks)
        for deck, sheets in zip(decks, planned, strict=True):
            writer.deck(deck, sheets)
        after = 1 + sum(len(sheets) for sheets in planned)  # the next free deck number
        for piece in board_pieces(designs):
            writer.board(piece, after)
        return writer.finish()


class _Writer:
    """Collects one game's pictures and TTS objects while its decks are written."""

    def __init__(self, export: TtsExport, tileset: Tileset) -> None:
        self.export = export
        self.tileset = tileset
        self.files: dict[str, bytes] = {}
        self.objects: list[dict[str, Any]] = []
        self.listing: list[dict[str, Any]] = []
        self.first_face: Image.Image | None = None  # becomes the saved object's picture

    def _file(self, name: str, data: bytes) -> str:
        file = f"{self.tileset.game}-{name}.png"
        self.files[file] = data
        return file

    def deck(self, deck: Deck, sheets: list[Sheet]) -> None:
        size = face_pixels(deck)
        faces = [render(piece.drawing, size) for piece in deck.faces]
        self.first_face = self.first_face or faces[0]
        back = render(deck.back, size)
        back_file = self._file(f"{deck.slug}-back", encode(back))
        reverses = [render(drawing, size) for drawing in deck.reverses]
        entries: dict[str, dict[str, Any]] = {}
        for sheet in sheets:
            part = f"-{sheet.number}" if len(sheets) > 1 else ""
            cells = slice(sheet.start, sheet.start + sheet.count)
            face_file = self._file(f"{deck.slug}-faces{part}",
                                   sheet_image(sheet, faces[cells], back, size))
            back_url = self.export.address(self.tileset, back_file)
            if reverses:
                back_url = self.export.address(self.tileset, self._file(
                    f"{deck.slug}-backs{part}", sheet_image(sheet, reverses[cells], back, size)))
            columns, rows = sheet.grid
            entries[str(sheet.number)] = {
                "FaceURL": self.export.address(self.tileset, face_file), "BackURL": back_url,
                "NumWidth": columns, "NumHeight": rows, "BackIsHidden": False,
                "UniqueBack": bool(reverses), "Type": CARD_TYPES.get(deck.shape, 0)}
        self.objects.append(self._deck_object(deck, sheets, entries))
        self.listing.append({"deck": deck.title, "designs": len(deck.faces),
                             "cards": deck.copies, "face_pixels": list(size),
                             "back": back_file, "sheets": list(entries)})

    def _deck_object(self, deck: Deck, sheets: list[Sheet],
                     entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """A TTS Deck of one card per copy (a lone Card when there is only one copy)."""
        place = transform(len(self.objects), card_scale(deck.inches), face_down=True)
        cards: list[dict[str, Any]] = []
        for sheet in sheets:
            for offset in range(sheet.count):
                piece = deck.faces[sheet.start + offset]
                card_id = sheet.number * 100 + offset
                card = {"Name": "Card", "Transform": place, "Nickname":
                        self.export.names(self.tileset, piece), "Description": piece.name,
                        "CardID": card_id, "CustomDeck": {str(sheet.number):
                                                          entries[str(sheet.number)]}}
                cards += [{**card, "GUID": guid(self.tileset.game, f"{deck.slug}/{card_id}/{n}")}
                          for n in range(piece.count)]
        if len(cards) == 1:
            return {**cards[0], "Transform": place}
        return {"Name": "Deck", "Transform": place, "Nickname": deck.title, "Description": "",
                "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": entries,
                "ContainedObjects": cards, "GUID": guid(self.tileset.game, deck.slug),
                "SidewaysCard": False, "Hands": True}

    def board(self, piece: Piece, number: int) -> None:
        """The board as one picture at up to 300 dpi, no side over the texture limit, on a
        locked card of its own (deck ``number``): a card, like the tiles, so that both are
        sized by the one rule of :func:`card_scale` and a tile covers a space exactly."""
        width, height = piece.inches
        dpi = min(FACE_DPI, MAX_PIXELS_ACROSS / width, MAX_PIXELS_ACROSS / height)
        size = (math.floor(width * dpi), math.floor(height * dpi))
        file = self._file(f"board-{piece.name}", encode(render(piece.drawing, size)))
        title = self.tileset.board.title if self.tileset.board else piece.name
        address = self.export.address(self.tileset, file)
        scale = card_scale(piece.inches)
        self.objects.append({
            "Name": "Card", "Transform": {**transform(0, scale, False),
                                          "posZ": SPACING * (1.0 + scale)},
            "Nickname": title, "Description": piece.name, "Tags": ["board"],
            "Locked": True, "Hands": False,
            "SidewaysCard": False, "GUID": guid(self.tileset.game, "board"),
            "CardID": number * 100,
            "CustomDeck": {str(number): {
                "FaceURL": address, "BackURL": address, "NumWidth": 1, "NumHeight": 1,
                "BackIsHidden": False, "UniqueBack": False, "Type": CARD_TYPES["rect"]}}})
        self.listing.append({"board": title, "file": file, "pixels": list(size),
                             "scale": scale})

    def finish(self) -> list[Artifact]:
        """The pictures, the saved object and a manifest naming what is where."""
        game = self.tileset.game
        saved = {"SaveName": self.tileset.title, "GameMode": "", "Date": "", "Table": "",
                 "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
                 "LuaScriptState": "", "ObjectStates": self.objects}
        manifest = {"game": game, "folder": self.export.folder(self.tileset),
                    "title": self.tileset.title, "saved_object": f"{game}.json",
                    "contents": self.listing}
        pictures = [*(Artifact(name, data) for name, data in self.files.items())]
        if self.first_face is not None:
            pictures.append(Artifact(f"{game}.png", thumbnail(self.first_face)))
        return [*pictures,
                Artifact(f"{game}.json", (json.dumps(saved, indent=1, ensure_ascii=False)
                                          + "\n").encode("utf-8")),
                Artifact("manifest.json", (json.dumps(manifest, indent=1, ensure_ascii=False)
                                           + "\n").encode("utf-8"))]
