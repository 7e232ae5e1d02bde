"""Random development stages of Gold Mine, with or without the Phantom: does a mix
keep the mine open, how much gold and room it leaves, and when the Phantom comes.

Only the development stage is played. It is the part of Gold Mine this kit's
rules cover: the twenty development tiles, laid one by one, each edge meeting
its neighbour exactly and at least one opening joining a path miners can walk
to from the entrance (:func:`model.fits`). The production stage (rolling to
move, gold chambers, challenges, leaving with the gold) is the base game's,
whose rules are not ours to reproduce, so no winner is reported, and the
number of players changes nothing here (the Phantom variant only refuses more
than five).

A drawn tile is laid at a random legal place and turn, each (cell, turn)
pair equally likely. A tile that fits nowhere while the mine is still open is
set aside and counted: the base rules decide what players do with it, and
setting it aside is our reading for the simulation. When no open end is left
facing an empty cell, the mine is shut and the stage cannot be completed.
With the Phantom, the cavern held back (the one with the most openings, as the
validator holds it back) is the last of the twenty, and the Phantom stands on
the first cavern laid; the report says after how many tiles it arrives and how
many of its steps through rock take it from there to the mine entrance. The
variant means a cavern to be sure of the Phantom; when the mine shuts first, or
the held-back cavern fits nowhere and is set aside, it never comes, and the
report counts those stages apart.

Legal places are found from the open ends of the paths joined to the entrance,
computed once per tile rather than once per place tried; a test holds them to
:func:`model.fits` for every cell and turn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

import msgspec

from pnp.geometry.cells import SquareCell as Cell
from pnp.geometry.shapes import SQUARE
from pnp.model.tileset import TileKind
from pnp.rules import Progress, Setup, Unplayable, rotations
from pnp.rules.gold_mine.check import DEVELOPMENT_TILES, PHANTOM, PHANTOM_MAX_PLAYERS
from pnp.rules.gold_mine.model import (
    Placed,
    Position,
    category,
    mine_positions,
    open_edges,
    path_at,
    phantom_moves,
    rotated_paths,
)
from pnp.rules.measures import lengths, share_words, tile_kinds, wilson
from pnp.rules.playing import game_seeds, play_all

ENTRANCE_CELL: Cell = (0, 0)
STEP_CAP = 400  # Phantom steps searched towards the entrance; a mine of 21 tiles needs few


class Stage(msgspec.Struct, frozen=True):
    """What every development stage of a mix starts from."""

    entrance: TileKind
    stack: tuple[TileKind, ...]  # every tile but the entrance, one entry for each copy
    held_back: TileKind | None  # the Phantom's cavern, laid last


class Outcome(NamedTuple):
    """One development stage, as the report counts it."""

    completed: bool  # all its tiles were laid, or set aside, with the mine still open
    laid: tuple[tuple[str, int], ...]  # tiles laid, by kind
    aside: tuple[tuple[str, int], ...]  # tiles set aside for fitting nowhere, by kind
    open_ends: int  # open ends facing an empty cell when the stage is over
    chambers: int  # gold chambers miners can walk to from the entrance
    caverns: int
    arrival: int | None  # the tile (1 to 20) that brought the Phantom in
    to_entrance: int | None  # the Phantom's steps from its cavern to the entrance


def stage_of(setup: Setup) -> Stage:
    """The entrance, the stack and the cavern the variant holds back; :class:`Unplayable`
    when the mix cannot deal a development stage (the validator says the same)."""
    tiles = setup.tileset.tiles
    entrances = [tile for tile in tiles if category(tile) == "entrance" and tile.count]
    if not entrances:
        raise Unplayable("the mix has no mine entrance to start the mine from")
    stack = [tile for tile in tiles if category(tile) != "entrance" for _ in range(tile.count)]
    if len(stack) < DEVELOPMENT_TILES:
        raise Unplayable(f"the development stage deals {DEVELOPMENT_TILES} tiles and the mix "
                         f"has {len(stack)} besides the entrance")
    held = _phantoms_cavern(setup, stack) if setup.variant == PHANTOM else None
    if held is not None:
        stack.remove(held)
    return Stage(entrances[0], tuple(stack), held)


def _phantoms_cavern(setup: Setup, stack: list[TileKind]) -> TileKind:
    """The cavern the Phantom variant holds back to lay last: the one with the most
    openings, as the validator holds it back; the variant needs one, and a white
    miner to spare."""
    if setup.players > PHANTOM_MAX_PLAYERS:
        raise Unplayable(f"the Phantom variant is for at most {PHANTOM_MAX_PLAYERS} players, "
                         "since it takes the white miner")
    caverns = [tile for tile in stack if category(tile) == "cavern"]
    if not caverns:
        raise Unplayable("the Phantom variant lays a cavern last and the mix has none")
    return max(caverns, key=lambda tile: len(tile.ports))


# ---------------------------------------------------------------------------
# Where a tile may go.


def open_ends(board: dict[Cell, Placed], live: frozenset[Position]) -> dict[Cell, set[str]]:
    """Each empty cell beside the mine's walkable paths, with the edges by which a path
    of the mine opens onto it (the edges a tile laid there joins the mine through)."""
    ends: dict[Cell, set[str]] = {}
    for cell, index in live:
        for edge in rotated_paths(board[cell])[index]:
            there = SQUARE.neighbour(cell, edge)
            if there not in board:
                ends.setdefault(there, set()).add(SQUARE.opposite(edge))
    return ends


def places(board: dict[Cell, Placed], ends: dict[Cell, set[str]],
           kind: TileKind) -> list[tuple[Cell, int]]:
    """Every (cell, turn) where ``kind`` may be laid, in a fixed order: beside an open
    end of the mine, every touching edge matched exactly."""
    turned = [(turn, open_edges(Placed(kind, turn))) for turn in rotations(kind, SQUARE.sides)]
    found = []
    for cell in sorted(ends):
        wanted = _wanted(board, cell)
        found += [(cell, turn) for turn, edges in turned
                  if all((edge in edges) == is_open for edge, is_open in wanted.items())]
    return found


def _wanted(board: dict[Cell, Placed], cell: Cell) -> dict[str, bool]:
    """For each edge of ``cell`` that touches a tile, whether that tile is open there."""
    wanted = {}
    for edge in SQUARE.edges:
        neighbour = board.get(SQUARE.neighbour(cell, edge))
        if neighbour is not None:
            wanted[edge] = path_at(neighbour, SQUARE.opposite(edge)) is not None
    return wanted


# ---------------------------------------------------------------------------
# Playing a stage.


class Development(msgspec.Struct):
    """A development stage being played: the table so far and what happened."""

    board: dict[Cell, Placed]
    laid: Counter[str]
    aside: Counter[str]  # tiles that fit nowhere, by kind
    log: list[tuple[str, Cell, int]]  # each tile laid: its kind, cell and turn
    arrival: int | None = None
    shut: bool = False


def develop(stage: Stage, seed: int) -> Development:
    """One development stage from its seed."""
    rng = random.Random(seed)
    stack = list(stage.stack)
    rng.shuffle(stack)
    dealt = stack[:DEVELOPMENT_TILES - (stage.held_back is not None)]
    if stage.held_back is not None:
        dealt.append(stage.held_back)  # at the bottom of the stack: laid last
    play = Development({ENTRANCE_CELL: Placed(stage.entrance)}, Counter(), Counter(), [])
    for number, kind in enumerate(dealt, 1):
        ends = open_ends(play.board, mine_positions(play.board))
        if not ends:
            play.shut = True
            break
        options = places(play.board, ends, kind)
        if not options:
            play.aside[kind.name] += 1
            continue
        cell, turn = rng.choice(options)
        play.board[cell] = Placed(kind, turn)
        play.laid[kind.name] += 1
        play.log.append((kind.name, cell, turn))
        if play.arrival is None and stage.held_back is not None and \
                category(kind) == "cavern":
            play.arrival = number
    if not play.shut and not open_ends(play.board, mine_positions(play.board)):
        play.shut = True  # the last tile closed it: nothing can be laid in production
    return play


def phantom_steps(board: dict[Cell, Placed], start: Position) -> int | None:
    """The fewest Phantom steps from ``start`` to any path of the entrance tile."""
    seen = {start}
    frontier = [start]
    for steps in range(STEP_CAP):
        if any(board[position.cell].kind.role == "base" for position in frontier):
            return steps
        frontier = [after for before in frontier for after in
                    sorted(phantom_moves(board, before)) if after not in seen]
        seen.update(frontier)
        if not frontier:
            return None
    return None


def _one_stage(stage: Stage, seed: int) -> Outcome:
    play = develop(stage, seed)
    board = play.board
    live = mine_positions(board)
    chambers = sum(1 for cell, placed in board.items()
                   if category(placed.kind) == "chamber"
                   and any(Position(cell, index) in live
                           for index in range(len(placed.kind.paths))))
    caverns = [cell for _, cell, _ in play.log if category(board[cell].kind) == "cavern"]
    lair = caverns[0] if caverns and play.arrival is not None else None
    return Outcome(not play.shut, tuple(sorted(play.laid.items())),
                   tuple(sorted(play.aside.items())),
                   sum(len(edges) for edges in open_ends(board, live).values()), chambers,
                   len(caverns), play.arrival,
                   phantom_steps(board, Position(lair, 0)) if lair is not None else None)


# ---------------------------------------------------------------------------
# The report.


def simulate(setup: Setup, games: int, seed: int, progress: Progress | None = None,
             processes: int = 1) -> dict[str, object]:
    """Play ``games`` random development stages of ``setup`` on ``processes`` processes
    (0: one per core) and report how they went; the same seed gives the same report
    however many processes play it."""
    if games < 1:
        raise ValueError("simulate needs at least one game")
    stage = stage_of(setup)
    outcomes = play_all(_one_stage, stage, game_seeds(seed, games), processes, progress)
    completed = sum(outcome.completed for outcome in outcomes)
    held = (stage.held_back,) if stage.held_back is not None else ()
    report: dict[str, object] = {
        "games": games,
        "seed": seed,
        "variant": setup.variant,
        "stage": "development",  # the production stage is the base game's and is not played
        "played": "development stages",
        "ended_label": "the mine stays open",  # what "ended" counts here
        "ended": completed,
        "unfinished": games - completed,
        "wins": {},
        "ended_share": wilson(completed, games),
        "win_share": {},
        "open_ends": lengths([outcome.open_ends for outcome in outcomes]),
        "chambers_reached": lengths([outcome.chambers for outcome in outcomes]),
        "caverns_laid": lengths([outcome.caverns for outcome in outcomes]),
        "tiles_set_aside": lengths([sum(count for _, count in outcome.aside)
                                    for outcome in outcomes]),
        "tile_kinds": tile_kinds([dict(outcome.laid) for outcome in outcomes], dict(sorted(
            Counter(kind.name for kind in (*stage.stack, *held)).items())),
            [dict(outcome.aside) for outcome in outcomes]),
    }
    if stage.held_back is not None:
        report |= _phantom_measures(outcomes)
    report["verdict"] = _verdict(report)
    return report


def _phantom_measures(outcomes: list[Outcome]) -> dict[str, object]:
    """The variant's own figures: stages the Phantom never came into, the tile that
    brought it, and its steps from there to the entrance."""
    absent = sum(1 for outcome in outcomes if outcome.arrival is None)
    return {"phantom_absent_share": wilson(absent, len(outcomes)),
            "phantom_arrives": lengths([o.arrival for o in outcomes if o.arrival]),
            "phantom_to_entrance": lengths(
                [o.to_entrance for o in outcomes if o.to_entrance is not None])}


def _verdict(report: Mapping[str, Any]) -> str:
    """The report in a sentence, from its own figures: how often the mine stays open
    through development, how many gold chambers it leaves within reach, and with the
    Phantom how often no cavern was ever laid for it (the mine shut first, or the
    held-back cavern fit nowhere)."""
    words = (f"the development stage leaves the mine open {share_words(report['ended_share'])}"
             f" of the time, with {report['chambers_reached']['median']:g} gold chambers "
             "within reach at the median")
    if "phantom_absent_share" not in report:
        return words
    return (f"{words}; the Phantom never came in "
            f"{share_words(report['phantom_absent_share'])} of all the stages")
