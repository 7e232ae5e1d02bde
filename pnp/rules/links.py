"""Exact tunnel-link search on a square grid with a limited supply of tiles.

Question: can a tunnel join two base squares (open on every side) when each
square in between needs a tile that either runs straight through or turns,
and each tile kind may be used only as often as the mix has it? Tiles may be
rotated, so what matters about a kind is whether it can run straight, turn,
or both.

For a fixed number of turns ``r``, a longer link only needs more
straight-capable tiles, so the shortest link with exactly ``r`` turns
dominates every other link with ``r`` turns. We therefore find, by a
breadth-first search over (square, heading, turns so far), the shortest link
for every turn count, and then decide the budget for each in closed form:
with ``t`` turn-only, ``s`` straight-only and ``b`` flexible tiles, ``r``
turns and ``n`` straight runs fit exactly when
``max(0, r - t) + max(0, n - s) <= b``.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
State = tuple[Cell, int, int]  # a square, the heading into it, turns so far
HEADINGS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W, clockwise


@dataclass(frozen=True)
class Supply:
    """How many tiles can run straight only, turn only, or do either."""

    straight: int
    turn: int
    both: int

    def fits(self, turns: int, straights: int) -> bool:
        return max(0, turns - self.turn) + max(0, straights - self.straight) <= self.both

    def shortfall(self, turns: int, straights: int) -> int:
        """How many more flexible tiles a link of this shape would need."""
        return max(0, max(0, turns - self.turn) + max(0, straights - self.straight) - self.both)


@dataclass(frozen=True)
class Link:
    """A tunnel between two bases: the squares in between and what each must do."""

    cells: tuple[Cell, ...]
    needs: tuple[str, ...]  # "straight" or "turn", one per cell

    @property
    def turns(self) -> int:
        return self.needs.count("turn")

    @property
    def straights(self) -> int:
        return self.needs.count("straight")


def shortest_links(start: Cell, goal: Cell, max_turns: int, margin: int = 3,
                   supply: Supply | None = None) -> dict[int, Link]:
    """For each number of turns up to ``max_turns``, the shortest self-avoiding link.

    The search stays within ``margin`` squares of the box around the two bases:
    a shortest link never needs to stray further for the turn counts that
    matter here (the tests compare against exhaustive search). With a
    ``supply``, only links it can build are followed, and the search stops
    after the first length at which one completes: breadth-first order means
    nothing found later is shorter.
    """
    low_x, high_x, low_y, high_y = _search_box(start, goal, margin)
    best: dict[int, Link] = {}
    parent: dict[State, State | None] = {}
    frontier = _first_states(start, goal, parent, best)
    length = 1  # cells placed so far, the current one included
    while frontier and not (supply is not None and best):
        following: list[State] = []
        for state in frontier:
            for key in _moves(state, max_turns, supply, length):
                nxt, _, new_turns = key
                if nxt == start:
                    continue
                if nxt == goal:
                    _keep_link(best, parent, state, new_turns)
                elif (low_x <= nxt[0] <= high_x and low_y <= nxt[1] <= high_y
                      and key not in parent):
                    parent[key] = state
                    following.append(key)
        frontier = following
        length += 1
    return best


def _search_box(start: Cell, goal: Cell, margin: int) -> tuple[int, int, int, int]:
    """Lowest x, highest x, lowest y, highest y the search may enter, so it ends."""
    return (min(start[0], goal[0]) - margin, max(start[0], goal[0]) + margin,
            min(start[1], goal[1]) - margin, max(start[1], goal[1]) + margin)


def _first_states(start: Cell, goal: Cell, parent: dict[State, State | None],
                  best: dict[int, Link]) -> list[State]:
    """The first square of a link, one per heading out of ``start``.

    Bases that touch need no tiles at all, so that heading records the empty
    link instead of starting a search. Each state found is entered in
    ``parent`` as a root.
    """
    frontier: list[State] = []
    for heading in range(4):
        dx, dy = HEADINGS[heading]
        cell = (start[0] + dx, start[1] + dy)
        if cell == goal:
            best.setdefault(0, Link((), ()))
            continue
        state = (cell, heading, 0)
        parent[state] = None
        frontier.append(state)
    return frontier


def _moves(state: State, max_turns: int, supply: Supply | None, length: int) -> list[State]:
    """The states one square on that stay within the turn limit and the supply.

    ``length`` counts the squares already on the link, so the tile in
    ``state`` must turn if the move does and run straight otherwise; the
    supply check stops a branch as soon as it cannot be built.
    """
    cell, heading, turns = state
    moves = []
    for turn_by in (0, 1, 3):  # straight on, turn right, turn left
        new_heading = (heading + turn_by) % 4
        new_turns = turns + (turn_by != 0)
        if new_turns > max_turns:
            continue
        if supply is not None and not supply.fits(new_turns, length - new_turns):
            continue
        dx, dy = HEADINGS[new_heading]
        moves.append(((cell[0] + dx, cell[1] + dy), new_heading, new_turns))
    return moves


def _keep_link(best: dict[int, Link], parent: dict[State, State | None], last: State,
               turns: int) -> None:
    """Record the link ending after ``last`` with ``turns`` turns, if it is the first such.

    Breadth-first order makes the first link found for a turn count the
    shortest; one that crosses itself is not a tunnel and is skipped.
    """
    if turns in best:
        return
    link = _rebuild(parent, last, turns != last[2])
    if link is not None:
        best[turns] = link


def _rebuild(parent: dict[State, State | None], last: State, last_turns: bool) -> Link | None:
    """The cells of a found link with each cell's need; None if it crosses itself."""
    states: list[State] = []
    state: State | None = last
    while state is not None:
        states.append(state)
        state = parent[state]
    states.reverse()
    cells = tuple(s[0] for s in states)
    if len(set(cells)) != len(cells):
        return None
    needs: list[str] = []
    for index, current in enumerate(states):
        is_last = index + 1 == len(states)
        turned = last_turns if is_last else states[index + 1][2] != current[2]
        needs.append("turn" if turned else "straight")
    return Link(cells, tuple(needs))


def best_link(start: Cell, goal: Cell, supply: Supply) -> Link | None:
    """The shortest link the supply can build (fewest tiles, then fewest turns), or None."""
    limit = supply.turn + supply.both
    links = shortest_links(start, goal, limit, supply=supply)
    usable = [link for link in links.values() if supply.fits(link.turns, link.straights)]
    if not usable:
        return None
    return min(usable, key=lambda link: (len(link.cells), link.turns))


def closest_miss(start: Cell, goal: Cell, supply: Supply) -> tuple[Link, int] | None:
    """The link needing the fewest extra flexible tiles, and how many, when none fits."""
    limit = 4 * (abs(start[0] - goal[0]) + abs(start[1] - goal[1])) + 8
    links = shortest_links(start, goal, limit)
    if not links:
        return None
    link = min(links.values(), key=lambda item: (supply.shortfall(item.turns, item.straights),
                                                 len(item.cells)))
    return link, supply.shortfall(link.turns, link.straights)
