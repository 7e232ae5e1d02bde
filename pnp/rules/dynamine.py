"""Dynamine: building a mine downward, moving peripheral tiles, and end-of-game scoring.

Facts used (from the rulebook, in our words): tiles never turn, so the cost die
stays in the top-right corner; a new tile must line up with every tile it
touches so that tunnels meet tunnels and rock meets rock; only peripheral tiles
move, and a moved tile follows the same building rules. Scoring adds veins
(worth their level, 5 from level 5 down), altars (printed value plus 1 per vein
on their level), wells, dragon fossils, six reward cards, items and missions;
a tie goes to the player with more tiles on the deepest levels.

Every tile property is read from the tile's printed features (die face, icons,
badges, "+1" plaques) and its paths, never from its name, so homebrew tiles
score like published ones.

Our readings of the rulebook where it is open to more than one reading are
listed in docs/dynamine-layout.md; the important ones are named constants here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from pnp.geometry.shapes import SQUARE
from pnp.input.load import load_file
from pnp.input.schema import (
    Anything,
    Choice,
    Exact,
    Field,
    GridCell,
    Items,
    ListOf,
    Node,
    Reading,
    Record,
    Text,
    nodes,
    repeated,
)
from pnp.model.tileset import Component, Feature, TileKind, Tileset
from pnp.rules import Finding, GameRules, Setup, Severity

Cell = tuple[int, int]  # (x, level): x grows to the east, the level grows downward

# The rulebook puts depth marker 1 beside the mine entrance at setup, so the
# entrance's row is level 1 and every row below it is one level deeper.
ENTRANCE_LEVEL = 1
VEIN_CAP_LEVEL = 5  # from this level down every vein is worth the same
MISSION_LEVEL = 5  # "level 5" in missions means that level exactly
SAPPHIRE_LEVEL = 4
# Ties on total go to the most tiles on level 5, then level 4, and so on up to the
# entrance's level; players still level after level 1 share the win.
TIE_BREAK_LEVELS = tuple(range(MISSION_LEVEL, ENTRANCE_LEVEL - 1, -1))
# The rulebook says of one pictured dragon "this dragon fossil also counts";
# we read it as the dragon in a well counting as a fossil (never for fossil VP).
WELL_DRAGON_COUNTS_AS_FOSSIL = True
# Reward points when the tileset's reward cards do not print them (a reconstruction).
DEFAULT_SIDE_A = 3
DEFAULT_SIDE_B = (3, 1)
VERTICAL = frozenset(("N", "S"))


# ---------------------------------------------------------------------------
# What a tile shows, read from its features.


class TileFacts(msgspec.Struct, frozen=True):
    """Everything the rules need to know about a tile kind, taken from its features."""

    costs: tuple[int, ...] = ()  # every die face printed (a valid tile has exactly one)
    veins: int = 0
    plus_one_edges: tuple[str, ...] = ()  # tunnel ends marked "+1"
    plus_one_token: bool = False
    move_tile: bool = False
    wells: tuple[str, ...] = ()  # "plain", "altar" or "dragon" for each well icon
    altars: tuple[int | None, ...] = ()  # printed value, None when the badge is missing
    fossils: tuple[int | None, ...] = ()
    sapphire: bool = False
    entrance: bool = False

    @property
    def cost(self) -> int | None:
        """The building cost, or None when the tile shows no single die."""
        return self.costs[0] if len(self.costs) == 1 else None

    @property
    def fossil_count(self) -> int:
        """Fossils for rewards, items and missions (a well's dragon may count too)."""
        dragons = self.wells.count("dragon") if WELL_DRAGON_COUNTS_AS_FOSSIL else 0
        return len(self.fossils) + dragons


_WELL_ICONS = MappingProxyType({"well": "plain", "well-altar": "altar",
                                "well-dragon": "dragon"})


def _badge_number(badge: str) -> int | None:
    """A badge's number, or None when it shows no plain number."""
    text = badge.strip()
    return int(text) if text.isdigit() else None


def tile_facts(kind: TileKind) -> TileFacts:
    """Read a tile's scoring and building properties from what is printed on it."""
    costs: list[int] = []
    veins = 0
    plus_edges: list[str] = []
    wells: list[str] = []
    altars: list[int | None] = []
    fossils: list[int | None] = []
    icons: set[str] = set()
    for feature in kind.features:
        if feature.kind == "die":
            costs.append(int(feature.value))
        elif feature.kind == "label" and str(feature.value).strip() == "+1":
            plus_edges.append(feature.at)
        elif feature.kind == "icon":
            icon = str(feature.value)
            icons.add(icon)
            if icon == "vein":
                veins += _badge_number(feature.badge) or 1  # a badge "2" marks two veins
            elif icon in _WELL_ICONS:
                wells.append(_WELL_ICONS[icon])
            elif icon == "altar":
                altars.append(_badge_number(feature.badge))
            elif icon == "fossil":
                fossils.append(_badge_number(feature.badge))
    return TileFacts(costs=tuple(costs), veins=veins, plus_one_edges=tuple(plus_edges),
                     plus_one_token="plus-one-token" in icons, move_tile="move-tile" in icons,
                     wells=tuple(wells), altars=tuple(altars), fossils=tuple(fossils),
                     sapphire="sapphire" in icons, entrance=kind.role == "base")


def is_vertical(kind: TileKind) -> bool:
    """True for a tunnel tile whose tunnel runs straight through from top to bottom."""
    return kind.role == "tunnel" and VERTICAL in kind.connections


# ---------------------------------------------------------------------------
# One player's mine and the building rules.


class Mine(msgspec.Struct, frozen=True):
    """One player's mine: tile kinds by (x, level) cell, the entrance included.

    A mine is never changed in place; placing or moving a tile gives a new one,
    so a scorer or a simulator can keep earlier states without copying.
    """

    entrance: Cell
    tiles: MappingProxyType[Cell, TileKind]

    @classmethod
    def start(cls, entrance: TileKind, cell: Cell = (0, ENTRANCE_LEVEL)) -> Mine:
        """A mine holding only its entrance."""
        return cls(cell, MappingProxyType({cell: entrance}))

    @classmethod
    def of(cls, entrance_cell: Cell, tiles: dict[Cell, TileKind]) -> Mine:
        """A mine from a finished placement map (no building rules are checked)."""
        return cls(entrance_cell, MappingProxyType(dict(tiles)))

    def with_tile(self, cell: Cell, kind: TileKind) -> Mine:
        """This mine with one more tile, unchecked (see :func:`can_place`)."""
        return Mine.of(self.entrance, {**self.tiles, cell: kind})

    def without(self, cell: Cell) -> Mine:
        """This mine with one tile taken away."""
        return Mine.of(self.entrance, {c: k for c, k in self.tiles.items() if c != cell})

    @property
    def depth(self) -> int:
        """The deepest level holding a tile: the number of levels the mine spans."""
        return max(level for _, level in self.tiles)

    def cells_on(self, level: int) -> tuple[Cell, ...]:
        """The occupied cells of one level, west to east."""
        return tuple(sorted(cell for cell in self.tiles if cell[1] == level))


def _open(mine: Mine, cell: Cell, edge: str) -> bool:
    kind = mine.tiles.get(cell)
    return kind is not None and edge in kind.ports


def reachable_ports(mine: Mine) -> frozenset[tuple[Cell, str]]:
    """Tunnel ends joined to the entrance: along a tile's own paths and across open edges.

    Working on tunnel ends rather than whole tiles keeps tiles with two walled-off
    tunnels honest: only the tunnel that really leads to the entrance counts.
    """
    start = [(mine.entrance, edge) for edge in sorted(mine.tiles[mine.entrance].ports)]
    seen = set(start)
    frontier = list(start)
    while frontier:
        cell, edge = frontier.pop()
        kind = mine.tiles[cell]
        steps = [(cell, other) for path in kind.paths if edge in path.ports
                 for other in path.ports]
        across = SQUARE.neighbour(cell, edge)
        if _open(mine, across, SQUARE.opposite(edge)):
            steps.append((across, SQUARE.opposite(edge)))
        for step in steps:
            if step not in seen:
                seen.add(step)
                frontier.append(step)
    return frozenset(seen)


def connected_cells(mine: Mine) -> frozenset[Cell]:
    """Cells whose tile has a tunnel joined to the entrance (the entrance itself too)."""
    return frozenset({cell for cell, _ in reachable_ports(mine)} | {mine.entrance})


def first_mismatch(mine: Mine, cell: Cell, kind: TileKind) -> tuple[str, Cell, bool] | None:
    """The first edge where ``kind`` at ``cell`` would meet rock with tunnel (or the
    reverse): (edge, the neighbour's cell, whether this tile is open there)."""
    for edge in SQUARE.edges:
        there = SQUARE.neighbour(cell, edge)
        if there not in mine.tiles:
            continue
        here_open = edge in kind.ports
        if here_open != _open(mine, there, SQUARE.opposite(edge)):
            return edge, there, here_open
    return None


def placement_problem(mine: Mine, cell: Cell, kind: TileKind) -> str | None:
    """Why ``kind`` may not be built at ``cell`` as printed, or None when it may.

    Tiles keep their printed orientation, so only the edges as drawn count.
    """
    if kind.role != "tunnel":
        return f"'{kind.name}' is not a tunnel tile, so it is never built into a mine"
    if cell in mine.tiles:
        return f"the cell {list(cell)} already holds '{mine.tiles[cell].name}'"
    if cell[1] < mine.entrance[1]:
        return (f"the cell {list(cell)} is above the entrance's level; the mine is dug "
                "downward and sideways only")
    mismatch = first_mismatch(mine, cell, kind)
    if mismatch is not None:
        edge, there, here_open = mismatch
        return (f"its {edge} edge is {'open' if here_open else 'rock'} but "
                f"'{mine.tiles[there].name}' at {list(there)} is "
                f"{'rock' if here_open else 'open'} there, so the tunnels do not line up")
    reachable = reachable_ports(mine)
    joined = any(edge in kind.ports and
                 (SQUARE.neighbour(cell, edge), SQUARE.opposite(edge)) in reachable
                 for edge in SQUARE.edges if SQUARE.neighbour(cell, edge) in mine.tiles)
    if not joined:
        return (f"no tunnel of it meets an open tunnel of the mine at {list(cell)}: "
                "a new tile must connect to the tunnels already built")
    return None


def can_place(mine: Mine, cell: Cell, kind: TileKind) -> bool:
    """True when ``kind`` may be built at ``cell`` without turning it."""
    return placement_problem(mine, cell, kind) is None


def plus_one_bonus(mine: Mine, cell: Cell, kind: TileKind) -> int:
    """Extra building points for building ``kind`` at ``cell``: one per "+1" end it meets."""
    bonus = 0
    for edge in sorted(kind.ports):
        there = SQUARE.neighbour(cell, edge)
        facing = SQUARE.opposite(edge)
        if _open(mine, there, facing) and facing in tile_facts(mine.tiles[there]).plus_one_edges:
            bonus += 1
    return bonus


def _outside(mine: Mine) -> frozenset[Cell]:
    """Empty cells reachable from beyond the mine's bounding box: its surroundings."""
    xs = [x for x, _ in mine.tiles]
    levels = [level for _, level in mine.tiles]
    low, high = (min(xs) - 1, min(levels) - 1), (max(xs) + 1, max(levels) + 1)
    seen = {low}
    frontier = [low]
    while frontier:
        cell = frontier.pop()
        for edge in SQUARE.edges:
            nxt = SQUARE.neighbour(cell, edge)
            inside_box = low[0] <= nxt[0] <= high[0] and low[1] <= nxt[1] <= high[1]
            if inside_box and nxt not in mine.tiles and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return frozenset(seen)


def peripheral_tiles(mine: Mine) -> tuple[Cell, ...]:
    """Tiles that may be moved: on the mine's outer edge, and not holding the mine together.

    A tile is peripheral when it touches the mine's surroundings and every
    other tile stays joined to the entrance without it. The entrance never moves.
    """
    outside = _outside(mine)
    result = []
    for cell in sorted(mine.tiles, key=lambda c: (c[1], c[0])):
        if cell == mine.entrance:
            continue
        if not any(SQUARE.neighbour(cell, edge) in outside for edge in SQUARE.edges):
            continue
        rest = mine.without(cell)
        if connected_cells(rest) == frozenset(rest.tiles):
            result.append(cell)
    return tuple(result)


class IllegalMove(ValueError):
    """A requested tile move breaks the building or moving rules."""


def move_problem(mine: Mine, from_cell: Cell, to_cell: Cell) -> str | None:
    """Why the tile at ``from_cell`` may not move to ``to_cell``, or None when it may."""
    if from_cell not in mine.tiles:
        return f"there is no tile at {list(from_cell)}"
    if from_cell == mine.entrance:
        return "the mine entrance never moves"
    if from_cell == to_cell:
        return "a moved tile must go to another cell"
    if from_cell not in peripheral_tiles(mine):
        return (f"'{mine.tiles[from_cell].name}' at {list(from_cell)} is not peripheral: "
                "it is enclosed, or taking it away would cut tunnels off from the entrance")
    return placement_problem(mine.without(from_cell), to_cell, mine.tiles[from_cell])


def can_move(mine: Mine, from_cell: Cell, to_cell: Cell) -> bool:
    """True when the tile at ``from_cell`` may be moved to ``to_cell``."""
    return move_problem(mine, from_cell, to_cell) is None


def move_tile(mine: Mine, from_cell: Cell, to_cell: Cell) -> Mine:
    """The mine after moving a peripheral tile; :class:`IllegalMove` says why not."""
    problem = move_problem(mine, from_cell, to_cell)
    if problem is not None:
        raise IllegalMove(problem)
    return mine.without(from_cell).with_tile(to_cell, mine.tiles[from_cell])


# ---------------------------------------------------------------------------
# Scoring one mine.


def vein_value(level: int) -> int:
    """What one vein on ``level`` is worth: its level, and no more than the cap."""
    return min(level, VEIN_CAP_LEVEL)


def veins_on(mine: Mine, level: int) -> int:
    return sum(tile_facts(mine.tiles[cell]).veins for cell in mine.cells_on(level))


def _run(mine: Mine, cell: Cell, edge: str) -> int:
    """Vertical tunnel tiles in an unbroken line from ``cell`` through its ``edge``."""
    count = 0
    here = cell
    while edge in mine.tiles[here].ports:
        nxt = SQUARE.neighbour(here, edge)
        kind = mine.tiles.get(nxt)
        if kind is None or not is_vertical(kind):
            break
        count += 1
        here = nxt
    return count


def well_points(mine: Mine, cell: Cell, well: str) -> int:
    """A well's VP: see docs/dynamine-layout.md for how we read the two formulas.

    A plain well pays 1 plus every other vertical tile of the shaft it sits in
    (above and below); a well with an altar or a dragon pays 2 plus the
    vertical tiles stacked directly above it.
    """
    above = _run(mine, cell, "N")
    if well == "plain":
        return 1 + above + _run(mine, cell, "S")
    return 2 + above


class MineCounts(msgspec.Struct, frozen=True):
    """What the reward cards compare between players."""

    fossils: int
    wells: int
    altars: int
    deepest: int
    veins: int
    tiles: int

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__struct_fields__}


def mine_counts(mine: Mine) -> MineCounts:
    """Totals of one mine, for reward cards and items."""
    facts = [tile_facts(kind) for kind in mine.tiles.values()]
    return MineCounts(fossils=sum(f.fossil_count for f in facts),
                      wells=sum(len(f.wells) for f in facts),
                      altars=sum(len(f.altars) for f in facts),
                      deepest=mine.depth, veins=sum(f.veins for f in facts),
                      tiles=len(mine.tiles))


def level_report(mine: Mine) -> list[dict[str, int]]:
    """Per level: tiles, veins and each scoring part, so a score can be checked by hand."""
    rows = []
    for level in range(mine.entrance[1], mine.depth + 1):
        veins = veins_on(mine, level)
        row = {"level": level, "tiles": len(mine.cells_on(level)), "veins": veins,
               "vein_points": veins * vein_value(level), "altar_points": 0, "well_points": 0,
               "fossil_points": 0}
        for cell in mine.cells_on(level):
            facts = tile_facts(mine.tiles[cell])
            row["altar_points"] += sum((value or 0) + veins for value in facts.altars)
            row["well_points"] += sum(well_points(mine, cell, well) for well in facts.wells)
            row["fossil_points"] += sum(value or 0 for value in facts.fossils)
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# Items, missions and reward cards.


def _sapphire_at_4(mine: Mine) -> bool:
    return any(tile_facts(mine.tiles[c]).sapphire for c in mine.cells_on(SAPPHIRE_LEVEL))


def _on_mission_level(mine: Mine, test: str) -> bool:
    facts = [tile_facts(mine.tiles[c]) for c in mine.cells_on(MISSION_LEVEL)]
    if test == "fossil":
        return any(f.fossil_count for f in facts)
    if test == "altar":
        return any(f.altars for f in facts)
    if test == "well":
        return any(f.wells for f in facts)
    return len(facts) >= 3  # "three tiles"


# item -> (what it counts, VP for each); one-use items count nothing at the end
ITEMS: MappingProxyType[str, tuple[str, int]] = MappingProxyType({
    "ancient-ring": ("altars", 2),
    "water-barrel": ("wells", 2),
    "wall-torches": ("fossils", 2),
    "support-beams": ("deepest", 1),
    "cave-raven": ("", 0),
    "mine-plan": ("", 0),
})
# mission -> (what must be on the level, VP)
MISSIONS: MappingProxyType[str, tuple[str, int]] = MappingProxyType({
    "blue-sapphire": ("sapphire", 5),
    "giant-dragon-skull": ("fossil", 4),
    "great-stone-altar": ("altar", 4),
    "deep-halls": ("three-tiles", 4),
    "main-water-well": ("well", 4),
})
REWARDS = ("fossils", "wells", "altars", "deepest", "veins", "tiles")
_REWARD_WORDS = MappingProxyType({"fossils": "FOSSIL", "wells": "WELL", "altars": "ALTAR",
                                  "deepest": "DEEP", "veins": "VEIN", "tiles": "TILE"})


def item_points(item: str, counts: MineCounts) -> int:
    what, each = ITEMS[item]
    return getattr(counts, what) * each if what else 0


def mission_done(mission: str, mine: Mine) -> bool:
    what, _ = MISSIONS[mission]
    return _sapphire_at_4(mine) if what == "sapphire" else _on_mission_level(mine, what)


class RewardValue(msgspec.Struct, frozen=True):
    """The points of one reward card: side A (2 players) and side B 1st and 2nd place."""

    side_a: int
    side_b: tuple[int, int]
    source: str  # "card" when read from the tileset's card, else "default"


def _vp_numbers(features: Iterable[Feature]) -> list[int]:
    text = " ".join(str(f.value) for f in features if f.kind in ("text", "label"))
    return [int(n) for n in re.findall(r"(\d+)\s*VP", text)]


def _reward_card(tileset: Tileset, reward: str) -> Component | None:
    """The double-sided card whose title names this reward (item and mission cards are
    one-sided, so they are never mistaken for a reward)."""
    word = _REWARD_WORDS[reward]
    for component in tileset.components:
        if component.kind != "card" or component.reverse is None:
            continue
        titles = " ".join(str(f.value).upper() for f in component.features if f.kind == "label")
        if word in titles:
            return component
    return None


def reward_values(tileset: Tileset) -> dict[str, RewardValue]:
    """Reward points as printed on the tileset's cards, else our documented defaults."""
    values = {}
    for reward in REWARDS:
        card = _reward_card(tileset, reward)
        front = _vp_numbers(card.features) if card else []
        back = _vp_numbers(card.reverse.features) if card and card.reverse else []
        if front and len(back) >= 2:
            values[reward] = RewardValue(front[0], (back[0], back[1]), "card")
        else:
            values[reward] = RewardValue(DEFAULT_SIDE_A, DEFAULT_SIDE_B, "default")
    return values


def award(amounts: dict[str, int], side: str, value: RewardValue) -> dict[str, int]:
    """Points each player takes from one reward card.

    Side A: only a sole leader scores. Side B: a player's place is 1 + the
    number of players strictly ahead, so players tied for a place all take its
    points and the place after a tie is skipped. Nobody scores with a count of 0.
    """
    points = dict.fromkeys(amounts, 0)
    if side == "A":
        top = max(amounts.values())
        leaders = [name for name, amount in amounts.items() if amount == top]
        if len(leaders) == 1 and top > 0:
            points[leaders[0]] = value.side_a
        return points
    for name, amount in amounts.items():
        place = 1 + sum(1 for other in amounts.values() if other > amount)
        if amount > 0 and place <= 2:
            points[name] = value.side_b[place - 1]
    return points


# ---------------------------------------------------------------------------
# A whole game: the layout file and its score.


class PlayerLayout(msgspec.Struct, frozen=True):
    """One player's finished mine with the item and mission cards they hold."""

    name: str
    mine: Mine
    items: tuple[str, ...] = ()
    missions: tuple[str, ...] = ()


class Layout(msgspec.Struct, frozen=True):
    """A finished game: the players' mines; ``side`` None means chosen by player count."""

    players: tuple[PlayerLayout, ...]
    side: str | None = None

    @property
    def reward_side(self) -> str:
        return self.side or ("A" if len(self.players) <= 2 else "B")


def _tie_key(mine: Mine) -> tuple[int, ...]:
    """Tiles on level 5, then on level 4, and so on up to level 1: the rulebook's tie-break.

    Level 5 means that level exactly, as for the missions; tiles deeper than it
    do not count (see TIE_BREAK_LEVELS).
    """
    return tuple(len(mine.cells_on(level)) for level in TIE_BREAK_LEVELS)


def _player_score(player: PlayerLayout, rewards: dict[str, int]) -> dict[str, Any]:
    mine = player.mine
    rows = level_report(mine)
    counts = mine_counts(mine)
    items = {item: item_points(item, counts) for item in player.items}
    missions = {m: MISSIONS[m][1] if mission_done(m, mine) else 0 for m in player.missions}
    breakdown = {
        "veins": sum(r["vein_points"] for r in rows),
        "altars": sum(r["altar_points"] for r in rows),
        "wells": sum(r["well_points"] for r in rows),
        "fossils": sum(r["fossil_points"] for r in rows),
        "rewards": sum(rewards.values()),
        "items": sum(items.values()),
        "missions": sum(missions.values()),
    }
    return {"name": player.name, "breakdown": breakdown, "total": sum(breakdown.values()),
            "levels": rows, "counts": counts.as_dict(), "rewards": rewards, "items": items,
            "missions": missions}


def score_layout(tileset: Tileset, layout: Layout) -> dict[str, Any]:
    """Score a finished game: a breakdown per player, the ranking and the winner.

    ``winner`` is None when players stay tied after every tie-break; ``winners``
    then lists them all.
    """
    side = layout.reward_side
    values = reward_values(tileset)
    counts = {p.name: mine_counts(p.mine) for p in layout.players}
    won: dict[str, dict[str, int]] = {p.name: {} for p in layout.players}
    for reward in REWARDS:
        amounts = {name: getattr(c, reward) for name, c in counts.items()}
        for name, points in award(amounts, side, values[reward]).items():
            won[name][reward] = points
    players = [_player_score(p, won[p.name]) for p in layout.players]
    keys = {p.name: (s["total"], *_tie_key(p.mine))
            for p, s in zip(layout.players, players, strict=True)}
    ranking = sorted(keys, key=lambda name: keys[name], reverse=True)
    winners = [name for name in ranking if keys[name] == keys[ranking[0]]]
    return {"side": side, "players": players, "ranking": ranking, "winners": winners,
            "winner": winners[0] if len(winners) == 1 else None,
            "reward_values": {r: {"side_a": v.side_a, "side_b": list(v.side_b),
                                  "source": v.source} for r, v in values.items()}}


# --- reading a layout file ---------------------------------------------------
# The format is declared once (pnp.input.schema): the same records read the
# file, word its errors and generate the tables in docs/dynamine-layout.md.

CELL = GridCell("not a cell", "[x, level] with whole numbers, e.g. [0, 2]",
                "`[x, level]`, two whole numbers", show_value=True)
ITEM = Choice(tuple(ITEMS), unknown="item", prefix="item-")
MISSION = Choice(tuple(MISSIONS), unknown="mission", prefix="mission-")

PLACEMENT = Record("dynamine:placement", (
    Field("tile", Choice(context="tunnels", unknown="tunnel tile",
                         doc_as="name of a tunnel tile of the tileset"), "", required=True),
    Field("at", CELL, "`x` grows to the east, `level` grows downward", required=True),
), doc_as="a placed tile")


def _entrance_row(player: Node) -> None:
    """Depth marker 1 sits beside the entrance, so its row is level 1 by definition."""
    if player.given("entrance") and player.ok("entrance") and \
            player["entrance"][1] != ENTRANCE_LEVEL:
        player.fail("entrance", f"the entrance's row is level {ENTRANCE_LEVEL} (depth marker 1 "
                    "sits beside it)", list(player["entrance"]), f"[x, {ENTRANCE_LEVEL}]")


PLAYER = Record("dynamine:player", (
    Field("name", Text(40, what="a player name"), "different for each player", required=True),
    Field("entrance", CELL, "where the mine entrance sits, `[x, 1]`. Each player has their own "
          "grid, so two players may use the same cells", default=(0, ENTRANCE_LEVEL),
          default_doc="`[0, 1]`"),
    Field("tiles", ListOf(PLACEMENT, "placed tiles", doc_as="list of placed tiles, each "
                          "`{tile: NAME, at: [x, level]}` (below)"),
          "the tiles built, in any order", default_doc="none"),
    Field("items", ListOf(ITEM, "item names", doc_as=f"list of item cards: {ITEM.doc()}"),
          "the item cards held", default_doc="none"),
    Field("missions", ListOf(MISSION, "mission names",
                             doc_as=f"list of mission cards: {MISSION.doc()}"),
          "the mission cards held", default_doc="none"),
), rules=(_entrance_row,), doc_as="a player (below)")

LAYOUT = Record("dynamine:layout", (
    Field("format", Exact(1, "unknown layout format"), "the format's version", default=1),
    Field("game", Anything("the tileset's game id (`dynamine`)"), "a safeguard against "
          "scoring the wrong file", default_doc="not checked"),
    Field("side", Choice(("A", "B"), unknown="reward side"), "which side of the reward cards "
          "is used", default_doc="`A` for 2 players, `B` for 3-4"),
    Field("players", ListOf(PLAYER, "players"), "2 to 4 players, below", required=True),
))

RECORDS = (LAYOUT, PLAYER, PLACEMENT)


def load_layout(path: Path, tileset: Tileset) -> Layout:
    """Read and check a finished-game layout file (format in docs/dynamine-layout.md).

    Every independent mistake is reported at once; a mine is only checked
    against the building rules when all its placements could be read, and only
    up to its first wrong tile, since every later tile is judged against it.
    """
    tunnels = {kind.name: kind for kind in tileset.tiles if kind.role == "tunnel"}
    reading = Reading(str(path), tunnels=tuple(tunnels))
    top = reading.read(LAYOUT, load_file(Path(path), "layout"))
    mines: list[Mine | None] = []
    if isinstance(top, Node):
        _check_game(top, tileset)
        entrance = _entrance_kind(top, tileset)
        mines = [_mine(player, entrance, tunnels) for player in nodes(top["players"])]
        _check_supply(top, entrance, tunnels)
        _check_items_unique(top)
    reading.done()
    players = tuple(PlayerLayout(node["name"], mine, tuple(node["items"] or ()),
                                 tuple(node["missions"] or ()))
                    for node, mine in zip(top["players"], mines, strict=True) if mine)
    return Layout(players, top["side"])


def _check_game(top: Node, tileset: Tileset) -> None:
    """The layout's own claims: the game it is for, and a playable number of players."""
    if top.given("game") and top["game"] != tileset.game:
        top.fail("game", "this layout is for another game", top["game"],
                 f"'{tileset.game}' (the tileset's game)")
    players = top["players"]
    if isinstance(players, Items) and not 2 <= len(players) <= 4:
        top.fail("players", "Dynamine is played by 2 to 4", f"{len(players)} players",
                 "2, 3 or 4 players")
    for player, _ in repeated(nodes(players), "name"):
        player.fail("name", "two players share a name", player["name"],
                    "a different name for each player")


def _entrance_kind(top: Node, tileset: Tileset) -> TileKind | None:
    for kind in tileset.tiles:
        if kind.role == "base":
            return kind
    top.fail("players", "the tileset has no mine entrance (a tile with role: base)",
             str(tileset.source), "a Dynamine tileset")
    return None


def _mine(player: Node, entrance: TileKind | None,
          tunnels: dict[str, TileKind]) -> Mine | None:
    """The player's mine, or None if it cannot be built (the reason is reported)."""
    cells = player["entrance"]
    placements = player["tiles"] if player["tiles"] is not None else Items(player.line)
    if entrance is None or not player.ok("entrance", "tiles") or \
            cells[1] != ENTRANCE_LEVEL or not placements.sound() or \
            not all(placed.ok("tile", "at") for placed in placements):
        return None
    return _build_mine(player, Mine.start(entrance, cells),
                       [(placed["at"], tunnels[placed["tile"]], placed) for placed in placements])


def _build_mine(player: Node, mine: Mine,
                placements: list[tuple[Cell, TileKind, Node]]) -> Mine | None:
    """Lay the listed tiles and check the finished mine, in listed order for clear errors.

    The order of play is not recorded (tiles may have been moved), so edges are
    checked against the tiles listed before, and joining is checked on the whole.
    """
    entrance = mine.entrance
    lines = {entrance: 0}
    for cell, tile, placed in placements:
        if cell in mine.tiles:
            what = "the entrance" if cell == entrance else f"the tile on line {lines[cell]}"
            placed.fail("at", f"this cell is already taken by {what}", list(cell),
                        "each cell used once")
            return None
        if cell[1] < entrance[1]:
            placed.fail("at", "nothing is built above the entrance's level", list(cell),
                        f"a level of {entrance[1]} or more")
            return None
        problem = _lineup_problem(mine, cell, tile, lines)
        if problem:
            placed.fail("", problem, f"'{tile.name}' at {list(cell)}",
                        "a tile whose open edges meet open edges and whose rock meets rock, "
                        "as printed (tiles never turn)")
            return None
        mine = mine.with_tile(cell, tile)
        lines[cell] = placed.source.line_of("at")
    joined = connected_cells(mine)
    for cell, tile, placed in placements:
        if cell not in joined:  # the first only: the tiles behind it hang on the same gap
            placed.fail("", "this tile is not joined to the entrance through open tunnels",
                        f"'{tile.name}' at {list(cell)}",
                        "tiles reachable from the entrance through tunnels")
            return None
    return mine


def _lineup_problem(mine: Mine, cell: Cell, kind: TileKind, lines: dict[Cell, int]) -> str:
    mismatch = first_mismatch(mine, cell, kind)
    if mismatch is None:
        return ""
    edge, there, here_open = mismatch
    other = "the entrance" if there == mine.entrance else \
        f"'{mine.tiles[there].name}' (line {lines[there]})"
    return (f"the tile does not line up: its {edge} edge is "
            f"{'open' if here_open else 'rock'} but {other} at {list(there)} is "
            f"{'rock' if here_open else 'open'} on the facing edge")


def _check_supply(top: Node, entrance: TileKind | None, tunnels: dict[str, TileKind]) -> None:
    """No game uses more copies of a tile than the tileset prints."""
    players = list(nodes(top["players"]))
    if entrance is not None and len(players) > entrance.count:
        top.fail("players", "more players than mine entrances in the tileset",
                 f"{len(players)} players",
                 f"at most {entrance.count} ('{entrance.name}' count)")
    seen: Counter[str] = Counter()
    for placed in (placed for player in players for placed in nodes(player["tiles"])):
        if not placed.ok("tile"):
            continue
        kind = tunnels[placed["tile"]]
        seen[kind.name] += 1
        if seen[kind.name] > kind.count:
            placed.fail("tile", "more copies of this tile are built than the tileset has",
                        f"copy {seen[kind.name]} of '{kind.name}'",
                        f"at most {kind.count} in the whole game")


def _check_items_unique(top: Node) -> None:
    """Each item card exists once, so only one player may hold it."""
    holder: dict[str, str] = {}
    for player in nodes(top["players"]):
        items = player["items"]
        if not isinstance(items, Items):
            continue
        name = player["name"] if player.ok("name") else player.field
        for item, spot in items.located():
            if item in holder:
                spot.fail("this item card is already held by another player",
                          f"'{item}' (also held by {holder[item]})",
                          "each item in one player's list at most")
            holder.setdefault(item, name)


# ---------------------------------------------------------------------------
# Checking a tile mix.


def _tunnel_kinds(tileset: Tileset) -> list[TileKind]:
    return [kind for kind in tileset.tiles if kind.role == "tunnel" and kind.count]


def _cost_findings(tileset: Tileset) -> list[Finding]:
    findings = []
    for kind in _tunnel_kinds(tileset):
        dice = [f for f in kind.features if f.kind == "die"]
        if len(dice) != 1:
            findings.append(Finding(
                "error", "cost", f"'{kind.name}' shows {len(dice)} die faces; a tunnel tile "
                "needs exactly one, its cost from 1 to 6.", (kind.name,),
                "give it one {die: N, at: NE} feature"))
        elif dice[0].at != "NE":
            findings.append(Finding(
                "warning", "cost", f"'{kind.name}' has its die at {dice[0].at}; the die marks "
                "the top-right corner that tells players which way up the tile goes.",
                (kind.name,), "put the die at NE"))
    return findings


def _feature_findings(tileset: Tileset) -> list[Finding]:
    findings = []
    for kind in tileset.tiles:
        if not kind.count:
            continue
        facts = tile_facts(kind)
        if facts.veins > 2:
            findings.append(Finding("error", "veins", f"'{kind.name}' shows {facts.veins} "
                                    "veins; a tile carries at most 2.", (kind.name,),
                                    "remove veins down to 2"))
        if any(value not in (1, 4) for value in facts.altars):
            findings.append(Finding("error", "altar-value", f"'{kind.name}' has an altar "
                                    "without a value of 1 or 4.", (kind.name,),
                                    "give the altar icon badge: \"1\" or badge: \"4\""))
        if any(value not in (1, 2) for value in facts.fossils):
            findings.append(Finding("error", "fossil-value", f"'{kind.name}' has a dragon "
                                    "fossil without a value of 1 or 2.", (kind.name,),
                                    "give the fossil icon badge: \"1\" or badge: \"2\""))
        stray = [edge for edge in facts.plus_one_edges if edge not in kind.ports]
        if stray:
            findings.append(Finding("warning", "plus-one", f"'{kind.name}' has \"+1\" on "
                                    f"{', '.join(stray)}, where no tunnel ends.", (kind.name,),
                                    "place each \"+1\" label on an open edge"))
    return findings


def _orientation_findings(tileset: Tileset) -> list[Finding]:
    turning = [kind.name for kind in tileset.tiles if kind.count and kind.rotatable]
    if not turning:
        return []
    return [Finding("error", "fixed-orientation", f"{len(turning)} tile kinds may be rotated "
                    f"({', '.join(turning[:5])}{', ...' if len(turning) > 5 else ''}); "
                    "Dynamine tiles always keep the die in the top-right corner.",
                    tuple(turning), "set rotatable: false at the top of the tileset")]


def _entrance_findings(setup: Setup) -> list[Finding]:
    entrances = [kind for kind in setup.tileset.tiles if kind.role == "base" and kind.count]
    have = sum(kind.count for kind in entrances)
    findings = []
    if have < setup.players:
        findings.append(Finding("error", "entrances", f"{setup.players} players need "
                                f"{setup.players} mine entrances; the mix has {have}.",
                                tuple(k.name for k in entrances),
                                "add tiles with role: base (one per player)"))
    for kind in entrances:
        if not kind.ports - {"N"}:
            findings.append(Finding("error", "entrance-opening", f"'{kind.name}' opens "
                                    f"{'only upward' if kind.ports else 'nowhere'}; the mine "
                                    "is dug downward or sideways from the entrance.",
                                    (kind.name,), "open it to the S, E or W"))
    return findings


# Leaving a tile by one edge enters the next tile by the facing edge. Leaving by
# the top edge is left out: climbing back up never helps a mine get deeper.
_ENTERED_BY = MappingProxyType({"E": "W", "W": "E", "S": "N"})


def _exits(kinds: Iterable[TileKind], entered: str) -> set[str]:
    """Edges a tunnel entered by ``entered`` can leave by, on any of ``kinds`` as printed."""
    return {port for kind in kinds for path in kind.paths if entered in path.ports
            for port in path.ports if port != entered}


def reaches_down(kinds: Iterable[TileKind], exits: Iterable[str]) -> bool:
    """True when tunnels leaving by ``exits`` can lead to a bottom edge.

    The rules only ask that tunnels line up, so a mine steps down through any
    tile that joins an edge to its bottom edge: a shaft, but also a bend or a
    tee, reached sideways through tiles laid side by side on one level. Tiles
    keep their printed orientation, so only the paths as drawn are followed.
    """
    kinds = list(kinds)
    seen: set[str] = set()
    frontier = list(exits)
    while frontier:
        edge = frontier.pop()
        if edge == "S":
            return True
        entered = _ENTERED_BY.get(edge)
        if entered is None or entered in seen:
            continue
        seen.add(entered)
        frontier.extend(_exits(kinds, entered))
    return False


def _downward_findings(tileset: Tileset) -> list[Finding]:
    """Errors when mines can never leave the entrance's level, or never pass level 2.

    Scoring rewards depth (veins, the deepest-mine card, level-5 missions), so
    a mix in which no mine can go down is not the game.
    """
    kinds = _tunnel_kinds(tileset)
    findings = []
    if not reaches_down(kinds, _exits(kinds, "N")):
        findings.append(Finding("error", "downward", "No tunnel entered from a tile's top edge "
                                "leads on to a bottom edge, not even sideways through other "
                                "tiles, so no mine can go down more than a level.",
                                fix="add tiles joining N to S, or bends and tees that step down "
                                    "(N-E with W-S, or N-W with E-S)"))
    stuck = [k.name for k in tileset.tiles
             if k.role == "base" and k.count and k.ports - {"N"}
             and not reaches_down(kinds, k.ports)]
    if stuck:
        findings.append(Finding("error", "downward", "No tunnel from the entrance can reach a "
                                "bottom edge, so no mine gets below the entrance's level.",
                                tuple(stuck), "add bends or tees that turn down to the south"))
    return findings


def _sapphire_findings(tileset: Tileset) -> list[Finding]:
    have = sum(kind.count for kind in tileset.tiles if tile_facts(kind).sapphire)
    needed = any(f.kind == "icon" and f.value == "sapphire"
                 for c in tileset.components for f in c.features)
    if have == 1:
        return []
    severity: Severity = "error" if needed else "warning"
    why = "a mission card asks for the Blue Sapphire" if needed else \
        "the published game has one Blue Sapphire tile"
    return [Finding(severity, "sapphire", f"The mix has {have} sapphire tiles; {why}, "
                    "so there should be exactly one.", fix="keep one tile with the sapphire icon")]


def _summary(tileset: Tileset) -> list[Finding]:
    by_cost: Counter[int] = Counter()
    totals: Counter[str] = Counter()
    for kind in _tunnel_kinds(tileset):
        facts = tile_facts(kind)
        if facts.cost is not None:
            by_cost[facts.cost] += kind.count
        totals["veins"] += facts.veins * kind.count
        totals["altars"] += len(facts.altars) * kind.count
        totals["wells"] += len(facts.wells) * kind.count
        totals["fossils"] += len(facts.fossils) * kind.count
    costs = ", ".join(f"cost {c}: {by_cost[c]}" for c in range(1, 7))
    tiles = sum(kind.count for kind in _tunnel_kinds(tileset))
    return [Finding("info", "costs", f"{tiles} tunnel tiles by die value: {costs}."),
            Finding("info", "features", f"{totals['veins']} veins, {totals['altars']} altars, "
                    f"{totals['wells']} wells, {totals['fossils']} fossils.")]


def check(setup: Setup) -> list[Finding]:
    """Dynamine's rules for a tile mix: costs, orientation, entrances, scoring features."""
    tileset = setup.tileset
    return (_cost_findings(tileset) + _feature_findings(tileset) +
            _orientation_findings(tileset) + _entrance_findings(setup) +
            _downward_findings(tileset) + _sapphire_findings(tileset) + _summary(tileset))


def score(tileset: Tileset, layout: Path) -> dict[str, Any]:
    """Read a finished game's layout file and score it (``pnp score``)."""
    return score_layout(tileset, load_layout(layout, tileset))


RULES = GameRules("dynamine", check, score=score)
