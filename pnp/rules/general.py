"""Checks every tile mix gets, whatever the game: counts, openings, duplicates, sheets.

These need no game rules, only the model: a mix with no tiles, a path whose
port is not an edge of the tile, two kinds that are the same tile turned
round, a tunnel tile with no way in, and how many sheets the mix will print on.
"""

from __future__ import annotations

from pnp.geometry.shapes import rotate_ports
from pnp.model.tileset import TileKind, Tileset
from pnp.rules import Finding, Setup, rules_for


def _turned(tile: TileKind, steps: int, tileset: Tileset) -> frozenset[frozenset[str]]:
    """A tile's connections after rotating it: what a player sees on the table."""
    shape = tileset.shape
    return frozenset(rotate_ports(shape, pair, steps) for pair in tile.connections)


def same_under_rotation(a: TileKind, b: TileKind, tileset: Tileset) -> bool:
    """True when ``b`` is ``a`` turned round: same tunnels, same features, both rotatable."""
    if not (a.rotatable and b.rotatable) or a.features != b.features or a.role != b.role:
        return False
    if a.ports == b.ports == frozenset():
        return False  # event tiles are told apart by their features, already compared
    if len(a.paths) != len(b.paths):
        return False
    return any(_turned(a, steps, tileset) == b.connections and
               rotate_ports(tileset.shape, a.ports, steps) == b.ports
               for steps in range(tileset.shape.sides))


def check(setup: Setup) -> list[Finding]:
    """General findings for any tileset."""
    tileset = setup.tileset
    findings: list[Finding] = []
    if tileset.tile_count == 0:
        findings.append(Finding("error", "counts", "The mix has no tiles at all.",
                                fix="give at least one tile kind a count above 0"))
    findings.extend(stray_port_findings(tileset))
    findings.extend(no_opening_findings(tileset))
    findings.extend(rotation_duplicate_findings(tileset))
    return findings


def stray_port_findings(tileset: Tileset) -> list[Finding]:
    """Paths naming a port the shape does not have: usually a typo, and nothing could join it."""
    findings = []
    for tile in tileset.tiles:
        stray = [port for path in tile.paths for port in path.ports
                 if port not in tileset.shape.edges]
        if stray:
            findings.append(Finding(
                "error", "ports-on-edges",
                f"'{tile.name}' has ports {', '.join(stray)} that are not edges of a "
                f"{tileset.shape.name} tile.", (tile.name,),
                f"use only {' '.join(tileset.shape.edges)}"))
    return findings


def no_opening_findings(tileset: Tileset) -> list[Finding]:
    """Tunnel tiles nothing can enter, asked only where tiles join through tunnels.

    ``role`` defaults to ``tunnel``, so in a game without tunnels every tile
    would look closed; and where tiles join by lying side by side (Mattock),
    tunnels a homebrew tile draws on its face are decoration: neither asks.
    A game without rules of ours joins through tunnels when its tiles have any.
    """
    rules = rules_for(tileset.rules_game)
    tunnels = (rules.joins_by == "tunnels" if rules is not None
               else any(t.paths for t in tileset.tiles))
    if not tunnels:
        return []
    return [Finding("error", "no-openings",
                    f"'{tile.name}' is a tunnel tile with no openings: nothing can enter it.",
                    (tile.name,), "give it paths, or mark it role: event")
            for tile in tileset.tiles
            if tile.role == "tunnel" and tile.count and not tile.ports]


def rotation_duplicate_findings(tileset: Tileset) -> list[Finding]:
    """Pairs of printed kinds that are one tile turned round: players cannot tell them apart."""
    findings = []
    kinds = [tile for tile in tileset.tiles if tile.count]
    for index, a in enumerate(kinds):
        for b in kinds[index + 1 :]:
            if same_under_rotation(a, b, tileset):
                findings.append(Finding(
                    "info", "rotation-duplicate",
                    f"'{b.name}' is '{a.name}' turned round; players will not tell them apart.",
                    (a.name, b.name), f"merge them into one kind with count {a.count + b.count}"))
    return findings


