"""The designs a rulebook shows, drawn once and placed as forms however often they appear."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from pnp.draw.art import design_tile
from pnp.draw.badges import BADGE_SMALLEST, BADGE_TEXT
from pnp.draw.board import design_board
from pnp.draw.components import design_component
from pnp.draw.placing import badges_beside, is_name, unnamed
from pnp.draw.scene import (
    Drawing,
    names_kept,
    smallest_text,
    text_sizes,
    without_small_text,
)
from pnp.export.designs import GameDesigns
from pnp.export.pdfdraw import Recorder, draw
from pnp.input.faces import MIN_TEXT
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset
from pnp.rulebook.editions import placing

UNLABELLED = ":unlabelled"  # the end of a form key for a tile drawn without its names

# reportlab has no type hints: these names only say which of its objects is meant
Canvas = Any


class Designs:
    """Tile designs for a game's rulebooks, drawn once however often they appear.

    Platypus wraps a flowable more than once while it looks for room, and the
    cover alone places dozens of tiles: drawing each design once, and
    recording its drawing operators once, keeps a build fast. Given
    the job's shared designs, the book reuses what the job already drew.
    """

    def __init__(self, tileset: Tileset, shared: GameDesigns | None = None) -> None:
        self.tileset = tileset
        self._game = shared if shared is not None else GameDesigns(tileset, BuildOptions())
        self._plain: dict[str, Drawing] = {}
        # whether a tile's names stay legible at a scale: asked for every tile a diagram
        # lays, and each answer takes a whole pass over the design
        self._legible: dict[tuple[str, float], bool] = {}

    @property
    def options(self) -> BuildOptions:
        """The build's options: its papers and duplex mode, which the book describes."""
        return self._game.options

    def tile(self, name: str) -> Drawing:
        """The trim-size design of one tile kind."""
        return self._game.tile(name)

    @property
    def text_floor(self) -> float:
        """The size, in the book's points, that prints at 6 pt on every paper the build
        makes: a book shrunk onto a paper smaller than its page (200 x 250 mm) shrinks
        what it shows too, so a name or sign raised to 6 pt must be raised further."""
        return MIN_TEXT / min(placing(paper).scale for paper in self.options.papers)

    def shown(self, name: str, scale: float, names: bool = True) -> tuple[str, Drawing]:
        """The form key and design of a tile shown at ``scale`` (on a cover or a diagram).

        A name that would print under 6 pt is set at 6 pt on its plaque, grown, where
        that still fits the tile (:func:`pnp.draw.scene.without_small_text`),
        so the book's tile reads as the printed one; where it does not fit, and on a
        cover (``names`` false: a picture, not a catalogue), the design is drawn without
        its names, and a base tile's icon keeps the room its name would have taken. Its
        signs ("+1" at a tunnel's mouth) stay: :func:`place_form` sets them at 6 pt.
        """
        key, drawing = self._badged(name, scale)
        smallest = smallest_text(drawing.items)
        tile = self.tileset.tile(name)
        legible = smallest is None or smallest * scale >= self.text_floor
        if not any(is_name(feature) for feature in tile.features) or \
                (names and (legible or self._names_kept(name, drawing, scale))):
            return key, drawing
        # names go; a sign ("+1" at a tunnel's mouth) stays, set at 6 pt by place_form
        return f"{key}{UNLABELLED}", self._game.unnamed_tile(name)

    def _badged(self, name: str, scale: float) -> tuple[str, Drawing]:
        """The form key and design of a tile shown at ``scale``: its own, or, where a
        number badge would print under 6 pt, one laid out with badges that print at 6 pt,
        each placed beside its icon. Grown after placing (see :func:`place_form`), a
        badge had covered the altar or fossil it scores; where even the larger badge
        finds no rock beside its icon (a market's small piles), it is grown in place."""
        key = f"tile:{self.tileset.game}:{name}"
        least = self.text_floor / (BADGE_TEXT * scale) * 1.001
        tile = self.tileset.tile(name)
        if least <= BADGE_SMALLEST or not any(feature.badge for feature in tile.features) \
                or not badges_beside(self.tileset, tile, least):
            return key, self.tile(name)
        key = f"{key}:badges@{scale:.4f}"
        if key not in self._plain:
            self._plain[key] = design_tile(self.tileset, tile, badge=least)
        return key, self._plain[key]

    def pictured(self, names: Sequence[str], box: float) -> dict[str, tuple[str, Drawing]]:
        """The form key and design of each tile in ``names``, pictured side by side in a
        square ``box`` across: with their names where every one prints legibly at that
        size, else all without. A catalogue whose pictures kept some names and lost
        others read as tiles drawn two ways; its captions name every picture anyway."""
        scales = {name: box / max(self.tile(name).width, self.tile(name).height)
                  for name in names}
        every = all(not self.shown(name, scale)[0].endswith(UNLABELLED)
                    for name, scale in scales.items())
        return {name: self.shown(name, scale, every) for name, scale in scales.items()}

    def _names_kept(self, name: str, drawing: Drawing, scale: float) -> bool:
        if (name, scale) not in self._legible:
            self._legible[name, scale] = names_kept(drawing, scale, self.text_floor)
        return self._legible[name, scale]

    def upright(self, name: str, steps: int) -> tuple[str, Drawing] | None:
        """The form key and design of tile kind ``name`` laid ``steps`` turns round on a
        cover, its symbols upright and its names left out (a picture, not a
        catalogue); None where it is drawn as it prints and turned whole: unturned,
        or a design that cannot be redrawn turned (:meth:`TileKind.turned`)."""
        if steps % self.tileset.shape.sides == 0:
            return None
        key = f"tile:{self.tileset.game}:{name}:upright:{steps}"
        if key not in self._plain:
            turned = unnamed(self.tileset.tile(name)).turned(self.tileset.shape, steps)
            if turned is None:
                return None
            self._plain[key] = design_tile(self.tileset, turned)
        return key, self._plain[key]

    def bare(self, name: str) -> tuple[str, Drawing]:
        """The form key and design of a tile without its features: what a diagram shows
        under a piece standing where the tile's icon is."""
        key = f"tile:{self.tileset.game}:{name}:bare"
        if key not in self._plain:
            self._plain[key] = design_tile(self.tileset, replace(self.tileset.tile(name),
                                                                 features=()))
        return key, self._plain[key]

    def back_of(self, name: str) -> tuple[str, Drawing]:
        """The form key and trim-size back of tile kind ``name``: a tile lying face down."""
        back = self.tileset.tile(name).back
        return f"back:{self.tileset.game}:{back}", self._game.flat_backs[back]

    def piece(self, name: str) -> tuple[str, Drawing]:
        """The form key and face of the card or token ``name``, as it prints."""
        component = next(c for c in self.tileset.components if c.name == name)
        return (f"component:{self.tileset.game}:{name}",
                design_component(self.tileset, component))

    def board(self) -> tuple[str, Drawing] | None:
        """The form key and design of the game's printed board, if it has one, without
        its legend: a figure shows the board far smaller than it prints, and its caption
        and the text around it say what the marks mean."""
        tileset = self.tileset
        if tileset.board is None:
            return None
        return (f"board:{tileset.game}:figure", design_board(
            tileset.board, tileset.shape, tileset.size, dict(tileset.palette), legend=False))

    def piece_of(self, colour: str) -> tuple[str, Drawing] | None:
        """The game's own token for a player of ``colour`` (Mattock's red-miner for a red
        pawn), so a diagram shows the pieces the players hold; None where it has none."""
        token = next((component for component in self.tileset.components
                      if component.kind == "token" and component.count and
                      component.family == colour), None)
        if token is None:
            return None
        return (f"component:{self.tileset.game}:{token.name}",
                design_component(self.tileset, token))

    @property
    def recorder(self) -> Recorder:
        """Drawing operators recorded once and replayed on every layout pass."""
        return self._game.recorder


def place_form(canvas: Canvas, key: str, drawing: Drawing, designs: Designs,
               scale: float = 1.0) -> str:
    """Define a design as a form the first time it is used in this document.

    ``scale`` is how the form will be shown. A picture of a piece shrunk so far
    that its labels would print under 6 pt gets a form of its own for that scale
    (see :func:`pnp.draw.scene.without_small_text`: its signs set at 6 pt, its
    lines of rules greeked, its names left out); the same piece at the same
    scale (both papers' covers, say) shares that one form. "6 pt" is the designs'
    :attr:`Designs.text_floor`, so it holds on every paper the book is printed on.
    """
    smallest = designs.text_floor
    dropped = sorted(size for size in text_sizes(drawing.items) if size * scale < smallest)
    if dropped:
        # the small text it changes, and the scale: a sign raised to 6 pt at one scale
        # would print smaller in a form shown smaller
        key = f"{key}@without:{','.join(f'{size:.4f}' for size in dropped)}@{scale:.4f}"
    name = "rb" + format(zlib.crc32(key.encode()), "08x")
    if not canvas.hasForm(name):
        shown = without_small_text(drawing, scale, smallest) if dropped else drawing
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=shown.width, uppery=shown.height)
        draw(canvas, shown, designs.recorder)
        canvas.endForm()
    return name
