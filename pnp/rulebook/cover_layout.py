"""The picture on a rulebook's cover: a small mine laid with the game's own tiles, by its rules.

A cover is the first thing a reader sees, so it should show the game being
played, not a heap of tiles: every edge two tiles share matches (tunnel to
tunnel, rock to rock), the tunnels form one connected mine, and the tiles that
make the game (an entrance, a hive, a cavern) are in it. The layout is found
by a seeded search over the tileset's kinds, so it is correct by construction
and the same on every build; nothing here draws.

Square games fill every cell of the picture, so nothing in it runs into
rock; tunnels may leave the picture at its edges, as a photograph of part of a
larger mine would show. Games whose tiles have no tunnels (Mattock) grow a
connected patch under their neighbour rule on an empty board, with miners on it.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence

import msgspec

from pnp.geometry.cells import AxialCell as Cell
from pnp.geometry.shapes import Shape, rotate_ports
from pnp.model.placement import TilePlacement
from pnp.model.tileset import TileKind, Tileset
from pnp.rules import rules_for

ATTEMPTS = 40  # seeded tries before giving up on a connected mine
STEPS_PER_ATTEMPT = 4000  # search steps one try may take before the next seed
FEATURED = 3.0  # how much likelier a tile with an icon is than a plain one
DEAD_END = 0.25  # and a dead end (too many make a mine of stubs)
PATCH_SHARE = 0.45  # of an empty board's spaces that a tunnel-less cover fills
MINERS_EACH = 3  # pieces of each kind stood on a tunnel-less cover


class CoverLayout(msgspec.Struct, frozen=True):
    """The cells the picture shows, the tiles laid on them and pieces standing on tiles."""

    region: tuple[Cell, ...]
    tiles: tuple[TilePlacement, ...]
    pieces: tuple[tuple[str, Cell], ...] = ()


def compose(tileset: Tileset, region: Sequence[Cell],
            in_view: Sequence[Cell] | None = None) -> CoverLayout:
    """The cover's mine for ``region``; every choice is seeded by the game's name. Pieces
    stand only on cells of ``in_view`` (all of the region if None): not under the title;
    the tiles that tell the game are spread over it too, so every paper that shows those
    cells of one mine shows them."""
    seed = zlib.crc32(tileset.rules_game.encode("utf-8"))
    if not any(tile.paths for tile in tileset.tiles if tile.count):
        return _patch(tileset, tuple(region), random.Random(seed),
                      frozenset(region if in_view is None else in_view))
    best: tuple[TilePlacement, ...] = ()
    if sum(tile.count for tile in printed_kinds(tileset)) < len(region):
        # too few tiles to fill the picture: every try would spend its steps and fail
        return CoverLayout(tuple(region), best)
    for attempt in range(ATTEMPTS):
        tiles = _Search(tileset, tuple(region), random.Random(seed + attempt),
                        tuple(region if in_view is None else in_view)).run()
        if tiles is None:
            continue
        found = mines(tileset, tiles)
        if len(found) == 1:
            return CoverLayout(tuple(region), tiles)
        largest = max(found, key=len)
        if len(largest) > len(best):
            best = tuple(placed for placed in tiles if placed.cell in largest)
    # a homebrew mix may never give one mine: show its largest, the rest left as ground
    return CoverLayout(tuple(region), best)


def printed_kinds(tileset: Tileset) -> list[TileKind]:
    """The kinds a cover may lay: printed ones of a single path (a tile of separate paths
    splits a mine in two wherever it lies, and a small picture has no room to join the
    halves again)."""
    return [tile for tile in tileset.tiles if tile.count and len(tile.paths) == 1]


def open_edges(shape: Shape, kind: TileKind, rotation: int) -> frozenset[str]:
    """The edges a tile opens once turned."""
    return rotate_ports(shape, kind.ports, rotation)


class _Search:
    """Fill every cell in reading order, each tile matching the neighbours already laid.

    Base and special tiles (entrance, hive, cavern) are pinned to cells first,
    so the search only has to join them; it backtracks when a cell has no
    fitting tile, and gives up after a fixed number of steps.
    """

    def __init__(self, tileset: Tileset, region: tuple[Cell, ...], rng: random.Random,
                 in_view: tuple[Cell, ...]) -> None:
        self.shape, self.rng = tileset.shape, rng
        printed = printed_kinds(tileset)
        self.pins = _pins(printed, sorted(in_view, key=lambda cell: (cell[1], cell[0])),
                          tileset.shape)
        # nothing is built above a base that opens its mine downward (Dynamine's castle):
        # those cells stay ground, and the tiles under them are shut towards them
        self.cleared = _above(self.pins, region, tileset.shape)
        self.order = sorted(set(region) - self.cleared, key=lambda cell: (cell[1], cell[0]))
        self.free = _free(printed, self.pins)
        self.left = {tile.name: tile.count for tile in printed}
        # the search asks millions of times whether a tile fits, so every answer that
        # does not change while it runs is worked out here: each kind's open edges at
        # each turn as bits, its seeded-draw exponent, each cell's neighbours
        bit = {edge: 1 << index for index, edge in enumerate(self.shape.edges)}
        self.masks = {(tile.name, turn): _mask(open_edges(self.shape, tile, turn), bit)
                      for tile in printed for turn in _turns(tile, self.shape)}
        self.turns = {tile.name: _turns(tile, self.shape) for tile in printed}
        self.exponent = {tile.name: 1.0 / _weight(tile) for tile in printed}
        self.around = {cell: tuple((bit[edge], self.shape.neighbour(cell, edge),
                                    bit[self.shape.opposite(edge)])
                                   for edge in self.shape.edges) for cell in self.order}
        self.pin_rule = {cell: self._pin_rule(cell) for cell in self.order}
        self.fitting: dict[tuple[Cell | None, tuple[int, int]], list[tuple[TileKind, int]]] = {}
        self.placed: dict[Cell, tuple[TileKind, int]] = {}
        self.steps = 0

    def _pin_rule(self, cell: Cell) -> tuple[int, int]:
        """The edges of ``cell`` a pinned neighbour still to come forces open and shut:
        an edge every turn of the pin opens onto, or none does."""
        must_open = must_shut = 0
        for edge_bit, other, facing_bit in self.around[cell]:
            if other in self.cleared:
                must_shut |= edge_bit
            if other not in self.pins:
                continue
            pin = self.pins[other].name
            opens = {bool(self.masks[pin, turn] & facing_bit) for turn in self.turns[pin]}
            if opens == {True}:
                must_open |= edge_bit
            elif opens == {False}:
                must_shut |= edge_bit
        return must_open, must_shut

    def run(self) -> tuple[TilePlacement, ...] | None:
        if not self._fill(0):
            return None
        return tuple(TilePlacement(kind.name, cell, turn)
                     for cell, (kind, turn) in sorted(self.placed.items(),
                                                      key=lambda item: item[0][::-1]))

    def _fill(self, index: int) -> bool:
        if index == len(self.order):
            return True
        self.steps += 1
        if self.steps > STEPS_PER_ATTEMPT:
            return False
        cell = self.order[index]
        for kind, turn in self._choices(cell):
            self.placed[cell] = (kind, turn)
            self.left[kind.name] -= 1
            if self._fill(index + 1):
                return True
            self.left[kind.name] += 1
            del self.placed[cell]
        return False

    def _choices(self, cell: Cell) -> list[tuple[TileKind, int]]:
        """Every kind and turn that fits ``cell``, likelier ones first (seeded)."""
        options = [(self.rng.random() ** self.exponent[kind.name], kind, turn)
                   for kind, turn in self._fitting(cell, self._rule(cell))
                   if self.left[kind.name] > 0]
        if cell in self.pins:  # a tile that tells the game is shown upright when it can be
            options = [(1.0 if turn == 0 else key, kind, turn) for key, kind, turn in options]
        options.sort(key=lambda option: -option[0])
        return [(kind, turn) for _, kind, turn in options]

    def _fitting(self, cell: Cell, rule: tuple[int, int]) -> list[tuple[TileKind, int]]:
        """The kinds and turns whose edges obey ``rule``, in the tileset's order: few
        distinct rules recur, so each list is made once."""
        key = (cell if cell in self.pins else None, rule)
        if key not in self.fitting:
            must_open, must_shut = rule
            kinds = [self.pins[cell]] if cell in self.pins else self.free
            self.fitting[key] = [
                (kind, turn) for kind in kinds for turn in self.turns[kind.name]
                if self.masks[kind.name, turn] & must_open == must_open
                and not self.masks[kind.name, turn] & must_shut]
        return self.fitting[key]

    def _rule(self, cell: Cell) -> tuple[int, int]:
        """The edges of ``cell`` that must open and must be rock: open meets open and rock
        meets rock on every edge shared with a laid tile, and a pinned neighbour still to
        come can turn to match."""
        must_open, must_shut = self.pin_rule[cell]
        for edge_bit, other, facing_bit in self.around[cell]:
            if other in self.placed:
                kind, turn = self.placed[other]
                if self.masks[kind.name, turn] & facing_bit:
                    must_open |= edge_bit
                else:
                    must_shut |= edge_bit
        return must_open, must_shut


def _mask(edges: frozenset[str], bit: dict[str, int]) -> int:
    return sum(bit[edge] for edge in edges)


def _weight(kind: TileKind) -> float:
    """How likely the search is to try a kind: by its count, featured tiles more, dead ends less."""
    return kind.count * (FEATURED if kind.features else 1.0) * \
        (DEAD_END if len(kind.ports) == 1 else 1.0)


def _turns(kind: TileKind, shape: Shape) -> range:
    return range(shape.sides) if kind.rotatable else range(1)


def _pins(printed: list[TileKind], order: list[Cell], shape: Shape) -> dict[Cell, TileKind]:
    """Cells for the tiles that tell the game: the first base kind, then the first special
    kind.

    They are spread along the picture's diagonal, one cell in from its edge, so
    the mine has to run between them. A base tile that cannot turn and is shut
    to the north (Dynamine's entrance) opens a mine downward: it goes in the top row.
    """
    # one base: Demon Mine's entrance and hive start 14 steps apart, farther than a
    # cover's picture spans, and spread along its diagonal they had stood 4 apart, an
    # opening the rules forbid
    wanted = [tile for tile in printed if tile.role == "base"][:1]
    wanted += [tile for tile in printed if tile.role == "special"][:1]
    columns = sorted({cell[0] for cell in order})
    rows = sorted({cell[1] for cell in order})
    pins: dict[Cell, TileKind] = {}
    for index, kind in enumerate(wanted):
        share = (index + 1) / (len(wanted) + 1)
        column = columns[max(1, min(len(columns) - 2, round(share * (len(columns) - 1))))]
        row = rows[0] if _opens_down(kind, shape) else \
            rows[max(1, min(len(rows) - 2, round(share * (len(rows) - 1))))]
        pins[(column, row)] = kind
    return pins


def _free(printed: list[TileKind], pins: dict[Cell, TileKind]) -> list[TileKind]:
    """The kinds the search lays where it likes: not the pinned ones, and no base (a base
    left out of the picture stays out of it)."""
    pinned = {kind.name for kind in pins.values()}
    return [tile for tile in printed if tile.name not in pinned and tile.role != "base"]


def _opens_down(kind: TileKind, shape: Shape) -> bool:
    """A base that cannot turn and is shut to the north: its mine grows downward."""
    return not kind.rotatable and shape.edges[0] not in kind.ports


def _above(pins: dict[Cell, TileKind], region: Sequence[Cell], shape: Shape) -> set[Cell]:
    """The cells above the row of a pinned base that opens downward: the cover had laid
    three rows of tiles over Dynamine's castle, whose rules build nothing above its row."""
    rows = [cell[1] for cell, kind in pins.items() if _opens_down(kind, shape)]
    return {cell for cell in region if rows and cell[1] < min(rows)}


def mines(tileset: Tileset, tiles: Sequence[TilePlacement]) -> list[set[Cell]]:
    """The separate mines of a layout: the cells of each group of paths joined by open edges.

    A path all of whose openings lead off the picture belongs to the larger
    mine beyond its frame, so it does not count as a mine of its own.
    """
    shape = tileset.shape
    laid = {placed.cell: placed for placed in tiles}
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    turned: dict[tuple[str, int], list[frozenset[str]]] = {}  # each path's edges, by kind and turn

    def root(node: tuple[Cell, int]) -> tuple[Cell, int]:
        while parent.setdefault(node, node) != node:
            node = parent[node]
        return node

    def path_at(placed: TilePlacement, edge: str) -> int | None:
        """Which path of a laid tile opens onto ``edge`` (as it lies on the table), if any."""
        key = (placed.kind, placed.rotation)
        if key not in turned:
            turned[key] = [rotate_ports(shape, frozenset(path.ports), placed.rotation)
                           for path in tileset.tile(placed.kind).paths]
        return next((index for index, edges in enumerate(turned[key]) if edge in edges), None)

    for placed in tiles:
        for edge in shape.edges:
            other = laid.get(shape.neighbour(placed.cell, edge))
            mine = path_at(placed, edge)
            theirs = None if other is None else path_at(other, shape.opposite(edge))
            if other is not None and mine is not None and theirs is not None:
                parent[root((placed.cell, mine))] = root((other.cell, theirs))
    groups: dict[tuple[Cell, int], set[Cell]] = {}
    for node in list(parent):
        groups.setdefault(root(node), set()).add(node[0])
    return list(groups.values()) or [set(laid)]


def _patch(tileset: Tileset, region: tuple[Cell, ...], rng: random.Random,
           in_view: frozenset[Cell]) -> CoverLayout:
    """A connected patch of tunnel-less tiles on an empty board, with miners on it (on the
    tiles in view)."""
    kind = next(tile for tile in tileset.tiles if tile.count and tile.role != "event")
    rules = rules_for(tileset.rules_game)
    most = rules.most_neighbours if rules is not None else None
    laid = _grow(tileset.shape, region, min(int(len(region) * PATCH_SHARE), kind.count), rng,
                 tileset.shape.sides if most is None else most)
    tiles = tuple(TilePlacement(kind.name, cell) for cell in laid)
    tokens = [piece for piece in tileset.components if piece.kind == "token" and piece.count]
    if not tokens:
        return CoverLayout(region, tiles)
    room = [cell for cell in laid if cell in in_view]
    standing = rng.sample(room, min(len(room), MINERS_EACH * len(tokens)))
    return CoverLayout(region, tiles, tuple((tokens[index % len(tokens)].name, cell)
                                            for index, cell in enumerate(standing)))


def _grow(shape: Shape, region: tuple[Cell, ...], target: int, rng: random.Random,
          most: int) -> list[Cell]:
    """Cells grown from the middle of ``region``, each touching one already laid, under the
    game's neighbour rule: no tile touches more than ``most`` others."""
    centres = [shape.cell_centre(cell, 1.0) for cell in region]
    middle_at = (sum(x for x, _ in centres) / len(centres),
                 sum(y for _, y in centres) / len(centres))
    laid = [min(region, key=lambda cell: math.dist(shape.cell_centre(cell, 1.0), middle_at))]
    spaces = set(region)

    def touching(cell: Cell) -> list[Cell]:
        return [near for near in (shape.neighbour(cell, edge) for edge in shape.edges)
                if near in laid]

    while len(laid) < target:
        frontier = sorted({shape.neighbour(cell, edge) for cell in laid for edge in shape.edges}
                          & spaces - set(laid))
        legal = [cell for cell in frontier if len(touching(cell)) <= most and
                 all(len(touching(near)) < most for near in touching(cell))]
        if not legal:
            break
        laid.append(rng.choice(legal))
    return laid
