"""Every design of one game, drawn once and shared by every output and paper.

Drawing is the costly step, so each design is drawn on first use and kept for
the rest of the job: the SVGs, the tile sheets of both papers and the cards
all reuse the same scenes. With bleed, sheets need designs grown past the
cut; those are drawn separately and the trim-size ones still serve the SVGs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, partial

from msgspec.structs import replace

from pnp.draw.art import design_back, design_tile
from pnp.draw.board import design_board
from pnp.draw.components import design_component, design_reverse
from pnp.draw.ink import low_ink
from pnp.draw.placing import unnamed
from pnp.draw.scene import Drawing
from pnp.export.pdfdraw import Recorder
from pnp.impose.board import BOARD_BLEED
from pnp.impose.plans import APRON, FRONT_BLEED, TEXTURES, textured
from pnp.model.options import BuildOptions
from pnp.model.pieces import piece_cut, reverse_key
from pnp.model.tileset import TileKind, Tileset
from pnp.units import mm

BACK_BLEED = mm(3)  # how far a back's art runs past its trim, whatever the build's bleed
# A back's apron is drawn this far past it and clipped at 3 mm (pnp.export.pdf), so the
# clip alone makes a block's outer edge: where two aprons' own edges overlapped, their
# anti-aliasing darkened each other into a nub at every row on screen
APRON_SPARE = 0.5


class GameDesigns:
    """The scenes of one game's tiles, backs, cards, tokens and board."""

    def __init__(self, tileset: Tileset, options: BuildOptions) -> None:
        if options.ink_saver:
            tileset = replace(tileset, palette=low_ink(tileset.palette))
        self.tileset = tileset
        self.options = options
        self._components: dict[str, dict[str, Drawing]] = {}
        self._tiles: dict[str, Drawing] = {}
        self._unnamed: dict[str, Drawing] = {}
        self.recorder = Recorder()  # drawing operators, replayed in every document of the job

    def tile(self, name: str) -> Drawing:
        """The trim-size front of one tile kind, drawn on first use."""
        if name not in self._tiles:
            self._tiles[name] = design_tile(self.tileset, self.tileset.tile(name))
        return self._tiles[name]

    def unnamed_tile(self, name: str) -> Drawing:
        """One tile kind's front without its names, for a picture whose words name it
        already (a player aid's row, a book's catalogue) or that is too small for them:
        a base tile's icon keeps the room its name would have taken."""
        if name not in self._unnamed:
            self._unnamed[name] = design_tile(self.tileset, unnamed(self.tileset.tile(name)))
        return self._unnamed[name]

    @cached_property
    def flat_tiles(self) -> dict[str, Drawing]:
        """Trim-size tile fronts, by tile name."""
        return {tile.name: self.tile(tile.name) for tile in self.tileset.tiles}

    @cached_property
    def flat_backs(self) -> dict[str, Drawing]:
        """Trim-size tile backs, by back name."""
        tileset = self.tileset
        width, height = tileset.shape.box(tileset.size)
        return {back.name: design_back(tileset, back, width, height, 0.0)
                for back in tileset.backs}

    @cached_property
    def flat_faces(self) -> dict[str, tuple[Drawing, Drawing]]:
        """Trim-size face and reverse of every card and token, by name."""
        tileset = self.tileset
        return {c.name: (design_component(tileset, c), design_reverse(tileset, c))
                for c in tileset.components}

    @cached_property
    def board(self) -> Drawing | None:
        """The whole board as one scene, or None for a game without one."""
        tileset = self.tileset
        if tileset.board is None:
            return None
        return design_board(tileset.board, tileset.shape, tileset.size, dict(tileset.palette))

    @cached_property
    def cut_board(self) -> Drawing | None:
        """The board as its pages print it, to be cut out: its frame runs past the
        board's edge by the bleed those pages give it."""
        tileset = self.tileset
        if tileset.board is None:
            return None
        return design_board(tileset.board, tileset.shape, tileset.size, dict(tileset.palette),
                            bleed=BOARD_BLEED)

    @cached_property
    def tiles(self) -> dict[str, Drawing]:
        """What the tile sheets place: printed fronts and, with duplex, their backs."""
        tileset, bleed = self.tileset, self.options.bleed
        width, height = tileset.shape.box(tileset.size)
        printed = [tile for tile in tileset.tiles if tile.count]
        designs = {tile.name: (self.flat_tiles[tile.name] if not bleed
                               else design_tile(tileset, tile, bleed)) for tile in printed}
        # the other rock textures a sheet's copies take turns with (plans.textured)
        designs.update({textured(tile.name, number): design_tile(tileset, tile, bleed, number)
                        for tile in printed for number in range(1, TEXTURES)})
        designs.update(self._hex_aprons(printed))
        if self.options.duplex != "none":
            for back_name in sorted({tile.back for tile in printed}):
                back = tileset.back(back_name)
                designs[f"back:{back_name}"] = self.flat_backs[back_name] if not bleed else \
                    design_back(tileset, back, width, height, bleed)
                if bleed < BACK_BLEED:
                    designs[f"{APRON}back:{back_name}"] = design_back(
                        tileset, back, width, height, BACK_BLEED + APRON_SPARE)
        return designs

    def _hex_aprons(self, printed: list[TileKind]) -> dict[str, Drawing]:
        """Hexes are cut one by one along their outlines: each face, in every texture, runs
        past its cut, as a round token's does (a square grid shares its cuts: none)."""
        tileset = self.tileset
        if tileset.shape.sides == 4 or self.options.bleed >= FRONT_BLEED:
            return {}
        return {f"{APRON}{textured(tile.name, number)}":
                design_tile(tileset, tile, FRONT_BLEED, number)
                for tile in printed for number in range(TEXTURES)}

    def components(self, kind: str) -> dict[str, Drawing]:
        """What the card or token sheets place: faces and, with duplex, their reverses."""
        if kind not in self._components:
            self._components[kind] = self._draw_components(kind)
        return self._components[kind]

    def _draw_components(self, kind: str) -> dict[str, Drawing]:
        tileset, bleed = self.tileset, self.options.bleed
        designs: dict[str, Drawing] = {}
        for component in tileset.components:
            if component.kind != kind or not component.count:
                continue
            face, reverse = self.flat_faces[component.name] if not bleed else (
                design_component(tileset, component, bleed),
                design_reverse(tileset, component, bleed))
            designs[component.name] = face
            if bleed < FRONT_BLEED and not piece_cut(tileset, component).fills_box:
                designs[f"{APRON}{component.name}"] = design_component(tileset, component,
                                                                       FRONT_BLEED)
            if self.options.duplex != "none":
                key = reverse_key(tileset, component)
                designs[key] = reverse
                if bleed < BACK_BLEED:
                    designs[f"{APRON}{key}"] = design_reverse(tileset, component,
                                                              BACK_BLEED + APRON_SPARE)
        return designs


def designs_by_name(tileset: Tileset) -> dict[str, Callable[[], Drawing]]:
    """Every renderable design of a game by the name `pnp render` accepts, drawn on demand."""
    width, height = tileset.shape.box(tileset.size)
    found: dict[str, Callable[[], Drawing]] = {
        tile.name: partial(design_tile, tileset, tile) for tile in tileset.tiles}
    for component in tileset.components:
        found[component.name] = partial(design_component, tileset, component)
        found[f"{component.name}:reverse"] = partial(design_reverse, tileset, component)
    if tileset.board is not None:
        found[tileset.board.name] = partial(design_board, tileset.board, tileset.shape,
                                            tileset.size, dict(tileset.palette))
    for back in tileset.backs:
        found[f"back:{back.name}"] = partial(design_back, tileset, back, width, height, 0.0)
    return found
