"""How many tiles a Mattock board can hold: the figure the supply check relies on.

A supply smaller than what a board can hold may run dry in the middle of a
game, and then the box, not the players, decides who loses.
"""

from __future__ import annotations

from functools import cache

from pnp.geometry.lattice import hexagon_cells
from pnp.geometry.shapes import HEX_POINTY
from pnp.rules.mattock.engine import MOST_NEIGHBOURS, indices, make_board

# The most tiles each board side can hold with no tile touching more than 3 others.
# Not typed from a book: tests/test_rules_mattock.py recomputes every entry with
# exact_max_tiles (and checks the small ones by brute force), so a wrong figure fails.
MAX_TILES = {1: 1, 2: 6, 3: 15, 4: 28, 5: 43, 6: 66, 7: 88}
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


