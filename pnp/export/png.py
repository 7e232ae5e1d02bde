"""``pnp export png``: one PNG per design at its true size, a contact sheet, a manifest.

For print shops that take images rather than PDFs, for a web page showing
the pieces, or for other tools: every distinct design (tile fronts, backs,
card and token faces and reverses, the whole board) is one PNG whose pixel
size is its trim size times the resolution, rounded to whole pixels, with the
resolution written into the file. ``<game>-contact.png`` shows every design
of the game in one labelled grid, to check the set at a glance.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

import msgspec
from PIL.Image import Resampling

from pnp.draw.scene import Drawing, Outline, Primitive, Style, Text, rect
from pnp.errors import InputError, Where
from pnp.export.artifacts import Artifact
from pnp.export.designs import GameDesigns
from pnp.export.pieces import Piece, all_pieces
from pnp.export.raster import MAX_PNG_PIXELS, encode, pixels, render
from pnp.input.faces import FontRole
from pnp.model.options import BuildOptions
from pnp.model.paper import Paper
from pnp.model.pieces import piece_box
from pnp.model.tileset import Tileset

if TYPE_CHECKING:
    from PIL import Image

DEFAULT_DPI = 300
CONTACT_DPI = 144  # the contact sheet is for a screen: sharp there, small on disk
COLUMNS = 8
CELL = 96.0  # points: the box a thumbnail fits in
GAP = 10.0
LABEL_SIZE = 7.0  # points, above the 6 pt floor
LINE = LABEL_SIZE * 1.25
LABEL_CHARS = 24  # condensed bold at 7 pt fits this many in a cell


class PngExport(msgspec.Struct, frozen=True):
    """One PNG per design of a game at ``dpi``, with a contact sheet and a manifest."""

    dpi: int = DEFAULT_DPI
    bleed: float = 0.0  # points of art past the trim on every side (the board has none)
    name = "png"
    per_paper = False
    own_job = False
    slow = False

    def folder(self, tileset: Tileset) -> str:
        """The folder of the game's pictures, beside its build folder."""
        return f"{tileset.game}-png"

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        """Every game has designs; refuse a resolution whose largest picture is too big."""
        check_budget(largest(tileset, options), self.dpi)
        return True

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        from concurrent.futures import ThreadPoolExecutor

        pieces = all_pieces(designs, self.bleed)
        images = []
        # Pillow compresses without holding Python's lock, so one picture is encoded
        # on a spare core while the next is drawn; the bytes do not depend on it.
        with ThreadPoolExecutor(max_workers=1) as encoder:
            pending = []
            for piece in pieces:
                images.append(render(piece.drawing, pixels(piece.bled_inches, self.dpi)))
                pending.append(encoder.submit(encode, images[-1], self.dpi))
            artifacts = [Artifact(f"{piece.stem}.png", job.result())
                         for piece, job in zip(pieces, pending, strict=True)]
        game = designs.tileset.game
        contact = f"{game}-contact.png"
        artifacts.append(Artifact(contact, contact_sheet(designs.tileset, pieces, images,
                                                         self.dpi)))
        listing = manifest(designs.tileset, pieces, (self.dpi, self.bleed), contact)
        artifacts.append(Artifact("manifest.json", listing.encode("utf-8")))
        return artifacts


def largest(tileset: Tileset, options: BuildOptions) -> tuple[float, float]:
    """The trim size in points of the game's biggest design (the board, if it has one)."""
    sizes = [tileset.shape.box(tileset.size)]
    sizes += [piece_box(tileset, c) for c in tileset.components if c.count]
    board = GameDesigns(tileset, options).board
    if board is not None:
        sizes.append((board.width, board.height))
    return max(sizes, key=lambda size: size[0] * size[1])


def check_budget(size: tuple[float, float], dpi: int) -> None:
    """Refuse, before drawing anything, a resolution that makes a picture over the budget.

    Names the largest resolution that fits, as ``pnp render`` does.
    """
    width, height = pixels((size[0] / 72, size[1] / 72), dpi)
    if width * height <= MAX_PNG_PIXELS:
        return
    fits = int(dpi * math.sqrt(MAX_PNG_PIXELS / (width * height)))
    while fits > 1 and math.prod(pixels((size[0] / 72, size[1] / 72), fits)) > MAX_PNG_PIXELS:
        fits -= 1
    raise InputError(Where("command line"), "the largest design would be too large a "
                     "picture at this resolution", field="--dpi",
                     found=f"{dpi} dpi, {width} x {height} pixels",
                     allowed=f"at most {MAX_PNG_PIXELS // 1_000_000} megapixels a picture: "
                     f"--dpi {fits} or less for this game")


def manifest(tileset: Tileset, pieces: list[Piece], resolution: tuple[int, float],
             contact: str) -> str:
    """The folder's table of contents: each picture, what it shows, how many, how big.

    ``resolution`` is the dpi and the bleed in points. Sizes are the trim's (what
    the piece measures once cut); ``pixels`` is the picture's, bleed included, and
    ``bleed_pixels`` how much of each side is bleed (37.5 for 1/8 in at 300 dpi: the
    picture is rounded to whole pixels as a whole, not side by side). One picture a line, so the
    file reads and diffs like a list.
    """
    dpi, bleed = resolution
    rows = []
    for piece in pieces:
        width, height = piece.inches
        rows.append({"file": f"{piece.stem}.png", "kind": piece.kind, "piece": piece.name,
                     "count": piece.count, "shape": piece.shape,
                     "inches": [round(width, 4), round(height, 4)],
                     "mm": [round(width * 25.4, 2), round(height * 25.4, 2)],
                     "pixels": list(pixels(piece.bled_inches, dpi)),
                     "bleed_pixels": round(piece.drawing.bleed / 72 * dpi, 2)})
    body = {"game": tileset.game, "folder": PngExport().folder(tileset), "title": tileset.title,
            "dpi": dpi, "bleed_in": round(bleed / 72, 4), "contact": contact, "pieces": []}
    lines = ",\n  ".join(json.dumps(row, ensure_ascii=False) for row in rows)
    text = json.dumps(body, indent=1, ensure_ascii=False)
    return text.replace('"pieces": []', f'"pieces": [\n  {lines}\n ]') + "\n"


def label_lines(piece: Piece) -> list[str]:
    """A design's file name broken at hyphens into at most two short lines, then its count.

    The file name, not the design's key, because that is what the reader will
    look for in the folder.
    """
    lines: list[str] = []
    for word in piece.stem.rsplit("/", 1)[-1].split("-"):
        if lines and len(lines[-1]) + 1 + len(word) <= LABEL_CHARS:
            lines[-1] += "-" + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], (lines[1] + "-" + "-".join(lines[2:]))[:LABEL_CHARS - 1] + "\u2026"]
    lines = [line + "-" for line in lines[:-1]] + lines[-1:]  # a broken name shows its hyphen
    copies = "copy" if piece.count == 1 else "copies"
    return [*lines, f"{piece.kind}, {piece.count} {copies}"]


def _thumbnail(piece: Piece, image: Image.Image) -> tuple[Image.Image, tuple[int, int]]:
    """The design shrunk to fit a cell, and its offset in pixels from the cell's corner.

    Averaging boxes of pixels is the right filter for shrinking several times
    over, and much quicker than a windowed one.
    """
    width, height = piece.bled_inches  # the picture as exported, bleed and all
    scale = min(CELL / (width * 72), CELL / (height * 72)) * CONTACT_DPI / 72
    size = (max(1, round(width * 72 * scale)), max(1, round(height * 72 * scale)))
    cell = round(CELL * CONTACT_DPI / 72)
    return (image.resize(size, Resampling.BOX),
            ((cell - size[0]) // 2, (cell - size[1]) // 2))


def contact_sheet(tileset: Tileset, pieces: list[Piece], images: list[Image.Image],
                  dpi: int) -> bytes:
    """Every design in a grid of labelled cells, with the game's title and the resolution.

    The frame and the labels are a scene like any other; the designs, already
    drawn at full size, are shrunk and laid on it rather than drawn again.
    """
    rows = math.ceil(len(pieces) / COLUMNS)
    pitch = (CELL + GAP, CELL + 4 * LINE + GAP)
    top = 30.0
    width, height = GAP + COLUMNS * pitch[0], top + rows * pitch[1] + GAP
    items: list[Primitive] = [
        Outline(rect(0, 0, width, height), Style(fill="#ffffff")),
        Text(GAP, 20.0, f"{tileset.title}: {len(pieces)} designs, exported at {dpi} dpi",
             12.0, "bold", "start", "#1f1a16"),
    ]
    corners = []
    for index, piece in enumerate(pieces):
        x = GAP + (index % COLUMNS) * pitch[0]
        y = top + (index // COLUMNS) * pitch[1]
        corners.append((x, y))
        items.append(Outline(rect(x, y, CELL, CELL, 4.0), Style(fill="#e4ded3")))
        lines = label_lines(piece)
        for line, text in enumerate(lines):
            font: FontRole = "regular" if line == len(lines) - 1 else "condensed"
            items.append(Text(x + CELL / 2, y + CELL + LINE * (line + 1), text, LABEL_SIZE,
                              font, "middle", "#1f1a16"))
    zoom = CONTACT_DPI / 72
    sheet = render(Drawing(width, height, 0.0, tuple(items)),
                   (round(width * zoom), round(height * zoom)))
    for (x, y), piece, image in zip(corners, pieces, images, strict=True):
        thumb, (dx, dy) = _thumbnail(piece, image)
        sheet.alpha_composite(thumb, (round(x * zoom) + dx, round(y * zoom) + dy))
    return encode(sheet.convert("RGB"), CONTACT_DPI)
