"""Every distinct printed design of a game as a piece: what it is, how many, how big.

Image exports (one PNG per design, Tabletop Simulator decks) need the same
list the sheets draw, but flat: each tile front, each back, each card and
token face and each reverse exactly once, with the number of physical copies
it stands for and its trim size. Designs come from :class:`GameDesigns`, so a
piece is drawn once for a whole export and the art is the sheets' art.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from pnp.draw.art import design_back, design_tile
from pnp.draw.components import design_component, design_reverse
from pnp.draw.scene import Drawing
from pnp.export.designs import GameDesigns
from pnp.export.svg import num
from pnp.model.pieces import piece_box, piece_cut, reverse_key
from pnp.model.tileset import Component, Tileset


class Piece(msgspec.Struct, frozen=True):
    """One design and the copies of it a game has.

    ``kind`` is tile, card, token, back or board; ``name`` the design's id as
    ``pnp render`` accepts it (a tile or component name, ``NAME:reverse``,
    ``back:NAME`` or a shared back's key); ``stem`` a file name without
    suffix, unique within the game; ``shape`` the cut (square, hex-pointy,
    rect, round...) that tells a table simulator what outline to give it.
    """

    kind: str
    name: str
    stem: str
    count: int
    drawing: Drawing
    shape: str

    @property
    def inches(self) -> tuple[float, float]:
        """Trim width and height in inches: what the piece measures once cut."""
        return self.drawing.width / 72.0, self.drawing.height / 72.0

    @property
    def bled_inches(self) -> tuple[float, float]:
        """Width and height in inches with the drawing's bleed on every side: a picture's."""
        grow = 2 * self.drawing.bleed
        return (self.drawing.width + grow) / 72.0, (self.drawing.height + grow) / 72.0


def tile_pieces(designs: GameDesigns, bleed: float = 0.0) -> list[Piece]:
    """Printed tile fronts, then the backs they use, each back counted once per tile;
    drawn ``bleed`` points past the trim when asked."""
    tileset = designs.tileset
    printed = [tile for tile in tileset.tiles if tile.count]
    shape = tileset.shape.name
    width, height = tileset.shape.box(tileset.size)
    pieces = [Piece("tile", tile.name, f"tiles/{tile.name}", tile.count,
                    design_tile(tileset, tile, bleed) if bleed else designs.tile(tile.name),
                    shape) for tile in printed]
    for back in tileset.backs:
        count = sum(tile.count for tile in printed if tile.back == back.name)
        if count:
            drawing = design_back(tileset, back, width, height, bleed) if bleed else \
                designs.flat_backs[back.name]
            pieces.append(Piece("back", f"back:{back.name}", f"backs/{back.name}", count,
                                drawing, shape))
    return pieces


def shared_back(tileset: Tileset, component: Component) -> Drawing:
    """The back the component's family shares, even for a piece with a reverse of its own.

    A table simulator shows this side of a hidden card: a reverse that differs
    from piece to piece would give away which card it is.
    """
    return design_reverse(tileset, replace(component, reverse=None))


def _back_stem(tileset: Tileset, component: Component) -> str:
    """``backs/token-back-round-72x72pt``: a shared back named by its back, cut and size."""
    width, height = piece_box(tileset, component)
    cut = piece_cut(tileset, component).name
    return f"backs/{component.back}-{cut}-{num(round(width, 2))}x{num(round(height, 2))}pt"


def component_pieces(designs: GameDesigns, bleed: float = 0.0) -> list[Piece]:
    """Card and token faces, then each reverse once (own reverses and shared backs);
    drawn ``bleed`` points past the trim when asked."""
    tileset = designs.tileset
    faces: list[Piece] = []
    reverses: dict[str, Piece] = {}
    for component in tileset.components:
        if not component.count:
            continue
        cut = piece_cut(tileset, component).name
        face, reverse = designs.flat_faces[component.name] if not bleed else (
            design_component(tileset, component, bleed),
            design_reverse(tileset, component, bleed))
        folder = f"{component.kind}s"
        faces.append(Piece(component.kind, component.name, f"{folder}/{component.name}",
                           component.count, face, cut))
        key = reverse_key(tileset, component)
        if component.reverse is not None:
            reverses[key] = Piece(component.kind, f"{component.name}:reverse",
                                  f"{folder}/{component.name}-reverse", component.count,
                                  reverse, cut)
        elif key in reverses:
            reverses[key] = replace(reverses[key], count=reverses[key].count + component.count)
        else:
            reverses[key] = Piece("back", key, _back_stem(tileset, component), component.count,
                                  reverse, cut)
    return faces + list(reverses.values())


def board_pieces(designs: GameDesigns) -> list[Piece]:
    """The whole board as one picture, for a game that has one."""
    board, spec = designs.board, designs.tileset.board
    if board is None or spec is None:
        return []
    return [Piece("board", spec.name, f"board/{spec.name}", 1, board, "board")]


def all_pieces(designs: GameDesigns, bleed: float = 0.0) -> list[Piece]:
    """Every distinct design of the game, in the order the manifest lists them; with
    ``bleed``, every piece but the board (whose pages are glued edge to edge) drawn
    that far past its trim."""
    return tile_pieces(designs, bleed) + component_pieces(designs, bleed) + \
        board_pieces(designs)
