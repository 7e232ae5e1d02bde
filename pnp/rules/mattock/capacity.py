"""How many tiles a Mattock board can hold: the figure the supply check relies on.

A supply smaller than what a board can hold may run dry in the middle of a
game, and then the box, not the players, decides who loses.
"""

from __future__ import annotations

from functools import cache

from pnp.geometry.cells import AxialCell as Cell
from pnp.geometry.lattice import hexagon_cells
from pnp.geometry.shapes import HEX_POINTY
from pnp.rules.mattock.model import MOST_NEIGHBOURS, indices, make_board

# The most tiles each board side can hold with no tile touching more than 3 others.
# Not typed from a book: tests/test_rules_mattock.py recomputes every entry with
# exact_max_tiles (and checks the small ones by brute force), so a wrong figure fails.
MAX_TILES = {1: 1, 2: 6, 3: 15, 4: 28, 5: 43, 6: 66, 7: 88}


# The same figure for a game that starts with tiles on the shipped fixed set-up
# spaces (full board, then the inner board of the short game). Also recomputed
# by the tests, with exact_max_tiles(side, setup=...).
_FULL_SETUP = frozenset({(-2, -4), (6, -2), (-4, 6), (2, -3), (1, 2), (-3, 1),
                         (4, -6), (2, 4), (-6, 2), (-1, -2), (3, -1), (-2, 3)})
_INNER_SETUP = frozenset({(2, -3), (1, 2), (-3, 1), (-1, -2), (3, -1), (-2, 3)})
SETUP_MAX_TILES = {(7, _FULL_SETUP): 87, (5, _INNER_SETUP): 42}
# Boards up to this side are solved on the spot for a set-up not in the table.
QUICK_SIDE = 6


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


def supply_floor(side: int, setup: frozenset[Cell] = frozenset()) -> tuple[int, bool]:
    """The supply a game on ``side`` started on ``setup`` needs, and whether it is exact.

    The validator must answer fast: shipped set-ups come from SETUP_MAX_TILES,
    other set-ups are solved on boards up to QUICK_SIDE, and beyond that a
    custom set-up gets the empty board's figure, a ceiling that is not exact.
    """
    if setup:
        known = SETUP_MAX_TILES.get((side, setup))
        if known is not None:
            return known, True
        if side <= QUICK_SIDE:
            found = exact_max_tiles(side, setup=setup)
            if found >= 0:
                return found, True
        return supply_floor(side)[0], False
    if side in MAX_TILES:
        return MAX_TILES[side], True
    return tile_upper_bound(side), False


@cache
def exact_max_tiles(side: int, beam_width: int = 3000,
                    setup: frozenset[Cell] = frozenset()) -> int:
    """Solve ``max_tiles`` exactly by dynamic programming over the board, row by row.

    With ``setup``, only arrangements holding a tile on every one of those cells
    count (see :func:`setup_max_tiles`); -1 when no arrangement can hold them all.

    The spaces are visited in reading order. What the unvisited spaces need to know
    about the visited ones is, for each column, the latest visited space: empty, or
    a tile with how many more neighbours it may still take. That profile is the key
    of a table holding the most tiles seen with it. Two cuts keep side 7 to seconds:

    * a quick beam search finds a real arrangement; its count is the ``target``;
    * the spaces after position i are the board's first n - 1 - i spaces turned
      half a turn. Cutting any legal arrangement down to them leaves a legal
      arrangement (a tile can only lose neighbours), so at most
      ``best_prefix[n - 2 - i]`` more tiles fit there (the prefix figures are those
      of the free board, which no setup can raise). Past the middle, a profile
      that cannot reach ``target`` is dropped.

    Neither cut can drop the best arrangement, so the answer is exact.
    """
    steps = _profile_steps(side, setup)
    total = len(steps)
    target = _beam_search(steps, beam_width)
    if target < 0:
        return -1
    middle = (total + 1) // 2
    states: dict[int, int] = {0: 0}
    for step in steps[:middle]:
        states = _advance(states, step, 0)
    best_prefix = _prefix_bounds(side)

    def still_fit(position: int) -> int:
        """At most this many tiles fit after ``position`` (see the docstring)."""
        return best_prefix[total - 2 - position] if position < total - 1 else 0

    states = {key: value for key, value in states.items()
              if value + still_fit(middle - 1) >= target}
    for position in range(middle, total):
        states = _advance(states, steps[position], target - still_fit(position))
    return max(states.values())


@cache
def _prefix_bounds(side: int) -> tuple[int, ...]:
    """The most tiles the first k + 1 spaces of a free board hold, for k up to the middle."""
    steps = _profile_steps(side)
    states, best = {0: 0}, []
    for step in steps[:(len(steps) + 1) // 2]:
        states = _advance(states, step, 0)
        best.append(max(states.values()))
    return tuple(best)


def setup_max_tiles(side: int, setup: frozenset[Cell]) -> int:
    """The most tiles a game started on ``setup`` can ever have on the board.

    Why this is the figure the supply must reach. In Mattock a tile, once
    mined, never leaves the board (miners are removed, tiles are not), and every
    tile on the board obeys the three-neighbour rule: a new tile may touch at
    most 3 tiles and none that already touches 3, so no tile ever touches more
    than 3. The set-up tiles are on the board from the start. So at every moment
    of every game the board holds an arrangement that contains the set-up cells
    and in which no tile touches more than 3 others; this function returns the
    largest such arrangement, N (87 for the fixed full set-up, 42 for the inner
    one, against 88 and 43 for an empty board).

    * A box of N tiles (set-up tiles included) never runs dry while a player
      could still mine: mining the (N + 1)-th tile would make an arrangement
      larger than the largest, so once N tiles are down nobody can mine anyway,
      and the rules, not the empty box, end the game.
    * No smaller figure is safe on geometry alone: with fewer than N tiles, a
      game that gets as far as that box allows may still have a legal space
      left. (Whether real play, which mines next to a miner's reach, can go
      all the way to N is not proven here; the board allows it, so the
      validator does not rely on play stopping earlier.)

    Shipped set-ups are read from SETUP_MAX_TILES (the tests recompute them);
    any other is solved here, which takes seconds on the full board.
    """
    known = SETUP_MAX_TILES.get((side, setup))
    return known if known is not None else exact_max_tiles(side, setup=setup)


_Step = tuple[int, list[int], list[int]]
_WINDOW = 511  # three 3-bit slots: west, north-west and north-east neighbours


def _profile_steps(side: int, forced: frozenset[Cell] = frozenset()) -> list[_Step]:
    """For each space in reading order, how it rewrites the profile if empty or a tile.

    Column c lives in slot c + 1 of the key (slot 0 stays empty for the west edge), so
    a space's west, north-west and north-east neighbours are three adjacent slots
    that move into the space's own window. Slot values: 0 empty, 1 + k a tile that
    may take k more neighbours, k capped by its unvisited neighbours so profiles
    that behave the same are merged. A ``forced`` cell must hold a tile: it has no
    empty version.
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
            if (q, r) in forced:
                if_empty[window] = -1
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
        empty = if_empty[window]
        if empty >= 0 and value >= floor:
            new_key = rest | empty
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
    return max(states.values(), default=-1)


