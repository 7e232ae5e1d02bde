"""Positions in, turns out: the JSON-lines side of ``pnp turns mattock``.

The format is described in docs/mattock-turns.md. Cells are axial ``[q, r]``
with the centre ``[0, 0]``, q growing to the right and r downwards, which is
exactly the engine's own cell naming (``Board.index`` and ``Board.cell``), so
no coordinate is converted on the way in or out.

Every line is checked before any is listed, and every mistake is reported at
once, each naming the file, the line and the field, so a caller can fix a
whole batch in one pass.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from pnp.errors import InputError, Problem, Where
from pnp.geometry.cells import AxialCell as Cell
from pnp.geometry.lattice import ring_distance
from pnp.input.jsontext import parse_json
from pnp.rules.mattock.model import BLUE, PLAYERS, RED, Board, State, make_board
from pnp.rules.mattock.turns import Listing, list_turns

# Far beyond the real boards (5 and 7), and small enough that no position
# lists more than a few million turns: a side-30 board with a dozen miners a
# side asked for most of a minute and tens of megabytes of output per line.
MAX_SIDE = 12
MAX_MINERS = 12  # of each colour on the board; the game has six
MAX_DEPTH = 8  # a position nests three levels: the line, a list of cells, a cell
MAX_PROBLEMS = 1_000  # mistakes gathered before reading stops; 20 are shown
ENOUGH = 1_000_000  # the supply when a position does not give one: never the limit
FIELDS = ("side", "to_move", "tiles", "miners", "in_hand", "supply")
REQUIRED = ("side", "to_move", "tiles", "miners")


class Position(msgspec.Struct, frozen=True):
    """One read position: its line, its board and the engine's state."""

    line: int
    board: Board
    state: State


class _Line:
    """Collects the mistakes of one input line, each tied to the field at fault."""

    def __init__(self, source: str, line: int, problems: list[Problem]) -> None:
        self.where = Where(source, line)
        self.problems = problems
        self.ok = True

    def fail(self, field: str, problem: str, found: object, allowed: str) -> None:
        self.ok = False
        text = json.dumps(found)
        if len(text) > 60:
            text = text[:57] + "..."
        self.problems.append(Problem(self.where, problem, field, text, allowed))


def _whole(value: object, low: int = -(2**63), high: int = 2**63) -> bool:
    """A JSON whole number within [low, high] (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _cells(check: _Line, field: str, value: object, side: int) -> list[Cell]:
    """A list of ``[q, r]`` cells on the board; every bad entry is reported."""
    if not isinstance(value, list):
        check.fail(field, "not a list of cells", value, "a list of [q, r] pairs")
        return []
    cells: list[Cell] = []
    for number, item in enumerate(value):
        name = f"{field}[{number}]"
        if not (isinstance(item, list) and len(item) == 2 and all(map(_whole, item))):
            check.fail(name, "not a cell", item, "[q, r] with two whole numbers")
        elif ring_distance((item[0], item[1])) >= side:
            check.fail(name, f"this space is off the side-{side} board", item,
                       f"cells with max(|q|, |r|, |q + r|) below {side}")
        else:
            cells.append((item[0], item[1]))
    return cells


def _pair(check: _Line, field: str, value: object) -> dict[str, object]:
    """A ``{"red": ..., "blue": ...}`` object; missing colours count as absent."""
    if not isinstance(value, dict):
        check.fail(field, "not an object", value, '{"red": ..., "blue": ...}')
        return {}
    for key in value:
        if key not in PLAYERS:
            check.fail(f"{field}.{key}", "unknown colour", key, "red or blue")
    return {colour: value[colour] for colour in PLAYERS if colour in value}


def _counts(check: _Line, field: str, value: object) -> tuple[int, int]:
    counts = [0, 0]
    for colour, count in _pair(check, field, value).items():
        if isinstance(count, int) and _whole(count, 0):
            counts[PLAYERS.index(colour)] = count
        else:
            check.fail(f"{field}.{colour}", "not a count", count, "a whole number, 0 or more")
    return counts[0], counts[1]


def _top(check: _Line, data: dict[str, Any]) -> tuple[int, int] | None:
    """The side and the player to move, or None when either is unusable."""
    for key in data:
        if key not in FIELDS:
            check.fail(key, "unknown field", key, ", ".join(FIELDS))
    for key in REQUIRED:
        if key not in data:
            check.fail(key, "this field is missing", "nothing", "the field, see "
                       "docs/mattock-turns.md")
    side, mover = data.get("side"), data.get("to_move")
    if "side" in data and not _whole(side, 1, MAX_SIDE):
        check.fail("side", "not a board side", side, f"a whole number from 1 to {MAX_SIDE}")
    if "to_move" in data and mover not in PLAYERS:
        check.fail("to_move", "not a colour", mover, '"red" or "blue"')
    if not isinstance(side, int) or not _whole(side, 1, MAX_SIDE):
        return None  # without a board, no cell can be judged
    return side, PLAYERS.index(mover) if mover in PLAYERS else RED


def _miners(check: _Line, value: object, side: int, tiles: set[Cell]) -> tuple[int, ...]:
    """Each colour's miners as cells checked against the tiles and each other."""
    taken: dict[Cell, str] = {}
    found: list[list[Cell]] = [[], []]
    for colour, cells in _pair(check, "miners", value).items():
        field = f"miners.{colour}"
        if isinstance(cells, list) and len(cells) > MAX_MINERS:
            check.fail(field, "too many miners", len(cells),
                       f"at most {MAX_MINERS} of each colour on the board")
            continue
        for number, cell in enumerate(_cells(check, field, cells, side)):
            name = f"{field}[{number}]"
            if cell in taken:
                check.fail(name, f"two pieces on one space (also {taken[cell]})", list(cell),
                           "one miner per space")
            elif cell not in tiles:
                check.fail(name, "a miner stands on a space without a tile", list(cell),
                           "miners on spaces listed in 'tiles'")
            taken.setdefault(cell, name)
            found[PLAYERS.index(colour)].append(cell)
    return tuple(len(cells) for cells in found) if check.ok else ()


def read_position(source: str, line: int, text: str, boards: dict[int, Board],
                  problems: list[Problem]) -> Position | None:
    """One line as a position, or None with its mistakes added to ``problems``."""
    check = _Line(source, line, problems)
    try:
        data = parse_json(text, MAX_DEPTH)
    except ValueError as error:
        check.fail("", f"not JSON ({error})", text.strip(), "one JSON object per line")
        return None
    if not isinstance(data, dict):
        check.fail("", "not a JSON object", data, "one JSON object per line")
        return None
    top = _top(check, data)
    if top is None:
        return None
    side, mover = top
    tile_list = _cells(check, "tiles", data.get("tiles", []), side)
    tiles = set(tile_list)
    if len(tiles) != len(tile_list):
        repeated = sorted(cell for cell, count in Counter(tile_list).items() if count > 1)
        check.fail("tiles", "two pieces on one space (a tile listed twice)",
                   [list(cell) for cell in repeated], "each space once")
    _miners(check, data.get("miners", {}), side, tiles)
    reserve = _counts(check, "in_hand", data.get("in_hand", {}))
    supply = data.get("supply", ENOUGH)
    if not _whole(supply, 0):
        check.fail("supply", "not a count", supply, "a whole number, 0 or more")
    if not check.ok:
        return None
    board = boards.get(side) or boards.setdefault(side, make_board(side))
    miners = data["miners"]
    state = State(board.mask(tiles),
                  (board.mask(map(tuple, miners.get("red", []))),
                   board.mask(map(tuple, miners.get("blue", [])))),
                  reserve, mover, supply)
    return Position(line, board, state)


def read_positions(lines: Iterable[str], source: str) -> list[Position]:
    """Every position of a JSON-lines text (blank lines skipped); InputError lists all mistakes."""
    boards: dict[int, Board] = {}
    problems: list[Problem] = []
    positions = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        if len(problems) >= MAX_PROBLEMS:  # a file of junk: enough to see what is wrong
            problems.append(Problem(Where(source, number), "stopped reading here, after "
                                    f"{len(problems):,} mistakes", allowed="fix these first"))
            break
        position = read_position(source, number, text, boards, problems)
        if position is not None:
            positions.append(position)
    if problems:
        raise InputError.of(problems)
    return positions


def listing_json(board: Board, listing: Listing, names: list[str]) -> str:
    """One output line. Written by hand, not json.dumps: it is the listing's hot path.

    ``names`` holds each board index's cell as JSON text, ``[q, r]``.
    """
    parts = []
    for turn in listing.turns:
        walk = turn.walk
        start, end = (names[walk[0]], names[walk[1]]) if walk else ("null", "null")
        removed = ", ".join(names[index] for index in _bits(turn.removed))
        parts.append(f'{{"mine": {names[turn.mine]}, "from": {start}, "to": {end}, '
                     f'"removed": [{removed}]}}')
    winner = "null" if listing.winner is None else f'"{PLAYERS[listing.winner]}"'
    return (f'{{"turns": [{", ".join(parts)}], "terminal": '
            f'{"true" if listing.terminal else "false"}, "winner": {winner}}}')


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def turns_lines(lines: Iterable[str], source: str) -> Iterator[str]:
    """``pnp turns mattock``: one output line per position, after all were read.

    Reading everything first means a bad line stops the run before anything
    is printed, so a caller never has to undo half an output.
    """
    positions = read_positions(lines, source)
    names: dict[int, list[str]] = {}
    for position in positions:
        board = position.board
        if board.side not in names:
            names[board.side] = [json.dumps(list(board.cell(index)))
                                 for index in range(board.spaces.bit_length())]
        yield listing_json(board, list_turns(board, position.state), names[board.side])


__all__ = ["BLUE", "RED", "Position", "read_positions", "turns_lines"]
