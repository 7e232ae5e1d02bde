"""Demon Mine's rules for a tile mix: can the tiles join each entrance to its hive
(and, with four players, the two pairs apart), as the validator's findings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from pnp.geometry.cells import SquareCell as Cell
from pnp.model.tileset import TileKind, Tileset
from pnp.rules import Finding, Setup
from pnp.rules.demon_mine.links import (
    CORNERS,
    NEED_NAMES,
    RUNS,
    Link,
    Region,
    Supply,
    best_link,
    closest_miss,
    links_together,
    serves,
)
from pnp.rules.demon_mine.model import AREA, ENTRANCE, HIVE, base_cells, base_layouts


def serves_of(tile: TileKind) -> int:
    """The link needs (:data:`~pnp.rules.demon_mine.links.NEED_NAMES`) a tile can meet
    where it may lie.

    A tile that must keep its printed orientation meets only the runs and
    corners it shows; a rotatable one meets every turn of them.
    """
    pairs = [tuple(sorted(pair)) for pair in tile.connections]
    return serves([(a, b) for a, b in pairs], tile.rotatable)


def supply_of(tileset: Tileset) -> tuple[Supply, dict[int, list[str]]]:
    """What the mix offers a link: tiles grouped by the needs they meet, and their kinds."""
    groups: dict[int, list[str]] = {}
    counts: dict[int, int] = {}
    for tile in tileset.tiles:
        if tile.role != "tunnel" or not tile.count:
            continue
        mask = serves_of(tile)
        if mask:
            groups.setdefault(mask, []).append(tile.name)
            counts[mask] = counts.get(mask, 0) + tile.count
    return Supply(fixed=tuple(sorted(counts.items()))), groups


def assign_tiles(links: Sequence[Link], tileset: Tileset,
                 groups: dict[int, list[str]]) -> list[list[str]]:
    """A tile kind for every square of the links, each kind used at most its count.

    A matching by augmenting paths: a square may take a kind already given to
    another square if that square can switch to a kind still in stock, so a
    choice that fits is always found when one exists.
    """
    kinds = {name: mask for mask, names in groups.items() for name in names}
    left = {tile.name: tile.count for tile in tileset.tiles if tile.name in kinds}
    squares = [NEED_NAMES.index(need) for link in links for need in link.needs]
    given: list[str | None] = [None] * len(squares)
    for index in range(len(squares)):
        _augment(index, squares, given, kinds, left, set())
    chosen = iter(name or "?" for name in given)
    return [[next(chosen) for _ in link.needs] for link in links]


def _augment(index: int, squares: list[int], given: list[str | None], kinds: dict[str, int],
             left: dict[str, int], tried: set[str]) -> bool:
    """Give square ``index`` a kind, moving other squares to other kinds if need be."""
    able = [name for name, mask in kinds.items() if mask >> squares[index] & 1]
    for name in able:
        if left[name] > 0:
            left[name] -= 1
            given[index] = name
            return True
    for name in able:
        if name in tried:
            continue
        tried.add(name)
        for other, holding in enumerate(given):
            if holding == name and other != index and \
                    _augment_other(other, squares, given, kinds, left, tried):
                given[index] = name
                return True
    return False


def _augment_other(other: int, squares: list[int], given: list[str | None],
                   kinds: dict[str, int], left: dict[str, int], tried: set[str]) -> bool:
    """Move square ``other`` off its kind, freeing one copy of it for the caller."""
    holding = given[other]
    assert holding is not None
    given[other] = None
    left[holding] += 1
    if _augment(other, squares, given, kinds, left, tried):
        left[holding] -= 1
        return True
    left[holding] -= 1
    given[other] = holding
    return False


def describe(names: list[str]) -> str:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{count} {name}" for name, count in counts.items())


def link_pairs(entrances: tuple[Cell, ...],
               hives: tuple[Cell, ...]) -> list[tuple[Cell, Cell, Region | None]]:
    """Every entrance with every hive, each pair given its own part of the grid.

    With one pair the link may go anywhere. With four players the bases sit
    on the corners of the 8 x 8 area and each entrance-hive pair shares a
    side; each link keeps to the squares nearer its own side than any other
    (the quarter of the plane on that side of both diagonals), so the links
    never share a square and no tile is counted twice.
    """
    pairs = [(entrance, hive) for entrance in entrances for hive in hives]
    if len(pairs) == 1:
        return [(pairs[0][0], pairs[0][1], None)]
    return [(entrance, hive, side_region(entrance, hive)) for entrance, hive in pairs]


def side_region(a: Cell, b: Cell) -> Region:
    """The squares nearer the side of the 8 x 8 area through ``a`` and ``b`` than any other."""
    centre = 3.5
    mid = ((a[0] + b[0]) / 2 - centre, (a[1] + b[1]) / 2 - centre)

    def inside(cell: Cell) -> bool:
        dx, dy = cell[0] - centre, cell[1] - centre
        if abs(mid[1]) > abs(mid[0]):
            return abs(dy) > abs(dx) and dy * mid[1] > 0
        return abs(dx) > abs(dy) and dx * mid[0] > 0

    return inside


def check(setup: Setup) -> list[Finding]:
    """Bases for the player count, and whether the links can all be dug from the one mix."""
    tileset = setup.tileset
    findings = base_findings(setup)
    supply, groups = supply_of(tileset)
    layout = chosen_layout(supply, setup.players)
    findings.extend(_link_findings(tileset, (supply, groups), layout))
    findings.append(_summary(tileset, supply))
    return findings


def base_findings(setup: Setup) -> list[Finding]:
    """An error for each kind of base the mix holds too many or too few of: the player
    count decides how many entrances and hives the set-up lays."""
    players = setup.players
    entrances, hives = base_cells(players)
    findings = []
    for base, what, want in ((ENTRANCE, "mine entrance", len(entrances)),
                             (HIVE, "beetle hive", len(hives))):
        have = setup.count(base)
        if have != want:
            findings.append(Finding(
                "error", "setup-bases",
                f"{players} players need exactly {want} {what} tile{'s' if want > 1 else ''}, "
                f"the mix has {have}.", (base,), f"set {base} to {want}", ((base, want),)))
    return findings


def _summary(tileset: Tileset, supply: Supply) -> Finding:
    """The mix in the terms its links need: tiles that only run straight, only turn, or
    do either, and the events."""
    events = sum(tile.count for tile in tileset.tiles if tile.role == "event")
    runs = sum(count for mask, count in supply.groups if mask & RUNS and not mask & CORNERS)
    corners = sum(count for mask, count in supply.groups if mask & CORNERS and not mask & RUNS)
    either = sum(count for mask, count in supply.groups if mask & RUNS and mask & CORNERS)
    return Finding("info", "mix-summary",
                   f"{tileset.tile_count} tiles: {runs} only run straight, {corners} only "
                   f"turn, {either} do either; {events} events.")


class Layout(msgspec.Struct, frozen=True):
    """Where the set-up lays the bases, each entrance-hive pair, and the links the mix can
    dig between them (None when it cannot dig them all)."""

    entrances: tuple[Cell, ...]
    hives: tuple[Cell, ...]
    pairs: tuple[tuple[Cell, Cell, Region | None], ...]  # as link_pairs gives them
    links: tuple[Link, ...] | None


def chosen_layout(supply: Supply, players: int) -> Layout:
    """The first way of laying the bases whose links the mix can dig, else the first.

    Two or three players lay the two bases on a diagonal line of the 8 x 8
    area, either one; turned tiles make the two alike, but tiles that may not
    be turned can join one diagonal and not the other. Four players hold all
    four corners, so they have one layout.
    """
    layouts = []
    for entrances, hives in base_layouts(players):
        pairs = link_pairs(entrances, hives)
        found: tuple[Link, ...] | None
        if len(pairs) == 1:
            single = best_link(pairs[0][0], pairs[0][1], supply)
            found = None if single is None else (single,)
        else:
            together = links_together(pairs, supply)
            found = None if together is None else tuple(together)
        layout = Layout(entrances, hives, tuple(pairs), found)
        if found is not None:
            return layout
        layouts.append(layout)
    return layouts[0]


def _where(start: Cell, goal: Cell) -> str:
    return f"the entrance at {start} and the hive at {goal}"


def _link_findings(tileset: Tileset, stock: tuple[Supply, dict[int, list[str]]],
                   layout: Layout) -> list[Finding]:
    """One finding per link when they can all be dug together, else one error saying why."""
    supply, groups = stock
    pairs = layout.pairs
    if layout.links is not None:
        names = assign_tiles(list(layout.links), tileset, groups)
        return [Finding("info", "link",
                        f"Shortest possible link between {_where(start, goal)}: "
                        f"{len(link.cells)} tiles ({describe(tiles)}), through "
                        f"{', '.join(map(str, link.cells))}."
                        if len(pairs) == 1 else
                        f"Link between {_where(start, goal)}, dug from the same mix as the "
                        f"other {len(pairs) - 1}: {len(link.cells)} tiles ({describe(tiles)}), "
                        f"through {', '.join(map(str, link.cells))}.",
                        tuple(sorted(set(tiles))))
                for (start, goal, _), link, tiles in zip(pairs, layout.links, names,
                                                         strict=True)]
    return [_link_error(supply, groups, list(pairs))]


def _link_error(supply: Supply, groups: dict[int, list[str]],
                pairs: list[tuple[Cell, Cell, Region | None]]) -> Finding:
    """Why no set of links can be dug, and how many flexible tiles would fix it."""
    every = tuple(name for names in groups.values() for name in names)
    where = (_where(pairs[0][0], pairs[0][1]) if len(pairs) == 1 else
             f"each of the {len(pairs)} entrance-hive pairs (one tunnel each, sharing no square)")
    diagonal = any(start[0] != goal[0] and start[1] != goal[1] for start, goal, _ in pairs)
    if diagonal and not any(mask & CORNERS for mask, _ in supply.groups):
        return Finding("error", "link",
                       f"No tunnel can join {where}: they sit on a diagonal, so the link must "
                       "turn, and no tile in the mix can turn a corner.",
                       every, "add at least 1 elbow, tee or cross")
    miss = closest_miss(pairs, supply)
    if miss is None:
        return Finding("error", "link", f"No tunnel can join {where}.",
                       fix="add straight, elbow, tee or cross tiles")
    nearest, short = miss
    cells = sum(len(link.cells) for link in nearest)
    turning = sum(link.turns for link in nearest)
    shape = (f"the nearest buildable link has {cells} squares" if len(pairs) == 1 else
             f"the nearest buildable set of links has {cells} squares in all")
    return Finding("error", "link",
                   f"No tunnel can join {where} with this mix: {shape} ({cells - turning} "
                   f"straight, {turning} turning) and is {short} tile{'s' if short != 1 else ''} "
                   "short.", every,
                   f"add at least {short} tee or cross tiles (or the straights and turns that "
                   "link needs)")


def base_links(setup: Setup) -> dict[str, Any]:
    """The bases (on the diagonal the mix can join, as the validator chose) and the
    shortest links the mix can dig, square by square, or none: what the studio draws
    on a small board of the starting area."""
    supply, groups = supply_of(setup.tileset)
    layout = chosen_layout(supply, setup.players)
    links = []
    if layout.links is not None:
        names = assign_tiles(list(layout.links), setup.tileset, groups)
        links = [{"cells": [list(cell) for cell in link.cells], "needs": list(link.needs),
                  "tiles": tiles} for link, tiles in zip(layout.links, names, strict=True)]
    return {"size": AREA, "entrances": [list(cell) for cell in layout.entrances],
            "hives": [list(cell) for cell in layout.hives], "links": links}
