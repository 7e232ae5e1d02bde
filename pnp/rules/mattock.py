"""Mattock's rules: a fast game engine, the largest tile count a board can hold, a simulator.

Why this module exists: the validator must know how many tiles a Mattock board
can ever hold, because a supply smaller than that can run dry in the middle of a
game and then the box, not the players, decides who loses. The simulator plays
many random games so a changed mix can be seen to end the way the rules intend.

Speed matters for both, so cells are integer positions on a padded grid and every
set of cells is a Python int used as a bitset: "every cell next to this region" is
six shifts, and filling a connected region is a handful of those.

Rules as implemented (a player is 0 for red or 1 for blue; red moves first, as the
rules name no first player for the fixed setup):

1. Mine: put one tile on an empty space next to a tile that one of your miners
   reaches through tiles (an opponent's miner stops the path, yours do not). The
   new tile may touch at most 3 tiles and no tile that already touches 3. If any of
   your miners were removed earlier, one of them goes onto the new tile. With no
   such space, or no tile left to place, you lose.
2. Move (optional): one of your miners walks through tiles (past your own miners,
   never past or onto the opponent's) to an unoccupied tile.
3. Remove: every opponent miner that reaches no other miner of its own colour,
   and reaches two or more of your miners through empty tiles, goes back to its
   owner, who puts it on a newly mined tile later.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache

from pnp.geometry.lattice import hexagon_cells, ring_distance
from pnp.geometry.shapes import HEX_POINTY, hex_distance
from pnp.model.board import BoardSpec
from pnp.rules import Finding, GameRules, Setup

RED, BLUE = 0, 1
PLAYERS = ("red", "blue")
FULL_MINERS = 6  # per colour in the full game
SHORT_MINERS = 3  # per colour in the short game
SHORT_VARIANT = "short"
TILE = "tile"

# The most tiles each board side can hold with no tile touching more than 3 others.
# Not typed from a book: tests/test_rules_mattock.py recomputes every entry with
# exact_max_tiles (and checks the small ones by brute force), so a wrong figure fails.
MAX_TILES = {1: 1, 2: 6, 3: 15, 4: 28, 5: 43, 6: 66, 7: 88}

MOST_NEIGHBOURS = 3  # no tile may touch more than this many other tiles


# ---------------------------------------------------------------------------
# The board as bitsets


@dataclass(frozen=True)
class Board:
    """A hex-hex board of ``side`` spaces per edge, laid out for bitset arithmetic.

    Cell (q, r) has index ``(r + R) * stride + (q + R)`` with ``R = side - 1`` and
    ``stride = 2R + 2``. The spare column at the end of each row is never a space, so
    a shift that walks off one row lands there instead of on the next row.
    """

    side: int
    stride: int
    spaces: int  # bitset of every space on the board
    neighbours: tuple[int, ...]  # for each index, the bitset of the spaces next to it

    def index(self, cell: tuple[int, int]) -> int:
        """The index of an axial cell; refuses cells off the board so mistakes surface."""
        if ring_distance(cell) >= self.side:
            raise ValueError(f"cell {cell} is not on a board of side {self.side}")
        radius = self.side - 1
        return (cell[1] + radius) * self.stride + cell[0] + radius

    def cell(self, index: int) -> tuple[int, int]:
        """The axial cell at an index (the inverse of ``index``)."""
        radius = self.side - 1
        row, column = divmod(index, self.stride)
        return (column - radius, row - radius)

    def mask(self, cells: Iterable[tuple[int, int]]) -> int:
        """The bitset of some axial cells, for setting up positions by hand."""
        result = 0
        for cell in cells:
            result |= 1 << self.index(cell)
        return result

    def cells_of(self, mask: int) -> list[tuple[int, int]]:
        """The axial cells in a bitset, in index order (row by row)."""
        return [self.cell(index) for index in indices(mask)]

    @property
    def size(self) -> int:
        """How many spaces the board has (127 for side 7): every turn fills one."""
        return self.spaces.bit_count()


def make_board(side: int) -> Board:
    """Build the index layout and neighbour table for one board side.

    Callers build a board once and pass it to every function, so the tables are
    shared without any module-level state.
    """
    if side < 1:
        raise ValueError(f"a board needs a side of at least 1, not {side}")
    radius = side - 1
    stride = 2 * radius + 2
    spaces = 0
    for q, r in hexagon_cells(side):
        spaces |= 1 << ((r + radius) * stride + q + radius)
    rows = 2 * radius + 1
    probe = Board(side, stride, spaces, ())
    neighbours = tuple(
        spread(probe, 1 << index) & ~(1 << index) if spaces >> index & 1 else 0
        for index in range(rows * stride))
    return Board(side, stride, spaces, neighbours)


def indices(mask: int) -> Iterator[int]:
    """The set bits of a bitset, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def spread(board: Board, mask: int) -> int:
    """A set of spaces together with every space next to one of them."""
    step = board.stride
    grown = (mask | mask << 1 | mask >> 1 | mask << step | mask >> step
             | mask << (step - 1) | mask >> (step - 1))
    return grown & board.spaces


def flood(board: Board, seeds: int, passable: int) -> int:
    """Everything reachable from ``seeds`` by stepping between cells of ``passable``.

    The seeds are always part of the answer, passable or not: a miner's own tile is
    where its walk starts, whatever stands on it.
    """
    region = seeds
    edge = seeds
    while edge:
        edge = spread(board, edge) & passable & ~region
        region |= edge
    return region


def _touch_counts(board: Board, tiles: int) -> tuple[int, int]:
    """Spaces touching exactly 3 tiles, and spaces touching 4 or more, for the whole board.

    Adds the six shifted copies of ``tiles`` as a three-bit counter in every bit
    position at once, which is far cheaper than counting space by space.
    """
    step = board.stride
    ones = twos = fours = 0
    for shifted in (tiles << 1, tiles >> 1, tiles << step, tiles >> step,
                    tiles << (step - 1), tiles >> (step - 1)):
        carry = ones & shifted
        ones ^= shifted
        fours |= twos & carry
        twos ^= carry
    return ones & twos & ~fours & board.spaces, fours & board.spaces


# ---------------------------------------------------------------------------
# Game state and the three steps of a turn


@dataclass(frozen=True, slots=True)
class State:
    """Everything that decides the rest of a game; every change makes a new State."""

    tiles: int  # bitset of spaces holding a tile
    miners: tuple[int, int]  # bitset of each colour's miners on the board
    reserve: tuple[int, int]  # each colour's removed miners waiting to come back
    player: int  # RED or BLUE: whose turn it is
    supply: int  # tiles left to mine with
    turns: int = 0  # turns completed so far


def start(board: Board, red: Iterable[tuple[int, int]], blue: Iterable[tuple[int, int]],
          supply: int) -> State:
    """The position after the fixed setup: a tile and a miner on every setup cell.

    ``supply`` is what is left in the box after those setup tiles were taken out.
    """
    red_mask, blue_mask = board.mask(red), board.mask(blue)
    if red_mask & blue_mask:
        raise ValueError("a setup cell cannot hold a red and a blue miner at once")
    return State(red_mask | blue_mask, (red_mask, blue_mask), (0, 0), RED, supply)


def groups(board: Board, state: State, player: int) -> list[tuple[int, int]]:
    """Each set of ``player``'s miners that reach one another, with the tiles they reach.

    Own miners do not block a walk and the opponent's do, so a group's region is
    the same for every miner in it: mining, moving and removal all read from this.
    """
    own = state.miners[player]
    passable = state.tiles & ~state.miners[1 - player]
    result = []
    rest = own
    while rest:
        low = rest & -rest
        region = flood(board, low, passable)
        result.append((region & own, region))
        rest &= ~region
    return result


def mining_spaces(board: Board, state: State) -> int:
    """The bitset of spaces where the player to move may mine (supply aside)."""
    reach = flood(board, state.miners[state.player],
                  state.tiles & ~state.miners[1 - state.player])
    three, crowded = _touch_counts(board, state.tiles)
    full = three & state.tiles  # tiles that may gain no further neighbour
    return spread(board, reach) & ~state.tiles & ~crowded & ~spread(board, full)


def can_mine(board: Board, state: State) -> bool:
    """False when the player to move has lost: no tile left, or nowhere to put one."""
    return state.supply > 0 and mining_spaces(board, state) != 0


def loser(board: Board, state: State) -> int | None:
    """The player who has lost at the start of this turn, or None while play goes on."""
    return None if can_mine(board, state) else state.player


def mine(board: Board, state: State, space: int) -> State:
    """Step 1: put a tile on ``space`` and, if one is waiting, a returning miner on it."""
    if state.supply <= 0:
        raise ValueError("no tile is left in the supply")
    if not mining_spaces(board, state) >> space & 1:
        raise ValueError(f"{board.cell(space)} is not a legal mining space")
    return _mine(state, space)


def _mine(state: State, space: int) -> State:
    """Step 1 without the legality check, for callers that chose from mining_spaces."""
    bit = 1 << space
    player = state.player
    miners, reserve = state.miners, state.reserve
    if reserve[player]:
        miners = _with(miners, player, miners[player] | bit)
        reserve = _with(reserve, player, reserve[player] - 1)
    return replace(state, tiles=state.tiles | bit, miners=miners, reserve=reserve,
                   supply=state.supply - 1)


def _with(pair: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    """A copy of a per-player pair with one player's entry replaced."""
    return (value, pair[1]) if player == RED else (pair[0], value)


def miner_moves(board: Board, state: State) -> list[tuple[int, int]]:
    """Every (from, to) move open to the player to move, as board indices."""
    own = state.miners[state.player]
    moves: list[tuple[int, int]] = []
    for members, region in groups(board, state, state.player):
        targets = list(indices(region & ~own))
        moves.extend((source, target) for source in indices(members) for target in targets)
    return moves


def move_miner(board: Board, state: State, source: int, target: int) -> State:
    """Step 2: walk one of the mover's miners to a tile it reaches."""
    if (source, target) not in miner_moves(board, state):
        raise ValueError(f"no miner can walk from {board.cell(source)} to {board.cell(target)}")
    return _move(state, source, target)


def _move(state: State, source: int, target: int) -> State:
    """Step 2 without the legality check."""
    player = state.player
    own = state.miners[player] & ~(1 << source) | 1 << target
    return replace(state, miners=_with(state.miners, player, own))


def removals(board: Board, state: State) -> int:
    """The opponent miners the player to move removes now (step 3), as a bitset.

    Every miner is judged on the same position, so removing one never saves or
    dooms another in the same step.
    """
    me, them = state.player, 1 - state.player
    own, theirs = state.miners[me], state.miners[them]
    empty = state.tiles & ~own & ~theirs
    doomed = 0
    for members, _region in groups(board, state, them):
        if members & (members - 1):
            continue  # it reaches another miner of its own colour
        reach = flood(board, members, empty)
        if (spread(board, reach) & own).bit_count() >= 2:
            doomed |= members
    return doomed


def remove_miners(board: Board, state: State) -> State:
    """Step 3: take the removed miners off the board and hand them back to their owner."""
    doomed = removals(board, state)
    if not doomed:
        return state
    them = 1 - state.player
    miners = _with(state.miners, them, state.miners[them] & ~doomed)
    reserve = _with(state.reserve, them, state.reserve[them] + doomed.bit_count())
    return replace(state, miners=miners, reserve=reserve)


def end_turn(state: State) -> State:
    """Hand the turn to the other player."""
    return replace(state, player=1 - state.player, turns=state.turns + 1)


def play_turn(board: Board, state: State, space: int,
              move: tuple[int, int] | None = None) -> State:
    """One whole turn: mine ``space``, make ``move`` if given, remove, pass the turn."""
    state = mine(board, state, space)
    if move is not None:
        state = move_miner(board, state, *move)
    return end_turn(remove_miners(board, state))


# ---------------------------------------------------------------------------
# How many tiles a board can hold


def max_tiles(side: int) -> int:
    """The most tiles a board of ``side`` can hold with none touching more than 3 others.

    This is the exact maximum, not an estimate. Sides up to 7 come from MAX_TILES,
    whose entries the tests recompute with ``exact_max_tiles`` so the table cannot
    drift from the maths; any other side is computed here (minutes from side 8 on).
    """
    if side < 1:
        raise ValueError(f"a board needs a side of at least 1, not {side}")
    return MAX_TILES.get(side) or exact_max_tiles(side)


def tile_upper_bound(side: int) -> int:
    """A quick proven ceiling on ``max_tiles``, for boards too big to solve exactly.

    A kept space with d neighbours must have at least d - 3 of them empty, and an
    empty space can serve at most all of its own neighbours that way, so the
    tiles T satisfy sum over T of (2d - 3) <= 2 * (edges of the board). Taking the
    cheapest spaces first gives the largest T that inequality allows.
    """
    board = make_board(side)
    degrees = sorted(board.neighbours[index].bit_count() for index in indices(board.spaces))
    budget = sum(degrees)  # twice the number of edges
    count = 0
    for degree in degrees:
        cost = max(2 * degree - MOST_NEIGHBOURS, 0)
        if cost > budget:
            break
        budget -= cost
        count += 1
    return count


def supply_floor(side: int) -> tuple[int, bool]:
    """The supply a board needs and whether that figure is exact.

    The validator must answer fast, so boards beyond the table get the quick
    ceiling instead of an exact search that would take minutes.
    """
    if side in MAX_TILES:
        return MAX_TILES[side], True
    return tile_upper_bound(side), False


@cache
def exact_max_tiles(side: int, beam_width: int = 3000) -> int:
    """Solve ``max_tiles`` exactly by dynamic programming over the board, row by row.

    The spaces are visited in reading order. What the unvisited spaces need to know
    about the visited ones is, for each column, the latest visited space: empty, or
    a tile with how many more neighbours it may still take. That profile is the key
    of a table holding the most tiles seen with it. Two cuts keep side 7 to seconds:

    * a quick beam search finds a real arrangement; its count is the ``target``;
    * the spaces after position i are the board's first n - 1 - i spaces turned
      half a turn. Cutting any legal arrangement down to them leaves a legal
      arrangement (a tile can only lose neighbours), so at most
      ``best_prefix[n - 2 - i]`` more tiles fit there. Past the middle, where those
      prefix figures are known, a profile that cannot reach ``target`` is dropped.

    Neither cut can drop the best arrangement, so the answer is exact.
    """
    steps = _profile_steps(side)
    total = len(steps)
    target = _beam_search(steps, beam_width)
    middle = (total + 1) // 2
    states, best_prefix = {0: 0}, []
    for step in steps[:middle]:
        states = _advance(states, step, 0)
        best_prefix.append(max(states.values()))

    def still_fit(position: int) -> int:
        """At most this many tiles fit after ``position`` (see the docstring)."""
        return best_prefix[total - 2 - position] if position < total - 1 else 0

    states = {key: value for key, value in states.items()
              if value + still_fit(middle - 1) >= target}
    for position in range(middle, total):
        states = _advance(states, steps[position], target - still_fit(position))
    return max(states.values())


_Step = tuple[int, list[int], list[int]]
_WINDOW = 511  # three 3-bit slots: west, north-west and north-east neighbours


def _profile_steps(side: int) -> list[_Step]:
    """For each space in reading order, how it rewrites the profile if empty or a tile.

    Column c lives in slot c + 1 of the key (slot 0 stays empty for the west edge), so
    a space's west, north-west and north-east neighbours are three adjacent slots
    that move into the space's own window. Slot values: 0 empty, 1 + k a tile that
    may take k more neighbours, k capped by its unvisited neighbours so profiles
    that behave the same are merged.
    """
    cells = hexagon_cells(side)
    order = {cell: position for position, cell in enumerate(cells)}
    radius = side - 1

    def unvisited(cell: tuple[int, int], position: int) -> int:
        """Neighbours of ``cell`` visited after ``position``."""
        return sum(1 for step in HEX_POINTY.grid_steps
                   if order.get((cell[0] + step[0], cell[1] + step[1]), -1) > position)

    steps = []
    for position, (q, r) in enumerate(cells):
        west, north_east = (q - 1, r), (q + 1, r - 1)
        west_room = unvisited(west, position) if west in order else 0
        east_room = unvisited(north_east, position) if north_east in order else 0
        own_room = unvisited((q, r), position)
        offset = 3 * (q + radius)
        if_empty, if_tile = [-1] * (_WINDOW + 1), [-1] * (_WINDOW + 1)
        for window in range(_WINDOW + 1):
            w, nw, ne = window & 7, window >> 3 & 7, window >> 6
            if max(w, nw, ne) > 1 + MOST_NEIGHBOURS:
                continue
            if_empty[window] = (_cap(w, west_room) | _cap(ne, east_room) << 6) << offset
            touching = [value for value in (w, nw, ne) if value]
            if any(value == 1 for value in touching):
                continue  # a neighbour that may take no more neighbours
            new = 1 + MOST_NEIGHBOURS - len(touching)
            if_tile[window] = (_cap(max(w - 1, 0), west_room) | _cap(new, own_room) << 3
                               | _cap(max(ne - 1, 0), east_room) << 6) << offset
        steps.append((offset, if_empty, if_tile))
    return steps


def _cap(value: int, room: int) -> int:
    """A slot value with its spare neighbours capped at the neighbours still to come."""
    return 0 if value == 0 or room == 0 else 1 + min(value - 1, room)


def _advance(states: dict[int, int], step: _Step, floor: int) -> dict[int, int]:
    """Visit one space: each profile spawns its empty and tile versions; best count wins.

    Profiles whose count is below ``floor`` are dropped (the pruning cut).
    """
    offset, if_empty, if_tile = step
    result: dict[int, int] = {}
    best = result.get
    for key, value in states.items():
        window = key >> offset & _WINDOW
        rest = key ^ window << offset
        if value >= floor:
            new_key = rest | if_empty[window]
            if best(new_key, -1) < value:
                result[new_key] = value
        tile = if_tile[window]
        if tile >= 0 and value + 1 >= floor:
            new_key = rest | tile
            if best(new_key, -1) <= value:
                result[new_key] = value + 1
    return result


def _beam_search(steps: list[_Step], width: int) -> int:
    """A tile count some real arrangement reaches: the DP keeping only its best profiles."""
    states = {0: 0}
    for step in steps:
        states = _advance(states, step, 0)
        if len(states) > width:
            cut = sorted(states.values(), reverse=True)[width]
            states = {key: value for key, value in states.items() if value >= cut}
    return max(states.values())


# ---------------------------------------------------------------------------
# The validator


def board_in_play(setup: Setup) -> tuple[int, str] | None:
    """The side of the board the setup plays on and its name, or None without a board."""
    spec = setup.tileset.board
    if spec is None:
        return None
    if setup.variant == SHORT_VARIANT:
        return (spec.inner, "inner") if spec.inner else None
    return spec.side, "full"


def setup_cells(spec: BoardSpec, short: bool) -> dict[str, list[tuple[int, int]]]:
    """Each colour's setup cells for the chosen game (other labels under their own name)."""
    result: dict[str, list[tuple[int, int]]] = {name: [] for name in PLAYERS}
    for mark in spec.marks:
        if short and not mark.short_game:
            continue
        result.setdefault(mark.label.strip().lower(), []).extend(mark.cells)
    return result


def check(setup: Setup) -> list[Finding]:
    """Rules for a Mattock mix: tile supply, miners per colour and the setup spaces."""
    played = board_in_play(setup)
    spec = setup.tileset.board
    short = setup.variant == SHORT_VARIANT
    if played is None or spec is None:
        if short:
            return [Finding("error", "board", "The short game is played on the inner board, "
                            "but the tileset's board has no inner part.",
                            fix="give the board an inner side (board.inner: 5)")]
        return [Finding("error", "board", "Mattock is played on a hexagonal board, but the "
                        "tileset declares none.", fix="add a board (board.side: 7)")]
    side, which = played
    cells = setup_cells(spec, short)
    findings = _supply_findings(setup, side, which)
    findings += _miner_findings(setup, short, cells)
    findings += _space_findings(side, cells)
    findings.append(_summary(setup, side, which, cells))
    return findings


def _supply_findings(setup: Setup, side: int, which: str) -> list[Finding]:
    """An error when the box can run out of tiles before the board fills up."""
    supply = setup.count(TILE)
    need, exact = supply_floor(side)
    if supply >= need:
        return []
    limit = "holds at most" if exact else "may hold up to"
    return [Finding(
        "error", "supply",
        f"The {which} board (side {side}) {limit} {need} tiles that each touch no more than "
        f"3 others, but the mix has only {supply}: the box could run dry while both sides "
        "can still mine, and an empty box rather than the play would then pick the loser.",
        (TILE,), f"raise '{TILE}' to at least {need}")]


def _miner_findings(setup: Setup, short: bool,
                    cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """Each colour needs its full crew of miner tokens, and a setup space for each."""
    need = SHORT_MINERS if short else FULL_MINERS
    counts = {component.name: component.count for component in setup.tileset.components}
    findings = []
    for colour in PLAYERS:
        name = f"{colour}-miner"
        have = counts.get(name, 0)
        if have < need:
            findings.append(Finding(
                "error", "miners",
                f"The {'short' if short else 'full'} game gives each side {need} miners, but "
                f"the components hold {have} {name} token{'s' if have != 1 else ''}.",
                (name,), f"set the count of '{name}' to {FULL_MINERS}"))
        elif have > FULL_MINERS:
            findings.append(Finding(
                "warning", "miners",
                f"{have} {name} tokens is more than any game uses ({FULL_MINERS}); the rest "
                "would only be cut and left in the box.",
                (name,), f"set the count of '{name}' to {FULL_MINERS}"))
        spaces = len(cells.get(colour, []))
        if spaces != need:
            findings.append(Finding(
                "error", "setup-spaces",
                f"Every {colour} miner starts on its own setup space, so the "
                f"{'short' if short else 'full'} game needs {need} {colour} spaces; the board "
                f"marks {spaces}.", (), f"mark exactly {need} {colour} setup spaces"))
    return findings


def _space_findings(side: int, cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """Setup spaces must be on the board in play, apart, and evenly spread."""
    findings = []
    everything = [cell for colour in cells for cell in cells[colour]]
    off = [cell for cell in everything if ring_distance(cell) >= side]
    if off:
        findings.append(Finding(
            "error", "setup-spaces",
            f"Setup spaces {_cells_text(off)} lie outside the side-{side} board in play.",
            fix=f"use cells fewer than {side} steps from [0, 0]"))
    touching = [(a, b) for number, a in enumerate(everything)
                for b in everything[number + 1:] if hex_distance(a, b) <= 1]
    if touching:
        pairs = "; ".join(f"{_cells_text(pair)}" for pair in touching)
        findings.append(Finding(
            "error", "setup-spaces",
            f"Setup spaces touch or repeat ({pairs}): the opening tiles would already lean "
            "on each other and the miners' territories would start merged.",
            fix="keep every setup space at least one empty space away from the others"))
    findings += _symmetry_findings(cells)
    unknown = sorted(colour for colour in cells if colour not in PLAYERS and cells[colour])
    if unknown:
        findings.append(Finding(
            "warning", "setup-spaces",
            f"Setup spaces labelled {', '.join(unknown)} belong to neither red nor blue and "
            "are ignored.", fix="label setup spaces Red or Blue"))
    return findings


def _turn_third(cell: tuple[int, int]) -> tuple[int, int]:
    """The cell a third of a turn round the centre."""
    q, r = cell
    return (-q - r, q)


def _symmetry_findings(cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """Warn when a colour's start, or blue against red, is lopsided."""
    findings = []
    for colour in PLAYERS:
        own = set(cells.get(colour, []))
        if own and {_turn_third(cell) for cell in own} != own:
            findings.append(Finding(
                "warning", "setup-symmetry",
                f"The {colour} setup spaces do not look the same after a third of a turn, so "
                f"{colour}'s miners start closer to some edges than others.",
                fix="place each colour's spaces in threes, a third of a turn apart"))
    red, blue = set(cells.get("red", [])), set(cells.get("blue", []))
    if red and blue and {(-q, -r) for q, r in red} != blue:
        findings.append(Finding(
            "warning", "setup-symmetry",
            "Blue's setup spaces are not red's turned half a turn, so one side may start "
            "with more room.", fix="mirror red's spaces through the centre for blue"))
    return findings


def _cells_text(cells: Iterable[tuple[int, int]]) -> str:
    """Cells written the way tileset files write them."""
    return ", ".join(f"[{q}, {r}]" for q, r in cells)


def _summary(setup: Setup, side: int, which: str,
             cells: dict[str, list[tuple[int, int]]]) -> Finding:
    """One line with the figures the other findings were judged against."""
    need, exact = supply_floor(side)
    spaces = 3 * side * (side - 1) + 1
    starts = sum(len(cells.get(colour, [])) for colour in PLAYERS)
    how = "exactly computed" if exact else "a quick upper bound; exact figures stop at side 7"
    return Finding(
        "info", "supply-summary",
        f"{which.capitalize()} board of side {side} ({spaces} spaces) holds at most {need} "
        f"tiles ({how}); the mix has {setup.count(TILE)}, of which {starts} start on the "
        "setup spaces.")


# ---------------------------------------------------------------------------
# The simulator


def starting_position(setup: Setup) -> tuple[Board, State]:
    """The board in play and the position after the fixed setup, from a tileset."""
    played = board_in_play(setup)
    spec = setup.tileset.board
    if played is None or spec is None:
        raise ValueError("this tileset has no board to play Mattock on")
    side = played[0]
    cells = setup_cells(spec, setup.variant == SHORT_VARIANT)
    red, blue = cells["red"], cells["blue"]
    left = setup.count(TILE) - len(red) - len(blue)
    if left < 0:
        raise ValueError("the supply does not even cover the setup spaces")
    board = make_board(side)
    return board, start(board, red, blue, left)


def random_game(board: Board, state: State, rng: random.Random) -> tuple[State, bool]:
    """Play random legal turns until someone cannot mine; False if the cap stopped it.

    Every turn adds a tile, so a game cannot outlast the board; the cap only guards
    against a bug turning that into an endless loop.
    """
    for _ in range(board.size + 1):
        if state.supply <= 0:
            return state, True
        spaces = mining_spaces(board, state)
        if not spaces:
            return state, True
        state = _mine(state, rng.choice(list(indices(spaces))))
        move = _random_move(board, state, rng)
        if move is not None:
            state = _move(state, *move)
        state = end_turn(remove_miners(board, state))
    return state, False


def _random_move(board: Board, state: State, rng: random.Random) -> tuple[int, int] | None:
    """A uniformly random choice among "stay put" and every legal miner move."""
    own = state.miners[state.player]
    options = []
    total = 1  # standing still is always allowed
    for members, region in groups(board, state, state.player):
        targets = region & ~own
        count = members.bit_count() * targets.bit_count()
        if count:
            options.append((members, targets, count))
            total += count
    pick = rng.randrange(total) - 1
    if pick < 0:
        return None
    for members, targets, count in options:
        if pick < count:
            which, where = divmod(pick, targets.bit_count())
            return _nth(members, which), _nth(targets, where)
        pick -= count
    return None


def _nth(mask: int, n: int) -> int:
    """The index of the n-th set bit of a bitset (0 for the lowest)."""
    for position, index in enumerate(indices(mask)):
        if position == n:
            return index
    raise IndexError(n)


def simulate(setup: Setup, games: int, seed: int) -> dict[str, object]:
    """Play ``games`` random legal games from the fixed setup; report how they ended.

    The same seed always gives the same report. ``ended`` counts games decided by a
    player unable to mine, ``supply_exhausted`` those where the box ran out first,
    ``unfinished`` games stopped by the safety cap (there should be none).
    """
    if games < 1:
        raise ValueError("simulate needs at least one game")
    board, opening = starting_position(setup)
    rng = random.Random(seed)
    turns, wins = [], {name: 0 for name in PLAYERS}
    ended = unfinished = exhausted = 0
    for _ in range(games):
        final, finished = random_game(board, opening, rng)
        turns.append(final.turns)
        if not finished:
            unfinished += 1
            continue
        ended += 1
        wins[PLAYERS[1 - final.player]] += 1
        exhausted += final.supply <= 0
    return {
        "games": games,
        "seed": seed,
        "board_side": board.side,
        "first_player": PLAYERS[RED],
        "ended": ended,
        "unfinished": unfinished,
        "supply_exhausted": exhausted,
        "turns": {"mean": round(statistics.fmean(turns), 2),
                  "median": statistics.median(turns),
                  "min": min(turns), "max": max(turns)},
        "wins": wins,
    }


RULES = GameRules("mattock", check, simulate=simulate)
