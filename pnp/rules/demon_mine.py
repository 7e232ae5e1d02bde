"""Demon Mine's rules about the tile mix (counts and openings).

Facts used here: the mine entrance and the beetle hive start on opposite
corners of an 8 x 8 area, so a link between them crosses at least 13 squares
and must turn at least once; two players use one entrance and one hive, four
players two of each. Tunnels are whatever the tile paths open, never a list
typed separately.
"""

from __future__ import annotations

from pnp.geometry import SQUARE
from pnp.model import TileKind
from pnp.rules import Finding, Setup

ENTRANCE = "mine-entrance"
HIVE = "beetle-hive"
SQUARES_BETWEEN_BASES = 13  # (0,0) to (7,7) is 14 orthogonal steps: 13 squares between


def turns(tile: TileKind) -> bool:
    """True when the tile joins two edges that do not face each other."""
    return any(SQUARE.opposite(a) != b
               for pair in tile.connections for a, b in [tuple(pair)])


def goes_straight(tile: TileKind) -> bool:
    """True when the tile joins two facing edges."""
    return any(SQUARE.opposite(a) == b
               for pair in tile.connections for a, b in [tuple(pair)])


def check(setup: Setup) -> list[Finding]:
    """Count rules for a Demon Mine mix with 2 or 4 players."""
    tileset, players = setup.tileset, setup.players
    findings: list[Finding] = []
    names = {tile.name for tile in tileset.tiles}
    bases_each = 2 if players == 4 else 1
    for base, what in ((ENTRANCE, "mine entrance"), (HIVE, "beetle hive")):
        have = tileset.tile(base).count if base in names else 0
        if have != bases_each:
            findings.append(Finding(
                "error", "setup-bases",
                f"{players} players need exactly {bases_each} {what} tile"
                f"{'s' if bases_each > 1 else ''}, the mix has {have}.",
                (base,), f"set {base} to {bases_each}"))
    tunnels = [tile for tile in tileset.tiles if tile.role == "tunnel"]
    for tile in tunnels:
        if not tile.ports and tile.count:
            findings.append(Finding(
                "error", "tunnel-openings",
                f"'{tile.name}' is a tunnel tile with no openings, so no pawn can enter it.",
                (tile.name,), "give it paths, or mark it role: event"))
    linking = [tile for tile in tunnels if len(tile.ports) >= 2 and tile.count]
    linking_count = sum(tile.count for tile in linking)
    if linking_count < SQUARES_BETWEEN_BASES:
        findings.append(Finding(
            "error", "link-length",
            f"The entrance and the hive are {SQUARES_BETWEEN_BASES} squares apart but the mix "
            f"has only {linking_count} tunnel tiles with two or more openings.",
            tuple(tile.name for tile in linking),
            f"add at least {SQUARES_BETWEEN_BASES - linking_count} straight, elbow, tee or "
            "cross tiles"))
    turning = [tile for tile in linking if turns(tile)]
    if not turning:
        findings.append(Finding(
            "error", "link-turns",
            "The bases sit on a diagonal, so a link must turn, but no tile in the mix can "
            "turn a corner.", (), "add at least 1 elbow, tee or cross"))
    events = sum(tile.count for tile in tileset.tiles if tile.role == "event")
    findings.append(Finding(
        "info", "mix-summary",
        f"{tileset.tile_count} tiles: {linking_count} linking tunnels "
        f"({sum(t.count for t in turning)} can turn), {events} events."))
    return findings
