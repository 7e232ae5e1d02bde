"""Demon Mine: the mix rules, and the placement and movement rules of play.

Facts used here: the mine entrance and the beetle hive start on opposite
corners of an 8 x 8 area, squares (0, 0) and (7, 7); with four players the
two entrances take (0, 0) and (7, 7) and the two hives the other corners.
Bases are open on every side and never replaced. A new tile goes next to the
burrowing pawn's square with both touching edges open; a tile may replace
another only if it is open wherever the old one was ("fits over"); any tunnel
tile may replace a lodestone, which pawns cannot enter. Pawns move one or two
squares through open, touching edges. Tunnels are whatever the tile paths
open, never a list typed separately.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.geometry import SQUARE, rotate_ports
from pnp.model import TileKind, Tileset
from pnp.rules import Finding, Setup
from pnp.rules.links import Link, Supply, best_link, closest_miss

ENTRANCE = "mine-entrance"
HIVE = "beetle-hive"
LODESTONE = "lodestone"
Cell = tuple[int, int]


def base_cells(players: int) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """Where the entrances and hives start for this many players."""
    if players == 4:
        return ((0, 0), (7, 7)), ((7, 0), (0, 7))
    return ((0, 0),), ((7, 7),)


def turns(tile: TileKind) -> bool:
    """True when the tile joins two edges that do not face each other."""
    return any(SQUARE.opposite(a) != b for pair in tile.connections for a, b in [tuple(pair)])


def goes_straight(tile: TileKind) -> bool:
    """True when the tile joins two facing edges."""
    return any(SQUARE.opposite(a) == b for pair in tile.connections for a, b in [tuple(pair)])


def supply_of(tileset: Tileset) -> tuple[Supply, dict[str, list[str]]]:
    """What the mix offers a link: counts by ability, and which kinds give each."""
    groups: dict[str, list[str]] = {"straight": [], "turn": [], "both": []}
    counts = {"straight": 0, "turn": 0, "both": 0}
    for tile in tileset.tiles:
        if tile.role != "tunnel" or not tile.count:
            continue
        straight, turn = goes_straight(tile), turns(tile)
        kind = "both" if straight and turn else "straight" if straight else "turn" if turn \
            else None
        if kind:
            groups[kind].append(tile.name)
            counts[kind] += tile.count
    return Supply(counts["straight"], counts["turn"], counts["both"]), groups


def assign_tiles(link: Link, tileset: Tileset, groups: dict[str, list[str]]) -> list[str]:
    """Pick a tile kind for every square of a link, specialists first."""
    left = {tile.name: tile.count for tile in tileset.tiles}
    chosen = []
    for need in link.needs:
        for pool in (need, "both"):
            name = next((n for n in groups[pool] if left[n] > 0), None)
            if name:
                left[name] -= 1
                chosen.append(name)
                break
    return chosen


def describe(names: list[str]) -> str:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{count} {name}" for name, count in counts.items())


def check(setup: Setup) -> list[Finding]:
    """Bases for the player count, and whether every entrance can reach every hive."""
    tileset, players = setup.tileset, setup.players
    findings: list[Finding] = []
    entrances, hives = base_cells(players)
    for base, what, want in ((ENTRANCE, "mine entrance", len(entrances)),
                             (HIVE, "beetle hive", len(hives))):
        have = setup.count(base)
        if have != want:
            findings.append(Finding(
                "error", "setup-bases",
                f"{players} players need exactly {want} {what} tile{'s' if want > 1 else ''}, "
                f"the mix has {have}.", (base,), f"set {base} to {want}"))
    supply, groups = supply_of(tileset)
    for entrance in entrances:
        for hive in hives:
            findings.append(_link_finding(tileset, supply, groups, entrance, hive))
    events = sum(tile.count for tile in tileset.tiles if tile.role == "event")
    findings.append(Finding(
        "info", "mix-summary",
        f"{tileset.tile_count} tiles: {supply.straight} only run straight, {supply.turn} only "
        f"turn, {supply.both} do either; {events} events."))
    return findings


def _link_finding(tileset: Tileset, supply: Supply, groups: dict[str, list[str]],
                  entrance: Cell, hive: Cell) -> Finding:
    link = best_link(entrance, hive, supply)
    where = f"the entrance at {entrance} and the hive at {hive}"
    if link is not None:
        tiles = assign_tiles(link, tileset, groups)
        return Finding("info", "link",
                       f"Shortest possible link between {where}: {len(link.cells)} tiles "
                       f"({describe(tiles)}), through {', '.join(map(str, link.cells))}.",
                       tuple(sorted(set(tiles))))
    if supply.turn + supply.both == 0 and entrance[0] != hive[0] and entrance[1] != hive[1]:
        return Finding("error", "link",
                       f"No tunnel can join {where}: they sit on a diagonal, so the link must "
                       "turn, and no tile in the mix can turn a corner.",
                       tuple(groups["straight"]), "add at least 1 elbow, tee or cross")
    miss = closest_miss(entrance, hive, supply)
    if miss is None:
        return Finding("error", "link", f"No tunnel can join {where}.",
                       fix="add straight, elbow, tee or cross tiles")
    nearest, short = miss
    return Finding("error", "link",
                   f"No tunnel can join {where} with this mix: the nearest buildable link has "
                   f"{len(nearest.cells)} squares ({nearest.straights} straight, "
                   f"{nearest.turns} turning) and is {short} tile{'s' if short != 1 else ''} "
                   "short.", tuple(groups["straight"] + groups["turn"] + groups["both"]),
                   f"add at least {short} tee or cross tiles (or the straights and turns that "
                   "link needs)")


# ---------------------------------------------------------------------------
# Placement and movement, shared by the simulator and the tests.


@dataclass(frozen=True)
class Placed:
    """A tile on the grid: its kind and how far it is turned clockwise."""

    kind: TileKind
    rotation: int = 0

    @cached_property
    def open_edges(self) -> frozenset[str]:
        return rotate_ports(SQUARE, self.kind.ports, self.rotation)

    def joins(self, a: str, b: str) -> bool:
        """True when a pawn can pass through this tile from edge ``a`` to edge ``b``."""
        back = (-self.rotation) % 4
        return frozenset((SQUARE.rotate(a, back), SQUARE.rotate(b, back))) in \
            self.kind.connections


def edge_towards(a: Cell, b: Cell) -> str:
    """The edge of square ``a`` that touches the orthogonal neighbour ``b``."""
    step = (b[0] - a[0], b[1] - a[1])
    return {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}[step]


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def fits_over(new: Placed, old: Placed) -> bool:
    """The new tile is open wherever the old one was."""
    return old.open_edges <= new.open_edges


def can_burrow(grid: dict[Cell, Placed], pawn: Cell, target: Cell, new: Placed) -> bool:
    """May a pawn on ``pawn`` burrow into ``target`` by laying ``new`` there?"""
    if not adjacent(pawn, target) or pawn not in grid or new.kind.role != "tunnel":
        return False
    here = grid[pawn]
    if edge_towards(pawn, target) not in here.open_edges:
        return False
    if edge_towards(target, pawn) not in new.open_edges:
        return False
    old = grid.get(target)
    if old is None:
        return True
    if old.kind.role == "base":
        return False
    return old.kind.name == LODESTONE or fits_over(new, old)


def step_ok(grid: dict[Cell, Placed], a: Cell, b: Cell, entered_by: str | None) -> bool:
    """Can a pawn on ``a`` (having come in by ``entered_by``) step into ``b``?"""
    if not adjacent(a, b) or a not in grid or b not in grid:
        return False
    here, there = grid[a], grid[b]
    if there.kind.name == LODESTONE or there.kind.role == "event":
        return False
    out, into = edge_towards(a, b), edge_towards(b, a)
    if out not in here.open_edges or into not in there.open_edges:
        return False
    return entered_by is None or here.joins(entered_by, out)


def moves(grid: dict[Cell, Placed], start: Cell) -> set[Cell]:
    """Squares a pawn can reach with one or two orthogonal steps."""
    reached: set[Cell] = set()
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        first = (start[0] + dx, start[1] + dy)
        if not step_ok(grid, start, first, None):
            continue
        reached.add(first)
        came_in = edge_towards(first, start)
        for ex, ey in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            second = (first[0] + ex, first[1] + ey)
            if second != start and step_ok(grid, first, second, came_in):
                reached.add(second)
    return reached


def simulate(setup: Setup, games: int, seed: int) -> dict[str, object]:
    """Random complete two-player games (see :mod:`pnp.rules.demon_mine_sim`)."""
    from pnp.rules.demon_mine_sim import simulate as run

    return run(setup, games, seed)
