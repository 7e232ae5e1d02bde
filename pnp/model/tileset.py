"""The immutable tileset: tile kinds, paths, features, backs, variants, components.

Plain frozen data and nothing else. :mod:`pnp.input.tileset` is the one place
that builds it from a file and decides what a tileset may say; every later
step trusts these values completely.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal, get_args

import msgspec
from msgspec.structs import replace

from pnp.geometry.shapes import Shape
from pnp.model.board import BoardSpec

DEFAULT_PALETTE = {
    "rock": "#8a7a68",
    "rock-dark": "#6c5f51",
    "rock-light": "#a6977f",
    "wall": "#2e241c",
    "floor": "#efe6d2",
    "ink": "#1f1a16",
    "accent": "#a8321c",
    "paper": "#ffffff",
}


# The closed sets a tileset's fields choose from, each declared once: the reader
# offers exactly these choices, and mypy checks every comparison against them.
PathStyle = Literal["tunnel", "cavern"]  # a cavern opens into a large irregular cave
PATH_STYLES: tuple[PathStyle, ...] = get_args(PathStyle)
Role = Literal["tunnel", "base", "event", "special"]  # what the rules treat a tile as
ROLES: tuple[Role, ...] = get_args(Role)
ComponentKind = Literal["card", "token"]  # printed on the cards or the tokens sheets
COMPONENT_KINDS: tuple[ComponentKind, ...] = get_args(ComponentKind)
ComponentShape = Literal["rect", "round", "hex"]  # the outline a piece is cut on
COMPONENT_SHAPES: tuple[ComponentShape, ...] = get_args(ComponentShape)
ArtFormat = Literal["svg", "png", "jpeg"]


class Tunnel(msgspec.Struct, frozen=True):
    """One tunnel: the edges it opens, joined inside the tile.

    A single port is a dead end; three or more ports, or ``junction``, meet in
    a round chamber at the centre. Separate paths on one tile are walled apart.
    """

    ports: tuple[str, ...]
    junction: bool = False
    style: PathStyle = "tunnel"


FeatureKind = Literal["icon", "label", "text", "die"]
FEATURE_KINDS: tuple[FeatureKind, ...] = get_args(FeatureKind)
# where a feature of each kind sits on its face unless the file says
DEFAULT_POSITION: dict[FeatureKind, str] = {"icon": "center", "label": "S", "text": "center",
                                            "die": "NE"}


class Feature(msgspec.Struct, frozen=True):
    """Something printed on a piece besides tunnels: an icon, a label, text or a die face."""

    kind: FeatureKind
    value: str | int
    at: str = "center"
    scale: float = 1.0
    badge: str = ""  # a number or word in a small disc on an icon (points, costs)


class Art(msgspec.Struct, frozen=True):
    """A user's art file as it was checked when the tileset was read.

    The renderers draw ``data``, never the file again, so what is drawn is
    exactly what was checked even if the file changes during a build. For an
    SVG it is the checked text re-encoded as UTF-8.
    """

    path: Path
    format: ArtFormat
    data: bytes

    def __repr__(self) -> str:
        """The file and its format: the bytes would bury any message that shows an Art."""
        return f"Art(path={self.path!r}, format={self.format!r}, {len(self.data)} bytes)"


class OwnIcon(msgspec.Struct, frozen=True):
    """An icon a tileset brings as an SVG file from its folder, named like a built-in one."""

    name: str
    art: Art
    line: int = 0


class TileKind(msgspec.Struct, frozen=True, dict=True):
    """A tile design and how many copies the game has."""

    name: str
    count: int
    paths: tuple[Tunnel, ...]
    features: tuple[Feature, ...]
    rotatable: bool
    back: str
    role: Role = "tunnel"
    art: Art | None = None
    called: str = ""  # what players call one, where its label or shape would mislead
    line: int = 0
    # The file declaring this kind when it is not the tileset's own (a mix's
    # homebrew tile): ``line`` is a line of that file.
    file: str = ""

    @cached_property
    def ports(self) -> frozenset[str]:
        """Every open edge of the tile."""
        return frozenset(port for path in self.paths for port in path.ports)

    def turned(self, shape: Shape, steps: int) -> TileKind | None:
        """This design as laid ``steps`` clockwise turns round, its symbols still upright:
        tunnels and the places asked for its features turned, the features not. A
        picture of a mine (a cover) reads with its gold and its words the right way up,
        as no diagram may, where a turned tile must show as it lies. None where the
        design cannot be redrawn so: its own art, or a place no compass point reaches."""
        places = [shape.turn_place(feature.at, steps) for feature in self.features]
        if self.art is not None or None in places:
            return None
        paths = tuple(replace(path, ports=tuple(
            shape.rotate(port, steps) for port in path.ports)) for path in self.paths)
        features = tuple(replace(feature, at=place)
                         for feature, place in zip(self.features, places, strict=True)
                         if place is not None)
        return replace(self, paths=paths, features=features)

    @cached_property
    def connections(self) -> frozenset[frozenset[str]]:
        """Pairs of edges joined by a tunnel: derived from the paths, never typed."""
        pairs = set()
        for path in self.paths:
            for i, a in enumerate(path.ports):
                for b in path.ports[i + 1 :]:
                    pairs.add(frozenset((a, b)))
        return frozenset(pairs)


class Back(msgspec.Struct, frozen=True):
    """A card-back design shared by the tiles that name it."""

    name: str
    title: str
    motif: str
    subtitle: str = ""
    line: int = 0  # of its entry in the tileset, for messages


# The colours a player's own pawn may have: what the book's diagrams and the cover
# draw for a piece the kit does not print.
PAWNS = ("black", "white", "red", "blue", "green", "yellow", "grey")


class Variant(msgspec.Struct, frozen=True):
    """A named way to play that changes counts or the player count."""

    name: str
    description: str
    players: int | None = None  # the player count it is for, if only one
    most_players: int | None = None  # where it allows fewer players than the game
    counts: tuple[tuple[str, int], ...] = ()  # tile kind and its count in this variant


class Component(msgspec.Struct, frozen=True):
    """A non-tile piece: card, token or board, with its own size and back."""

    name: str
    kind: ComponentKind
    count: int
    width: float
    height: float
    shape: ComponentShape
    features: tuple[Feature, ...]
    back: str
    line: int = 0
    colour: str = ""  # face colour; empty means the palette's paper
    band: str = ""  # a card's title band colour; empty means the palette's accent
    called: str = ""  # what players call one ("depth marker"); empty: family and kind
    reverse: Face | None = None  # its own back, for double-sided pieces

    @property
    def family(self) -> str:
        """The family it belongs to: its name before the first dash (depth-red-1 is a
        depth marker; red-miner is red's)."""
        return self.name.split("-")[0]


class Face(msgspec.Struct, frozen=True):
    """One side of a double-sided piece: a colour and what is printed on it."""

    colour: str
    features: tuple[Feature, ...]
    band: str = ""  # a card's title band on this side; empty: the piece's own band


class AidRow(msgspec.Struct, frozen=True):
    """One row of an aid's table: an icon, what it is, and what it does or scores."""

    name: str
    text: str
    icon: str = ""  # one of the tiles' icons; empty for a row without one
    badge: str = ""  # a number or word in a small disc on the icon, as on tiles
    tile: str = ""  # or one of the game's tiles, drawn as it prints


class AidSection(msgspec.Struct, frozen=True):
    """A heading over a table of rows, then short lines of rules, each a row of its own."""

    heading: str
    rows: tuple[AidRow, ...] = ()
    notes: tuple[str, ...] = ()


class Aid(msgspec.Struct, frozen=True):
    """A one-page player aid (scoring summary, variant rules): tables of icons and short rows.

    ``palette`` is the tileset's, so the aid's icons wear the tiles' colours.
    """

    name: str
    title: str
    sections: tuple[AidSection, ...]
    palette: tuple[tuple[str, str], ...] = ()
    line: int = 0  # of its entry in the tileset, for messages


class Tileset(msgspec.Struct, frozen=True):
    """One game's complete, validated declaration."""

    game: str
    title: str
    source: Path
    shape: Shape
    size: float
    tiles: tuple[TileKind, ...]
    backs: tuple[Back, ...]
    palette: tuple[tuple[str, str], ...]
    players: tuple[int, ...] = (2,)
    pawns: tuple[str, ...] = ("red", "blue")  # the players' own pawns' colours (PAWNS)
    minutes: int | None = None  # about how long a game takes, where the tileset says
    age: int | None = None  # the youngest age it suits, where the tileset says
    bring: tuple[str, ...] = ()  # what players supply that the kit does not print
    variants: tuple[Variant, ...] = ()
    components: tuple[Component, ...] = ()
    notes: str = ""
    board: BoardSpec | None = None
    aids: tuple[Aid, ...] = ()
    rotatable: bool = True  # the default for tile kinds, kept for homebrew tiles in mixes
    mix: str = ""  # the name of the mix file this tile mix came from, if any
    origin: str = ""  # the game id before a variant or mix renamed the output folder
    rulebook: Path | None = None  # a template named by the tileset, else templates/<game>/
    rulebook_title: str = ""  # the book's own title, when it is not the game's (an insert)
    rulebook_subtitle: str = "Rules of play"  # under the title on the rulebook's cover
    credits: str = ""  # who made the game, on the rulebook's last page
    default_back: str = ""  # the back homebrew tiles in a mix get
    icons: tuple[OwnIcon, ...] = ()  # the tileset's own SVG icons, named in its features
    card_lists: tuple[Path, ...] = ()  # the CSV files its card lists were read from

    @property
    def book_title(self) -> str:
        """The rulebook's title: its own, or the game's."""
        return self.rulebook_title or self.title

    @property
    def rules_game(self) -> str:
        """The game whose rules and rulebook apply, whatever the output is called."""
        return self.origin or self.game
    lines: tuple[tuple[str, int], ...] = ()  # (field, line) pairs; not part of the design

    @property
    def folder(self) -> Path:
        return self.source.parent

    def tile(self, name: str) -> TileKind:
        for tile in self.tiles:
            if tile.name == name:
                return tile
        raise KeyError(name)

    def side_colours(self) -> tuple[str, ...]:
        """The face colours of the two sides' pieces, first side first: the first token
        of each of the first two families of printed tokens (a family is a name's part
        before its first dash: red-miner is red's), where it has a colour of its own.
        A pictogram of a turn draws its miners in them, as the pieces print."""
        colours: dict[str, str] = {}
        for component in self.components:
            if component.kind == "token" and component.count and component.colour and \
                    component.family not in colours:
                colours[component.family] = component.colour
        return tuple(colours.values())[:2]

    @property
    def own_icons(self) -> dict[str, Art]:
        """The tileset's own icons by name, for the drawing code."""
        return {icon.name: icon.art for icon in self.icons}

    def back(self, name: str) -> Back:
        for back in self.backs:
            if back.name == name:
                return back
        raise KeyError(name)

    def colour(self, name: str) -> str:
        return dict(self.palette)[name]

    @property
    def player_counts(self) -> str:
        """The player counts as a box would print them: "2-6 players", "2 or 4 players"."""
        return player_counts(self.players)

    @property
    def tile_count(self) -> int:
        return sum(tile.count for tile in self.tiles)

    def variant(self, name: str) -> Variant:
        for variant in self.variants:
            if variant.name == name:
                return variant
        raise KeyError(name)

    def extras(self) -> tuple[tuple[Variant, tuple[tuple[str, int], ...]], ...]:
        """The tiles each variant needs beyond this mix's counts (Demon Mine's second
        entrance and hive for four players), by variant, each kind with how many more.

        A kit prints them on a sheet of their own, so it plays every player count
        its cover gives; a mix or a build of the variant that already has them
        needs none, and a mix without a kind at all gets no extra copies of it.
        """
        found = []
        for variant in self.variants:
            more = tuple((name, count - self.tile(name).count) for name, count in variant.counts
                         if count > self.tile(name).count > 0)
            if more:
                found.append((variant, more))
        return tuple(found)

    def extras_only(self, more: tuple[tuple[str, int], ...]) -> Tileset:
        """This tileset holding only the tiles ``more`` names, in those counts, and no
        other piece: what an extras sheet prints."""
        counts = dict(more)
        return replace(self, tiles=tuple(replace(tile, count=counts.get(tile.name, 0))
                                         for tile in self.tiles), components=(), board=None)

    def with_counts(self, counts: dict[str, int]) -> Tileset:
        """A copy with some tile counts changed (for variants and mixes)."""
        tiles = tuple(
            replace(tile, count=counts.get(tile.name, tile.count))
            for tile in self.tiles
        )
        return replace(self, tiles=tiles)


def player_counts(players: tuple[int, ...]) -> str:
    """Counts in words: a run is a range ("2-6"), a few apart are listed ("2 or 4").

    Written as a game box says it, not as the file lists it ("2/3/4/5/6").
    """
    counts = sorted(set(players))
    noun = "player" if counts == [1] else "players"
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}\u2013{counts[-1]} {noun}"
    words = [str(count) for count in counts]
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    return f"{listed} {noun}"
