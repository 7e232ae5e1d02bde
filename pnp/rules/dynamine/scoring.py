"""Dynamine's end-of-game scoring: veins, altars, wells, fossils, items, missions and
reward cards, the tie-break, and the layout files ``pnp score`` reads."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from pnp.input.load import load_file
from pnp.input.reading import Reading
from pnp.input.schema import (
    Anything,
    Choice,
    Exact,
    Field,
    GridCell,
    Items,
    ListOf,
    Node,
    Record,
    Text,
    nodes,
    repeated,
)
from pnp.model.tileset import Component, Feature, TileKind, Tileset
from pnp.rules.dynamine.model import (
    ENTRANCE_LEVEL,
    MISSION_LEVEL,
    Cell,
    Mine,
    MineCounts,
    connected_cells,
    first_mismatch,
    level_report,
    mine_counts,
    tile_facts,
)

SAPPHIRE_LEVEL = 4
# Ties on total go to the most tiles on level 5, then level 4, and so on up to the
# entrance's level; players still level after level 1 share the win.
TIE_BREAK_LEVELS = tuple(range(MISSION_LEVEL, ENTRANCE_LEVEL - 1, -1))
# Reward points when the tileset's reward cards do not print them (a reconstruction).
DEFAULT_SIDE_A = 3
DEFAULT_SIDE_B = (3, 1)


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

def score(tileset: Tileset, layout: Path) -> dict[str, Any]:
    """Read a finished game's layout file and score it (``pnp score``)."""
    return score_layout(tileset, load_layout(layout, tileset))
